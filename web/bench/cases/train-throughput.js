// train-throughput.js — training throughput (tokens per second) of the lab's character
// transformer for both presets, in this page: the C core as WASM beside the same model's
// training step written with TF.js on its WASM backend (XNNPACK), on the same corpus; then the
// lab's own training worker with a second worker taking half of each batch (two cores).

import { row } from '../timer.js';
import { PRESETS } from '../../lib/model/presets.js';
import { createTfModel } from './tfjs-train-model.js';
import { TrainClient } from '../../lib/train-client.js';
import wasmUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import simdUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import threadedUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';

export const name = 'train-throughput';

const STEPS = { small: 20, nanogpt: 6 };

async function loadTf() {
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-core/dist/register_all_gradients');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths({ 'tfjs-backend-wasm.wasm': wasmUrl, 'tfjs-backend-wasm-simd.wasm': simdUrl, 'tfjs-backend-wasm-threaded-simd.wasm': threadedUrl });
  await tf.setBackend('wasm');
  await tf.ready();
  return tf;
}

export async function run({ attn, report, progress }) {
  const tf = await loadTf();
  const client = new TrainClient(() => {});
  for (const preset of ['small', 'nanogpt']) {
    const config = PRESETS[preset];
    const steps = STEPS[preset];
    const tokensPerStep = config.batch * config.context;

    const model = attn.createModel({ preset });
    model.train(3); // warm-up
    const ours = model.train(steps).tokensPerSecond;
    // The peer trains on batches drawn by our model's own sampler, so both see the same text.
    const batches = [];
    for (let i = 0; i < steps + 2; i++) {
      const { tokens, targets } = model.sampleBatch();
      batches.push([tokens, targets]);
    }
    const vocab = model.vocab.length;
    model.dispose();

    progress(`TF.js ${preset}…`);
    const peerModel = createTfModel(tf, { vocab, ...config });
    peerModel.step(...batches[0]);
    peerModel.step(...batches[1]);
    const start = performance.now();
    for (let i = 2; i < steps + 2; i++) peerModel.step(...batches[i]);
    const peer = (steps * tokensPerStep) / ((performance.now() - start) / 1000);
    peerModel.dispose();
    report(row(`training throughput, ${preset} preset (Chromium, 1 thread)`, { ours, peer, peerName: 'TF.js WASM (XNNPACK)', unit: 'tokens/s' }));

    if (client.cores >= 2) {
      progress(`Two workers, ${preset}…`);
      await client.request('create', { options: { preset } });
      const { one, two } = await client.request('benchmark', { steps });
      // One worker against two, measured in the same worker one after the other.
      report(row(`training throughput, ${preset} preset (Chromium, 1 worker)`, { ours: one, peer, peerName: 'TF.js WASM (XNNPACK)', unit: 'tokens/s' }));
      report(row(`training throughput, ${preset} preset (Chromium, 2 workers)`, { ours: two, peer, peerName: 'TF.js WASM (XNNPACK)', unit: 'tokens/s' }));
    }
  }
  client.terminate();
}
