// memory-series.js — "Measure memory" (<attn-cost>) as a DOM-free loop, run in a worker
// (web/workers/measure-memory.js) or, where no worker may start, on the page: both attention
// kernels at each size, naive first, each on a fresh instance of the core made by `load()`, so
// the WebAssembly memory it reports grew for that kernel alone (api/memory.js measures one run).
// A kernel that cannot run at a size (the naive one, where its table cannot be allocated) gives
// { kernel, n, d, refused: its sentence } instead of a measurement. Where both ran, the tiled
// point also carries `largestDifference`: the largest |tiled − naive| over the (n, d) outputs of
// the same Q, K and V. The outputs themselves stay here (they are megabytes).

import { Status } from './errors.js';

export async function measureMemorySizes({ load, sizes, d, pause = null }, onPoint) {
  let runs = 0;
  for (const n of sizes) {
    let naiveOut = null;
    for (const kernel of ['naive', 'tiled']) {
      if (pause) await pause(); // on the page: let it repaint between runs
      const attn = await load();
      try {
        const { out, ...point } = attn.measureMemory({ kernel, n, d });
        if (kernel === 'naive') naiveOut = out;
        else if (naiveOut) point.largestDifference = largestDifference(out, naiveOut);
        onPoint(point);
      } catch (error) {
        if (error.code !== Status.MEMORY) throw error;
        onPoint({ kernel, n, d, refused: error.message });
      }
      runs++;
    }
  }
  return runs;
}

/** The largest |a[i] − b[i]|. */
function largestDifference(a, b) {
  let largest = 0;
  for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i] - b[i]));
  return largest;
}
