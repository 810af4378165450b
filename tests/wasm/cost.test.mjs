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

// ---------------------------------------------------------------- beside attention: recurrence, window, memory, decoding

test('a recurrent layer beside attention: at d_model = 512 an LSTM is passed at N = 1,024, a GRU at 512, a plain RNN never', () => {
  const crossing = (cell) => attn.costVariants({ n: 16, dModel: 512, heads: 8, cell }).recurrenceCrossover;
  assert.equal(crossing('lstm'), 1024);
  assert.equal(crossing('gru'), 512);
  assert.equal(crossing('elman'), 0);
  // Exactly there the two totals meet; past it attention is the larger.
  assert.equal(attn.costVariants({ n: 1024, dModel: 512, heads: 8, cell: 'lstm' }).recurrence, attn.cost({ n: 1024, dModel: 512, heads: 8 }).total);
  assert.ok(attn.costVariants({ n: 1025, dModel: 512, cell: 'lstm' }).recurrence < attn.cost({ n: 1025, dModel: 512 }).total);
  assert.ok(attn.costVariants({ n: 1023, dModel: 512, cell: 'lstm' }).recurrence > attn.cost({ n: 1023, dModel: 512 }).total);
  // The literal equation, N·d² = 2·N²·d + 4·N·d², has no positive root: one matrix per
  // step costs less than attention's projections alone, at every N.
  for (let n = 16; n <= 65536; n *= 4) assert.ok(attn.cost({ n, dModel: 512 }).total > n * 512 * 512);
});

test('a sliding window: 2·N·min(w, N)·d, the full cost at w ≥ N; the naive table against the tiled memory', () => {
  const full = attn.cost({ n: 4096, dModel: 512, heads: 8 });
  const narrow = attn.costVariants({ n: 4096, dModel: 512, heads: 8, window: 256 });
  assert.equal(narrow.windowQuadratic, 2 * 4096 * 256 * 512);
  assert.equal(narrow.windowTotal, full.linear + 2 * 4096 * 256 * 512);
  for (const window of [4096, 4097, 65536]) assert.equal(attn.costVariants({ n: 4096, dModel: 512, heads: 8, window }).windowTotal, full.total);
  const big = attn.costVariants({ n: 32768, dModel: 512, heads: 8 });
  assert.equal(big.naiveBytes, 4 * 2 ** 30);
  assert.ok(big.tiledBytes < 64 * 2 ** 20, `${big.tiledBytes}`);
  // The tiled memory is every thread's scratch: for each, the keys and values packed (2·N·d_k
  // floats) and a few tiles. Counted, not allocated, so the widest chart (N = 65,536, one head
  // of 16,384) has its figure although no allocation could hold it.
  assert.ok(big.tiledThreads === 1 || big.tiledThreads === 2, `${big.tiledThreads}`);
  const packed = (n, dk, threads) => 4 * threads * 2 * n * dk;
  assert.ok(big.tiledBytes >= packed(32768, 64, big.tiledThreads) && big.tiledBytes < 1.05 * packed(32768, 64, big.tiledThreads), `${big.tiledBytes}`);
  const widest = attn.costVariants({ n: 65536, dModel: 16384, heads: 1 });
  assert.ok(widest.tiledBytes >= packed(65536, 16384, widest.tiledThreads) && widest.tiledBytes < 1.01 * packed(65536, 16384, widest.tiledThreads), `${widest.tiledBytes}`);
});

test('decoding: 2·L·t·d attention multiply-adds with the cache, 2·L·t²·d recomputing, 2·L·t·d·4 bytes of cache', () => {
  for (const [v, l, d, t] of [[29, 2, 64, 1], [29, 2, 64, 64], [65, 6, 128, 100]]) {
    const c = attn.decodeCost({ vocab: v, layers: l, dModel: d, t });
    const perToken = l * 12 * d * d + d * v;
    assert.deepEqual(c, {
      cachedAttention: 2 * l * t * d, cachedTotal: 2 * l * t * d + perToken,
      recomputeAttention: 2 * l * t * t * d, recomputeTotal: 2 * l * t * t * d + t * perToken,
      cacheEntries: 2 * l * t * d, cacheBytes: 8 * l * t * d,
    });
  }
});

test('measured memory: the naive kernel holds its N × N table and is refused at N = 32,768; the tiled one runs there', async () => {
  const fresh = () => loadWasmAttn();
  const naive = (await fresh()).measureMemory({ kernel: 'naive', n: 2048, d: 64 });
  assert.equal(naive.tableBytes, 4 * 2048 * 2048);
  assert.ok(naive.heldBytes >= naive.tableBytes + 4 * 4 * 2048 * 64 + naive.workBytes, `held ${naive.heldBytes}`);
  assert.ok(naive.memoryBytes >= naive.heldBytes);
  await assert.rejects(async () => (await fresh()).measureMemory({ kernel: 'naive', n: 32768, d: 64 }),
    (e) => e instanceof AttnError && e.code === Status.MEMORY
      && /^The naive kernel cannot run at N = 32,768: its table of scores needs N² × 4 bytes = 4 GiB, and the core could not allocate it/.test(e.message));
  const tiled = (await fresh()).measureMemory({ kernel: 'tiled', n: 32768, d: 64 });
  assert.equal(tiled.tableBytes, 0);
  assert.ok(tiled.heldBytes >= 4 * 4 * 32768 * 64 + tiled.workBytes && tiled.heldBytes < 64 * 2 ** 20, `held ${tiled.heldBytes}`);
  console.log(`    naive at N = 2,048 held ${(naive.heldBytes / 2 ** 20).toFixed(1)} MiB; tiled at N = 32,768 held ${(tiled.heldBytes / 2 ** 20).toFixed(1)} MiB`);
});

test('the memory series runs naive then tiled at each size on fresh cores, and reports a refusal as a point', async () => {
  const { measureMemorySizes } = await import('../../web/lib/memory-series.js');
  const points = [];
  // A stand-in core whose naive kernel is refused: the series must pass the sentence on.
  const load = async () => {
    const real = await loadWasmAttn();
    return { measureMemory: (o) => (o.kernel === 'naive' && o.n > 64 ? (() => { throw new AttnError(Status.MEMORY, 'too big.'); })() : real.measureMemory(o)) };
  };
  assert.equal(await measureMemorySizes({ load, sizes: [64, 128], d: 8 }, (p) => points.push(p)), 4);
  assert.deepEqual(points.map((p) => `${p.kernel} ${p.n}`), ['naive 64', 'tiled 64', 'naive 128', 'tiled 128']);
  assert.equal(points[2].refused, 'too big.');
  assert.ok(points[3].heldBytes > 0);
  // Where both ran, the tiled point holds how far its output is from the naive one's (the same
  // Q, K and V): float32 rounding, not zero (they sum in different orders), and no outputs posted.
  assert.ok(points[1].largestDifference > 0 && points[1].largestDifference < 1e-5, `largest difference ${points[1].largestDifference}`);
  assert.equal(points[3].largestDifference, undefined, 'no naive output to compare with at 128');
  assert.ok(points.every((p) => !('out' in p)));
});

test('the naive and tiled kernels give the same output from the same seed, to float32 rounding, at N = 1,024', async () => {
  const naive = (await loadWasmAttn()).measureMemory({ kernel: 'naive', n: 1024, d: 64 });
  const tiled = (await loadWasmAttn()).measureMemory({ kernel: 'tiled', n: 1024, d: 64 });
  assert.equal(naive.out.length, 1024 * 64);
  let largest = 0;
  for (let i = 0; i < naive.out.length; i++) largest = Math.max(largest, Math.abs(naive.out[i] - tiled.out[i]));
  assert.ok(largest < 1e-5, `largest |tiled − naive| ${largest}`);
});
