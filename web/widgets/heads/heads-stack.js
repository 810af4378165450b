// heads-stack.js — draws the stacked (h, N, N) weights tensor as layers, one per head, offset
// like sheets of paper (head 1 in front), with the chosen head outlined. A picture only (aria-hidden): the widget
// states the shape and the focused entry in text beside it.

import { h } from '../../ui/dom.js';
import { viridisCss } from '../../ui/colour-scale.js';
import { sizeCanvas, canvasFont } from '../../ui/canvas.js';
import { redrawForPrint } from '../../ui/print-redraw.js';

export class StackView {
  constructor() {
    this.canvas = h('canvas', { className: 'stack-canvas', 'aria-hidden': 'true' });
    // A picture of numbers the head heatmaps above already show (and export): no downloads of its own.
    this.element = h('div', { className: 'stack', 'data-illustration': 'the heads\' maps, stacked' }, this.canvas);
    // Its labels are in the theme's colours, which print changes: drawn again with the last arguments.
    this.printView = { element: this.element, redraw: () => this.update(...this.last) };
  }

  /** weights (heads·n·n); head `chosen` is outlined and its focused cell {row, col} marked.
   *  weights null (the widget has not started): grey sheets at the size they will have. */
  update(weights, heads, n, chosen, focus) {
    this.last = [weights, heads, n, chosen, focus];
    redrawForPrint(this.printView);
    const cell = Math.max(5, Math.min(12, Math.floor(150 / n)));
    const side = cell * n, dx = 26, dy = 22, label = 64;
    const width = side + dx * (heads - 1) + label + 4, height = side + dy * (heads - 1) + 4;
    const ctx = sizeCanvas(this.canvas, width, height);
    if (!ctx) return;
    ctx.clearRect(0, 0, width, height);
    const styles = getComputedStyle(this.element);
    const fg = styles.getPropertyValue('--attn-fg').trim() || '#1c2430';
    // Head 1 is the front sheet (bottom left), the last head the back one (top right): draw back to front.
    const origin = (layer) => ({ x: dx * layer, y: dy * (heads - 1 - layer) });
    for (let layer = heads - 1; layer >= 0; layer--) {
      const { x: x0, y: y0 } = origin(layer);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const value = weights?.[(layer * n + i) * n + j];
          ctx.fillStyle = Number.isFinite(value) ? viridisCss(value) : 'rgba(127,127,127,0.3)';
          ctx.fillRect(x0 + j * cell, y0 + i * cell, cell, cell);
        }
      }
      ctx.strokeStyle = fg;
      ctx.lineWidth = 1;
      ctx.strokeRect(x0 + 0.5, y0 + 0.5, side - 1, side - 1);
    }
    // Labels to the right of the whole stack, one per sheet, level with the sheet's top edge.
    const right = dx * (heads - 1) + side + 6;
    ctx.textBaseline = 'middle';
    for (let layer = 0; layer < heads; layer++) {
      const { x: x0, y: y0 } = origin(layer);
      ctx.strokeStyle = fg;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(x0 + side, y0 + 6);
      ctx.lineTo(right - 2, y0 + 6);
      ctx.stroke();
      ctx.fillStyle = fg;
      ctx.font = canvasFont(styles, 11, { bold: layer === chosen });
      ctx.fillText(`head ${layer + 1}`, right, y0 + 6);
    }
    const { x: cx, y: cy } = origin(chosen);
    ctx.strokeStyle = fg;
    ctx.lineWidth = 2.5;
    ctx.strokeRect(cx + 1, cy + 1, side - 2, side - 2);
    if (focus && weights) {
      ctx.lineWidth = 2;
      ctx.strokeRect(cx + focus.col * cell, cy + focus.row * cell, cell, cell);
    }
  }
}
