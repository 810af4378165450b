// api/model.js — attn.createModel / attn.loadModel / attn.defaultCorpus: a character-level
// transformer trained by the C core.
//
//   const model = attn.createModel({ text, layers, heads, dModel, context, batch, lr, seed });
//   model.train(steps)        → { loss: Float32Array(steps), tokensPerSecond, stepsPerSecond }
//   model.evaluate()          → validation loss, nats per character
//   model.attentionMaps(text) → { layers, heads, t, weights: Float32Array(layers·heads·t·t), chars }
//   model.sample({ prompt, length, temperature, seed }) → string
//   model.save()              → Uint8Array;   attn.loadModel(bytes, { text }) → model
//   model.dispose()
//
// train(steps, { attention }) runs each step's attention through a JS function of the tape's
// ops (see ../model/builtin-attention.js) instead of the C path.

import { AttnError, Status } from '../errors.js';
import * as check from '../validate.js';
import { Tape, Tensor } from './autograd.js';
import { CharTokenizer } from '../model/tokenizer.js';
import { encodeCheckpoint, decodeCheckpoint } from '../model/checkpoint.js';
import { PRESETS, DEFAULT_CORPUS } from '../model/presets.js';

export const MAX_TEXT_CHARS = 5 * 1024 * 1024;
const EVAL_WINDOWS = 128;
// Version 2 adds the optimiser's state (AdamW's moments, the batch sampler's generator); version 1
// files still load, with fresh moments.
const CHECKPOINT_VERSION = 2;
const READABLE_VERSIONS = [1, 2];
const MAX_LOADED_STEPS = 1e9;

/** attn.defaultCorpus({ length, seed }) → { text, entropy } (entropy: nats per character). */
export function defaultCorpus(core, { length = DEFAULT_CORPUS.length, seed = DEFAULT_CORPUS.seed } = {}) {
  check.size('length', length, { max: MAX_TEXT_CHARS });
  check.size('seed', seed, { min: 0, max: 2 ** 32 - 1 });
  return core.run((scope) => {
    const text = scope.alloc(length + 1);
    const entropy = scope.alloc(8);
    core.check(core.exports.attn_corpus_generate(text, entropy, length, seed), 'defaultCorpus');
    const bytes = new Uint8Array(core.memory.buffer, text, length).slice();
    return { text: new TextDecoder().decode(bytes), entropy: scope.readF64(entropy, 1)[0] };
  });
}

/** The C core refuses models above 1.5e9 bytes (c/src/model.c, MODEL_MAX_BYTES). */
const MAX_MODEL_MIB = 1430;

/** Bytes a model needs to train, by the same count as c/src/model.c (a 64-character vocabulary). */
function estimateBytes({ layers: l, heads: h, dModel: c, context: t, batch: b }, v = 64) {
  const params = v * c + t * c + 2 * c + c * v + v + l * (12 * c * c + 13 * c);
  const activations = b * t * (l * (20 * c + 4 * h * t + 2) + 4 * c + 2 * v + 4);
  return 4 * (4 * params + 2 * activations);
}

/** Floats in a model's parameter block, in c/src/model.c's order; the tape pads each tensor to 4 floats. */
function paramCount({ layers: l, dModel: c, context: t }, v) {
  const r = (n) => Math.ceil(n / 4) * 4;
  const block = 9 * r(c) + 4 * r(c * c) + 2 * r(4 * c * c) + r(4 * c);
  return r(v * c) + r(t * c) + l * block + 2 * r(c) + r(c * v) + r(v);
}

function readConfig(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new AttnError(Status.TYPE, `The model's options must be an object such as { layers: 2, heads: 4 }, but they are ${check.describe(options)}.`);
  }
  const preset = options.preset === undefined ? PRESETS.small : (Object.hasOwn(PRESETS, options.preset) ? PRESETS[options.preset] : null);
  if (!preset) throw new AttnError(Status.ARGUMENT, `preset must be one of ${Object.keys(PRESETS).join(', ')}, but it is ${check.describe(options.preset)}.`);
  const pick = (name) => (options[name] === undefined ? preset[name] : options[name]);
  const config = {
    layers: check.size('layers', pick('layers'), { max: 64 }),
    heads: check.size('heads', pick('heads'), { max: 64 }),
    dModel: check.size('dModel', pick('dModel'), { max: 4096 }),
    context: check.size('context', pick('context'), { min: 2, max: 4096 }),
    batch: check.size('batch', pick('batch'), { max: 1024 }),
    lr: pick('lr'),
    seed: check.size('seed', pick('seed'), { min: 0, max: 2 ** 32 - 1 }),
  };
  if (typeof config.lr !== 'number' || !(config.lr > 0 && config.lr < 1)) {
    throw new AttnError(Status.ARGUMENT, `lr (the learning rate) must be a number between 0 and 1, but it is ${check.describe(config.lr)}.`);
  }
  const mib = estimateBytes(config) / 2 ** 20;
  if (mib > MAX_MODEL_MIB) {
    throw new AttnError(Status.MEMORY, `This model would need about ${Math.round(mib).toLocaleString('en')} MiB to train, more than the ${MAX_MODEL_MIB.toLocaleString('en')} MiB the lab allows: make it smaller (fewer layers, a smaller d_model, context or batch).`);
  }
  if (config.dModel % config.heads !== 0) {
    throw new AttnError(Status.SHAPE, `dModel (${config.dModel}) must be divisible by heads (${config.heads}): each head gets dModel / heads dimensions.`);
  }
  return config;
}

/** Splits a text 90/10 into training and validation ids, or explains why it cannot be used. */
function prepareText(text, context, tokenizer) {
  if (typeof text !== 'string') throw new AttnError(Status.TYPE, `text must be a string, but it is ${check.describe(text)}.`);
  if (text.length === 0) throw new AttnError(Status.LENGTH, 'The text is empty: paste or load some text to train on.');
  if (text.length > MAX_TEXT_CHARS) throw new AttnError(Status.LENGTH, `The text is too long (${text.length} characters; at most ${MAX_TEXT_CHARS}).`);
  tokenizer ??= CharTokenizer.fromText(text);
  if (tokenizer.size < 2) throw new AttnError(Status.VALUE, `The text has only one distinct character (${JSON.stringify(tokenizer.vocab[0])}): there is nothing to predict.`);
  const ids = tokenizer.encode(text);
  const split = Math.floor(ids.length * 0.9);
  const need = context + 1;
  if (ids.length - split < need) {
    throw new AttnError(Status.LENGTH, `The text is too short for a context of ${context}: its validation tenth has ${ids.length - split} characters and needs at least ${need} (so the text needs about ${need * 10}).`);
  }
  return { tokenizer, train: ids.subarray(0, split), val: ids.subarray(split) };
}

export function createModel(core, options = {}) {
  const config = readConfig(options);
  const corpus = options.text === undefined ? { kind: 'default', ...DEFAULT_CORPUS } : { kind: 'text' };
  let entropy = null;
  let text = options.text;
  if (text === undefined) ({ text, entropy } = defaultCorpus(core, DEFAULT_CORPUS));
  const data = prepareText(text, config.context);
  const model = new Model(core, config, data.tokenizer, corpus);
  try {
    model.setData(data, entropy);
  } catch (error) {
    model.dispose();
    throw error;
  }
  return model;
}

/** attn.loadModel(bytes, { text }) — a saved model; `text` (optional) gives it data to train and evaluate on. */
export function loadModel(core, bytes, options) {
  let { text } = check.options('loadModel', options);
  const { header, params, moments } = decodeCheckpoint(bytes);
  if (!READABLE_VERSIONS.includes(header.version)) {
    const has = header.version === undefined ? 'has no version number' : `has version ${check.describe(header.version)}`;
    throw new AttnError(Status.FORMAT, `This weights file ${has}; this lab reads versions ${READABLE_VERSIONS.join(' and ')}.`);
  }
  let config;
  try {
    config = readConfig(header.config);
  } catch (error) {
    throw new AttnError(Status.FORMAT, `This weights file describes a model this lab cannot build: ${error.message}`);
  }
  const vocab = header.vocab;
  if (vocab.length < 2 || new Set(vocab).size !== vocab.length || !vocab.every((c) => typeof c === 'string' && Array.from(c).length === 1)) {
    throw new AttnError(Status.FORMAT, 'This weights file cannot be used: its vocabulary is not a list of distinct characters.');
  }
  // Checked before the model is built, so a damaged header cannot make the lab allocate a model
  // of up to MAX_MODEL_MIB only to find that the weights do not fit it.
  const needed = paramCount(config, vocab.length);
  if (needed !== params.length) {
    throw new AttnError(Status.FORMAT, `This weights file holds ${params.length} weights, but its model needs ${needed}.`);
  }
  // A billion steps is far past any run in the lab, and leaves the core's int count room to grow.
  const steps = header.steps ?? 0;
  if (!Number.isInteger(steps) || steps < 0 || steps > MAX_LOADED_STEPS) {
    throw new AttnError(Status.FORMAT, `This weights file cannot be used: its count of training steps is ${check.describe(steps)}, not a whole number from 0 to ${MAX_LOADED_STEPS.toLocaleString('en')}.`);
  }
  const tokenizer = new CharTokenizer(vocab);
  const corpus = header.corpus;
  if (corpus?.kind === 'default') {
    try {
      check.size('length', corpus.length, { max: MAX_TEXT_CHARS });
      check.size('seed', corpus.seed, { min: 0, max: 2 ** 32 - 1 });
    } catch (error) {
      throw new AttnError(Status.FORMAT, `This weights file describes its training text wrongly: ${error.message}`);
    }
  }
  const model = new Model(core, config, tokenizer, header.corpus ?? { kind: 'text' });
  try {
    if (model.paramCount !== params.length) {
      throw new AttnError(Status.FORMAT, `This weights file holds ${params.length} weights, but its model needs ${model.paramCount}.`);
    }
    model.setParams(params, steps);
    if (moments) {
      try {
        model.setOptimizerState({ ...moments, rng: header.optimizer.rng });
      } catch (error) {
        throw new AttnError(Status.FORMAT, error.message.replace('This optimizer state', 'This weights file'));
      }
    }
    let entropy = null;
    if (text === undefined && header.corpus?.kind === 'default') {
      ({ text, entropy } = defaultCorpus(core, header.corpus));
    }
    if (text !== undefined) model.setData(prepareText(text, config.context, tokenizer), entropy);
  } catch (error) {
    model.dispose();
    throw error;
  }
  return model;
}

class Model {
  constructor(core, config, tokenizer, corpus) {
    this.core = core;
    this.config = Object.freeze({ ...config });
    this.tokenizer = tokenizer;
    this.corpus = corpus;
    this.pointers = [];
    this.scratch = this.#malloc(64);
    const { layers, heads, dModel, context, batch, seed, lr } = config;
    core.check(core.exports.attn_model_create(this.scratch, tokenizer.size, layers, heads, dModel, context, batch, seed), 'createModel');
    this.handle = this.#int(0);
    core.check(core.exports.attn_model_set_training(this.handle, lr, lr / 10, 20, 2000, 0.1, 1.0), 'createModel');
    core.check(core.exports.attn_model_tape(this.scratch, this.handle), 'createModel');
    this.tape = new Tape(core, this.#int(0), false);
    this.batchTokens = this.#malloc(4 * batch * context);
    this.batchTargets = this.#malloc(4 * batch * context);
    this.baselines = { unigram: null, floor: null };
  }

  #malloc(bytes) {
    const pointer = this.core.exports.malloc(bytes);
    if (!pointer) throw new AttnError(Status.MEMORY, `Not enough memory for this model (${(bytes / 2 ** 20).toFixed(1)} MiB more asked for).`);
    this.pointers.push(pointer);
    return pointer;
  }

  #int(i) { return new Int32Array(this.core.memory.buffer, this.scratch, 16)[i]; }

  #live() {
    if (!this.handle) throw new AttnError(Status.ARGUMENT, 'This model has been disposed.');
  }

  /** Copies the token ids into the heap for the model's life (replacing earlier ones); sets the baselines. */
  setData(data, floor = null) {
    this.#live();
    if (data === null || typeof data !== 'object') {
      throw new AttnError(Status.TYPE, `data must be { train, val } (two arrays of token ids), but it is ${check.describe(data)}.`);
    }
    const need = this.config.context + 1;
    const train = check.ids('train', data.train, this.tokenizer.size);
    const val = check.ids('val', data.val, this.tokenizer.size);
    for (const [name, ids] of [['train', train], ['val', val]]) {
      if (ids.length < need) throw new AttnError(Status.LENGTH, `${name} must hold at least context + 1 = ${need} ids, but it holds ${ids.length}.`);
    }
    if (this.train_) { this.#free(this.train_.pointer); this.#free(this.val_.pointer); this.train_ = this.val_ = null; }
    const copy = (ids) => {
      const pointer = this.#malloc(ids.length * 4);
      new Int32Array(this.core.memory.buffer, pointer, ids.length).set(ids);
      return { pointer, length: ids.length };
    };
    this.train_ = copy(train);
    this.val_ = copy(val);
    const nats = this.scratch + 8;
    this.core.check(this.core.exports.attn_unigram_entropy(nats, this.train_.pointer, this.train_.length, this.tokenizer.size), 'unigram');
    this.baselines = { unigram: new Float64Array(this.core.memory.buffer, nats, 1)[0], floor };
  }

  get hasData() { return Boolean(this.train_); }

  #needData() {
    if (!this.train_) throw new AttnError(Status.ARGUMENT, 'This model has no text to train or evaluate on: load it with { text }.');
  }

  get paramCount() {
    this.#live();
    this.core.check(this.core.exports.attn_model_params(this.scratch, this.scratch + 4, this.handle), 'params');
    return this.#int(1);
  }

  get steps() {
    this.#live();
    this.core.check(this.core.exports.attn_model_info(this.scratch, this.handle), 'info');
    return this.#int(6);
  }

  get vocab() { return this.tokenizer.vocab; }

  /** A copy of every parameter, one block. */
  getParams() {
    this.#live();
    this.core.check(this.core.exports.attn_model_params(this.scratch, this.scratch + 4, this.handle), 'params');
    const pointer = this.#int(0), count = this.#int(1);
    return new Float32Array(this.core.memory.buffer, pointer, count).slice();
  }

  setParams(values, steps = 0) {
    this.#live();
    const isArrayLike = Array.isArray(values) || (ArrayBuffer.isView(values) && !(values instanceof DataView));
    if (!isArrayLike) throw new AttnError(Status.TYPE, `weights must be a Float32Array (the model's parameters), but they are ${check.describe(values)}.`);
    check.size('steps', steps, { min: 0 });
    this.core.check(this.core.exports.attn_model_params(this.scratch, this.scratch + 4, this.handle), 'params');
    const pointer = this.#int(0), count = this.#int(1);
    if (values.length !== count) throw new AttnError(Status.FORMAT, `Expected ${count} weights, got ${values.length}.`);
    for (let i = 0; i < values.length; i++) {
      if (!Number.isFinite(values[i])) throw new AttnError(Status.FORMAT, `This weights file cannot be used: weight ${i} is ${values[i]}.`);
    }
    new Float32Array(this.core.memory.buffer, pointer, count).set(values);
    this.core.check(this.core.exports.attn_model_set_step(this.handle, steps), 'params');
  }

  /** Pointers to AdamW's moments and the batch sampler's generator, inside the model. */
  #optimizer() {
    this.core.check(this.core.exports.attn_model_optimizer(this.scratch, this.scratch + 4, this.scratch + 8, this.scratch + 12, this.handle), 'optimizer');
    const { buffer } = this.core.memory;
    const count = this.#int(3);
    return { first: new Float32Array(buffer, this.#int(0), count), second: new Float32Array(buffer, this.#int(1), count), rng: new Uint32Array(buffer, this.#int(2), 4) };
  }

  /** A copy of the optimiser's state: { first, second } (AdamW's moments) and rng (4 words). */
  getOptimizerState() {
    this.#live();
    const { first, second, rng } = this.#optimizer();
    return { first: first.slice(), second: second.slice(), rng: Array.from(rng) };
  }

  /** Restores a state from getOptimizerState (or a weights file): same moment counts, finite, rng 4 words not all zero. */
  setOptimizerState(optimizerState) {
    this.#live();
    if (optimizerState === null || typeof optimizerState !== 'object') {
      throw new AttnError(Status.TYPE, `The optimizer state must be an object { first, second, rng } as getOptimizerState() returns, but it is ${check.describe(optimizerState)}.`);
    }
    const { first, second, rng } = optimizerState;
    const state = this.#optimizer();
    for (const [name, block] of [['first', first], ['second', second]]) {
      if (!(block instanceof Float32Array) || block.length !== state.first.length) {
        throw new AttnError(Status.FORMAT, `This optimizer state cannot be used: its ${name} moments must be a Float32Array of ${state.first.length} numbers (one per weight), but they are ${check.describe(block)}.`);
      }
    }
    if (!Array.isArray(rng) || rng.length !== 4 || !rng.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff) || rng.every((w) => w === 0)) {
      throw new AttnError(Status.FORMAT, `This optimizer state cannot be used: its rng must be 4 whole numbers from 0 to 2³² − 1, not all zero, but it is ${check.describe(rng)}.`);
    }
    for (const block of [first, second]) {
      for (let i = 0; i < block.length; i++) {
        if (!Number.isFinite(block[i])) throw new AttnError(Status.FORMAT, `This optimizer state cannot be used: optimizer moment ${i} is ${block[i]}.`);
      }
    }
    if (second.some((x) => x < 0)) throw new AttnError(Status.FORMAT, 'This optimizer state cannot be used: a second moment is negative.');
    state.first.set(first);
    state.second.set(second);
    state.rng.set(rng);
  }

  /**
   * Trains `steps` steps. With `attention` (a function (ops, q, k, v, { heads, layer }) → tensor
   * or { out, weights }), each block's attention runs through it on the tape.
   */
  train(steps, options) {
    this.#live();
    this.#needData();
    check.size('steps', steps, { max: 1_000_000 });
    const { attention } = check.options('train', options);
    const { exports } = this.core;
    const losses = new Float32Array(steps);
    const start = performance.now();
    if (!attention) {
      const out = this.#malloc(4 * steps);
      try {
        this.core.check(exports.attn_model_train(out, this.handle, this.train_.pointer, this.train_.length, steps), 'train');
        losses.set(new Float32Array(this.core.memory.buffer, out, steps));
      } finally {
        this.#free(out);
      }
    } else {
      if (typeof attention !== 'function') throw new AttnError(Status.TYPE, `attention must be a function (ops, q, k, v, { heads, layer }), but it is ${check.describe(attention)}.`);
      for (let s = 0; s < steps; s++) losses[s] = this.#stepWith(attention);
    }
    const seconds = Math.max((performance.now() - start) / 1000, 1e-9);
    const tokens = steps * this.config.batch * this.config.context;
    return { loss: losses, tokensPerSecond: tokens / seconds, stepsPerSecond: steps / seconds, seconds };
  }

  /** One step whose attention is a JS function of the tape's ops. */
  #stepWith(attention) {
    const { exports } = this.core;
    const { batch, context, heads } = this.config;
    const s = this.scratch;
    this.core.check(exports.attn_model_sample_batch(this.batchTokens, this.batchTargets, this.handle, this.train_.pointer, this.train_.length), 'train');
    this.tape.reset();
    this.core.check(exports.attn_model_embed(s, this.handle, this.batchTokens, batch, context), 'train');
    let x = this.#int(0);
    for (let layer = 0; layer < this.config.layers; layer++) {
      this.core.check(exports.attn_model_qkv(s, s + 4, s + 8, this.handle, layer, x), 'train');
      const [q, k, v] = [0, 1, 2].map((i) => new Tensor(this.tape, this.#int(i)));
      const result = attention(this.tape.ops, q, k, v, { heads, layer });
      const y = result instanceof Tensor ? result : result?.out;
      if (!(y instanceof Tensor) || y.tape !== this.tape) throw new AttnError(Status.TYPE, 'The attention function must return a tensor (or { out, weights }) made with ops.');
      const shape = y.shape;
      if (shape.length !== 3 || shape[0] !== batch || shape[1] !== context || shape[2] !== this.config.dModel) {
        throw new AttnError(Status.SHAPE, `The attention function must return a (${batch}, ${context}, ${this.config.dModel}) tensor, but it returned (${shape.join(', ')}).`);
      }
      this.core.check(exports.attn_model_block_out(s, this.handle, layer, x, y.id), 'train');
      x = this.#int(0);
    }
    this.core.check(exports.attn_model_head(s, this.handle, x), 'train');
    const loss = this.tape.crossEntropy(new Tensor(this.tape, this.#int(0)), new Int32Array(this.core.memory.buffer, this.batchTargets, batch * context).slice());
    this.tape.zeroGrad();
    this.tape.backward(loss);
    const value = loss.data[0];
    this.core.check(exports.attn_model_update(0, 0, this.handle), 'train');
    return value;
  }

  /**
   * Gradients of the mean loss on `b` windows (tokens and targets, b·context each), without an
   * update: { loss, grads: Float32Array(paramCount) }. With applyGradients, two workers can each
   * take half a batch and train one model (data parallelism).
   */
  computeGradients(tokens, targets, b) {
    this.#live();
    const { context, batch } = this.config;
    check.size('b', b, { max: batch });
    const count = b * context;
    const ids = (name, x) => {
      if (!(x instanceof Int32Array) || x.length !== count) throw new AttnError(Status.LENGTH, `${name} must be an Int32Array of b·context = ${count} ids.`);
      return check.ids(name, x, this.tokenizer.size);
    };
    new Int32Array(this.core.memory.buffer, this.batchTokens, count).set(ids('tokens', tokens));
    new Int32Array(this.core.memory.buffer, this.batchTargets, count).set(ids('targets', targets));
    const s = this.scratch;
    this.core.check(this.core.exports.attn_model_forward(s, 0, 0, this.handle, this.batchTokens, this.batchTargets, b, context), 'computeGradients');
    const loss = new Tensor(this.tape, this.#int(0));
    this.tape.zeroGrad();
    this.tape.backward(loss);
    const value = loss.data[0];
    return { loss: value, grads: this.#gradBlock().slice() };
  }

  /** Takes `grads` (paramCount) as the gradient and makes one optimiser step (clip, schedule, AdamW). */
  applyGradients(grads) {
    this.#live();
    const block = this.#gradBlock();
    if (!(grads instanceof Float32Array) || grads.length !== block.length) throw new AttnError(Status.LENGTH, `grads must be a Float32Array of ${block.length} numbers.`);
    check.tensor('grads', grads, block.length);
    block.set(grads);
    this.core.check(this.core.exports.attn_model_update(0, 0, this.handle), 'applyGradients');
  }

  /** A live view of every parameter's gradient (one block, laid out like getParams). */
  #gradBlock() {
    this.core.check(this.core.exports.attn_model_params(this.scratch, this.scratch + 4, this.handle), 'params');
    const count = this.#int(1);
    this.core.check(this.core.exports.attn_tape_grad(this.scratch, this.tape.handle, 0), 'grads');
    return new Float32Array(this.core.memory.buffer, this.#int(0), count);
  }

  /** A forward pass on one probe through a JS attention function, keeping its weights. */
  #mapsWith(attention, ids) {
    const { exports } = this.core;
    const { layers, heads } = this.config, t = ids.length, s = this.scratch;
    const weights = new Float32Array(layers * heads * t * t);
    this.tape.reset();
    this.core.run((scope) => this.core.check(exports.attn_model_embed(s, this.handle, scope.i32(ids), 1, t), 'attentionMaps'));
    let x = this.#int(0);
    for (let layer = 0; layer < layers; layer++) {
      this.core.check(exports.attn_model_qkv(s, s + 4, s + 8, this.handle, layer, x), 'attentionMaps');
      const [q, k, v] = [0, 1, 2].map((i) => new Tensor(this.tape, this.#int(i)));
      const result = attention(this.tape.ops, q, k, v, { heads, layer });
      const y = result instanceof Tensor ? result : result?.out;
      const w = result?.weights;
      if (!(y instanceof Tensor) || !(w instanceof Tensor)) throw new AttnError(Status.TYPE, 'To draw maps, the attention function must return { out, weights }, both tensors made with ops.');
      if (w.size !== heads * t * t) throw new AttnError(Status.SHAPE, `The attention weights must be (1, ${heads}, ${t}, ${t}), but they are (${w.shape.join(', ')}).`);
      weights.set(w.data, layer * heads * t * t);
      this.core.check(exports.attn_model_block_out(s, this.handle, layer, x, y.id), 'attentionMaps');
      x = this.#int(0);
    }
    return { layers, heads, t, weights };
  }

  /** A training batch drawn by the model's own generator: { tokens, targets } (Int32Array each). */
  sampleBatch() {
    this.#live();
    this.#needData();
    const count = this.config.batch * this.config.context;
    this.core.check(this.core.exports.attn_model_sample_batch(this.batchTokens, this.batchTargets, this.handle, this.train_.pointer, this.train_.length), 'sampleBatch');
    return {
      tokens: new Int32Array(this.core.memory.buffer, this.batchTokens, count).slice(),
      targets: new Int32Array(this.core.memory.buffer, this.batchTargets, count).slice(),
    };
  }

  #free(pointer) {
    const i = this.pointers.indexOf(pointer);
    if (i >= 0) this.pointers.splice(i, 1);
    this.core.exports.free(pointer);
  }

  /** Validation loss in nats per character (up to 128 windows of the last tenth of the text). */
  evaluate() {
    this.#live();
    this.#needData();
    const out = this.scratch + 16;
    this.core.check(this.core.exports.attn_model_evaluate(out, this.handle, this.val_.pointer, this.val_.length, EVAL_WINDOWS), 'evaluate');
    return new Float64Array(this.core.memory.buffer, out, 1)[0];
  }

  /**
   * The attention weights of every layer and head on `text` (its first `context` characters).
   * With `attention` (as in train), the forward pass runs through it, and the maps are the
   * `weights` tensor it returns ((1, heads, t, t)).
   */
  attentionMaps(text, options) {
    this.#live();
    const { attention } = check.options('attentionMaps', options);
    check.callback('attention', attention);
    if (typeof text !== 'string') throw new AttnError(Status.TYPE, `The probe text must be text, but it is ${check.describe(text)}.`);
    if (text.length === 0) throw new AttnError(Status.LENGTH, 'The probe text is empty: type a few characters.');
    const chars = Array.from(text).slice(0, this.config.context);
    const ids = this.tokenizer.encode(chars.join(''), 'The probe text');
    const { layers, heads } = this.config, t = ids.length;
    if (attention) return { ...this.#mapsWith(attention, ids), chars, truncated: Array.from(text).length > t };
    return this.core.run((scope) => {
      const weights = scope.f32Out(layers * heads * t * t);
      this.core.check(this.core.exports.attn_model_attention_maps(weights, this.handle, scope.i32(ids), t), 'attentionMaps');
      return { layers, heads, t, weights: scope.readF32(weights, layers * heads * t * t), chars, truncated: Array.from(text).length > t };
    });
  }

  /** Continues `prompt` by `length` characters at `temperature` (0: always the likeliest). */
  sample(options) {
    this.#live();
    const { prompt = '', length = 200, temperature = 1, seed = 1 } = check.options('sample', options);
    check.size('length', length, { max: 10_000 });
    check.size('seed', seed, { min: 0, max: 2 ** 32 - 1 });
    if (typeof temperature !== 'number' || !(temperature >= 0 && temperature <= 10)) {
      throw new AttnError(Status.ARGUMENT, `temperature must be a number from 0 to 10, but it is ${check.describe(temperature)}.`);
    }
    if (typeof prompt !== 'string') throw new AttnError(Status.TYPE, `prompt must be a string, but it is ${check.describe(prompt)}.`);
    const start = prompt.length ? prompt : (this.tokenizer.ids.has('\n') ? '\n' : this.tokenizer.vocab[0]);
    const ids = this.tokenizer.encode(start, 'The prompt');
    return this.core.run((scope) => {
      const out = scope.i32Out(length);
      this.core.check(this.core.exports.attn_model_sample(out, this.handle, scope.i32(ids), ids.length, length, temperature, seed), 'sample');
      return this.tokenizer.decode(scope.readI32(out, length));
    });
  }

  /**
   * The weights file (see ../model/checkpoint.js), with the optimiser's state unless
   * `optimizer: false` (a smaller file; it resumes with fresh moments). Other fields of the
   * argument join the header.
   */
  save({ optimizer = true, ...extra } = {}) {
    this.#live();
    const params = this.getParams();
    const state = optimizer ? this.getOptimizerState() : null;
    const header = { version: CHECKPOINT_VERSION, config: this.config, vocab: this.tokenizer.vocab, steps: this.steps, corpus: this.corpus, paramCount: params.length, ...extra };
    if (state) header.optimizer = { rng: state.rng };
    return encodeCheckpoint(header, params, state);
  }

  dispose() {
    if (!this.handle && this.pointers.length === 0) return;
    this.tape?.dispose();
    if (this.handle) this.core.exports.attn_model_free(this.handle);
    for (const pointer of this.pointers) this.core.exports.free(pointer);
    this.pointers.length = 0;
    this.handle = 0;
  }
}
