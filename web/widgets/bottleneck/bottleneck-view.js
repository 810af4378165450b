// bottleneck-view.js — the drawing side of <attn-bottleneck>: the example (its source, the output
// the task wants, and each decoder's answers, wrong ones struck through and said to be wrong),
// the sentence that reads the two curves, and the widget's stylesheet. Values in, DOM out.

import { h, replaceChildren } from '../../ui/dom.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { letter } from './bottleneck-settings.js';

const percent = (x) => `${Math.round(100 * x)}%`;

/** The example as a table: a row per sequence, a column per position. Before it is measured
 *  (source null: the widget has not started), the same table with “·” in every cell. */
export function drawExample(host, { length, source, expected, fromSummary, fromAttention }) {
  const row = (name, tokens, check = null) => h('tr', {}, h('th', { scope: 'row' }, name),
    tokens ? Array.from(tokens, (token, i) => {
      const wrong = check && token !== check[i];
      return h('td', { className: wrong ? 'wrong' : '' }, letter(token), wrong ? h('span', { className: 'sr-only' }, ' (wrong)') : null);
    }) : Array.from({ length }, () => h('td', {}, '·')));
  const right = (answers) => (answers ? answers.reduce((n, token, i) => n + (token === expected[i]), 0) : '…');
  const table = h('table', { className: 'example-table' },
    h('caption', {}, `The example: a source of ${length} letters and what each decoder answers (struck through: wrong)`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'position'), Array.from({ length }, (_, i) => h('th', { scope: 'col' }, String(i + 1))))),
    h('tbody', {},
      row('source', source),
      row('wanted output', expected),
      row(`from the summary (${right(fromSummary)} of ${length} right)`, fromSummary, expected),
      row(`by attention (${right(fromAttention)} of ${length} right)`, fromAttention, expected)));
  replaceChildren(host, scrollFocus(h('div', { className: 'table-scroll' }, table), 'The example (scrolls sideways)'));
}

/** The curves in words, before they are measured: what will be said, with “…” for each number. */
export function describeCurvesToCome(longest, width) {
  return [
    `At ${longest} tokens the summary of width ${width} recovers `, h('strong', {}, '…'), ' of the tokens, attention ', h('strong', {}, '…'), '. ',
    'Where the summary first falls below 90%, and how low attention falls, are said here once measured (guessing would get 1 in 26).',
  ];
}

/** Where the summary first fell below 90%: at the shortest length measured it did not “fall”
 *  there, it was already below (nothing shorter was measured). */
function summaryBreak(points, broke) {
  if (!broke) return `The summary stays at 90% or more up to ${points.at(-1).length} tokens`;
  if (broke === points[0]) return `The summary is already below 90% at the shortest source, ${broke.length} tokens (${percent(broke.summary)})`;
  return `The summary first falls below 90% at ${broke.length} tokens`;
}

/** The curves in words: the longest length's two numbers, and where the summary fell below 90%. */
export function describeCurves(points, width) {
  const last = points.at(-1);
  const broke = points.find((p) => p.summary < 0.9);
  const lowest = points.reduce((low, p) => Math.min(low, p.attention), 1);
  return [
    `At ${last.length} tokens the summary of width ${width} recovers `, h('strong', {}, percent(last.summary)),
    ' of the tokens, attention ', h('strong', {}, percent(last.attention)), '. ',
    summaryBreak(points, broke),
    lowest === 1 ? '; attention recovers every token at every length' : `; attention never falls below ${percent(lowest)}`,
    ' (guessing would get 1 in 26).',
  ];
}

let sheet = null;

export function bottleneckSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    :host { --bottleneck-summary: #c2410c; }
    @media screen and (prefers-color-scheme: dark) { :host(:not([theme="light"])) { --bottleneck-summary: #fb923c; } }
    @media screen { :host([theme="dark"]) { --bottleneck-summary: #fb923c; } }
    .controls { display: grid; grid-template-columns: fit-content(40%) minmax(0, 1fr); gap: 0.4rem 0.8rem; align-items: center; max-width: 40rem; }
    .controls .field-error { grid-column: 1 / -1; margin: -0.2rem 0 0.2rem; }
    .controls input[type="number"] { font: inherit; width: 6.5rem; max-width: 100%; padding: 0.25rem 0.4rem; border: 1px solid var(--attn-border);
      border-radius: 6px; background: var(--attn-bg); color: inherit; }
    .field-row, .presets, .radio-row { display: flex; flex-wrap: wrap; gap: 0.35rem 0.6rem; align-items: center; }
    .presets button { padding: 0.15rem 0.5rem; font-size: calc(0.85 * var(--attn-em)); }
    input[aria-invalid="true"] { outline: 2px dashed var(--attn-error); }
    .progress-row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
    .progress-row[hidden] { display: none; }
    .results { display: flex; flex-wrap: wrap; gap: 0.5rem 2rem; align-items: flex-start; }
    .results > * { flex: 1 1 25rem; min-width: 0; max-width: 40rem; }
    .status-line { font-size: calc(0.88 * var(--attn-em)); color: var(--attn-muted); }
    .line-chart { position: relative; height: 280px; width: 100%; }
    .curves { max-width: 44rem; }
    .table-scroll { max-width: 100%; overflow-x: auto; }
    .example-table { border-collapse: collapse; font-size: calc(0.85 * var(--attn-em)); margin: 0.4rem 0; }
    .example-table caption { text-align: left; color: var(--attn-muted); padding-bottom: 0.2rem; }
    .example-table th, .example-table td { padding: 0.1rem 0.3rem; border-bottom: 1px solid var(--attn-border); text-align: center; }
    .example-table tbody th { text-align: left; font-weight: 500; white-space: nowrap; }
    .example-table td { font-family: var(--attn-mono); }
    .example-table td.wrong { text-decoration: line-through; color: var(--attn-error); outline: 1px dashed var(--attn-error); outline-offset: -2px; }
  `);
  return sheet;
}
