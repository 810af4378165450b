// reference-train.test.mjs — the train widget's numbers against an independent double-precision
// transformer (reference/transformer.mjs) that reads the weights from a file the core saved:
// the validation loss, the unigram baseline, the attention maps (every layer and head) and the
// training loss of a step (on the batch the core's generator drew, taken from a twin model).
//
// Tolerances: the core runs in float32 (products of up to 4·C terms, softmax, layer norm, GELU)
// and the reference in float64. Float32 has a relative precision of 6e-8; through two blocks of
// width ≤ 64 the observed differences are ≤ 1e-8 on losses (nats, 0.3–3.5) and ≤ 5e-7 on
// attention weights (probabilities). We allow 1e-5 on both: 20× the worst observed, and still 10×
// below the 0.0001 the widget prints. The unigram baseline is computed in double by the core
// too: 1e-12.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadWasmAttn } from './helpers.mjs';
import { readWeightsFile, unpack, forward, windowLoss } from '../../reference/transformer.mjs';
import { unigramEntropy } from '../../reference/attention.mjs';

const attn = await loadWasmAttn();
const LOSS_TOLERANCE = 1e-5, MAP_TOLERANCE = 1e-5;

/** The validation tenth of `text`, in the saved vocabulary's ids, and the training nine tenths. */
function split(text, vocab) {
  const ids = Array.from(text, (ch) => vocab.indexOf(ch));
  const at = Math.floor(ids.length * 0.9);
  return { train: ids.slice(0, at), val: ids.slice(at) };
}

/** The validation loss as the widget defines it: mean cross-entropy over up to 128 non-overlapping windows. */
function referenceValLoss(model, val) {
  const t = model.t, windows = Math.min(Math.floor((val.length - 1) / t), 128);
  let total = 0;
  for (let w = 0; w < windows; w++) {
    total += windowLoss(model, val.slice(w * t, (w + 1) * t), val.slice(w * t + 1, (w + 1) * t + 1));
  }
  return total / windows;
}

function compareMaps(core, reference, label) {
  let worst = 0;
  for (let i = 0; i < core.length; i++) worst = Math.max(worst, Math.abs(core[i] - reference[i]));
  assert.ok(worst < MAP_TOLERANCE, `${label}: attention maps differ by ${worst}`);
  return worst;
}

test('a trained tiny model: validation loss, unigram baseline and attention maps match the double reference', () => {
  const text = 'the cat sat on the mat. the dog ate the log. a cat and a dog. '.repeat(12);
  const model = attn.createModel({ text, layers: 2, heads: 2, dModel: 8, context: 8, batch: 4, seed: 3 });
  model.train(40);
  const saved = readWeightsFile(model.save());
  const ref = unpack(saved.header, saved.floats);
  const { train, val } = split(text, saved.header.vocab);

  const loss = model.evaluate(), expected = referenceValLoss(ref, val);
  assert.ok(Math.abs(loss - expected) < LOSS_TOLERANCE, `validation loss ${loss} vs reference ${expected}`);
  assert.ok(Math.abs(model.baselines.unigram - unigramEntropy(train, saved.header.vocab.length)) < 1e-12);

  const probe = 'the dog';
  const maps = model.attentionMaps(probe);
  const worst = compareMaps(maps.weights, forward(ref, Array.from(probe, (ch) => saved.header.vocab.indexOf(ch))).maps, 'tiny model');
  console.log(`    tiny model: loss ${loss} vs ${expected} (Δ ${Math.abs(loss - expected).toExponential(2)}); maps Δ ≤ ${worst.toExponential(2)}`);
  model.dispose();
});

test('the shipped model: its validation loss and maps match the double reference', () => {
  const bytes = new Uint8Array(readFileSync(new URL('../../web/models/default-small.attnlab', import.meta.url)));
  const saved = readWeightsFile(bytes);
  const ref = unpack(saved.header, saved.floats);
  const model = attn.loadModel(bytes);
  const { text } = attn.defaultCorpus(saved.header.corpus);
  const { train, val } = split(text, saved.header.vocab);

  const loss = model.evaluate(), expected = referenceValLoss(ref, val);
  assert.ok(Math.abs(loss - expected) < LOSS_TOLERANCE, `validation loss ${loss} vs reference ${expected}`);
  assert.ok(Math.abs(model.baselines.unigram - unigramEntropy(train, saved.header.vocab.length)) < 1e-12);
  const probe = 'the queen said "i am late."';
  const worst = compareMaps(model.attentionMaps(probe).weights, forward(ref, Array.from(probe, (ch) => saved.header.vocab.indexOf(ch))).maps, 'shipped model');
  console.log(`    shipped model: loss ${loss} vs ${expected} (Δ ${Math.abs(loss - expected).toExponential(2)}); maps Δ ≤ ${worst.toExponential(2)}`);
  model.dispose();
});

test('the training loss of a step (the widget\'s "Training loss") matches the double reference on the same batch', () => {
  const text = 'she sells sea shells by the sea shore; the shells she sells are sea shells. '.repeat(10);
  const options = { text, layers: 1, heads: 2, dModel: 8, context: 8, batch: 3, seed: 11 };
  // Twins: the same seed gives the same weights and the same batch generator.
  const drawer = attn.createModel(options), trainer = attn.createModel(options);
  const saved = readWeightsFile(trainer.save());
  const ref = unpack(saved.header, saved.floats);
  const { tokens, targets } = drawer.sampleBatch();
  const t = options.context;
  let expected = 0;
  for (let b = 0; b < options.batch; b++) {
    expected += windowLoss(ref, Array.from(tokens.subarray(b * t, (b + 1) * t)), Array.from(targets.subarray(b * t, (b + 1) * t)));
  }
  expected /= options.batch;
  const stepLoss = trainer.train(1).loss[0];
  assert.ok(Math.abs(stepLoss - expected) < LOSS_TOLERANCE, `step loss ${stepLoss} vs reference ${expected}`);
  // The data-parallel path's loss on the same batch (before the step) agrees too.
  const { loss } = drawer.computeGradients(tokens, targets, options.batch);
  assert.ok(Math.abs(loss - expected) < LOSS_TOLERANCE, `computeGradients loss ${loss} vs reference ${expected}`);
  console.log(`    step loss ${stepLoss} vs ${expected} (Δ ${Math.abs(stepLoss - expected).toExponential(2)})`);
  drawer.dispose();
  trainer.dispose();
});
