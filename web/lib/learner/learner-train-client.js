// learner-train-client.js — a TrainClient (../train-client.js) whose worker is
// web/workers/learner-worker.js, for <attn-train> training with the learner's attention. The
// channel's watchdog ends the worker when it falls silent (an infinite loop in the learner's
// code) while a request is pending or training runs, and reports it through `onFatal(message)`.
// An ended worker is not restarted: the lab goes back to its C-path client.

import { TrainClient } from '../train-client.js';
import { LabWorker as Worker } from '../worker.js';
import { reviveLearnerError } from './learner-client.js';

export class LearnerTrainClient extends TrainClient {
  #training = false;

  constructor(onEvent, onFatal, { silenceMs = 10_000 } = {}) {
    super((event) => {
      if (event?.type === 'stopped') this.#training = false;
      onEvent(event);
    }, {
      helper: false,
      channel: {
        name: 'learner worker',
        start: () => new Worker(new URL('../../workers/learner-worker.js', import.meta.url), { type: 'module' }),
        prepare: (call) => call('ready'),
        timeoutMs: silenceMs,
        busy: () => this.#training,
        restarts: false,
        reviveError: reviveLearnerError,
        onFatal: (error) => onFatal(error.message),
        timeoutMessage: (seconds) => `Your attention function ran for more than ${seconds} seconds without finishing a step (an infinite loop?), so its worker was stopped.`,
        crashMessage: (detail) => `The worker running your attention failed (${detail || 'it ran out of memory or crashed'}).`,
      },
    });
  }

  request(method, args, options) {
    if (method === 'start') this.#training = true;
    if (method === 'pause') this.#training = false;
    const answer = super.request(method, args, options);
    if (method === 'start') answer.catch(() => { this.#training = false; });
    return answer;
  }
}
