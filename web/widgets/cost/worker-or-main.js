// worker-or-main.js — one measurement series run in a Web Worker over the lab's channel
// (web/lib/channel.js), or on the main thread where the page may not start one (no Worker, a CSP
// that forbids workers, a worker that cannot load the core). <attn-cost>'s two measurements
// ("Measure in my browser", "Measure memory") share it; each keeps its worker's
// `new Worker(new URL(…, import.meta.url))` in its own file, where the bundler finds it.

import { Channel } from '../../lib/channel.js';
import { Status } from '../../lib/errors.js';

/**
 * Sends `request` (its `args`) to the worker `start()` makes, calling onPoint(point) for each
 * progress point; resolves when done, rejects with Cancelled when `signal` aborts. When the worker
 * is unavailable before its first point, resolves with `fallback()` instead.
 */
export async function measureInWorker({ name, start, request = 'measure', args, onPoint, signal, fallback }) {
  if (typeof globalThis.Worker !== 'function') return fallback();
  const worker = new Channel({ name, start, restarts: false });
  let measured = 0;
  try {
    await worker.request(request, args, { signal, onProgress: (point) => { measured++; onPoint(point); } });
  } catch (error) {
    if (error.code === Status.UNAVAILABLE && measured === 0) return fallback();
    throw error;
  } finally {
    worker.terminate();
  }
}
