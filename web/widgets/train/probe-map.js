// probe-map.js — the training lab's single attention map: one layer and head on the probe text,
// as large as the panel allows (every character labelled along both axes, at least 12 px a cell;
// a longer probe scrolls inside its box), redrawn when the panel's width changes. Under it, what
// the core measured on this probe. Beside it, what a map cannot tell (written by train-panels.js).
//
//   const map = new ProbeMap(panel);          // panel: buildProbePanel()'s { host, summary, layer, head }
//   map.offer(layers, heads);                 // the layer and head selects, for the model's shape
//   map.draw(maps, layer, head);              // maps: the training worker's probe answer
//   map.drawChosen(maps);                     // the layer and head chosen in the selects
//   map.heatmap                               // the Heatmap drawn (tests read its values)
//   map.reserve(text, layer, head, context);  // before the lab starts: the map's labels and empty cells

import { h, replaceChildren } from '../../ui/dom.js';
import { Heatmap } from '../../ui/heatmap.js';
import { fixed } from '../../ui/format.js';
import { HeadScore } from '../../lib/abi.js';

/** How characters are shown on the axes: the invisible ones by a sign. */
export const SHOWN = { ' ': '␣', '\n': '⏎', '\t': '⇥' };
export const shownChar = (c) => SHOWN[c] ?? c;

const MIN_CELL = 12; // the heatmap labels every row and column from 12 px a cell
const MAX_CELL = 32;
const AXIS = 24;     // the row labels' margin (one character) and the canvas's edge

/** Pixels per cell for t characters in a box `width` pixels wide. */
export function cellSizeFor(width, t) {
  return Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor((width - AXIS) / t)));
}

/** Fills a select with `count` options ("Layer 1", …); the choice stays when it still exists. */
function fillSelect(select, count, word) {
  const keep = Number(select.value) || 0;
  replaceChildren(select, Array.from({ length: count }, (_, i) => h('option', { value: i }, `${word} ${i + 1}`)));
  select.value = String(Math.min(keep, count - 1));
}

export class ProbeMap {
  constructor({ host, summary, layer, head }) {
    this.host = host;
    this.summary = summary;
    this.layerSelect = layer;
    this.headSelect = head;
    this.heatmap = null;
    this.drawn = null; // { maps, layer, head, cell } (or { reserved, layer, head, cell } before the numbers)
    if (typeof ResizeObserver !== 'undefined') {
      new ResizeObserver(() => {
        const d = this.drawn;
        if (!d || cellSizeFor(this.host.clientWidth, (d.maps ?? d.reserved).t) === d.cell) return;
        if (d.maps) this.draw(d.maps, d.layer, d.head);
        else this.reserve(d.reserved.text, d.layer, d.head, d.reserved.context);
      }).observe(host);
    }
  }

  /** The layer and head selects offer a model's `layers` and `heads`. */
  offer(layers, heads) {
    fillSelect(this.layerSelect, layers, 'Layer');
    fillSelect(this.headSelect, heads, 'Head');
  }

  /** Draws the layer and head chosen in the selects. */
  drawChosen(maps) {
    this.draw(maps, Number(this.layerSelect.value) || 0, Number(this.headSelect.value) || 0);
  }

  /** Before the model is loaded (the lab has not started): the map of the probe `text` (up to the
   *  model's `context` characters) as labels and empty cells at the size the numbers will take, and
   *  the sentence under it with “…” for each number. draw() fills them in place. */
  reserve(text, layer, head, context) {
    const chars = Array.from(text).slice(0, context), t = chars.length;
    if (t === 0) return;
    const labels = chars.map(shownChar);
    const cell = cellSizeFor(this.host.clientWidth || 600, t);
    this.heatmap = new Heatmap({
      label: `Layer ${layer + 1}, head ${head + 1}: attention weights on the probe text (rows: queries, columns: keys)`,
      rowLabels: labels, colLabels: labels, min: 0, max: 1, format: (x) => fixed(x, 3), cellSize: cell,
    });
    replaceChildren(this.host, this.heatmap.element);
    this.heatmap.reserve();
    this.drawn = { reserved: { text, context, t }, layer, head, cell };
    this.summary.textContent = `${t} characters. Largest weight above the diagonal: …. On this probe (rows 2 to ${t}), the head puts … of a row's weight `
      + 'on the character itself, … on the previous one and … on the first.';
  }

  draw(maps, layer, head) {
    const { layers, heads, t, weights, chars, scores } = maps;
    layer = Math.min(layer, layers - 1);
    head = Math.min(head, heads - 1);
    const g = layer * heads + head;
    const slice = weights.subarray(g * t * t, (g + 1) * t * t);
    const labels = chars.map(shownChar);
    const focus = this.heatmap?.waiting ? null : this.heatmap?.focusedCell; // a reserved map (reserve()) has no focus to keep
    const cell = cellSizeFor(this.host.clientWidth || 600, t);
    this.heatmap = new Heatmap({
      label: `Layer ${layer + 1}, head ${head + 1}: attention weights on the probe text (rows: queries, columns: keys)`,
      rowLabels: labels, colLabels: labels, min: 0, max: 1, format: (x) => fixed(x, 3), cellSize: cell,
    });
    replaceChildren(this.host, this.heatmap.element);
    this.heatmap.update(slice);
    if (focus && focus.row < t && focus.col < t) this.heatmap.setFocus(focus.row, focus.col);
    else this.heatmap.setFocus(Math.min(t - 1, 4), Math.min(t - 1, 3));
    this.drawn = { maps, layer, head, cell };
    let above = 0;
    for (let i = 0; i < t; i++) for (let j = i + 1; j < t; j++) above = Math.max(above, slice[i * t + j]);
    const measured = scores
      ? ` On this probe (rows 2 to ${t}), the head puts ${fixed(scores[g * HeadScore.count + HeadScore.self], 3)} of a row's weight on the character itself, `
        + `${fixed(scores[g * HeadScore.count + HeadScore.previous], 3)} on the previous one and ${fixed(scores[g * HeadScore.count + HeadScore.sink], 3)} on the first.`
      : '';
    this.summary.textContent = `${t} characters. Largest weight above the diagonal: ${above === 0 ? '0 exactly' : fixed(above, 6)}.${measured}`;
  }
}
