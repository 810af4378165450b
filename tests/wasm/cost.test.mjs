// cost.test.mjs — the §6.6 cost model in node: native and WASM agree; the chapter's values at
// N = 1,024 and d_model = 512 (crossover 1,024); score tables of 262,144 entries at N = 512 and
// 1,073,741,824 (4 GiB) at N = 32,768; d_model = 510 with 8 heads refused; the timing helper.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AttnError, Status } from '../../web/lib/attn.js';
import { loadWasmAttn, runNative } from './helpers.mjs';

const attn = await loadWasmAttn();
const FIELDS = ['projections', 'scores', 'weighted', 'output', 'linear', 'quadratic', 'total',
  'crossover', 'scoreEntries', 'scoreBytes', 'layerEntries'];

test('native and WASM cost models agree', () => {
  for (const [n, d, h] of [[16, 64, 1], [1024, 512, 8], [4097, 768, 12], [65536, 8192, 64]]) {
    const wasm = attn.cost({ n, dModel: d, heads: h });
    const native = runNative(`cost ${n} ${d} ${h}`, []);
    assert.equal(native.int32(), 0);
    assert.deepEqual(FIELDS.map((f) => wasm[f]), Array.from(native.f64(FIELDS.length)));
  }
});

test('the chapter’s formula at N = 1,024, d_model = 512, 8 heads', () => {
  assert.deepEqual(attn.cost({ n: 1024, dModel: 512, heads: 8 }), {
    projections: 805306368, scores: 536870912, weighted: 536870912, output: 268435456,
    linear: 1073741824, quadratic: 1073741824, total: 2147483648, crossover: 1024,
    scoreEntries: 1048576, scoreBytes: 4194304, layerEntries: 8388608,
  });
});

test('the N² term wins exactly past N = 2·d_model', () => {
  for (const d of [64, 512, 1000]) {
    const below = attn.cost({ n: 2 * d - 1, dModel: d }), above = attn.cost({ n: 2 * d + 1, dModel: d });
    assert.equal(below.crossover, 2 * d);
    assert.ok(below.linear > below.quadratic && above.quadratic > above.linear);
  }
});

test('score tables: 262,144 entries at N = 512; about a billion (4 GiB) at N = 32,768', () => {
  assert.equal(attn.cost({ n: 512, dModel: 512, heads: 8 }).scoreEntries, 262144);
  const long = attn.cost({ n: 32768, dModel: 512, heads: 8 });
  assert.equal(long.scoreEntries, 1073741824);
  assert.equal(long.scoreBytes, 4 * 2 ** 30);
});

test('bad inputs: d_model = 510 with 8 heads and the rest', () => {
  assert.throws(() => attn.cost({ n: 1024, dModel: 510, heads: 8 }),
    (e) => e instanceof AttnError && e.code === Status.SHAPE && /510 \/ 8 = 63\.75 is not a whole number/.test(e.message));
  assert.equal(attn.core.run((s) => attn.core.exports.attn_cost(s.alloc(88), 1024, 510, 8)), Status.SHAPE);
  assert.throws(() => attn.cost({ n: 0, dModel: 512 }), (e) => e.code === Status.SIZE && /^n must be at least 1/.test(e.message));
  assert.throws(() => attn.cost({ n: 16, dModel: 512, heads: 0 }), (e) => e.code === Status.SIZE);
  assert.throws(() => attn.cost({ n: '16', dModel: 512 }), (e) => e.code === Status.TYPE);
  assert.throws(() => attn.cost(), (e) => e.code === Status.TYPE && /^n must be a whole number, but it is missing/.test(e.message));
});

test('measureAttention times the core and refuses silly sizes', () => {
  const small = attn.measureAttention({ n: 64, d: 16, repeats: 2 });
  assert.equal(small.n, 64);
  assert.ok(small.ms >= 0 && Number.isFinite(small.ms));
  assert.throws(() => attn.measureAttention({ n: 20000 }), (e) => e.code === Status.SIZE);
  assert.throws(() => attn.measureAttention({ n: 64, warmUp: 'yes' }), (e) => e.code === Status.TYPE);
});

test('the measuring series runs on the main thread, one size per task, where no Worker exists', async () => {
  const { measureSeries } = await import('../../web/widgets/cost/cost-measure.js');
  assert.equal(typeof globalThis.Worker, 'undefined');
  const points = [];
  await measureSeries(attn, { sizes: [32, 64, 128], d: 8, onPoint: (p) => points.push(p) });
  assert.deepEqual(points.map((p) => p.n), [32, 64, 128]);
  assert.ok(points.every((p) => Number.isFinite(p.ms) && p.ms >= 0));
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(measureSeries(attn, { sizes: [32], d: 8, onPoint() {}, signal: controller.signal }), /stopped/);
});
