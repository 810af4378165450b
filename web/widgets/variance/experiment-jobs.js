// experiment-jobs.js — the page's side of web/workers/experiment-worker.js: runs a list of
// experiments in a Web Worker, over the lab's channel (web/lib/channel.js), and reports one
// overall progress fraction, weighted by how many random numbers each job draws, with the time
// it expects the rest to take (from this run's pace, or before its first progress from the pace
// of the last run that finished). One job list at a time; a new run or cancel() stops the old
// one (the channel ends the worker; a fresh one starts on the next run).

import { Channel, Cancelled } from '../../lib/channel.js';
import { LabWorker as Worker } from '../../lib/worker.js';
import { LatestRun } from '../../lib/latest-run.js';

export { Cancelled }; // the rejection of a cancelled run

/** The work of a job, in normals drawn, for weighting progress (saturation and scoreGaps draw
 *  the same trials). */
function cost({ kind, options: o }) {
  return kind === 'scoreStats' ? 2 * o.dk * o.draws : o.dk * (o.keys + 1) * o.trials;
}

export class ExperimentJobs extends LatestRun {
  #pace = null; // random numbers drawn per millisecond in the last run that finished

  constructor() {
    super(new Channel({
      name: 'experiment worker',
      start: () => new Worker(new URL('../../workers/experiment-worker.js', import.meta.url), { type: 'module' }),
    }));
  }

  /**
   * Runs `jobs` ([{ kind, options }]) in order; resolves with their results. `onProgress(f, leftMs)`
   * gets the overall fraction done, 0 to 1, and the milliseconds the rest should take (null while
   * there is nothing to go by); it is called once at the start too.
   */
  run(jobs, onProgress = () => {}) {
    const costs = jobs.map(cost);
    const all = costs.reduce((a, b) => a + b, 0) || 1;
    const before = costs.map((_, i) => costs.slice(0, i).reduce((a, b) => a + b, 0));
    const started = performance.now();
    const left = (fraction) => {
      const elapsed = performance.now() - started;
      if (fraction > 0.02 && elapsed > 200) return (elapsed * (1 - fraction)) / fraction;
      return this.#pace ? (all * (1 - fraction)) / this.#pace : null;
    };
    return this.start(async (signal, channel) => {
      onProgress(0, left(0));
      const results = await channel.request('run', { jobs }, {
        signal,
        onProgress: ({ job, done, total }) => {
          const fraction = (before[job] + costs[job] * (done / total)) / all;
          onProgress(fraction, left(fraction));
        },
      });
      this.#pace = all / Math.max(1, performance.now() - started);
      return results;
    });
  }
}
