// variance-chapter.js — the measurements the chapter's §6.3 prints (its lab 2b), which the
// widget's "Reproduce the chapter" panel recomputes and shows beside ours, and the jobs that
// recompute them (its saturation trials also give the gaps between their scores, the chapter's
// "at d_k = 128, gaps of 20 are common"). The chapter's figures are references to compare with;
// every figure we show as ours comes from the C core.

import { trialJobs, splitTrialResults } from './variance-gaps.js';

export const CHAPTER = {
  draws: 200_000,
  variance: [
    { dk: 32, ratio: 0.9987 },
    { dk: 64, ratio: 1.0040 },
    { dk: 128, ratio: 1.0029 },
    { dk: 256, ratio: 1.0038 },
  ],
  scaledVariance: 1.0,
  saturation: { dk: 128, keys: 64, trials: 500, threshold: 0.99, raw: 0.35, scaled: 0, grad: 0.0020 },
};

/** The tolerances the statistics allow: variance ratios within 1 ± 0.015, the raw
 *  saturated fraction within the chapter's 35% ± about 3 standard errors. The slope p(1 − p) of
 *  the saturated trials is held to a band of its own trials (slopeBand). */
export const TOLERANCE = { ratio: 0.015, rawFraction: [0.28, 0.42] };

/**
 * The slope p(1 − p) of each trial whose p_max (pmax: one per trial, from the core) clears
 * `threshold`, as the band its mean is known to: mean ± 2 standard errors of those trials
 * ({ n, mean, se, lo, hi }), or null with fewer than two such trials. Any saturated trial's slope
 * is below 0.0099, so "below some bound" says nothing; this band says whether the chapter's mean
 * is one our own trials could have given.
 */
export function slopeBand(pmax, threshold) {
  const slopes = [];
  for (const p of pmax) if (p > threshold) slopes.push(p * (1 - p));
  const n = slopes.length;
  if (n < 2) return null;
  const mean = slopes.reduce((a, b) => a + b, 0) / n;
  const variance = slopes.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1);
  const se = Math.sqrt(variance / n);
  return { n, mean, se, lo: mean - 2 * se, hi: mean + 2 * se };
}

/** The worker jobs that reproduce the chapter with `seed` (the scaled variances use fresh draws: seed + 1;
 *  the saturation trials are the same raw and scaled, as in the live panel). */
export function reproductionJobs(seed) {
  const next = (seed + 1) % 2 ** 32;
  const jobs = [];
  for (const { dk } of CHAPTER.variance) {
    jobs.push({ kind: 'scoreStats', options: { dk, draws: CHAPTER.draws, seed, scaled: false, bins: 1 } });
    jobs.push({ kind: 'scoreStats', options: { dk, draws: CHAPTER.draws, seed: next, scaled: true, bins: 1 } });
  }
  // The saturation trials, raw and scaled, with their gaps ("gaps of 20 are common") from the same pass.
  jobs.push(...trialJobs({ ...CHAPTER.saturation, seed }));
  return jobs;
}

/** Reads the results of reproductionJobs back into rows for the tables: the variances, the
 *  saturation of the raw and scaled trials, and the gaps between those trials' scores. */
export function reproductionRows(results) {
  const variance = CHAPTER.variance.map(({ dk, ratio }, i) => ({
    dk, chapter: ratio, ours: results[2 * i].ratio, scaled: results[2 * i + 1].ratio,
  }));
  return { variance, ...splitTrialResults(results.slice(2 * CHAPTER.variance.length)) };
}
