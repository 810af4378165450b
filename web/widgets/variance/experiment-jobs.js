// experiment-jobs.js — the page's side of web/workers/experiment-worker.js: runs a list of
// experiments in a Web Worker and reports one overall progress fraction, weighted by how many
// random numbers each job draws. One job list at a time; a new run or cancel() stops the old
// one by terminating the worker (a fresh one starts on the next run).

import { AttnError, Status } from '../../lib/errors.js';
import { LabWorker as Worker } from '../../lib/worker.js';

/** Thrown (as a rejection) when a run is cancelled. */
export class Cancelled extends Error {
  constructor() {
    super('Cancelled.');
    this.name = 'Cancelled';
  }
}

/** The work of a job, in normals drawn, for weighting progress. */
function cost({ kind, options: o }) {
  return kind === 'scoreStats' ? 2 * o.dk * o.draws : o.dk * (o.keys + 1) * o.trials;
}

export class ExperimentJobs {
  #worker = null;
  #pending = null;
  #nextId = 1;

  get busy() { return this.#pending !== null; }

  /**
   * Runs `jobs` ([{ kind, options }]) in order; resolves with their results. `onProgress(f)` gets
   * the overall fraction done, 0 to 1.
   */
  run(jobs, onProgress = () => {}) {
    this.cancel();
    const id = this.#nextId++;
    const costs = jobs.map(cost);
    const all = costs.reduce((a, b) => a + b, 0) || 1;
    const before = costs.map((_, i) => costs.slice(0, i).reduce((a, b) => a + b, 0));
    const worker = this.#ensureWorker();
    return new Promise((resolve, reject) => {
      this.#pending = { id, resolve, reject, onProgress, costs, before, all };
      worker.postMessage({ id, jobs });
    });
  }

  /** Stops the current run (its promise rejects with Cancelled). */
  cancel() {
    if (!this.#pending) return;
    const { reject } = this.#pending;
    this.#pending = null;
    this.#worker?.terminate();
    this.#worker = null;
    reject(new Cancelled());
  }

  dispose() {
    this.cancel();
    this.#worker?.terminate();
    this.#worker = null;
  }

  #ensureWorker() {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('../../workers/experiment-worker.js', import.meta.url), { type: 'module' });
    worker.addEventListener('message', ({ data }) => this.#onMessage(data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.#fail(new AttnError(Status.UNAVAILABLE, `The experiment worker stopped: ${event.message || 'it could not be loaded'}.`));
    });
    this.#worker = worker;
    return worker;
  }

  #onMessage(data) {
    const p = this.#pending;
    if (!p || data.id !== p.id) return; // a message from a run that was replaced
    if (data.type === 'progress') {
      p.onProgress((p.before[data.job] + p.costs[data.job] * (data.done / data.total)) / p.all);
    } else if (data.type === 'result') {
      this.#pending = null;
      p.resolve(data.results);
    } else if (data.type === 'error') {
      this.#fail(new AttnError(data.code ?? Status.ARGUMENT, data.message));
    }
  }

  #fail(error) {
    const p = this.#pending;
    this.#pending = null;
    this.#worker?.terminate();
    this.#worker = null;
    p?.reject(error);
  }
}
