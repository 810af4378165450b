// train-default.mjs — `npm run train-default`: trains the checkpoint the lab ships (the small
// preset on the default corpus, a fixed seed and step count) with the project's own trainer
// (the C core as WebAssembly, in node), and records its loss curve. Deterministic: the same
// core gives the same bytes. Like the training lab, it measures the heads at step 0 and at every
// evaluation (every EVAL_EVERY steps), and the file carries that record (web/lib/model/head-history.js),
// so the lab shows the shipped model's heads specialising as it trained.
//   web/models/default-small.attnlab   the weights file (loaded by <attn-train> at once)
//   web/models/default-small.json      what it is, its validation loss, and its curve: the training
//                                      loss of every step and the validation loss every EVAL_EVERY
//                                      steps, which <attn-train> draws for the shipped model

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadAttn } from '../web/lib/attn.js';
import { PRESETS, DEFAULT_CORPUS } from '../web/lib/model/presets.js';

const root = fileURLToPath(new URL('../', import.meta.url));
export const STEPS = 1000;
const EVAL_EVERY = 50; // as the training lab measures (web/lib/model/training-session.js)
/** Training losses are float32 batch means: six significant digits keep every digit the lab shows. */
const sixDigits = (x) => Number(x.toPrecision(6));

const attn = await loadAttn({ wasmBytes: readFileSync(`${root}web/generated/attn.wasm`) });
const model = attn.createModel({ preset: 'small' });
const started = Date.now();
let tokensPerSecond = 0;
const curve = { train: [], validation: [] };
model.recordHeadScores();
for (let done = 0; done < STEPS; done += EVAL_EVERY) {
  const { loss, tokensPerSecond: rate } = model.train(EVAL_EVERY);
  model.recordHeadScores(); // reads the model, draws nothing from its generator: the weights are training's alone
  tokensPerSecond = rate;
  curve.train.push(...Array.from(loss, sixDigits));
  curve.validation.push([done + EVAL_EVERY, model.evaluate()]); // evaluating changes nothing in the model
  console.log(`step ${done + EVAL_EVERY}: training loss ${loss[loss.length - 1].toFixed(4)}, validation loss ${curve.validation.at(-1)[1].toFixed(4)} (${rate.toFixed(0)} tokens/s)`);
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
  // curve.train[i] is the training loss of step i + 1; curve.validation holds [step, loss] pairs.
  curve,
};
// Without the optimiser's state: a third of the download; a learner who trains it on starts
// with fresh moments.
writeFileSync(`${root}web/models/default-small.attnlab`, model.save({ valLoss, optimizer: false }));
writeFileSync(`${root}web/models/default-small.json`, `${JSON.stringify(record, null, 2)}\n`);
console.log(`validation loss ${valLoss.toFixed(4)} nats/char (unigram ${record.unigram.toFixed(4)}, corpus floor ${record.floor.toFixed(4)}); ${((Date.now() - started) / 1000).toFixed(0)} s, last ${tokensPerSecond.toFixed(0)} tokens/s`);
model.dispose();
