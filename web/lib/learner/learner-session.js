// learner-session.js — what the learner's worker (web/workers/learner-worker.js) answers: every
// request of the training session (web/lib/model/training-session.js), so <attn-train> can train
// with the learner's attention there, plus the learner's own:
//   ready                  loads the core (the page waits for this before timing anything)
//   compile { source }     parses and compiles; errors carry the editor's line
//   check { source }       check against reference (./check.js)
//   causality { source }   the causality check
//   attention { source }   train and draw maps with this function (null: the C path again)
// The learner's errors are LearnerErrors (./sandbox.js): they cross the channel with Status
// ARGUMENT and their line, and come back as LearnerFailure (./learner-client.js).
// `prepare()` gives the core once the worker is locked down; DOM-free, so node tests serve it.

import { createTrainingSession } from '../model/training-session.js';
import { compileLearner } from './sandbox.js';
import { checkAgainstReference, causalityCheck } from './check.js';

export function createLearnerSession({ prepare, emit }) {
  const training = createTrainingSession({ loadCore: prepare, emit });
  const learner = {
    ready: () => true,
    compile: (attn, { source }) => { compileLearner(source); return true; },
    check: (attn, { source }) => checkAgainstReference(attn, compileLearner(source)),
    causality: (attn, { source }) => causalityCheck(attn, compileLearner(source)),
    attention: (attn, { source }) => {
      training.setAttention(source === null ? null : compileLearner(source));
      return true;
    },
  };
  const own = Object.fromEntries(Object.entries(learner).map(([name, handle]) => [name, async (args) => handle(await prepare(), args)]));
  return { ...training.handlers, ...own };
}
