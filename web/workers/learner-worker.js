// learner-worker.js — the only place a learner's code runs. It loads the C core, then removes the
// network and storage from its own globals (sandbox.js lockDown) before compiling any learner
// code; the page is never reached (a worker has no DOM). scripts/serve.mjs gives this script
// its own Content-Security-Policy, the only one in the lab that allows 'unsafe-eval'.
//
// It answers the requests of web/lib/learner/learner-session.js (the training session's and the
// learner's own) over the lab's channel (web/lib/channel.js). Its clients
// (web/lib/learner/learner-client.js, learner-train-client.js) end it when a request runs too long.

import { loadAttn } from '../lib/attn.js';
import { serve } from '../lib/channel.js';
import { lockDown } from '../lib/learner/sandbox.js';
import { createLearnerSession } from '../lib/learner/learner-session.js';
import { Tensor, Tape } from '../lib/api/autograd.js';

let ready = null;

/** The core, once this worker is locked down (before any learner code is compiled). */
function prepare() {
  ready ??= loadAttn().then((attn) => {
    lockDown(self, [Tensor, Tape, attn.core.constructor]);
    return attn;
  });
  return ready;
}

serve(({ emit }) => createLearnerSession({ prepare, emit }), { name: 'learner worker' });
