// learner-train-client.js — a TrainClient (../train-client.js) whose worker is
// web/workers/learner-worker.js, for <attn-train> training with the learner's attention. A
// watchdog ends the worker when it falls silent (an infinite loop in the learner's code) while a
// request is pending or training runs, and reports it through `onFatal(message)`.

import { TrainClient } from '../train-client.js';
import { LabWorker as Worker } from '../worker.js';

export class LearnerTrainClient extends TrainClient {
  constructor(onEvent, onFatal, { silenceMs = 10_000 } = {}) {
    const worker = new Worker(new URL('../../workers/learner-worker.js', import.meta.url), { type: 'module' });
    super((event) => {
      if (event?.type === 'stopped') this.training = false;
      onEvent(event);
    }, { worker, helper: false });
    this.onFatal = onFatal;
    this.silenceMs = silenceMs;
    this.training = false;
    const inner = this.worker.onmessage;
    this.worker.onmessage = (event) => {
      this.#arm();
      inner(event);
    };
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      this.#die(`The worker running your attention failed (${event.message || 'it ran out of memory or crashed'}).`);
    };
  }

  request(type, args = {}, transfer = []) {
    if (type === 'start') this.training = true;
    if (type === 'pause') this.training = false;
    const promise = super.request(type, args, transfer);
    this.#arm();
    return promise;
  }

  /** (Re)starts the silence timer while anything is expected from the worker. */
  #arm() {
    clearTimeout(this.timer);
    if (this.dead || (this.pending.size === 0 && !this.training)) return;
    this.timer = setTimeout(() => this.#die(`Your attention function ran for more than ${this.silenceMs / 1000} seconds without finishing a step (an infinite loop?), so its worker was stopped.`), this.silenceMs);
  }

  #die(message) {
    if (this.dead) return;
    this.dead = true;
    clearTimeout(this.timer);
    this.terminate();
    this.onFatal(message);
  }

  terminate() {
    clearTimeout(this.timer);
    super.terminate();
  }
}
