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
 *  saturated fraction within the chapter's 35% ± about 3 standard errors, p(1 − p) below 0.005. */
export const TOLERANCE = { ratio: 0.015, rawFraction: [0.28, 0.42], grad: 0.005 };

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
