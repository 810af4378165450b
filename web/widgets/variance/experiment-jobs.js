// experiment-jobs.js — the page's side of web/workers/experiment-worker.js: runs a list of
// experiments in a Web Worker, over the lab's channel (web/lib/channel.js), and reports one
// overall progress fraction, weighted by how many random numbers each job draws. One job list at
// a time; a new run or cancel() stops the old one (the channel ends the worker; a fresh one
// starts on the next run).

import { Channel, Cancelled } from '../../lib/channel.js';
import { LabWorker as Worker } from '../../lib/worker.js';
import { LatestRun } from '../../lib/latest-run.js';

export { Cancelled }; // the rejection of a cancelled run

/** The work of a job, in normals drawn, for weighting progress. */
function cost({ kind, options: o }) {
  return kind === 'scoreStats' ? 2 * o.dk * o.draws : o.dk * (o.keys + 1) * o.trials;
}

export class ExperimentJobs extends LatestRun {
  constructor() {
    super(new Channel({
      name: 'experiment worker',
      start: () => new Worker(new URL('../../workers/experiment-worker.js', import.meta.url), { type: 'module' }),
    }));
  }

  /**
   * Runs `jobs` ([{ kind, options }]) in order; resolves with their results. `onProgress(f)` gets
   * the overall fraction done, 0 to 1.
   */
  run(jobs, onProgress = () => {}) {
    const costs = jobs.map(cost);
    const all = costs.reduce((a, b) => a + b, 0) || 1;
    const before = costs.map((_, i) => costs.slice(0, i).reduce((a, b) => a + b, 0));
    return this.start((signal, channel) => channel.request('run', { jobs }, {
      signal,
      onProgress: ({ job, done, total }) => onProgress((before[job] + costs[job] * (done / total)) / all),
    }));
  }
}
