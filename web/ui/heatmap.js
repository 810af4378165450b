// heatmap.js — the lab's one heatmap view: a (rows × cols) matrix drawn on a canvas with a
// colour-blind-safe scale, axis labels, a legend, and a readout of the focused cell. Keyboard:
// the heatmap is one tab stop; arrow keys move the focused cell, Home/End jump along the row.
// Blocked entries (−∞ in a mask, NaN weights) are drawn hatched, never by colour alone, and the
// readout says what they are. Small heatmaps also print each value in its cell. "Show data as a
// table" (data-table.js) lists every value, a row per row label, from the array drawn.
//
//   const map = new Heatmap({ label: 'Attention weights, head 1', rowLabels, colLabels,
//                             min: 0, max: 1, format: (x) => x.toFixed(2) });
//   host.append(map.element);
//   map.update(weights /* Float32Array(rows*cols) */);
//   map.element.addEventListener('cell-focus', (e) => e.detail /* { row, col, value } */);

import { h } from './dom.js';
import { viridisCss, textOn } from './colour-scale.js';
import { fixed } from './format.js';
import { sizeCanvas } from './canvas.js';
import { DataTable, tableNumber } from './data-table.js';

const CELL_TEXT_LIMIT = 12; // print values in cells up to this many rows and columns

export class Heatmap {
  /**
   * @param {object} o
   * @param {string} o.label                 accessible name, also the visible caption
   * @param {string[]} o.rowLabels           one per row (e.g. query tokens)
   * @param {string[]} o.colLabels           one per column (e.g. key tokens)
   * @param {number} [o.min=0]               value drawn darkest
   * @param {number} [o.max=1]               value drawn brightest
   * @param {(x:number)=>string} [o.format]  how a value is printed
   * @param {string} [o.rowTitle='query'] [o.colTitle='key']  axis names for the readout
   * @param {number} [o.cellSize]            pixels per cell (default: fits about 360 px)
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
    this.cellSize = cellSize ?? Math.max(6, Math.min(44, Math.floor(360 / Math.max(rowLabels.length, colLabels.length))));

    this.canvas = h('canvas', { className: 'heatmap-canvas', 'aria-hidden': 'true' });
    this.readout = h('p', { className: 'heatmap-readout', 'aria-live': 'polite' });
    this.surface = h('div', {
      className: 'heatmap-surface', tabindex: 0, role: 'img', 'aria-label': label,
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
    this.element = h('figure', { className: 'heatmap', part: 'figure' },
      h('figcaption', {}, label), this.surface, this.legend, this.readout, this.table.element);
  }

  get rows() { return this.rowLabels.length; }
  get cols() { return this.colLabels.length; }

  /** Draws `values` (rows*cols, row-major). */
  update(values) {
    this.values = values;
    this.#draw();
    this.#announce(false);
    const shown = (x) => (Number.isFinite(x) ? this.format(x) : tableNumber(x));
    const cols = this.cols;
    this.table.set({
      columns: [{ label: `${this.rowTitle} ↓, ${this.colTitle} →` }, ...this.colLabels.map((l, c) => ({ label: `${c + 1} “${l}”`, format: shown }))],
      rows: this.rowLabels.map((l, r) => [`${r + 1} “${l}”`, ...Array.from(values.slice(r * cols, (r + 1) * cols))]),
    });
  }

  /** Changes the focused cell and tells listeners. */
  setFocus(row, col) {
    this.focusedCell = { row: clamp(row, 0, this.rows - 1), col: clamp(col, 0, this.cols - 1) };
    this.#draw();
    this.#announce();
  }

  #margins() {
    const longest = (labels) => Math.max(...labels.map((l) => String(l).length), 1);
    return { left: Math.min(90, 8 + longest(this.rowLabels) * 7), top: Math.min(90, 8 + longest(this.colLabels) * 7) };
  }

  #draw() {
    const { left, top } = this.#margins();
    const size = this.cellSize;
    const width = left + this.cols * size + 2, height = top + this.rows * size + 2;
    const ctx = sizeCanvas(this.canvas, width, height);
    if (!ctx) return;
    const styles = getComputedStyle(this.surface);
    const fg = styles.getPropertyValue('--attn-fg').trim() || '#1c2430';
    const muted = styles.getPropertyValue('--attn-muted').trim() || '#5b6675';
    ctx.clearRect(0, 0, width, height);
    ctx.font = `${Math.min(12, Math.max(9, size * 0.45))}px system-ui, sans-serif`;

    const span = this.max - this.min || 1;
    const showText = this.rows <= CELL_TEXT_LIMIT && this.cols <= CELL_TEXT_LIMIT && size >= 28;
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const value = this.values[r * this.cols + c];
        const x = left + c * size, y = top + r * size;
        if (!Number.isFinite(value)) {
          drawHatched(ctx, x, y, size, muted);
          continue;
        }
        const t = (value - this.min) / span;
        ctx.fillStyle = viridisCss(t);
        ctx.fillRect(x, y, size, size);
        if (showText) {
          ctx.fillStyle = textOn(t);
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(this.format(value), x + size / 2, y + size / 2);
        }
      }
    }
    // Axis labels: keys along the top (rotated), queries down the left.
    ctx.fillStyle = fg;
    const step = Math.max(1, Math.ceil(12 / size));
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (let r = 0; r < this.rows; r += step) ctx.fillText(String(this.rowLabels[r]), left - 4, top + r * size + size / 2);
    ctx.save();
    ctx.textAlign = 'left';
    for (let c = 0; c < this.cols; c += step) {
      ctx.save();
      ctx.translate(left + c * size + size / 2, top - 4);
      ctx.rotate(-Math.PI / 2);
      ctx.fillText(String(this.colLabels[c]), 0, 0);
      ctx.restore();
    }
    ctx.restore();
    // The focused cell: a thick outline in the text colour.
    ctx.strokeStyle = fg;
    ctx.lineWidth = 2.5;
    ctx.strokeRect(left + this.focusedCell.col * size + 1, top + this.focusedCell.row * size + 1, size - 2, size - 2);
  }

  #describeFocus() {
    const { row, col } = this.focusedCell;
    const value = this.values[row * this.cols + col];
    const shown = Number.isNaN(value) ? 'NaN (no allowed key in this row)'
      : value === -Infinity ? '−∞ (blocked)' : this.format(value);
    return `${this.rowTitle} ${row + 1} “${this.rowLabels[row]}” → ${this.colTitle} ${col + 1} “${this.colLabels[col]}”: ${shown}`;
  }

  #announce(emit = true) {
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
