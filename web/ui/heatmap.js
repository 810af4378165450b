// heatmap.js — the lab's one heatmap view: a (rows × cols) matrix drawn on a canvas with a
// colour-blind-safe scale, axis labels, a legend, and a readout of the focused cell. Keyboard:
// the heatmap is one tab stop, an interactive element (role "application", described as a
// heatmap, with its key map in its description: a screen reader passes the arrow keys on);
// arrow keys move the focused cell, Home/End jump along the row. The focused cell is ringed in
// black and white, visible on the darkest and the brightest colour alike. Cells shrink to fit the
// width the heatmap is given (every label stays drawn at any width), and a cell prints its value
// when the value fits in it. Blocked entries (−∞ in a mask, NaN weights) are drawn hatched,
// never by colour alone, and the readout says what they are. "Show data as a table"
// (data-table.js) lists every value, a row per row label, from the array drawn.
//
//   const map = new Heatmap({ label: 'Attention weights, head 1', rowLabels, colLabels,
//                             min: 0, max: 1, format: (x) => x.toFixed(2) });
//   host.append(map.element);
//   map.update(weights /* Float32Array(rows*cols) */);
//   (before there are numbers — a widget not started yet — map.reserve() draws the labels and
//   empty cells at the size the numbers will take, so that they arrive without moving the page)
//   map.element.addEventListener('cell-focus', (e) => e.detail /* { row, col, value } */);

import { h, uniqueId, withSuperscripts } from './dom.js';
import { viridisCss, textOn } from './colour-scale.js';
import { fixed } from './format.js';
import { sizeCanvas, canvasFont } from './canvas.js';
import { redrawForPrint } from './print-redraw.js';
import { DataTable, tableNumber } from './data-table.js';
import { contentWidth } from './box-width.js';

const MIN_CELL = 6;  // pixels: the smallest cell drawn, however narrow the space
const KEY_MAP = 'Arrow keys move the focused cell; Home and End go to the first and last key of the row. The value of the focused cell is read out below the heatmap.';

export class Heatmap {
  /**
   * @param {object} o
   * @param {string} o.label                 accessible name, also the visible caption (^X a superscript)
   * @param {string[]} o.rowLabels           one per row (e.g. query tokens)
   * @param {string[]} o.colLabels           one per column (e.g. key tokens)
   * @param {number} [o.min=0]               value drawn darkest
   * @param {number} [o.max=1]               value drawn brightest
   * @param {(x:number)=>string} [o.format]  how a value is printed
   * @param {string} [o.rowTitle='query'] [o.colTitle='key']  axis names for the readout
   * @param {number} [o.cellSize]            largest pixels per cell (default: fits about 360 px);
   *                                         cells shrink further to fit the width available
   */
  constructor({ label, rowLabels, colLabels, min = 0, max = 1, format = (x) => fixed(x, 2), rowTitle = 'query', colTitle = 'key', cellSize }) {
    this.label = label;
    this.rowLabels = rowLabels;
    this.colLabels = colLabels;
    this.min = min;
    this.max = max;
    this.format = format;
    this.rowTitle = rowTitle;
    this.colTitle = colTitle;
    this.focusedCell = { row: 0, col: 0 };
    this.values = new Float32Array(rowLabels.length * colLabels.length);
    this.waiting = false; // reserve() drew empty cells; update() brings the numbers
    this.largestCell = cellSize ?? Math.max(MIN_CELL, Math.min(44, Math.floor(360 / Math.max(rowLabels.length, colLabels.length))));
    this.cellSize = this.largestCell;

    this.canvas = h('canvas', { className: 'heatmap-canvas', 'aria-hidden': 'true' });
    this.readout = h('p', { className: 'heatmap-readout', 'aria-live': 'polite', id: uniqueId('heatmap-readout') });
    const keyMap = h('span', { className: 'sr-only', id: uniqueId('heatmap-keys') }, KEY_MAP);
    this.surface = h('div', {
      className: 'heatmap-surface', tabindex: 0, role: 'application', 'aria-roledescription': 'heatmap',
      'aria-label': label, 'aria-describedby': `${keyMap.id} ${this.readout.id}`,
      onkeydown: (event) => this.#onKey(event),
      onfocus: () => this.#announce(),
    }, this.canvas);
    this.canvas.addEventListener('click', (event) => this.#onClick(event));
    this.canvas.addEventListener('mousemove', (event) => this.#onClick(event, false));
    this.legend = h('div', { className: 'heatmap-legend', 'aria-hidden': 'true' },
      h('span', {}, format(min)), h('span', { className: 'heatmap-ramp' }), h('span', {}, format(max)));
    this.table = new DataTable({
      caption: `${label}: every value (rows: ${rowTitle}, columns: ${colTitle})`,
      figure: {
        title: () => this.label,
        canvas: () => this.canvas,
        svg: async (colours) => (await import('./heatmap-svg.js')).heatmapSvg({ title: this.label, rowLabels: this.rowLabels, colLabels: this.colLabels, values: this.values,
          min: this.min, max: this.max, format: this.format, rowTitle: this.rowTitle, colTitle: this.colTitle, colours }),
      },
    });
    // The caption writes ^X as a superscript (W^Q as W with Q raised); the figure keeps the label
    // as its name, as the map's surface does.
    this.element = h('figure', { className: 'heatmap', part: 'figure', 'aria-label': label.includes('^') ? label : null },
      h('figcaption', {}, withSuperscripts(label)), this.surface, keyMap, this.legend, this.readout, this.table.element);
    // Told when its container is resized (a phone turned, a column narrowed): fit the cells again.
    this.watcher = { element: this.element, resized: () => { if (this.#fittedCellSize() !== this.cellSize) this.#draw(); } };
    // Its labels are drawn in the theme's colours, which print changes (black on white): redrawn
    // then (registered at each draw, once placed: print-redraw.js).
    this.printView = { element: this.element, redraw: () => this.#draw() };
  }

  get rows() { return this.rowLabels.length; }
  get cols() { return this.colLabels.length; }

  /** Draws `values` (rows*cols, row-major). */
  update(values) {
    this.values = values;
    this.waiting = false;
    this.legend.style.visibility = '';
    this.#draw();
    this.#announce(false);
    const shown = (x) => (Number.isFinite(x) ? this.format(x) : tableNumber(x));
    const cols = this.cols;
    this.table.set({
      columns: [{ label: `${this.rowTitle} ↓, ${this.colTitle} →` }, ...this.colLabels.map((l, c) => ({ label: `${c + 1} “${l}”`, format: shown }))],
      rows: this.rowLabels.map((l, r) => [`${r + 1} “${l}”`, ...Array.from(values.slice(r * cols, (r + 1) * cols))]),
    });
  }

  /** Draws the labels and empty cells at the size the numbers will take, and says they are on
   *  their way: the place of a heatmap whose numbers come once its widget starts. */
  reserve() {
    this.waiting = true;
    this.legend.style.visibility = 'hidden'; // its place kept; its scale is not known yet
    this.#draw();
    this.readout.textContent = 'Numbers to come…';
  }

  /** Changes the focused cell and tells listeners. */
  setFocus(row, col) {
    this.focusedCell = { row: clamp(row, 0, this.rows - 1), col: clamp(col, 0, this.cols - 1) };
    this.#draw();
    this.#announce();
  }

  #margins() {
    const longest = (labels) => Math.max(...labels.map((l) => String(l).length), 1);
    return { left: Math.min(90, 8 + longest(this.rowLabels) * 7), top: uprightColumns(this.colLabels) ? 18 : Math.min(90, 8 + longest(this.colLabels) * 7) };
  }

  /** The width the heatmap may use: that of its nearest container whose width does not follow
   *  its content (a block, grid or flex box that is not itself a flex item), or Infinity. The
   *  width is measured once per container (box-width.js); a resize redraws the heatmap. */
  #availableWidth() {
    for (let box = this.element.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      const flexItem = box.parentElement && /flex/.test(getComputedStyle(box.parentElement).display);
      if (/^(block|flow-root|grid|flex)$/.test(style.display) && !flexItem) {
        const width = contentWidth(box, this.watcher);
        if (width > 0) return width;
      }
      if (box.classList.contains('widget-body')) break;
    }
    return Infinity;
  }

  /** The largest cell size up to largestCell at which every column fits the available width. */
  #fittedCellSize() {
    const { left } = this.#margins();
    const fit = Math.floor((this.#availableWidth() - left - 4) / this.cols);
    return Math.max(MIN_CELL, Math.min(this.largestCell, fit));
  }

  #draw() {
    // Drawn before it is placed in a document: fit it to its place once it is there.
    if (!this.element.isConnected) queueMicrotask(() => this.element.isConnected && this.watcher.resized());
    redrawForPrint(this.printView);
    this.cellSize = this.#fittedCellSize();
    const { left, top } = this.#margins();
    const size = this.cellSize;
    const width = left + this.cols * size + 2, height = top + this.rows * size + 2;
    const ctx = sizeCanvas(this.canvas, width, height);
    if (!ctx) return;
    const styles = getComputedStyle(this.surface);
    // The labels in the surface's text colour: --attn-fg, or the reader's CanvasText in forced
    // colours (the canvas is transparent: a theme="dark" widget's light text would be lost on a
    // light system background).
    const fg = styles.color || '#1c2430';
    const muted = styles.getPropertyValue('--attn-muted').trim() || '#5b6675';
    ctx.clearRect(0, 0, width, height);
    ctx.font = canvasFont(styles, Math.min(12, Math.max(9, size * 0.45)));

    const span = this.max - this.min || 1;
    // A value is printed in its cell only when its text fits there with room to spare.
    const fits = (text) => size >= 18 && ctx.measureText(text).width <= size - 6;
    let printed = 0, finite = 0;
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const value = this.values[r * this.cols + c];
        const x = left + c * size, y = top + r * size;
        if (this.waiting) {
          drawEmpty(ctx, x, y, size, muted);
          continue;
        }
        if (!Number.isFinite(value)) {
          drawHatched(ctx, x, y, size, muted);
          continue;
        }
        const t = (value - this.min) / span;
        ctx.fillStyle = viridisCss(t);
        ctx.fillRect(x, y, size, size);
        const text = this.format(value);
        finite += 1;
        if (fits(text)) {
          printed += 1;
          ctx.fillStyle = textOn(t);
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(text, x + size / 2, y + size / 2);
        }
      }
    }
    // Whether the cells print their values (for tests, which cannot read a canvas).
    this.canvas.dataset.values = printed === finite ? 'printed' : printed === 0 ? 'omitted' : 'some';
    // Axis labels: keys along the top (rotated, unless each is one character: a letter on its
    // side is hard to read, and "␣" turned looks like "ɔ"), queries down the left.
    ctx.fillStyle = fg;
    const step = Math.max(1, Math.ceil(12 / size));
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (let r = 0; r < this.rows; r += step) ctx.fillText(String(this.rowLabels[r]), left - 4, top + r * size + size / 2);
    ctx.save();
    const upright = uprightColumns(this.colLabels);
    ctx.textAlign = upright ? 'center' : 'left';
    ctx.textBaseline = upright ? 'alphabetic' : 'middle';
    for (let c = 0; c < this.cols; c += step) {
      ctx.save();
      ctx.translate(left + c * size + size / 2, top - 4);
      if (!upright) ctx.rotate(-Math.PI / 2);
      ctx.fillText(String(this.colLabels[c]), 0, 0);
      ctx.restore();
    }
    ctx.restore();
    if (this.waiting) return;
    // The focused cell: a black ring inside a white one, so that it shows on the darkest and
    // the brightest colour of the scale alike (and on a hatched cell).
    const fx = left + this.focusedCell.col * size, fy = top + this.focusedCell.row * size;
    const ring = Math.max(1.5, Math.min(3, size / 8));
    ctx.lineWidth = ring;
    ctx.strokeStyle = '#ffffff';
    ctx.strokeRect(fx + ring / 2, fy + ring / 2, size - ring, size - ring);
    ctx.strokeStyle = '#000000';
    ctx.strokeRect(fx + ring * 1.5, fy + ring * 1.5, size - 3 * ring, size - 3 * ring);
  }

  #describeFocus() {
    const { row, col } = this.focusedCell;
    const value = this.values[row * this.cols + col];
    const shown = Number.isNaN(value) ? 'NaN (no allowed key in this row)'
      : value === -Infinity ? '−∞ (blocked)' : this.format(value);
    return `${this.rowTitle} ${row + 1} “${this.rowLabels[row]}” → ${this.colTitle} ${col + 1} “${this.colLabels[col]}”: ${shown}`;
  }

  #announce(emit = true) {
    if (this.waiting) return;
    this.readout.textContent = this.#describeFocus();
    if (emit) {
      const { row, col } = this.focusedCell;
      this.element.dispatchEvent(new CustomEvent('cell-focus', { bubbles: true, composed: true, detail: { row, col, value: this.values[row * this.cols + col] } }));
    }
  }

  #onKey(event) {
    const { row, col } = this.focusedCell;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[event.key]) this.setFocus(row + moves[event.key][0], col + moves[event.key][1]);
    else if (event.key === 'Home') this.setFocus(row, 0);
    else if (event.key === 'End') this.setFocus(row, this.cols - 1);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  #onClick(event, commit = true) {
    const { left, top } = this.#margins();
    const rect = this.canvas.getBoundingClientRect();
    const col = Math.floor((event.clientX - rect.left - left) / this.cellSize);
    const row = Math.floor((event.clientY - rect.top - top) / this.cellSize);
    if (row < 0 || col < 0 || row >= this.rows || col >= this.cols) return;
    if (commit || event.buttons === 0) this.setFocus(row, col);
  }
}

/** A cell with no number yet: a faint outline. */
function drawEmpty(ctx, x, y, size, colour) {
  ctx.save();
  ctx.globalAlpha = 0.25;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, y + 0.5, size - 1, size - 1);
  ctx.restore();
}

function drawHatched(ctx, x, y, size, colour) {
  ctx.save();
  ctx.fillStyle = 'rgba(127,127,127,0.12)';
  ctx.fillRect(x, y, size, size);
  ctx.beginPath();
  ctx.rect(x, y, size, size);
  ctx.clip();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1;
  for (let d = -size; d < size; d += 5) {
    ctx.moveTo(x + d, y + size);
    ctx.lineTo(x + d + size, y);
  }
  ctx.stroke();
  ctx.restore();
}

function clamp(x, lo, hi) {
  return Math.min(Math.max(x, lo), hi);
}

/** Column labels of one character each are written upright (heatmap-svg.js asks the same). */
export function uprightColumns(labels) {
  return labels.length > 0 && labels.every((label) => [...String(label)].length <= 1);
}
