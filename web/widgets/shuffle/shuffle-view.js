// shuffle-view.js — the drawing side of <attn-shuffle>: a vector as numbers and a strip of bars,
// small differences written readably, and the widget's stylesheet. Values in, DOM out.

import { h } from '../../ui/dom.js';
import { fixed, scientific } from '../../ui/format.js';

/** A non-negative difference, readable at any size: 0, 2.4 × 10⁻⁸, 0.0312, 1.25. */
export function difference(x) {
  if (Number.isNaN(x)) return 'NaN';
  if (x === 0) return '0';
  if (x >= 1e-3) return String(Number(x.toPrecision(3)));
  return scientific(x, 2);
}

/** The largest |a[i] − b[i]|. */
export function largestDifference(a, b) {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** A vector as text with two decimals: [0.12, −0.50, …]; values null (not computed yet): […]. */
function vectorText(values) {
  return values ? `[${Array.from(values, (x) => fixed(x, 2)).join(', ')}]` : '[…]';
}

/**
 * A strip of bars, one per entry: up for positive, down for negative, height ∝ |x| / scale.
 * Decorative (aria-hidden): the same numbers are always printed beside it.
 */
function barStrip(values, scale, length) {
  if (!values) return h('span', { className: 'bars', 'aria-hidden': 'true' }, Array.from({ length }, () => h('span', { className: 'bar-slot' })));
  return h('span', { className: 'bars', 'aria-hidden': 'true' }, Array.from(values, (x) => {
    const bar = h('span', { className: x < 0 ? 'bar negative' : 'bar' });
    bar.style.setProperty('--size', String(Math.min(1, Math.abs(x) / (scale || 1))));
    return h('span', { className: 'bar-slot' }, bar);
  }));
}

/** One labelled vector line: label, bar strip, numbers. values null: the line's place before the
 *  widget starts, `length` empty slots and […]. */
export function vectorLine(label, values, scale, length = 0) {
  const numbers = h('span', { className: 'vec-numbers' }, vectorText(values));
  // Not computed yet: the numbers' width is kept (about 6.5 monospace characters each).
  if (!values) numbers.style.minWidth = `${6.5 * length}ch`;
  return h('div', { className: 'vec-line' },
    h('span', { className: 'vec-label' }, label),
    barStrip(values, scale, length),
    numbers);
}

let sheet = null;
/** The widget's own styles (the shared ones come from widget-styles.js). */
export function shuffleSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .sentence-form { display: flex; flex-wrap: wrap; gap: 0.4rem 0.6rem; align-items: center; }
    .sentence-form input { font: inherit; padding: 0.3rem 0.5rem; border: 1px solid var(--attn-border);
      border-radius: var(--attn-radius-small); background: var(--attn-bg); color: var(--attn-fg); min-width: 0; flex: 1 1 14rem; }
    input[aria-invalid="true"] { outline: 2px dashed var(--attn-error); }
    input[type="number"] { font: inherit; width: 4.5rem; padding: 0.2rem 0.4rem; border: 1px solid var(--attn-border);
      border-radius: var(--attn-radius-small); background: var(--attn-bg); color: var(--attn-fg); }
    fieldset { border: 1px solid var(--attn-border); border-radius: var(--attn-radius-small); padding: 0.3rem 0.8rem 0.5rem; margin: 0.6rem 0;
      display: flex; flex-wrap: wrap; gap: 0.3rem 1.2rem; }
    legend { font-weight: 600; padding: 0 0.3rem; }
    .word-strip { display: flex; flex-wrap: wrap; gap: 0.4rem; list-style: none; padding: 0.5rem; margin: 0.4rem 0;
      background: var(--attn-surface); border-radius: var(--attn-radius-small); }
    .word-strip button { touch-action: none; user-select: none; -webkit-user-select: none; cursor: grab;
      background: var(--attn-bg); color: var(--attn-fg); border: 1px solid var(--attn-border); font-weight: 600; }
    .word-strip { counter-reset: place; }
    .word-strip li { counter-increment: place; }
    .word-strip button::before { content: counter(place); font-weight: 400; color: var(--attn-muted); font-size: calc(0.75 * var(--attn-em)); margin-right: 0.3rem; }
    .word-strip button.moved { border-color: var(--attn-involved-border); border-style: dashed; }
    .word-strip button.dragging { opacity: 0.5; cursor: grabbing; }
    .word-strip button.drop-target { outline: 3px solid var(--attn-accent); outline-offset: 2px; }
    .hint { font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); }
    .summary { font-weight: 600; }
    .note { background: var(--attn-surface); border-left: 4px solid var(--attn-involved-border); padding: 0.4rem 0.7rem; }
    table.outputs { border-collapse: collapse; font-size: calc(0.88 * var(--attn-em)); margin: 0.4rem 0; }
    table.outputs caption { text-align: left; color: var(--attn-muted); font-size: calc(0.85 * var(--attn-em)); padding-bottom: 0.2rem; }
    table.outputs th, table.outputs td { border-bottom: 1px solid var(--attn-border); padding: 0.3rem 0.4rem; text-align: left; vertical-align: middle; }
    table.outputs thead th { font-weight: 600; color: var(--attn-muted); font-size: calc(0.8 * var(--attn-em)); }
    table.outputs td.place { white-space: nowrap; }
    table.outputs td.diff { font-family: var(--attn-mono); white-space: nowrap; }
    table.outputs td.diff .verdict-word { font-family: var(--attn-font); color: var(--attn-muted); margin-left: 0.3rem; }
    table.outputs tr.changed td.diff { font-weight: 700; }
    table.outputs tr.changed td.diff .verdict-word { color: var(--attn-fg); }
    .same-means { font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); }
    .swap-note { font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); margin: 0; }
    .vec-line { display: flex; align-items: center; gap: 0.5rem; white-space: nowrap; }
    .vec-label { color: var(--attn-muted); font-size: calc(0.75 * var(--attn-em)); min-width: 2.6rem; flex: none; }
    .vec-numbers { display: inline-block; font-family: var(--attn-mono); font-size: calc(0.78 * var(--attn-em)); }
    .bars { display: inline-flex; gap: 2px; height: 1.6rem; align-items: stretch; flex: none; }
    .bar-slot { position: relative; width: 6px; background: linear-gradient(var(--attn-border), var(--attn-border)) center / 100% 1px no-repeat; }
    .bar { position: absolute; left: 0; right: 0; bottom: 50%; height: calc(var(--size) * 50%); background: var(--attn-accent); border-radius: 1px; }
    .bar.negative { bottom: auto; top: 50%; background: var(--attn-involved-border); }
    /* Forced colours drop backgrounds and gradients: the bars and their zero line are painted in
       system colours (a bar's side of the line already says its sign; the colour repeats it). */
    @media (forced-colors: active) {
      .bar-slot { forced-color-adjust: none; background-image: linear-gradient(GrayText, GrayText); }
      .bar { background: CanvasText; }
      .bar.negative { background: Highlight; }
    }
    details { margin-top: 0.6rem; }
    summary { cursor: pointer; font-weight: 600; }
    table.matrix td { min-width: 3.2rem; }
  `);
  return sheet;
}
