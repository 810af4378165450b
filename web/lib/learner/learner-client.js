// learner-client.js — the page's side of web/workers/learner-worker.js, for <attn-editor>: a
// Channel (../channel.js) with a time limit on every request that runs the learner's code. Past
// it the worker is terminated (the only way to stop an infinite loop) and a fresh one is started
// for the next request; loading the core is not timed.
//
//   const client = new LearnerClient({ timeoutMs: 5000 });
//   await client.request('check', { source })   // → the report, or throws LearnerFailure

import { AttnError, Status } from '../errors.js';
import { Channel } from '../channel.js';
import { LabWorker as Worker } from '../worker.js';

/**
 * The learner's code failed: a compile or runtime error (Status ARGUMENT, with the editor's
 * `line` when known), or its worker was stopped by the time limit (`timedOut`) or crashed
 * (Status UNAVAILABLE).
 */
export class LearnerFailure extends AttnError {
  constructor(message, { code = Status.ARGUMENT, line = null, timedOut = false } = {}) {
    super(code, message);
    this.name = 'LearnerFailure';
    this.line = line;
    this.timedOut = timedOut;
  }
}

/** How errors from the learner's worker come back: the learner's own (and its worker's end) as LearnerFailure. */
export function reviveLearnerError(wire) {
  if (wire.name === 'LearnerError' || wire.name === 'WorkerStopped') return new LearnerFailure(wire.message, wire);
  return new AttnError(wire.code, wire.message);
}

export class LearnerClient extends Channel {
  constructor({ timeoutMs = 5000 } = {}) {
    super({
      name: 'learner worker',
      start: () => new Worker(new URL('../../workers/learner-worker.js', import.meta.url), { type: 'module' }),
      prepare: (call) => call('ready'),
      timeoutMs,
      reviveError: reviveLearnerError,
      timeoutMessage: (seconds) => `Stopped: your code ran for more than ${seconds} seconds without finishing (an infinite loop?). The worker running it was ended; the rest of the lab is unaffected.`,
      crashMessage: (detail) => `The worker running your code failed: ${detail || 'it ran out of memory or crashed'}. It has been restarted.`,
    });
  }
}
