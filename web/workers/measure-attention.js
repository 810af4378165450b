// measure-attention.js — a module Web Worker that times the C core's attention kernel for the
// <attn-cost> widget, off the main thread so the page stays responsive during the runs. It
// answers over the lab's channel (web/lib/channel.js):
//   measure { sizes: number[], d }  → the count of sizes; progress { n, ms } per size, in order

import { loadAttn } from '../lib/attn.js';
import { serve } from '../lib/channel.js';
import { measureSize } from '../widgets/cost/measure-size.js';

const ready = loadAttn();

serve({
  measure: async ({ sizes, d }, { progress }) => {
    const attn = await ready;
    for (const n of sizes) {
      progress({ n, ms: measureSize(attn, n, d) });
    }
    return sizes.length;
  },
}, { name: 'measuring worker' });
