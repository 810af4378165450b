// decode-measure.js — runs <attn-decode>'s "Measure": decoding with the KV cache and without it,
// timed in a Web Worker (web/workers/decode-worker.js, over the lab's channel) where the page may
// start one, otherwise on the main thread (web/lib/model/decode-measure.js either way).

import { Channel } from '../../lib/channel.js';
import { Status } from '../../lib/errors.js';
import { LabWorker as Worker } from '../../lib/worker.js';
import { measureDecoding } from '../../lib/model/decode-measure.js';

/** Times `length` characters after `prompt` on the model in `bytes`, both ways. */
export async function measureDecodingSpeed(attn, { bytes, prompt, length, repeats = 3 }) {
  if (typeof globalThis.Worker !== 'function') return measureDecoding(attn, { bytes, prompt, length, repeats });
  const worker = new Channel({
    name: 'decoding worker',
    start: () => new Worker(new URL('../../workers/decode-worker.js', import.meta.url), { type: 'module' }),
    restarts: false,
  });
  try {
    return await worker.request('measure', { bytes, prompt, length, repeats });
  } catch (error) {
    // The worker could not start (a page whose policy forbids workers) or load the core.
    if (error.code === Status.UNAVAILABLE) return measureDecoding(attn, { bytes, prompt, length, repeats });
    throw error;
  } finally {
    worker.terminate();
  }
}
