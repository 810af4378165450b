// learner-client.js — the page's side of web/workers/learner-worker.js, for <attn-editor>.
// Every request that runs the learner's code has a time limit: past it the worker is terminated
// (the only way to stop an infinite loop) and a fresh one is started for the next request.
//
//   const client = new LearnerClient({ timeoutMs: 5000 });
//   await client.request('check', { source })   // → the report, or throws LearnerFailure

import { LabWorker as Worker } from '../worker.js';

export class LearnerFailure extends Error {
  constructor(message, { line = null, timedOut = false } = {}) {
    super(message);
    this.name = 'LearnerFailure';
    this.line = line;
    this.timedOut = timedOut;
  }
}

export class LearnerClient {
  constructor({ timeoutMs = 5000 } = {}) {
    this.timeoutMs = timeoutMs;
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
  }

  /** Starts the worker and waits for its core (not timed: loading is not the learner's code). */
  #ensure() {
    if (this.worker) return this.started;
    const worker = new Worker(new URL('../../workers/learner-worker.js', import.meta.url), { type: 'module' });
    this.worker = worker;
    worker.onmessage = (event) => {
      const message = event.data;
      const waiter = message && this.pending.get(message.id);
      if (!waiter) return; // not an answer to us
      this.pending.delete(message.id);
      clearTimeout(waiter.timer);
      if (message.ok) waiter.resolve(message.result);
      else waiter.reject(new LearnerFailure(message.error.message, { line: message.error.line }));
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.#fail(new LearnerFailure(`The worker running your code failed: ${event.message || 'it ran out of memory or crashed'}. It has been restarted.`));
    };
    this.started = this.#send('ready', {}, null);
    return this.started;
  }

  #send(type, args, timeoutMs) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const waiter = { resolve, reject, timer: null };
      if (timeoutMs) {
        waiter.timer = setTimeout(() => {
          this.#fail(new LearnerFailure(`Stopped: your code ran for more than ${timeoutMs / 1000} seconds without finishing (an infinite loop?). The worker running it was ended; the rest of the lab is unaffected.`, { timedOut: true }));
        }, timeoutMs);
      }
      this.pending.set(id, waiter);
      this.worker.postMessage({ id, type, ...args });
    });
  }

  /** Ends the worker and rejects every pending request with `error`. */
  #fail(error) {
    this.worker?.terminate();
    this.worker = null;
    for (const waiter of this.pending.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.pending.clear();
  }

  async request(type, args = {}) {
    await this.#ensure();
    return this.#send(type, args, this.timeoutMs);
  }

  terminate() {
    this.#fail(new LearnerFailure('The worker was stopped.'));
  }
}
