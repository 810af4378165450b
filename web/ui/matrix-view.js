// matrix-view.js — a labelled matrix drawn as an HTML table: readable numbers, row and column
// headers, optional editable cells with per-cell error messages, and highlighted rows, columns
// or cells (marked by outline and weight as well as colour).
//
//   const view = new MatrixView({ name: 'Q', caption: 'Q = X·W^Q', rows: 2, cols: 2,
//                                 rowLabels: ['q₁', 'q₂'], format: sig });
//   host.append(view.element);
//   view.update(values /* Float32Array(rows*cols) */, { rows: [0] });
//   view.commitTyped();   // editable cells: applies what was typed and not committed yet

import { h, uniqueId, withSuperscripts } from './dom.js';
import { parseNumber, sig } from './format.js';
import { scrollFocus } from './scroll-focus.js';

export class MatrixView {
  /**
   * @param {object} o
   * @param {string} o.name           accessible name of the table (e.g. "Scores")
   * @param {string} [o.caption]      visible caption (defaults to the name); ^X is a superscript
   * @param {number} o.rows
   * @param {number} o.cols
   * @param {string[]} [o.rowLabels]
   * @param {string[]} [o.colLabels]
   * @param {(x:number)=>string} [o.format]
   * @param {(row:number, col:number, value:number)=>void} [o.onEdit]  makes the cells editable
   * @param {(row:number, col:number)=>void} [o.onFocusCell]  makes read-only cells focusable
   */
  constructor({ name, caption = name, rows, cols, rowLabels, colLabels, format = sig, onEdit, onFocusCell }) {
    this.name = name;
    this.rows = rows;
    this.cols = cols;
    this.format = format;
    this.onEdit = onEdit;
    this.onFocusCell = onFocusCell;
    this.cells = [];
    this.inputs = [];
    this.typed = new Set(); // cells typed in and not committed yet
    this.errorId = uniqueId('matrix-error');
    this.error = h('p', { className: 'cell-error', id: this.errorId, role: 'alert', hidden: true });

    const header = h('tr', {}, h('td', { className: 'corner' }),
      ...Array.from({ length: cols }, (_, c) => h('th', { scope: 'col' }, colLabels?.[c] ?? String(c + 1))));
    const body = Array.from({ length: rows }, (_, r) => h('tr', {},
      h('th', { scope: 'row' }, rowLabels?.[r] ?? String(r + 1)),
      ...Array.from({ length: cols }, (_, c) => this.#cell(r, c, rowLabels, colLabels))));
    this.table = h('table', { className: 'matrix', 'aria-label': name },
      h('caption', {}, withSuperscripts(caption)), h('thead', {}, header), h('tbody', {}, body));
    this.element = h('div', { className: 'matrix-block' }, this.table, this.error);
    // Read-only numbers have nothing to focus: the block itself takes focus when it scrolls.
    if (!onEdit && !onFocusCell) scrollFocus(this.element, `${name} (scrolls sideways)`);
  }

  #cell(r, c, rowLabels, colLabels) {
    const where = `${this.name}, row ${rowLabels?.[r] ?? r + 1}, column ${colLabels?.[c] ?? c + 1}`;
    let td;
    if (this.onEdit) {
      const input = h('input', {
        type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false',
        'aria-label': where, size: 5,
        oninput: () => this.typed.add(input),
        onchange: () => this.#commit(r, c, input),
        onkeydown: (event) => { if (event.key === 'Enter') this.#commit(r, c, input); },
      });
      input.dataset.cell = String(r * this.cols + c);
      this.inputs.push(input);
      td = h('td', {}, input);
    } else {
      td = h('td', this.onFocusCell
        ? { tabindex: 0, 'aria-label': where, onfocus: () => this.onFocusCell(r, c), onmouseenter: () => this.onFocusCell(r, c) }
        : {});
    }
    this.cells.push(td);
    return td;
  }

  /** Commits every cell typed in but not committed yet (its owner calls this before an action). */
  commitTyped() {
    for (const input of this.typed) {
      const at = Number(input.dataset.cell);
      this.#commit(Math.floor(at / this.cols), at % this.cols, input);
    }
  }

  #commit(r, c, input) {
    this.typed.delete(input);
    const value = parseNumber(input.value);
    if (value === null) {
      const typed = input.value.trim();
      // A long paste is quoted by its start only: the message stays one readable line.
      const shown = typed === '' ? 'An empty cell' : `“${typed.length > 40 ? `${Array.from(typed).slice(0, 40).join('')}…` : typed}”`;
      this.showError(input, `${shown} is not a number. Type a number such as 1.5 or −2; ${this.#lastGood(r, c)}.`);
      return;
    }
    const lastGood = this.#lastGood(r, c);
    if (!Number.isFinite(Math.fround(value))) {
      this.showError(input, `${input.value.trim()} is too large: the core computes in 32-bit floats, which end near ±3.4e38; ${lastGood}.`);
      return;
    }
    try {
      this.onEdit(r, c, value);
    } catch (error) {
      // The owner refused the value (the core could not compute with it): say why, keep the rest.
      if (error?.name !== 'AttnError') throw error;
      this.showError(input, `${input.value.trim()} cannot be used: ${error.message} Use a smaller number; ${lastGood}.`);
      return;
    }
    this.clearError(input);
  }

  /** What a refused edit leaves in use (before the first update() there is no value yet). */
  #lastGood(r, c) {
    const value = this.values?.[r * this.cols + c];
    return value === undefined ? 'the cell keeps its earlier value' : `the last good value, ${this.format(value)}, is still in use`;
  }

  /** Shows `message` beside the matrix and marks `input` invalid. */
  showError(input, message) {
    for (const other of this.inputs) if (other !== input) this.clearError(other);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', this.errorId);
    this.error.textContent = `⚠ ${message}`;
    this.error.hidden = false;
  }

  clearError(input) {
    if (input.getAttribute('aria-invalid') !== 'true') return;
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
    this.error.hidden = true;
    this.error.textContent = '';
  }

  /**
   * Shows `values` (rows*cols) and marks what is involved: whole `rows`, whole `cols`, or
   * single `cells` given as [row, col] pairs.
   */
  update(values, highlight = {}) {
    this.values = values;
    const rows = new Set(highlight.rows ?? []), cols = new Set(highlight.cols ?? []);
    const cells = new Set((highlight.cells ?? []).map(([r, c]) => r * this.cols + c));
    for (let i = 0; i < this.rows * this.cols; i++) {
      const r = Math.floor(i / this.cols), c = i % this.cols;
      const on = rows.has(r) || cols.has(c) || cells.has(i);
      this.cells[i].classList.toggle('involved', on);
      const text = this.format(values[i]);
      if (this.onEdit) {
        const input = this.inputs[i];
        if (input.getAttribute('aria-invalid') !== 'true' && input !== input.getRootNode().activeElement) input.value = text;
      } else {
        this.cells[i].textContent = text;
      }
    }
  }
}
