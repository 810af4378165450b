// seq2seq.test.mjs — the two translation encoder–decoders through the JS face (api/seq2seq.js)
// on the page's core: the task's sentences, a few steps that reduce the loss, a tiny case that
// training learns, the cross-attention's rows, bad input as AttnError, and the recorded run the
// page ships (web/models/translation-run.json, made by scripts/seq2seq-experiment.mjs), whose
// claims are checked here: the bottleneck's accuracy falls with source length, attention's
// holds, and its weight sits on the true alignment far above chance. Short: a few seconds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadWasmAttn, assertAttnError } from './helpers.mjs';
import { Status } from '../../web/lib/errors.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const attn = await loadWasmAttn();
const TINY = { embed: 16, hidden: 32, batch: 16, minLength: 3, maxLength: 4, lr: 1e-2, warmup: 10, steps: 200 };

test('translationSentence gives the task\'s sentences, spelled, with their alignment', () => {
  const s = attn.translationSentence({ seed: 1, split: 'train', index: 0, minLength: 3, maxLength: 40 });
  assert.equal(s.source.length, 25);
  assert.deepEqual(s.sourceWords.slice(0, 8), ['the', 'small', 'tree', 'helps', 'a', 'cold', 'king', 'sees']);
  assert.deepEqual(s.targetWords.slice(0, 8), ['eht', 'eert', 'llams', 'spleh', 'a', 'gnik', 'dloc', 'sees']);
  assert.deepEqual(Array.from(s.alignment.slice(0, 8)), [0, 2, 1, 3, 4, 6, 5, 7]);
  const held = attn.translationSentence({ seed: 1, split: 'heldOut', index: 3, minLength: 9, maxLength: 9 });
  assert.equal(held.target.length, 9);
});

test('a few steps reduce the loss of both kinds', () => {
  for (const kind of ['bottleneck', 'attention']) {
    const model = attn.createSeq2seq({ kind, ...TINY });
    try {
      const losses = model.train(40);
      const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
      assert.ok(mean(losses.slice(30)) < 0.9 * mean(losses.slice(0, 10)), `${kind}: ${losses[0]} → ${losses[39]}`);
      assert.equal(model.steps, 40);
    } finally {
      model.dispose();
    }
  }
});

test('a tiny attention model learns short sentences, and its weights are rows over the source', () => {
  const model = attn.createSeq2seq({ kind: 'attention', ...TINY });
  try {
    const before = model.evaluate({ bins: 1, sentencesPerBin: 40 });
    model.train(200);
    const after = model.evaluate({ bins: 1, sentencesPerBin: 40 });
    assert.deepEqual(after.lengths, [[3, 4]]);
    assert.ok(before.accuracy[0] < 0.2 && after.accuracy[0] > 0.9, `accuracy ${before.accuracy[0]} → ${after.accuracy[0]}`);
    assert.ok(after.alignment[0] > after.chance[0], `alignment ${after.alignment[0]} beside chance ${after.chance[0]}`);
    const s = attn.translationSentence({ seed: 1, split: 'heldOut', index: 5, minLength: 4, maxLength: 4 });
    const { weights, predicted, loss } = model.translate(s);
    assert.equal(weights.length, 16);
    for (let j = 0; j < 4; j++) assert.ok(Math.abs(weights.slice(4 * j, 4 * j + 4).reduce((a, b) => a + b) - 1) < 1e-5);
    assert.equal(predicted.length, 4);
    assert.ok(loss >= 0);
  } finally {
    model.dispose();
  }
});

test('bad input is an AttnError that says what was wrong', () => {
  assertAttnError(() => attn.createSeq2seq({ kind: 'lstm' }), Status.ARGUMENT, /kind must be 'bottleneck' or 'attention'/);
  assertAttnError(() => attn.createSeq2seq({ embed: 0 }), Status.SIZE, /embed must be between 1 and 512/);
  assertAttnError(() => attn.createSeq2seq({ maxLength: 41 }), Status.SIZE, /maxLength must be between 3 and 40/);
  assertAttnError(() => attn.createSeq2seq({ minLength: 12, maxLength: 6 }), Status.ARGUMENT, /minLength \(12\) must be at most maxLength \(6\)/);
  assertAttnError(() => attn.createSeq2seq({ lr: 2 }), Status.ARGUMENT, /lr must be strictly between 0 and 1/);
  assertAttnError(() => attn.translationSentence({ split: 'test' }), Status.ARGUMENT, /split must be 'train' or 'heldOut'/);
  const model = attn.createSeq2seq({ kind: 'bottleneck', ...TINY });
  try {
    assertAttnError(() => model.evaluate({ bins: 3 }), Status.SIZE, /bins must be between 1 and 2/);
    assertAttnError(() => model.translate({ source: [1, 2, 3], target: [1, 2] }), Status.LENGTH, /target must hold 3 ids/);
    assertAttnError(() => model.translate({ source: [1, 2, 34], target: [1, 2, 3] }), Status.VALUE, /source must hold ids from 0 to 33, but entry 2 is 34/);
    assertAttnError(() => model.train(0), Status.SIZE, /steps must be between 1/);
    assert.equal(model.translate({ source: [1, 2, 3], target: [4, 5, 6] }).weights, null);
  } finally {
    model.dispose();
  }
  assertAttnError(() => model.train(1), Status.ARGUMENT, /This translation model has been disposed/);
});

test('the recorded run shows what the page will say: the bottleneck falls with length, attention holds and aligns', () => {
  const record = JSON.parse(readFileSync(`${root}web/models/translation-run.json`, 'utf8'));
  const { bottleneck, attention } = record.runs;
  assert.deepEqual(bottleneck.config, attention.config, 'the same settings for both');
  assert.deepEqual(bottleneck.lengths, attention.lengths);
  const last = (run) => run.checkpoints.at(-1);
  assert.equal(last(bottleneck).step, bottleneck.config.steps);
  const a = last(bottleneck).accuracy, b = last(attention).accuracy;
  assert.ok(a[0] - a.at(-1) > 0.2, `the bottleneck's accuracy by length: ${a.join(', ')}`);
  assert.ok(Math.min(...b) > 0.9, `attention's accuracy by length: ${b.join(', ')}`);
  last(attention).alignment.forEach((score, k) => { // more than halfway from chance to all the weight on the true word
    const chance = last(attention).chance[k];
    assert.ok(score > chance + 0.5 * (1 - chance), `bin ${k}: alignment ${score} beside chance ${chance}`);
  });
  const t = attention.sentence.alignment.length;
  assert.equal(attention.checkpoints[0].map.length, t * t);
  assert.ok(record.timing.rows.length >= 2 && record.timing.rows.every((row) => row.bottleneck > 0 && row.attention > 0));
});
