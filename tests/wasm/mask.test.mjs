// mask.test.mjs — §6.4 in node: the mask builders, addition, allowed keys, the mask-after-softmax
// bug and row statistics agree between WASM and the native build; the chapter's known outputs
// come through the JS face; and every bad input throws a readable AttnError.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Status } from '../../web/lib/attn.js';
import { loadWasmAttn, runNative, randomFloats, maxRelativeDifference, assertAttnError } from './helpers.mjs';

const attn = await loadWasmAttn();
const I = -Infinity;

/** A mask as rows of '.' (0) and 'x' (−∞), the way the chapter draws it. */
const drawn = (mask, m) => Array.from({ length: mask.length / m }, (_, i) =>
  Array.from(mask.subarray(i * m, (i + 1) * m), (x) => (x === 0 ? '.' : x === I ? 'x' : '?')).join(''));

/** Equal scores (q = k = 0) under a mask: every allowed key gets the same weight. */
function equalWeights(mask, n) {
  const zeros = new Float32Array(n * 2);
  return attn.attention({ q: zeros, k: zeros, v: zeros, n, m: n, dk: 2, dv: 2, mask });
}

test('the 4-token causal mask: row i allows keys 1..i, as the chapter draws it', () => {
  assert.deepEqual(drawn(attn.mask({ kind: 'causal', n: 4 }), 4), ['.xxx', '..xx', '...x', '....']);
  const { allowed, lnK, emptyRows } = attn.allowedKeys({ mask: attn.mask({ kind: 'causal', n: 4 }), n: 4 });
  assert.deepEqual(Array.from(allowed), [1, 2, 3, 4]);
  assert.equal(lnK[2].toFixed(4), '1.0986');
  assert.equal(emptyRows, 0);
  assert.deepEqual(drawn(attn.mask({ kind: 'none', n: 2, m: 3 }), 3), ['...', '...']);
});

test('window w = 2 on 5 tokens, and padding with lengths [5, 3]', () => {
  assert.deepEqual(drawn(attn.mask({ kind: 'window', n: 5, window: 2 }), 5), ['.xxxx', '..xxx', 'x..xx', 'xx..x', 'xxx..']);
  const padding = attn.mask({ kind: 'padding', n: 5, lengths: [5, 3] });
  assert.equal(padding.length, 2 * 25);
  assert.deepEqual(drawn(padding.subarray(0, 25), 5), ['.....', '.....', '.....', '.....', '.....']);
  assert.deepEqual(drawn(padding.subarray(25), 5), ['...xx', '...xx', '...xx', '...xx', '...xx']);
});

test('a combined mask equals the elementwise sum of its parts', () => {
  const causal = attn.mask({ kind: 'causal', n: 5 });
  const window = attn.mask({ kind: 'window', n: 5, window: 2 });
  const padding = attn.mask({ kind: 'padding', n: 5, lengths: [5, 3] }).subarray(25);
  const both = attn.combineMasks(causal, padding);
  assert.deepEqual(Array.from(both), Array.from(causal, (x, i) => x + padding[i]));
  assert.deepEqual(drawn(both, 5), ['.xxxx', '..xxx', '...xx', '...xx', '...xx']);
  const all = attn.combineMasks(attn.combineMasks(causal, window), padding);
  assert.deepEqual(drawn(all, 5), ['.xxxx', '..xxx', 'x..xx', 'xx.xx', 'xxxxx']);
  assert.deepEqual(Array.from(attn.combineMasks([0, -1.5, I], [2, -1, 0])), [2, -2.5, I]);
});

test('equal scores: weights 1/k, entropy ln k, rows sum to 1; after the softmax the sums fall below 1', () => {
  const causal = attn.mask({ kind: 'causal', n: 4 });
  const right = equalWeights(causal, 4);
  assert.equal(right.emptyRows, 0);
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) {
    assert.ok(Math.abs(right.weights[i * 4 + j] - (j <= i ? 1 / (i + 1) : 0)) < 1e-7);
  }
  const stats = attn.rowStats({ weights: right.weights, n: 4, m: 4 });
  for (let i = 0; i < 4; i++) {
    assert.ok(Math.abs(stats.sums[i] - 1) <= 1e-6, `row ${i + 1} sums to ${stats.sums[i]}`);
    assert.ok(Math.abs(stats.entropy[i] - Math.log(i + 1)) <= 1e-6);
  }
  assert.equal(stats.entropy[2].toFixed(4), '1.0986'); // row 3: ln 3

  const open = equalWeights(attn.mask({ kind: 'none', n: 4 }), 4);
  const buggy = attn.maskAfterSoftmax({ weights: open.weights, mask: causal, n: 4 });
  const buggyStats = attn.rowStats({ weights: buggy, n: 4 });
  assert.deepEqual(Array.from(buggyStats.sums, (s) => s.toFixed(6)), ['0.250000', '0.500000', '0.750000', '1.000000']);
  for (let i = 0; i < 3; i++) assert.ok(buggyStats.sums[i] < 1);
});

test('a fully blocked row: NaN weights, counted once, nothing else breaks', () => {
  const mask = attn.mask({ kind: 'causal', n: 4 });
  mask[4] = I; // row 2 loses key 1; key 2 was its only other key
  mask[5] = I;
  const counted = attn.allowedKeys({ mask, n: 4 });
  assert.equal(counted.emptyRows, 1);
  assert.equal(counted.allowed[1], 0);
  assert.ok(Number.isNaN(counted.lnK[1]));
  const r = equalWeights(mask, 4);
  assert.equal(r.emptyRows, 1);
  assert.ok(Array.from(r.weights.subarray(4, 8)).every(Number.isNaN));
  const stats = attn.rowStats({ weights: r.weights, n: 4 });
  assert.ok(Number.isNaN(stats.sums[1]) && Number.isNaN(stats.entropy[1]));
  assert.ok(Math.abs(stats.sums[3] - 1) <= 1e-6 && Math.abs(stats.entropy[3] - Math.log(4)) <= 1e-6);
});

test('native and WASM agree on every mask builder', () => {
  for (const [n, m] of [[1, 1], [4, 4], [5, 5], [7, 3], [3, 9], [12, 12]]) {
    const cases = [
      ['none', `mask none ${n} ${m}`, {}],
      ['causal', `mask causal ${n} ${m}`, {}],
      ...[1, 2, 5].map((w) => ['window', `mask window ${n} ${m} ${w}`, { window: w }]),
      ['padding', `mask padding ${n} ${m} 3 ${m} 1 ${Math.ceil(m / 2)}`, { lengths: [m, 1, Math.ceil(m / 2)] }],
    ];
    for (const [kind, header, extra] of cases) {
      const wasm = attn.mask({ kind, n, m, ...extra });
      const native = runNative(header, []);
      assert.equal(native.int32(), 0, header);
      assert.deepEqual(Array.from(wasm), Array.from(native.f32(wasm.length)), header);
    }
  }
});

test('native and WASM agree on mask addition, allowed keys, the bug and row statistics', () => {
  for (const [n, m] of [[1, 1], [4, 4], [9, 5], [12, 12]]) {
    const seed = n * 100 + m;
    const a = Float32Array.from(randomFloats(n * m, seed), (x) => (x > 0.4 ? I : x));
    const b = Float32Array.from(randomFloats(n * m, seed + 1), (x) => (x > 0.6 ? I : 0));
    const sum = attn.combineMasks(a, b);
    const nativeSum = runNative(`mask_add ${n * m}`, [a, b]);
    assert.equal(nativeSum.int32(), 0);
    assert.deepEqual(Array.from(sum), Array.from(nativeSum.f32(n * m)));

    const counted = attn.allowedKeys({ mask: sum, n, m });
    const nativeCount = runNative(`mask_allowed ${n} ${m}`, [sum]);
    assert.equal(nativeCount.int32(), 0);
    assert.equal(counted.emptyRows, nativeCount.int32());
    assert.deepEqual(Array.from(counted.allowed), Array.from({ length: n }, () => nativeCount.int32()));
    assert.deepEqual(Array.from(counted.lnK), Array.from(nativeCount.f64(n)));

    const q = randomFloats(n * 3, seed + 2, 2), k = randomFloats(m * 3, seed + 3, 2), v = randomFloats(m * 2, seed + 4);
    const open = attn.attention({ q, k, v, n, m, dk: 3, dv: 2 }).weights;
    const buggy = attn.maskAfterSoftmax({ weights: open, mask: sum, n, m });
    const nativeBuggy = runNative(`zero_blocked ${n} ${m}`, [open, sum]);
    assert.equal(nativeBuggy.int32(), 0);
    assert.deepEqual(Array.from(buggy), Array.from(nativeBuggy.f32(n * m)));

    const masked = attn.attention({ q, k, v, n, m, dk: 3, dv: 2, mask: sum }).weights;
    for (const weights of [open, buggy, masked]) {
      const stats = attn.rowStats({ weights, n, m });
      const nativeStats = runNative(`row_stats ${n} ${m}`, [weights]);
      assert.equal(nativeStats.int32(), 0);
      assert.ok(maxRelativeDifference(stats.sums, nativeStats.f64(n)) <= 1e-12);
      assert.ok(maxRelativeDifference(stats.entropy, nativeStats.f64(n)) <= 1e-12);
    }
  }
});

test('the native core refuses the bad inputs the JS face catches first', () => {
  for (const [header, code] of [
    ['mask window 4 4 0', Status.ARGUMENT],
    ['mask padding 4 4 2 5 3', Status.ARGUMENT],
    ['mask padding 4 4 2 4 0', Status.ARGUMENT],
    ['mask causal 0 4', Status.SIZE],
  ]) {
    assert.equal(runNative(header, []).int32(), code, header);
  }
});

const BAD_INPUTS = [
  ['window w = 0', () => attn.mask({ kind: 'window', n: 4, window: 0 }), Status.SIZE, /^window must be at least 1, but it is 0\.$/],
  ['window missing', () => attn.mask({ kind: 'window', n: 4 }), Status.TYPE, /window must be a whole number, but it is missing/],
  ['a length larger than the sentence', () => attn.mask({ kind: 'padding', n: 5, lengths: [5, 6] }), Status.ARGUMENT, /lengths\[1\] must be between 1 and m = 5 .* but it is 6\./],
  ['a length below 1', () => attn.mask({ kind: 'padding', n: 5, lengths: [0, 3] }), Status.ARGUMENT, /lengths\[0\] must be between 1 and m = 5.*but it is 0\./],
  ['a fractional length', () => attn.mask({ kind: 'padding', n: 5, lengths: [2.5] }), Status.TYPE, /lengths\[0\] must be a whole number/],
  ['lengths missing', () => attn.mask({ kind: 'padding', n: 5 }), Status.TYPE, /lengths must be a list of real sequence lengths/],
  ['N = 0', () => attn.mask({ kind: 'causal', n: 0 }), Status.SIZE, /n must be at least 1, but it is 0/],
  ['N negative', () => attn.mask({ kind: 'none', n: -2 }), Status.SIZE, /n must be at least 1/],
  ['N fractional', () => attn.mask({ kind: 'causal', n: 2.5 }), Status.TYPE, /n must be a whole number/],
  ['N too large', () => attn.mask({ kind: 'causal', n: 65536 }), Status.OVERFLOW, /too large/],
  ['an unknown kind', () => attn.mask({ kind: 'diagonal', n: 4 }), Status.MASK_KIND, /kind must be 'none', 'causal', 'window' or 'padding', but it is the text "diagonal"/],
  ['masks of mismatched shape', () => attn.combineMasks(new Float32Array(16), new Float32Array(25)), Status.SHAPE, /^combineMasks needs two masks of the same shape, but a holds 16 numbers and b holds 25\.$/],
  ['a mask that is not an array', () => attn.combineMasks(new Float32Array(4), 'causal'), Status.TYPE, /b must be a mask/],
  ['NaN in a mask', () => attn.combineMasks([0, NaN], [0, 0]), Status.VALUE, /a must hold 0 \(allowed\), -Infinity \(blocked\).*entry 1 is NaN/],
  ['+Infinity in a mask', () => attn.allowedKeys({ mask: [0, Infinity, 0, 0], n: 2 }), Status.VALUE, /entry 1 is Infinity/],
  ['a negative weight', () => attn.rowStats({ weights: [0.5, -0.5], n: 1, m: 2 }), Status.VALUE, /weights must hold weights of 0 or more.*entry 1 is -0\.5/],
  ['weights of the wrong length', () => attn.rowStats({ weights: [1, 0, 0], n: 2, m: 2 }), Status.LENGTH, /weights must hold n·m = 4 numbers, but it holds 3/],
  ['the bug with a short mask', () => attn.maskAfterSoftmax({ weights: [1, 0, 0, 1], mask: [0], n: 2 }), Status.LENGTH, /mask must hold n·m = 4/],
];

for (const [name, call, code, message] of BAD_INPUTS) {
  test(`bad input: ${name} throws a readable AttnError`, () => {
    assertAttnError(call, code, message);
    assert.deepEqual(drawn(attn.mask({ kind: 'causal', n: 2 }), 2), ['.x', '..']); // still works
  });
}
