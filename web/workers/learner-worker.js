// learner-worker.js — the only place a learner's code runs. It loads the C core, then removes the
// network and storage from its own globals (sandbox.js lockDown) before compiling any learner
// code; the page is never reached (a worker has no DOM). scripts/serve.mjs gives this script
// its own Content-Security-Policy, the only one in the lab that allows 'unsafe-eval'.
//
// It speaks the training worker's protocol (it imports web/workers/train-worker.js, so
// <attn-train> can train here with the learner's attention) plus, answered the same way
// ({ id, ok, result } or { id, ok: false, error: { code, message, line } }):
//   ready                  loads the core (the page waits for this before timing anything)
//   compile { source }     parses and compiles; errors carry the editor's line
//   check { source }       check against reference (web/lib/learner/check.js)
//   causality { source }   the causality check
//   attention { source }   train and draw maps with this function (null: the C path again)
// A request that runs too long is ended by the page, which terminates this worker.

import { setAttention } from './train-worker.js';
import { loadAttn } from '../lib/attn.js';
import { compileLearner, lockDown } from '../lib/learner/sandbox.js';
import { checkAgainstReference, causalityCheck } from '../lib/learner/check.js';
import { Tensor, Tape } from '../lib/api/autograd.js';

const trainHandler = self.onmessage; // set by train-worker.js
let ready = null;

function prepare() {
  ready ??= loadAttn().then((attn) => {
    lockDown(self, [Tensor, Tape, attn.core.constructor]);
    return attn;
  });
  return ready;
}

const LEARNER = {
  ready: () => true,
  compile: (attn, { source }) => { compileLearner(source); return true; },
  check: (attn, { source }) => checkAgainstReference(attn, compileLearner(source)),
  causality: (attn, { source }) => causalityCheck(attn, compileLearner(source)),
  attention: (attn, { source }) => {
    setAttention(source === null ? null : compileLearner(source));
    return true;
  },
};

self.onmessage = async (event) => {
  const { id, type } = event.data ?? {};
  if (!LEARNER[type]) {
    await prepare().catch(() => {}); // the train handler reports a failed load itself
    return trainHandler(event);
  }
  try {
    const attn = await prepare();
    postMessage({ id, ok: true, result: LEARNER[type](attn, event.data) });
  } catch (error) {
    postMessage({ id, ok: false, error: { code: error.code ?? 0, message: error.message, line: error.line ?? null } });
  }
};
