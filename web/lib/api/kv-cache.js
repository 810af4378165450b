// api/kv-cache.js — attn.kvCache: a key/value cache for decoding one token at a time. Each
// token appends its key and value; its query then attends over every cached token, which gives
// exactly that token's row of causal attention without recomputing the earlier rows.
//
//   const cache = attn.kvCache({ dk: 64, dv: 64, capacity: 512, heads: 8 });
//   try { cache.append(k, v); const out = cache.attend(q); } finally { cache.dispose(); }

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

  /** Frees the cache's memory; later calls throw. Calling it twice is harmless. */
  dispose() {
    this.#heap.dispose();
  }
}
