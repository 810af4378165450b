// stability.mjs — independent double-precision references for the lab text's numerical stability and
// for §6.3's continuous scaling (<attn-stability>, the stepper's multiplier). Plain JavaScript
// numbers, no shared code with web/lib or c/.
//
// float32 overflows where float64 does not: exp(x) is finite in float64 up to x ≈ 709.8 but in
// float32 only up to ln(3.4028235e38) ≈ 88.72. The naive softmax here rounds each exp to float32
// (Math.fround) so that it overflows where the core's does; everything else is float64.

/** The largest x whose exp is finite in float32 (the chapter's "exp(89) overflows"). */
export const FLOAT32_EXP_LIMIT = Math.log(3.4028234663852886e38);

/** softmax with the row maximum subtracted; a row of −∞ gives NaN. */
export function stableSoftmax(row) {
  const max = Math.max(...row);
  if (max === -Infinity) return row.map(() => NaN);
  const exps = row.map((x) => Math.exp(x - max));
  const sum = exps.reduce((a, e) => a + e, 0);
  return exps.map((e) => e / sum);
}

/** softmax WITHOUT the maximum, each exp rounded to float32: { exps, weights }. */
export function naiveSoftmax(row) {
  const exps = row.map((x) => Math.fround(Math.exp(x)));
  const sum = exps.reduce((a, e) => a + e, 0);
  return { exps, weights: exps.map((e) => e / sum) };
}

/** (score + mask) · factor, entry by entry. */
export function maskThenMultiply(scores, mask, factor) {
  return scores.map((s, i) => (s + mask[i]) * factor);
}

/** Weights of one row of scores multiplied by `multiplier`, with an additive mask row. */
export function multipliedWeights(scores, multiplier, mask = scores.map(() => 0)) {
  return stableSoftmax(scores.map((s, j) => s * multiplier + mask[j]));
}

/** Entropy in nats, 0 · ln 0 counted as 0. */
export function entropy(weights) {
  return -weights.reduce((a, w) => a + (w > 0 ? w * Math.log(w) : 0), 0);
}
