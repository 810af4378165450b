// model/knockout.js — what a head does to the prediction: the validation loss with that head's
// output replaced, by zeros or by its mean output, computed by the core on the batches of
// evaluate() (c/src/knockout.c). The weights are never written: the replacement happens inside
// the forward pass. model.ablate() and model.ablateAll() call these.
//
//   model.ablate({ layer, head, mode: 'zero' | 'mean' })  → { layer, head, mode, loss, delta, baseline }
//   model.ablateAll({ mode, onProgress })                 → { mode, baseline, rows: [{ layer, head, loss, delta }] }
//                                                             rows sorted by delta, largest first
// Layers and heads count from 0.

import { AttnError, Status } from '../errors.js';
import { Out } from '../out.js';
import * as check from '../validate.js';

export const KNOCKOUT_MODES = Object.freeze(['zero', 'mean']);
/** Validation windows a knock-out averages over: evaluate()'s. */
export const KNOCKOUT_WINDOWS = 128;

function readMode(mode = 'zero') {
  if (!KNOCKOUT_MODES.includes(mode)) {
    throw new AttnError(Status.ARGUMENT, `mode must be "zero" (the head's output replaced by zeros) or "mean" (by its mean output), but it is ${check.describe(mode)}.`);
  }
  return mode;
}

/** A whole number in [0, count), or a sentence naming the model's size. */
function readIndex(name, value, count, plural) {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new AttnError(Status.TYPE, `${name} must be a whole number, but it is ${check.describe(value)}.`);
  if (value < 0 || value >= count) {
    throw new AttnError(Status.ARGUMENT, `There is no ${name} ${value}: this model has ${count} ${plural}, counted from 0 (0 to ${count - 1}).`);
  }
  return value;
}

function needData(model) {
  if (!model.hasData) throw new AttnError(Status.ARGUMENT, 'This model has no validation text to measure a knock-out on: load it with { text }.');
}

/** Every head's mean output over the validation windows, in a heap block 'headMeans' (L, H, D). */
function storeMeans(model) {
  const { heap } = model;
  heap.block('headMeans', 4 * model.config.layers * model.config.dModel);
  heap.call('ablate', 'attn_model_head_means', heap.address('headMeans'), heap.pointer, heap.address('val'), model.dataLengths.val, KNOCKOUT_WINDOWS);
}

/** The core's knock-out of one head, with the means stored (mode 'mean') or zeros. */
function knockOut(model, layer, head, mode) {
  const { heap } = model;
  const d = model.config.dModel / model.config.heads;
  const replacement = mode === 'mean' ? heap.address('headMeans') + 4 * (layer * model.config.heads + head) * d : 0;
  return heap.call('ablate', 'attn_model_knockout', Out.f64('loss'), Out.f64('delta'), heap.pointer, heap.address('val'), model.dataLengths.val, KNOCKOUT_WINDOWS, layer, head, replacement);
}

export function ablate(model, options) {
  const o = check.options('ablate', options);
  const { layers, heads } = model.config;
  const layer = readIndex('layer', o.layer, layers, layers === 1 ? 'layer' : 'layers');
  const head = readIndex('head', o.head, heads, heads === 1 ? 'head' : 'heads');
  const mode = readMode(o.mode);
  needData(model);
  try {
    if (mode === 'mean') storeMeans(model);
    const { loss, delta } = knockOut(model, layer, head, mode);
    return { layer, head, mode, loss, delta, baseline: model.evaluate() };
  } finally {
    model.heap.free('headMeans');
  }
}

export function ablateAll(model, options) {
  const { mode: given, onProgress } = check.options('ablateAll', options);
  const mode = readMode(given);
  check.callback('onProgress', onProgress);
  needData(model);
  const { layers, heads } = model.config;
  try {
    if (mode === 'mean') storeMeans(model);
    const rows = [];
    for (let layer = 0; layer < layers; layer++) {
      for (let head = 0; head < heads; head++) {
        rows.push({ layer, head, ...knockOut(model, layer, head, mode) });
        onProgress?.(rows.length, layers * heads);
      }
    }
    rows.sort((a, b) => b.delta - a.delta || a.layer - b.layer || a.head - b.head);
    return { mode, baseline: model.evaluate(), rows };
  } finally {
    model.heap.free('headMeans');
  }
}
