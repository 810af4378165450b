// cost-memory.js — runs <attn-cost>'s "Measure memory": both attention kernels at each size, in a
// Web Worker (web/workers/measure-memory.js, over the lab's channel) where the page may start one,
// otherwise on the main thread, a run per task (web/lib/memory-series.js either way).

import { Channel } from '../../lib/channel.js';
import { Status } from '../../lib/errors.js';
import { LabWorker as Worker } from '../../lib/worker.js';
import { loadAttn } from '../../lib/attn.js';
import { measureMemorySizes } from '../../lib/memory-series.js';

/** Runs naive then tiled at each of `sizes` (width d); onPoint(point) for each run. */
export async function measureMemorySeries({ sizes, d, onPoint, signal }) {
  if (typeof globalThis.Worker !== 'function') return mainThread({ sizes, d, onPoint });
  const worker = new Channel({
    name: 'memory worker',
    start: () => new Worker(new URL('../../workers/measure-memory.js', import.meta.url), { type: 'module' }),
    restarts: false,
  });
  let measured = 0;
  try {
    await worker.request('measure', { sizes, d }, { signal, onProgress: (point) => { measured++; onPoint(point); } });
  } catch (error) {
    if (error.code === Status.UNAVAILABLE && measured === 0) return mainThread({ sizes, d, onPoint });
    throw error;
  } finally {
    worker.terminate();
  }
}

function mainThread({ sizes, d, onPoint }) {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 30));
  return measureMemorySizes({ load: () => loadAttn({ threads: 1 }), sizes, d, pause }, onPoint);
}
