// attn.js — the boundary between JavaScript and the C core: the only module that touches the
// WASM heap (malloc, free, memory.buffer; tests/wasm/heap-owner.test.mjs keeps it so). It loads
// web/generated/attn.wasm once per page, and gives the API modules in ./api/ a `core` to call C
// with, two ways:
//   - per call, core.run(scope => …): allocate, copy in, call, copy out, free in `finally`;
//   - for a long-lived object (a model, a tape, a KV cache), core.handle(…): a HeapHandle that
//     holds the C object, named blocks and out-parameter slots until dispose(), after which
//     every use throws "This model has been disposed." (or the object's own sentence).
// Out-parameters are named (Out.i32('count'), Out.ptr('params'), …) and come back by name.
// Typed views over the heap are made afresh for every read and write: memory may grow (and its
// buffer change) during any C call, so none is kept.
// On a cross-origin-isolated page it loads web/generated/attn-mt.wasm instead, on shared
// memory, and starts one helper Worker (web/workers/attn-helper.js) that runs a second instance
// of it, so attn_gemm and attn_flash_attention use both cores with the same results (fetching,
// compiling and instantiating a build, and starting that worker, are wasm-module.js's).
//
//   const attn = await loadAttn();
//   const r = attn.attention({ q, k, v, n, m, dk, dv, scale: true, mask: 'causal' });
//   const s = attn.scoreStats({ dk: 128, draws: 200000, seed: 1 });   // s.ratio ≈ 1

import { AttnError, Status } from './errors.js';
import { Out, OutParam } from './out.js';
import { options as checkOptions } from './validate.js';
import { instantiateCore, startWorkerHelper } from './wasm-module.js';
import { attention } from './api/attention.js';
import { matmul } from './api/matmul.js';
import { softmax, softmaxUnstable, maskThenMultiply } from './api/stability.js';
import { scoreAsymmetry } from './api/asymmetry.js';
import { randomNormals, scoreStats, saturation, scoreGaps } from './api/experiment.js';
import { mask, combineMasks, allowedKeys, maskAfterSoftmax, rowStats } from './api/mask.js';
import { positions, rope, selfAttention } from './api/position.js';
import { wordEmbedding } from './api/embedding.js';
import { multiHead } from './api/heads.js';
import { cost, measureAttention } from './api/cost.js';
import { createTape } from './api/autograd.js';
import { createModel, loadModel, defaultCorpus, repeatsCorpus } from './api/model.js';
import { flashAttention } from './api/flash.js';
import { kvCache } from './api/kv-cache.js';
import { lookup, hull } from './api/lookup.js';
import { bottleneck } from './api/bottleneck.js';
import { decodeCost, sampleDistribution } from './api/decode.js';
import { costVariants } from './api/cost-variants.js';
import { measureMemory } from './api/memory.js';
import { conceptEmbedding, randomRotation } from './api/cross.js';
import { createSeq2seq, translationSentence } from './api/seq2seq.js';

export { AttnError, Status };

/** The public API: every function takes the core first; `bindApi` hides it. */
const API = {
  attention, matmul,
  // numerical stability: the right softmax and, on purpose, the wrong ways
  softmax, softmaxUnstable, maskThenMultiply,
  // asymmetric relevance: how far a score table is from symmetric
  scoreAsymmetry,
  randomNormals, scoreStats, saturation, scoreGaps,
  mask, combineMasks, allowedKeys, maskAfterSoftmax, rowStats,
  positions, rope, selfAttention, wordEmbedding,
  multiHead, cost, measureAttention,
  flashAttention, kvCache,
  createTape, createModel, loadModel, defaultCorpus, repeatsCorpus,
  lookup, hull, bottleneck,
  // beside the chapter's sections: cross-attention's word vectors, decoding with a KV cache, costs beside attention's
  conceptEmbedding, randomRotation, decodeCost, sampleDistribution, costVariants, measureMemory,
  // attention's origin story: the two translation encoder–decoders, trained, and their task
  createSeq2seq, translationSentence,
};

/** The helper thread's stack, allocated by the main instance (the helper never allocates). */
const HELPER_STACK_BYTES = 256 * 1024;

let defaultInstance = null;

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

async function instantiate(options) {
  const { module, exports, memory, threaded, wantThreads } = await instantiateCore(options);
  const core = new Core(exports, memory);
  if (threaded && wantThreads) await core.startHelper(module, options.startHelper ?? startWorkerHelper);
  return core;
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
class Core {
  constructor(exports, memory = null) {
    this.exports = exports;
    this.memory = memory ?? exports.memory;
    this.helper = null;
  }

  /** Threads the heavy kernels (attn_gemm, attn_flash_attention) use now: 1 or 2. */
  get threads() {
    if (!this.exports.attn_threads) return 1;
    return this.call('threads', 'attn_threads', Out.i32('threads')).threads;
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

  /**
   * One C call whose only heap use is its out-parameters: returns them by name.
   *   const { tape } = core.call('createTape', 'attn_tape_create', Out.ptr('tape'));
   */
  call(context, fn, ...args) {
    return this.run((scope) => scope.call(context, fn, ...args));
  }

  /**
   * A handle for a long-lived object. `noun` names it in messages ("Not enough memory for this
   * model …"); `disposed` is the sentence (or a function of the call's context giving it) every
   * use throws after dispose(), by default "This <noun> has been disposed."
   */
  handle({ noun, disposed = `This ${noun} has been disposed.` }) {
    return new HeapHandle(this, noun, disposed);
  }

  /** Throws the C status as an AttnError unless it is 0. */
  check(code, context = '') {
    if (code === Status.OK) return;
    const sentence = this.statusString(code);
    throw new AttnError(code, context ? `${context}: ${sentence}` : sentence);
  }

  /** The C core's sentence for a status code. */
  statusString(code) {
    return readCString(this, this.exports.attn_status_string(code));
  }
}

/** wasm32 addresses are 32-bit; malloc takes at most 2 GiB here, and must never see a wrapped size. */
const MAX_ALLOCATION = 2 ** 31 - 1;

/**
 * malloc(bytes) (at least 1), or an AttnError: OVERFLOW past 2 GiB, MEMORY when malloc has no
 * room (for a long-lived object, `noun` names it: "Not enough memory for this model …").
 */
function allocate(core, bytes, noun = null) {
  if (!(bytes <= MAX_ALLOCATION)) {
    throw new AttnError(Status.OVERFLOW, 'These sizes are too large: the tensors would not fit in memory.');
  }
  const pointer = core.exports.malloc(Math.max(bytes, 1));
  if (pointer === 0) {
    const mib = (bytes / 2 ** 20).toFixed(1);
    throw new AttnError(Status.MEMORY, noun ? `Not enough memory for this ${noun} (${mib} MiB more asked for).` : `Not enough memory for this size (${mib} MiB asked for).`);
  }
  return pointer;
}

/** A fresh typed view of `count` entries of `Type` at `pointer` (never kept: memory may grow). */
function view(core, Type, pointer, count) {
  return new Type(core.memory.buffer, pointer, count);
}

/** The text of the NUL-terminated UTF-8 string at `pointer`. */
function readCString(core, pointer) {
  const bytes = new Uint8Array(core.memory.buffer, pointer);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(bytes.slice(0, end)); // a copy: TextDecoder refuses shared memory
}

// ---------------------------------------------------------------- out-parameters (./out.js names them)

/** Bytes the out-parameters among `args` take. */
function outBytes(args) {
  return args.reduce((bytes, a) => bytes + (a instanceof OutParam ? a.bytes : 0), 0);
}

/**
 * Calls C function `fn` with `args`, whose out-parameters take slots from `base` on (zeroed
 * first: a function that refuses may not write them); throws its status as an AttnError unless
 * 0 (prefixed with `context`); returns the out-parameters by name.
 */
function callWithOuts(core, base, context, fn, args) {
  const f = core.exports[fn];
  if (typeof f !== 'function') throw new AttnError(Status.UNAVAILABLE, `${String(fn)} is not a function of this core.`);
  const outs = [];
  let at = base;
  const values = args.map((a) => {
    if (!(a instanceof OutParam)) return a;
    outs.push([a, at]);
    at += a.bytes;
    return at - a.bytes;
  });
  if (at > base) view(core, Uint8Array, base, at - base).fill(0);
  core.check(f(...values), context);
  const result = {};
  for (const [a, pointer] of outs) {
    const written = view(core, a.Type, pointer, a.count);
    result[a.name] = a.count === 1 ? written[0] : written.slice();
  }
  return result;
}

// ---------------------------------------------------------------- per call: Scope

/** The allocations of one call: every pointer it hands out is freed by `freeAll`. */
class Scope {
  constructor(core) {
    this.core = core;
    this.pointers = [];
  }

  /** Allocates `bytes` (at least 1) and returns the pointer; throws AttnError when memory is full. */
  alloc(bytes) {
    const pointer = allocate(this.core, bytes);
    this.pointers.push(pointer);
    return pointer;
  }

  /** Calls C function `fn` (see Out); returns its out-parameters by name. */
  call(context, fn, ...args) {
    const bytes = outBytes(args);
    return callWithOuts(this.core, bytes ? this.alloc(bytes) : 0, context, fn, args);
  }

  /** Copies a typed array into the heap; returns its pointer. */
  #copy(values, Type) {
    const pointer = this.alloc(values.length * Type.BYTES_PER_ELEMENT);
    view(this.core, Type, pointer, values.length).set(values);
    return pointer;
  }

  /** Copies a Float32Array into the heap; returns its pointer. */
  f32(array) { return this.#copy(array, Float32Array); }

  /** An uninitialised float32 buffer of `count` entries; returns its pointer. */
  f32Out(count) { return this.alloc(count * 4); }

  /** Copies an Int32Array (or array of integers) into the heap; returns its pointer. */
  i32(values) { return this.#copy(values, Int32Array); }

  /** A zeroed int32 buffer of `count` entries; returns its pointer. */
  i32Out(count = 1) { return this.i32(new Int32Array(count)); }

  /** Copies float64 values into the heap (8-byte aligned); returns their pointer. */
  f64(values) { return this.#copy(values, Float64Array); }

  /** A zeroed float64 buffer of `count` entries; returns its pointer. */
  f64Out(count = 1) { return this.f64(new Float64Array(count)); }

  /** Copies bytes (a Uint8Array, e.g. UTF-8 text) into the heap; returns their pointer. */
  bytes(values) { return this.#copy(values, Uint8Array); }

  /**
   * A struct of pointers laid out by `layout` (byte offsets and `bytes`, as abi.js gives them),
   * each field set from `pointers` and the rest zero; returns its pointer.
   */
  pointerStruct(layout, pointers) {
    const struct = this.bytes(new Uint8Array(layout.bytes));
    for (const [field, pointer] of Object.entries(pointers)) view(this.core, Uint32Array, struct + layout[field], 1)[0] = pointer;
    return struct;
  }

  /** A fresh copy of `count` floats at `pointer` (views are re-made: memory may have grown). */
  readF32(pointer, count) { return view(this.core, Float32Array, pointer, count).slice(); }

  /** A fresh copy of `count` float64 values at `pointer` (8-byte aligned). */
  readF64(pointer, count) { return view(this.core, Float64Array, pointer, count).slice(); }

  /** A fresh copy of `count` int32 values at `pointer`. */
  readI32(pointer, count) { return view(this.core, Int32Array, pointer, count).slice(); }

  /** The `count` bytes at `pointer` decoded as UTF-8 text. */
  readText(pointer, count) {
    return new TextDecoder().decode(view(this.core, Uint8Array, pointer, count).slice());
  }

  /** The NUL-terminated UTF-8 string at `pointer` (one the core owns, e.g. a name it reports). */
  readCString(pointer) { return readCString(this.core, pointer); }

  freeAll() {
    for (const pointer of this.pointers) this.core.exports.free(pointer);
    this.pointers.length = 0;
  }
}

// ---------------------------------------------------------------- long-lived: HeapHandle

/**
 * A long-lived object's share of the heap: the C object it holds (made by `create`, or adopted
 * from another object that owns it), named blocks that live until freed or disposed, and a
 * scratch area for out-parameters. After dispose(), every method throws the handle's sentence.
 *
 *   const heap = core.handle({ noun: 'model' });
 *   heap.create('createModel', 'attn_model_create', 'attn_model_free', vocab, layers, …);
 *   heap.block('tokens', 4 * b * t);
 *   const { count } = heap.call('params', 'attn_model_params', Out.ptr('params'), Out.i32('count'), heap.pointer);
 *   heap.dispose();
 */
class HeapHandle {
  #core;
  #noun;
  #disposed;
  #object = 0;
  #freeObject = null;
  #blocks = new Map();
  #scratch = 0;
  #scratchBytes = 0;
  #gone = false;

  constructor(core, noun, disposed) {
    this.#core = core;
    this.#noun = noun;
    this.#disposed = disposed;
  }

  /** The C object's pointer (0 when it holds none); throws the disposed sentence once disposed. */
  live(context = '') {
    if (this.#gone) throw new AttnError(Status.ARGUMENT, typeof this.#disposed === 'function' ? this.#disposed(context) : this.#disposed);
    return this.#object;
  }

  /** The C object's pointer, to pass to the core (throws once disposed). */
  get pointer() { return this.live(); }

  get disposed() { return this.#gone; }

  /**
   * Makes the C object with `createFn(&object, ...args)`; dispose() frees it with `freeFn`. If
   * the core refuses, the handle is disposed and the refusal thrown.
   */
  create(context, createFn, freeFn, ...args) {
    this.live(context);
    if (this.#object) throw new AttnError(Status.ARGUMENT, `This ${this.#noun} already holds an object.`);
    try {
      this.#object = this.call(context, createFn, Out.ptr('object'), ...args).object;
      this.#freeObject = freeFn;
    } catch (error) {
      this.dispose();
      throw error;
    }
    return this;
  }

  /** Holds a C object another one owns (the model's tape): dispose() leaves it to its owner. */
  adopt(pointer) {
    this.live();
    this.#object = pointer;
    this.#freeObject = null;
    return this;
  }

  /** Calls C function `fn` (see Out); returns its out-parameters by name. */
  call(context, fn, ...args) {
    this.live(context);
    const bytes = outBytes(args);
    if (bytes > this.#scratchBytes) {
      const scratch = allocate(this.#core, Math.max(bytes, 64), this.#noun);
      if (this.#scratch) this.#core.exports.free(this.#scratch);
      this.#scratch = scratch;
      this.#scratchBytes = Math.max(bytes, 64);
    }
    return callWithOuts(this.#core, this.#scratch, context, fn, args);
  }

  /** Allocates block `name` of `bytes` (uninitialised), replacing any block of that name; returns its pointer. */
  block(name, bytes) {
    this.live();
    const pointer = allocate(this.#core, bytes, this.#noun);
    this.free(name);
    this.#blocks.set(name, pointer);
    return pointer;
  }

  /** Block `name` holding a copy of the typed array `values`; returns its pointer. */
  store(name, values) {
    const pointer = this.block(name, values.byteLength);
    view(this.#core, values.constructor, pointer, values.length).set(values);
    return pointer;
  }

  /** Whether block `name` exists. */
  has(name) { return this.#blocks.has(name); }

  /** The pointer of block `name`. */
  address(name) {
    this.live();
    const pointer = this.#blocks.get(name);
    if (pointer === undefined) throw new AttnError(Status.ARGUMENT, `This ${this.#noun} has no block called ${name}.`);
    return pointer;
  }

  /** Copies the typed array `values` to block `target` (a name) or to the address `target`. */
  write(target, values) {
    const pointer = typeof target === 'string' ? this.address(target) : (this.live(), target);
    view(this.#core, values.constructor, pointer, values.length).set(values);
  }

  /** A copy of `count` entries of `Type` from block `target` (a name) or the address `target`. */
  read(target, Type, count) {
    const pointer = typeof target === 'string' ? this.address(target) : (this.live(), target);
    return view(this.#core, Type, pointer, count).slice();
  }

  /** Frees block `name`, if it exists. */
  free(name) {
    const pointer = this.#blocks.get(name);
    if (pointer === undefined) return;
    this.#blocks.delete(name);
    this.#core.exports.free(pointer);
  }

  /** Frees every block, the scratch and the C object (when this handle made it). Calling it twice is harmless. */
  dispose() {
    if (this.#gone) return;
    this.#gone = true;
    for (const pointer of this.#blocks.values()) this.#core.exports.free(pointer);
    this.#blocks.clear();
    if (this.#scratch) this.#core.exports.free(this.#scratch);
    this.#scratch = 0;
    if (this.#object && this.#freeObject) this.#core.exports[this.#freeObject](this.#object);
    this.#object = 0;
  }
}

// Nothing may patch the seam (a learner's code runs beside it in the editor's worker).
for (const Class of [Core, Scope, HeapHandle]) Object.freeze(Class.prototype);
