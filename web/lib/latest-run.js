// latest-run.js — one run at a time over a worker's channel (web/lib/channel.js), for a widget
// whose new run replaces the old: start() or cancel() aborts the run under way (its channel
// request rejects with Cancelled, and the channel ends the worker; the next run starts a fresh
// one). Subclasses hold the requests: ExperimentJobs (variance), BottleneckRuns (bottleneck).
//
//   class Jobs extends LatestRun {
//     constructor() { super(new Channel({ name, start })); }
//     run(args) { return this.start((signal, channel) => channel.request('run', args, { signal })); }
//   }

export class LatestRun {
  #channel;
  #run = null; // the AbortController of the run under way

  /** @param {import('./channel.js').Channel} channel */
  constructor(channel) {
    this.#channel = channel;
  }

  get busy() { return this.#run !== null; }

  /** Stops the run under way, then runs work(signal, channel); busy until its promise settles. */
  async start(work) {
    this.cancel();
    const run = new AbortController();
    this.#run = run;
    try {
      return await work(run.signal, this.#channel);
    } finally {
      if (this.#run === run) this.#run = null;
    }
  }

  /** Stops the run under way (its promise rejects with Cancelled). */
  cancel() {
    this.#run?.abort();
    this.#run = null;
  }

  dispose() {
    this.cancel();
    this.#channel.terminate();
  }
}
