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
//   (marked: { cells: [row * cols + col, …], name: 'the true source word' } outlines those cells
//   with a dashed black-and-white frame, names them in the legend, and the readout of a marked
//   cell says it is one: a shape and words, not a colour)

import { h, uniqueId, withSuperscripts } from './dom.js';
import { viridisCss, textOn } from './colour-scale.js';
import { fixed } from './format.js';
import { sizeCanvas, canvasFont } from './canvas.js';
import { redrawForPrint } from './print-redraw.js';
import { DataTable, tableNumber } from './data-table.js';
import { contentWidth } from './box-width.js';
import { uprightColumns } from './heatmap-labels.js';

const MIN_CELL = 6;  // pixels: the smallest cell drawn, however narrow the space
const LABEL_ROOM = 140; // pixels at most for a row label's width or a column label's height
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
   * @param {{value?:number, blocked?:boolean, text:string}[]} [o.key]  for a map of a few values
   *                                         (a mask's 0 and −∞): the legend names each, with its
   *                                         colour or its hatching, instead of a ramp from min to max
   * @param {{cells:number[], name:string}} [o.marked]  cells (row * cols + col) outlined, and what they are
   */
  constructor({ label, rowLabels, colLabels, min = 0, max = 1, format = (x) => fixed(x, 2), rowTitle = 'query', colTitle = 'key', cellSize, key, marked = null }) {
    this.label = label;
    this.rowLabels = rowLabels;
    this.colLabels = colLabels;
    this.min = min;
    this.max = max;
    this.format = format;
    this.rowTitle = rowTitle;
    this.colTitle = colTitle;
    this.focusedCell = { row: 0, col: 0 };
    this.marked = marked ? { name: marked.name, cells: new Set(marked.cells) } : null;
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
    this.legend = h('div', { className: 'heatmap-legend', 'aria-hidden': 'true' }, key ? this.#keyItems(key)
      : [h('span', {}, format(min)), h('span', { className: 'heatmap-ramp' }), h('span', {}, format(max)),
        marked ? h('span', { className: 'heatmap-key-item' }, h('span', { className: 'heatmap-swatch marked' }), `outlined: ${marked.name}`) : null]);
    this.table = new DataTable({
      caption: `${label}: every value (rows: ${rowTitle}, columns: ${colTitle})`,
      figure: {
        title: () => this.label,
        canvas: () => this.canvas,
        svg: async (colours) => (await import('./heatmap-svg.js')).heatmapSvg({ title: this.label, rowLabels: this.rowLabels, colLabels: this.colLabels, values: this.values,
          min: this.min, max: this.max, format: this.format, rowTitle: this.rowTitle, colTitle: this.colTitle, colours, key, marked: this.marked }),
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

  /** The legend of a map of a few values: a swatch of each value's colour (set through the CSSOM:
   *  the page's policy allows no inline style) or the hatching of blocked cells, and its words. */
  #keyItems(key) {
    return key.map(({ value, blocked, text }) => {
      const swatch = h('span', { className: `heatmap-swatch${blocked ? ' blocked' : ''}` });
      if (!blocked) swatch.style.background = viridisCss((value - this.min) / (this.max - this.min || 1));
      return h('span', { className: 'heatmap-key-item' }, swatch, text);
    });
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

  /** Room for the labels: the widest row label and the longest column label as drawn (at the
   *  largest label font), up to LABEL_ROOM; a longer label is shortened in its middle (fitLabel). */
  #margins() {
    const font = canvasFont(getComputedStyle(this.surface), 12); // the labels' largest, in the widget's font
    const longest = (labels) => Math.max(...labels.map((l) => labelWidth(String(l), font)), 7);
    return { left: Math.min(LABEL_ROOM, 8 + longest(this.rowLabels)), top: uprightColumns(this.colLabels) ? 18 : Math.min(LABEL_ROOM, 8 + longest(this.colLabels)) };
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
    const fontSize = Math.min(12, Math.max(9, size * 0.45)); // the labels' and the printed values'
    ctx.font = canvasFont(styles, fontSize);

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
    // Every label while a cell is at least as tall as the labels' font (a row per label, a column
    // per upright character); below that (the smallest cells), every other one or fewer.
    const step = size >= fontSize ? 1 : Math.ceil((fontSize + 3) / size);
    this.canvas.dataset.labelStep = String(step); // for tests, which cannot read a canvas
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    const fitted = (label, room) => fitLabel(String(label), room, (text) => ctx.measureText(text).width);
    const upright = uprightColumns(this.colLabels);
    // The labels as drawn (whole, or shortened in the middle), for tests, which cannot read a canvas.
    this.drawnLabels = { rows: this.rowLabels.map((l) => fitted(l, left - 6)), cols: this.colLabels.map((l) => (upright ? String(l) : fitted(l, top - 6))) };
    for (let r = 0; r < this.rows; r += step) ctx.fillText(this.drawnLabels.rows[r], left - 4, top + r * size + size / 2);
    ctx.save();
    ctx.textAlign = upright ? 'center' : 'left';
    ctx.textBaseline = upright ? 'alphabetic' : 'middle';
    for (let c = 0; c < this.cols; c += step) {
      ctx.save();
      ctx.translate(left + c * size + size / 2, top - 4);
      if (!upright) ctx.rotate(-Math.PI / 2);
      ctx.fillText(this.drawnLabels.cols[c], 0, 0);
      ctx.restore();
    }
    ctx.restore();
    if (this.waiting) return;
    if (this.marked) for (const cell of this.marked.cells) drawMarked(ctx, left + (cell % this.cols) * size, top + Math.floor(cell / this.cols) * size, size);
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
    const mark = this.marked?.cells.has(row * this.cols + col) ? ` (outlined: ${this.marked.name})` : '';
    return `${this.rowTitle} ${row + 1} “${this.rowLabels[row]}” → ${this.colTitle} ${col + 1} “${this.colLabels[col]}”: ${shown}${mark}`;
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

/** A marked cell: a dashed frame, black over white, seen on every colour of the scale. */
function drawMarked(ctx, x, y, size) {
  ctx.save();
  const line = Math.max(1, Math.min(2, size / 10));
  ctx.lineWidth = line;
  ctx.strokeStyle = '#ffffff';
  ctx.setLineDash([]);
  ctx.strokeRect(x + line / 2, y + line / 2, size - line, size - line);
  ctx.strokeStyle = '#000000';
  ctx.setLineDash([Math.max(2, size / 6), Math.max(2, size / 6)]);
  ctx.strokeRect(x + line / 2, y + line / 2, size - line, size - line);
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

let measurer; // a canvas context that measures labels before the map's own canvas is sized

/** The width of `text` in pixels in `font` (canvasFont: the labels' largest, in the widget's
 *  family; 7 px a character where no canvas measures). */
function labelWidth(text, font) {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return Array.from(text).length * 7;
  measurer.font = font;
  return measurer.measureText(text).width;
}

/** `text` within `room` pixels (`width` measures): whole, or its start and its end (where a mark
 *  such as “*” stands) with “…” between. The whole label is in the readout and the data table. */
export function fitLabel(text, room, width) {
  if (width(text) <= room) return text;
  const chars = Array.from(text);
  let head = Math.ceil(chars.length / 2), tail = Math.floor(chars.length / 2);
  while (head + tail > 1) {
    if (head > tail) head -= 1; else tail -= 1;
    const shown = `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
    if (width(shown) <= room) return shown;
  }
  return `${chars[0]}…`;
}
