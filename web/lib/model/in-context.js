// model/in-context.js — how much a model gains from what it has already read: its validation loss
// by position in the context (the core's attn_model_position_loss, on evaluate()'s windows) and the
// in-context learning score of Olsson et al. (2022), the mean loss late in the context minus the
// mean loss early in it. Negative: the model predicts better once it has read more. model.positionLoss()
// calls positionLoss; inContextScore is plain arithmetic on its result.
//
//   model.positionLoss()          → Float64Array(context): loss[p], nats, of the prediction made at position p
//   inContextScore(lossByPosition) → { score, early, late, earlyPositions: [a, b), latePositions: [c, d) }

import { AttnError, Status } from '../errors.js';
import { Out } from '../out.js';

/** Validation windows the loss by position averages over: evaluate()'s. */
export const POSITION_LOSS_WINDOWS = 128;
/** The share of the context at each end that the in-context score compares: its first and last quarter. */
export const IN_CONTEXT_SHARE = 0.25;

export function positionLoss(model) {
  if (!model.hasData) throw new AttnError(Status.ARGUMENT, 'This model has no validation text to measure its loss by position on: load it with { text }.');
  const { heap } = model;
  const t = model.config.context;
  return heap.call('positionLoss', 'attn_model_position_loss', Out.f64('loss', t), heap.pointer, heap.address('val'), model.dataLengths.val, POSITION_LOSS_WINDOWS).loss;
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * The in-context learning score of a loss by position (T values, T ≥ 4): the mean over the last
 * quarter of the positions minus the mean over the first quarter (⌊T/4⌋ positions each).
 */
export function inContextScore(lossByPosition) {
  const isArrayLike = Array.isArray(lossByPosition) || ArrayBuffer.isView(lossByPosition);
  if (!isArrayLike) throw new AttnError(Status.TYPE, 'The loss by position must be an array of numbers, one per position of the context.');
  const t = lossByPosition.length;
  if (t < 4) throw new AttnError(Status.LENGTH, `The in-context score compares the first and the last quarter of the context: it needs at least 4 positions, but there are ${t}.`);
  const values = Array.from(lossByPosition);
  const bad = values.findIndex((x) => !Number.isFinite(x));
  if (bad >= 0) throw new AttnError(Status.VALUE, `The loss at position ${bad} is ${values[bad]}, not a number the score can use.`);
  const k = Math.floor(t * IN_CONTEXT_SHARE);
  const early = mean(values.slice(0, k)), late = mean(values.slice(t - k));
  return { score: late - early, early, late, earlyPositions: [0, k], latePositions: [t - k, t] };
}
