// train-worker.js — trains the lab's character transformer off the page's thread, so the page
// never freezes. It loads the C core with the same web/lib/attn.js as the page.
//
// Requests (postMessage { id, type, ... }), each answered by { id, ok, result } or
// { id, ok: false, error: { code, message } }:
//   create { options }     a new model (the current one is kept if this fails)
//   load { bytes }         a saved model (likewise)
//   start { untilStep }    train in chunks until paused or untilStep; progress is posted
//   pause                  stop after the current chunk; answers the step and validation loss
//   probe { text }         attention maps (every layer and head) on a probe text
//   sample { prompt, length, temperature, seed }
//   save                   the weights file (Uint8Array)
// Progress events: { type: 'progress', step, loss: Float32Array, tokensPerSecond,
// stepsPerSecond }, { type: 'validation', step, loss }, { type: 'stopped', step, reason }.

import { loadAttn } from '../lib/attn.js';

const EVAL_EVERY = 50;        // steps between validation losses
const CHUNK_SECONDS = 0.15;   // how long one chunk of steps may run before the worker listens again

let attn = null;
let model = null;
let running = false;
let untilStep = Infinity;
let chunk = 2;

function describe(model) {
  return {
    config: model.config,
    vocab: model.vocab,
    steps: model.steps,
    paramCount: model.paramCount,
    baselines: model.baselines,
    hasData: model.hasData,
    valLoss: model.hasData ? model.evaluate() : null,
  };
}

function replace(next) {
  running = false;
  model?.dispose();
  model = next;
  return describe(model);
}

function tick() {
  if (!running || !model) return;
  try {
    const step = model.steps;
    const steps = Math.max(1, Math.min(chunk, untilStep - step));
    const result = model.train(steps);
    // Aim each chunk at CHUNK_SECONDS so pause and probes answer quickly.
    chunk = Math.max(1, Math.min(64, Math.round(steps * CHUNK_SECONDS / Math.max(result.seconds, 1e-3))));
    postMessage({ type: 'progress', step: model.steps, loss: result.loss, tokensPerSecond: result.tokensPerSecond, stepsPerSecond: result.stepsPerSecond });
    const before = Math.floor(step / EVAL_EVERY), after = Math.floor(model.steps / EVAL_EVERY);
    if (after > before || model.steps >= untilStep) postMessage({ type: 'validation', step: model.steps, loss: model.evaluate() });
    if (model.steps >= untilStep) {
      running = false;
      postMessage({ type: 'stopped', step: model.steps, reason: 'done' });
      return;
    }
  } catch (error) {
    running = false;
    postMessage({ type: 'stopped', step: model?.steps ?? 0, reason: 'error', error: { code: error.code, message: error.message } });
    return;
  }
  setTimeout(tick, 0);
}

const HANDLERS = {
  create: ({ options }) => replace(attn.createModel(options)),
  load: ({ bytes, text }) => replace(attn.loadModel(new Uint8Array(bytes), text === undefined ? {} : { text })),
  info: () => (model ? describe(model) : null),
  start: ({ untilStep: until = Infinity }) => {
    if (!model) throw Object.assign(new Error('Build a model first.'), { code: 5 });
    if (!model.hasData) throw Object.assign(new Error('This model has no text to train on: build a new model or load one trained on the default corpus.'), { code: 5 });
    untilStep = until;
    if (!running) {
      running = true;
      setTimeout(tick, 0);
    }
    return { step: model.steps };
  },
  pause: () => {
    running = false;
    return { step: model.steps, valLoss: model.hasData ? model.evaluate() : null };
  },
  probe: ({ text }) => model.attentionMaps(text),
  sample: (options) => model.sample(options),
  save: () => model.save(),
};

self.onmessage = async (event) => {
  const { id, type, ...args } = event.data;
  try {
    attn ??= await loadAttn();
    if (!HANDLERS[type]) throw new Error(`Unknown request ${type}.`);
    if (!model && !['create', 'load', 'info'].includes(type)) throw Object.assign(new Error('Build a model first.'), { code: 5 });
    const result = HANDLERS[type](args);
    postMessage({ id, ok: true, result });
  } catch (error) {
    postMessage({ id, ok: false, error: { code: error.code ?? 0, message: error.message } });
  }
};
