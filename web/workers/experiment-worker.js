// experiment-worker.js — runs the core's long experiments (attn.scoreStats, attn.saturation,
// attn.scoreGaps) off the page's main thread, so the page never freezes. It loads the same web/lib/attn.js
// (and so the same WASM core) as the page, and answers over the lab's channel (web/lib/channel.js):
//   run { jobs: [{ kind: 'scoreStats' | 'saturation' | 'scoreGaps', options }] }  → one result per job, in order;
//       progress { job, done, total } after each chunk of each job
// To cancel, the page's channel ends this worker (the work is one synchronous call).

import { loadAttn } from '../lib/attn.js';
import { serve } from '../lib/channel.js';
import { AttnError, Status } from '../lib/errors.js';

const KINDS = new Set(['scoreStats', 'saturation', 'scoreGaps']);
const ready = loadAttn();

serve({
  run: async ({ jobs }, { progress }) => {
    const attn = await ready;
    return jobs.map(({ kind, options }, job) => {
      if (!KINDS.has(kind)) throw new AttnError(Status.ARGUMENT, `There is no experiment called ${JSON.stringify(String(kind))}: use scoreStats, saturation or scoreGaps.`);
      return attn[kind]({ ...options, onProgress: (done, total) => progress({ job, done, total }) });
    });
  },
}, { name: 'experiment worker' });
