// model/patch.js — activation patching: which component's output carries the information that
// changes a prediction (c/src/patch.c). The model reads a clean prompt and a corrupted one of the
// same length; the metric is logit(good) − logit(bad) for the character after the last one. Each
// head's output (over 'heads'), or the residual stream leaving each block at each position (over
// 'positions'), is put from the clean run into the corrupted run in turn, and the core reports
// the share of the clean–corrupted gap it restores. The weights are never written.
//
//   model.patch({ clean, corrupted, metric: { good, bad }, over: 'heads' | 'positions', onProgress })
//     → { over, layers, heads, t, restored: Float32Array (L·H) or (L·T), clean, corrupted }
//       restored[l·H + h] or restored[l·T + p]; clean and corrupted are the two metrics.
// onProgress(done, total) is called after each layer.

import { AttnError, Status } from '../errors.js';
import { PatchOver } from '../abi.js';
import * as check from '../validate.js';

export const PATCH_OVER = Object.freeze(Object.keys(PatchOver));

function readPrompt(model, name, value) {
  if (typeof value !== 'string') throw new AttnError(Status.TYPE, `${name} must be text, but it is ${check.describe(value)}.`);
  const chars = Array.from(value);
  if (chars.length === 0) throw new AttnError(Status.LENGTH, `The ${name} prompt is empty: type at least one character.`);
  const { context } = model.config;
  if (chars.length > context) {
    throw new AttnError(Status.LENGTH, `The ${name} prompt has ${chars.length} characters, but this model reads at most ${context} (its context): shorten it by ${chars.length - context}.`);
  }
  return model.tokenizer.encode(value, `The ${name} prompt`);
}

function readCharacter(model, name, value) {
  if (typeof value !== 'string' || Array.from(value).length !== 1) {
    throw new AttnError(Status.TYPE, `${name} must be one character, but it is ${check.describe(value)}.`);
  }
  return model.tokenizer.encode(value, name)[0];
}

function readOver(over) {
  if (!PATCH_OVER.includes(over)) {
    throw new AttnError(Status.ARGUMENT, `over must be "heads" (each head's output patched) or "positions" (the residual stream at each layer and position), but it is ${check.describe(over)}.`);
  }
  return over;
}

/** The inputs, checked, with a sentence naming the field that is wrong. */
function readPatch(model, options) {
  const { clean, corrupted, metric, over = 'heads', onProgress } = check.options('patch', options);
  const cleanIds = readPrompt(model, 'clean', clean);
  const corruptedIds = readPrompt(model, 'corrupted', corrupted);
  if (cleanIds.length !== corruptedIds.length) {
    throw new AttnError(Status.LENGTH, `The corrupted prompt has ${corruptedIds.length} characters and the clean one ${cleanIds.length}: patching needs two prompts of the same length, position by position.`);
  }
  if (metric === null || typeof metric !== 'object') {
    throw new AttnError(Status.TYPE, `metric must be { good, bad } (two characters), but it is ${check.describe(metric)}.`);
  }
  const good = readCharacter(model, 'metric.good', metric.good);
  const bad = readCharacter(model, 'metric.bad', metric.bad);
  if (good === bad) {
    throw new AttnError(Status.ARGUMENT, `metric.bad is ${JSON.stringify(metric.bad)}, the same character as metric.good: the metric is the difference between the logits of two different characters.`);
  }
  check.callback('onProgress', onProgress);
  return { cleanIds, corruptedIds, good, bad, over: readOver(over), onProgress, metric };
}

export function patch(model, options) {
  const { cleanIds, corruptedIds, good, bad, over, onProgress, metric } = readPatch(model, options);
  const { layers, heads } = model.config;
  const t = cleanIds.length;
  const perLayer = over === 'heads' ? heads : t;
  const restored = new Float32Array(layers * perLayer);
  let metrics = null;
  model.core.run((scope) => {
    const cleanAt = scope.i32(cleanIds), corruptedAt = scope.i32(corruptedIds);
    const out = scope.f32Out(perLayer), metricsAt = scope.f64Out(2);
    for (let layer = 0; layer < layers; layer++) {
      const code = model.core.exports.attn_model_patch(out, metricsAt, model.heap.pointer, cleanAt, corruptedAt, t, good, bad, PatchOver[over], layer * perLayer, perLayer);
      metrics = scope.readF64(metricsAt, 2);
      if (code === Status.NO_GAP) {
        throw new AttnError(Status.NO_GAP, `The clean and corrupted prompts give the same metric, logit(${JSON.stringify(metric.good)}) − logit(${JSON.stringify(metric.bad)}) = ${metrics[0].toFixed(4)}: there is no gap for a patch to restore. Change the corrupted prompt where the prediction depends on it, or pick other characters.`);
      }
      model.core.check(code, 'patch');
      restored.set(scope.readF32(out, perLayer), layer * perLayer);
      onProgress?.(layer + 1, layers);
    }
  });
  return { over, layers, heads, t, restored, clean: metrics[0], corrupted: metrics[1] };
}
