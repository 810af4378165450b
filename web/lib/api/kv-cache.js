// api/kv-cache.js — attn.kvCache: a key/value cache for decoding one token at a time. Each
// token appends its key and value; its query then attends over every cached token, which gives
// exactly that token's row of causal attention without recomputing the earlier rows.
//
//   const cache = attn.kvCache({ dk: 64, dv: 64, capacity: 512, heads: 8 });
//   try { cache.append(k, v); const out = cache.attend(q); } finally { cache.dispose(); }

import { AttnError, Status } from '../errors.js';
import * as check from '../validate.js';

/** Creates a cache in the core's memory; call dispose() when done with it. */
export function kvCache(core, { dk, dv, capacity, heads = 1 } = {}) {
  check.size('dk', dk);
  check.size('dv', dv);
  check.size('capacity', capacity);
  check.size('heads', heads);
  const pointer = core.run((scope) => {
    const out = scope.i32Out(1);
    core.check(core.exports.attn_kv_cache_create(out, capacity, heads, dk, dv), 'kvCache');
    return scope.readI32(out, 1)[0];
  });
  return new KvCache(core, pointer, { dk, dv, capacity, heads });
}

/** A cache of keys and values held in the WASM heap (a pointer to a C attn_kv_cache). */
export class KvCache {
  #core;
  #pointer;

  constructor(core, pointer, { dk, dv, capacity, heads }) {
    this.#core = core;
    this.#pointer = pointer;
    Object.assign(this, { dk, dv, capacity, heads });
    Object.freeze(this);
  }

  /** How many tokens are cached. */
  get length() {
    const core = this.#core;
    return core.run((scope) => {
      const out = scope.i32Out(1);
      core.check(core.exports.attn_kv_cache_length(out, this.#live('length')), 'kvCache.length');
      return scope.readI32(out, 1)[0];
    });
  }

  /** Appends one token: k is (heads·dk), v is (heads·dv), heads side by side. */
  append(k, v) {
    const pointer = this.#live('append');
    const kIn = check.tensor('k', k, this.heads * this.dk, { shape: 'heads·dk' });
    const vIn = check.tensor('v', v, this.heads * this.dv, { shape: 'heads·dv' });
    if (this.length >= this.capacity) {
      throw new AttnError(Status.ARGUMENT, `The cache is full: it holds its capacity of ${this.capacity} tokens.`);
    }
    const core = this.#core;
    core.run((scope) => core.check(core.exports.attn_kv_cache_append(pointer, scope.f32(kIn), scope.f32(vIn)), 'kvCache.append'));
  }

  /** The newest token's attention output, (heads·dv), for its query q (heads·dk). */
  attend(q) {
    const pointer = this.#live('attend');
    const qIn = check.tensor('q', q, this.heads * this.dk, { shape: 'heads·dk' });
    const core = this.#core;
    return core.run((scope) => {
      const out = scope.f32Out(this.heads * this.dv);
      core.check(core.exports.attn_kv_cache_attend(out, pointer, scope.f32(qIn)), 'kvCache.attend');
      return scope.readF32(out, this.heads * this.dv);
    });
  }

  /** Frees the cache's memory; later calls throw. Calling it twice is harmless. */
  dispose() {
    if (this.#pointer === 0) return;
    this.#core.exports.attn_kv_cache_free(this.#pointer);
    this.#pointer = 0;
  }

  #live(what) {
    if (this.#pointer === 0) throw new AttnError(Status.ARGUMENT, `kvCache.${what}: this cache was disposed.`);
    return this.#pointer;
  }
}
