// head-stats.mjs — independent double-precision head scores, for tests/wasm/reference-heads.test.mjs
// (and the peer of the head-stats benchmark, bench/page/cases/head-stats.js):
// the definitions written out plainly from what the lab says each score is (<attn-train>'s reference,
// web/widgets/train/attn-train.md), on maps from transformer.mjs's forward pass. Shares nothing with web/ or c/.
//
//   On one head's causal map W (T × T), rows i ≥ 1 only (row 0 has one allowed key):
//   offset o      mean over rows i ≥ max(o, 1) of W[i][i − o]   (o = 0 itself, o = 1 the previous token;
//                 up to o = max(1, ⌊T/2⌋), so every offset averages at least half the rows)
//   sink          mean of W[i][0]
//   stripe        the ⌈T/16⌉ largest column sums over all of the rows' weight
//   entropy, lnK  mean of −Σ W ln W, mean of ln(i + 1)
//   flat          share of rows with ln(i + 1) − entropy ≤ 0.1
//   induction     on a repeated half of R tokens: mean over p < R of W[R + p][p + 1]
//   similarity    cosine of two heads' rows 1 … T − 1, concatenated over every window
//   chance        every score above of a head whose row i is uniform over keys 0 … i (weight
//                 1/(i + 1)), on T-token windows and on the 2R-token repeated sequences

export const MAX_OFFSET = 8;

/** The scores of one map: { offsets: [o = 0 … 8] (NaN past max(1, ⌊T/2⌋)), sink, stripe, entropy, lnK, flat }. */
export function mapScores(w, t) {
  const offsets = [];
  for (let o = 0; o <= MAX_OFFSET; o++) {
    if (o > Math.max(1, Math.floor(t / 2))) { offsets.push(NaN); continue; }
    let sum = 0, rows = 0;
    for (let i = Math.max(o, 1); i < t; i++, rows++) sum += w[i * t + i - o];
    offsets.push(sum / rows);
  }
  const columns = new Array(t).fill(0);
  let sink = 0, entropy = 0, lnK = 0, flat = 0, total = 0;
  for (let i = 1; i < t; i++) {
    let h = 0;
    for (let j = 0; j <= i; j++) {
      const p = w[i * t + j];
      columns[j] += p;
      total += p;
      if (p > 0) h -= p * Math.log(p);
    }
    sink += w[i * t];
    entropy += h;
    lnK += Math.log(i + 1);
    if (Math.log(i + 1) - h <= 0.1) flat++;
  }
  const keys = Math.ceil(t / 16);
  const top = columns.sort((a, b) => b - a).slice(0, keys).reduce((a, b) => a + b, 0);
  const rows = t - 1;
  return { offsets, sink: sink / rows, stripe: top / total, entropy: entropy / rows, lnK: lnK / rows, flat: flat / rows };
}

/** The induction score of a map of a repeated sequence (2R tokens). */
export function inductionScore(w, r) {
  if (r < 2) return NaN;
  const t = 2 * r;
  let sum = 0;
  for (let p = 0; p < r; p++) sum += w[(r + p) * t + p + 1];
  return sum / r;
}

/** The causal map (T × T) of a head that spreads each row uniformly over its allowed keys. */
export function uniformMap(t) {
  const w = new Float64Array(t * t);
  for (let i = 0; i < t; i++) for (let j = 0; j <= i; j++) w[i * t + j] = 1 / (i + 1);
  return w;
}

/** Every score's chance level on windows of T tokens: mapScores' fields and induction, of a uniform head. */
export function chanceScores(t) {
  const r = Math.floor(t / 2);
  return { ...mapScores(uniformMap(t), t), induction: inductionScore(uniformMap(2 * r), r) };
}

/** Mean and sample standard deviation. */
export function meanSpread(values) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const squares = values.reduce((a, b) => a + (b - mean) ** 2, 0);
  return { mean, spread: values.length > 1 ? Math.sqrt(squares / (values.length - 1)) : 0 };
}

/** Cosine similarity of heads a and b over the rows 1 … T − 1 of every window's maps (each (G, T, T)). */
export function cosineSimilarity(windowMaps, a, b, t) {
  let ab = 0, aa = 0, bb = 0;
  for (const maps of windowMaps) {
    for (let k = t; k < t * t; k++) {
      const x = maps[a * t * t + k], y = maps[b * t * t + k];
      ab += x * y;
      aa += x * x;
      bb += y * y;
    }
  }
  return ab / Math.sqrt(aa * bb);
}
