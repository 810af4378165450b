// small-map.js — one head's attention map drawn small (a grid cell, a window side by side): the
// colour-blind-safe scale of every heatmap, no labels. Its numbers are told in words and tables
// beside it; this picture is for the eye, so its canvas is hidden from screen readers.
//
//   const canvas = smallMap(weights /* (t, t) */, t, 96);

import { h } from '../../ui/dom.js';
import { viridisCss } from '../../ui/colour-scale.js';
import { sizeCanvas } from '../../ui/canvas.js';

/** A canvas of about `size` CSS pixels square showing a (t, t) map of weights in [0, 1]. */
export function smallMap(weights, t, size) {
  const cell = Math.max(1, Math.floor(size / t));
  // An illustration: opened large (Enter, or a click), the same map is a heatmap with its table
  // and downloads (head-dialog.js).
  const canvas = h('canvas', { className: 'small-map', 'aria-hidden': 'true', 'data-illustration': 'a head’s map drawn small; opened large it is a heatmap' });
  const ctx = sizeCanvas(canvas, cell * t, cell * t);
  if (!ctx) return canvas;
  for (let i = 0; i < t; i++) {
    for (let j = 0; j < t; j++) {
      ctx.fillStyle = viridisCss(weights[i * t + j]);
      ctx.fillRect(j * cell, i * cell, cell, cell);
    }
  }
  return canvas;
}
