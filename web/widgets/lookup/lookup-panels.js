// lookup-panels.js — the text panels of <attn-lookup>, drawn from one lookup's results (all
// computed by the core): a bar per entry for the weights (in entry order or sorted), what the
// shape of the row says (its entropy beside ln M; its two largest weights' ratio beside
// e^gap), and the checks the chapter states, each with ✓ or ✗ and the numbers behind it.

import { h, replaceChildren } from '../../ui/dom.js';
import { fixed, scientific, sig } from '../../ui/format.js';
import { LOOKUP_TOLERANCE } from '../../lib/abi.js';

/** A number readable at any size: 0.412, 3.16, 4.85 × 10⁸, 2.06 × 10⁻⁹. */
export function readable(x, digits = 3) {
  if (x === 0 || !Number.isFinite(x)) return sig(x);
  return Math.abs(x) >= 1e5 || Math.abs(x) < 1e-3 ? scientific(x, digits) : sig(x, digits + 1);
}

/** A weight as the bars print it: 6 decimals, or a power of ten when it is smaller than that. */
export const weightText = (w) => (w !== 0 && w < 5e-7 ? scientific(w, 3) : fixed(w, 6));

/** The bars: one row per entry, its bar's length its weight, its number beside it. */
export function drawBars(list, { weights, order, keyName, valueName }) {
  const entries = Array.from(weights, (w, j) => ({ w, j }));
  if (order === 'weight') entries.sort((a, b) => b.w - a.w || a.j - b.j);
  replaceChildren(list, entries.map(({ w, j }) => {
    const bar = h('span', { className: 'bar' });
    bar.style.width = `${(100 * w).toFixed(2)}%`;
    return h('li', { className: 'bar-row' },
      h('span', { className: 'bar-label' }, `${keyName(j)} → ${valueName(j)}`),
      h('span', { className: 'bar-track', 'aria-hidden': 'true' }, bar),
      h('span', { className: 'bar-value' }, weightText(w)));
  }));
}

/** What the shape of the row says, in two sentences built from the core's numbers. */
export function drawRowShape(host, r, { m, sharpness, entry }) {
  const entropy = h('p', {},
    h('strong', {}, 'Entropy of the row: '), `${fixed(r.entropy, 4)} nats, beside ln ${m} = ${fixed(r.maxEntropy, 4)}, the most it can be (all ${m} weights equal). `,
    sharpness === 0 ? `At s = 0 it is exactly there: every weight is 1/${m}, and the output is the mean of the values.`
      : r.entropy < 0.05 ? 'Near 0: the query found one entry and hands over its value, a hard lookup.'
        : r.entropy > 0.9 * r.maxEntropy ? 'Near ln M: the query finds nothing that stands out, and the output is close to an average of everything.'
          : 'In between: a few entries share the weight, and the output is their blend.');
  let ratio;
  if (r.runnerUp < 0) {
    ratio = h('p', {}, 'With one entry there is no second weight to compare.');
  } else {
    const underflow = r.ratio === Infinity;
    ratio = h('p', {},
      h('strong', {}, 'The two largest weights: '), `${entry(r.best)} (${weightText(r.largest)}) and ${entry(r.runnerUp)} (${weightText(r.second)}). `,
      underflow ? `The second is 0 in float32: e to the −${readable(r.gap)} is below the smallest number a float32 holds, so their ratio is ∞. `
        : `Their ratio is ${readable(r.ratio)}. `,
      `The gap between their sharpened scores is s·(q·k − q·k′) = ${readable(r.gap)}, and e`, h('sup', {}, readable(r.gap)), ` = ${readable(r.expGap)}`,
      underflow ? '.' : ': a softmax compares scores only through their differences.');
  }
  replaceChildren(host, entropy, ratio);
}

/** The checks, on every update: each holds (✓) or fails (✗), with its numbers. */
export function drawChecks(list, r, hull, { m }) {
  const item = (holds, text) => h('li', { className: holds ? 'holds' : 'fails' },
    h('span', { className: 'mark', 'aria-hidden': 'true' }, holds ? '✓' : '✗'), ` ${holds ? 'Holds' : 'Fails'}: ${text}`);
  const place = hull.depth > 0 ? `${readable(hull.depth)} inside its nearest edge` : hull.inside ? 'on its boundary' : `${readable(-hull.depth)} outside it`;
  replaceChildren(list,
    item(r.checks.nonnegative, `every weight is ≥ 0 (the smallest is ${weightText(r.minWeight)}).`),
    item(r.checks.sumsToOne, `the weights sum to 1 (Σ = ${r.weightSum.toFixed(8)}, within ${scientific(LOOKUP_TOLERANCE, 1)}).`),
    item(hull.inside, `the output lies in the convex hull of the ${m} values (${place}).`),
    item(r.checks.noLonger, `the output is no longer than the longest value: |out| = ${fixed(r.outNorm, 3)} ≤ max |vᵢ| = ${fixed(r.maxValueNorm, 3)}.`));
}
