// variance-ratio.js — the chapter's "at d_k = 64 the raw scores are roughly 8× larger than at
// d_k = 1", as a measurement: the standard deviation of raw scores q·k at d_k = 64 over the one
// at d_k = 1, in independent batches, so the ratio comes with its sampling spread. The jobs run in
// <attn-variance>'s worker (the C core's attn.scoreStats); this file only lists them and reads
// the results back. No DOM here.

export const RATIO = Object.freeze({ wide: 64, narrow: 1, batches: 10, draws: 20_000 });

/** Batch b of the wide width uses seed + b; of the narrow one, seed + 1000 + b (fresh draws). */
const batchSeed = (seed, offset) => (seed + offset) % 2 ** 32;

/** The worker jobs for the ratio with `seed`: wide and narrow, batch by batch. */
export function ratioJobs(seed) {
  const jobs = [];
  for (let b = 0; b < RATIO.batches; b++) {
    jobs.push({ kind: 'scoreStats', options: { dk: RATIO.wide, draws: RATIO.draws, seed: batchSeed(seed, b), bins: 1 } });
    jobs.push({ kind: 'scoreStats', options: { dk: RATIO.narrow, draws: RATIO.draws, seed: batchSeed(seed, 1000 + b), bins: 1 } });
  }
  return jobs;
}

/**
 * The ratio std(wide) / std(narrow) of each batch, their mean and their sample standard
 * deviation (the spread a rerun with other seeds would show), from ratioJobs' results.
 * @returns {{ ratios: number[], mean: number, spread: number, theory: number }}
 */
export function ratioSummary(results) {
  const ratios = [];
  for (let b = 0; b < RATIO.batches; b++) {
    ratios.push(Math.sqrt(results[2 * b].variance / results[2 * b + 1].variance));
  }
  const mean = ratios.reduce((a, r) => a + r, 0) / ratios.length;
  const spread = Math.sqrt(ratios.reduce((a, r) => a + (r - mean) ** 2, 0) / (ratios.length - 1));
  return { ratios, mean, spread, theory: Math.sqrt(RATIO.wide / RATIO.narrow) };
}

/** ±√d_k as the chapter prints it: ±8 at 64, ±11.3 at 128. */
export function typicalSize(dk) {
  const root = Math.sqrt(dk);
  return `±${Number.isInteger(root) ? root : root.toFixed(1)}`;
}
