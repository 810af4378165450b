// cost-memory.js — runs <attn-cost>'s "Measure memory": both attention kernels at each size, in a
// Web Worker (web/workers/measure-memory.js, over the lab's channel) where the page may start one,
// otherwise on the main thread, a run per task (web/lib/memory-series.js either way).

import { LabWorker as Worker } from '../../lib/worker.js';
import { loadAttn } from '../../lib/attn.js';
import { measureMemorySizes } from '../../lib/memory-series.js';
import { measureInWorker } from './worker-or-main.js';

/** Runs naive then tiled at each of `sizes` (width d); onPoint(point) for each run. */
export function measureMemorySeries({ sizes, d, onPoint, signal }) {
  return measureInWorker({
    name: 'memory worker',
    start: () => new Worker(new URL('../../workers/measure-memory.js', import.meta.url), { type: 'module' }),
    args: { sizes, d }, onPoint, signal,
    fallback: () => mainThread({ sizes, d, onPoint }),
  });
}

function mainThread({ sizes, d, onPoint }) {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 30));
  return measureMemorySizes({ load: () => loadAttn({ threads: 1 }), sizes, d, pause }, onPoint);
}
