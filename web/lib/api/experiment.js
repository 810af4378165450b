// api/experiment.js — the §6.3 measurements and the core's random numbers:
//   attn.randomNormals({ count, seed })                       → Float32Array of N(0, 1) draws
//   attn.scoreStats({ dk, draws, seed, scaled, bins })        → { mean, variance, ratio, histogram }
//   attn.saturation({ dk, keys, trials, threshold, seed, scaled, gap? }) → { fraction, meanGrad, pmax, gaps? }
//   attn.scoreGaps({ dk, keys, trials, gap, seed, scaled })   → { pairs, over, fraction, meanTopGap }
// (saturation with a `gap` measures both from one pass over the trials: the numbers of the two
// calls, each trial drawn once).
// Every draw comes from the core's one generator (xoshiro128**, ziggurat normals), so a seed
// gives the same numbers here, natively and in the browser. Long runs may pass `onProgress`:
// the work is then done in chunks (exactly the same numbers as one call) and
// onProgress(done, total) is called after each; a Web Worker relays it to the page.

import { AttnError, Status } from '../errors.js';
import { ExperimentLimits } from '../abi.js';
import * as check from '../validate.js';

/** The core's limits (abi.js), and the most normals one randomNormals call returns (1 GiB of floats). */
const LIMITS = Object.freeze({ ...ExperimentLimits, normals: 2 ** 28 });

/** About this many normals per chunk when reporting progress (a few hundredths of a second). */
const NORMALS_PER_CHUNK = 1 << 21;

/** A seeded generator state in the heap; returns its pointer. */
function seededRng(core, scope, seed) {
  const rng = scope.alloc(core.exports.attn_rng_bytes());
  core.check(core.exports.attn_rng_seed(rng, seed), 'seed');
  return rng;
}

/** `count` standard normals from a generator seeded with `seed`. */
export function randomNormals(core, { count, seed = 0 } = {}) {
  check.size('count', count, { max: LIMITS.normals });
  const seedIn = check.seed('seed', seed);
  return core.run((scope) => {
    const out = scope.f32Out(count);
    core.check(core.exports.attn_rng_normals(out, seededRng(core, scope, seedIn), count), 'randomNormals');
    return scope.readF32(out, count);
  });
}

/** Histogram edges: an increasing array of finite numbers, or a bin count spread over ±4σ. */
function binEdges(bins, dk, scaled) {
  if (typeof bins === 'number') {
    const count = check.size('bins', bins, { max: 10_000 });
    const width = 4 * (scaled ? 1 : Math.sqrt(dk));
    return Float32Array.from({ length: count + 1 }, (_, i) => -width + (2 * width * i) / count);
  }
  const isArrayLike = Array.isArray(bins) || ArrayBuffer.isView(bins);
  const length = isArrayLike ? bins.length : 0;
  if (length < 2) {
    throw new AttnError(Status.ARGUMENT, `bins must be a number of bins or an array of at least 2 increasing edges, but it is ${check.describe(bins)}.`);
  }
  const edges = check.tensor('bins', bins, length);
  for (let i = 1; i < edges.length; i++) {
    if (!(edges[i] > edges[i - 1])) {
      throw new AttnError(Status.ARGUMENT, `bins must be increasing edges, but edge ${i} (${edges[i]}) is not above edge ${i - 1} (${edges[i - 1]}).`);
    }
  }
  return edges;
}

/**
 * Mean and variance of the score q·k (or q·k/√dk when `scaled`) over `draws` random pairs with
 * N(0, 1) entries, and a histogram of the scores.
 *
 * @param {object} o
 * @param {number} o.dk      head width, 1 to 4096
 * @param {number} o.draws   number of (q, k) pairs, 1 to 10,000,000
 * @param {number} [o.seed=0]  whole number, 0 to 2³² − 1
 * @param {boolean} [o.scaled=false]
 * @param {number|ArrayLike<number>} [o.bins=40]  a count (equal bins over ±4σ) or the edges
 * @param {(done: number, total: number) => void} [o.onProgress]
 * @returns {{ mean: number, variance: number, ratio: number, histogram: { edges: Float32Array, counts: Int32Array } }}
 *   ratio is variance / dk for raw scores and the variance itself for scaled ones (both ≈ 1).
 */
export function scoreStats(core, { dk, draws, seed = 0, scaled = false, bins = 40, onProgress } = {}) {
  check.size('dk', dk, { max: LIMITS.dk });
  check.size('draws', draws, { max: LIMITS.draws });
  const seedIn = check.seed('seed', seed);
  const isScaled = check.flag('scaled', scaled, false);
  check.callback('onProgress', onProgress);
  const edges = binEdges(bins, dk, isScaled);
  const binCount = edges.length - 1;
  const chunk = onProgress ? Math.max(1, Math.floor(NORMALS_PER_CHUNK / (2 * dk))) : draws;

  return core.run((scope) => {
    const rng = seededRng(core, scope, seedIn);
    const sums = scope.f64Out(3);
    const counts = scope.i32Out(binCount);
    const edgesIn = scope.f32(edges);
    for (let done = 0; done < draws;) {
      const n = Math.min(chunk, draws - done);
      core.check(core.exports.attn_score_accumulate(sums, counts, rng, edgesIn, dk, n, isScaled ? 1 : 0, binCount), 'scoreStats');
      done += n;
      onProgress?.(done, draws);
    }
    const moments = scope.f64Out(3);
    core.check(core.exports.attn_score_moments(moments, sums, dk, isScaled ? 1 : 0), 'scoreStats');
    const [mean, variance, ratio] = scope.readF64(moments, 3);
    return { mean, variance, ratio, histogram: { edges, counts: scope.readI32(counts, binCount) } };
  });
}

/**
 * The checks `saturation` and `scoreGaps` share: both run the same trials (one query and `keys`
 * keys each, drawn in the same order from a generator seeded with `seed`). Returns the seed and
 * flag as the core takes them, and how many trials one core call runs (all of them, or a chunk
 * when there is progress to report).
 */
function trialSettings({ dk, keys, trials, seed, scaled, onProgress }) {
  check.size('dk', dk, { max: LIMITS.dk });
  check.size('keys', keys, { min: 2, max: LIMITS.keys });
  check.size('trials', trials, { max: LIMITS.trials });
  const seedIn = check.seed('seed', seed);
  const isScaled = check.flag('scaled', scaled, false);
  check.callback('onProgress', onProgress);
  const chunk = onProgress ? Math.max(1, Math.floor(NORMALS_PER_CHUNK / (dk * (keys + 1)))) : trials;
  return { seedIn, isScaled, chunk };
}

/** Seeds a generator and runs the trials in chunks: step(rng, done, n) calls the core for trials
 *  done to done + n, and onProgress(done, trials) follows each. */
function runTrials(core, scope, { trials, onProgress }, { seedIn, chunk }, step) {
  const rng = seededRng(core, scope, seedIn);
  for (let done = 0; done < trials;) {
    const n = Math.min(chunk, trials - done);
    step(rng, done, n);
    done += n;
    onProgress?.(done, trials);
  }
}

/**
 * Softmax saturation: each trial draws one query and `keys` keys (N(0, 1) entries), softmaxes
 * the scores (raw, or divided by √dk when `scaled`) and records the largest weight p_max.
 *
 * @param {object} o
 * @param {number} o.dk       head width, 1 to 4096
 * @param {number} o.keys     keys per trial, 2 to 65536
 * @param {number} o.trials   1 to 1,000,000
 * @param {number} [o.threshold=0.99]  strictly between 0 and 1
 * @param {number} [o.seed=0]
 * @param {boolean} [o.scaled=false]
 * @param {number} [o.gap]   when given (positive, finite), the same pass also measures the gaps
 *   between each trial's scores, exactly as `scoreGaps` with this gap would, at the cost of one run
 * @param {(done: number, total: number) => void} [o.onProgress]
 * @returns {{ fraction: number, meanGrad: number, saturated: number, pmax: Float32Array, gaps?: { pairs: number, over: number, fraction: number, meanTopGap: number } }}
 *   fraction of trials with p_max > threshold; meanGrad = mean p_max(1 − p_max) over those
 *   trials (NaN when none saturated); pmax has one entry per trial; gaps (only with `gap`) is
 *   what `scoreGaps` gives for the same settings.
 */
export function saturation(core, { dk, keys, trials, threshold = 0.99, seed = 0, scaled = false, gap, onProgress } = {}) {
  const settings = trialSettings({ dk, keys, trials, seed, scaled, onProgress });
  // The core compares in float32: a threshold must stay inside (0, 1) after rounding to it.
  const thresholdIn = check.between('threshold', threshold, 0, 1);
  if (Math.fround(thresholdIn) >= 1) check.between('threshold', Math.fround(thresholdIn), 0, 1);
  const gapIn = gap === undefined ? null : check.positive('gap', gap);

  return core.run((scope) => {
    const pmax = scope.f32Out(trials);
    const work = scope.f32Out(dk + keys);
    const totals = gapIn === null ? 0 : scope.f64Out(3);
    runTrials(core, scope, { trials, onProgress }, settings, (rng, done, n) => {
      const scaledIn = settings.isScaled ? 1 : 0;
      core.check(gapIn === null
        ? core.exports.attn_saturation_trials(pmax + 4 * done, work, rng, dk, keys, n, scaledIn)
        : core.exports.attn_saturation_with_gaps(pmax + 4 * done, totals, work, rng, dk, keys, n, scaledIn, gapIn), 'saturation');
    });
    const summary = scope.f64Out(2);
    core.check(core.exports.attn_saturation_summary(summary, pmax, trials, thresholdIn), 'saturation');
    const [fraction, meanGrad] = scope.readF64(summary, 2);
    const result = { fraction, meanGrad, saturated: Math.round(fraction * trials), pmax: scope.readF32(pmax, trials) };
    return gapIn === null ? result : { ...result, gaps: readGaps(scope, totals, trials) };
  });
}

/** scoreGaps' result from the core's running totals (pairs, pairs apart, Σ top gap) of `trials`. */
function readGaps(scope, totals, trials) {
  const [pairs, over, topGaps] = scope.readF64(totals, 3);
  return { pairs, over, fraction: over / pairs, meanTopGap: topGaps / trials };
}

/**
 * How far apart the scores of one trial lie (the chapter's "at d_k = 128, gaps of 20 are
 * common"), over the very trials `saturation` draws with the same settings and seed. A gap of g
 * between two scores makes one softmax weight e^g times the other.
 *
 * @param {object} o
 * @param {number} o.dk       head width, 1 to 4096
 * @param {number} o.keys     keys per trial, 2 to 65536
 * @param {number} o.trials   1 to 1,000,000
 * @param {number} [o.gap=20] a positive, finite score difference
 * @param {number} [o.seed=0]
 * @param {boolean} [o.scaled=false]
 * @param {(done: number, total: number) => void} [o.onProgress]
 * @returns {{ pairs: number, over: number, fraction: number, meanTopGap: number }}
 *   pairs of keys compared (keys·(keys − 1)/2 per trial), how many of them have scores more
 *   than `gap` apart, their fraction, and the mean over trials of largest − second-largest score.
 */
export function scoreGaps(core, { dk, keys, trials, gap = 20, seed = 0, scaled = false, onProgress } = {}) {
  const settings = trialSettings({ dk, keys, trials, seed, scaled, onProgress });
  const gapIn = check.positive('gap', gap);

  return core.run((scope) => {
    const totals = scope.f64Out(3);
    const work = scope.f32Out(dk + keys);
    runTrials(core, scope, { trials, onProgress }, settings, (rng, _done, n) => {
      core.check(core.exports.attn_score_gaps(totals, work, rng, dk, keys, n, settings.isScaled ? 1 : 0, gapIn), 'scoreGaps');
    });
    return readGaps(scope, totals, trials);
  });
}
