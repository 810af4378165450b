// resident.js — our kernels with their inputs already in WASM memory, so a timed call measures
// the kernel (as TF.js and onnxruntime-web are timed on tensors they already hold). The inputs,
// outputs and scratch of each live as named blocks of one heap handle (web/lib/attn.js); each
// helper returns { run(), free() }; run() throws if the C call returns a status.

import { Out } from '../../web/lib/out.js';

/**
 * A heap handle holding a block for each entry of `blocks`: a Float32Array (copied in) or a
 * count of floats (an output or scratch). Returns { heap, at } (at: each block's address).
 */
function residentBlocks(attn, blocks) {
  const heap = attn.core.handle({ noun: 'benchmark' });
  try {
    const at = {};
    for (const [name, value] of Object.entries(blocks)) {
      at[name] = typeof value === 'number' ? heap.block(name, 4 * Math.max(1, value)) : heap.store(name, value);
    }
    return { heap, at };
  } catch (error) {
    heap.dispose();
    throw error;
  }
}

/** Floats of scratch a kernel asks for through its workspace query, e.g. attn_flash_workspace(&floats, m, dk, dv). */
export function workspaceFloats(attn, query, ...sizes) {
  return attn.core.call('workspace', query, Out.i32('floats'), ...sizes).floats;
}

function timed(heap, call) {
  return {
    run() {
      const code = call();
      if (code !== 0) throw new Error(`the kernel returned status ${code}`);
    },
    free() { heap.dispose(); },
  };
}

/** The tiled attention on (n, heads·d) inputs. */
export function flash(attn, { q, k, v, n, m, d, heads, causal }) {
  const x = attn.core.exports;
  const { heap, at } = residentBlocks(attn, { work: workspaceFloats(attn, 'attn_flash_workspace', m, d, d), q, k, v, out: n * heads * d, lse: n * heads });
  return timed(heap, () => x.attn_flash_attention(at.out, at.lse, 0, at.work, at.q, at.k, at.v, causal ? 1 : 0, 0, heads, n, m, d, d));
}

/** The naive, step-by-step kernel (no intermediates stored), head by head on (n, d) copies. */
export function naiveAttention(attn, { q, k, v, n, m, d, heads, causal }) {
  const x = attn.core.exports;
  const perHead = (a, rows, h) => {
    const out = new Float32Array(rows * d);
    for (let i = 0; i < rows; i++) out.set(a.subarray(i * heads * d + h * d, i * heads * d + (h + 1) * d), i * d);
    return out;
  };
  const blocks = {};
  for (let h = 0; h < heads; h++) Object.assign(blocks, { [`q${h}`]: perHead(q, n, h), [`k${h}`]: perHead(k, m, h), [`v${h}`]: perHead(v, m, h), [`out${h}`]: n * d });
  const { heap, at } = residentBlocks(attn, blocks);
  return timed(heap, () => {
    for (let h = 0; h < heads; h++) {
      const code = x.attn_attention(at[`out${h}`], 0, 0, at[`q${h}`], at[`k${h}`], at[`v${h}`], causal ? 1 : 0, 0, 1, n, m, d, d);
      if (code !== 0) return code;
    }
    return 0;
  });
}

/** The packed SIMD matmul (attn_gemm). */
export function gemm(attn, { a, b, m, k, n }) {
  const x = attn.core.exports;
  const { heap, at } = residentBlocks(attn, { work: workspaceFloats(attn, 'attn_gemm_workspace', m, k, n), a, b, c: m * n });
  return timed(heap, () => x.attn_gemm(at.c, at.work, at.a, at.b, 0, m, k, n));
}

/** The naive matmul (attn_matmul, double accumulation). */
export function naiveMatmul(attn, { a, b, m, k, n }) {
  const x = attn.core.exports;
  const { heap, at } = residentBlocks(attn, { a, b, c: m * n });
  return timed(heap, () => x.attn_matmul(at.c, at.a, at.b, 0, m, k, n));
}

/**
 * Inputs and outputs of any timed loop, already in WASM memory: `blocks` as for the kernels
 * above. Returns { at, free() }; the caller calls the core's exports on the addresses in `at`.
 */
export function residentBuffers(attn, blocks) {
  const { heap, at } = residentBlocks(attn, blocks);
  return { at, free: () => heap.dispose() };
}
