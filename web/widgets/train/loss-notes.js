// loss-notes.js — the losses <attn-train> has drawn since it adopted a model, and the note that
// explains them when the curves do something a learner would not expect. No DOM: node tests
// feed it curves.
//
//   const history = new LossHistory();
//   history.addTrain([[step, loss], …]);  history.addValidation(step, loss);  history.hasValidation(step);
//   history.note({ floor, learner })     // → { kind: 'peeking' | 'overfitting', title, text } or null
//
// Two things need explaining:
//   peeking      a loss below the corpus floor: the floor is the loss of a model that knows exactly
//                how the text was generated but sees only the past, so no honest model gets under
//                it. The validation loss (measured through the attention training uses, on text the
//                model never trained on) below it, or, with the learner's attention, the recent
//                training loss below it, means the attention lets positions read the future.
//   overfitting  the validation loss risen from its best (twice in a row) while the training loss
//                keeps falling: the gap between them grows, because the model is memorising its
//                training text.

import { fixed } from '../../ui/format.js';

/** How far below the floor (nats per character) a loss must be to count: well past the noise of
 *  a 128-window validation estimate and of a 50-step mean of batch losses. */
export const BELOW_FLOOR = 0.05;
/** Overfitting: the last two validation losses (so one noisy measurement is not enough) at least
 *  RISE above the best before them, the gap at least GAP_GROWTH wider than at the best, and at
 *  least MIN_GAP wide. */
export const RISE = 0.03;
export const GAP_GROWTH = 0.05;
export const MIN_GAP = 0.1;
/** Steps the recent training loss averages over (the steps between validation losses). */
export const WINDOW = 50;

export class LossHistory {
  constructor() {
    this.reset();
  }

  reset() {
    this.train = [];      // [step, loss], in step order
    this.validation = []; // [step, loss], in step order
  }

  addTrain(points) {
    for (const [step, loss] of points) this.train.push([step, loss]);
  }

  addValidation(step, loss) {
    this.validation.push([step, loss]);
  }

  /** True when a validation loss at `step` is kept. */
  hasValidation(step) {
    return this.validation.some(([s]) => s === step);
  }

  /** The mean training loss of the WINDOW steps up to `step` (null when there are none). */
  recentTrain(step) {
    let sum = 0, count = 0;
    for (let i = this.train.length - 1; i >= 0; i--) {
      const [s, loss] = this.train[i];
      if (s > step) continue;
      if (s <= step - WINDOW) break;
      sum += loss;
      count += 1;
    }
    return count ? sum / count : null;
  }

  /** The note the curves call for now, or null. `floor` may be null (a learner's own text);
   *  `learner` is true while training runs the learner's attention function. */
  note({ floor = null, learner = false } = {}) {
    return this.#peeking(floor, learner) ?? this.#overfitting();
  }

  #peeking(floor, learner) {
    if (floor === null || floor === undefined) return null;
    const last = this.validation.at(-1);
    const lastTrain = this.train.at(-1);
    const recent = lastTrain ? this.recentTrain(lastTrain[0]) : null;
    const valBelow = last && last[1] < floor - BELOW_FLOOR;
    const trainBelow = learner && recent !== null && recent < floor - BELOW_FLOOR;
    if (!valBelow && !trainBelow) return null;
    const measured = valBelow
      ? `The validation loss (${fixed(last[1], 3)} at step ${last[0]}, on text the model never trained on) is below the corpus floor (${fixed(floor, 3)})`
      : `The training loss (${fixed(recent, 3)} over the last ${WINDOW} steps) is below the corpus floor (${fixed(floor, 3)})`;
    return {
      kind: 'peeking',
      title: 'Peeking',
      text: `${measured}. The floor is the loss of a model that knows exactly how the text was generated but sees only the past: no honest model gets under it. `
        + `${learner ? 'Your attention' : 'The attention'} must let positions see the future, so the model reads the very character it is asked to predict. `
        + 'Run the causality check in the editor. The samples (drawn again at each pause) see only the past, as generating text must: they show how little such a model learned about predicting it.',
    };
  }

  #overfitting() {
    if (this.validation.length < 3) return null;
    const [previous, last] = this.validation.slice(-2);
    const best = this.validation.slice(0, -2).reduce((a, b) => (b[1] < a[1] ? b : a));
    if (!(previous[1] > best[1] + RISE && last[1] > best[1] + RISE)) return null;
    const trainNow = this.recentTrain(last[0]), trainAtBest = this.recentTrain(best[0]);
    if (trainNow === null || trainAtBest === null) return null;
    const gapNow = last[1] - trainNow, gapAtBest = best[1] - trainAtBest;
    if (!(gapNow > gapAtBest + GAP_GROWTH && gapNow > MIN_GAP)) return null;
    return {
      kind: 'overfitting',
      title: 'Overfitting',
      text: `The validation loss has risen from ${fixed(best[1], 3)} (step ${best[0]}) to ${fixed(last[1], 3)} (step ${last[0]}) while the training loss fell to ${fixed(trainNow, 3)}, `
        + `so the gap between them grew from ${fixed(gapAtBest, 3)} to ${fixed(gapNow, 3)}. The model is memorising its training text: what it learns now no longer carries over `
        + 'to text it has not seen. A longer text, a smaller model or stopping at the best validation loss helps.',
    };
  }
}
