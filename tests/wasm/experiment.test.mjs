// experiment.test.mjs — the core's generator and the §6.3 measurements in node: WASM gives the
// same bits as the native build for a seed, the chapter's figures (its variances, saturated rows
// and "gaps of 20 are common at d_k = 128") come out within their
// statistical tolerances, saturation and gaps from one pass equal the two calls, progress chunks
// change nothing, and bad input throws a sentence.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AttnError } from '../../web/lib/attn.js';
import { loadWasmAttn, runNative } from './helpers.mjs';

const attn = await loadWasmAttn();

test('normals: native and WASM give identical bits for a seed', () => {
  for (const [count, seed] of [[1, 0], [7, 1], [100000, 2024], [33, 4294967295]]) {
    const wasm = attn.randomNormals({ count, seed });
    const native = runNative(`normals ${count} ${seed}`, []);
    assert.equal(native.int32(), 0);
    assert.deepEqual(wasm, native.f32(count));
  }
});

test('score statistics: native and WASM give identical numbers and histograms', () => {
  for (const { dk, draws, seed, scaled } of [
    { dk: 1, draws: 10, seed: 3, scaled: false },
    { dk: 64, draws: 3000, seed: 42, scaled: false },
    { dk: 128, draws: 2000, seed: 7, scaled: true },
    { dk: 300, draws: 500, seed: 4000000000, scaled: true },
  ]) {
    const wasm = attn.scoreStats({ dk, draws, seed, scaled, bins: 30 });
    const { edges, counts } = wasm.histogram;
    const native = runNative(`score_stats ${dk} ${draws} ${seed} ${scaled ? 1 : 0} 30`, [edges]);
    assert.equal(native.int32(), 0);
    assert.deepEqual([wasm.mean, wasm.variance, wasm.ratio], Array.from(native.f64(3)));
    assert.deepEqual(counts, native.i32(30));
  }
});

test('saturation: native and WASM give identical p_max for every trial', () => {
  for (const scaled of [false, true]) {
    const wasm = attn.saturation({ dk: 128, keys: 64, trials: 200, seed: 11, scaled });
    const native = runNative(`saturation 128 64 200 11 ${scaled ? 1 : 0} 0.99`, []);
    assert.equal(native.int32(), 0);
    const [fraction, meanGrad] = native.f64(2);
    assert.equal(wasm.fraction, fraction);
    assert.ok(Object.is(wasm.meanGrad, meanGrad) || wasm.meanGrad === meanGrad);
    assert.deepEqual(wasm.pmax, native.f32(200));
  }
});

test('score gaps: native and WASM give identical totals, over the trials saturation draws', () => {
  for (const [dk, keys, trials, seed, scaled, gap] of [[128, 64, 200, 11, false, 20], [3, 9, 50, 2, false, 1.5], [600, 300, 4, 7, true, 0.5]]) {
    const wasm = attn.scoreGaps({ dk, keys, trials, seed, scaled, gap });
    const native = runNative(`score_gaps ${dk} ${keys} ${trials} ${seed} ${scaled ? 1 : 0} ${gap}`, []);
    assert.equal(native.int32(), 0);
    const [pairs, over, topGaps] = native.f64(3);
    assert.deepEqual(wasm, { pairs, over, fraction: over / pairs, meanTopGap: topGaps / trials });
    assert.equal(pairs, trials * keys * (keys - 1) / 2);
  }
});

test('saturation with a gap: one pass gives the two separate calls’ numbers bit for bit, natively and in WASM', () => {
  for (const [dk, keys, trials, seed, scaled, gap] of [[128, 64, 200, 11, false, 20], [128, 64, 200, 11, true, 20], [3, 9, 50, 2, false, 1.5], [600, 300, 4, 7, true, 0.5]]) {
    const both = attn.saturation({ dk, keys, trials, seed, scaled, gap });
    const { gaps, ...sat } = both;
    assert.deepEqual(sat, attn.saturation({ dk, keys, trials, seed, scaled }));
    assert.deepEqual(gaps, attn.scoreGaps({ dk, keys, trials, seed, scaled, gap }));
    const native = runNative(`saturation_gaps ${dk} ${keys} ${trials} ${seed} ${scaled ? 1 : 0} 0.99 ${gap}`, []);
    assert.equal(native.int32(), 0);
    const [fraction, meanGrad] = native.f64(2);
    const [pairs, over, topGaps] = native.f64(3);
    assert.ok(Object.is(sat.meanGrad, meanGrad));
    assert.equal(sat.fraction, fraction);
    assert.deepEqual(gaps, { pairs, over, fraction: over / pairs, meanTopGap: topGaps / trials });
    assert.deepEqual(sat.pmax, native.f32(trials));
  }
  // Without a gap there is no `gaps` (and no sort): the result is saturation's as before.
  assert.equal('gaps' in attn.saturation({ dk: 8, keys: 4, trials: 3 }), false);
});

test('the chapter’s “at d_k = 128, gaps of 20 are common”: about 21% of pairs of raw scores, none scaled', () => {
  // A gap between two scores of one trial is N(0, 2·|q|²), |q|² ≈ 128: P(|gap| > 20) = 2(1 − Φ(1.25))
  // = 0.211 (0.210 averaged over |q|²). Over 500 trials the share varies by about 0.002 from seed to
  // seed (the trials, not the million pairs, are the independent units): ±0.01 is five of those.
  for (const seed of [1, 2]) {
    const raw = attn.scoreGaps({ dk: 128, keys: 64, trials: 500, seed });
    const scaled = attn.scoreGaps({ dk: 128, keys: 64, trials: 500, seed, scaled: true });
    assert.equal(raw.pairs, 500 * 2016);
    assert.ok(Math.abs(raw.fraction - 0.21) <= 0.01, `raw fraction ${raw.fraction}`);
    assert.equal(scaled.over, 0);
    assert.ok(Math.abs(scaled.meanTopGap - raw.meanTopGap / Math.sqrt(128)) < 1e-3 * raw.meanTopGap); // the same draws
  }
  const narrow = attn.scoreGaps({ dk: 1, keys: 64, trials: 500, seed: 1 });
  assert.ok(narrow.fraction < 0.001, `at d_k = 1 gaps of 20 are rare: ${narrow.fraction}`);
});

test('the chapter’s variance table: variance/d_k and the scaled variance within 1 ± 0.015 at 200,000 draws', () => {
  for (const dk of [32, 64, 128, 256]) {
    const raw = attn.scoreStats({ dk, draws: 200000, seed: 1 });
    const scaled = attn.scoreStats({ dk, draws: 200000, seed: 2, scaled: true });
    assert.ok(Math.abs(raw.ratio - 1) <= 0.015, `d_k=${dk}: variance/d_k = ${raw.ratio}`);
    assert.ok(Math.abs(raw.variance / dk - raw.ratio) < 1e-12);
    assert.ok(Math.abs(scaled.ratio - 1) <= 0.015, `d_k=${dk}: scaled variance = ${scaled.ratio}`);
    assert.ok(Math.abs(raw.mean) <= 0.03 * Math.sqrt(dk), `d_k=${dk}: mean ${raw.mean}`);
    assert.ok(Math.abs(scaled.mean) <= 0.03, `d_k=${dk}: scaled mean ${scaled.mean}`);
  }
});

test('the chapter’s saturation figures: 500 trials at d_k = 128 with 64 keys', () => {
  const raw = attn.saturation({ dk: 128, keys: 64, trials: 500, threshold: 0.99, seed: 1 });
  const scaled = attn.saturation({ dk: 128, keys: 64, trials: 500, threshold: 0.99, seed: 1, scaled: true });
  assert.ok(raw.fraction >= 0.28 && raw.fraction <= 0.42, `raw fraction ${raw.fraction}`);
  assert.ok(raw.meanGrad > 0 && raw.meanGrad < 0.005, `p(1 − p) ${raw.meanGrad}`);
  assert.equal(raw.saturated, Math.round(raw.fraction * 500));
  assert.equal(scaled.fraction, 0);
  assert.ok(Number.isNaN(scaled.meanGrad));
  assert.equal(raw.pmax.length, 500);
});

test('progress chunks give exactly the numbers of one call', () => {
  const seen = [];
  const chunked = attn.scoreStats({ dk: 256, draws: 9000, seed: 5, onProgress: (done, total) => seen.push([done, total]) });
  const whole = attn.scoreStats({ dk: 256, draws: 9000, seed: 5 });
  assert.ok(seen.length > 1);
  assert.deepEqual(seen.at(-1), [9000, 9000]);
  assert.deepEqual(chunked, whole);
  const steps = [];
  const sat = attn.saturation({ dk: 512, keys: 64, trials: 300, seed: 5, onProgress: (done) => steps.push(done) });
  assert.ok(steps.length > 1);
  assert.deepEqual(sat, attn.saturation({ dk: 512, keys: 64, trials: 300, seed: 5 }));
  const gapSteps = [];
  const gaps = attn.scoreGaps({ dk: 512, keys: 64, trials: 300, seed: 5, onProgress: (done) => gapSteps.push(done) });
  assert.deepEqual(gapSteps, steps); // the same chunks as saturation's
  assert.deepEqual(gaps, attn.scoreGaps({ dk: 512, keys: 64, trials: 300, seed: 5 }));
  const bothSteps = [];
  const both = attn.saturation({ dk: 512, keys: 64, trials: 300, seed: 5, gap: 20, onProgress: (done) => bothSteps.push(done) });
  assert.deepEqual(bothSteps, steps); // each trial once: the chunks of saturation alone
  assert.deepEqual(both, { ...sat, gaps });
});

test('histogram: explicit edges, every in-range score counted', () => {
  const r = attn.scoreStats({ dk: 16, draws: 5000, seed: 9, scaled: true, bins: [-100, 0, 100] });
  assert.equal(r.histogram.counts[0] + r.histogram.counts[1], 5000);
  const even = attn.scoreStats({ dk: 16, draws: 100, seed: 9, bins: 8 });
  assert.equal(even.histogram.edges.length, 9);
  assert.equal(even.histogram.edges[0], -16); // ±4σ, σ = √16
});

test('bad input throws an AttnError naming the argument', () => {
  const cases = [
    [() => attn.scoreStats({ dk: 0, draws: 10 }), /dk must be between 1 and 4096, but it is 0/],
    [() => attn.scoreStats({ dk: 4097, draws: 10 }), /dk must be between 1 and 4096/],
    [() => attn.scoreStats({ dk: 8, draws: 0 }), /draws must be between 1 and 10000000/],
    [() => attn.scoreStats({ dk: 8, draws: 10_000_001 }), /draws must be between 1 and 10000000/],
    [() => attn.scoreStats({ dk: 8, draws: 10, seed: 1.5 }), /seed must be a whole number, but it is 1\.5/],
    [() => attn.scoreStats({ dk: 8, draws: 10, seed: '3' }), /seed must be a whole number/],
    [() => attn.scoreStats({ dk: 8, draws: 10, seed: -1 }), /seed must be between 0 and 4294967295/],
    [() => attn.scoreStats({ dk: 8, draws: 10, bins: [1, 1] }), /bins must be increasing/],
    [() => attn.scoreStats({ dk: 8, draws: 10, bins: [1] }), /bins must be a number of bins or an array/],
    [() => attn.saturation({ dk: 8, keys: 1, trials: 10 }), /keys must be between 2 and 65536, but it is 1/],
    [() => attn.saturation({ dk: 8, keys: 4, trials: 10, threshold: 1 }), /threshold must be strictly between 0 and 1, but it is 1/],
    [() => attn.saturation({ dk: 8, keys: 4, trials: 10, threshold: 0 }), /threshold must be strictly between 0 and 1/],
    [() => attn.saturation({ dk: 8, keys: 4, trials: 10, threshold: 0.999999999 }), /threshold must be strictly between 0 and 1/],
    [() => attn.saturation({ dk: 8, keys: 4, trials: 10, threshold: NaN }), /threshold must be a number/],
    [() => attn.scoreGaps({ dk: 8, keys: 4, trials: 10, gap: 0 }), /gap must be above 0, but it is 0\./],
    [() => attn.scoreGaps({ dk: 8, keys: 4, trials: 10, gap: Infinity }), /gap must be a number, but it is/],
    [() => attn.scoreGaps({ dk: 8, keys: 1, trials: 10 }), /keys must be between 2 and 65536, but it is 1/],
    [() => attn.saturation({ dk: 8, keys: 4, trials: 10, gap: 0 }), /gap must be above 0, but it is 0\./],
    [() => attn.saturation({ dk: 8, keys: 4, trials: 10, gap: NaN }), /gap must be a number/],
    [() => attn.randomNormals({ count: 0 }), /count must be at least 1|count must be between/],
  ];
  for (const [call, message] of cases) {
    assert.throws(call, (error) => error instanceof AttnError && message.test(error.message), String(message));
  }
});
