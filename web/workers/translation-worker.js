// translation-worker.js — trains one encoder–decoder of the translation experiment off the
// page's main thread for <attn-translation> (one worker per model, so the two train side by
// side on two cores). It loads the same web/lib/attn.js and answers over the lab's channel
// (web/lib/channel.js):
//   train { kind, steps, evalEvery, seed }  → web/lib/translation-run.js's record;
//       progress { checkpoint, lengths, sentence } as each checkpoint is measured (checkpoint:
//       { step, seconds, loss, accuracy, alignment, chance, map }; the bins and the mapped sentence)
// To cancel, the page's channel ends this worker (training is synchronous between checkpoints).

import { loadAttn } from '../lib/attn.js';
import { serve } from '../lib/channel.js';
import { runTranslation } from '../lib/translation-run.js';

// One thread each: the two models already fill the two cores, one worker each, so a helper
// thread per worker (the threaded core on an isolated page) would only make four threads fight.
const ready = loadAttn({ threads: 1 });

serve({
  train: async ({ kind, steps, evalEvery, seed }, { progress }) => {
    const attn = await ready;
    return runTranslation(attn, { kind, steps, evalEvery, seed, onProgress: (checkpoint, { lengths, sentence }) => progress({ checkpoint, lengths, sentence }) });
  },
}, { name: 'translation worker' });
