// translation-runs.js — the page's side of web/workers/translation-worker.js for one model: one
// training run at a time over the lab's channel (web/lib/channel.js), each checkpoint passed on
// as it arrives; a new run or cancel() stops the old one (the channel ends the worker; the next
// run starts a fresh one). <attn-translation> holds two, one per model, so both train at once.

import { Channel, Cancelled } from '../../lib/channel.js';
import { LabWorker as Worker } from '../../lib/worker.js';
import { LatestRun } from '../../lib/latest-run.js';

export { Cancelled }; // the rejection of a stopped run

/** Train's settings: the steps each model trains and the steps between measurements (the
 *  widget's attributes steps and eval-every), and the defaults the recorded run used. */
export const TRAIN_STEPS = Object.freeze({ min: 10, max: 3000, fallback: 1500 });
export const TRAIN_EVAL_EVERY = Object.freeze({ min: 5, max: 1000, fallback: 150 });

export class TranslationRuns extends LatestRun {
  constructor(kind) {
    super(new Channel({
      name: `translation worker (${kind})`,
      start: () => new Worker(new URL('../../workers/translation-worker.js', import.meta.url), { type: 'module' }),
    }));
    this.kind = kind;
  }

  /** Trains { steps, evalEvery, seed }; onCheckpoint({ checkpoint, lengths, sentence }) after each measurement.
   *  Resolves with the run's record; rejects with Cancelled when stopped. */
  run(options, onCheckpoint = () => {}) {
    return this.start((signal, channel) => channel.request('train', { kind: this.kind, ...options }, { signal, onProgress: onCheckpoint }));
  }
}
