// mask-grid.js — the mask of <attn-masks> as a table of toggle buttons: each cell shows 0 or −∞
// as text (blocked cells are also hatched, never marked by colour alone). Clicking a cell, or
// pressing Enter or Space on it, asks to toggle it. The grid is one tab stop: the arrow keys move
// between cells, Home and End jump to the ends of a row.
//
//   const grid = new MaskGrid({ tokens, onToggle: (i, j) => … });
//   host.append(grid.element);
//   grid.update(mask /* Float32Array(n*n) */, edited /* Set of i*n+j */);
//   (grid.reserve() before there is a mask: every cell disabled, at the size it will have)

import { h } from '../../ui/dom.js';
import { sig } from '../../ui/format.js';

export class MaskGrid {
  constructor({ tokens, onToggle }) {
    this.tokens = tokens;
    this.n = tokens.length;
    this.onToggle = onToggle;
    this.focusedCell = { i: 0, j: 0 };
    this.buttons = [];
    const label = (t, i) => `${i + 1} ${t}`;
    const head = h('tr', {}, h('td', { className: 'corner' }),
      tokens.map((t, j) => h('th', { scope: 'col' }, label(t, j))));
    const rows = tokens.map((t, i) => h('tr', {}, h('th', { scope: 'row' }, label(t, i)),
      tokens.map((_, j) => h('td', {}, this.#button(i, j)))));
    this.table = h('table', { className: 'matrix mask-grid', 'aria-label': 'Mask' },
      h('caption', {}, 'Mask M (rows: queries, columns: keys)'), h('thead', {}, head), h('tbody', {}, rows));
    this.element = h('div', { className: 'matrix-block' }, this.table);
  }

  #button(i, j) {
    const button = h('button', {
      type: 'button', className: 'mask-cell', tabindex: i === 0 && j === 0 ? 0 : -1,
      onclick: () => { this.#moveTo(i, j, false); this.onToggle(i, j); },
      onkeydown: (event) => this.#onKey(event),
      onfocus: () => { this.focusedCell = { i, j }; },
    });
    this.buttons.push(button);
    return button;
  }

  /** Before the mask is computed (the widget has not started): each cell holds a dot, disabled. */
  reserve() {
    for (const button of this.buttons) {
      button.textContent = '·';
      button.disabled = true;
      button.removeAttribute('aria-label');
    }
  }

  /** Shows `mask` (n*n); cells in `edited` (indices i*n+j) are the learner's own. */
  update(mask, edited = new Set()) {
    const n = this.n;
    for (let at = 0; at < n * n; at++) {
      const i = Math.floor(at / n), j = at % n, value = mask[at], button = this.buttons[at];
      const isBlocked = value === -Infinity, isEdited = edited.has(at);
      button.textContent = sig(value);
      button.disabled = false;
      button.classList.toggle('blocked', isBlocked);
      button.classList.toggle('edited', isEdited);
      button.setAttribute('aria-label', `query ${i + 1} “${this.tokens[i]}”, key ${j + 1} “${this.tokens[j]}”: `
        + `${sig(value)}, ${isBlocked ? 'blocked' : 'allowed'}${isEdited ? ' (your edit)' : ''}`);
    }
  }

  /** Puts keyboard focus on cell (i, j). */
  focusCell(i, j) {
    this.#moveTo(i, j, true);
  }

  #moveTo(i, j, focus) {
    const n = this.n;
    i = Math.min(Math.max(i, 0), n - 1);
    j = Math.min(Math.max(j, 0), n - 1);
    this.buttons.forEach((button, at) => button.setAttribute('tabindex', at === i * n + j ? '0' : '-1'));
    this.focusedCell = { i, j };
    if (focus) this.buttons[i * n + j].focus();
  }

  #onKey(event) {
    const { i, j } = this.focusedCell;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[event.key]) this.#moveTo(i + moves[event.key][0], j + moves[event.key][1], true);
    else if (event.key === 'Home') this.#moveTo(i, 0, true);
    else if (event.key === 'End') this.#moveTo(i, this.n - 1, true);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }
}
