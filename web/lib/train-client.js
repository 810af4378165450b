// train-client.js — the page's side of web/workers/train-worker.js: request() returns a
// promise of the worker's answer; progress events go to `onEvent`. On a machine with two or more
// cores it also starts web/workers/grad-worker.js and joins the two by a MessageChannel, so
// training can split each batch across both cores (`cores` says how many it can use).

import { AttnError } from './errors.js';
import { LabWorker as Worker } from './worker.js';

export class TrainClient {
  /** `worker`: another worker speaking the same protocol (web/lib/learner/learner-train-client.js); `helper` false: no second core. */
  constructor(onEvent, { worker = null, helper = true } = {}) {
    this.worker = worker ?? new Worker(new URL('../workers/train-worker.js', import.meta.url), { type: 'module' });
    this.pending = new Map();
    this.nextId = 1;
    this.worker.onmessage = (event) => {
      const message = event.data;
      if (message.id === undefined) return onEvent(message);
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!waiter) return;
      if (message.ok) waiter.resolve(message.result);
      else waiter.reject(new AttnError(message.error.code, message.error.message));
    };
    this.cores = 1;
    if (helper && (globalThis.navigator?.hardwareConcurrency ?? 1) >= 2) {
      this.helper = new Worker(new URL('../workers/grad-worker.js', import.meta.url), { type: 'module' });
      const channel = new MessageChannel();
      this.helper.postMessage({ type: 'port', port: channel.port2 }, [channel.port2]);
      this.request('helper', { port: channel.port1 }, [channel.port1]);
      this.cores = 2;
    }
    this.worker.onerror = (event) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(event.message || 'The training worker failed.'));
      this.pending.clear();
    };
  }

  request(type, args = {}, transfer = []) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, type, ...args }, transfer);
    });
  }

  terminate() {
    this.worker.terminate();
    this.helper?.terminate();
    for (const waiter of this.pending.values()) waiter.reject(new Error('The training worker was stopped.'));
    this.pending.clear();
  }
}
