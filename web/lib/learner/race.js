// race.js — "Trains slowly and badly", measured: two models, the same configuration, seed, data
// and batches, one trained through the built-in attention (written with ops: the same numbers
// as the C path, op for op) and one through the learner's function, each in a learner's worker
// (web/workers/learner-worker.js) over the lab's one channel, side by side. The page's race
// (web/widgets/editor/race-panel.js) and the node test run this same code. DOM-free.
//
//   const race = new Race({ connect, source, steps, onProgress });  // connect(onEvent, onFatal) → a channel
//   const { losses, threads } = await race.run();   // losses: [built-in, yours], a Float32Array each;
//                                          // threads: [1, 1], each side on one core
//   race.cancel();                         // ends both workers; run() rejects with Cancelled
//   raceSummary(losses) → { builtin, mine, gap, aheadUntil, text }

import { Cancelled } from '../channel.js';
import { TEMPLATE } from './template.js';

/** The model both sides train: one head of d_head = 128 (the chapter's d_k = 128 example). */
export const RACE_MODEL = Object.freeze({ preset: 'small', layers: 2, heads: 1, dModel: 128, context: 64, batch: 8, lr: 2e-3, seed: 1 });
/** Steps each side trains. */
export const RACE_STEPS = 300;
/** The steps a race may be given (an <attn-editor>'s race-steps): enough for the last WINDOW's mean, few enough to wait for. */
export const RACE_LIMITS = Object.freeze({ min: 60, max: 1000 });
/** Steps each loss is averaged over (the training loss is noisy from batch to batch). */
export const WINDOW = 50;
/** A gap smaller than this (nats per character) is called a tie. */
export const TIE = 0.02;

export const SIDES = ['built-in', 'yours'];

export class Race {
  constructor({ connect, source, steps = RACE_STEPS, model = RACE_MODEL, onProgress = () => {} }) {
    this.sources = [TEMPLATE, source];
    this.steps = steps;
    this.model = model;
    this.onProgress = onProgress;
    this.losses = [[], []];
    this.threads = [0, 0]; // the most threads each side's progress reported
    this.done = [false, false];
    this.channels = SIDES.map((side, i) => connect((event) => this.#event(i, event), (message) => this.#fail(new Error(message))));
    this.settle = null;
  }

  /** Trains both sides to `steps`; resolves to { losses } or rejects with a sentence. */
  run() {
    const finished = new Promise((resolve, reject) => { this.settle = { resolve, reject }; });
    const begin = async () => {
      await Promise.all(this.channels.map(async (channel, i) => {
        // One thread each: the two sides are the two cores (on an isolated page each worker's
        // kernels would otherwise take two threads, four on two cores).
        await channel.request('parallel', { on: false });
        await channel.request('attention', { source: this.sources[i] });
        await channel.request('create', { options: this.model });
      }));
      await Promise.all(this.channels.map((channel) => channel.request('start', { untilStep: this.steps })));
    };
    begin().catch((error) => this.#fail(error));
    return finished.finally(() => this.#end());
  }

  cancel() {
    this.#fail(new Cancelled('The race was cancelled.'));
  }

  #event(i, event) {
    if (event?.type === 'progress') {
      for (const x of event.loss) this.losses[i].push(x);
      this.threads[i] = Math.max(this.threads[i], event.threads ?? 1);
      this.onProgress({ side: i, step: event.step, losses: this.losses });
    } else if (event?.type === 'stopped') {
      if (event.reason === 'error') {
        this.#fail(new Error(`${i === 1 ? 'Your function' : 'The built-in'} stopped training at step ${event.step}: ${event.error?.message ?? 'an error'}`));
        return;
      }
      this.done[i] = true;
      if (this.done.every(Boolean)) this.settle?.resolve({ losses: this.losses.map((l) => Float32Array.from(l)), threads: this.threads });
    }
  }

  #fail(error) {
    this.settle?.reject(error);
  }

  #end() {
    for (const channel of this.channels) channel.terminate();
  }
}

const mean = (a, from, to) => {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i];
  return s / (to - from);
};

/** The mean of the `window` steps ending at each step from `window` on: a smoothed curve. */
function smoothed(loss, window) {
  const out = [];
  for (let end = window; end <= loss.length; end++) out.push(mean(loss, end - window, end));
  return out;
}

const f3 = (x) => x.toFixed(3);

/**
 * What the two curves show: each side's loss over the last WINDOW steps, the gap (yours −
 * built-in), the last step at which yours was ahead (smoothed over WINDOW steps; null if never),
 * and a sentence.
 */
export function raceSummary([builtin, mine], window = WINDOW) {
  const steps = Math.min(builtin.length, mine.length);
  if (steps < window) return null;
  const b = mean(builtin, steps - window, steps), m = mean(mine, steps - window, steps);
  const gap = m - b;
  const sb = smoothed(builtin.subarray(0, steps), window), sm = smoothed(mine.subarray(0, steps), window);
  let aheadUntil = null;
  for (let i = 0; i < sb.length; i++) if (sm[i] < sb[i]) aheadUntil = i + window;
  const broken = mine.findIndex((x) => !Number.isFinite(x));
  if (broken >= 0) {
    return { builtin: b, mine: m, gap: Infinity, aheadUntil: null, steps,
      text: `Your function's training loss became ${mine[broken]} at step ${broken + 1}: training diverged, while the built-in's ended at ${f3(b)} nats per character (mean of the last ${window} steps).` };
  }
  const measured = `After ${steps} steps (same model, seed, data and batches), your function's training loss is ${f3(m)} nats per character against the built-in's ${f3(b)} (means of the last ${window} steps)`;
  let text;
  if (Math.abs(gap) < TIE) {
    text = `${measured}: within ${TIE} of each other. Your function trains like the built-in.`;
  } else if (gap > 0) {
    const ahead = aheadUntil === null ? 'It was behind all the way.'
      : `It was ahead until step ${aheadUntil}, then fell behind and stayed behind.`;
    text = `${measured}: ${f3(gap)} worse. ${ahead} No error was raised: a function that runs can still train badly. If you dropped 1/√d_head, the chapter's explanation is that scores √d_head times too large saturate the softmax, and the gradient through it vanishes.`;
  } else {
    text = `${measured}: ${f3(-gap)} lower than the built-in's. A loss lower than correct attention reaches is a reason for suspicion: run the causality check, since a function that sees the future scores better than any honest model.`;
  }
  return { builtin: b, mine: m, gap, aheadUntil, steps, text };
}
