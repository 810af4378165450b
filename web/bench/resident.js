// resident.js — our kernels with their inputs already in WASM memory, so a timed call measures
// the kernel (as TF.js and onnxruntime-web are timed on tensors they already hold). Each helper
// returns { run(), free() }; run() throws if the C call returns a status.

/** The core's exports, plus its memory (the threaded build imports its memory, not exports it). */
export function exportsOf(attn) {
  return Object.create(attn.core.exports, { memory: { value: attn.core.memory } });
}

function copyIn(x, array) {
  const pointer = x.malloc(array.length * 4);
  if (!pointer) throw new Error(`out of WASM memory (${(array.length * 4 / 2 ** 20).toFixed(0)} MiB)`);
  new Float32Array(x.memory.buffer, pointer, array.length).set(array);
  return pointer;
}

function allocate(x, count) {
  const pointer = x.malloc(Math.max(1, count) * 4);
  if (!pointer) throw new Error(`out of WASM memory (${(count * 4 / 2 ** 20).toFixed(0)} MiB)`);
  return pointer;
}

function workspace(x, query) {
  const cell = allocate(x, 1);
  const code = query(cell);
  const floats = new Int32Array(x.memory.buffer, cell, 1)[0];
  x.free(cell);
  if (code !== 0) throw new Error(`workspace query failed with status ${code}`);
  return allocate(x, floats);
}

function resident(x, pointers, call) {
  return {
    run() {
      const code = call();
      if (code !== 0) throw new Error(`the kernel returned status ${code}`);
    },
    free() { for (const p of pointers) x.free(p); },
  };
}

/** The tiled attention on (n, heads·d) inputs. */
export function flash(attn, { q, k, v, n, m, d, heads, causal }) {
  const x = exportsOf(attn);
  const work = workspace(x, (cell) => x.attn_flash_workspace(cell, m, d, d));
  const qp = copyIn(x, q), kp = copyIn(x, k), vp = copyIn(x, v);
  const out = allocate(x, n * heads * d), lse = allocate(x, n * heads);
  return resident(x, [work, qp, kp, vp, out, lse],
    () => x.attn_flash_attention(out, lse, 0, work, qp, kp, vp, causal ? 1 : 0, 0, heads, n, m, d, d));
}

/** The naive, step-by-step kernel (no intermediates stored), head by head on (n, d) copies. */
export function naiveAttention(attn, { q, k, v, n, m, d, heads, causal }) {
  const x = exportsOf(attn);
  const perHead = (a, rows, h) => {
    const out = new Float32Array(rows * d);
    for (let i = 0; i < rows; i++) out.set(a.subarray(i * heads * d + h * d, i * heads * d + (h + 1) * d), i * d);
    return out;
  };
  const pointers = [];
  const headsIn = [];
  for (let h = 0; h < heads; h++) {
    const qp = copyIn(x, perHead(q, n, h)), kp = copyIn(x, perHead(k, m, h)), vp = copyIn(x, perHead(v, m, h));
    const out = allocate(x, n * d);
    pointers.push(qp, kp, vp, out);
    headsIn.push([qp, kp, vp, out]);
  }
  return resident(x, pointers, () => {
    for (const [qp, kp, vp, out] of headsIn) {
      const code = x.attn_attention(out, 0, 0, qp, kp, vp, causal ? 1 : 0, 0, 1, n, m, d, d);
      if (code !== 0) return code;
    }
    return 0;
  });
}

/** The packed SIMD matmul (attn_gemm). */
export function gemm(attn, { a, b, m, k, n }) {
  const x = exportsOf(attn);
  const work = workspace(x, (cell) => x.attn_gemm_workspace(cell, m, k, n));
  const ap = copyIn(x, a), bp = copyIn(x, b), c = allocate(x, m * n);
  return resident(x, [work, ap, bp, c], () => x.attn_gemm(c, work, ap, bp, 0, m, k, n));
}

/** The naive matmul (attn_matmul, double accumulation). */
export function naiveMatmul(attn, { a, b, m, k, n }) {
  const x = exportsOf(attn);
  const ap = copyIn(x, a), bp = copyIn(x, b), c = allocate(x, m * n);
  return resident(x, [ap, bp, c], () => x.attn_matmul(c, ap, bp, 0, m, k, n));
}
