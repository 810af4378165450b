// lookup.test.mjs — the lookup section's calls in node: attn.lookup, attn.hull and
// attn.bottleneck agree with a native build of the core; the chapter's known outputs through the
// JS face (sharpness 0: weights exactly 1/M, the mean, ln M; a gap of 20: a ratio of
// 4.85 × 10⁸; any query and sharpness: weights ≥ 0 summing to 1 within 1e-6, the output in the
// values' hull and no longer than the longest value; a very large sharpness: the best key's
// value within 1e-5); and the bottleneck's margins (the summary at least 0.5 below attention at
// 40 tokens with d = 64, attention above 0.95 at every length), its determinism and its example.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn, randomFloats, runNative } from './helpers.mjs';
import { PRESETS, flatten } from '../../web/widgets/lookup/lookup-memory.js';

const attn = await loadWasmAttn();
const STATS = ['weightSum', 'minWeight', 'entropy', 'maxEntropy', 'largest', 'second', 'ratio', 'gap', 'expGap', 'outNorm', 'maxValueNorm'];
const ALL_CHECKS = { nonnegative: true, sumsToOne: true, noLonger: true };

/** A random memory of m entries on [−scale, scale]², and a query. */
function memory(m, seed, scale = 5) {
  return { query: randomFloats(2, seed, scale), keys: randomFloats(2 * m, seed + 1, scale), values: randomFloats(2 * m, seed + 2, scale), m, dk: 2, dv: 2 };
}

test('native and WASM lookups agree, every number of the result', () => {
  for (const [m, dk, dv, sharpness, seed] of [[4, 2, 2, 1, 1], [12, 2, 2, 0, 2], [7, 3, 5, 12.5, 3], [1, 2, 2, 2, 4], [30, 8, 1, 1000, 5]]) {
    const o = { query: randomFloats(dk, seed, 3), keys: randomFloats(m * dk, seed + 1, 3), values: randomFloats(m * dv, seed + 2, 3), m, dk, dv, sharpness };
    const wasm = attn.lookup(o);
    const native = runNative(`lookup ${m} ${dk} ${dv} ${sharpness}`, [o.query, o.keys, o.values]);
    assert.equal(native.int32(), 0);
    for (const [name, count] of [['scores', m], ['scaled', m], ['weights', m], ['out', dv]]) {
      const theirs = native.f32(count);
      theirs.forEach((x, i) => assert.ok(Math.abs(x - wasm[name][i]) <= 1e-6 * (1 + Math.abs(x)), `${name}[${i}]: native ${x}, WASM ${wasm[name][i]}`));
    }
    native.f64(STATS.length).forEach((x, i) => {
      const mine = wasm[STATS[i]];
      assert.ok(Object.is(x, mine) || Math.abs(x - mine) <= 1e-6 * Math.max(1, Math.abs(x)), `${STATS[i]}: native ${x}, WASM ${mine}`);
    });
    assert.deepEqual([native.int32(), native.int32(), native.int32()], [wasm.best, wasm.runnerUp, 7]);
  }
});

test('sharpness 0: every weight is exactly 1/M, the output is the mean of the values, the entropy is ln M', () => {
  for (let m = 4; m <= 12; m++) {
    const o = memory(m, 10 * m);
    const r = attn.lookup({ ...o, sharpness: 0 });
    for (const w of r.weights) assert.equal(w, Math.fround(1 / m));
    for (let d = 0; d < 2; d++) {
      let mean = 0;
      for (let j = 0; j < m; j++) mean += o.values[2 * j + d] / m;
      assert.ok(Math.abs(r.out[d] - mean) <= 1e-6, `out[${d}] ${r.out[d]} vs mean ${mean}`);
    }
    assert.ok(Math.abs(r.entropy - Math.log(m)) <= 1e-6);
    assert.equal(r.maxEntropy, Math.log(m));
    assert.deepEqual([r.ratio, r.gap, r.expGap], [1, 0, 1]);
    assert.deepEqual(r.checks, ALL_CHECKS);
  }
});

test('a score gap of 20 at sharpness 1: the two largest weights differ by e^20 = 4.85 × 10⁸ (the widget’s preset)', () => {
  const { keys, values, query, sharpness } = PRESETS.gap;
  const r = attn.lookup({ query: Float32Array.from(query), keys: flatten(keys), values: flatten(values), m: keys.length, dk: 2, dv: 2, sharpness });
  assert.deepEqual(Array.from(r.scores), [20, 0, -8, -4]);
  assert.equal(r.gap, 20);
  assert.equal(r.expGap, Math.exp(20));
  assert.equal(Number(r.ratio.toPrecision(3)), 4.85e8);
  assert.ok(Math.abs(r.ratio / Math.exp(20) - 1) < 1e-5);
  assert.deepEqual([r.best, r.runnerUp], [0, 1]);
});

test('any query and sharpness: weights ≥ 0 summing to 1 within 1e-6, the output in the hull and no longer than the longest value', () => {
  let worst = 0;
  for (let t = 0; t < 400; t++) {
    const m = 4 + (t % 9);
    const o = memory(m, 1000 + 3 * t);
    const sharpness = t % 8 === 0 ? 0 : 10 ** (-3 + (6 * ((t * 0.618) % 1)));
    const r = attn.lookup({ ...o, sharpness });
    assert.ok(r.weights.every((w) => w >= 0));
    worst = Math.max(worst, Math.abs(r.weightSum - 1));
    assert.ok(Math.abs(r.weightSum - 1) <= 1e-6, `Σw = ${r.weightSum}`);
    const longest = Math.max(...Array.from({ length: m }, (_, j) => Math.hypot(o.values[2 * j], o.values[2 * j + 1])));
    assert.ok(Math.hypot(r.out[0], r.out[1]) <= longest * (1 + 1e-6));
    const hull = attn.hull({ points: o.values, count: m, point: r.out });
    assert.equal(hull.inside, true, `t = ${t}: depth ${hull.depth}`);
    assert.deepEqual(r.checks, ALL_CHECKS);
  }
  console.log(`    largest |Σw − 1| over 400 random lookups: ${worst.toExponential(2)}`);
});

test('a very large sharpness returns the best key’s value within 1e-5', () => {
  let checked = 0;
  for (let t = 0; t < 200; t++) {
    const o = memory(4 + (t % 9), 5000 + 3 * t, 4);
    const scores = Array.from({ length: o.m }, (_, j) => o.query[0] * o.keys[2 * j] + o.query[1] * o.keys[2 * j + 1]);
    const best = scores.indexOf(Math.max(...scores));
    if (scores.some((s, j) => j !== best && scores[best] - s < 1e-3)) continue; // a near tie
    const r = attn.lookup({ ...o, sharpness: 1e6 });
    assert.equal(r.best, best);
    assert.ok(Math.abs(r.out[0] - o.values[2 * best]) <= 1e-5 && Math.abs(r.out[1] - o.values[2 * best + 1]) <= 1e-5);
    checked++;
  }
  assert.ok(checked > 150, `only ${checked} cases without a near tie`);
});

test('native and WASM hulls agree; the hull of a square, and a point’s depth inside and out', () => {
  const square = [0, 2, 0, 0, 1, 1, 2, 0, 2, 2, 1, 0];
  assert.deepEqual(attn.hull({ points: square, count: 6, point: [1, 1] }), { corners: Int32Array.from([1, 3, 4, 0]), depth: 1, inside: true });
  assert.deepEqual(attn.hull({ points: square, count: 6, point: [5, 6] }), { corners: Int32Array.from([1, 3, 4, 0]), depth: -5, inside: false });
  assert.deepEqual(attn.hull({ points: square, count: 6 }), { corners: Int32Array.from([1, 3, 4, 0]), depth: null, inside: null });
  for (let t = 0; t < 20; t++) {
    const count = 3 + t;
    const points = randomFloats(2 * count, 77 + t, 6), point = randomFloats(2, 99 + t, 7);
    const wasm = attn.hull({ points, count, point });
    const native = runNative(`hull ${count}`, [points, point]);
    assert.equal(native.int32(), 0);
    assert.deepEqual(native.i32(native.int32()), wasm.corners);
    const depth = native.f64(1)[0];
    assert.ok(Math.abs(depth - wasm.depth) <= 1e-12 * Math.max(1, Math.abs(depth)), `depth: native ${depth}, WASM ${wasm.depth} (libm's hypot may differ in its last bit)`);
    assert.equal(native.int32() === 1, wasm.inside);
  }
});

test('native and WASM bottleneck runs agree: accuracies, alignment and example', () => {
  for (const [task, length, width, trials] of [['copy', 10, 32, 6], ['reverse', 17, 64, 3], ['copy', 40, 16, 2]]) {
    const wasm = attn.bottleneck({ lengths: [length], width, trials, seed: 5, task, example: length });
    const native = runNative(`bottleneck 5 ${task === 'reverse' ? 1 : 0} ${length} ${width} 26 ${trials}`, []);
    assert.equal(native.int32(), 0);
    const [summary, attention] = native.f64(2);
    assert.deepEqual(wasm.points, [{ length, summary, attention }]);
    const alignment = native.f32(length * length);
    alignment.forEach((x, i) => assert.ok(Math.abs(x - wasm.example.alignment[i]) <= 1e-6));
    const example = native.i32(3 * length);
    assert.deepEqual([...wasm.example.source, ...wasm.example.fromSummary, ...wasm.example.fromAttention], Array.from(example));
  }
});

test('the bottleneck: at 40 tokens the summary (d = 64) is at least 0.5 below attention, which stays above 0.95 everywhere', () => {
  const lengths = [5, 10, 15, 20, 25, 30, 35, 40];
  for (const task of ['copy', 'reverse']) {
    const { points } = attn.bottleneck({ lengths, width: 64, trials: 32, seed: 1, task });
    for (const p of points) assert.ok(p.attention >= 0.95, `${task}, ${p.length} tokens: attention ${p.attention}`);
    const last = points.at(-1);
    assert.ok(last.attention - last.summary >= 0.5, `${task}: ${last.summary} vs ${last.attention}`);
    assert.ok(points[0].summary > last.summary + 0.4, 'the summary falls with length');
  }
});

test('the bottleneck: changing d moves the break, the same seed gives the same numbers, progress per length', () => {
  const lengths = [5, 10, 15, 20, 25, 30, 35, 40];
  const breakAt = (width) => attn.bottleneck({ lengths, width, seed: 1 }).points.find((p) => p.summary < 0.9)?.length ?? Infinity;
  const breaks = [16, 128, 512].map(breakAt);
  assert.ok(breaks[0] < breaks[1] && breaks[1] < breaks[2], `breaks at ${breaks}`);

  const seen = [];
  const a = attn.bottleneck({ lengths: [5, 12], width: 32, seed: 9, onProgress: (done, total, point) => seen.push([done, total, point.length]) });
  const b = attn.bottleneck({ lengths: [5, 12], width: 32, seed: 9 });
  assert.deepEqual(a, b);
  assert.deepEqual(seen, [[1, 2, 5], [2, 2, 12]]);
  assert.notDeepEqual(attn.bottleneck({ lengths: [12], width: 32, seed: 10 }).example.source, a.example.source);
  // The example's first source is the run's: asked for at a length not measured, it is the same.
  const other = attn.bottleneck({ lengths: [5], width: 32, seed: 9, example: 12 });
  assert.deepEqual(other.example, a.example);
  // The alignment: each row a softmax (sums to 1), largest on the position the step needs.
  const rev = attn.bottleneck({ lengths: [16], width: 128, seed: 3, task: 'reverse' }).example;
  for (let i = 0; i < 16; i++) {
    const row = rev.alignment.subarray(16 * i, 16 * (i + 1));
    assert.ok(Math.abs(row.reduce((s, w) => s + w, 0) - 1) < 1e-6);
    assert.equal(row.indexOf(Math.max(...row)), 15 - i);
  }
});
