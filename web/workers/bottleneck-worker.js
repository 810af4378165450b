// bottleneck-worker.js — measures the bottleneck experiment (attn.bottleneck) off the page's main
// thread for <attn-bottleneck>: a wide summary and long sources take a few seconds of the core's
// work. It loads the same web/lib/attn.js and answers over the lab's channel (web/lib/channel.js):
//   measure { lengths, width, vocab, trials, seed, task, example }  → attn.bottleneck's result;
//       progress { done, total, point } after each length, so the page draws the curves as they come
// To cancel, the page's channel ends this worker (each length is one synchronous call).

import { loadAttn } from '../lib/attn.js';
import { serve } from '../lib/channel.js';

const ready = loadAttn();

serve({
  measure: async (options, { progress }) => {
    const attn = await ready;
    return attn.bottleneck({ ...options, onProgress: (done, total, point) => progress({ done, total, point }) });
  },
}, { name: 'bottleneck worker' });
