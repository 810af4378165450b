// code-editor.js — the CodeMirror 6 editor of <attn-editor>: JavaScript highlighting, line
// numbers, undo/redo, search, bracket matching and the usual keyboard shortcuts (basicSetup).
// Imported dynamically by the widget, so a page without the editor never loads CodeMirror.
// Tab is left to move focus (keyboard users must be able to leave the editor); indent with
// the editor's own shortcuts (Ctrl-] and Ctrl-[). Long lines wrap, so on a phone no code is off
// to the side. plant(text, lines) marks the lines a planted bug changed: a bar, a tint and the
// words "planted bug" at the line's end, for as long as the line holds the planted text (an
// undo or an edit of that line takes the mark away). swap(text) puts in another text with its
// own, empty undo history (the widget's mode switch: an undo never brings back the other mode's code).
// Text inserted over a selection, or with line breaks, is put in by CodeMirror rather than by the
// browser (typedOverSelection): Chrome's own editing copies the first line's look into the lines it
// makes as style attributes, which the page's CSP (style-src 'self') refuses with a console error.

import { EditorView, basicSetup } from 'codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { EditorSelection, EditorState, StateEffect, StateField } from '@codemirror/state';
import { Decoration, WidgetType } from '@codemirror/view';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';

// Token colours from CSS custom properties (set light and dark in ./editor-report.js),
// so the code reads in both colour schemes.
const highlight = HighlightStyle.define([
  { tag: tags.comment, color: 'var(--attn-code-comment)', fontStyle: 'italic' },
  { tag: [tags.keyword, tags.operatorKeyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword], color: 'var(--attn-code-keyword)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--attn-code-number)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--attn-code-string)' },
  { tag: [tags.definition(tags.variableName), tags.function(tags.definition(tags.variableName))], color: 'var(--attn-code-definition)' },
  { tag: [tags.propertyName, tags.function(tags.propertyName)], color: 'var(--attn-code-property)' },
  { tag: tags.invalid, color: 'var(--attn-error)' },
]);

/** The words at the end of a marked line (hidden from screen readers: the widget's status line says which lines). */
class PlantedLabel extends WidgetType {
  eq() { return true; }
  toDOM() {
    const label = document.createElement('span');
    label.className = 'cm-planted-label';
    label.setAttribute('aria-hidden', 'true');
    label.textContent = '◀ planted bug';
    return label;
  }
}

const plantedLine = Decoration.line({ class: 'cm-planted' });
const plantedLabel = Decoration.widget({ widget: new PlantedLabel(), side: 1 });

/** The texts of the lines a bug changed; a line is marked while its text is one of them. */
const setPlanted = StateEffect.define();
const planted = StateField.define({
  create: () => [],
  update(texts, transaction) {
    for (const effect of transaction.effects) if (effect.is(setPlanted)) return effect.value;
    return texts;
  },
  provide: (field) => EditorView.decorations.compute(['doc', field], (state) => {
    const lines = markedLines(state);
    return lines.length ? Decoration.set(lines.flatMap((line) => [plantedLine.range(line.from), plantedLabel.range(line.to)]), true) : Decoration.none;
  }),
});

/** The lines of the document marked now (CodeMirror's line objects, in order). */
function markedLines(state) {
  const texts = new Set(state.field(planted));
  const lines = [];
  for (let n = 1; texts.size && n <= state.doc.lines; n++) {
    const line = state.doc.line(n);
    if (texts.has(line.text)) lines.push(line);
  }
  return lines;
}

/** The one change that turns `before` into `after`: their common start and end are kept. */
function smallestChange(before, after) {
  let from = 0;
  while (from < before.length && from < after.length && before[from] === after[from]) from++;
  let end = 0;
  while (end < before.length - from && end < after.length - from && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  return { from, to: before.length - end, insert: after.slice(from, after.length - end) };
}

/**
 * An `insertText` that replaces a selection or holds a line break, made by CodeMirror itself (its
 * input handlers first: closing brackets, completion), not by the browser's editing: asked to put
 * lines of text over a selection that starts in a highlighted token (the template's first line is
 * an italic comment), Chrome writes that token's colour and italics into every new line as a
 * `style` attribute, which the page's Content-Security-Policy refuses (style-src 'self', no
 * 'unsafe-inline'). CodeMirror's own styles are CSP-clean already (constructed stylesheets, CSSOM).
 * Plain typing at a caret, and composition (an IME), stay the browser's.
 */
function typedOverSelection(event, view) {
  if (event.inputType !== 'insertText' || event.isComposing || typeof event.data !== 'string') return false;
  const { from, to } = view.state.selection.main;
  if (from === to && !/[\r\n]/.test(event.data)) return false;
  event.preventDefault();
  const text = event.data;
  const insert = () => view.state.update(view.state.replaceSelection(text), { scrollIntoView: true, userEvent: 'input.type' });
  if (!view.state.facet(EditorView.inputHandler).some((handler) => handler(view, from, to, text, insert))) view.dispatch(insert());
  return true;
}

export function createCodeEditor({ parent, root, doc, label, describedBy, onChange }) {
  const extensions = [
    basicSetup,
    javascript(),
    syntaxHighlighting(highlight),
    EditorView.lineWrapping,
    planted,
    // tabindex: the editable content is a tab stop, and axe sees the scroller has focusable content.
    EditorView.contentAttributes.of({ tabindex: '0', 'aria-label': label, ...(describedBy ? { 'aria-describedby': describedBy } : {}) }),
    EditorView.updateListener.of((update) => { if (update.docChanged) onChange?.(); }),
    EditorView.domEventHandlers({ beforeinput: typedOverSelection }),
    EditorView.theme({
      '&': { fontSize: 'calc(0.9 * var(--attn-em))', border: '1px solid var(--attn-border)', borderRadius: '6px', backgroundColor: 'var(--attn-bg)', color: 'var(--attn-fg)' },
      '.cm-content': { fontFamily: 'var(--attn-mono)', caretColor: 'var(--attn-fg)' },
      '.cm-gutters': { backgroundColor: 'var(--attn-surface)', color: 'var(--attn-muted)', borderRight: '1px solid var(--attn-border)' },
      '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--attn-accent) 8%, transparent)' },
      '.cm-activeLineGutter': { backgroundColor: 'color-mix(in srgb, var(--attn-accent) 14%, transparent)' },
      '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--attn-fg)' },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'color-mix(in srgb, var(--attn-accent) 28%, transparent) !important' },
      '.cm-scroller': { maxHeight: '28rem' },
      // A focus ring that reads in both themes (CodeMirror's own is a 1px dotted near-black line).
      '&.cm-focused, &:focus-within': { outline: '3px solid var(--attn-accent)', outlineOffset: '2px' },
      // A planted bug's lines: a bar and a tint (the words at the end say it without colour).
      '.cm-planted': { backgroundColor: 'color-mix(in srgb, var(--attn-error) 12%, transparent)', boxShadow: 'inset 4px 0 0 var(--attn-error)' },
      '.cm-planted-label': { marginLeft: '0.6em', padding: '0 0.35em', border: '1px solid var(--attn-error)', borderRadius: '3px', color: 'var(--attn-error)', fontFamily: 'var(--attn-font)', fontSize: '0.8em', whiteSpace: 'nowrap' },
    }),
  ];
  const view = new EditorView({ state: EditorState.create({ doc, extensions }), parent, root });
  return {
    view,
    /** Replaces the text and starts a fresh undo history (no marks). */
    swap(text) { view.setState(EditorState.create({ doc: text, extensions })); },
    get value() { return view.state.doc.toString(); },
    /** Replaces the text (one undoable change, of only what differs) and clears the marks. */
    set value(text) {
      view.dispatch({ changes: smallestChange(view.state.doc.toString(), text), effects: setPlanted.of([]) });
    },
    /**
     * Replaces the text like `value`, marks lines `from`–`to` (1-based, of the new text) as a
     * planted bug's, and scrolls the first of them into view without taking the focus.
     */
    plant(text, { from, to }) {
      const lines = text.split('\n').slice(from - 1, to);
      view.dispatch({ changes: smallestChange(view.state.doc.toString(), text), effects: setPlanted.of(lines) });
      view.dispatch({ effects: EditorView.scrollIntoView(view.state.doc.line(from).from, { y: 'center' }) });
    },
    /** The 1-based numbers of the lines marked as a planted bug's now. */
    get plantedLines() { return markedLines(view.state).map((line) => line.number); },
    /** Selects line `n` (1-based), scrolls to it and focuses the editor. */
    goToLine(n) {
      const line = view.state.doc.line(Math.max(1, Math.min(n, view.state.doc.lines)));
      view.dispatch({ selection: EditorSelection.range(line.from, line.to), scrollIntoView: true });
      view.focus();
    },
    focus() { view.focus(); },
    destroy() { view.destroy(); },
  };
}
