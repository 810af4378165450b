// loss-notes.test.mjs — the note under <attn-train>'s loss chart (web/widgets/train/loss-notes.js):
// on curves made up to sit each side of its thresholds, and on real curves from the core: the
// shipped model's recorded curve calls for no note at any point, a small model on a 1,000-character
// text overfits (its validation loss climbs while the training loss falls) and gets the
// overfitting note, and the note for peeking names the loss below the floor.

import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn } from './helpers.mjs';
import { LossHistory, BELOW_FLOOR, WINDOW } from '../../web/widgets/train/loss-notes.js';

const record = JSON.parse(readFileSync(new URL('../../web/models/default-small.json', import.meta.url), 'utf8'));
const FLOOR = 0.23;

/** A history from a training-loss function of the step and validation losses every WINDOW steps. */
function history(steps, train, validation) {
  const h = new LossHistory();
  h.addTrain(Array.from({ length: steps }, (_, i) => [i + 1, train(i + 1)]));
  for (let s = WINDOW; s <= steps; s += WINDOW) h.addValidation(s, validation(s));
  return h;
}

test('falling curves that stay above the floor call for no note', () => {
  const h = history(500, (s) => 0.3 + 2 / Math.sqrt(s), (s) => 0.35 + 2 / Math.sqrt(s));
  assert.equal(h.note({ floor: FLOOR }), null);
  assert.equal(h.note({ floor: FLOOR, learner: true }), null);
});

test('peeking: a validation loss below the floor, or with the learner’s attention a recent training loss below it', () => {
  const below = FLOOR - BELOW_FLOOR - 0.01, justAbove = FLOOR - BELOW_FLOOR + 0.01;
  const val = history(200, () => 0.5, (s) => (s === 200 ? below : 0.5)).note({ floor: FLOOR });
  assert.equal(val.kind, 'peeking');
  assert.match(val.text, /^The validation loss \(0\.170 at step 200, on text the model never trained on\) is below the corpus floor \(0\.230\)/);
  assert.match(val.text, /The attention must let positions see the future/);
  assert.equal(history(200, () => 0.5, () => justAbove).note({ floor: FLOOR }), null);
  // The training loss alone: only a learner's attention can be blamed (the built-in may memorise).
  const train = history(120, (s) => (s > 120 - WINDOW ? below : 0.5), () => 0.5);
  assert.equal(train.note({ floor: FLOOR }), null);
  const learner = train.note({ floor: FLOOR, learner: true });
  assert.equal(learner.kind, 'peeking');
  assert.match(learner.text, /^The training loss \(0\.170 over the last 50 steps\) is below the corpus floor \(0\.230\)\. .*Your attention must let positions see the future/);
  // Without a floor (the learner's own text) nothing can be said about it.
  assert.equal(history(200, () => 0.01, () => 0.01).note({ floor: null, learner: true }), null);
});

test('overfitting: the validation loss up twice in a row from its best while the gap grows', () => {
  const train = (s) => 2 / Math.sqrt(s);
  const rising = (s) => (s <= 200 ? 1 : 1 + (s - 200) / 1000);
  const note = history(350, train, rising).note({ floor: FLOOR });
  assert.equal(note.kind, 'overfitting');
  assert.match(note.text, /^The validation loss has risen from 1\.000 \(step 50\) to 1\.150 \(step 350\) while the training loss fell to 0\.111, so the gap between them grew from 0\.490 to 1\.039\. The model is memorising/);
  // One high measurement is noise, not a trend.
  assert.equal(history(300, train, (s) => (s === 300 ? 1.2 : 1)).note({ floor: FLOOR }), null);
  // Validation rising while the training loss rises as much: no growing gap, no overfitting.
  assert.equal(history(350, rising, rising).note({ floor: FLOOR }), null);
});

test('the shipped model’s recorded curve calls for no note at any of its validation points', () => {
  const { train, validation } = record.curve;
  assert.equal(train.length, record.steps);
  assert.equal(validation.at(-1)[0], record.steps);
  assert.equal(validation.at(-1)[1], record.valLoss);
  const h = new LossHistory();
  let next = 0;
  for (const [step, loss] of validation) {
    for (; next < step; next++) h.addTrain([[next + 1, train[next]]]);
    h.addValidation(step, loss);
    assert.equal(h.note({ floor: record.floor }), null, `at step ${step}`);
  }
});

test('a real run that overfits (a small model, 1,000 characters) gets the overfitting note', async () => {
  // Measured: the validation loss (100 characters) is lowest, 1.42, at step 200 and 1.66–1.78
  // after, while the training loss falls from 0.78 to 0.33; the note first shows at step 300.
  const attn = await loadWasmAttn();
  const { text } = attn.defaultCorpus({ length: 1000, seed: 5 });
  const model = attn.createModel({ layers: 1, heads: 2, dModel: 64, context: 32, batch: 8, lr: 0.01, seed: 1, text });
  try {
    const h = new LossHistory();
    const kinds = [];
    for (let step = 0; step < 400; step += WINDOW) {
      const { loss } = model.train(WINDOW);
      h.addTrain(Array.from(loss, (y, i) => [step + i + 1, y]));
      h.addValidation(step + WINDOW, model.evaluate());
      kinds.push(h.note({ floor: null })?.kind ?? null);
    }
    assert.equal(kinds.at(-1), 'overfitting', JSON.stringify(h.validation));
    assert.equal(kinds[0], null);
  } finally {
    model.dispose();
  }
});

test('a pause at a step already evaluated measures the same loss: the history says the step has one, and <attn-train> draws it once', async () => {
  const attn = await loadWasmAttn();
  const { text } = attn.defaultCorpus({ length: 1000, seed: 5 });
  const model = attn.createModel({ layers: 1, heads: 2, dModel: 32, context: 16, batch: 4, lr: 0.01, seed: 1, text });
  try {
    const h = new LossHistory();
    model.train(WINDOW);
    h.addValidation(WINDOW, model.evaluate());
    assert.equal(model.evaluate(), h.validation[0][1]); // the same windows: the same number again
    assert.equal(h.hasValidation(WINDOW), true);
    assert.equal(h.hasValidation(WINDOW + 1), false);
  } finally {
    model.dispose();
  }
});
