// position-detail.js — "What the positions add" in <attn-shuffle>: for sinusoidal positions, the
// position vectors PE added to the word vectors (a matrix, a row per place); for rotary ones, the
// lengths of each query and key before and after rotation (rotation turns them, never stretches
// them); with no positions, a sentence saying that nothing is added. The numbers come from the
// widget's result (compare-orders.js).
//
//   drawPositionDetail(container, result, { words, order, offset, positions });

import { h, replaceChildren } from '../../ui/dom.js';
import { MatrixView } from '../../ui/matrix-view.js';
import { fixed } from '../../ui/format.js';

/** Fills `container` with what the positions in use add, for result `r` (null: nothing yet). */
export function drawPositionDetail(container, r, { words, order, offset, positions }) {
  if (!r) return replaceChildren(container, h('p', {}, 'Nothing to show until the inputs are fixed.'));
  const labels = order.map((wordIndex, place) => `pos ${offset + place} · ${words[wordIndex].text}`);
  if (positions === 'none') {
    return replaceChildren(container, h('p', {},
      'No positions: each word’s vector goes into attention as it is, the same wherever the word stands.'));
  }
  if (positions === 'sinusoidal') {
    const view = new MatrixView({
      name: 'Position vectors', caption: 'Position vectors PE added to the word vectors',
      rows: r.n, cols: r.d, rowLabels: labels, colLabels: Array.from({ length: r.d }, (_, c) => String(c)),
      format: (x) => fixed(x, 3),
    });
    view.update(r.pe);
    return replaceChildren(container,
      h('p', {}, 'Column 2i holds sin(pos / 10000^(2i/d)) and column 2i + 1 holds cos of the same angle, so position 0 '
        + 'is [0, 1, 0, 1, …]. Early columns turn fast with the position, later ones slowly.'),
      view.element);
  }
  const norm = (v, row) => Math.hypot(...v.subarray(row * r.d, (row + 1) * r.d));
  const body = order.map((wordIndex, place) => h('tr', {},
    h('th', { scope: 'row' }, labels[place]),
    ...[norm(r.plain.q, place), norm(r.after.q, place), norm(r.plain.k, place), norm(r.after.k, place)]
      .map((x) => h('td', {}, fixed(x, 4)))));
  return replaceChildren(container,
    h('p', {}, 'Each pair of query and key features is turned by an angle proportional to the position. '
      + 'Turning changes a vector’s direction but never its length, and the score between two words then '
      + 'depends only on how many places apart they are.'),
    h('div', { className: 'matrix-block' }, h('table', { className: 'matrix', 'aria-label': 'Lengths before and after rotation' },
      h('caption', {}, 'Lengths of q and k before and after rotation'),
      h('thead', {}, h('tr', {}, h('td', { className: 'corner' }),
        ...['‖q‖ before', '‖q‖ after', '‖k‖ before', '‖k‖ after'].map((text) => h('th', { scope: 'col' }, text)))),
      h('tbody', {}, body))));
}
