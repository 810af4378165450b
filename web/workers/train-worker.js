// train-worker.js — trains the lab's character transformer off the page's thread, so the page
// never freezes: the training session (web/lib/model/training-session.js, which lists its
// requests and events) served over the lab's one channel (web/lib/channel.js). It loads the C
// core with the same web/lib/attn.js as the page. Its client is web/lib/train-client.js.

import { loadAttn } from '../lib/attn.js';
import { serve } from '../lib/channel.js';
import { createTrainingSession } from '../lib/model/training-session.js';

serve(({ emit }) => createTrainingSession({ loadCore: () => loadAttn(), emit }).handlers, { name: 'training worker' });
