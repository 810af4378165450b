// data-parallel.js — one training step split across two workers: this worker's model takes the
// first half of the batch, a helper (web/workers/grad-worker.js, over a MessagePort and the lab's
// channel, web/lib/channel.js) the second; their gradients are averaged, weighted by rows, and
// this model makes the one optimiser step. The same halves and the same blend as a step of
// attn_model_train on one worker (c/src/model_train.c), so the same bits. This worker's gradients stay in its core and the
// helper's are blended into them there (attn_model_blend_grads): of the step's work on one core
// only, the parameters' copy out, the blend and AdamW remain. Parameters go to the helper and gradients come back
// transferred, not copied: one copy of each per step, as over a bare port.
//
//   new DataParallel(port)                    the training worker's side
//   createHalfBatchHandlers({ loadCore })     the helper's side (web/workers/grad-worker.js):
//     model { bytes }                         a copy of the model (same configuration)
//     grads { params, steps, tokens, targets, b } → { loss, grads } of half a batch at these parameters

import { AttnError, Status } from '../errors.js';
import { Channel, transfer } from '../channel.js';
import { gradientsInPlace, blendAndApplyGradients } from './gradient-steps.js';

export class DataParallel {
  constructor(port) {
    this.helper = new Channel({
      name: 'second training worker', endpoint: port,
      reviveError: (wire) => new AttnError(wire.code, `The second worker failed: ${wire.message}`),
    });
  }

  /** Gives the helper a model of the same configuration (its parameters come with each step). */
  async adopt(model) {
    const bytes = model.save({ optimizer: false }); // the helper needs the weights, not the moments
    await this.helper.request('model', { bytes }, { transfer: [bytes.buffer] });
  }

  /** One step of `model` on a batch drawn by its own generator; returns the batch's mean loss. */
  async step(model) {
    const { batch, context } = model.config;
    const { tokens, targets } = model.sampleBatch();
    const mine = Math.ceil(batch / 2), theirs = batch - mine, rows = mine * context;
    const params = model.getParams();
    const reply = this.helper.request('grads', {
      params, steps: model.steps, b: theirs,
      tokens: tokens.slice(rows), targets: targets.slice(rows),
    }, { transfer: [params.buffer] });
    const loss = gradientsInPlace(model, tokens.slice(0, rows), targets.slice(0, rows), mine);
    const other = await reply;
    const a = mine / batch, b = theirs / batch;
    blendAndApplyGradients(model, other.grads, a, b);
    return a * loss + b * other.loss;
  }
}

/** The requests the helper answers; `loadCore()` gives its own core (one thread: it is the second core). */
export function createHalfBatchHandlers({ loadCore }) {
  let attn = null;
  let model = null;
  return {
    model: async ({ bytes }) => {
      attn ??= await loadCore();
      model?.dispose();
      model = attn.loadModel(new Uint8Array(bytes));
      return true;
    },
    grads: ({ params, steps, tokens, targets, b }) => {
      if (!model) throw new AttnError(Status.ARGUMENT, 'The second worker has no model yet.');
      model.setParams(params, steps);
      const { loss, grads } = model.computeGradients(tokens, targets, b);
      return transfer({ loss, grads }, [grads.buffer]);
    },
  };
}
