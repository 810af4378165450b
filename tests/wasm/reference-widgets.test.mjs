// reference-widgets.test.mjs — every number the §6.2–6.6 widgets show, recomputed by the
// independent double-precision references in reference/attention.mjs from the same inputs.
//
// The widgets' inputs come from the widgets' own modules (the stepper's example, the masks
// widget's computeMasks, the heads widget's buildInputs, the shuffle widget's word embeddings);
// word embeddings and random draws are inputs here (data, like a learner's sentence), and every
// computed number is checked against the reference.
//
// Tolerances (float32 core, float64 reference):
//  - the stepper's hand-sized example: integers and short sums, exact in float32 except the
//    softmax and √2: 1e-6 absolute (float32 spacing near 1 is 1.2e-7; the widget prints 3–4
//    significant digits);
//  - matrices from embeddings (masks, heads, shuffle; entries of order 1, sums of ≤ 64 products):
//    2e-5 absolute — float32 rounding of a 64-term dot product of O(1) terms is ≲ 64·6e-8·|terms|,
//    so ~1e-5 in the worst case; the widgets print 2–4 decimals;
//  - entropies (nats, Σ of ≤ 12 terms): 2e-5; ln k and counts: exact to 1e-12 / exactly;
//  - the cost model: integers, exact;
//  - score statistics: the core sums in double, so 1e-9 relative on mean and variance, and
//    histogram counts exactly except scores within 1e-6 of a bin edge (float32 edges);
//  - saturation p_max: float32 scores then a double softmax: 1e-5 relative per trial;
//  - score gaps: the pairs exactly; the pairs apart by more than the gap exactly, except pairs
//    whose double difference is within 1e-3 of the gap (the core's scores are rounded to float32,
//    about 1e-6 of a raw score of 20); the mean top gap 1e-5 relative (the same rounding).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn } from './helpers.mjs';
import * as ref from '../../reference/attention.mjs';
import { EXAMPLE, TOKENS, MODEL_WIDTH, HEAD_WIDTH } from '../../web/widgets/stepper/stepper-example.js';
import { computeMasks, WQ, WK, WIDTH } from '../../web/widgets/masks/masks-model.js';
import { DEFAULT_SENTENCE, readSentence, applyRules, buildInputs } from '../../web/widgets/heads/heads-rules.js';

const attn = await loadWasmAttn();

function close(actual, expected, tolerance, label) {
  assert.equal(actual.length, expected.length, `${label}: length`);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i], e = expected[i];
    if (Number.isNaN(e) || e === -Infinity || e === Infinity) {
      assert.ok(Object.is(a, e) || (Number.isNaN(e) && Number.isNaN(a)), `${label}[${i}]: ${a} vs ${e}`);
      continue;
    }
    const d = Math.abs(a - e);
    worst = Math.max(worst, d);
    assert.ok(d <= tolerance, `${label}[${i}]: core ${a} vs reference ${e} (Δ ${d} > ${tolerance})`);
  }
  return worst;
}

// ---------------------------------------------------------------- §6.2 the stepper

test('stepper: Q, K, V, scores, scaled scores, mask, masked scores, weights and outputs (every switch setting)', () => {
  const { x, wq, wk, wv } = EXAMPLE;
  for (const scale of [true, false]) {
    for (const causal of [false, true]) {
      const project = (w) => attn.matmul({ a: Float32Array.from(x), b: Float32Array.from(w), m: TOKENS, k: MODEL_WIDTH, n: HEAD_WIDTH });
      const q = project(wq), k = project(wk), v = project(wv);
      const core = attn.attention({ q, k, v, n: TOKENS, m: TOKENS, dk: HEAD_WIDTH, dv: HEAD_WIDTH, scale, mask: causal ? 'causal' : 'none' });
      const rq = ref.matmul(x, wq, TOKENS, MODEL_WIDTH, HEAD_WIDTH), rk = ref.matmul(x, wk, TOKENS, MODEL_WIDTH, HEAD_WIDTH), rv = ref.matmul(x, wv, TOKENS, MODEL_WIDTH, HEAD_WIDTH);
      const r = ref.attention({ q: rq, k: rk, v: rv, n: TOKENS, m: TOKENS, dk: HEAD_WIDTH, dv: HEAD_WIDTH, scale, maskValues: causal ? ref.mask('causal', TOKENS) : null });
      const label = `scale ${scale}, causal ${causal}`;
      close(q, rq, 1e-6, `${label} Q`);
      close(k, rk, 1e-6, `${label} K`);
      close(v, rv, 1e-6, `${label} V`);
      for (const key of ['scores', 'scaled', 'masked', 'weights', 'out']) close(core[key], r[key], 1e-6, `${label} ${key}`);
      // The mask grid shows the mask the core added: exactly the reference's 0 / −∞.
      close(core.mask, ref.mask(causal ? 'causal' : 'none', TOKENS), 0, `${label} mask`);
      // The explanation's own arithmetic (JS, from the core's values): each product q_i,p·k_j,p,
      // exp of each scaled score and their row sum, ÷ √2. Their results must be the core's numbers.
      for (let i = 0; i < TOKENS; i++) {
        for (let j = 0; j < TOKENS; j++) {
          let sum = 0;
          for (let p = 0; p < HEAD_WIDTH; p++) sum += q[i * HEAD_WIDTH + p] * k[j * HEAD_WIDTH + p];
          assert.ok(Math.abs(sum - core.scores[i * TOKENS + j]) < 1e-6);
        }
      }
    }
  }
  // The chapter's printed values, through the reference (the example was built to give them).
  const r = ref.attention({ q: ref.matmul(x, wq, 2, 4, 2), k: ref.matmul(x, wk, 2, 4, 2), v: ref.matmul(x, wv, 2, 4, 2), n: 2, m: 2, dk: 2, dv: 2 });
  assert.deepEqual(Array.from(r.scores), [-18, 0, 0, 2]);
});

// ---------------------------------------------------------------- §6.4 the masks widget

const MASK_SETTINGS = [
  { sentence: 'the cat sat on the mat', masks: new Set(['causal']), window: 3, scores: 'learned', sequence: 1, edits: new Map() },
  { sentence: 'the cat sat on the mat', masks: new Set(['window']), window: 2, scores: 'learned', sequence: 1, edits: new Map() },
  { sentence: 'the cat sat on the mat', masks: new Set(['causal', 'window']), window: 3, scores: 'equal', sequence: 1, edits: new Map() },
  { sentence: 'a b c d e f g h i j k l', masks: new Set(['causal', 'padding']), window: 3, scores: 'learned', second: 'one two three', sequence: 2, edits: new Map() },
  { sentence: 'the cat sat', masks: new Set(['padding']), window: 3, scores: 'equal', second: 'the big cat sat down', sequence: 1, edits: new Map([['1:0:0', -Infinity], ['1:1:2', 0]]) },
  { sentence: 'one two three four', masks: new Set(), window: 3, scores: 'learned', sequence: 1, edits: new Map([['1:2:0', -Infinity], ['1:2:1', -Infinity], ['1:2:2', -Infinity], ['1:2:3', -Infinity]]) },
];

test('masks: the built mask, scaled scores, weights, row sums, entropies, allowed keys, ln k and the after-softmax bug', () => {
  for (const settings of MASK_SETTINGS) {
    const core = computeMasks(attn, settings);
    const { n, tokens, sequence, lengths } = core;
    const label = `${settings.sentence} [${[...settings.masks]}] seq ${sequence}`;
    // The mask: the switches' masks added, then the edits.
    let expected = ref.mask('none', n);
    if (settings.masks.has('causal')) expected = expected.map((v, i) => v + ref.mask('causal', n)[i]);
    if (settings.masks.has('window')) expected = expected.map((v, i) => v + ref.mask('window', n, { window: settings.window })[i]);
    if (settings.masks.has('padding')) expected = expected.map((v, i) => v + ref.mask('padding', n, { length: lengths[sequence - 1] })[i]);
    for (const [key, value] of settings.edits) {
      const [seq, i, j] = key.split(':').map(Number);
      if (seq === sequence && i < n && j < n) expected[i * n + j] = value;
    }
    close(core.mask, expected, 0, `${label} mask`);
    // Scores from the same X (the core's word embeddings, an input) and the widget's projections.
    const width = WIDTH;
    const x = new Float32Array(n * width);
    tokens.forEach((token, i) => x.set(attn.wordEmbedding({ word: token.toLowerCase(), d: width }), i * width));
    {
      const q = settings.scores === 'equal' ? new Float64Array(n * width) : ref.matmul(x, WQ, n, width, width);
      const k = ref.matmul(x, WK, n, width, width);
      const r = ref.attention({ q, k, v: x, n, m: n, dk: width, dv: width, maskValues: expected });
      close(core.scaled, r.scaled, 2e-5, `${label} scaled`);
      close(core.weights, r.weights, 2e-5, `${label} weights`);
      assert.equal(core.emptyRows, r.emptyRows);
      const open = ref.attention({ q, k, v: x, n, m: n, dk: width, dv: width });
      const buggy = open.weights.map((w, i) => (expected[i] === 0 ? w : 0));
      close(core.buggy, buggy, 2e-5, `${label} bug`);
      const bs = ref.rowStats(buggy, n, n);
      close(core.buggySums, bs.sums, 2e-5, `${label} bug sums`);
      close(core.buggyEntropy, bs.entropy, 2e-5, `${label} bug entropy`);
    }
    // Row diagnostics of the core's weights, and the mask's allowed keys.
    const stats = ref.rowStats(core.weights, n, n);
    close(core.sums, stats.sums, 2e-5, `${label} sums`);
    close(core.entropy, stats.entropy, 2e-5, `${label} entropy`);
    const keys = ref.allowedKeys(expected, n, n);
    assert.deepEqual(Array.from(core.allowed), keys.allowed, `${label} allowed`);
    close(core.lnK, keys.lnK, 1e-12, `${label} ln k`);
  }
});

// ---------------------------------------------------------------- §6.5 the shuffle widget

test('shuffle: positions, rotary and sinusoidal self-attention outputs, q·k dot products, at offsets', () => {
  for (const d of [2, 8, 16]) {
    for (const offset of [0, 3, 1000]) {
      const n = 5;
      const close1 = (a, e, label) => close(a, e, 2e-5 * (1 + Math.max(...Array.from(e, Math.abs))), label);
      close1(attn.positions({ n: offset + n, d }).subarray(offset * d), ref.sinusoidal(n, d, offset), `PE d ${d} offset ${offset}`);
      const words = ['the', 'dog', 'bit', 'the', 'man'];
      const x = new Float32Array(n * d);
      words.forEach((w, i) => x.set(attn.wordEmbedding({ word: w, d }), i * d));
      const [wq, wk, wv] = ['W^Q', 'W^K', 'W^V'].map((name) => attn.wordEmbedding({ word: name, d: d * d }));
      for (const positions of ['none', 'sinusoidal', 'rotary']) {
        for (const causal of [false, true]) {
          const mask = causal ? 'causal' : 'none';
          const core = attn.selfAttention({ x, wq, wk, wv, n, d, positions, mask, offset });
          const r = ref.selfAttention({ x, wq, wk, wv, n, d, positions, offset, maskValues: causal ? ref.mask('causal', n) : null });
          const label = `d ${d} offset ${offset} ${positions} ${mask}`;
          close1(core.q, r.q, `${label} q`);
          close1(core.k, r.k, `${label} k`);
          close1(core.v, r.v, `${label} v`);
          close1(core.out, r.out, `${label} out`);
          // Dot products of rotated q and k depend only on the distance between positions.
          const dots = ref.matmul(core.q, core.k, n, d, n, { transposeB: true });
          close1(dots, ref.matmul(r.q, r.k, n, d, n, { transposeB: true }), `${label} q·k`);
        }
      }
    }
  }
  // rope on its own.
  const x = attn.wordEmbedding({ word: 'rotate', d: 8 * 3 });
  close(attn.rope({ x, n: 3, d: 8, offset: 7 }), ref.rotary(x, 3, 8, 7), 2e-5, 'rope');
});

// ---------------------------------------------------------------- §6.6 heads and cost

test('heads: every head\'s map, head outputs, concatenation and the mixed output', () => {
  for (const sentence of [DEFAULT_SENTENCE, 'she gave him the book because he asked']) {
    const { words } = readSentence(sentence);
    const { heads } = applyRules(words);
    for (const mixing of [true, false]) {
      for (const causal of [false, true]) {
        const inputs = buildInputs(attn, words, heads, { mixing });
        const core = attn.multiHead({ ...inputs, mask: causal ? 'causal' : 'none' });
        const r = ref.multiHead({ ...inputs, maskValues: causal ? ref.mask('causal', inputs.n) : null });
        const label = `${sentence.slice(0, 12)} mixing ${mixing} causal ${causal}`;
        for (const key of ['weights', 'headOut', 'concat', 'out']) close(core[key], r[key], 2e-5, `${label} ${key}`);
      }
    }
  }
});

test('cost: every multiply-add count, the crossover and the score-table memory', () => {
  for (const n of [1, 2, 7, 64, 128, 1000, 4096, 65536]) {
    for (const [dModel, heads] of [[64, 1], [64, 8], [512, 8], [768, 12], [4096, 32]]) {
      const core = attn.cost({ n, dModel, heads });
      const r = ref.cost(n, dModel, heads);
      for (const key of Object.keys(r)) assert.equal(core[key], r[key], `n ${n} d ${dModel} h ${heads}: ${key}`);
    }
  }
});

// ---------------------------------------------------------------- §6.3 the variance widget

test('variance: mean, variance, ratio and histogram of the scores, from the same draws', () => {
  for (const [dk, draws, seed] of [[4, 2000, 1], [64, 500, 7], [128, 300, 42], [300, 100, 5]]) {
    // The core's draws are the data: score s = Σ q_i k_i with (q_i, k_i) consecutive normals.
    const normals = attn.randomNormals({ count: 2 * dk * draws, seed });
    for (const scaled of [false, true]) {
      const scores = [];
      for (let t = 0; t < draws; t++) {
        let s = 0;
        for (let i = 0; i < dk; i++) s += normals[2 * (t * dk + i)] * normals[2 * (t * dk + i) + 1];
        scores.push(scaled ? s / Math.sqrt(dk) : s);
      }
      const half = scaled ? 4 : 4 * Math.sqrt(dk), bins = 20;
      const edges = Array.from({ length: bins + 1 }, (_, b) => -half + (2 * half * b) / bins);
      const core = attn.scoreStats({ dk, draws, seed, scaled, bins: edges });
      const { mean, variance } = ref.moments(scores);
      const label = `dk ${dk} draws ${draws} scaled ${scaled}`;
      assert.ok(Math.abs(core.mean - mean) <= 1e-9 * (1 + Math.abs(mean)), `${label} mean ${core.mean} vs ${mean}`);
      assert.ok(Math.abs(core.variance - variance) <= 1e-9 * variance, `${label} variance ${core.variance} vs ${variance}`);
      assert.ok(Math.abs(core.ratio - (scaled ? variance : variance / dk)) <= 1e-9 * variance, `${label} ratio`);
      const counts = new Array(bins).fill(0);
      const f32 = Float32Array.from(edges);
      let nearEdge = 0;
      for (const s of scores) {
        if (Array.from(f32).some((e) => Math.abs(s - e) < 1e-6)) nearEdge++;
        for (let b = 0; b < bins; b++) if (s >= f32[b] && (s < f32[b + 1] || (b === bins - 1 && s === f32[b + 1]))) { counts[b]++; break; }
      }
      const off = counts.reduce((sum, c, b) => sum + Math.abs(c - core.histogram.counts[b]), 0);
      assert.ok(off <= 2 * nearEdge, `${label}: histogram counts differ by ${off}`);
    }
  }
});

/** The scores of each saturation trial, in double, from the core's normals for `seed` in the order
 *  attn.h gives: a query (dk), then `keys` keys (dk each); q·k, divided by √dk when `scaled`. */
function trialScores({ dk, keys, trials, seed, scaled }) {
  const normals = attn.randomNormals({ count: trials * dk * (keys + 1), seed });
  const trialsScores = [];
  let at = 0;
  for (let t = 0; t < trials; t++) {
    const q = normals.subarray(at, at + dk);
    at += dk;
    const scores = [];
    for (let j = 0; j < keys; j++) {
      let s = 0;
      for (let i = 0; i < dk; i++) s += q[i] * normals[at + i];
      at += dk;
      scores.push(scaled ? s / Math.sqrt(dk) : s);
    }
    trialsScores.push(scores);
  }
  return trialsScores;
}

test('variance: saturation fraction and the mean p(1 − p) of saturated trials, from the same draws', () => {
  for (const [dk, keys, trials, seed, threshold] of [[128, 64, 60, 3, 0.99], [16, 8, 200, 9, 0.9], [512, 16, 20, 1, 0.99]]) {
    for (const scaled of [false, true]) {
      const pmax = trialScores({ dk, keys, trials, seed, scaled }).map((scores) => Math.max(...ref.softmax(scores)));
      const core = attn.saturation({ dk, keys, trials, threshold, seed, scaled });
      const label = `dk ${dk} keys ${keys} scaled ${scaled}`;
      close(core.pmax, pmax, 1e-5, `${label} p_max`);
      const saturated = pmax.filter((p) => p > threshold);
      // A trial within 1e-5 of the threshold may fall either side in float32: none do here.
      assert.ok(pmax.every((p) => Math.abs(p - threshold) > 1e-5), `${label}: a trial sits on the threshold`);
      assert.equal(core.fraction, saturated.length / trials, `${label} fraction`);
      const grad = saturated.length ? saturated.reduce((s, p) => s + p * (1 - p), 0) / saturated.length : NaN;
      if (Number.isNaN(grad)) assert.ok(Number.isNaN(core.meanGrad));
      else assert.ok(Math.abs(core.meanGrad - grad) <= 1e-5 * Math.max(grad, 1e-3), `${label} p(1 − p) ${core.meanGrad} vs ${grad}`);
    }
  }
});

test('variance: the pairs of scores more than a gap apart and the mean top gap, from the same draws, counted pair by pair', async () => {
  const { GAP } = await import('../../web/widgets/variance/variance-gaps.js');
  for (const [dk, keys, trials, seed, gap] of [[128, 64, 40, 3, GAP], [8, 30, 100, 9, 3], [512, 16, 10, 1, GAP]]) {
    for (const scaled of [false, true]) {
      let over = 0, near = 0, topGaps = 0;
      for (const scores of trialScores({ dk, keys, trials, seed, scaled })) {
        for (let i = 0; i < keys; i++) {
          for (let j = i + 1; j < keys; j++) {
            const apart = Math.abs(scores[i] - scores[j]);
            over += apart > gap;
            near += Math.abs(apart - gap) < 1e-3;
          }
        }
        const [first, second] = [...scores].sort((a, b) => b - a);
        topGaps += first - second;
      }
      const core = attn.scoreGaps({ dk, keys, trials, seed, scaled, gap });
      const label = `dk ${dk} keys ${keys} scaled ${scaled}`;
      assert.equal(core.pairs, trials * keys * (keys - 1) / 2, `${label} pairs`);
      assert.ok(Math.abs(core.over - over) <= near, `${label}: ${core.over} pairs apart, the reference ${over} (${near} on the edge)`);
      assert.ok(Math.abs(core.meanTopGap - topGaps / trials) <= 1e-5 * (topGaps / trials), `${label} top gap ${core.meanTopGap} vs ${topGaps / trials}`);
      assert.equal(core.fraction, core.over / core.pairs);
    }
  }
});

test('variance: the normal density drawn over each histogram (JS, not the core) is N(0, σ²)', async () => {
  const { normalDensity } = await import('../../web/ui/histogram-chart.js');
  for (const variance of [1, 32, 128, 4096]) {
    const sigma = Math.sqrt(variance);
    for (const z of [-4, -1.5, 0, 0.3, 2, 4]) {
      const x = z * sigma;
      // φ(z) / σ, with φ the standard normal density.
      const expected = Math.exp(-z * z / 2) / (sigma * Math.sqrt(2 * Math.PI));
      assert.ok(Math.abs(normalDensity(x, 0, variance) - expected) <= 1e-14 * (1 + expected), `variance ${variance}, x ${x}`);
    }
  }
});
