// peers.js — the libraries our kernels are measured against, loaded from our own origin (their
// .wasm files are bundled by Vite as assets: no request leaves the page's origin), each on its
// WASM backend with SIMD and one thread.
//   TF.js:            @tensorflow/tfjs-core + @tensorflow/tfjs-backend-wasm (XNNPACK)
//   onnxruntime-web:  its WASM build; MatMul and the com.microsoft MultiHeadAttention op

import tfWasm from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import tfWasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import tfWasmThreadedSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import ortWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import { matmulModel, multiHeadAttentionModel } from './onnx-model.js';

let tfPromise = null;
let ortPromise = null;

/** TF.js on its WASM backend, one thread. Resolves to { tf, simd, threads }. */
export function loadTf() {
  tfPromise ??= (async () => {
    const tf = await import('@tensorflow/tfjs-core');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    wasm.setWasmPaths({
      'tfjs-backend-wasm.wasm': tfWasm,
      'tfjs-backend-wasm-simd.wasm': tfWasmSimd,
      'tfjs-backend-wasm-threaded-simd.wasm': tfWasmThreadedSimd,
    });
    wasm.setThreadsCount(1);
    // The bench page is cross-origin isolated (for our two-thread rows); keep TF.js on its
    // single-thread SIMD build all the same, as it runs on a page that is not.
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (!(await tf.setBackend('wasm'))) throw new Error('the TF.js WASM backend did not start');
    await tf.ready();
    const simd = await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT');
    return { tf, simd, threads: wasm.getThreadsCount() };
  })();
  return tfPromise;
}

/** onnxruntime-web's WASM build, one thread, SIMD. Resolves to the `ort` module. */
function loadOrt() {
  ortPromise ??= (async () => {
    const ort = await import('onnxruntime-web/wasm');
    ort.env.wasm.wasmPaths = { wasm: ortWasm };
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.proxy = false;
    ort.env.logLevel = 'error';
    return ort;
  })();
  return ortPromise;
}

/** An onnxruntime-web session for c = a·b; returns an async call on resident tensors. */
export async function ortMatmul(a, b, m, k, n) {
  const ort = await loadOrt();
  const session = await ort.InferenceSession.create(matmulModel(m, k, n), { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  const feeds = { a: new ort.Tensor('float32', a, [m, k]), b: new ort.Tensor('float32', b, [k, n]) };
  return {
    run: async () => (await session.run(feeds)).c,
    release: () => session.release(),
  };
}

/**
 * An onnxruntime-web MultiHeadAttention session; q, k, v are (n, heads·d) as in our layout.
 * Causal uses the op's `unidirectional` attribute; if the build refuses it, an additive
 * attention_bias mask. Returns { run, release, how }.
 */
export async function ortAttention({ q, k, v, n, m, d, heads, causal }) {
  const ort = await loadOrt();
  const feeds = {
    query: new ort.Tensor('float32', q, [1, n, heads * d]),
    key: new ort.Tensor('float32', k, [1, m, heads * d]),
    value: new ort.Tensor('float32', v, [1, m, heads * d]),
  };
  const options = { executionProviders: ['wasm'], graphOptimizationLevel: 'all' };
  if (causal) {
    try {
      const session = await ort.InferenceSession.create(multiHeadAttentionModel({ n, m, d, heads, causal }), options);
      await session.run(feeds);
      return { run: async () => (await session.run(feeds)).output, release: () => session.release(), how: 'unidirectional' };
    } catch {
      const bias = new Float32Array(n * m);
      for (let i = 0; i < n; i++) for (let j = i + 1; j < m; j++) bias[i * m + j] = -Infinity;
      feeds.attention_bias = new ort.Tensor('float32', bias, [1, 1, n, m]);
      const session = await ort.InferenceSession.create(multiHeadAttentionModel({ n, m, d, heads, causal, biasMask: true }), options);
      return { run: async () => (await session.run(feeds)).output, release: () => session.release(), how: 'attention_bias' };
    }
  }
  const session = await ort.InferenceSession.create(multiHeadAttentionModel({ n, m, d, heads, causal: false }), options);
  return { run: async () => (await session.run(feeds)).output, release: () => session.release(), how: 'no mask' };
}
