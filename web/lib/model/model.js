// model/model.js — the Model a createModel or loadModel call returns: a character-level
// transformer that lives in the core (attn_model_*), held through a heap handle (attn.js) with
// its training text and batch buffers as named blocks. The C path trains, evaluates, draws maps
// and samples in one call each; a JS attention function goes through js-attention.js; the
// data-parallel pieces are in gradient-steps.js, the weights file in weights-file.js.
//
//   model.train(steps)        → { loss: Float32Array(steps), tokensPerSecond, stepsPerSecond }
//   model.evaluate()          → validation loss, nats per character ({ attention } as in train)
//   model.attentionMaps(text) → { layers, heads, t, weights: Float32Array(layers·heads·t·t), chars, scores (the probe's own head scores, G·S) }; longer than the context throws
//   model.sample({ prompt, length, temperature, seed, cache }) → string (cache: false recomputes)
//   model.decoder()           → a Decoder (../api/decode.js): one character at a time, KV cache shown
//   model.save()              → Uint8Array;   model.dispose()
//   model.headStats({ windows, seed }), model.ablate({ layer, head, mode }), model.ablateAll({ mode }),
//   model.recordHeadScores(), model.headHistory: reading its heads (head-stats.js, knockout.js,
//   head-history.js)
//   model.patch({ clean, corrupted, metric: { good, bad }, over }): activation patching (patch.js)
//   model.positionLoss()      → Float64Array(context): validation loss by position (in-context.js)

import { AttnError, Status } from '../errors.js';
import { ModelInfo } from '../abi.js';
import { Out } from '../out.js';
import * as check from '../validate.js';
import { Tape } from '../api/autograd.js';
import { trainStepWith, evaluateWith, mapsWith } from './js-attention.js';
import { sampleBatch, computeGradients, applyGradients } from './gradient-steps.js';
import { weightsFile } from './weights-file.js';
import { Decoder } from '../api/decode.js';
import { measureHeads, probeScores, probeChance } from './head-stats.js';
import { ablate, ablateAll } from './knockout.js';
import { patch } from './patch.js';
import { positionLoss } from './in-context.js';
import { emptyHistory, recordHeadScores, historyHeader } from './head-history.js';

/** Validation windows evaluate() averages over (of the last tenth of the text). */
const EVAL_WINDOWS = 128;

export class Model {
  /** A model of `config` (checked by config.js) over `tokenizer`'s characters; `corpus` says what it trains on. */
  constructor(core, config, tokenizer, corpus) {
    this.core = core;
    this.config = Object.freeze({ ...config });
    this.tokenizer = tokenizer;
    this.corpus = corpus;
    this.baselines = { unigram: null, floor: null };
    this.dataLengths = null; // { train, val }: how many ids the blocks 'train' and 'val' hold
    this.headHistory = emptyHistory(); // its heads' scores at each evaluation (head-history.js)
    const { layers, heads, dModel, context, batch, seed, lr } = config;
    this.heap = core.handle({ noun: 'model' })
      .create('createModel', 'attn_model_create', 'attn_model_free', tokenizer.size, layers, heads, dModel, context, batch, seed);
    try {
      this.heap.call('createModel', 'attn_model_set_learning_rate', this.heap.pointer, lr);
      const { tape } = this.heap.call('createModel', 'attn_model_tape', Out.ptr('tape'), this.heap.pointer);
      this.tape = new Tape(core, core.handle({ noun: 'tape' }).adopt(tape)); // the model frees it
      this.heap.block('tokens', 4 * batch * context);
      this.heap.block('targets', 4 * batch * context);
    } catch (error) {
      this.dispose();
      throw error;
    }
  }

  #live() { this.heap.live(); }

  #needData() {
    if (!this.dataLengths) throw new AttnError(Status.ARGUMENT, 'This model has no text to train or evaluate on: load it with { text }.');
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
    this.dataLengths = null;
    const trainIds = this.heap.store('train', train);
    this.heap.store('val', val);
    this.dataLengths = { train: train.length, val: val.length };
    const { nats } = this.heap.call('unigram', 'attn_unigram_entropy', Out.f64('nats'), trainIds, train.length, this.tokenizer.size);
    this.baselines = { unigram: nats, floor };
  }

  get hasData() { return this.dataLengths !== null; }

  get paramCount() {
    this.#live();
    return this.#params().count;
  }

  get steps() {
    this.#live();
    return this.heap.call('info', 'attn_model_info', Out.i32('config', ModelInfo.count), this.heap.pointer).config[ModelInfo.steps];
  }

  get vocab() { return this.tokenizer.vocab; }

  /** Where the parameters lie: { params (an address), count }. */
  #params() {
    return this.heap.call('params', 'attn_model_params', Out.ptr('params'), Out.i32('count'), this.heap.pointer);
  }

  /** A copy of every parameter, one block. */
  getParams() {
    this.#live();
    const { params, count } = this.#params();
    return this.heap.read(params, Float32Array, count);
  }

  setParams(values, steps = 0) {
    this.#live();
    const isArrayLike = Array.isArray(values) || (ArrayBuffer.isView(values) && !(values instanceof DataView));
    if (!isArrayLike) throw new AttnError(Status.TYPE, `weights must be a Float32Array (the model's parameters), but they are ${check.describe(values)}.`);
    check.size('steps', steps, { min: 0 });
    const { params, count } = this.#params();
    if (values.length !== count) throw new AttnError(Status.FORMAT, `Expected ${count} weights, got ${values.length}.`);
    for (let i = 0; i < values.length; i++) {
      if (!Number.isFinite(values[i])) throw new AttnError(Status.FORMAT, `This weights file cannot be used: weight ${i} is ${values[i]}.`);
    }
    this.heap.write(params, values instanceof Float32Array ? values : Float32Array.from(values));
    this.heap.call('params', 'attn_model_set_step', this.heap.pointer, steps);
  }

  /** Where AdamW's moments and the batch sampler's generator lie, inside the model: addresses and the moment count. */
  #optimizer() {
    return this.heap.call('optimizer', 'attn_model_optimizer', Out.ptr('first'), Out.ptr('second'), Out.ptr('rng'), Out.i32('count'), this.heap.pointer);
  }

  /** A copy of the optimiser's state: { first, second } (AdamW's moments) and rng (4 words). */
  getOptimizerState() {
    this.#live();
    const { first, second, rng, count } = this.#optimizer();
    return { first: this.heap.read(first, Float32Array, count), second: this.heap.read(second, Float32Array, count), rng: Array.from(this.heap.read(rng, Uint32Array, 4)) };
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
      if (!(block instanceof Float32Array) || block.length !== state.count) {
        throw new AttnError(Status.FORMAT, `This optimizer state cannot be used: its ${name} moments must be a Float32Array of ${state.count} numbers (one per weight), but they are ${check.describe(block)}.`);
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
    this.heap.write(state.first, first);
    this.heap.write(state.second, second);
    this.heap.write(state.rng, Uint32Array.from(rng));
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
    const losses = new Float32Array(steps);
    const start = performance.now();
    if (!attention) {
      this.heap.block('losses', 4 * steps);
      try {
        this.heap.call('train', 'attn_model_train', this.heap.address('losses'), this.heap.pointer, this.heap.address('train'), this.dataLengths.train, steps);
        losses.set(this.heap.read('losses', Float32Array, steps));
      } finally {
        this.heap.free('losses');
      }
    } else {
      if (typeof attention !== 'function') throw new AttnError(Status.TYPE, `attention must be a function (ops, q, k, v, { heads, layer }), but it is ${check.describe(attention)}.`);
      for (let s = 0; s < steps; s++) losses[s] = trainStepWith(this, attention);
    }
    const seconds = Math.max((performance.now() - start) / 1000, 1e-9);
    const tokens = steps * this.config.batch * this.config.context;
    return { loss: losses, tokensPerSecond: tokens / seconds, stepsPerSecond: steps / seconds, seconds };
  }

  /**
   * Gradients of the mean loss on `b` windows (tokens and targets, b·context each), without an
   * update: { loss, grads: Float32Array(paramCount) }. With applyGradients, two workers can each
   * take half a batch and train one model (data parallelism).
   */
  computeGradients(tokens, targets, b) {
    this.#live();
    return computeGradients(this, tokens, targets, b);
  }

  /** Takes `grads` (paramCount) as the gradient and makes one optimiser step (clip, schedule, AdamW). */
  applyGradients(grads) {
    this.#live();
    applyGradients(this, grads);
  }

  /** A training batch drawn by the model's own generator: { tokens, targets } (Int32Array each). */
  sampleBatch() {
    this.#live();
    this.#needData();
    return sampleBatch(this);
  }

  /**
   * Validation loss in nats per character (up to 128 windows of the last tenth of the text).
   * With `attention` (as in train), each block's attention runs through it.
   */
  evaluate(options) {
    this.#live();
    this.#needData();
    const { attention } = check.options('evaluate', options);
    check.callback('attention', attention);
    if (attention) return evaluateWith(this, attention, EVAL_WINDOWS);
    return this.heap.call('evaluate', 'attn_model_evaluate', Out.f64('loss'), this.heap.pointer, this.heap.address('val'), this.dataLengths.val, EVAL_WINDOWS).loss;
  }

  /** The validation loss by position in the context, nats (in-context.js: evaluate()'s windows). */
  positionLoss() {
    this.#live();
    return positionLoss(this);
  }

  /**
   * The attention weights of every layer and head on `text` (at most `context` characters), and
   * each head's scores on them (head-stats.js: `scores`, L·H·S, or null for one character).
   * With `attention` (as in train), the forward pass runs through it, and the maps are the
   * `weights` tensor it returns ((1, heads, t, t)).
   */
  attentionMaps(text, options) {
    this.#live();
    const { attention } = check.options('attentionMaps', options);
    check.callback('attention', attention);
    if (typeof text !== 'string') throw new AttnError(Status.TYPE, `The probe text must be text, but it is ${check.describe(text)}.`);
    if (text.length === 0) throw new AttnError(Status.LENGTH, 'The probe text is empty: type a few characters.');
    const chars = Array.from(text);
    const { layers, heads, context } = this.config;
    if (chars.length > context) {
      throw new AttnError(Status.LENGTH, `The probe text has ${chars.length} characters, but this model reads at most ${context} (its context): shorten it by ${chars.length - context}.`);
    }
    const ids = this.tokenizer.encode(text, 'The probe text');
    const t = ids.length;
    const maps = attention ? mapsWith(this, attention, ids) : this.core.run((scope) => {
      const weights = scope.f32Out(layers * heads * t * t);
      this.core.check(this.core.exports.attn_model_attention_maps(weights, this.heap.pointer, scope.i32(ids), t), 'attentionMaps');
      return { layers, heads, t, weights: scope.readF32(weights, layers * heads * t * t) };
    });
    return { ...maps, chars, scores: probeScores(this.core, maps.weights, layers, heads, t), chance: probeChance(this.core, t) };
  }

  /** Every head measured over many validation windows (head-stats.js). */
  headStats(options) {
    this.#live();
    return measureHeads(this, options);
  }

  /** The validation loss with one head knocked out, and its change (knockout.js). */
  ablate(options) {
    this.#live();
    return ablate(this, options);
  }

  /** Every head knocked out in turn, sorted by the change in validation loss (knockout.js). */
  ablateAll(options) {
    this.#live();
    return ablateAll(this, options);
  }

  /** Activation patching of a clean and a corrupted prompt: the share of the gap each component restores (patch.js). */
  patch(options) {
    this.#live();
    return patch(this, options);
  }

  /** Measures the heads now and adds the means to headHistory (head-history.js). */
  recordHeadScores() {
    this.#live();
    this.#needData();
    return recordHeadScores(this);
  }

  /**
   * Continues `prompt` by `length` characters at `temperature` (0: always the likeliest),
   * decoding with a KV cache; `cache: false` runs the whole window through the model for every
   * character instead (the same characters, more work). Past the context the window slides and
   * the cache is rebuilt from it (c/src/model_sample.c).
   */
  sample(options) {
    this.#live();
    const { prompt = '', length = 200, temperature = 1, seed = 1, cache = true } = check.options('sample', options);
    const sampler = check.flag('cache', cache, true) ? 'attn_model_sample' : 'attn_model_sample_uncached';
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
      this.core.check(this.core.exports[sampler](out, this.heap.pointer, scope.i32(ids), ids.length, length, temperature, seed), 'sample');
      return this.tokenizer.decode(scope.readI32(out, length));
    });
  }

  /**
   * The weights file (see weights-file.js), with the optimiser's state unless `optimizer: false`
   * (a smaller file; it resumes with fresh moments) and the record of its heads during training.
   * Other fields of the argument join the header.
   */
  save(options) {
    this.#live();
    return weightsFile(this, { ...historyHeader(this.headHistory), ...check.options('save', options) });
  }

  /** A new decoder of this model (disposed with it): see ../api/decode.js. */
  decoder() {
    this.#live();
    this.decoders ??= new Set();
    const decoder = new Decoder(this.core, this);
    this.decoders.add(decoder);
    return decoder;
  }

  /** Frees the model, its tape and its blocks; later calls throw. Calling it twice is harmless. */
  dispose() {
    for (const decoder of this.decoders ?? []) decoder.dispose(); // each holds a pointer into the model
    this.tape?.dispose();
    this.heap?.dispose();
  }
}
