// cost-measure.js — runs the "measure in my browser" series for <attn-cost>: the core's attention
// at each size, in a Web Worker (web/workers/measure-attention.js, over the lab's channel,
// web/lib/channel.js) when the page may start one, otherwise on the main thread one size per
// task (yielding between sizes so the page can repaint and take input). The worker starts
// through lib/worker.js, so it also runs when the widget is embedded from another origin.

import { Channel, Cancelled } from '../../lib/channel.js';
import { Status } from '../../lib/errors.js';
import { LabWorker as Worker } from '../../lib/worker.js';

/**
 * Runs `sizes` at width `d`; calls onPoint({n, ms}) for each. Resolves when done; rejects with
 * Cancelled when `signal` aborts.
 */
export async function measureSeries(attn, { sizes, d, onPoint, signal }) {
  if (typeof globalThis.Worker !== 'function') return mainThread(attn, { sizes, d, onPoint, signal });
  const worker = new Channel({
    name: 'measuring worker',
    start: () => new Worker(new URL('../../workers/measure-attention.js', import.meta.url), { type: 'module' }),
    restarts: false,
  });
  let measured = 0;
  try {
    await worker.request('measure', { sizes, d }, { signal, onProgress: (point) => { measured++; onPoint(point); } });
  } catch (error) {
    // The worker could not start (e.g. a page whose CSP forbids workers) or load the core:
    // measure on the main thread instead.
    if (error.code === Status.UNAVAILABLE && measured === 0) return mainThread(attn, { sizes, d, onPoint, signal });
    throw error;
  } finally {
    worker.terminate();
  }
}

async function mainThread(attn, { sizes, d, onPoint, signal }) {
  for (const n of sizes) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (signal?.aborted) throw new Cancelled('Measuring was stopped.');
    const { ms } = attn.measureAttention({ n, d, repeats: n <= 512 ? 5 : n <= 1024 ? 2 : 1, warmUp: n <= 1024 });
    onPoint({ n, ms });
  }
}
