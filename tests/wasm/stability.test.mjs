// stability.test.mjs — the lab text's numerical stability and §6.3's continuous scaling in node: the
// core's softmax with and without the row maximum, the mask-then-multiply hazard, and attention
// with any score multiplier, each against the float64 references in reference/stability.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn, randomFloats } from './helpers.mjs';
import { FLOAT32_EXP_LIMIT, stableSoftmax, naiveSoftmax, maskThenMultiply, multipliedWeights, entropy } from '../../reference/stability.mjs';

const attn = await loadWasmAttn();
const close = (actual, expected, tolerance, what) => {
  for (let i = 0; i < expected.length; i++) {
    assert.ok(Math.abs(actual[i] - expected[i]) <= tolerance, `${what}[${i}]: ${actual[i]} against ${expected[i]}`);
  }
};

test('scores near 1,000: without the maximum exp overflows and every weight is NaN; with it, the right weights', () => {
  const x = [1000, 999, 995];
  const naive = attn.softmaxUnstable({ x, rows: 1, cols: 3 });
  const reference = naiveSoftmax(x);
  assert.equal(naive.overflowedRows, 1);
  assert.deepEqual(Array.from(naive.exps), reference.exps); // all Infinity
  assert.ok(naive.weights.every(Number.isNaN) && reference.weights.every(Number.isNaN));
  const stable = attn.softmax({ x, rows: 1, cols: 3 });
  close(stable.weights, stableSoftmax(x), 1e-7, 'stable weights');
  assert.equal(stable.emptyRows, 0);
});

test('the float32 edge: exp(88) is finite, exp(89) overflows (the chapter’s number)', () => {
  assert.ok(FLOAT32_EXP_LIMIT > 88 && FLOAT32_EXP_LIMIT < 89);
  const { exps, weights, overflowedRows } = attn.softmaxUnstable({ x: [88, 0, 89, 0], rows: 2, cols: 2 });
  assert.equal(overflowedRows, 1);
  assert.ok(Number.isFinite(exps[0]) && exps[2] === Infinity);
  assert.ok(Math.abs(weights[0] - 1) < 1e-7 && Number.isNaN(weights[2]) && weights[3] === 0);
});

test('small scores: both softmaxes agree with the reference', () => {
  const x = randomFloats(4 * 8, 3);
  const naive = attn.softmaxUnstable({ x, rows: 4, cols: 8 });
  const stable = attn.softmax({ x, rows: 4, cols: 8 });
  for (let r = 0; r < 4; r++) {
    const row = Array.from(x.subarray(r * 8, r * 8 + 8));
    close(naive.weights.subarray(r * 8, r * 8 + 8), stableSoftmax(row), 1e-6, `naive row ${r}`);
    close(stable.weights.subarray(r * 8, r * 8 + 8), stableSoftmax(row), 1e-6, `stable row ${r}`);
  }
  assert.equal(naive.overflowedRows, 0);
});

test('−∞ against −1e9 as the mask value: the same weights, until a multiplication by zero gives NaN', () => {
  const scores = [2, 1, 3, 0.5, -1, 4];
  const literal = [0, 0, -Infinity, 0, 0, -Infinity];
  const large = [0, 0, -1e9, 0, 0, -1e9];
  for (const mask of [literal, large]) {
    const masked = attn.maskThenMultiply({ scores, mask, factor: 1, n: 2, m: 3 });
    const { weights } = attn.softmax({ x: masked.out, rows: 2, cols: 3 });
    close(weights, [...stableSoftmax(masked.out.slice(0, 3)), ...stableSoftmax(masked.out.slice(3))], 1e-7, 'masked weights');
    assert.equal(weights[2], 0);
  }
  const zeroLiteral = attn.maskThenMultiply({ scores, mask: literal, factor: 0, n: 2, m: 3 });
  assert.equal(zeroLiteral.nanEntries, 2);
  assert.deepEqual(Array.from(zeroLiteral.out, String), maskThenMultiply(scores, literal, 0).map(String)); // 0, 0, NaN, …
  assert.ok(attn.softmax({ x: zeroLiteral.out, rows: 2, cols: 3 }).weights.every(Number.isNaN));
  const zeroLarge = attn.maskThenMultiply({ scores, mask: large, factor: 0, n: 2, m: 3 });
  assert.equal(zeroLarge.nanEntries, 0);
  close(attn.softmax({ x: zeroLarge.out, rows: 2, cols: 3 }).weights, Array(6).fill(1 / 3), 1e-7, 'uniform'); // the blocked key leaks back in
});

test('a fully blocked row: −∞ gives NaN (and is counted), −1e9 silently gives uniform weights', () => {
  const literal = attn.softmax({ x: attn.maskThenMultiply({ scores: [1, 5], mask: [-Infinity, -Infinity], factor: 1, n: 1, m: 2 }).out, rows: 1, cols: 2 });
  assert.equal(literal.emptyRows, 1);
  assert.ok(literal.weights.every(Number.isNaN));
  const large = attn.softmax({ x: attn.maskThenMultiply({ scores: [1, 5], mask: [-1e9, -1e9], factor: 1, n: 1, m: 2 }).out, rows: 1, cols: 2 });
  assert.equal(large.emptyRows, 0);
  close(large.weights, [0.5, 0.5], 1e-7, 'float32 swallows the scores next to 1e9');
});

test('attention with a score multiplier: 0 is uniform, 1/√d_k is scale: true, 1 is scale: false; entropy falls as it grows', () => {
  // The chapter's §6.2 example (web/widgets/stepper/stepper-example.js): scores [[−18, 0], [0, 2]].
  const q = [3, 3, 1, -1], k = [-3, -3, 1, -1], v = [0, -1, 1, 2];
  const base = { q, k, v, n: 2, m: 2, dk: 2, dv: 2 };
  const scores = attn.attention({ ...base, scale: false }).scores;
  assert.deepEqual(Array.from(scores), [-18, 0, 0, 2]);
  const scaled = attn.attention(base);
  assert.deepEqual(attn.attention({ ...base, multiplier: Math.fround(1 / Math.SQRT2) }).weights, scaled.weights);
  assert.deepEqual(attn.attention({ ...base, multiplier: 1 }).weights, attn.attention({ ...base, scale: false }).weights);
  let last = Infinity;
  for (const c of [0, 0.25, 0.5, 1, 1.5, 2]) {
    const multiplier = c / Math.SQRT2;
    const r = attn.attention({ ...base, multiplier, mask: 'none' });
    const rows = [0, 1].map((i) => multipliedWeights(Array.from(scores.subarray(2 * i, 2 * i + 2)), multiplier));
    close(r.weights, rows.flat(), 1e-6, `weights at ${c}/√d_k`);
    const { entropy: h } = attn.rowStats({ weights: r.weights, n: 2, m: 2 });
    close(h, rows.map(entropy), 1e-6, `entropy at ${c}/√d_k`);
    const mean = (h[0] + h[1]) / 2;
    assert.ok(mean < last || c === 0, `mean entropy falls as the multiplier grows (${mean} after ${last})`);
    if (c === 0) assert.ok(Math.abs(mean - Math.log(2)) < 1e-6, 'multiplier 0: every row uniform, entropy ln 2');
    last = mean;
  }
});

test('asymmetry: max |S − Sᵀ| from the core equals the float64 one; exactly 0 for Q = K', () => {
  const n = 5, d = 3;
  const q = randomFloats(n * d, 11), k = randomFloats(n * d, 12);
  const scoresOf = (a, b) => attn.attention({ q: a, k: b, v: new Float32Array(n), n, m: n, dk: d, dv: 1, scale: false }).scores;
  const separate = scoresOf(q, k);
  let largest = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) largest = Math.max(largest, Math.abs(separate[i * n + j] - separate[j * n + i]));
  const measured = attn.scoreAsymmetry({ scores: separate, n });
  assert.equal(measured.maxAbs, largest); // float32 entries, difference in double: exact
  assert.ok(measured.i < measured.j && Math.abs(separate[measured.i * n + measured.j] - separate[measured.j * n + measured.i]) === largest);
  assert.equal(attn.scoreAsymmetry({ scores: scoresOf(k, k), n }).maxAbs, 0);
});
