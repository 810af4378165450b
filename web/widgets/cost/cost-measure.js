// cost-measure.js — runs the "measure in my browser" series for <attn-cost>: the core's attention
// at each size, in a Web Worker when the page may start one, otherwise on the main thread one
// size per task (yielding between sizes so the page can repaint and take input).
// The worker starts through lib/worker.js, so it also runs when the widget is embedded from
// another origin.

import { LabWorker as Worker } from '../../lib/worker.js';

/** Runs `sizes` at width `d`; calls onPoint({n, ms}) for each. Resolves when done. */
export function measureSeries(attn, { sizes, d, onPoint, signal }) {
  let worker = null;
  try {
    worker = new Worker(new URL('../../workers/measure-attention.js', import.meta.url), { type: 'module' });
  } catch {
    worker = null; // e.g. a page whose CSP forbids workers
  }
  if (!worker) return mainThread(attn, { sizes, d, onPoint, signal });
  return new Promise((resolve, reject) => {
    const stop = () => { worker.terminate(); reject(new DOMException('Measuring was stopped.', 'AbortError')); };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = ({ data }) => {
      if (data.error) { worker.terminate(); reject(new Error(data.error)); return; }
      if (data.done) { worker.terminate(); signal?.removeEventListener('abort', stop); resolve(); return; }
      onPoint(data);
    };
    worker.onerror = (event) => {
      // The worker could not start (or load the core): fall back to the main thread.
      event.preventDefault();
      worker.terminate();
      signal?.removeEventListener('abort', stop);
      mainThread(attn, { sizes, d, onPoint, signal }).then(resolve, reject);
    };
    worker.postMessage({ sizes, d });
  });
}

async function mainThread(attn, { sizes, d, onPoint, signal }) {
  for (const n of sizes) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (signal?.aborted) throw new DOMException('Measuring was stopped.', 'AbortError');
    const { ms } = attn.measureAttention({ n, d, repeats: n <= 512 ? 5 : n <= 1024 ? 2 : 1, warmUp: n <= 1024 });
    onPoint({ n, ms });
  }
}
