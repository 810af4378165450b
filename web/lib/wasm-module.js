// wasm-module.js — fetches, compiles and instantiates a build of the C core, and starts the
// helper Worker of the threaded build. No heap access: web/lib/attn.js wraps what this returns
// in a Core, the one owner of the heap.
//   - attn.wasm: the single-thread build; it owns its memory;
//   - attn-mt.wasm: the same sources on shared, imported memory, for a cross-origin-isolated
//     realm (SharedArrayBuffer and Web Workers), whose helper Worker (web/workers/attn-helper.js)
//     runs a second instance on the same memory.

import { AttnError, Status } from './errors.js';
import { LabWorker as Worker } from './worker.js';

/** The threaded build's shared memory: 16 MiB growing to 2 GiB, as c/Makefile links it. */
const SHARED_MEMORY = { initial: 256, maximum: 32768, shared: true };

/**
 * Whether this realm can run the core on two threads: a cross-origin-isolated page (or a worker
 * of one) with SharedArrayBuffer and Web Workers. Elsewhere, e.g. a course page that does not
 * send the COOP/COEP headers, the core runs on one thread and gives the same numbers.
 */
export function canUseThreads() {
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function' && typeof globalThis.Worker === 'function';
}

/**
 * Fetches (unless given its bytes), compiles and instantiates the build of the core this realm
 * should run: the threaded build on its shared memory where threads are wanted and possible,
 * else the single-thread one. → { module, exports, memory (null: the module's own), threaded,
 * wantThreads }. Options as loadAttn's.
 */
export async function instantiateCore({ wasmBytes, wasmUrl, threads, startHelper }) {
  if (threads !== undefined && threads !== 1 && threads !== 2) {
    throw new AttnError(Status.ARGUMENT, `threads must be 1 or 2, but it is ${String(threads)}.`);
  }
  const wantThreads = threads === 2 ? (startHelper || canUseThreads()) : threads === 1 ? false : canUseThreads();
  let bytes = wasmBytes;
  if (!bytes) {
    const url = wasmUrl ?? (wantThreads ? new URL('../generated/attn-mt.wasm', import.meta.url) : new URL('../generated/attn.wasm', import.meta.url));
    bytes = await readCore(new URL(url, globalThis.location?.href));
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
  return { module, exports, memory, threaded, wantThreads };
}

/** The core's bytes from `url`: fetched, or read from the disk where the module itself was (node
 *  importing the lab from node_modules, whose fetch cannot read file: URLs). */
async function readCore(url) {
  const fs = url.protocol === 'file:' ? globalThis.process?.getBuiltinModule?.('node:fs/promises') : null;
  if (fs) {
    try {
      return await fs.readFile(url);
    } catch (error) {
      throw new AttnError(Status.UNAVAILABLE, `The attention core could not be loaded (${error.code ?? error.message} for ${url}).`);
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new AttnError(Status.UNAVAILABLE, `The attention core could not be loaded (${response.status} for ${url}).`);
  return response.arrayBuffer();
}

/** The helper in a module Web Worker (web/workers/attn-helper.js), on the lab's origin. */
export function startWorkerHelper(module, memory, stackTop) {
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

