// decode-worker.js — times decoding with and without the KV cache for <attn-decode>'s "Measure",
// off the page's main thread (web/lib/model/decode-measure.js does the timing). It answers over
// the lab's channel (web/lib/channel.js):
//   measure { bytes, prompt, length, repeats }  → { length, same, cached, recompute, ratio }

import { loadAttn } from '../lib/attn.js';
import { serve } from '../lib/channel.js';
import { measureDecoding } from '../lib/model/decode-measure.js';

const ready = loadAttn();

serve({
  measure: async (options) => measureDecoding(await ready, options),
}, { name: 'decoding worker' });
