// lookup-editor.js — the memory of <attn-lookup> as a table a learner edits: a row per entry,
// its key's and its value's coordinates in text fields, a button to remove it, and one to add
// an entry. What is typed is applied on Enter, on leaving the field, or before any other action
// of the widget (commitTyped); a coordinate that is not a number from −10 to 10 is refused with
// a sentence, and the memory in use stays as it was.
//
//   const editor = new MemoryEditor({ onCommit: (keys, values) => …, onAdd, onRemove: (j) => …, onProblem });
//   editor.update(keys, values, { tied });

import { h, replaceChildren, uniqueId } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { quote, readNumber } from '../../ui/attribute-types.js';
import { COORDINATE_LIMIT, MAX_ENTRIES, MIN_ENTRIES } from './lookup-memory.js';

const PARTS = [['key', 0, 'x'], ['key', 1, 'y'], ['value', 0, 'x'], ['value', 1, 'y']];

export class MemoryEditor {
  #rows = [];   // per entry: { inputs: [kx, ky, vx, vy], remove }
  #dirty = false;
  #tied = false;

  /**
   * @param {object} o
   * @param {(keys: number[][], values: number[][]) => void} o.onCommit  a valid edit
   * @param {() => void} o.onAdd
   * @param {(entry: number) => void} o.onRemove
   * @param {(sentence: string|null) => void} o.onProblem  a refused coordinate, or null once fixed
   */
  constructor({ onCommit, onAdd, onRemove, onProblem }) {
    this.onCommit = onCommit;
    this.onRemove = onRemove;
    this.onProblem = onProblem;
    this.body = h('tbody');
    this.table = h('table', { className: 'memory-table' },
      h('caption', {}, 'The memory: each entry’s key and value'),
      h('thead', {}, h('tr', {},
        ['entry', 'key x', 'key y', 'value x', 'value y'].map((t) => h('th', { scope: 'col' }, t)),
        h('th', { scope: 'col' }, h('span', { className: 'sr-only' }, 'remove')))),
      this.body);
    this.addButton = actionButton({ className: 'secondary', onclick: () => onAdd() }, 'Add an entry');
    this.error = h('p', { className: 'cell-error', role: 'alert', hidden: true, id: uniqueId('memory-error') });
    this.element = h('div', { className: 'memory-editor' },
      scrollFocus(h('div', { className: 'table-scroll' }, this.table), 'The memory (scrolls sideways)'),
      h('div', { className: 'toolbar' }, this.addButton,
        h('span', { className: 'note' }, `${MIN_ENTRIES} to ${MAX_ENTRIES} entries; coordinates from −${COORDINATE_LIMIT} to ${COORDINATE_LIMIT}.`)),
      this.error);
  }

  /** Shows the memory in use (fields being typed in keep their text). */
  update(keys, values, { tied }) {
    this.#tied = tied;
    if (this.#rows.length !== keys.length) this.#build(keys.length);
    keys.forEach((key, j) => {
      const numbers = [...key, ...values[j]];
      this.#rows[j].inputs.forEach((input, k) => {
        if (input.dataset.dirty !== 'true') input.value = String(numbers[k]);
        input.disabled = tied && k >= 2;
      });
      this.#rows[j].remove.disabled = keys.length <= MIN_ENTRIES;
    });
    this.addButton.disabled = keys.length >= MAX_ENTRIES;
  }

  #build(count) {
    // A Remove that had the focus goes with its row: the focus moves to the Remove of the row
    // now in its place (the last row's, when the last was removed), so the keyboard keeps its place.
    const focused = this.body.getRootNode().activeElement;
    const removing = this.#rows.findIndex((r) => r.remove === focused);
    this.#rows = Array.from({ length: count }, (_, j) => {
      const inputs = PARTS.map(([what, , axis]) => {
        const input = h('input', { type: 'text', inputmode: 'decimal', autocomplete: 'off', size: 5, 'aria-label': `${what === 'key' ? 'Key' : 'Value'} ${j + 1}, ${axis}` });
        input.addEventListener('input', () => { input.dataset.dirty = 'true'; this.#dirty = true; });
        input.addEventListener('change', () => this.commitTyped());
        input.addEventListener('keydown', (event) => { if (event.key === 'Enter') { this.#dirty = true; this.commitTyped(); } });
        return input;
      });
      const remove = actionButton({ className: 'secondary remove', 'aria-label': `Remove entry ${j + 1}`, onclick: () => this.onRemove(j) }, 'Remove');
      return { inputs, remove, row: h('tr', {}, h('th', { scope: 'row' }, String(j + 1)), inputs.map((input) => h('td', {}, input)), h('td', {}, remove)) };
    });
    replaceChildren(this.body, this.#rows.map((r) => r.row));
    if (removing >= 0) this.#rows[Math.min(removing, count - 1)]?.remove.focus();
  }

  /** Applies what was typed and not applied yet: one onCommit, or a refusal (onProblem). */
  commitTyped() {
    if (!this.#dirty) return;
    this.#dirty = false;
    let problem = null;
    const read = this.#rows.map(({ inputs }, j) => inputs.map((input, k) => {
      const value = readNumber(input.value);
      const ok = Number.isFinite(value) && Math.abs(value) <= COORDINATE_LIMIT;
      input.setAttribute('aria-invalid', String(!ok));
      // A refused cell is described by the sentence that says why (as the Query and Sharpness fields are).
      if (ok) input.removeAttribute('aria-describedby');
      else input.setAttribute('aria-describedby', this.error.id);
      if (!ok && !problem) {
        const [what, , axis] = PARTS[k];
        problem = `${what === 'key' ? 'Key' : 'Value'} ${j + 1}’s ${axis} must be a number from −${COORDINATE_LIMIT} to ${COORDINATE_LIMIT}, but it is ${quote(input.value)}. The memory in use is unchanged.`;
      }
      return value;
    }));
    this.onProblem(problem);
    if (problem) return;
    for (const { inputs } of this.#rows) for (const input of inputs) { input.removeAttribute('aria-invalid'); input.removeAttribute('aria-describedby'); delete input.dataset.dirty; }
    const keys = read.map((r) => [r[0], r[1]]);
    this.onCommit(keys, this.#tied ? keys : read.map((r) => [r[2], r[3]]));
  }
}
