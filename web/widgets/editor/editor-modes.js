// editor-modes.js — <attn-editor>'s two modes: the complete built-in function (to break on
// purpose), or "Start from scratch", a blank page (the signature, the shapes, TODO lines) with
// hints revealed one at a time by a button and their count shown ("Hint 2 of 5"). It draws the
// mode switch (two radio buttons) and the hints, and keeps each mode's text apart in
// localStorage (editor-store.js), so switching never loses typed text. Loaded with the code
// editor, on demand (not in the embed bundle).
//
//   const modes = new EditorModes({ root, bugBar, reset, onSwitch, onHint });
//   modes.code()  (the current mode's text)   modes.keep(text)   modes.attach(editor)
//   modes.switchTo('scratch') → the sentence to say   modes.showNextHint() → hints shown
//   modes.startText, modes.startName  (the text Reset puts back, and its name)

import { h, replaceChildren, uniqueId } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { TEMPLATE } from '../../lib/learner/template.js';
import { SCRATCH, HINTS } from '../../lib/learner/scratch.js';
import { editorStore } from './editor-store.js';

const START = { complete: TEMPLATE, scratch: SCRATCH };
const LABELS = { complete: 'The complete function (break it on purpose)', scratch: 'Start from scratch (write it yourself)' };

const css = `
.mode-switch { border: 1px solid var(--attn-border); border-radius: 6px; margin: 0.5rem 0; padding: 0.3rem 0.7rem; display: flex; flex-wrap: wrap; gap: 0.3rem 1.2rem; }
.mode-switch legend { font-weight: 600; padding: 0 0.3rem; }
.scratch-hints .hint-count { margin: 0; color: var(--attn-muted); }
.scratch-hints ol.hints { margin: 0.3rem 0; padding-left: 1.6rem; }
.scratch-hints ol.hints li { margin: 0.2rem 0; }
`;
let sheet = null;

export class EditorModes {
  /** `bugBar` and `reset`: the widget's controls that change with the mode; `onSwitch(mode)`, `onHint(shown)`: the user's actions. */
  constructor({ root, bugBar, reset, onSwitch, onHint }) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    }
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    this.store = editorStore();
    this.mode = this.store.mode;
    this.bugBar = bugBar;
    this.reset = reset;
    this.editor = null;
    const name = uniqueId('editor-mode');
    this.radios = Object.fromEntries(Object.keys(LABELS).map((value) => [value,
      h('input', { type: 'radio', name, value, checked: value === this.mode, onchange: () => onSwitch(value) })]));
    this.modeSwitch = h('fieldset', { className: 'mode-switch' },
      h('legend', {}, 'Code in the editor'),
      Object.entries(LABELS).map(([value, label]) => h('label', {}, this.radios[value], ` ${label}`)));
    this.button = actionButton({ className: 'secondary', onclick: () => onHint(this.showNextHint()) }, 'Show a hint');
    this.count = h('p', { className: 'hint-count', role: 'status', 'aria-live': 'polite' });
    this.list = h('ol', { className: 'hints' });
    this.hintsElement = h('div', { className: 'scratch-hints', role: 'group', 'aria-label': 'Hints' },
      h('div', { className: 'toolbar' }, this.button, this.count), this.list);
    this.#showHints(this.store.hints);
    this.#showMode();
  }

  /** The current mode's kept text, or the text it starts from. */
  code() { return this.store.code(this.mode) ?? START[this.mode]; }

  /** The text Reset puts back in the current mode, and what it is called. */
  get startText() { return START[this.mode]; }
  get startName() { return this.mode === 'scratch' ? 'the blank page' : 'the built-in attention'; }

  /** Keeps `text` as the current mode's (on every edit). */
  keep(text) { this.store.setCode(this.mode, text); }

  attach(editor) { this.editor = editor; }

  set disabled(busy) { for (const radio of Object.values(this.radios)) radio.disabled = busy; }

  /** Switches the editor to `mode`, keeping the text of the mode it leaves; returns what to say. */
  switchTo(mode) {
    if (mode === this.mode) return '';
    this.keep(this.editor.value);
    this.mode = mode;
    this.store.mode = mode;
    this.editor.swap(this.code());
    this.#showMode();
    return mode === 'scratch'
      ? 'Start from scratch: write each TODO, and press Check against reference after each step; it names the first thing that is wrong. Your complete function is kept.'
      : 'The complete function is back; your blank-page code is kept.';
  }

  /** Shows one more hint; returns how many are shown. */
  showNextHint() {
    this.#showHints(this.shown + 1);
    this.store.hints = this.shown;
    return this.shown;
  }

  /** The planted bugs belong to the complete function, the hints to the blank page. */
  #showMode() {
    this.radios[this.mode].checked = true;
    this.hintsElement.hidden = this.mode !== 'scratch';
    this.bugBar.hidden = this.mode !== 'complete';
    this.reset.textContent = this.mode === 'scratch' ? 'Start again from the blank page' : 'Reset to the built-in code';
  }

  #showHints(n) {
    const total = HINTS.length;
    this.shown = Math.max(0, Math.min(n, total));
    replaceChildren(this.list, HINTS.slice(0, this.shown).map((text) => h('li', {}, text)));
    this.count.textContent = this.shown === 0
      ? `${total} hints, none shown yet.`
      : `Hint ${this.shown} of ${total}${this.shown === total ? ': every hint is shown.' : '.'}`;
    this.button.disabled = this.shown === total;
    this.button.textContent = this.shown === 0 ? 'Show a hint' : 'Show the next hint';
  }
}
