// experiment-worker.js — runs the core's long experiments (attn.scoreStats, attn.saturation)
// off the page's main thread, so the page never freezes. It loads the same web/lib/attn.js
// (and so the same WASM core) as the page.
//
// Message in:  { id, jobs: [{ kind: 'scoreStats' | 'saturation', options }] }
// Messages out: { id, type: 'progress', job, done, total }   (after each chunk of each job)
//               { id, type: 'result', results }              (one result per job, in order)
//               { id, type: 'error', message, code }
// To cancel, the page terminates the worker.

import { loadAttn } from '../lib/attn.js';

const KINDS = new Set(['scoreStats', 'saturation']);
const ready = loadAttn();

self.addEventListener('message', async ({ data }) => {
  const { id, jobs } = data;
  try {
    const attn = await ready;
    const results = jobs.map(({ kind, options }, job) => {
      if (!KINDS.has(kind)) throw new Error(`Unknown experiment ${kind}.`);
      return attn[kind]({ ...options, onProgress: (done, total) => self.postMessage({ id, type: 'progress', job, done, total }) });
    });
    self.postMessage({ id, type: 'result', results });
  } catch (error) {
    self.postMessage({ id, type: 'error', message: error.message, code: error.code });
  }
});
