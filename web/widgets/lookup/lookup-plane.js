// lookup-plane.js — one panel of <attn-lookup>: a square of the plane drawn on a canvas, with
// axes, a grid, labelled points whose size follows their weight, an optional outline (the convex
// hull of the values) and one marker (the query, or the output). The keys' panel is also the
// query's control: drag it with the pointer (`move` while dragging, `commit` on release), or
// focus the panel and press the arrow keys (0.1 a step, Shift for 1), each a `commit`. The labels
// are drawn last, placed so that none covers another (lookup-labels.js); `labels` holds where.
//
//   const plane = new Plane({ label: 'Keys and the query', interactive: true, onMove, onCommit });
//   host.append(plane.element);
//   plane.draw({ range: 4, points: [{ x, y, label: 'k1', weight: 0.4, shape: 'circle' }], marker: { x, y, label: 'q', shape: 'star' } });

import { h } from '../../ui/dom.js';
import { sizeCanvas, canvasFont } from '../../ui/canvas.js';
import { COORDINATE_LIMIT } from './lookup-memory.js';
import { markBox, placeLabels } from './lookup-labels.js';

const LARGEST_SIDE = 320;
const POINT_FONT = { size: 12, bold: false };
const MARKER_FONT = { size: 13, bold: true };
const SMALL_STEP = 0.1, LARGE_STEP = 1;
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

const round2 = (x) => Math.round(x * 100) / 100;
const clamp = (x, limit) => Math.min(limit, Math.max(-limit, x));

export class Plane {
  #state = null;
  #dragging = false;
  /** The labels as last drawn: [{ text, x, y, left, top, right, bottom }] in the canvas's px. */
  labels = [];
  /** The marks' boxes as last drawn, named by their labels: [{ text, left, top, right, bottom }]. */
  marks = [];

  /**
   * @param {object} o
   * @param {string} o.label           the panel's caption and accessible name
   * @param {boolean} [o.interactive]  the query's control (pointer and arrow keys)
   * @param {(point: number[]) => void} [o.onMove]    while dragging
   * @param {(point: number[]) => void} [o.onCommit]  a drag released, or an arrow key
   */
  constructor({ label, interactive = false, onMove = () => {}, onCommit = () => {} }) {
    this.label = label;
    this.interactive = interactive;
    this.onMove = onMove;
    this.onCommit = onCommit;
    this.canvas = h('canvas', interactive
      ? { className: 'plane-canvas', tabindex: 0, role: 'application', 'aria-label': label, onkeydown: (e) => this.#onKey(e) }
      : { className: 'plane-canvas', role: 'img', 'aria-label': label });
    if (interactive) {
      this.canvas.addEventListener('pointerdown', (e) => this.#onPointer(e, 'down'));
      this.canvas.addEventListener('pointermove', (e) => this.#onPointer(e, 'move'));
      this.canvas.addEventListener('pointerup', (e) => this.#onPointer(e, 'up'));
      this.canvas.addEventListener('pointercancel', (e) => this.#onPointer(e, 'up'));
    }
    this.box = h('div', { className: 'plane-box' }, this.canvas);
    // An illustration: every point drawn (keys, query, values, output) is a row or note of the
    // widget's table "The memory, the scores and the weights", whose CSV exports them.
    this.element = h('figure', { className: 'plane', 'data-illustration': 'the memory and the query, numbers in the table below' },
      h('figcaption', {}, label), this.box);
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(() => this.#paint()).observe(this.box);
  }

  /** The range drawn, ±range on both axes (kept while a drag is under way). */
  get range() { return this.#state?.range ?? 4; }
  get dragging() { return this.#dragging; }

  /**
   * @param {object} o
   * @param {number} o.range   the plane shows −range … range on both axes
   * @param {{x, y, label: string, weight: number, shape: 'circle'|'square', colour: string}[]} o.points
   *   colour names a CSS custom property of the widget (e.g. '--lookup-key')
   * @param {{x, y}[]} [o.outline]  a closed polygon (the hull), drawn dashed
   * @param {{x, y, label: string, shape: 'star'|'diamond'}} o.marker
   * @param {string} o.description  the canvas's accessible name: what it shows, in words
   */
  draw(state) {
    this.#state = state;
    this.canvas.setAttribute('aria-label', state.description);
    this.#paint();
  }

  #side() {
    return Math.max(120, Math.min(LARGEST_SIDE, Math.floor(this.box.clientWidth || LARGEST_SIDE)));
  }

  #paint() {
    const state = this.#state;
    if (!state) return;
    const side = this.#side();
    const ctx = sizeCanvas(this.canvas, side, side);
    if (!ctx) return;
    const styles = getComputedStyle(this.canvas);
    const colour = (name, fallback) => styles.getPropertyValue(name).trim() || fallback;
    const fg = colour('--attn-fg', '#1c2430'), muted = colour('--attn-muted', '#5b6675');
    const border = colour('--attn-border', '#d5dae1'), surface = colour('--attn-surface', '#f6f7f9');
    const toPixel = ([x, y]) => [side / 2 + (x / state.range) * (side / 2 - 14), side / 2 - (y / state.range) * (side / 2 - 14)];
    ctx.clearRect(0, 0, side, side);
    ctx.fillStyle = surface;
    ctx.fillRect(0, 0, side, side);
    this.#grid(ctx, toPixel, state.range, { border, muted });
    if (state.outline?.length) this.#outline(ctx, toPixel, state.outline, fg);
    const wanted = state.points.map((point) => this.#point(ctx, toPixel, { ...point, colour: colour(point.colour, fg) }, fg));
    wanted.push(this.#marker(ctx, toPixel, state.marker, fg));
    // In the widget's font (--attn-font), over every mark, and each clear of the others (the
    // query's or output's label moves aside).
    for (const label of wanted) label.font = canvasFont(styles, label.size, { bold: label.bold });
    this.labels = placeLabels(wanted, side, (text, font) => { ctx.font = font; return ctx.measureText(text).width; });
    this.marks = wanted.map((mark) => ({ text: mark.text, ...markBox(mark) }));
    for (const label of this.labels) this.#label(ctx, label, fg);
  }

  #grid(ctx, toPixel, range, { border, muted }) {
    ctx.lineWidth = 1;
    ctx.strokeStyle = border;
    const step = range > 6 ? 2 : 1;
    for (let v = -Math.floor(range / step) * step; v <= range; v += step) {
      const [x0, y0] = toPixel([v, -range]), [x1, y1] = toPixel([v, range]);
      const [a0, b0] = toPixel([-range, v]), [a1, b1] = toPixel([range, v]);
      ctx.beginPath(); ctx.moveTo(x0, y0); ctx.lineTo(x1, y1); ctx.moveTo(a0, b0); ctx.lineTo(a1, b1); ctx.stroke();
    }
    ctx.strokeStyle = muted;
    ctx.lineWidth = 1.5;
    const [ox, oy] = toPixel([0, 0]);
    ctx.beginPath(); ctx.moveTo(toPixel([-range, 0])[0], oy); ctx.lineTo(toPixel([range, 0])[0], oy);
    ctx.moveTo(ox, toPixel([0, -range])[1]); ctx.lineTo(ox, toPixel([0, range])[1]); ctx.stroke();
  }

  #outline(ctx, toPixel, outline, fg) {
    ctx.save();
    ctx.beginPath();
    outline.forEach((corner, i) => { const [x, y] = toPixel([corner.x, corner.y]); if (i) ctx.lineTo(x, y); else ctx.moveTo(x, y); });
    ctx.closePath();
    ctx.globalAlpha = 0.12;
    ctx.fillStyle = fg;
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.setLineDash([5, 4]);
    ctx.strokeStyle = fg;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.restore();
  }

  /** A key (circle) or value (square) in its colour: its area grows with its weight. Returns its
   *  label, to be placed beside it. */
  #point(ctx, toPixel, { x, y, label, weight, shape, colour }, fg) {
    const [px, py] = toPixel([x, y]);
    const r = 4 + 9 * Math.sqrt(Math.max(0, weight));
    ctx.fillStyle = colour;
    ctx.strokeStyle = fg;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    if (shape === 'square') ctx.rect(px - r, py - r, 2 * r, 2 * r);
    else ctx.arc(px, py, r, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    return { text: label, ...POINT_FONT, x: px, y: py, gapX: r + 3, gapY: r, reach: r + 1 };
  }

  /** Text with a halo of the background colour, so it reads over lines and other points. */
  #label(ctx, { text, x, y, font }, fg) {
    ctx.save();
    ctx.font = font;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    ctx.lineWidth = 3;
    ctx.strokeStyle = getComputedStyle(this.canvas).getPropertyValue('--attn-surface').trim() || '#fff';
    ctx.strokeText(text, x, y);
    ctx.fillStyle = fg;
    ctx.fillText(text, x, y);
    ctx.restore();
  }

  /** The query (a star) or the output (a diamond), in the text colour with a halo. Returns its
   *  label, to be placed beside it. */
  #marker(ctx, toPixel, { x, y, label, shape }, fg) {
    const [px, py] = toPixel([x, y]);
    ctx.save();
    ctx.beginPath();
    if (shape === 'star') {
      for (let i = 0; i < 10; i++) {
        const r = i % 2 ? 4.5 : 11, angle = -Math.PI / 2 + (i * Math.PI) / 5;
        ctx.lineTo(px + r * Math.cos(angle), py + r * Math.sin(angle));
      }
    } else {
      ctx.moveTo(px, py - 10); ctx.lineTo(px + 8, py); ctx.lineTo(px, py + 10); ctx.lineTo(px - 8, py);
    }
    ctx.closePath();
    ctx.fillStyle = fg;
    ctx.lineWidth = 3;
    ctx.strokeStyle = getComputedStyle(this.canvas).getPropertyValue('--attn-bg').trim() || '#fff';
    ctx.stroke();
    ctx.fill();
    ctx.restore();
    return { text: label, ...MARKER_FONT, x: px, y: py, gapX: 10, gapY: 12, reach: 11 };
  }

  /** The plane's point under a pointer event, rounded to 0.01 and kept on the plane. */
  #pointAt(event) {
    const rect = this.canvas.getBoundingClientRect();
    const half = rect.width / 2, scale = (half - 14) / this.range;
    const limit = Math.min(this.range, COORDINATE_LIMIT);
    return [round2(clamp((event.clientX - rect.left - half) / scale, limit)), round2(clamp(-(event.clientY - rect.top - half) / scale, limit))];
  }

  #onPointer(event, phase) {
    if (phase === 'down') {
      this.#dragging = true;
      this.canvas.setPointerCapture?.(event.pointerId);
      this.canvas.focus();
      event.preventDefault();
    }
    if (!this.#dragging) return;
    const point = this.#pointAt(event);
    if (phase === 'up') {
      this.#dragging = false;
      this.onCommit(point);
    } else {
      this.onMove(point);
    }
  }

  #onKey(event) {
    const arrow = ARROWS[event.key];
    if (!arrow || !this.#state?.marker) return;
    event.preventDefault();
    const step = event.shiftKey ? LARGE_STEP : SMALL_STEP;
    const { x, y } = this.#state.marker;
    this.onCommit([round2(clamp(x + arrow[0] * step, COORDINATE_LIMIT)), round2(clamp(y + arrow[1] * step, COORDINATE_LIMIT))]);
  }
}
