// data-table.js — the "Show data as a table" view every chart has: a toggle button and a real
// <table> (a caption, column headers with scope, the first column as row headers) holding the
// numbers the chart was given, read from the chart's own arrays (never computed a second time).
// The chart wrappers (histogram-chart.js, line-chart.js, log-chart.js) each own one and fill it
// whenever they draw; the table is only built while it is shown, so a long training run does not
// rebuild thousands of rows nobody is reading. An open table that is slow to build (more than a
// frame: the loss curves after a thousand steps) is rebuilt at most once per ten times its
// building time while its chart keeps growing, the last state always shown: it takes at most a
// tenth of the page's main thread, which it once filled on a busy machine.
//
//   const table = new DataTable({ caption: 'Loss by step', figure });
//   box.after(table.element);
//   table.set({ columns: [{ label: 'step' }, { label: 'loss', format }], rows: [[1, 3.2], …],
//               notes: [{ label: 'unigram baseline', value: 2.88 }] });
//
// Every data cell carries its exact number in data-value (the text is the number as formatted),
// so tests can compare the table with what the chart drew.
//
// The toggle shares its row (part "figure-tools") with the figure's downloads (figure-export.js:
// PNG, SVG, and CSV made from the same numbers as this table): every chart and heatmap passes its
// `figure` — { title(), canvas(), svg(colours) } (figure-export.js) — and gets both.

import { h, replaceChildren, uniqueId, withSuperscripts } from './dom.js';
import { actionButton } from './action-button.js';
import { scrollFocus } from './scroll-focus.js';
import { figureDownloads } from './figure-export.js';

const SHOW = 'Show data as a table';
const HIDE = 'Hide the data table';

/** A number as a table shows it: a whole number in full (262,144), any other to 4 significant
 *  figures (exponent form when very large or small), with a true minus sign. */
export function tableNumber(x) {
  if (x === null || x === undefined) return '—';
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  const text = Number.isInteger(x) && Math.abs(x) < 1e15 ? x.toLocaleString('en-US')
    : Math.abs(x) >= 1e6 || (x !== 0 && Math.abs(x) < 1e-3) ? x.toExponential(3) : String(Number(x.toPrecision(4)));
  return text.replace('-', '\u2212');
}

export class DataTable {
  #built = { at: -Infinity, took: 0 }; // the last build of the table: when it ended, how long it took (ms)
  #pending = null;                      // the timer of a build put off by #renderSoon

  /**
   * @param {object} o
   * @param {string} o.caption  the table's caption (what the numbers are)
   * @param {{ title: () => string, canvas: () => HTMLCanvasElement, svg: (colours: object) => Promise<string> }} o.figure
   *   the chart or heatmap the numbers are drawn in, for its downloads (figure-export.js's
   *   tableOnly(title) for numbers no single chart draws: the CSV alone)
   */
  constructor({ caption, figure }) {
    if (!figure) throw new TypeError('A data table belongs to a figure: pass { figure } for its downloads.');
    const tableId = uniqueId('data-table');
    this.caption = caption;
    this.read = () => ({ columns: [], rows: [], notes: [] });
    this.button = actionButton({
      className: 'secondary data-table-toggle', 'aria-expanded': 'false', 'aria-controls': tableId,
      onclick: () => this.toggle(),
    }, SHOW);
    this.table = h('table', { className: 'data-table' });
    this.box = scrollFocus(h('div', { className: 'data-table-box', id: tableId, hidden: true, part: 'data-table' }, this.table), `${caption} (scrolls)`);
    this.figure = figure;
    this.downloads = figureDownloads({ figure, read: () => this.read() });
    // The drawing names its downloads (tests/e2e/figures.spec.js finds every canvas's this way).
    this.downloads.element.id = uniqueId('downloads');
    if (figure.canvas) figure.canvas().dataset.downloads = this.downloads.element.id;
    this.downloads.enable(false); // until the figure has numbers
    this.element = h('div', { className: 'data-table-view' },
      h('div', { className: 'figure-tools', part: 'figure-tools' }, this.button, this.downloads.element), this.box);
  }

  get open() { return !this.box.hidden; }

  /** Shows or hides the table (`open` forces one way). */
  toggle(open = !this.open) {
    this.box.hidden = !open;
    this.button.setAttribute('aria-expanded', String(open));
    this.button.textContent = open ? HIDE : SHOW;
    if (open) this.#render();
  }

  /**
   * The numbers to show.
   * @param {object} o
   * @param {{label: string, format?: (x:number)=>string}[]} o.columns  the first is the row header
   * @param {ArrayLike<number|string>[]} o.rows  one array per row: numbers (null: no value), or
   *                                         a string label (the first column of a heatmap)
   * @param {{label: string, value: number, format?: Function}[]} [o.notes]  single values (reference lines)
   * @param {string} [o.caption]              replaces the caption
   */
  set({ columns, rows, notes = [], caption }) {
    this.#source(() => ({ columns, rows, notes }), caption);
  }

  /**
   * The numbers of (x, y) series, one column per series, one row per x any series has.
   * @param {{label: string, format?: Function}} x
   * @param {{label: string, points: {x:number, y:number}[], format?: Function}[]} series
   */
  setSeries({ x, series, notes = [], caption }) {
    // Read when the table is drawn: `points` may be a chart's live array that keeps growing.
    this.#source(() => {
      const byX = new Map();
      series.forEach((s, i) => {
        for (const p of s.points) {
          if (!byX.has(p.x)) byX.set(p.x, [p.x, ...series.map(() => null)]);
          byX.get(p.x)[i + 1] = p.y;
        }
      });
      const rows = [...byX.values()].sort((a, b) => a[0] - b[0]);
      return { columns: [x, ...series.map(({ label, format }) => ({ label, format }))], rows, notes };
    }, caption);
  }

  #source(read, caption) {
    if (caption) this.caption = caption;
    this.read = read;
    this.downloads.retitle(this.figure.title());
    this.downloads.enable(true);
    if (this.open) this.#renderSoon();
  }

  /** Builds the open table now, unless it is slow to build and was built a moment ago: then once,
   *  when ten times its building time has passed since (changes meanwhile are in that build). */
  #renderSoon() {
    if (this.#pending) return;
    const wait = this.#built.at + 10 * this.#built.took - performance.now();
    if (this.#built.took < 16 || wait <= 0) {
      this.#render();
      return;
    }
    this.#pending = setTimeout(() => {
      this.#pending = null;
      if (this.open) this.#render();
    }, wait);
  }

  /** The longest word of a row header and of any other cell (a value, or a word of a column's
   *  label), in characters, for print: on paper the table's rows wrap into lines of cells of
   *  that one width, so the columns stay aligned line under line (print-styles.js). */
  #widthsForPrint() {
    const longestWord = (text) => Math.max(0, ...String(text).split(/\s+/).map((word) => word.length));
    let head = 0, cell = 0;
    for (const tr of this.table.rows) {
      for (const td of tr.cells) {
        if (td.cellIndex === 0) head = Math.max(head, longestWord(td.textContent)); else cell = Math.max(cell, longestWord(td.textContent));
      }
    }
    this.table.style.setProperty('--head-ch', Math.min(head, 16));
    this.table.style.setProperty('--cell-ch', cell);
  }

  #render() {
    const start = performance.now();
    const { columns, rows, notes } = this.read();
    // A label (a string) is shown as it is; a number through the column's format.
    const cell = (tag, value, format = tableNumber, extra = {}) =>
      h(tag, { ...extra, 'data-value': value === null ? '' : String(value) },
        value === null ? '—' : typeof value === 'string' ? value : format(value));
    replaceChildren(this.table,
      h('caption', {}, withSuperscripts(this.caption)),
      h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, c.label)))),
      h('tbody', {}, Array.from(rows, (row) => h('tr', {},
        Array.from(row, (value, i) => cell(i === 0 ? 'th' : 'td', value, columns[i]?.format ?? tableNumber, i === 0 ? { scope: 'row' } : {}))))),
      notes.length ? h('tfoot', {}, notes.map((n) => h('tr', {},
        h('th', { scope: 'row' }, n.label),
        cell('td', n.value, n.format ?? tableNumber, { colSpan: Math.max(1, columns.length - 1) })))) : null);
    this.#widthsForPrint();
    this.#built = { at: performance.now(), took: performance.now() - start };
  }
}
