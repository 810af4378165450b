// train-throughput.js — training throughput (tokens per second) of the lab's character
// transformer for both presets, in this page: the C core as WASM beside the same model's
// training step written with TF.js on its WASM backend (XNNPACK), on the same corpus; then the
// lab's own training worker on one thread, with its kernels on two threads (isolated pages), and
// with a second worker taking half of each batch (two cores either way). The training widget's
// "Use two cores" (on by default) takes the kernels on two threads where the page is isolated (as
// this one is), else the two workers (web/lib/model/training-session.js, twoCoreMode).
//
// Each row of ours also gives its useful FLOPs as a fraction of the machine's peak on as many
// threads (bench/page/peak.js): tokens/s × FLOPs per token, counted from the model's shapes in
// bench/page/train-flops.js: 6 · P + 12 · L · T · C per token (P = 12·L·C² + C·V, the weights
// of the matrix products), ≈ 5.16 MFLOP on the nanoGPT preset. Targets, nanoGPT
// preset: ≥ 70% of the two-thread peak in the widget's default, ≥ 75% of the one-thread peak on one.

import { row } from '../timer.js';
import { PRESETS } from '../../../web/lib/model/presets.js';
import { createTfModel } from './tfjs-train-model.js';
import { TrainClient } from '../../../web/lib/train-client.js';
import { loadTf } from '../peers/peers.js';
import { measurePeak, ofPeak } from '../peak.js';
import { trainFlopsPerToken } from '../train-flops.js';

export const name = 'train-throughput';

const STEPS = { small: 20, nanogpt: 20 };
/** Rounds of the worker's rows (steps / 4 each); the fastest is printed beside the overall rate. */
const ROUNDS = 8;

/** The target for a nanoGPT row reaching `fraction` of the peak on `threads` threads. */
const target = (preset, fraction, threads) => {
  if (preset !== 'nanogpt' || fraction === null) return {};
  const goal = threads >= 2 ? 0.7 : 0.75;
  return { target: `≥ ${100 * goal}% of the ${threads}-thread peak`, met: fraction >= goal };
};

/** TF.js as the other cases load it (WASM, SIMD, one thread), plus its gradients for training. */
async function loadTfForTraining() {
  const { tf } = await loadTf();
  await import('@tensorflow/tfjs-core/dist/register_all_gradients');
  return tf;
}

export async function run({ attn, report, progress }) {
  const peak = await measurePeak();
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
    const gflops = (tokensPerSecond) => tokensPerSecond * trainFlopsPerToken(config, vocab) / 1e9;
    const fractionOn = (threads, tokensPerSecond) => ofPeak(peak, gflops(tokensPerSecond), threads);

    progress(`TF.js ${preset}…`);
    const peerModel = createTfModel(tf, { vocab, ...config });
    peerModel.step(...batches[0]);
    peerModel.step(...batches[1]);
    const start = performance.now();
    for (let i = 2; i < steps + 2; i++) peerModel.step(...batches[i]);
    const peer = (steps * tokensPerStep) / ((performance.now() - start) / 1000);
    peerModel.dispose();
    const fraction = fractionOn(1, ours);
    report({ ...row(`training throughput, ${preset} preset (Chromium, 1 thread)`, { ours, peer, peerName: 'TF.js WASM (XNNPACK)', unit: 'tokens/s' }), ofPeak: fraction, ...target(preset, fraction, 1) });

    if (client.cores >= 2) {
      progress(`Two workers, ${preset}…`);
      await client.request('create', { options: { preset } });
      // ROUNDS rounds of a quarter of the steps each: the row is their overall rate; the fastest
      // round is printed beside it, measured as the peak is (the fastest of its rounds), since on
      // a shared machine two threads are seldom both undisturbed for a whole run.
      const { one, threads, two, mode, fastest } = await client.request('benchmark', { steps: Math.max(1, steps / 4), rounds: ROUNDS });
      // In the training worker, one configuration after the other: one thread; the kernels on
      // two threads (only where this page is cross-origin isolated); two workers (data parallel).
      // `mode` is the one "Use two cores" (on by default) takes here: the row the targets are for.
      const fallback = ' (the widget\'s default where the page is not isolated)';
      const rows = [
        ['1 worker, 1 thread', one, fastest.one, 1, false],
        [`1 worker, kernels on 2 threads${mode === 'threads' ? ' (the widget\'s default)' : ''}`, threads, fastest.threads, 2, mode === 'threads'],
        [`2 workers${mode === 'workers' ? ' (the widget\'s default)' : fallback}`, two, fastest.two, 2, mode === 'workers'],
      ];
      for (const [label, ours, best, threadsUsed, targeted] of rows) {
        const name = `training throughput, ${preset} preset (Chromium, ${label})`;
        if (ours === null) {
          report({ name, ours: null, peer, peerName: 'TF.js WASM (XNNPACK)', ratio: null, unit: 'tokens/s', status: 'not run: needs a cross-origin isolated page' });
          continue;
        }
        for (const [figure, rowName] of [[ours, name], [best, `${name}: the fastest of ${ROUNDS} rounds`]]) {
          const fraction = fractionOn(threadsUsed, figure);
          report({ ...row(rowName, { ours: figure, peer, peerName: 'TF.js WASM (XNNPACK)', unit: 'tokens/s' }), ofPeak: fraction, ...(targeted ? target(preset, fraction, 2) : {}) });
        }
      }
    }
  }
  client.terminate();
}
