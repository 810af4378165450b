// heatmap-svg.js — a heatmap as an SVG document: a cell per value on the same colour-blind-safe
// scale as the canvas (colour-scale.js), blocked and NaN cells hatched, every row and column
// labelled, the two axis titles, the scale's legend, and the figure's title above.
//
//   const text = heatmapSvg({ title, rowLabels, colLabels, values, min, max, format,
//                             rowTitle: 'query', colTitle: 'key', colours: { bg, fg, muted, font },
//                             key /* optional: Heatmap's legend of a few values */,
//                             marked /* optional: { cells: Set or array of row * cols + col, name } outlined */ });

import { viridisHex, textOn } from './colour-scale.js';
import { group, svgDocument, tag } from './svg.js';
import { uprightColumns } from './heatmap-labels.js';

const CHAR = 6.5;          // about the width of one character at 11 px
const CELL_TEXT_LIMIT = 12; // values printed in their cells up to this many rows and columns

export function heatmapSvg({ title, rowLabels, colLabels, values, min = 0, max = 1, format = String, rowTitle = 'query', colTitle = 'key', colours, key, marked = null }) {
  const rows = rowLabels.length, cols = colLabels.length;
  const cell = Math.max(12, Math.min(44, Math.floor(480 / Math.max(rows, cols, 1))));
  const longest = (labels) => Math.max(1, ...labels.map((label) => Array.from(String(label)).length));
  const upright = uprightColumns(colLabels); // one character each: written upright, as on the page
  const left = 28 + longest(rowLabels) * CHAR, top = 28 + (upright ? 1 : longest(colLabels)) * CHAR;
  // Wide enough for the cells, the legend (about 330 px) and the title (about 8 px a character).
  const width = Math.max(left + cols * cell + 16, left + (marked ? 560 : 330), 20 + Array.from(title).length * 8);
  const legendTop = top + rows * cell + 16, height = legendTop + 40;
  const span = max - min || 1;
  const printValues = rows <= CELL_TEXT_LIMIT && cols <= CELL_TEXT_LIMIT && cell >= 28;

  const cells = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const value = values[r * cols + c];
      const x = left + c * cell, y = top + r * cell;
      if (!Number.isFinite(value)) {
        cells.push(tag('rect', { x, y, width: cell, height: cell, fill: 'url(#blocked)' }));
        continue;
      }
      const t = (value - min) / span;
      cells.push(tag('rect', { x, y, width: cell, height: cell, fill: viridisHex(t) }));
      if (printValues) cells.push(tag('text', { x: x + cell / 2, y: y + cell / 2 + 4, 'text-anchor': 'middle', 'font-size': 11, fill: textOn(t) }, format(value)));
    }
  }
  // Marked cells (Heatmap's `marked`): a dashed frame, black over white, as on the page.
  for (const index of marked?.cells ?? []) {
    const x = left + (index % cols) * cell + 1, y = top + Math.floor(index / cols) * cell + 1;
    cells.push(tag('rect', { x, y, width: cell - 2, height: cell - 2, fill: 'none', stroke: '#ffffff', 'stroke-width': 2 }));
    cells.push(tag('rect', { x, y, width: cell - 2, height: cell - 2, fill: 'none', stroke: '#000000', 'stroke-width': 2, 'stroke-dasharray': '3 3' }));
  }
  if (marked) {
    cells.push(tag('rect', { x: left + 340, y: legendTop, width: 10, height: 10, fill: 'none', stroke: colours.fg, 'stroke-width': 1.5, 'stroke-dasharray': '2 2' }));
    cells.push(tag('text', { x: left + 356, y: legendTop + 9, 'font-size': 11, fill: colours.fg }, `outlined: ${marked.name}`));
  }
  const labels = [
    ...rowLabels.map((label, r) => tag('text', { x: left - 4, y: top + r * cell + cell / 2 + 4, 'text-anchor': 'end', 'font-size': 11, fill: colours.fg }, String(label))),
    ...colLabels.map((label, c) => (upright
      ? tag('text', { x: left + c * cell + cell / 2, y: top - 4, 'text-anchor': 'middle', 'font-size': 11, fill: colours.fg }, String(label))
      : tag('text', { x: 0, y: 0, transform: `translate(${left + c * cell + cell / 2 + 4} ${top - 4}) rotate(-90)`, 'font-size': 11, fill: colours.fg }, String(label)))),
    tag('text', { x: 0, y: 0, transform: `translate(14 ${top + (rows * cell) / 2}) rotate(-90)`, 'text-anchor': 'middle', 'font-size': 12, fill: colours.fg, class: 'axis-title' }, `${rowTitle} (rows)`),
    tag('text', { x: left + (cols * cell) / 2, y: 14, 'text-anchor': 'middle', 'font-size': 12, fill: colours.fg, class: 'axis-title' }, `${colTitle} (columns)`),
  ];
  const stops = Array.from({ length: 9 }, (_, i) => tag('stop', { offset: `${i * 12.5}%`, 'stop-color': viridisHex(i / 8) }));
  // A map of a few values (a mask) names each with its swatch; any other map has the scale's ramp.
  const legend = key ? key.map(({ value, blocked, text }, i) => group('g', {}, [
    tag('rect', { x: left + i * 160, y: legendTop, width: 10, height: 10, fill: blocked ? 'url(#blocked)' : viridisHex((value - min) / span) }),
    tag('text', { x: left + i * 160 + 16, y: legendTop + 9, 'font-size': 11, fill: colours.fg }, text),
  ])) : [
    tag('rect', { x: left, y: legendTop, width: 160, height: 10, fill: 'url(#scale)' }),
    tag('text', { x: left, y: legendTop + 26, 'font-size': 11, fill: colours.fg }, format(min)),
    tag('text', { x: left + 160, y: legendTop + 26, 'text-anchor': 'end', 'font-size': 11, fill: colours.fg }, format(max)),
    tag('rect', { x: left + 180, y: legendTop, width: 10, height: 10, fill: 'url(#blocked)' }),
    tag('text', { x: left + 196, y: legendTop + 9, 'font-size': 11, fill: colours.fg }, 'blocked (−∞) or NaN'),
  ];
  const defs = group('defs', {}, [
    group('linearGradient', { id: 'scale' }, stops),
    group('pattern', { id: 'blocked', width: 5, height: 5, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, [
      tag('rect', { width: 5, height: 5, fill: 'rgba(127,127,127,0.12)' }),
      tag('line', { x1: 0, y1: 0, x2: 0, y2: 5, stroke: colours.muted, 'stroke-width': 1 }),
    ]),
  ]);
  return svgDocument({ width, height, title, background: colours.bg, foreground: colours.fg, font: colours.font, body: [defs, ...cells, ...labels, ...legend] });
}
