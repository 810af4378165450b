// api/memory.js — attn.measureMemory: runs one attention kernel at one size and reports the
// memory it needed, as the core's allocator and the WebAssembly memory saw it. The naive kernel
// (attn_attention_table: Q·Kᵀ, softmax, ·V on the fast product) holds the whole N × N table; the
// tiled kernel (attn_flash_attention) holds a few tiles and one head's packed keys and values.
// Where the table cannot be allocated, the naive kernel is refused with a sentence that says why.
//
//   attn.measureMemory({ kernel: 'tiled', n: 32768, d: 64 })
//   // → { kernel, n, d, heldBytes, tableBytes, workBytes, memoryBytes, ms, out }
// Both kernels take their scratch from the caller, so what malloc holds while one runs is all it
// needs: inputs, output, and the table (naive) or the tiles (tiled).

import { AttnError, Status } from '../errors.js';
import * as check from '../validate.js';
import { randomNormals } from './experiment.js';

const KERNELS = ['naive', 'tiled'];
const mib = (bytes) => `${Number((bytes / 2 ** 20).toPrecision(3)).toLocaleString('en-US')} MiB`;
const gib = (bytes) => `${Number((bytes / 2 ** 30).toPrecision(3))} GiB`;

/**
 * @param {object} o
 * @param {'naive'|'tiled'} o.kernel
 * @param {number} o.n   queries and keys (one head, no mask)
 * @param {number} [o.d=64]  the head's width
 * @returns {{ kernel, n, d, heldBytes: number, tableBytes: number, workBytes: number,
 *             memoryBytes: number, ms: number, out: Float32Array }}
 *   heldBytes: what malloc held while the kernel ran (inputs, output, and the table or the
 *   workspace), measured by the core's allocator; tableBytes: the naive kernel's N × N weights
 *   (0 for the tiled one); workBytes: the kernel's workspace (the naive one's packing for its
 *   products, the tiled one's tiles);
 *   memoryBytes: the WebAssembly memory's size afterwards (it grows, never shrinks); ms: the run;
 *   out: the kernel's output, (n, d): the same seed gives both kernels the same Q, K and V, so
 *   the two outputs can be held side by side.
 */
export function measureMemory(core, { kernel, n, d = 64, seed = 1 } = {}) {
  if (!KERNELS.includes(kernel)) throw new AttnError(Status.ARGUMENT, `kernel must be "naive" or "tiled", but it is ${check.describe(kernel)}.`);
  check.size('n', n, { max: 65536 });
  check.size('d', d, { max: 1024 });
  check.seed('seed', seed);
  const inputs = [0, 1, 2].map((k) => randomNormals(core, { count: n * d, seed: (seed + k) >>> 0 }));
  const before = core.heapInUse;
  try {
    return core.run((scope) => {
      const q = scope.f32(inputs[0]), k = scope.f32(inputs[1]), v = scope.f32(inputs[2]);
      const out = scope.f32Out(n * d);
      const naive = kernel === 'naive';
      const floats = scope.i32Out(1);
      core.check(naive ? core.exports.attn_attention_table_workspace(floats, n, n, d, d) : core.exports.attn_flash_workspace(floats, n, d, d), 'measureMemory');
      const workBytes = 4 * scope.readI32(floats, 1)[0];
      const work = scope.f32Out(workBytes / 4);
      const tableBytes = naive ? 4 * n * n : 0;
      const table = naive ? scope.f32Out(n * n) : 0;
      const call = naive
        ? () => core.exports.attn_attention_table(out, table, work, q, k, v, n, n, d, d)
        : () => core.exports.attn_flash_attention(out, 0, 0, work, q, k, v, 0, 0, 1, n, n, d, d);
      const heldBytes = core.heapInUse - before;
      const start = performance.now();
      core.check(call(), 'measureMemory');
      const ms = performance.now() - start;
      return { kernel, n, d, heldBytes, tableBytes, workBytes, memoryBytes: core.heapBytes, ms, out: scope.readF32(out, n * d) };
    });
  } catch (error) {
    if (kernel === 'naive' && (error.code === Status.OVERFLOW || error.code === Status.MEMORY)) {
      throw new AttnError(Status.MEMORY, `The naive kernel cannot run at N = ${n.toLocaleString('en-US')}: its table of scores needs N² × 4 bytes = ${4 * n * n >= 2 ** 30 ? gib(4 * n * n) : mib(4 * n * n)}, and the core could not allocate it (one allocation here is at most 2 GiB, and WebAssembly’s 32-bit memory cannot hold much more). The tiled kernel never builds that table.`);
    }
    throw error;
  }
}
