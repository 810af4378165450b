// cross.test.mjs — <attn-cross>'s known outputs through the core (cross-model.js): every row of
// cross-attention sums to 1; a padded source column gets weight exactly 0; with identical source
// and target, cross-attention equals self-attention; the translation pairs align wherever they
// stand ("noir" → "black"); in the cache mode the newest row, computed against the KV cache, is
// the last row of causal self-attention over the words so far, at every step; an unknown word
// aligns only with its own spelling; an empty or over-long sentence is refused with a sentence.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AttnError } from '../../web/lib/attn.js';
import { loadWasmAttn } from './helpers.mjs';
import { computeCross, WIDTH } from '../../web/widgets/cross/cross-model.js';
import { KNOWN } from '../../web/widgets/cross/vocabulary.js';

const attn = await loadWasmAttn();
const DEFAULTS = { mode: 'cross', source: 'the black cat sleeps', target: 'le chat noir dort', second: 'the small dog eats the red fish', step: 2, noise: 0.3, seed: 1 };

const argmax = (row) => row.indexOf(Math.max(...row));
const rowsOf = (w, n, m) => Array.from({ length: n }, (_, i) => Array.from(w.subarray(i * m, (i + 1) * m)));

test('cross-attention: rows sum to 1, padded columns get exactly 0, and each French word finds its English one', () => {
  for (const seed of [1, 2, 99]) {
    const r = computeCross(attn, { ...DEFAULTS, seed });
    assert.deepEqual([r.n, r.m], [4, 7]);
    assert.deepEqual(r.lengths, [4, 7]);
    const rows = rowsOf(r.weights, r.n, r.m);
    for (const [i, row] of rows.entries()) {
      assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-6, `row ${i}`);
      assert.ok(Math.abs(r.sums[i] - 1) < 1e-6);
      assert.deepEqual(row.slice(4), [0, 0, 0], 'the padded columns');
      for (let j = 4; j < 7; j++) assert.equal(r.mask[i * 7 + j], -Infinity);
    }
    // le → the, chat → cat, noir → black, dort → sleeps: a different order in each sentence.
    assert.deepEqual(rows.map(argmax), [0, 2, 1, 3], `seed ${seed}`);
  }
  // The source as long as the other: no padding at all.
  const unpadded = computeCross(attn, { ...DEFAULTS, second: 'a dog' });
  assert.equal(unpadded.m, 4);
  assert.ok(unpadded.mask.every((x) => x === 0));
});

test('identical source and target: cross-attention equals self-attention', () => {
  for (const sentence of ['the black cat sleeps', 'le chat noir dort dans le jardin', 'paris is big']) {
    const cross = computeCross(attn, { ...DEFAULTS, source: sentence, target: sentence, second: 'a' });
    const self = computeCross(attn, { ...DEFAULTS, mode: 'self', source: sentence });
    assert.equal(cross.weights.length, self.weights.length);
    for (let i = 0; i < self.weights.length; i++) assert.ok(Math.abs(cross.weights[i] - self.weights[i]) <= 1e-7, `${sentence} [${i}]`);
    for (let i = 0; i < self.out.length; i++) assert.ok(Math.abs(cross.out[i] - self.out[i]) <= 1e-6);
  }
});

test('the KV cache, word by word: the newest row is the last row of causal self-attention, at every step', () => {
  const target = 'le petit chat noir mange le fromage dans la maison';
  for (let step = 1; step <= 10; step++) {
    const r = computeCross(attn, { ...DEFAULTS, mode: 'cache', target, step });
    assert.equal(r.n, step);
    assert.equal(r.newest.keys.length, step * WIDTH);
    for (let j = 0; j < step; j++) assert.ok(Math.abs(r.newest.weights[j] - r.causalRow[j]) <= 1e-6, `step ${step}, key ${j}`);
    for (let d = 0; d < WIDTH; d++) assert.ok(Math.abs(r.newest.out[d] - r.causalOut[d]) <= 1e-5);
    // Each earlier row sums to 1 over the words cached then; later keys have weight 0.
    const rows = rowsOf(r.weights, step, step);
    rows.forEach((row, i) => {
      assert.ok(Math.abs(row.slice(0, i + 1).reduce((a, b) => a + b, 0) - 1) < 1e-6);
      assert.ok(row.slice(i + 1).every((x) => x === 0));
    });
  }
  // A step past the target's length shows the whole target.
  assert.equal(computeCross(attn, { ...DEFAULTS, mode: 'cache', step: 9 }).n, 4);
});

test('words outside the vocabulary line up with their own spelling only; bad sentences are refused', () => {
  const r = computeCross(attn, { ...DEFAULTS, source: 'paris is big', target: 'paris est grand', second: 'a' });
  assert.deepEqual(r.unknown, ['paris']);
  assert.deepEqual(rowsOf(r.weights, 3, 3).map(argmax), [0, 1, 2]);
  const refused = (settings, pattern) => assert.throws(() => computeCross(attn, { ...DEFAULTS, ...settings }), (e) => e instanceof AttnError && pattern.test(e.message));
  refused({ source: '   ' }, /^The source sentence is empty: type 1 to 10 words\.$/);
  refused({ target: '!!!' }, /^The target sentence is empty/);
  refused({ second: 'a b c d e f g h i j k' }, /^The batch’s other source sentence has 11 words; use 1 to 10 words/);
  // Every known word is one of a pair with a different spelling in the other language.
  assert.equal(new Set([...KNOWN.en, ...KNOWN.fr]).size, KNOWN.en.length + KNOWN.fr.length, 'no word in both lists');
});

test('word vectors: a pair shares its meaning, noise 0 makes them one; the rotation keeps dot products', () => {
  const v = (concept, word, noise = 0.3) => attn.conceptEmbedding({ concept, word, noise, seed: 1, d: WIDTH });
  assert.deepEqual(v('black', 'en:black', 0), v('black', 'fr:noir', 0));
  assert.notDeepEqual(v('black', 'en:black'), v('black', 'fr:noir'));
  const r = attn.randomRotation({ seed: 1, d: WIDTH });
  for (let i = 0; i < WIDTH; i++) {
    for (let j = 0; j < WIDTH; j++) {
      let dot = 0;
      for (let k = 0; k < WIDTH; k++) dot += r[i * WIDTH + k] * r[j * WIDTH + k];
      assert.ok(Math.abs(dot - (i === j ? 1 : 0)) < 1e-5);
    }
  }
});
