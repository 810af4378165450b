// measure-memory.js — runs both attention kernels at growing N for <attn-cost>'s "Measure memory"
// (web/lib/memory-series.js) off the page's main thread, each run on a fresh instance of the core.
// It answers over the lab's channel (web/lib/channel.js):
//   measure { sizes: number[], d }  → the count of runs; progress per run, naive then tiled at each
//   size: { kernel, n, d, heldBytes, tableBytes, workBytes, memoryBytes, ms }, or { kernel, n, d, refused }

import { loadAttn } from '../lib/attn.js';
import { serve } from '../lib/channel.js';
import { measureMemorySizes } from '../lib/memory-series.js';

serve({
  measure: ({ sizes, d }, { progress }) => measureMemorySizes({ load: () => loadAttn({ threads: 1 }), sizes, d }, progress),
}, { name: 'memory worker' });
