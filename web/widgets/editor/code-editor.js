// code-editor.js — the CodeMirror 6 editor of <attn-editor>: JavaScript highlighting, line
// numbers, undo/redo, search, bracket matching and the usual keyboard shortcuts (basicSetup).
// Imported dynamically by the widget, so a page without the editor never loads CodeMirror.
// Tab is left to move focus (keyboard users must be able to leave the editor); indent with
// the editor's own shortcuts (Ctrl-] and Ctrl-[).

import { EditorView, basicSetup } from 'codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { EditorSelection } from '@codemirror/state';
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

export function createCodeEditor({ parent, root, doc, label, describedBy, onChange }) {
  const view = new EditorView({
    doc,
    parent,
    root,
    extensions: [
      basicSetup,
      javascript(),
      syntaxHighlighting(highlight),
      // tabindex: the editable content is a tab stop, and axe sees the scroller has focusable content.
      EditorView.contentAttributes.of({ tabindex: '0', 'aria-label': label, ...(describedBy ? { 'aria-describedby': describedBy } : {}) }),
      EditorView.updateListener.of((update) => { if (update.docChanged) onChange?.(); }),
      EditorView.theme({
        '&': { fontSize: '0.9rem', border: '1px solid var(--attn-border)', borderRadius: '6px', backgroundColor: 'var(--attn-bg)', color: 'var(--attn-fg)' },
        '.cm-content': { fontFamily: 'var(--attn-mono)', caretColor: 'var(--attn-fg)' },
        '.cm-gutters': { backgroundColor: 'var(--attn-surface)', color: 'var(--attn-muted)', borderRight: '1px solid var(--attn-border)' },
        '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--attn-accent) 8%, transparent)' },
        '.cm-activeLineGutter': { backgroundColor: 'color-mix(in srgb, var(--attn-accent) 14%, transparent)' },
        '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--attn-fg)' },
        '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'color-mix(in srgb, var(--attn-accent) 28%, transparent) !important' },
        '.cm-scroller': { maxHeight: '28rem' },
        // A focus ring that reads in both themes (CodeMirror's own is a 1px dotted near-black line).
        '&.cm-focused, &:focus-within': { outline: '3px solid var(--attn-accent)', outlineOffset: '2px' },
      }),
    ],
  });
  return {
    view,
    get value() { return view.state.doc.toString(); },
    /** Replaces the whole text (one undoable change). */
    set value(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
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
