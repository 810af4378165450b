// model/js-attention.js — the model's forward pass with each block's attention computed by a
// JavaScript function of the tape's ops (the learner's, or builtin-attention.js) instead of the
// core's: one loop (embed; per block q, k, v → attention(ops, q, k, v) → the block's output),
// used by a training step, the validation loss and the attention maps.
//
// The function is (ops, q, k, v, { heads, layer }) → a (B, T, C) tensor, or { out, weights }
// with weights (B, H, T, T); the maps need the weights.

import { AttnError, Status } from '../errors.js';
import { Out } from '../out.js';
import { Tensor } from '../api/autograd.js';
import { drawBatch, readGradients, blendAndApplyGradients } from './gradient-steps.js';

/**
 * The forward pass over `b` windows of `t` tokens at `tokens` (a heap address) up to the last
 * block's output: { x } (its tape id), and with keepWeights each layer's attention weights
 * ({ weights: Float32Array(layers·heads·b·t·t) }). `context` names the caller in errors.
 */
function forwardWith(model, attention, tokens, b, t, { context, keepWeights = false }) {
  const { heap, tape } = model;
  const { layers, heads, dModel } = model.config;
  const weights = keepWeights ? new Float32Array(layers * heads * b * t * t) : null;
  tape.reset();
  let { x } = heap.call(context, 'attn_model_embed', Out.i32('x'), heap.pointer, tokens, b, t);
  for (let layer = 0; layer < layers; layer++) {
    const qkv = heap.call(context, 'attn_model_qkv', Out.i32('q'), Out.i32('k'), Out.i32('v'), heap.pointer, layer, x);
    const [q, k, v] = [qkv.q, qkv.k, qkv.v].map((id) => new Tensor(tape, id));
    const result = attention(tape.ops, q, k, v, { heads, layer });
    if (keepWeights) weights.set(attentionWeights(result, heads * b * t * t, [b, heads, t, t]).data, layer * heads * b * t * t);
    const out = attentionOutput(result, tape, [b, t, dModel]);
    ({ x } = heap.call(context, 'attn_model_block_out', Out.i32('x'), heap.pointer, layer, x, out.id));
  }
  return { x, weights };
}

/** The output tensor of an attention function's result, checked to be (B, T, C) on this tape. */
function attentionOutput(result, tape, shape) {
  const out = result instanceof Tensor ? result : result?.out;
  if (!(out instanceof Tensor) || out.tape !== tape) throw new AttnError(Status.TYPE, 'The attention function must return a tensor (or { out, weights }) made with ops.');
  const got = out.shape;
  if (got.length !== shape.length || got.some((size, i) => size !== shape[i])) {
    throw new AttnError(Status.SHAPE, `The attention function must return a (${shape.join(', ')}) tensor, but it returned (${got.join(', ')}).`);
  }
  return out;
}

/** The weights tensor of an attention function's result, which the maps need: `size` entries. */
function attentionWeights(result, size, shape) {
  const weights = result?.weights;
  if (!(weights instanceof Tensor)) throw new AttnError(Status.TYPE, 'To draw maps, the attention function must return { out, weights }, both tensors made with ops.');
  if (weights.size !== size) throw new AttnError(Status.SHAPE, `The attention weights must be (${shape.join(', ')}), but they are (${weights.shape.join(', ')}).`);
  return weights;
}

/**
 * One training step whose attention is `attention`: a batch, then, as attn_model_train does
 * (c/src/model_train.c), the gradients of its first ceil(B/2) windows and of the rest, blended
 * weighted by windows, and the update. The same bits as the C path. Returns the batch's mean loss.
 */
export function trainStepWith(model, attention) {
  const { batch } = model.config;
  drawBatch(model, 'train');
  const first = Math.ceil(batch / 2), second = batch - first;
  if (second === 0) {
    const loss = halfGradients(model, attention, 0, batch);
    model.heap.call('train', 'attn_model_update', 0, 0, model.heap.pointer);
    return loss;
  }
  const firstLoss = halfGradients(model, attention, 0, first);
  const firstGrads = readGradients(model);
  const secondLoss = halfGradients(model, attention, first, second);
  // The tape holds the second half's gradients now: second·them + first·the first half's.
  const a = first / batch, b = second / batch;
  blendAndApplyGradients(model, firstGrads, b, a);
  return a * firstLoss + b * secondLoss;
}

/** Forward and backward of windows [from, from + b) of the drawn batch; the gradients stay in the tape. Returns its loss. */
function halfGradients(model, attention, from, b) {
  const { heap, tape } = model;
  const { context } = model.config;
  const tokens = heap.address('tokens') + Int32Array.BYTES_PER_ELEMENT * from * context;
  const { x } = forwardWith(model, attention, tokens, b, context, { context: 'train' });
  const { logits } = heap.call('train', 'attn_model_head', Out.i32('logits'), heap.pointer, x);
  const targets = heap.read('targets', Int32Array, (from + b) * context).subarray(from * context);
  const loss = tape.crossEntropy(new Tensor(tape, logits), targets);
  tape.zeroGrad();
  tape.backward(loss);
  return loss.data[0];
}

/**
 * The validation loss (nats per character) with `attention`: the windows attn_model_evaluate
 * scores (up to `maxWindows` consecutive windows of `context` ids from the start of the
 * validation text, `batch` at a time), each run forward through `attention` and scored by the
 * tape's cross-entropy against the next character. No gradient, no update.
 */
export function evaluateWith(model, attention, maxWindows) {
  const { heap, tape } = model;
  const { batch, context: t } = model.config;
  const n = model.dataLengths.val;
  if (n < t + 1) throw new AttnError(Status.ARGUMENT, `The validation text (${n} characters) is shorter than one window of context + 1 = ${t + 1} characters.`);
  const windows = Math.min(Math.floor((n - 1) / t), maxWindows);
  const val = heap.read('val', Int32Array, windows * t + 1);
  let total = 0;
  for (let w0 = 0; w0 < windows; w0 += batch) {
    const b = Math.min(batch, windows - w0);
    heap.write('tokens', val.subarray(w0 * t, (w0 + b) * t));
    const { x } = forwardWith(model, attention, heap.address('tokens'), b, t, { context: 'evaluate' });
    const { logits } = heap.call('evaluate', 'attn_model_head', Out.i32('logits'), heap.pointer, x);
    total += tape.crossEntropy(new Tensor(tape, logits), val.subarray(w0 * t + 1, (w0 + b) * t + 1)).data[0] * b;
  }
  return total / windows;
}

/** The attention maps of one probe (ids) through `attention`: { layers, heads, t, weights (layers·heads·t·t) }. */
export function mapsWith(model, attention, ids) {
  const { layers, heads } = model.config, t = ids.length;
  const { weights } = model.core.run((scope) => forwardWith(model, attention, scope.i32(ids), 1, t, { context: 'attentionMaps', keepWeights: true }));
  return { layers, heads, t, weights };
}
