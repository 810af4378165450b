// model/gradient-steps.js — one training step in pieces, the data-parallel API: draw a batch
// with the model's own generator, compute the gradients of part of it without an update, then
// take averaged gradients as the model's and make the one optimiser step. Two workers each take
// half a batch this way and train one model (data-parallel.js). The Model's sampleBatch,
// computeGradients and applyGradients methods call these after checking the model is usable.

import { AttnError, Status } from '../errors.js';
import { Out } from '../out.js';
import * as check from '../validate.js';
import { Tensor } from '../api/autograd.js';

/** Draws a batch of `batch` windows into the model's 'tokens' and 'targets' blocks (b·context ids each). */
export function drawBatch(model, context) {
  const { heap } = model;
  heap.call(context, 'attn_model_sample_batch', heap.address('tokens'), heap.address('targets'), heap.pointer, heap.address('train'), model.dataLengths.train);
}

/** A batch drawn by the model's own generator: { tokens, targets } (Int32Array each). */
export function sampleBatch(model) {
  drawBatch(model, 'sampleBatch');
  const count = model.config.batch * model.config.context;
  return { tokens: model.heap.read('tokens', Int32Array, count), targets: model.heap.read('targets', Int32Array, count) };
}

/**
 * Gradients of the mean loss on `b` windows (tokens and targets, b·context each), without an
 * update: { loss, grads: Float32Array(paramCount) }.
 */
export function computeGradients(model, tokens, targets, b) {
  const loss = gradientsInPlace(model, tokens, targets, b);
  return { loss, grads: readGradients(model) };
}

/** computeGradients without the copy: the gradients stay in the model's block; returns the loss. */
export function gradientsInPlace(model, tokens, targets, b) {
  const { heap, tape } = model;
  const { context, batch } = model.config;
  check.size('b', b, { max: batch });
  const count = b * context;
  const ids = (name, x) => {
    if (!(x instanceof Int32Array) || x.length !== count) throw new AttnError(Status.LENGTH, `${name} must be an Int32Array of b·context = ${count} ids.`);
    return check.ids(name, x, model.tokenizer.size);
  };
  heap.write('tokens', ids('tokens', tokens));
  heap.write('targets', ids('targets', targets));
  const { loss } = heap.call('computeGradients', 'attn_model_forward', Out.i32('loss'), 0, 0, heap.pointer, heap.address('tokens'), heap.address('targets'), b, context);
  const lossTensor = new Tensor(tape, loss);
  tape.zeroGrad();
  tape.backward(lossTensor);
  return lossTensor.data[0];
}

/** Takes `grads` (paramCount) as the gradient and makes one optimiser step (clip, schedule, AdamW). */
export function applyGradients(model, grads) {
  const { pointer, length } = gradientBlock(model);
  if (!(grads instanceof Float32Array) || grads.length !== length) throw new AttnError(Status.LENGTH, `grads must be a Float32Array of ${length} numbers.`);
  check.tensor('grads', grads, length);
  model.heap.write(pointer, grads);
  model.heap.call('applyGradients', 'attn_model_update', 0, 0, model.heap.pointer);
}

/**
 * The data-parallel step's end, in C: the model's own gradients (gradientsInPlace) become
 * ownWeight · theirs-here + otherWeight · `other` (another worker's gradients of its part of the
 * batch, from the same core: not checked again), then one optimiser step. Bit for bit what
 * blending in JS and applyGradients give (each entry in double, rounded once), without reading
 * the gradients out, scanning them, and writing them back.
 */
export function blendAndApplyGradients(model, other, ownWeight, otherWeight) {
  const { length } = gradientBlock(model);
  if (!(other instanceof Float32Array) || other.length !== length) throw new AttnError(Status.LENGTH, `grads must be a Float32Array of ${length} numbers.`);
  if (!Number.isFinite(ownWeight) || !Number.isFinite(otherWeight)) throw new AttnError(Status.ARGUMENT, `The two gradients' weights must be finite numbers, but they are ${ownWeight} and ${otherWeight}.`);
  const { heap } = model;
  heap.store('otherGrads', other);
  try {
    heap.call('blendGradients', 'attn_model_blend_grads', heap.pointer, heap.address('otherGrads'), ownWeight, otherWeight);
  } finally {
    heap.free('otherGrads');
  }
  heap.call('applyGradients', 'attn_model_update', 0, 0, heap.pointer);
}

/** A copy of every parameter's gradient (paramCount), laid out like the parameters. */
export function readGradients(model) {
  const { pointer, length } = gradientBlock(model);
  return model.heap.read(pointer, Float32Array, length);
}

/** Where every parameter's gradient lies: one block, laid out like the parameters. */
function gradientBlock(model) {
  const { count } = model.heap.call('params', 'attn_model_params', Out.ptr('params'), Out.i32('count'), model.heap.pointer);
  const { grad } = model.heap.call('grads', 'attn_tape_grad', Out.ptr('grad'), model.tape.heap.pointer, 0);
  return { pointer: grad, length: count };
}
