// api/decode.js — model.decoder(): the character model run one character at a time with a KV
// cache per layer (c/src/model_decode.c), and attn.decodeCost: what one step costs with the
// cache and without it. A decoder belongs to its model: it reads the model's weights at every
// step (reset it after they change) and is disposed with the model.
//
//   const decoder = model.decoder();
//   const s = decoder.step('t');   // { t, logits (V), weights (layers, heads, t), work: { attention, total } }
//   decoder.cache(layer, head);    // { keys (t, dHead), values (t, dHead) }: the rows cached so far
//   decoder.reset(); decoder.dispose();
//   attn.decodeCost({ vocab, layers, dModel, t })   // multiply-adds with and without the cache, its bytes
//   attn.sampleDistribution({ logits, temperature }) // softmax(logits / T): what the samplers draw from

import { AttnError, Status } from '../errors.js';
import { DecodeCostLayout } from '../abi.js';
import { Out } from '../out.js';
import * as check from '../validate.js';
import { readCache } from './kv-cache.js';

const DECODE_COST_FIELDS = Object.keys(DecodeCostLayout).filter((name) => name !== 'bytes');

/**
 * The work of decoding the t-th token (t tokens in the sequence, the new one included), in
 * multiply-adds of the model's products: { cachedAttention 2·L·t·C, cachedTotal,
 * recomputeAttention 2·L·t²·C, recomputeTotal, cacheEntries 2·L·t·C, cacheBytes 4 × that }.
 */
export function decodeCost(core, { vocab, layers, dModel, t } = {}) {
  check.size('vocab', vocab);
  check.size('layers', layers);
  check.size('dModel', dModel);
  check.size('t', t);
  return core.run((scope) => {
    const struct = scope.alloc(DecodeCostLayout.bytes);
    core.check(core.exports.attn_decode_cost(struct, vocab, layers, dModel, t), 'decodeCost');
    return Object.fromEntries(DECODE_COST_FIELDS.map((name) => [name, scope.readF64(struct + DecodeCostLayout[name], 1)[0]]));
  });
}

/**
 * The distribution model.sample draws the next character from: softmax(logits / temperature),
 * computed in double by the core; temperature 0 puts all the mass on the likeliest character.
 * @returns {Float32Array} (logits.length), summing to 1
 */
export function sampleDistribution(core, { logits, temperature = 1 } = {}) {
  const length = Array.isArray(logits) || ArrayBuffer.isView(logits) ? logits.length : 1;
  if (length === 0) throw new AttnError(Status.LENGTH, 'logits must hold at least one number, but it is empty.');
  const values = check.tensor('logits', logits, length);
  if (typeof temperature !== 'number' || !(temperature >= 0 && temperature <= 10)) {
    throw new AttnError(Status.ARGUMENT, `temperature must be a number from 0 to 10, but it is ${check.describe(temperature)}.`);
  }
  return core.run((scope) => {
    const probs = scope.f32Out(values.length);
    core.check(core.exports.attn_sample_distribution(probs, scope.f32(values), temperature, values.length), 'sampleDistribution');
    return scope.readF32(probs, values.length);
  });
}

/** A decoder over `model` (a Model of ../model/model.js, whose heap holds the C model). */
export class Decoder {
  #core;
  #heap;
  #model;

  constructor(core, model) {
    this.#core = core;
    this.#model = model;
    const { layers, heads, dModel, context } = model.config;
    Object.assign(this, { layers, heads, dModel, context, vocab: model.tokenizer.size, headWidth: dModel / heads });
    this.#heap = core.handle({ noun: 'decoder', disposed: (context) => `${context}: this decoder was disposed (or its model was).` })
      .create('decoder', 'attn_decoder_create', 'attn_decoder_free', model.heap.pointer);
    this.#heap.block('logits', 4 * this.vocab);
    this.#heap.block('weights', 4 * layers * heads * context);
    Object.freeze(this);
  }

  /** How many characters the caches hold. */
  get length() {
    const pointer = this.#heap.live('decoder.length');
    return this.#heap.call('decoder.length', 'attn_decoder_length', Out.i32('length'), pointer).length;
  }

  /**
   * Feeds one character (or its id) at position `length`; returns the logits for the character
   * after it, the new query's weights over the cache of every layer and head (layers, heads, t),
   * and the multiply-adds the step did. Past the context, or with a character the model never
   * saw, it throws a sentence and changes nothing.
   */
  step(character) {
    const pointer = this.#heap.live('decoder.step');
    const token = this.#token(character);
    const t = this.length + 1;
    if (t > this.context) {
      throw new AttnError(Status.ARGUMENT, `The cache is full: this model’s context holds ${this.context} characters, and its learned positions end there. Reset to decode again.`);
    }
    const heap = this.#heap;
    heap.call('decoder.step', 'attn_decoder_step', heap.address('logits'), heap.address('weights'), pointer, token);
    const { work } = heap.call('decoder.step', 'attn_decoder_work', Out.f64('work', 2), pointer);
    return {
      t,
      logits: heap.read('logits', Float32Array, this.vocab),
      weights: heap.read('weights', Float32Array, this.layers * this.heads * t),
      work: { attention: work[0], total: work[1] },
    };
  }

  /** Layer `layer`'s cached keys and values of head `head`: { keys, values }, (t, headWidth) each. */
  cache(layer, head) {
    const pointer = this.#heap.live('decoder.cache');
    check.size('layer', layer, { min: 0, max: this.layers - 1 });
    check.size('head', head, { min: 0, max: this.heads - 1 });
    const { cache } = this.#heap.call('decoder.cache', 'attn_decoder_layer_cache', Out.ptr('cache'), pointer, layer);
    return readCache(this.#core, cache, { length: this.length, dk: this.headWidth, dv: this.headWidth }, head, 'decoder.cache');
  }

  /** Empties every cache: the next step is position 0 again. */
  reset() {
    this.#heap.call('decoder.reset', 'attn_decoder_reset', this.#heap.live('decoder.reset'));
  }

  get disposed() { return this.#heap.disposed; }

  /** Frees the decoder (its model stays). Calling it twice is harmless. */
  dispose() {
    this.#heap.dispose();
  }

  #token(character) {
    if (typeof character === 'number') return check.ids('character', [character], this.vocab)[0];
    if (typeof character !== 'string' || Array.from(character).length !== 1) {
      throw new AttnError(Status.TYPE, `decoder.step takes one character (or its id), but it got ${check.describe(character)}.`);
    }
    return this.#model.tokenizer.encode(character, 'The character')[0];
  }
}
