// train-2000-steps.js — nanoGPT's CPU run end to end, the widget's way: 2,000 steps of the
// nanoGPT preset on the default corpus through the training worker (web/lib/train-client.js,
// with the widget's "Use two cores" default: the kernels on two threads on this isolated page,
// two workers where a page is not; a validation loss every 50 steps included), timed by the wall
// clock from Start to the worker's "done", with the validation loss it reached; beside the ideal
// time, the run's useful FLOPs (bench/page/train-flops.js) at the machine's two-thread peak
// (bench/page/peak.js). Long (minutes): it runs only when asked for,
// `npm run bench -- --long` or `?only=train-2000-steps`.

import { TrainClient } from '../../../web/lib/train-client.js';
import { PRESETS } from '../../../web/lib/model/presets.js';
import { measurePeak, peakFor } from '../peak.js';
import { trainFlopsPerToken } from '../train-flops.js';

export const name = 'train-2000-steps';
export const long = true;

const STEPS = 2000;

export async function run({ report, progress }) {
  const peak = await measurePeak();
  const config = PRESETS.nanogpt;
  let finished = null;
  let lastValidation = null;
  let way = null; // how the last chunk used the cores: '2 threads', '2 workers' or '1 thread'
  const done = new Promise((resolve, reject) => {
    finished = { resolve, reject };
  });
  const client = new TrainClient((event) => {
    if (event.type === 'progress') way = event.workers > 1 ? `${event.workers} workers` : `${event.threads} thread${event.threads > 1 ? 's' : ''}`;
    if (event.type === 'validation') {
      // Validation comes at the first chunk's end past each 50 steps: say so every 250 or so.
      if (Math.floor(event.step / 250) > Math.floor((lastValidation?.step ?? 0) / 250)) progress(`2,000 steps: step ${event.step}, validation loss ${event.loss.toFixed(4)}`);
      lastValidation = event;
    }
    if (event.type === 'stopped') {
      if (event.reason === 'done') finished.resolve(event);
      else finished.reject(new Error(`training stopped: ${event.reason}`));
    }
  });
  try {
    const info = await client.request('create', { options: { preset: 'nanogpt' } });
    const cores = client.cores >= 2 ? 2 : 1;
    await client.request('parallel', { on: cores === 2 });
    progress(`2,000 steps of the nanoGPT preset through the training worker (${cores} cores)…`);
    const start = performance.now();
    await client.request('start', { untilStep: STEPS });
    await done;
    const seconds = (performance.now() - start) / 1000;
    const flops = STEPS * config.batch * config.context * trainFlopsPerToken(config, info.vocab.length);
    const peakGflops = peakFor(peak, cores);
    const ideal = flops / (peakGflops * 1e9);
    const label = `nanoGPT preset, ${STEPS.toLocaleString('en')} steps end to end (training worker, ${way}, evaluation included)`;
    report({ name: label, ours: seconds, peer: ideal, peerName: `the run's ${(flops / 1e12).toFixed(2)} TFLOP at the ${cores}-thread peak`, ratio: ideal / seconds, unit: 's (wall time; ratio ideal/ours)', ofPeak: ideal / seconds });
    report({ name: `${label}: validation loss reached`, ours: lastValidation?.step === STEPS ? lastValidation.loss : null, peer: null, peerName: '', ratio: null, unit: 'nats per character' });
  } finally {
    client.terminate();
  }
}
