// train-default.mjs — `npm run train-default`: trains the checkpoint the lab ships (the small
// preset on the default corpus, a fixed seed and step count) with the project's own trainer
// (the C core as WebAssembly, in node), and records its validation loss. Deterministic: the same
// core gives the same bytes. Like the training lab, it measures the heads at step 0 and at every
// evaluation (every 50 steps), and the file carries that record (web/lib/model/head-history.js),
// so the lab shows the shipped model's heads specialising as it trained.
//   web/models/default-small.attnlab   the weights file (loaded by <attn-train> at once)
//   web/models/default-small.json      what it is and its validation loss

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadAttn } from '../web/lib/attn.js';
import { PRESETS, DEFAULT_CORPUS } from '../web/lib/model/presets.js';

const root = fileURLToPath(new URL('../', import.meta.url));
export const STEPS = 1000;

const attn = await loadAttn({ wasmBytes: readFileSync(`${root}web/generated/attn.wasm`) });
const model = attn.createModel({ preset: 'small' });
const started = Date.now();
let tokensPerSecond = 0;
model.recordHeadScores();
for (let done = 0; done < STEPS; done += 50) {
  const { loss, tokensPerSecond: rate } = model.train(50);
  model.recordHeadScores(); // reads the model, draws nothing from its generator: the weights are training's alone
  tokensPerSecond = rate;
  console.log(`step ${done + 50}: training loss ${loss[loss.length - 1].toFixed(4)} (${rate.toFixed(0)} tokens/s)`);
}
const valLoss = model.evaluate();
const record = {
  preset: 'small',
  config: PRESETS.small,
  corpus: { kind: 'default', ...DEFAULT_CORPUS },
  steps: STEPS,
  valLoss,
  unigram: model.baselines.unigram,
  floor: model.baselines.floor,
};
// Without the optimiser's state: a third of the download; a learner who trains it on starts
// with fresh moments.
writeFileSync(`${root}web/models/default-small.attnlab`, model.save({ valLoss, optimizer: false }));
writeFileSync(`${root}web/models/default-small.json`, `${JSON.stringify(record, null, 2)}\n`);
console.log(`validation loss ${valLoss.toFixed(4)} nats/char (unigram ${record.unigram.toFixed(4)}, corpus floor ${record.floor.toFixed(4)}); ${((Date.now() - started) / 1000).toFixed(0)} s, last ${tokensPerSecond.toFixed(0)} tokens/s`);
model.dispose();
