// attn.js — the boundary between JavaScript and the C core: the only module that touches the
// WASM heap. It loads web/generated/attn.wasm once per page, and gives the API modules in
// ./api/ a `core` to call C with: allocate, copy in, call, copy out, free in `finally`.
// On a cross-origin-isolated page it loads web/generated/attn-mt.wasm instead, on shared
// memory, and starts one helper Worker (web/workers/attn-helper.js) that runs a second instance
// of it, so attn_gemm and attn_flash_attention use both cores with the same results.
//
//   const attn = await loadAttn();
//   const r = attn.attention({ q, k, v, n, m, dk, dv, scale: true, mask: 'causal' });
//   const s = attn.scoreStats({ dk: 128, draws: 200000, seed: 1 });   // s.ratio ≈ 1

import { AttnError, Status } from './errors.js';
import { options as checkOptions } from './validate.js';
import { LabWorker as Worker } from './worker.js';
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

/** The threaded build's shared memory: 16 MiB growing to 2 GiB, as c/Makefile links it. */
const SHARED_MEMORY = { initial: 256, maximum: 32768, shared: true };
/** The helper thread's stack, allocated by the main instance (the helper never allocates). */
const HELPER_STACK_BYTES = 256 * 1024;

let defaultInstance = null;

/**
 * Whether this realm can run the core on two threads: a cross-origin-isolated page (or a worker
 * of one) with SharedArrayBuffer and Web Workers. Elsewhere, e.g. a course page that does not
 * send the COOP/COEP headers, the core runs on one thread and gives the same numbers.
 */
export function canUseThreads() {
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function' && typeof globalThis.Worker === 'function';
}

/**
 * The lab's attention API, backed by one WASM instance per page (later calls share it).
 * Options, for tests, the benchmark and non-browser hosts: `wasmBytes` (an ArrayBuffer or typed
 * array) or `wasmUrl`; `threads: 1` (the single-thread build, as on a page that is not
 * isolated) or `threads: 2` (the threaded build and a helper Worker, where the page allows it);
 * `startHelper(module, memory, stackTop)` starts the helper elsewhere than in a Web Worker
 * (node's worker_threads) and resolves once it is on its way. Any option makes a fresh,
 * separate instance. `attn.threads` says how many threads the heavy kernels use (1 or 2).
 */
export function loadAttn(options = {}) {
  if (options.wasmBytes || options.wasmUrl || options.threads !== undefined || options.startHelper) {
    return instantiate(options).then(bindApi);
  }
  defaultInstance ??= instantiate({}).then(bindApi).catch((error) => {
    defaultInstance = null; // let a later call try again
    throw error;
  });
  return defaultInstance;
}

async function instantiate({ wasmBytes, wasmUrl, threads, startHelper }) {
  if (threads !== undefined && threads !== 1 && threads !== 2) {
    throw new AttnError(Status.ARGUMENT, `threads must be 1 or 2, but it is ${String(threads)}.`);
  }
  const wantThreads = threads === 2 ? (startHelper || canUseThreads()) : threads === 1 ? false : canUseThreads();
  let bytes = wasmBytes;
  if (!bytes) {
    const url = wasmUrl ?? (wantThreads ? new URL('../generated/attn-mt.wasm', import.meta.url) : new URL('../generated/attn.wasm', import.meta.url));
    const response = await fetch(url);
    if (!response.ok) throw new AttnError(Status.UNAVAILABLE, `The attention core could not be loaded (${response.status} for ${url}).`);
    bytes = await response.arrayBuffer();
  }
  const module = await WebAssembly.compile(bytes);
  // The threaded build imports its memory (shared); the single-thread build owns its own.
  const threaded = WebAssembly.Module.imports(module).some((i) => i.module === 'env' && i.name === 'memory');
  const memory = threaded ? new WebAssembly.Memory(SHARED_MEMORY) : null;
  const env = { emscripten_notify_memory_growth() {} };
  if (memory) env.memory = memory;
  const instance = await WebAssembly.instantiate(module, { env });
  const exports = instance.exports;
  exports._initialize?.();
  const core = new Core(exports, memory);
  if (threaded && wantThreads) await core.startHelper(module, startHelper ?? startWorkerHelper);
  return core;
}

/** The helper in a module Web Worker (web/workers/attn-helper.js), on the lab's origin. */
function startWorkerHelper(module, memory, stackTop) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../workers/attn-helper.js', import.meta.url), { type: 'module' });
    // A helper slow to start (a busy machine) must not hold the page up: after 10 s the core
    // goes on, on one thread, and the helper joins whenever it is ready (parallel.c).
    const late = setTimeout(() => resolve(worker), 10_000);
    worker.addEventListener('message', ({ data }) => {
      clearTimeout(late);
      if (data?.ready) resolve(worker);
      else if (data?.error) reject(new Error(data.error));
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault?.();
      reject(new Error(event.message || 'the helper worker did not start'));
    });
    worker.postMessage({ module, memory, stackTop });
  });
}

/** The functions whose one argument is not an options object. */
const POSITIONAL = new Set(['combineMasks', 'loadModel', 'createTape']);

function bindApi(core) {
  const api = { core };
  Object.defineProperty(api, 'threads', { get: () => core.threads, enumerable: true });
  for (const [name, fn] of Object.entries(API)) {
    api[name] = POSITIONAL.has(name)
      ? (...args) => fn(core, ...args)
      : (options, ...rest) => fn(core, checkOptions(name, options), ...rest);
  }
  return Object.freeze(api);
}

/** The C core's exports plus heap helpers. Pointers are byte offsets into linear memory. */
export class Core {
  constructor(exports, memory = null) {
    this.exports = exports;
    this.memory = memory ?? exports.memory;
    this.helper = null;
  }

  /** Threads the heavy kernels (attn_gemm, attn_flash_attention) use now: 1 or 2. */
  get threads() {
    if (!this.exports.attn_threads) return 1;
    return this.run((scope) => {
      const out = scope.i32Out(1);
      this.check(this.exports.attn_threads(out), 'threads');
      return scope.readI32(out, 1)[0];
    });
  }

  /**
   * Lets the heavy kernels use at most `limit` threads (1 or 2; 2 is the default): 1 when the
   * other core is busy with something else, such as the second worker of data-parallel training.
   * In the single-thread build there is nothing to limit.
   */
  limitThreads(limit) {
    if (limit !== 1 && limit !== 2) throw new AttnError(Status.ARGUMENT, `The thread limit must be 1 or 2, but it is ${String(limit)}.`);
    if (this.exports.attn_threads_set_limit) this.check(this.exports.attn_threads_set_limit(limit), 'limitThreads');
  }

  /**
   * Starts the helper thread: `start(module, memory, stackTop)` runs a second instance of the
   * module on this memory that calls attn_worker_loop. If it cannot start, the core stays on
   * one thread (and says so through `threads`); nothing else changes.
   */
  async startHelper(module, start) {
    const stack = this.exports.malloc(HELPER_STACK_BYTES);
    if (!stack) return;
    try {
      this.helper = await start(module, this.memory, stack + HELPER_STACK_BYTES);
      // The helper posts "ready" just before it enters its loop; wait for the loop itself.
      for (let tries = 0; tries < 2000 && this.threads < 2; tries++) await new Promise((resolve) => setTimeout(resolve, 1));
    } catch {
      this.helper?.terminate?.();
      this.helper = null;
      this.exports.free(stack);
    }
  }

  /** Stops the helper thread (tests; a page never needs to). The core keeps working on one thread. */
  async stopHelper() {
    if (!this.helper) return;
    this.exports.attn_worker_stop();
    await this.helper.terminate?.();
    this.helper = null;
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
    return new TextDecoder().decode(bytes.slice(0, end)); // a copy: TextDecoder refuses shared memory
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
