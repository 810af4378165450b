// attn.js — the boundary between JavaScript and the C core: the only module that touches the
// WASM heap. It loads web/generated/attn.wasm once per page, and gives the API modules in
// ./api/ a `core` to call C with: allocate, copy in, call, copy out, free in `finally`.
//
//   const attn = await loadAttn();
//   const r = attn.attention({ q, k, v, n, m, dk, dv, scale: true, mask: 'causal' });
//   const s = attn.scoreStats({ dk: 128, draws: 200000, seed: 1 });   // s.ratio ≈ 1

import { AttnError, Status } from './errors.js';
import { options as checkOptions } from './validate.js';
import { attention } from './api/attention.js';
import { matmul } from './api/matmul.js';
import { randomNormals, scoreStats, saturation } from './api/experiment.js';
import { mask, combineMasks, allowedKeys, maskAfterSoftmax, rowStats } from './api/mask.js';
import { positions, rope, selfAttention } from './api/position.js';
import { wordEmbedding } from './api/embedding.js';
import { multiHead } from './api/heads.js';
import { cost, measureAttention } from './api/cost.js';
import { createTape } from './api/autograd.js';
import { createModel, loadModel, defaultCorpus } from './api/model.js';
import { flashAttention } from './api/flash.js';
import { kvCache } from './api/kv-cache.js';

export { AttnError, Status };

/** The public API: every function takes the core first; `bindApi` hides it. */
const API = {
  attention, matmul,
  randomNormals, scoreStats, saturation,
  mask, combineMasks, allowedKeys, maskAfterSoftmax, rowStats,
  positions, rope, selfAttention, wordEmbedding,
  multiHead, cost, measureAttention,
  flashAttention, kvCache,
  createTape, createModel, loadModel, defaultCorpus,
};

/** wasm32 addresses are 32-bit; malloc takes at most 2 GiB here, and must never see a wrapped size. */
const MAX_ALLOCATION = 2 ** 31 - 1;

let defaultInstance = null;

/**
 * The lab's attention API, backed by one WASM instance per page (later calls share it).
 * Options, for tests and non-browser hosts: `wasmBytes` (an ArrayBuffer or typed array) or
 * `wasmUrl`; either one makes a fresh, separate instance.
 */
export function loadAttn(options = {}) {
  if (options.wasmBytes || options.wasmUrl) return instantiate(options).then(bindApi);
  defaultInstance ??= instantiate({}).then(bindApi).catch((error) => {
    defaultInstance = null; // let a later call try again
    throw error;
  });
  return defaultInstance;
}

async function instantiate({ wasmBytes, wasmUrl }) {
  const imports = { env: { emscripten_notify_memory_growth() {} } };
  let result;
  if (wasmBytes) {
    result = await WebAssembly.instantiate(wasmBytes, imports);
  } else {
    const url = wasmUrl ?? new URL('../generated/attn.wasm', import.meta.url);
    const response = await fetch(url);
    if (!response.ok) throw new AttnError(Status.UNAVAILABLE, `The attention core could not be loaded (${response.status} for ${url}).`);
    result = await WebAssembly.instantiate(await response.arrayBuffer(), imports);
  }
  const exports = result.instance.exports;
  exports._initialize?.();
  return new Core(exports);
}

/** The functions whose one argument is not an options object. */
const POSITIONAL = new Set(['combineMasks', 'loadModel', 'createTape']);

function bindApi(core) {
  const api = { core };
  for (const [name, fn] of Object.entries(API)) {
    api[name] = POSITIONAL.has(name)
      ? (...args) => fn(core, ...args)
      : (options, ...rest) => fn(core, checkOptions(name, options), ...rest);
  }
  return Object.freeze(api);
}

/** The C core's exports plus heap helpers. Pointers are byte offsets into linear memory. */
export class Core {
  constructor(exports) {
    this.exports = exports;
    this.memory = exports.memory;
  }

  /** Bytes of linear memory right now (grows, never shrinks). */
  get heapBytes() {
    return this.memory.buffer.byteLength;
  }

  /**
   * Bytes malloc has handed out and not taken back (C's count, read-only; for leak tests).
   * Compare two readings: the reading itself holds a few bytes while it is taken.
   */
  get heapInUse() {
    const pointer = this.exports.malloc(8);
    if (pointer === 0) return NaN;
    try {
      this.check(this.exports.attn_heap_in_use(pointer), 'heapInUse');
      return new Float64Array(this.memory.buffer, pointer, 1)[0];
    } finally {
      this.exports.free(pointer);
    }
  }

  /**
   * Runs `body(scope)` and frees everything the scope allocated, even when `body` throws.
   * Inside, `scope` allocates inputs and outputs; read outputs after the C call returns.
   */
  run(body) {
    const scope = new Scope(this);
    try {
      return body(scope);
    } finally {
      scope.freeAll();
    }
  }

  /** Throws the C status as an AttnError unless it is 0. */
  check(code, context = '') {
    if (code === Status.OK) return;
    const sentence = this.statusString(code);
    throw new AttnError(code, context ? `${context}: ${sentence}` : sentence);
  }

  /** The C core's sentence for a status code. */
  statusString(code) {
    const pointer = this.exports.attn_status_string(code);
    const bytes = new Uint8Array(this.memory.buffer, pointer);
    const end = bytes.indexOf(0);
    return new TextDecoder().decode(bytes.subarray(0, end));
  }
}

/** The allocations of one call: every pointer it hands out is freed by `freeAll`. */
class Scope {
  constructor(core) {
    this.core = core;
    this.pointers = [];
  }

  /** Allocates `bytes` (at least 1) and returns the pointer; throws AttnError when memory is full. */
  alloc(bytes) {
    if (!(bytes <= MAX_ALLOCATION)) {
      throw new AttnError(Status.OVERFLOW, 'These sizes are too large: the tensors would not fit in memory.');
    }
    const pointer = this.core.exports.malloc(Math.max(bytes, 1));
    if (pointer === 0) {
      throw new AttnError(Status.MEMORY, `Not enough memory for this size (${(bytes / 2 ** 20).toFixed(1)} MiB asked for).`);
    }
    this.pointers.push(pointer);
    return pointer;
  }

  /** Copies a Float32Array into the heap; returns its pointer. */
  f32(array) {
    const pointer = this.alloc(array.length * 4);
    new Float32Array(this.core.memory.buffer, pointer, array.length).set(array);
    return pointer;
  }

  /** An uninitialised float32 buffer of `count` entries; returns its pointer. */
  f32Out(count) {
    return this.alloc(count * 4);
  }

  /** Copies an Int32Array (or array of integers) into the heap; returns its pointer. */
  i32(values) {
    const pointer = this.alloc(values.length * 4);
    new Int32Array(this.core.memory.buffer, pointer, values.length).set(values);
    return pointer;
  }

  /** A zeroed int32 buffer of `count` entries; returns its pointer. */
  i32Out(count = 1) {
    return this.i32(new Int32Array(count));
  }

  /** A fresh copy of `count` floats at `pointer` (views are re-made: memory may have grown). */
  readF32(pointer, count) {
    return new Float32Array(this.core.memory.buffer, pointer, count).slice();
  }

  /** A fresh copy of `count` float64 values at `pointer` (8-byte aligned). */
  readF64(pointer, count) {
    return new Float64Array(this.core.memory.buffer, pointer, count).slice();
  }

  /** A fresh copy of `count` int32 values at `pointer`. */
  readI32(pointer, count) {
    return new Int32Array(this.core.memory.buffer, pointer, count).slice();
  }

  freeAll() {
    for (const pointer of this.pointers) this.core.exports.free(pointer);
    this.pointers.length = 0;
  }
}
