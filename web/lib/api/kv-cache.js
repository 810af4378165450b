// api/kv-cache.js — attn.kvCache: a key/value cache for decoding one token at a time. Each
// token appends its key and value; its query then attends over every cached token, which gives
// exactly that token's row of causal attention without recomputing the earlier rows.
//
//   const cache = attn.kvCache({ dk: 64, dv: 64, capacity: 512, heads: 8 });
//   try { cache.append(k, v); const out = cache.attend(q); } finally { cache.dispose(); }
//   cache.attendWithWeights(q) → { out, weights }   the new query's row of weights too
//   cache.read(head) → { keys, values }            the cached rows of one head, oldest first
//   cache.clear()                                  empties it for the next sequence

import { AttnError, Status } from '../errors.js';
import { Out } from '../out.js';
import * as check from '../validate.js';

/** Creates a cache in the core's memory; call dispose() when done with it. */
export function kvCache(core, { dk, dv, capacity, heads = 1 } = {}) {
  check.size('dk', dk);
  check.size('dv', dv);
  check.size('capacity', capacity);
  check.size('heads', heads);
  const heap = core.handle({ noun: 'cache', disposed: (context) => `${context}: this cache was disposed.` });
  heap.create('kvCache', 'attn_kv_cache_create', 'attn_kv_cache_free', capacity, heads, dk, dv);
  return new KvCache(core, heap, { dk, dv, capacity, heads });
}

/** A cache of keys and values held in the WASM heap (a C attn_kv_cache behind a heap handle). */
export class KvCache {
  #core;
  #heap;

  constructor(core, heap, { dk, dv, capacity, heads }) {
    this.#core = core;
    this.#heap = heap;
    Object.assign(this, { dk, dv, capacity, heads });
    Object.freeze(this);
  }

  /** How many tokens are cached. */
  get length() {
    const cache = this.#heap.live('kvCache.length');
    return this.#heap.call('kvCache.length', 'attn_kv_cache_length', Out.i32('length'), cache).length;
  }

  /** Appends one token: k is (heads·dk), v is (heads·dv), heads side by side. */
  append(k, v) {
    const cache = this.#heap.live('kvCache.append');
    const kIn = check.tensor('k', k, this.heads * this.dk, { shape: 'heads·dk' });
    const vIn = check.tensor('v', v, this.heads * this.dv, { shape: 'heads·dv' });
    if (this.length >= this.capacity) {
      throw new AttnError(Status.ARGUMENT, `The cache is full: it holds its capacity of ${this.capacity} tokens.`);
    }
    const core = this.#core;
    core.run((scope) => core.check(core.exports.attn_kv_cache_append(cache, scope.f32(kIn), scope.f32(vIn)), 'kvCache.append'));
  }

  /** The newest token's attention output, (heads·dv), for its query q (heads·dk). */
  attend(q) {
    const cache = this.#heap.live('kvCache.attend');
    const qIn = check.tensor('q', q, this.heads * this.dk, { shape: 'heads·dk' });
    const core = this.#core;
    return core.run((scope) => {
      const out = scope.f32Out(this.heads * this.dv);
      core.check(core.exports.attn_kv_cache_attend(out, cache, scope.f32(qIn)), 'kvCache.attend');
      return scope.readF32(out, this.heads * this.dv);
    });
  }

  /**
   * The newest token's output and its query's weights over the cache:
   * { out: (heads·dv), weights: (heads, length), each head's row summing to 1 }.
   */
  attendWithWeights(q) {
    const cache = this.#heap.live('kvCache.attendWithWeights');
    const qIn = check.tensor('q', q, this.heads * this.dk, { shape: 'heads·dk' });
    const length = this.length;
    const core = this.#core;
    return core.run((scope) => {
      const out = scope.f32Out(this.heads * this.dv);
      const weights = scope.f32Out(this.heads * length);
      core.check(core.exports.attn_kv_cache_attend_weights(out, weights, cache, scope.f32(qIn)), 'kvCache.attendWithWeights');
      return { out: scope.readF32(out, this.heads * this.dv), weights: scope.readF32(weights, this.heads * length) };
    });
  }

  /** Head `head`'s cached keys (length, dk) and values (length, dv), oldest first. */
  read(head = 0) {
    const cache = this.#heap.live('kvCache.read');
    check.size('head', head, { min: 0, max: this.heads - 1 });
    return readCache(this.#core, cache, { length: this.length, dk: this.dk, dv: this.dv }, head, 'kvCache.read');
  }

  /** Empties the cache (its length becomes 0); its memory is kept. */
  clear() {
    const cache = this.#heap.live('kvCache.clear');
    this.#core.check(this.#core.exports.attn_kv_cache_clear(cache), 'kvCache.clear');
  }

  /** Frees the cache's memory; later calls throw. Calling it twice is harmless. */
  dispose() {
    this.#heap.dispose();
  }
}

/** Copies head `head`'s rows out of the C cache at `cache`: { keys (length, dk), values (length, dv) }. */
export function readCache(core, cache, { length, dk, dv }, head, context) {
  return core.run((scope) => {
    const keys = scope.f32Out(length * dk), values = scope.f32Out(length * dv);
    core.check(core.exports.attn_kv_cache_read(keys, values, cache, head), context);
    return { keys: scope.readF32(keys, length * dk), values: scope.readF32(values, length * dv) };
  });
}
