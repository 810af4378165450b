// induction.test.mjs — the induction preset's pieces through the JS face: the text with repeats
// (known output of a seed; every segment followed by its own copy; the same seed the same text),
// the in-context learning score on a hand-made loss by position (known answer), and the loss by
// position of a model (its mean is evaluate()'s loss on the same windows; the weights unchanged).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn } from './helpers.mjs';
import { inContextScore } from '../../web/lib/model/in-context.js';
import { REPEATS_CORPUS } from '../../web/lib/model/presets.js';

const attn = await loadWasmAttn();

test('the text with repeats: a seed gives known text, each segment then its copy', () => {
  const { text, entropy } = attn.repeatsCorpus({ length: 60, seed: 1 });
  assert.equal(text, 'kurkphkamkurkphkampoydihpdspoydihpdsrutwgwfrutwgwfvqlpbpzhuu');
  assert.ok(entropy > 0 && entropy < Math.log(26) / 2 + Math.log(13) / 8);
  assert.deepEqual(attn.repeatsCorpus({ length: 60, seed: 1 }), { text, entropy });
  assert.notEqual(attn.repeatsCorpus({ length: 60, seed: 2 }).text, text);
  // step 2 over 6 letters: from a segment's third letter on, each is 0 or 1 letter after the one two back.
  assert.equal(attn.repeatsCorpus({ length: 40, shortest: 3, longest: 5, letters: 6, step: 2, seed: 9 }).text, 'adadaadadacbccccbcccdadbddadbdcadacadaef');
  const fixed = attn.repeatsCorpus({ length: 1000, shortest: 10, longest: 10, seed: 3 });
  for (let at = 0; at < 1000; at += 20) assert.equal(fixed.text.slice(at + 10, at + 20), fixed.text.slice(at, at + 10));
  assert.ok(Math.abs(fixed.entropy - Math.log(26) / 2) < 1e-12);
  assert.equal(attn.repeatsCorpus().text.length, REPEATS_CORPUS.length);
});

test('the in-context score: the last quarter\'s mean loss minus the first quarter\'s', () => {
  // 8 positions, quarters of 2: early (3 + 1) / 2 = 2, late (0.5 + 1.5) / 2 = 1, the middle ignored.
  const r = inContextScore([3, 1, 9, 9, 9, 9, 0.5, 1.5]);
  assert.equal(r.early, 2);
  assert.equal(r.late, 1);
  assert.equal(r.score, -1);
  assert.deepEqual(r.earlyPositions, [0, 2]);
  assert.deepEqual(r.latePositions, [6, 8]);
  assert.equal(inContextScore(new Float64Array(16).fill(2.5)).score, 0); // flat: the model gains nothing from context
});

test('the loss by position averages to the validation loss and changes no weight', () => {
  const { text } = attn.repeatsCorpus({ length: 4000, shortest: 3, longest: 6, letters: 8, step: 8, seed: 4 });
  const model = attn.createModel({ text, layers: 1, heads: 2, dModel: 16, context: 16, batch: 4, seed: 1 });
  try {
    model.train(10);
    const before = model.getParams();
    const loss = model.positionLoss();
    assert.ok(loss instanceof Float64Array && loss.length === 16);
    const mean = loss.reduce((a, b) => a + b, 0) / loss.length;
    assert.ok(Math.abs(mean - model.evaluate()) < 1e-5, `mean ${mean} against ${model.evaluate()}`);
    assert.deepEqual(model.getParams(), before);
    assert.deepEqual(model.positionLoss(), loss); // deterministic
  } finally {
    model.dispose();
  }
});
