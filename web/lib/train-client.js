// train-client.js — the page's side of web/workers/train-worker.js: a Channel (./channel.js)
// whose requests are those of web/lib/model/training-session.js and whose events (progress,
// validation, stopped) go to `onEvent`. On a machine with two or more cores it also starts
// web/workers/grad-worker.js and joins the two by a MessageChannel, so training can split each
// batch across both cores (`cores` says how many it can use). A crash of either worker ends
// both; the next request starts them again (without a model: build or load one).

import { Channel } from './channel.js';
import { LabWorker as Worker } from './worker.js';

export class TrainClient extends Channel {
  #second = null;

  /**
   * `channel`: options for another worker with the same requests (web/lib/learner/
   * learner-train-client.js); `helper` false: no second core.
   */
  constructor(onEvent, { helper = true, channel = {} } = {}) {
    const cores = helper && (globalThis.navigator?.hardwareConcurrency ?? 1) >= 2 ? 2 : 1;
    super({
      name: 'training worker',
      start: () => new Worker(new URL('../workers/train-worker.js', import.meta.url), { type: 'module' }),
      onEvent,
      prepare: cores === 2 ? (call) => this.#joinSecondCore(call) : null,
      ...channel,
    });
    this.cores = cores;
  }

  /** Starts the second worker and hands each worker one end of a MessageChannel. */
  #joinSecondCore(call) {
    this.#second?.terminate();
    const second = new Channel({
      name: 'second training worker',
      start: () => new Worker(new URL('../workers/grad-worker.js', import.meta.url), { type: 'module' }),
      restarts: false,
      onFatal: (error) => this.#secondFailed(second, error),
    });
    this.#second = second;
    const { port1, port2 } = new MessageChannel();
    second.request('connect', { port: port2 }, { transfer: [port2] }).catch((error) => this.#secondFailed(second, error));
    return call('helper', { port: port1 }, [port1]);
  }

  /** The training worker would wait for a dead second worker forever: end both. */
  #secondFailed(second, error) {
    if (this.#second === second) this.terminate(error);
  }

  terminate(error) {
    const second = this.#second;
    this.#second = null;
    super.terminate(error);
    second?.terminate();
  }
}
