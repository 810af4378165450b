// train-throughput.js — training throughput (tokens per second) of the lab's character
// transformer for both presets, in this page: the C core as WASM beside the same model's
// training step written with TF.js on its WASM backend (XNNPACK), on the same corpus; then the
// lab's own training worker on one thread, with its kernels on two threads (isolated pages), and
// with a second worker taking half of each batch (two cores either way).

import { row } from '../timer.js';
import { PRESETS } from '../../lib/model/presets.js';
import { createTfModel } from './tfjs-train-model.js';
import { TrainClient } from '../../lib/train-client.js';
import { loadTf } from '../peers/peers.js';

export const name = 'train-throughput';

const STEPS = { small: 20, nanogpt: 20 };

// Issue 8: nanoGPT's CPU run (2,000 steps of 12 × 64 tokens in about 3 minutes) needs about
// 8,500 tokens per second on its preset, on both cores.
const NANOGPT_TARGET = 8500;
const target = (preset, ours) => (preset === 'nanogpt' ? { target: `≥ ${NANOGPT_TARGET.toLocaleString('en')} tokens/s`, met: ours >= NANOGPT_TARGET } : {});

/** TF.js as the other cases load it (WASM, SIMD, one thread), plus its gradients for training. */
async function loadTfForTraining() {
  const { tf } = await loadTf();
  await import('@tensorflow/tfjs-core/dist/register_all_gradients');
  return tf;
}

export async function run({ attn, report, progress }) {
  const tf = await loadTfForTraining();
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
      const { one, threads, two } = await client.request('benchmark', { steps });
      // In the training worker, one configuration after the other: one thread; the kernels on
      // two threads (only where this page is cross-origin isolated); two workers (data parallel).
      const rows = [['1 worker, 1 thread', one], ['1 worker, kernels on 2 threads', threads], ['2 workers', two]];
      for (const [label, ours] of rows) {
        const name = `training throughput, ${preset} preset (Chromium, ${label})`;
        if (ours === null) report({ name, ours: null, peer, peerName: 'TF.js WASM (XNNPACK)', ratio: null, unit: 'tokens/s', status: 'not run: needs a cross-origin isolated page' });
        else report({ ...row(name, { ours, peer, peerName: 'TF.js WASM (XNNPACK)', unit: 'tokens/s' }), ...target(preset, ours) });
      }
    }
  }
  client.terminate();
}
