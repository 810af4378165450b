// cost-measure.js — runs the "measure in my browser" series for <attn-cost>: the core's attention
// at each size, in a Web Worker (web/workers/measure-attention.js, over the lab's channel,
// web/lib/channel.js) when the page may start one, otherwise on the main thread one size per
// task (yielding between sizes so the page can repaint and take input), through worker-or-main.js. The worker starts
// through lib/worker.js, so it also runs when the widget is embedded from another origin.

import { Cancelled } from '../../lib/channel.js';
import { LabWorker as Worker } from '../../lib/worker.js';
import { measureSize } from './measure-size.js';
import { measureInWorker } from './worker-or-main.js';

/**
 * Runs `sizes` at width `d`; calls onPoint({n, ms}) for each. Resolves when done; rejects with
 * Cancelled when `signal` aborts.
 */
export function measureSeries(attn, { sizes, d, onPoint, signal }) {
  return measureInWorker({
    name: 'measuring worker',
    start: () => new Worker(new URL('../../workers/measure-attention.js', import.meta.url), { type: 'module' }),
    args: { sizes, d }, onPoint, signal,
    fallback: () => mainThread(attn, { sizes, d, onPoint, signal }),
  });
}

async function mainThread(attn, { sizes, d, onPoint, signal }) {
  for (const n of sizes) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (signal?.aborted) throw new Cancelled('Measuring was stopped.');
    onPoint({ n, ms: measureSize(attn, n, d) });
  }
}
