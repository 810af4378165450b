// bottleneck-runs.js — the page's side of web/workers/bottleneck-worker.js: one measurement at
// a time over the lab's channel (web/lib/channel.js), each point passed on as it arrives; a new
// run or cancel() stops the old one (the channel ends the worker; the next run starts a fresh
// one). Where no worker can start (a page whose policy forbids them), the same calls run on the
// main thread, one length per task, so the page still repaints between them.

import { Channel, Cancelled } from '../../lib/channel.js';
import { loadAttn } from '../../lib/attn.js';
import { Status } from '../../lib/errors.js';
import { LabWorker as Worker } from '../../lib/worker.js';
import { LatestRun } from '../../lib/latest-run.js';

export { Cancelled }; // the rejection of a stopped run

export class BottleneckRuns extends LatestRun {
  constructor() {
    super(new Channel({
      name: 'bottleneck worker',
      start: () => new Worker(new URL('../../workers/bottleneck-worker.js', import.meta.url), { type: 'module' }),
    }));
  }

  /**
   * Measures `options` (attn.bottleneck's); onPoint({ done, total, point }) after each length.
   * Resolves with attn.bottleneck's result; rejects with Cancelled when stopped.
   */
  run(options, onPoint = () => {}) {
    return this.start(async (signal, channel) => {
      let points = 0;
      try {
        return await channel.request('measure', options, { signal, onProgress: (p) => { points++; onPoint(p); } });
      } catch (error) {
        // The worker could not start (or could not load the core): the main thread does the work.
        if (error.code !== Status.UNAVAILABLE || points > 0) throw error;
        return await mainThread(options, onPoint, signal);
      }
    });
  }
}

/** The same measurement in the page's core, a length per task. */
async function mainThread(options, onPoint, signal) {
  const attn = await loadAttn();
  const { lengths, ...rest } = options;
  const points = [];
  let example = null;
  for (const length of lengths) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (signal.aborted) throw new Cancelled('The measurement was stopped.');
    const result = attn.bottleneck({ ...rest, lengths: [length], example: options.example ?? lengths.at(-1) });
    example = result.example;
    points.push(result.points[0]);
    onPoint({ done: points.length, total: lengths.length, point: result.points[0] });
  }
  return { points, example };
}
