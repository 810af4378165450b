// threads.test.mjs — both cores in node: the threaded build (attn-mt.wasm) with its helper in a
// worker thread gives, bit for bit, what the single-thread build (attn.wasm) gives, for
// attn_gemm and attn_flash_attention (every mask, 1–9 heads, odd sizes, N = 1, M = 1) and
// multiHead's fast path, and the same with its limit at one thread; the helper stops and the
// core goes on on one thread.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn, loadThreadedAttn, randomFloats } from './helpers.mjs';

const one = await loadWasmAttn();
const two = await loadThreadedAttn();
after(() => two.core.stopHelper());

/** Bit for bit: the same float32 patterns (NaN included). */
function sameBits(a, b) {
  assert.equal(a.length, b.length);
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length), y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `entry ${i}: ${a[i]} vs ${b[i]}`;
  return null;
}

test('the single-thread build runs one thread; the threaded build with its helper runs two', () => {
  assert.equal(one.threads, 1);
  assert.equal(two.threads, 2);
  assert.ok(two.core.memory.buffer instanceof SharedArrayBuffer);
});

const GEMM_SIZES = [[1, 1, 1], [1, 64, 1000], [1000, 64, 1], [127, 513, 33], [200, 64, 200], [513, 70, 129], [256, 256, 256]];
for (const [m, k, n] of GEMM_SIZES) {
  for (const transposeB of [false, true]) {
    test(`matmul (fast): two threads give one thread's bits, m=${m} k=${k} n=${n}${transposeB ? ' bᵀ' : ''}`, () => {
      const a = randomFloats(m * k, m + k, 1), b = randomFloats(k * n, n + 3, 1);
      const args = { a, b, m, k, n, transposeB, fast: true };
      assert.equal(sameBits(two.matmul(args), one.matmul(args)), null);
    });
  }
}

const FLASH_CASES = [
  { heads: 1, n: 1, m: 1, dk: 8, dv: 8 },
  { heads: 1, n: 1, m: 300, dk: 16, dv: 16 },
  { heads: 1, n: 300, m: 1, dk: 16, dv: 16 },
  { heads: 1, n: 257, m: 257, dk: 64, dv: 64 },
  { heads: 3, n: 131, m: 77, dk: 12, dv: 20 },
  { heads: 8, n: 200, m: 200, dk: 16, dv: 16 },
  { heads: 9, n: 97, m: 150, dk: 8, dv: 24 },
  { heads: 2, n: 600, m: 600, dk: 32, dv: 32 },
];
const MASKS = ['none', 'causal', { window: 5 }, { window: 100 }];
for (const c of FLASH_CASES) {
  for (const mask of MASKS) {
    const label = typeof mask === 'object' ? `window ${mask.window}` : mask;
    test(`flashAttention: two threads give one thread's bits, heads=${c.heads} n=${c.n} m=${c.m} mask=${label}`, () => {
      const seed = c.heads * 31 + c.n * 7 + c.m;
      const q = randomFloats(c.n * c.heads * c.dk, seed, 2), k = randomFloats(c.m * c.heads * c.dk, seed + 1, 2);
      const v = randomFloats(c.m * c.heads * c.dv, seed + 2, 1);
      const a = one.flashAttention({ ...c, q, k, v, mask }), b = two.flashAttention({ ...c, q, k, v, mask });
      assert.equal(sameBits(b.out, a.out), null, 'out');
      assert.equal(sameBits(b.lse, a.lse), null, 'lse');
      assert.equal(b.emptyRows, a.emptyRows);
    });
  }
}

test('multiHead without steps (projections and heads on the fast kernels): two threads give one thread\'s bits', () => {
  const n = 300, dModel = 64, heads = 4;
  const w = (seed) => randomFloats(dModel * dModel, seed, 1 / 8);
  const args = { x: randomFloats(n * dModel, 1, 1), n, dModel, heads, wq: w(2), wk: w(3), wv: w(4), wo: w(5), steps: false };
  for (const mask of ['none', 'causal']) assert.equal(sameBits(two.multiHead({ ...args, mask }).out, one.multiHead({ ...args, mask }).out), null);
});

test('the limit at one thread, then the helper stopped: same bits, and threads says 1', async () => {
  const q = randomFloats(700 * 64, 1, 2), k = randomFloats(700 * 64, 2, 2), v = randomFloats(700 * 64, 3, 1);
  const args = { q, k, v, n: 700, m: 700, dk: 64, dv: 64, mask: 'causal' };
  const want = one.flashAttention(args).out;
  two.core.limitThreads(1);
  assert.equal(two.threads, 1);
  assert.equal(sameBits(two.flashAttention(args).out, want), null);
  two.core.limitThreads(2);
  assert.throws(() => two.core.limitThreads(3), /thread limit must be 1 or 2, but it is 3/);
  one.core.limitThreads(1); // the single-thread build has nothing to limit
  assert.equal(two.threads, 2);
  await two.core.stopHelper();
  assert.equal(two.threads, 1);
  assert.equal(sameBits(two.flashAttention(args).out, want), null);
});

// The training tape's products (attn_gemm_ex: every transpose and accumulate) split by row
// blocks on two threads; a whole training run must not notice.
test('training on two threads gives one thread\'s losses, weights and validation loss, bit for bit', () => {
  const options = { layers: 2, heads: 4, dModel: 64, context: 32, batch: 4, seed: 5 };
  const text = 'the trophy would not fit in the suitcase because it was too large. '.repeat(40);
  const a = one.createModel({ ...options, text }), b = two.createModel({ ...options, text });
  try {
    const lossA = a.train(6).loss, lossB = b.train(6).loss;
    assert.equal(sameBits(lossB, lossA), null, 'losses');
    assert.equal(sameBits(b.getParams(), a.getParams()), null, 'weights');
    assert.equal(b.evaluate(), a.evaluate());
  } finally {
    a.dispose();
    b.dispose();
  }
});
