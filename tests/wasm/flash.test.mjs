// flash.test.mjs — the fast kernels compiled to WASM, in node: the tiled attention and the
// packed matmul agree with their native builds and with the naive kernels (all masks, heads,
// N ≠ M, odd sizes, N = 1, M = 1); KV-cache decoding equals full causal attention; a tiled
// N = 32,768 run completes within its memory bound; bad sizes get a status, never a crash.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AttnError, Status } from '../../web/lib/attn.js';
import { loadWasmAttn, runNative, randomFloats, maxRelativeDifference } from './helpers.mjs';

const attn = await loadWasmAttn();

/** Columns of head h from a (rows, heads·width) array, as a (rows, width) array. */
function headColumns(x, rows, heads, width, h) {
  const out = new Float32Array(rows * width);
  for (let i = 0; i < rows; i++) out.set(x.subarray(i * heads * width + h * width, i * heads * width + (h + 1) * width), i * width);
  return out;
}

/** The naive twin's output for every head, laid out as flashAttention's (n, heads·dv). */
function naive({ q, k, v, n, m, dk, dv, heads, mask }) {
  const out = new Float32Array(n * heads * dv);
  let maskArg = mask;
  if (typeof mask === 'object') {
    maskArg = new Float32Array(n * m);
    for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) maskArg[i * m + j] = j > i || j <= i - mask.window ? -Infinity : 0;
  }
  for (let h = 0; h < heads; h++) {
    const r = attn.attention({
      q: headColumns(q, n, heads, dk, h), k: headColumns(k, m, heads, dk, h), v: headColumns(v, m, heads, dv, h),
      n, m, dk, dv, mask: maskArg,
    });
    for (let i = 0; i < n; i++) out.set(r.out.subarray(i * dv, (i + 1) * dv), i * heads * dv + h * dv);
  }
  return out;
}

const CASES = [
  { heads: 1, n: 1, m: 1, dk: 1, dv: 1 },
  { heads: 1, n: 1, m: 70, dk: 64, dv: 64 },
  { heads: 1, n: 70, m: 1, dk: 64, dv: 64 },
  { heads: 1, n: 64, m: 64, dk: 64, dv: 64 },
  { heads: 1, n: 101, m: 131, dk: 13, dv: 11 },
  { heads: 3, n: 37, m: 90, dk: 8, dv: 12 },
  { heads: 8, n: 90, m: 37, dk: 16, dv: 5 },
  // Past the kernel's key tile of 128: the diagonal and a window's edge inside tiles, a last
  // tile of 3 keys, a last panel of 1 query row, DV not a multiple of 8.
  { heads: 2, n: 261, m: 259, dk: 24, dv: 13 },
];
const MASKS = ['none', 'causal', { window: 1 }, { window: 9 }, { window: 130 }];

for (const c of CASES) {
  for (const mask of MASKS) {
    const label = typeof mask === 'object' ? `window ${mask.window}` : mask;
    test(`flashAttention equals the naive kernel and its native build: heads=${c.heads} n=${c.n} m=${c.m} dk=${c.dk} dv=${c.dv} mask=${label}`, () => {
      const seed = c.heads * 7919 + c.n * 131 + c.m * 17 + c.dk;
      const q = randomFloats(c.n * c.heads * c.dk, seed, 2);
      const k = randomFloats(c.m * c.heads * c.dk, seed + 1, 2);
      const v = randomFloats(c.m * c.heads * c.dv, seed + 2, 1);
      const fast = attn.flashAttention({ ...c, q, k, v, mask });
      const want = naive({ ...c, q, k, v, mask });
      assert.ok(maxRelativeDifference(fast.out, want) <= 1e-5, `fast vs naive: ${maxRelativeDifference(fast.out, want)}`);
      const kind = mask === 'none' ? 0 : 1, window = typeof mask === 'object' ? mask.window : 0;
      const native = runNative(`flash ${c.heads} ${c.n} ${c.m} ${c.dk} ${c.dv} ${kind} ${window}`, [q, k, v]);
      assert.equal(native.int32(), 0);
      assert.equal(native.int32(), fast.emptyRows);
      assert.ok(maxRelativeDifference(fast.out, native.f32(c.n * c.heads * c.dv)) <= 1e-6);
      assert.ok(maxRelativeDifference(fast.lse, native.f32(c.n * c.heads)) <= 1e-6);
    });
  }
}

test('lse is each row\'s log-sum-exp of the scaled scores', () => {
  const n = 5, m = 7, dk = 3, dv = 2;
  const q = randomFloats(n * dk, 1, 2), k = randomFloats(m * dk, 2, 2), v = randomFloats(m * dv, 3);
  const { lse } = attn.flashAttention({ q, k, v, n, m, dk, dv, mask: 'causal' });
  const { masked } = attn.attention({ q, k, v, n, m, dk, dv, mask: 'causal' });
  for (let i = 0; i < n; i++) {
    const row = Array.from(masked.subarray(i * m, (i + 1) * m));
    const max = Math.max(...row);
    const want = max + Math.log(row.reduce((s, x) => s + Math.exp(x - max), 0));
    assert.ok(Math.abs(lse[i] - want) <= 1e-5 * Math.max(1, Math.abs(want)), `row ${i}: ${lse[i]} vs ${want}`);
  }
});

test('a row with no key in its window is NaN, with lse -Infinity, and counted', () => {
  const q = randomFloats(6 * 2, 4), k = randomFloats(2 * 2, 5), v = randomFloats(2 * 2, 6);
  const r = attn.flashAttention({ q, k, v, n: 6, m: 2, dk: 2, dv: 2, mask: { window: 2 } });
  assert.equal(r.emptyRows, 3);
  assert.ok(Number.isNaN(r.out[10]) && r.lse[5] === -Infinity && Number.isFinite(r.lse[2]));
});

test('attention without intermediates takes the fast path and gives the same output', () => {
  const n = 50, m = 60, dk = 16, dv = 8;
  const q = randomFloats(n * dk, 7, 2), k = randomFloats(m * dk, 8, 2), v = randomFloats(m * dv, 9);
  for (const mask of ['none', 'causal']) {
    const full = attn.attention({ q, k, v, n, m, dk, dv, mask });
    const fast = attn.attention({ q, k, v, n, m, dk, dv, mask, steps: false });
    assert.deepEqual(Object.keys(fast).sort(), ['emptyRows', 'out']);
    assert.ok(maxRelativeDifference(fast.out, full.out) <= 1e-5);
  }
  const unscaled = attn.attention({ q, k, v, n, m, dk, dv, scale: false, steps: false });
  assert.ok(maxRelativeDifference(unscaled.out, attn.attention({ q, k, v, n, m, dk, dv, scale: false }).out) <= 1e-6);
});

for (const [m, k, n, transposeB] of [[1, 1, 1, false], [7, 13, 11, true], [64, 64, 64, false], [33, 300, 17, false], [100, 64, 9, true]]) {
  test(`fast matmul equals the naive one and its native build: ${m}×${k}·${k}×${n}${transposeB ? 'ᵀ' : ''}`, () => {
    const a = randomFloats(m * k, m + k), b = randomFloats(k * n, k + n);
    const fast = attn.matmul({ a, b, m, k, n, transposeB, fast: true });
    assert.ok(maxRelativeDifference(fast, attn.matmul({ a, b, m, k, n, transposeB })) <= 1e-5);
    const native = runNative(`gemm ${m} ${k} ${n} ${transposeB ? 1 : 0}`, [a, b]);
    assert.equal(native.int32(), 0);
    assert.ok(maxRelativeDifference(fast, native.f32(m * n)) <= 1e-6);
  });
}

test('KV-cache decoding, one token at a time, equals full causal attention', () => {
  const heads = 4, t = 45, dk = 16, dv = 12;
  const q = randomFloats(t * heads * dk, 11, 2), k = randomFloats(t * heads * dk, 12, 2), v = randomFloats(t * heads * dv, 13);
  const full = attn.flashAttention({ q, k, v, n: t, m: t, dk, dv, heads, mask: 'causal' }).out;
  const want = naive({ q, k, v, n: t, m: t, dk, dv, heads, mask: 'causal' });
  const cache = attn.kvCache({ dk, dv, capacity: t, heads });
  try {
    const decoded = new Float32Array(t * heads * dv);
    for (let i = 0; i < t; i++) {
      cache.append(k.subarray(i * heads * dk, (i + 1) * heads * dk), v.subarray(i * heads * dv, (i + 1) * heads * dv));
      decoded.set(cache.attend(q.subarray(i * heads * dk, (i + 1) * heads * dk)), i * heads * dv);
    }
    assert.equal(cache.length, t);
    assert.ok(maxRelativeDifference(decoded, full) <= 1e-5);
    assert.ok(maxRelativeDifference(decoded, want) <= 1e-5);
    assert.throws(() => cache.append(k.subarray(0, heads * dk), v.subarray(0, heads * dv)), (e) => e instanceof AttnError && /full/.test(e.message));
  } finally {
    cache.dispose();
  }
  cache.dispose();
  assert.throws(() => cache.attend(q.subarray(0, heads * dk)), (e) => e instanceof AttnError && /disposed/.test(e.message));
});

test('tiled attention at N = 32,768, d = 64 completes within 64 MiB of extra WASM memory', () => {
  const n = 32768, d = 64;
  const fresh = attn; // this instance has only run small cases so far
  const q = randomFloats(n * d, 21, 2), k = randomFloats(n * d, 22, 2), v = randomFloats(n * d, 23);
  const before = fresh.core.heapBytes;
  const { out, lse, emptyRows } = fresh.flashAttention({ q, k, v, n, m: n, dk: d, dv: d, mask: 'causal' });
  const grown = fresh.core.heapBytes - before;
  assert.ok(grown <= 64 * 2 ** 20, `the heap grew by ${(grown / 2 ** 20).toFixed(1)} MiB`);
  assert.equal(emptyRows, 0);
  // Row 0 sees only key 0: its output is v[0]; the last row checked in double precision.
  for (let c = 0; c < d; c++) assert.ok(Math.abs(out[c] - v[c]) <= 1e-6);
  const i = n - 1, scores = new Float64Array(n);
  let max = -Infinity;
  for (let j = 0; j < n; j++) {
    let s = 0;
    for (let p = 0; p < d; p++) s += q[i * d + p] * k[j * d + p];
    scores[j] = s / Math.sqrt(d);
    max = Math.max(max, scores[j]);
  }
  let sum = 0;
  const want = new Float64Array(d);
  for (let j = 0; j < n; j++) {
    const e = Math.exp(scores[j] - max);
    sum += e;
    for (let p = 0; p < d; p++) want[p] += e * v[j * d + p];
  }
  for (let p = 0; p < d; p++) assert.ok(Math.abs(out[i * d + p] - want[p] / sum) <= 1e-5, `column ${p}`);
  assert.ok(Math.abs(lse[i] - (max + Math.log(sum))) <= 1e-5 * Math.abs(max + Math.log(sum)));
});

test('sizes that do not fit get a status and a sentence, never a crash', () => {
  const x = attn.core.exports;
  // Straight to C with dummy pointers: the sizes are refused before any memory is touched.
  const p = x.malloc(64);
  assert.equal(x.attn_flash_attention(p, 0, 0, p, p, p, p, 0, 0, 1 << 12, 1 << 20, 1, 64, 64), Status.OVERFLOW);
  assert.equal(x.attn_flash_workspace(p, 1 << 26, 64, 64), Status.OVERFLOW);
  assert.equal(x.attn_gemm(p, p, p, p, 0, 1 << 16, 1, 1 << 16), Status.OVERFLOW);
  x.free(p);
  // Through the JS face: a cache too large for 32-bit indexing, then one too large for memory.
  assert.throws(() => attn.kvCache({ dk: 64, dv: 64, capacity: 2 ** 26, heads: 8 }), (e) => e instanceof AttnError && e.code === Status.OVERFLOW);
  assert.throws(() => attn.kvCache({ dk: 64, dv: 64, capacity: 2 ** 22, heads: 1 }), (e) => e instanceof AttnError && e.code === Status.MEMORY);
  // The instance still works afterwards.
  const r = attn.flashAttention({ q: [1], k: [1], v: [2], n: 1, m: 1, dk: 1, dv: 1 });
  assert.deepEqual(Array.from(r.out), [2]);
});

test('bad arguments throw AttnError naming the argument', () => {
  const ok = { q: [1], k: [1], v: [1], n: 1, m: 1, dk: 1, dv: 1 };
  assert.throws(() => attn.flashAttention({ ...ok, heads: 0 }), /heads must be at least 1/);
  assert.throws(() => attn.flashAttention({ ...ok, mask: 'upper' }), (e) => e.code === Status.MASK_KIND);
  assert.throws(() => attn.flashAttention({ ...ok, mask: { window: 0 } }), /mask.window must be at least 1/);
  assert.throws(() => attn.flashAttention({ ...ok, q: [1, 2] }), /q must hold n·heads·dk = 1 numbers/);
  assert.throws(() => attn.flashAttention({ ...ok, v: [NaN] }), (e) => e.code === Status.VALUE);
  assert.throws(() => attn.kvCache({ dk: 1, dv: 1, capacity: 0 }), /capacity must be at least 1/);
  const cache = attn.kvCache({ dk: 2, dv: 1, capacity: 2 });
  try {
    assert.throws(() => cache.append([1], [1]), /k must hold heads·dk = 2 numbers/);
    assert.ok(Number.isNaN(cache.attend([1, 1])[0]), 'an empty cache has no key to attend to');
  } finally {
    cache.dispose();
  }
});
