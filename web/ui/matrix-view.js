// matrix-view.js — a labelled matrix drawn as an HTML table: readable numbers, row and column
// headers, optional editable cells, and highlighted rows, columns or cells (marked by outline and
// weight as well as colour), and the cells that changed in the last action (marked Δ).
//
// Editable cells recompute as the learner types: a number is applied at once, text that is not
// a number yet ("", "−", "1e", ".") waits quietly for Enter or leaving the cell (in a cell
// already refused, the refusal of what it held goes: it is not about this text), text that can
// never become one ("abc") is refused at once, a number beyond the view's `limit` is refused with
// the range a cell takes, and anything refused is said in an edit line (one per view, or one the
// owner shares between views at a fixed place, so that a message never widens a matrix or moves
// the others). A table whose cells take the keyboard is a
// grid with one tab stop: the arrow keys move between its cells (in a typed cell ← and → move the
// caret first, and leave the cell at its ends), Home and End go to the ends of a row of numbers.
// A typed cell reached by the keyboard puts the caret at the end of its number (nothing selected).
//
//   const view = new MatrixView({ name: 'Q', caption: 'Q = X·W^Q', rows: 2, cols: 2,
//                                 rowLabels: ['q₁', 'q₂'], format: sig });
//   host.append(view.element);
//   view.update(values /* Float32Array(rows*cols) */, { rows: [0] }, new Set([1]) /* changed */);
//   view.commitTyped();   // editable cells: applies what was typed and not committed yet
//   view.discardTyped();  // editable cells: drops what was typed or refused, the last good values back

import { h, uniqueId, withSuperscripts } from './dom.js';
import { parseNumber, sig } from './format.js';
import { scrollFocus } from './scroll-focus.js';

/** Puts the caret after the last character of `input`. */
function caretToEnd(input) {
  input.setSelectionRange(input.value.length, input.value.length);
}

/** Text on its way to a number ("", "−", "1.", "2e−"): not refused while it is being typed. */
const UNFINISHED = /^\s*([-+\u2212]?\.?|.*\d[eE][-+\u2212]?)\s*$/;

/**
 * Where refused entries are said: one element, shared by every view that is given it. It shows
 * the latest refusal; an earlier refused cell sharing it gets its last good value back.
 */
export class EditLine {
  constructor(element = h('p', { className: 'cell-error', role: 'alert', hidden: true })) {
    this.element = element;
    this.element.id ||= uniqueId('edit-line');
    this.refused = new Map(); // input → what puts its last good value back
  }

  show(input, message, restore) {
    for (const [other, putBack] of this.refused) if (other !== input) { this.#unmark(other); putBack(); }
    this.refused = new Map([[input, restore]]);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', this.element.id);
    this.element.textContent = `⚠ ${message}`;
    this.element.hidden = false;
  }

  clear(input) {
    if (!this.refused.delete(input)) return;
    this.#unmark(input);
    this.#hide();
  }

  /** Forgets every refusal: each refused cell gets its last good value back, the line hides. */
  dismiss() {
    for (const [input, putBack] of this.refused) { this.#unmark(input); putBack(); }
    this.refused = new Map();
    this.#hide();
  }

  #hide() {
    this.element.hidden = true;
    this.element.textContent = '';
  }

  #unmark(input) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}

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
   * @param {EditLine} [o.editLine]   where refusals are said (default: a line under the table)
   * @param {number} [o.limit]        editable cells: the largest size a typed number may have
   */
  constructor({ name, caption = name, rows, cols, rowLabels, colLabels, format = sig, onEdit, onFocusCell, editLine, limit = Infinity }) {
    this.name = name;
    this.rows = rows;
    this.cols = cols;
    this.format = format;
    this.onEdit = onEdit;
    this.onFocusCell = onFocusCell;
    this.limit = limit;
    this.rowLabels = rowLabels;
    this.colLabels = colLabels;
    this.cells = [];
    this.inputs = [];
    this.typed = new Set(); // cells typed in and not committed yet
    this.editLine = editLine ?? new EditLine();
    const interactive = Boolean(onEdit || onFocusCell);

    const header = h('tr', {}, h('td', { className: 'corner' }),
      ...Array.from({ length: cols }, (_, c) => h('th', { scope: 'col' }, colLabels?.[c] ?? String(c + 1))));
    const body = Array.from({ length: rows }, (_, r) => h('tr', {},
      h('th', { scope: 'row' }, rowLabels?.[r] ?? String(r + 1)),
      ...Array.from({ length: cols }, (_, c) => this.#cell(r, c))));
    this.table = h('table', { className: 'matrix', 'aria-label': name, role: interactive ? 'grid' : null,
      onkeydown: interactive ? (event) => this.#onKey(event) : null },
    h('caption', {}, withSuperscripts(caption)), h('thead', {}, header), h('tbody', {}, body));
    this.element = h('div', { className: 'matrix-block' }, this.table, editLine ? null : this.editLine.element);
    // One tab stop per grid: the cell last visited (the first one to begin with).
    this.focusables = interactive ? (onEdit ? this.inputs : this.cells) : [];
    this.focusables.forEach((el, at) => { el.tabIndex = at === 0 ? 0 : -1; });
    // Read-only numbers have nothing to focus: the block itself takes focus when it scrolls.
    if (!interactive) scrollFocus(this.element, `${name} (scrolls sideways)`);
  }

  #where(r, c) {
    return `${this.name}, row ${this.rowLabels?.[r] ?? r + 1}, column ${this.colLabels?.[c] ?? c + 1}`;
  }

  #cell(r, c) {
    let td;
    if (this.onEdit) {
      const input = h('input', {
        type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false',
        'aria-label': this.#where(r, c), size: 5,
        oninput: () => { this.typed.add(input); this.#commit(r, c, input, { typing: true }); },
        onchange: () => { if (this.typed.has(input)) this.#commit(r, c, input); },
        onkeydown: (event) => { if (event.key === 'Enter') this.#commit(r, c, input); },
        onfocus: () => this.#remember(input),
        // Reached by Tab, the browser selects the cell's number, so typing a digit would replace
        // it: the caret goes to its end instead (Tab's key-up comes to the cell it reached). A
        // click puts the caret where it clicked; the arrow keys move in without selecting.
        onkeyup: (event) => { if (event.key === 'Tab') caretToEnd(input); },
      });
      input.dataset.cell = String(r * this.cols + c);
      this.inputs.push(input);
      td = h('td', {}, input);
    } else {
      // "…" until update() gives the number: the cell has its height before there are numbers.
      td = h('td', this.onFocusCell
        ? { 'aria-label': this.#where(r, c), onfocus: () => { this.#remember(td); this.onFocusCell(r, c); }, onmouseenter: () => this.onFocusCell(r, c) }
        : {}, '…');
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

  /** Applies what `input` holds; while `typing`, text that is not a number yet waits quietly
   *  (in `typed`, for Enter or leaving the cell), and a refusal of what the cell held before is
   *  withdrawn: it quoted text that is gone. */
  #commit(r, c, input, { typing = false } = {}) {
    const value = parseNumber(input.value);
    if (value === null && typing && UNFINISHED.test(input.value)) return this.editLine.clear(input);
    this.typed.delete(input);
    const lastGood = this.#lastGood(r, c);
    const refuse = (message) => this.editLine.show(input, message, () => this.#putBack(input, r, c));
    const typed = input.value.trim();
    // A long paste is quoted by its start only: the message stays one readable line.
    const quoted = `“${typed.length > 40 ? `${Array.from(typed).slice(0, 40).join('')}…` : typed}”`;
    if (value === null) {
      return refuse(`${typed === '' ? 'An empty cell' : quoted} is not a number. Type a number such as 1.5 or −2; ${lastGood}.`);
    }
    if (Math.abs(value) > this.limit) {
      const bound = this.limit.toLocaleString('en-US');
      return refuse(`${quoted} is too large: a cell takes numbers from −${bound} to ${bound}; ${lastGood}.`);
    }
    if (!Number.isFinite(Math.fround(value))) {
      return refuse(`${input.value.trim()} is too large: the core computes in 32-bit floats, which end near ±3.4e38; ${lastGood}.`);
    }
    try {
      this.onEdit(r, c, value);
    } catch (error) {
      // The owner refused the value (the core could not compute with it): say why, keep the rest.
      if (error?.name !== 'AttnError') throw error;
      return refuse(`${input.value.trim()} cannot be used: ${error.message} Use a smaller number; ${lastGood}.`);
    }
    this.editLine.clear(input);
  }

  /** Drops what was typed and not committed, and every refusal in this view's edit line: the
   *  cells show their last good values again (before the owner sets new ones, as a reset does). */
  discardTyped() {
    this.typed.clear();
    this.editLine.dismiss();
  }

  /** What a refused edit leaves in use (before the first update() there is no value yet). */
  #lastGood(r, c) {
    const value = this.values?.[r * this.cols + c];
    return value === undefined ? 'the cell keeps its earlier value' : `the last good value, ${this.format(value)}, is still in use`;
  }

  #putBack(input, r, c) {
    this.typed.delete(input);
    const value = this.values?.[r * this.cols + c];
    if (value !== undefined) input.value = this.format(value);
  }

  /** Makes `el` the grid's tab stop. */
  #remember(el) {
    for (const other of this.focusables) other.tabIndex = other === el ? 0 : -1;
  }

  #onKey(event) {
    const at = this.focusables.indexOf(event.target);
    if (at < 0) return;
    const r = Math.floor(at / this.cols), c = at % this.cols;
    const input = event.target instanceof HTMLInputElement ? event.target : null;
    const caretAt = (end) => !input || (input.selectionStart === input.selectionEnd && input.selectionStart === (end ? input.value.length : 0));
    let next = null;
    if (event.key === 'ArrowUp') next = [r - 1, c];
    else if (event.key === 'ArrowDown') next = [r + 1, c];
    else if (event.key === 'ArrowLeft' && caretAt(false)) next = [r, c - 1];
    else if (event.key === 'ArrowRight' && caretAt(true)) next = [r, c + 1];
    else if (event.key === 'Home' && !input) next = [r, 0];
    else if (event.key === 'End' && !input) next = [r, this.cols - 1];
    else return;
    event.stopPropagation(); // the arrow keys are this grid's, not the widget's
    const [nr, nc] = next;
    if (nr < 0 || nc < 0 || nr >= this.rows || nc >= this.cols) return; // an edge: stay
    event.preventDefault();
    const target = this.focusables[nr * this.cols + nc];
    target.focus();
  }

  /**
   * Shows `values` (rows*cols) and marks what is involved: whole `rows`, whole `cols`, or
   * single `cells` given as [row, col] pairs; `changed` (indices r*cols+c) are the cells the last
   * action changed.
   */
  update(values, highlight = {}, changed = new Set()) {
    this.values = values;
    const rows = new Set(highlight.rows ?? []), cols = new Set(highlight.cols ?? []);
    const cells = new Set((highlight.cells ?? []).map(([r, c]) => r * this.cols + c));
    for (let i = 0; i < this.rows * this.cols; i++) {
      const r = Math.floor(i / this.cols), c = i % this.cols;
      const on = rows.has(r) || cols.has(c) || cells.has(i);
      const cell = this.cells[i];
      cell.classList.toggle('involved', on);
      cell.classList.toggle('changed', changed.has(i));
      const text = this.format(values[i]);
      if (this.onEdit) {
        const input = this.inputs[i];
        if (input.getAttribute('aria-invalid') !== 'true' && !this.typed.has(input) && input !== input.getRootNode().activeElement) input.value = text;
      } else {
        cell.textContent = text;
        // A focusable cell's name carries its value (a name replaces the cell's text).
        if (this.onFocusCell) cell.setAttribute('aria-label', `${this.#where(r, c)}: ${text}${changed.has(i) ? ', changed' : ''}`);
      }
    }
  }
}
