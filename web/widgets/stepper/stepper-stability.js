// stepper-stability.js — the stepper's "Numerical stability" panel (the lab text, at the softmax
// step): three scores near 1,000 through a softmax without and with the row maximum subtracted
// (exp overflows float32 to ∞, then ∞/∞ = NaN; near −1,000 every exp underflows to 0, and 0/0 =
// NaN: the note under the table says which, read from the core's numbers), and the third key
// masked with −∞ or with −1e9, then multiplied by 1 or by 0 (−∞ · 0 = NaN). Every number comes from the core: attn.softmax,
// attn.softmaxUnstable and attn.maskThenMultiply (the wrong ways are c/src/softmax_unstable.c).
// The <attn-stepper> element owns the `stability` attribute (the three scores).

import { h, replaceChildren, uniqueId } from '../../ui/dom.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { fixed, sig } from '../../ui/format.js';

const KEYS = 3;
/** The mask values compared: the chapter's −∞, and the large negative number the lab text advises. */
const MASK_VALUES = [['−∞', -Infinity], ['−1e9', -1e9]];
const FACTORS = [1, 0];

/** A weight: 3 decimals, or ∞ / NaN as they are. */
const weight = (x) => (Number.isFinite(x) ? fixed(x) : sig(x));
const list = (values, format = sig) => Array.from(values, (x) => format(x)).join(', ');
/** A cell holding a list: each number kept whole, the line free to break after a comma (so the
 *  mask table fits a phone's width with its last column, the weights, in view). */
const listCell = (values, format = sig, className = 'list') => h('td', { className },
  Array.from(values, (x, j) => [j ? ', ' : '', h('span', {}, format(x))]).flat());

/** Every number the panel shows, from the core, for `scores` (3 numbers). */
export function stabilityNumbers(attn, scores) {
  const naive = attn.softmaxUnstable({ x: scores, rows: 1, cols: KEYS });
  const stable = attn.softmax({ x: scores, rows: 1, cols: KEYS });
  const masked = MASK_VALUES.map(([name, value]) => ({
    name,
    factors: FACTORS.map((factor) => {
      const { out, nanEntries } = attn.maskThenMultiply({ scores, mask: [0, 0, value], factor, n: 1, m: KEYS });
      return { factor, out, nanEntries, weights: attn.softmax({ x: out, rows: 1, cols: KEYS }).weights };
    }),
  }));
  return { scores, naive, stable, masked };
}

/** The panel in words (the end of the stepper's "In words"). */
export function stabilityInWords({ scores, naive, stable, masked }) {
  const [literal, large] = masked.map((m) => m.factors[1]);
  return `Numerical stability, for the scores ${list(scores)}: without subtracting the row maximum, exp gives ${list(naive.exps)} `
    + `and the weights are ${list(naive.weights, weight)}; with it, ${list(stable.weights, weight)}. With the third key masked and then `
    + `multiplied by 0, a mask of −∞ gives ${list(literal.out)} and weights ${list(literal.weights, weight)}; −1e9 gives ${list(large.out)} `
    + `and weights ${list(large.weights, weight)}.`;
}

/** float32's smallest normal number: below it an exp keeps fewer digits, down to 0. */
const SMALLEST_NORMAL = 2 ** -126;

/** What the softmax table shows, read from the core's numbers: exp overflowing (∞ ÷ ∞), every
 *  exp underflowing (0 ÷ 0), their sum overflowing, tiny exps losing digits, or both ways agreeing. */
function softmaxNote({ naive, stable }) {
  const exps = Array.from(naive.exps), naiveWeights = Array.from(naive.weights), right = Array.from(stable.weights);
  const fixedRow = 'with it, the largest score becomes 0, exp(0) = 1, and the weights are right.';
  if (naive.overflowedRows > 0) {
    const nans = naiveWeights.filter(Number.isNaN).length;
    return `Without the maximum, exp overflowed to ∞ and ${nans === naiveWeights.length ? 'the weights are not numbers' : `${nans} of the weights ${nans === 1 ? 'is' : 'are'} not a number`} `
      + '(∞ ÷ ∞ is NaN); with it, the largest score becomes 0 and exp cannot overflow.';
  }
  if (exps.every((e) => e === 0)) {
    return 'Without the maximum, every exp underflowed to 0 (these scores are too negative for a 32-bit float), so every weight is '
      + `0 ÷ 0, which is NaN; ${fixedRow}`;
  }
  if (naiveWeights.every((w, j) => weight(w) === weight(right[j]))) {
    return 'For these scores exp neither overflows nor underflows: both ways agree. Try scores near 1,000, or near −1,000.';
  }
  if (naiveWeights.every((w) => w === 0)) {
    return `Without the maximum, no exp overflowed but their sum did (∞), so every weight is a number ÷ ∞ = 0; ${fixedRow}`;
  }
  if (exps.some((e) => e < SMALLEST_NORMAL)) {
    return 'Without the maximum, some exps are so small (below about 1.2 × 10⁻³⁸) that a 32-bit float keeps few of their digits, '
      + `or none, so the weights come out wrong; ${fixedRow}`;
  }
  return `Without the maximum, rounding in 32-bit floats makes the weights differ; ${fixedRow}`;
}

export class StabilityPanel {
  /** @param {HTMLElement} widget  the <attn-stepper> (its `stability` attribute, bindField, routeProblems) */
  constructor(widget) {
    const inputId = uniqueId('stability-scores');
    const titleId = uniqueId('stability-title');
    this.input = widget.bindField('stability', h('input', { id: inputId, type: 'text', inputmode: 'decimal', size: '18' }));
    const error = h('p', { className: 'field-error error', 'aria-live': 'polite' });
    widget.routeProblems(error, ['stability']);
    this.softmaxBody = h('tbody');
    this.maskBody = h('tbody');
    this.note = h('p', { className: 'note', 'aria-live': 'polite' });
    // The mask table's last column, the weights, is its verdict: it stays at the box's right edge.
    const table = (label, caption, headers, body, verdict = false) => scrollFocus(h('div', { className: 'table-scroll' },
      h('table', { className: 'results' }, h('caption', {}, caption),
        h('thead', {}, h('tr', {}, headers.map((text, i) => h('th', { scope: 'col', className: verdict && i === headers.length - 1 ? 'verdict' : null }, text)))),
        body)), label);
    this.element = h('div', { className: 'lesson-panel stability', role: 'group', 'aria-labelledby': titleId }, // not a landmark: a page may hold two steppers
      h(widget.subheading, { id: titleId }, 'Numerical stability: the row maximum, and −∞ times 0'),
      h('p', {}, 'Softmax subtracts each row’s maximum before exp: mathematically nothing changes, but exp(89) already '
        + 'overflows a 32-bit float to ∞, and ∞ ÷ ∞ is NaN; at the other end exp(−110) is already 0, and 0 ÷ 0 is NaN too. '
        + 'And a mask of −∞ is safe only until something multiplies it by 0.'),
      h('div', { className: 'field' }, h('label', { for: inputId }, 'Three scores'), this.input, error),
      table('Softmax table (scrolls sideways)', 'Softmax of the three scores, computed two ways',
        ['computed', 'key 1', 'key 2', 'key 3'], this.softmaxBody),
      table('Mask table (scrolls sideways)', 'Key 3 masked, then multiplied by 1 or 0, then softmax (the right one)',
        ['mask', '× factor', 'masked × factor', 'weights'], this.maskBody, true),
      this.note);
  }

  /** Before the widget starts: the tables laid out for `scores` (3 numbers, as typed), with “…”
   *  where each computed number goes. */
  reserve(scores) {
    const row = (name, cells) => h('tr', {}, h('th', { scope: 'row' }, name), cells.map((text) => h('td', {}, text)));
    const pending = ['…', '…', '…'];
    replaceChildren(this.softmaxBody,
      row('scores', Array.from(scores, (x) => sig(x))),
      row('exp(score), no maximum subtracted', pending),
      row('weights, no maximum subtracted', pending),
      row(`weights, maximum ${sig(Math.max(...scores))} subtracted`, pending));
    replaceChildren(this.maskBody, MASK_VALUES.flatMap(([name]) => FACTORS.map((factor) => h('tr', {}, h('th', { scope: 'row' }, name),
      h('td', {}, `× ${factor}`), h('td', { className: 'list' }, '…'), h('td', { className: 'list verdict' }, '…')))));
    this.note.textContent = 'Whether exp overflows or underflows without the maximum, and what multiplying the mask by 0 does to the row, '
      + 'are said here once computed.';
  }

  /** Draws `numbers` (from stabilityNumbers). */
  render(numbers) {
    const { scores, naive, stable, masked } = numbers;
    const row = (name, values, format = sig) => h('tr', {}, h('th', { scope: 'row' }, name), Array.from(values, (x) => h('td', {}, format(x))));
    replaceChildren(this.softmaxBody,
      row('scores', scores),
      row('exp(score), no maximum subtracted', naive.exps),
      row('weights, no maximum subtracted', naive.weights, weight),
      row(`weights, maximum ${sig(Math.max(...scores))} subtracted`, stable.weights, weight));
    replaceChildren(this.maskBody, masked.flatMap(({ name, factors }) => factors.map(({ factor, out, weights }) => h('tr', {},
      h('th', { scope: 'row' }, name), h('td', {}, `× ${factor}`), listCell(out), listCell(weights, weight, 'list verdict')))));
    const poisoned = masked[0].factors[1].nanEntries > 0;
    this.note.textContent = `${softmaxNote(numbers)} ${poisoned
      ? '−∞ × 0 is NaN, and one NaN makes the whole row NaN; −1e9 × 0 is 0, so the row stays finite (though key 3 is no longer blocked).'
      : ''}`.trim();
  }
}

let sheet = null;
/** The panel's look (adopted by the stepper). */
export function stabilitySheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .stability .field { display: flex; flex-direction: column; gap: 0.2rem; max-width: 100%; }
    .stability .field label { font-size: calc(0.85 * var(--attn-em)); font-weight: 600; }
    .stability .field input { font: inherit; width: 14rem; max-width: 100%; padding: 0.2rem 0.35rem; border: 1px solid var(--attn-border);
                              border-radius: var(--attn-radius-small); background: var(--attn-bg); color: var(--attn-fg); }
    .stability .field input[aria-invalid="true"] { border: 2px dashed var(--attn-error); }
    .stability .field-error { font-size: calc(0.82 * var(--attn-em)); margin: 0; }
    .stability .field-error:empty { display: none; }
    .stability table.results { border-collapse: collapse; margin: 0.6rem 0; font-size: calc(0.88 * var(--attn-em)); }
    .stability table.results caption { text-align: left; font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); padding-bottom: 0.2rem; }
    .stability table.results th, .stability table.results td { border: 1px solid var(--attn-border); padding: 0.25rem 0.5rem; text-align: right; }
    .stability table.results th[scope="row"] { text-align: left; font-weight: 500; }
    .stability table.results thead th { background: var(--attn-surface); font-weight: 600; }
    .stability table.results td { font-family: var(--attn-mono); white-space: nowrap; }
    .stability table.results td.list { white-space: normal; }
    .stability table.results td.list > span { white-space: nowrap; }
    .stability .note { font-size: calc(0.9 * var(--attn-em)); }
  `);
  return sheet;
}
