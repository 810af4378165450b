// memory-series.js — "Measure memory" (<attn-cost>) as a DOM-free loop, run in a worker
// (web/workers/measure-memory.js) or, where no worker may start, on the page: both attention
// kernels at each size, naive first, each on a fresh instance of the core made by `load()`, so
// the WebAssembly memory it reports grew for that kernel alone (api/memory.js measures one run).
// A kernel that cannot run at a size (the naive one, where its table cannot be allocated) gives
// { kernel, n, d, refused: its sentence } instead of a measurement.

import { Status } from './errors.js';

export async function measureMemorySizes({ load, sizes, d, pause = null }, onPoint) {
  let runs = 0;
  for (const n of sizes) {
    for (const kernel of ['naive', 'tiled']) {
      if (pause) await pause(); // on the page: let it repaint between runs
      const attn = await load();
      try {
        onPoint(attn.measureMemory({ kernel, n, d }));
      } catch (error) {
        if (error.code !== Status.MEMORY) throw error;
        onPoint({ kernel, n, d, refused: error.message });
      }
      runs++;
    }
  }
  return runs;
}
