// decode-view.js — what <attn-decode> draws from one DecodeRun view (decode-run.js): the text
// with its newest character marked, the cache of the chosen layer and head growing one column per
// step (keys, values) beside the new query's weights over it in every layer and head, the next
// character's likeliest candidates, and the work of the step with the cache and without it.
// Every number drawn comes from the core through the view; nothing here computes one.

import { h, replaceChildren } from '../../ui/dom.js';
import { Heatmap } from '../../ui/heatmap.js';
import { counted, fixed, sig, byteSize as bytes } from '../../ui/format.js';

/** How a character is labelled in the maps and tables: spaces and line breaks made visible. */
const SHOWN = { ' ': '␣', '\n': '⏎', '\t': '⇥' };
export const showChar = (c) => SHOWN[c] ?? c;

const count = (x) => Math.round(x).toLocaleString('en-US');

/** Pixels per heatmap cell so that t columns stay readable and fit a wide column. */
function cellSize(t) {
  return t <= 12 ? 28 : t <= 24 ? 20 : t <= 40 ? 13 : 9;
}

/** The decoded text: the prompt, then the generated characters, the newest marked (not by colour alone). */
export function drawText(host, view) {
  const { chars, promptLength } = view;
  const newest = chars.length - 1;
  replaceChildren(host,
    h('span', { className: 'prompt-text' }, chars.slice(0, Math.min(promptLength, newest)).join('')),
    h('span', { className: 'generated-text' }, chars.slice(promptLength, newest).join('')),
    h('mark', { className: 'newest', title: 'the character fed last' }, chars[newest] === '\n' ? '⏎\n' : chars[newest]));
}

/** The three maps of the cache for t characters labelled `columns`, not yet drawn: the new query's
 *  weights (a row per layer and head) above the keys and values of (layer, head), `width` features
 *  each. The same for the model's numbers (drawCache) and for its place before it loads (reserveCache). */
function cacheMaps(host, { t, columns, layer, head, layers, heads, width, limit = 1 }) {
  const features = Array.from({ length: width }, (_, i) => String(i + 1));
  const size = cellSize(t);
  const format = (x) => fixed(x, 2);
  const keyMap = new Heatmap({ label: `Cached keys, layer ${layer + 1}, head ${head + 1} (${width} features × ${t} characters)`,
    rowLabels: features, colLabels: columns, min: -limit, max: limit, format, rowTitle: 'feature', colTitle: 'cached character', cellSize: size });
  const valueMap = new Heatmap({ label: `Cached values, layer ${layer + 1}, head ${head + 1} (${width} features × ${t} characters)`,
    rowLabels: features, colLabels: columns, min: -limit, max: limit, format, rowTitle: 'feature', colTitle: 'cached character', cellSize: size });
  const rowNames = [];
  for (let l = 0; l < layers; l++) for (let k = 0; k < heads; k++) rowNames.push(`L${l + 1} H${k + 1}`);
  const weightMap = new Heatmap({ label: `The new query’s weights over the ${t} cached characters, every layer and head (rows: layer L, head H)`,
    rowLabels: rowNames, colLabels: columns, min: 0, max: 1, format: (x) => fixed(x, 3), rowTitle: 'layer and head', colTitle: 'cached character', cellSize: size });
  replaceChildren(host, weightMap.element, h('div', { className: 'cache-maps' }, keyMap.element, valueMap.element));
  return { weightMap, keyMap, valueMap };
}

/**
 * The cache of (layer, head) as two heatmaps, one column per cached character, and the new
 * query's weights over it as one row per layer and head. Returns the heatmaps.
 */
export function drawCache(host, view, { layer, head, keys, values, layers, heads }) {
  const { t, chars, step } = view;
  const width = keys.length / t;
  const limit = Math.max(1e-6, ...Array.from(keys, Math.abs), ...Array.from(values, Math.abs));
  const transpose = (rows) => { // (t, width) → (width, t): the cache grows by a column per step
    const out = new Float32Array(rows.length);
    for (let j = 0; j < t; j++) for (let f = 0; f < width; f++) out[f * t + j] = rows[j * width + f];
    return out;
  };
  const maps = cacheMaps(host, { t, columns: chars.map(showChar), layer, head, layers, heads, width, limit });
  const { weightMap, keyMap, valueMap } = maps;
  weightMap.update(step.weights);
  weightMap.focusedCell = { row: layer * heads + head, col: t - 1 };
  weightMap.setFocus(layer * heads + head, t - 1);
  keyMap.update(transpose(keys));
  valueMap.update(transpose(values));
  keyMap.setFocus(0, t - 1);
  valueMap.setFocus(0, t - 1);
  return maps;
}

/** The cache's maps before the model is loaded, for a model of `shape` ({ layers, heads, dModel,
 *  context }, known from its settings): labels and empty cells at the size the numbers will take.
 *  The prompt's characters label their columns; the ones still to be drawn are “·”. */
export function reserveCache(host, { prompt, generated, layer, head }, { layers, heads, dModel, context }) {
  const chars = Array.from(prompt);
  const t = Math.min(context, chars.length + generated);
  const columns = Array.from({ length: t }, (_, j) => (j < chars.length ? showChar(chars[j]) : '·'));
  const maps = cacheMaps(host, { t, columns, layer, head, layers, heads, width: dModel / heads });
  for (const map of Object.values(maps)) map.reserve();
  return maps;
}

/** Before the model is loaded (the widget has not started): the text is the prompt, and the tables
 *  and sentences have their rows, with “…” for each number the model gives, so that nothing moves
 *  when it arrives. (The cache's maps are reserveCache's: they need the model's shape.) */
export function drawWaiting({ text, summary, nextTable, workTable, workLine }, { prompt, generated, temperature, top = 6 }) {
  const chars = Array.from(prompt);
  const t = chars.length + generated;
  replaceChildren(text, h('span', { className: 'prompt-text' }, prompt));
  summary.textContent = `t = ${t}: the prompt’s ${counted(chars.length, 'character')} and ${counted(generated, 'new one', 'new ones')}. What the last step fed, `
    + 'and how far every layer’s cache has grown, is said here once the model is loaded.';
  replaceChildren(nextTable, ...nextHead(chars.at(-1) ?? '', temperature, top),
    h('tbody', {}, Array.from({ length: top }, () => h('tr', {}, h('th', { scope: 'row' }, '…'),
      h('td', {}, '…'), h('td', { className: 'bar-cell' }), h('td', {}, '…')))));
  const pending = () => h('td', {}, '…');
  replaceChildren(workTable,
    h('caption', {}, `Step t = ${t}: multiply-adds of the model’s products for the newest character, with the cache and recomputing the whole prefix`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'multiply-adds'), h('th', { scope: 'col' }, 'cached'),
      h('th', { scope: 'col' }, 'recomputed'), h('th', { scope: 'col' }, 'ratio'))),
    h('tbody', {},
      h('tr', {}, h('th', { scope: 'row' }, 'attention'), pending(), pending(), pending()),
      h('tr', {}, h('th', { scope: 'row' }, 'formula'),
        h('td', { className: 'formula' }, '2·L·t·d'), h('td', { className: 'formula' }, '2·L·t²·d'), h('td', { className: 'formula' }, 't')),
      h('tr', { className: 'total' }, h('th', { scope: 'row' }, 'whole step'), pending(), pending(), pending())));
  workLine.textContent = 'The multiply-adds the decoder counts at this step, and the bytes the cache holds for every character in '
    + 'every layer (2 · L · t · d_model · 4), are said here once the model is loaded.';
}

/** The likeliest next characters: probability under the model (T = 1) and at the temperature drawn with. */
export function drawNext(table, view, { vocab, temperature, top = 6 }) {
  const { drawn, model } = view.next;
  const order = Array.from(model.keys()).sort((a, b) => model[b] - model[a] || a - b).slice(0, top);
  replaceChildren(table, ...nextHead(view.chars.at(-1), temperature, top),
    h('tbody', {}, order.map((id) => h('tr', {},
      h('th', { scope: 'row' }, `“${showChar(vocab[id])}”`),
      h('td', {}, fixed(model[id], 3)),
      h('td', { className: 'bar-cell' }, bar(model[id])),
      h('td', {}, fixed(drawn[id], 3))))));
}

/** The next-character table's caption and header. The probability spans two columns: its number
 *  (right-aligned, so the digits line up) and then its bar. */
function nextHead(last, temperature, top) {
  return [
    h('caption', {}, `The model’s ${top} likeliest characters after “${showChar(last)}”, and their chances when drawn at temperature ${sig(temperature, 3)}`),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, 'next'),
      h('th', { scope: 'col', colspan: 2 }, 'probability'),
      h('th', { scope: 'col' }, `at T = ${sig(temperature, 3)}`))),
  ];
}

/** A bar as long as probability p (set through the CSSOM: the page's policy allows no inline style). */
function bar(p) {
  const span = h('span', { className: 'bar', 'aria-hidden': 'true' });
  span.style.width = `${(p * 6).toFixed(2)}rem`;
  return span;
}

/** The work of this step with the cache and without it, and the cache's bytes. */
export function drawWork(table, line, view, { layers, dModel }) {
  const { t, cost, step } = view;
  const ratio = (a, b) => `${sig(b / a, 3)}×`;
  replaceChildren(table,
    h('caption', {}, `Step t = ${t}: multiply-adds of the model’s products for the newest character, with the cache and recomputing the whole prefix`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'multiply-adds'), h('th', { scope: 'col' }, 'cached'),
      h('th', { scope: 'col' }, 'recomputed'), h('th', { scope: 'col' }, 'ratio'))),
    h('tbody', {},
      h('tr', {}, h('th', { scope: 'row' }, 'attention'),
        h('td', {}, count(cost.cachedAttention)), h('td', {}, count(cost.recomputeAttention)), h('td', {}, ratio(cost.cachedAttention, cost.recomputeAttention))),
      h('tr', {}, h('th', { scope: 'row' }, 'formula'),
        h('td', { className: 'formula' }, '2·L·t·d'), h('td', { className: 'formula' }, '2·L·t²·d'), h('td', { className: 'formula' }, 't')),
      h('tr', { className: 'total' }, h('th', { scope: 'row' }, 'whole step'),
        h('td', {}, count(cost.cachedTotal)), h('td', {}, count(cost.recomputeTotal)), h('td', {}, ratio(cost.cachedTotal, cost.recomputeTotal)))));
  replaceChildren(line,
    `The decoder counted ${count(step.work.attention)} attention multiply-adds and ${count(step.work.total)} in all at this step; `
    + `recomputing the whole prefix would take ${ratio(cost.cachedTotal, cost.recomputeTotal)} as many (${count(cost.recomputeTotal)}). `
    + `The cache holds a key and a value of ${dModel} numbers for each of the ${t} characters in each of the ${layers} layers: `
    + `2 · ${layers} · ${t} · ${dModel} · 4 bytes = ${count(cost.cacheBytes)} bytes (${bytes(cost.cacheBytes)}).`);
}
