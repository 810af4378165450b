// helpers.mjs — shared by the WASM tests: load the compiled core in node, run the native
// reference (build/native/attn-runner), and make seeded random inputs.

import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { loadAttn, AttnError } from '../../web/lib/attn.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A fresh WASM instance of the lab's API, read from web/generated/attn.wasm (the page's core). */
export function loadWasmAttn() {
  return loadAttn({ wasmBytes: readFileSync(`${root}web/generated/attn.wasm`) });
}

/**
 * A fresh instance of the test build (build/wasm/attn-test.wasm, `make -C c test-wasm`): the
 * page's core that also exports the test-only functions of c/exports-test.txt, for tests that
 * call one of them directly.
 */
export function loadTestAttn() {
  return loadAttn({ wasmBytes: readFileSync(`${root}build/wasm/attn-test.wasm`) });
}

/**
 * A fresh instance of the threaded core (web/generated/attn-mt.wasm) with its helper thread in
 * a node worker (mt-helper-worker.mjs): attn.threads is 2. Call attn.core.stopHelper() when done.
 */
export function loadThreadedAttn() {
  return loadAttn({
    wasmBytes: readFileSync(`${root}web/generated/attn-mt.wasm`),
    threads: 2,
    startHelper: (module, memory, stackTop) => new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./mt-helper-worker.mjs', import.meta.url));
      worker.unref(); // a helper waiting for work does not keep node alive
      worker.once('message', (message) => (message.ready ? resolve(worker) : reject(new Error('the helper did not start'))));
      worker.once('error', reject);
      worker.postMessage({ module, memory, stackTop });
    }),
  });
}

/**
 * Runs the native runner with `header` (the command line) and float32 `inputs`.
 * Returns a reader over its binary answer: int32(), i32(count), f32(count) and f64(count) in order.
 */
export function runNative(header, inputs) {
  const payload = Buffer.concat([
    Buffer.from(`${header}\n`),
    ...inputs.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)),
  ]);
  const result = spawnSync(`${root}build/native/attn-runner`, { input: payload, maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`attn-runner failed: ${result.stderr}`);
  const out = result.stdout;
  let offset = 0;
  return {
    int32() {
      const value = out.readInt32LE(offset);
      offset += 4;
      return value;
    },
    i32(count) {
      const copy = new Int32Array(count);
      for (let i = 0; i < count; i++) copy[i] = out.readInt32LE(offset + 4 * i);
      offset += 4 * count;
      return copy;
    },
    f64(count) {
      const copy = new Float64Array(count);
      for (let i = 0; i < count; i++) copy[i] = out.readDoubleLE(offset + 8 * i);
      offset += 8 * count;
      return copy;
    },
    f32(count) {
      const copy = new Float32Array(count);
      for (let i = 0; i < count; i++) copy[i] = out.readFloatLE(offset + 4 * i);
      offset += 4 * count;
      return copy;
    },
    bytes(count) {
      const copy = new Uint8Array(out.subarray(offset, offset + count));
      offset += count;
      return copy;
    },
  };
}

/** mulberry32: a small seeded generator for test inputs (independent of the core's own). */
export function randomFloats(count, seed, scale = 1) {
  let state = seed >>> 0;
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1) * scale;
  }
  return out;
}

/** Largest relative difference |a − b| / max(1, |b|), treating NaN == NaN as equal. */
export function maxRelativeDifference(a, b) {
  if (a.length !== b.length) return Infinity;
  let worst = 0;
  for (let i = 0; i < a.length; i++) {
    if (Number.isNaN(a[i]) && Number.isNaN(b[i])) continue;
    if (a[i] === b[i]) continue; // also covers equal infinities
    const diff = Math.abs(a[i] - b[i]) / Math.max(1, Math.abs(b[i]));
    worst = Math.max(worst, Number.isNaN(diff) ? Infinity : diff);
  }
  return worst;
}

/** Asserts that `call` throws an AttnError with this code and a message matching `message`. */
export function assertAttnError(call, code, message) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof AttnError, `not an AttnError: ${error}`);
    assert.equal(error.code, code);
    assert.match(error.message, message);
    return true;
  });
}

/** The names of an export list (c/exports.txt, c/exports-test.txt): one a line, '#' comments and blank lines skipped. */
export function exportedNames(text) {
  return text.split('\n').map((line) => line.replace(/#.*/, '').trim()).filter(Boolean);
}
