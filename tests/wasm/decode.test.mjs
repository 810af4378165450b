// decode.test.mjs — decoding with the KV cache through the JS face (model.decoder(),
// model.sample), on the shipped model and on small ones: at every step t, for every layer and
// head, the new query's weights are the last row of the full causal maps (≤ 1e-5), and the cached
// keys and values of earlier steps never change; the decoder's work counts are attn.decodeCost's;
// cached and uncached sampling give the same characters for several models, temperatures and
// lengths, past the context too (where the window slides and the cache is rebuilt); a decoder
// dies with its model; <attn-decode>'s state (decode-run.js) writes model.sample's text and
// refuses an empty prompt, an unseen character and a step past the context with a sentence.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { AttnError } from '../../web/lib/attn.js';
import { loadWasmAttn } from './helpers.mjs';
import { DecodeRun } from '../../web/widgets/decode/decode-run.js';
import { measureDecoding } from '../../web/lib/model/decode-measure.js';

const attn = await loadWasmAttn();
const SHIPPED = readFileSync(new URL('../../web/models/default-small.attnlab', import.meta.url));
const TOLERANCE = 1e-5;
const TEXT = 'the cat sat on the mat. the dog ate the log. a cat and a dog. '.repeat(12);

function worst(a, b) {
  assert.equal(a.length, b.length);
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  return d;
}

test('the shipped model: every step’s weights are the last row of the causal maps, in every layer and head', () => {
  const model = attn.loadModel(SHIPPED);
  const { layers, heads, context, dModel } = model.config;
  const text = Array.from('the queen said "i am late." she was tired. the king (who watched the geese) was small.').slice(0, context);
  const decoder = model.decoder();
  let largest = 0;
  let previous = null;
  for (let t = 1; t <= text.length; t++) {
    const step = decoder.step(text[t - 1]);
    assert.equal(step.t, t);
    const maps = model.attentionMaps(text.slice(0, t).join(''));
    for (let l = 0; l < layers; l++) {
      for (let h = 0; h < heads; h++) {
        const row = step.weights.subarray((l * heads + h) * t, (l * heads + h + 1) * t);
        const full = maps.weights.subarray(((l * heads + h) * t + t - 1) * t, ((l * heads + h) * t + t) * t);
        largest = Math.max(largest, worst(row, full));
      }
    }
    // The cache grows by one row; the rows before stay exactly as they were.
    const cache = decoder.cache(1, 2);
    assert.equal(cache.keys.length, t * (dModel / heads));
    if (previous) assert.deepEqual(cache.keys.slice(0, previous.keys.length), previous.keys);
    previous = cache;
    const cost = attn.decodeCost({ vocab: model.tokenizer.size, layers, dModel, t });
    assert.equal(step.work.attention, cost.cachedAttention);
    assert.equal(step.work.total, cost.cachedTotal);
    assert.equal(cost.cacheBytes, 2 * layers * t * dModel * 4);
  }
  console.log(`    largest difference over ${text.length} steps, ${layers} layers, ${heads} heads: ${largest.toExponential(2)}`);
  assert.ok(largest <= TOLERANCE);
  assert.throws(() => decoder.step('t'), (e) => e instanceof AttnError && /The cache is full: this model’s context holds 64 characters/.test(e.message));
  assert.equal(decoder.length, context);
  model.dispose();
  assert.ok(decoder.disposed, 'the decoder goes with its model');
});

test('cached and uncached sampling write the same characters: models, temperatures, lengths, past the context', () => {
  const shipped = attn.loadModel(SHIPPED);
  const tiny = attn.createModel({ text: TEXT, layers: 2, heads: 2, dModel: 8, context: 8, batch: 4, seed: 5 });
  const trained = attn.createModel({ text: TEXT, layers: 1, heads: 4, dModel: 16, context: 12, batch: 4, seed: 6 });
  trained.train(30);
  let compared = 0;
  for (const [model, prompts] of [[shipped, ['the queen said ', 't', 'the king (who was tired) said "i am late." the queen ']], [tiny, ['the ', 'a cat and a dog. the dog']], [trained, ['the cat sat on the mat']]]) {
    const context = model.config.context;
    for (const prompt of prompts) {
      for (const temperature of [0, 0.7, 1.3]) {
        for (const length of [1, context - 1, 2 * context + 3]) {
          const cached = model.sample({ prompt, length, temperature, seed: 7 });
          const uncached = model.sample({ prompt, length, temperature, seed: 7, cache: false });
          assert.equal(cached, uncached, `prompt ${JSON.stringify(prompt)}, T ${temperature}, length ${length}`);
          compared += length;
        }
      }
    }
  }
  console.log(`    ${compared.toLocaleString('en-US')} characters compared`);
  for (const model of [shipped, tiny, trained]) model.dispose();
});

test('<attn-decode>’s state writes model.sample’s text, feeds only what is new, and refuses with sentences', () => {
  const run = new DecodeRun(attn, attn.loadModel(SHIPPED));
  const settings = { prompt: 'the queen said ', temperature: 0.8, seed: 3 };
  const first = run.advance({ ...settings, generated: 5 });
  const text = run.model.sample({ ...settings, length: 5 });
  assert.equal(first.chars.join(''), settings.prompt + text);
  assert.equal(first.t, settings.prompt.length + 5);
  const probabilities = first.next.model.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(probabilities - 1) < 1e-5);
  // One more character: the decoder feeds one step, and the text still is model.sample's.
  const second = run.advance({ ...settings, generated: 6 });
  assert.equal(second.chars.join(''), settings.prompt + run.model.sample({ ...settings, length: 6 }));
  assert.equal(run.decoder.length, second.t);
  // Another seed: everything again from the prompt.
  const other = run.advance({ ...settings, seed: 4, generated: 6 });
  assert.equal(other.chars.join(''), settings.prompt + run.model.sample({ ...settings, seed: 4, length: 6 }));
  const refuses = (options, pattern) => assert.throws(() => run.advance({ ...settings, ...options }), (e) => e instanceof AttnError && pattern.test(e.message));
  refuses({ prompt: '', generated: 0 }, /^The prompt is empty: type at least one character/);
  refuses({ prompt: 'the Queen', generated: 0 }, /^The prompt has the character "Q" \(at 5\), which the model never saw/);
  refuses({ prompt: 'x'.repeat(65), generated: 0 }, /^The prompt has 65 characters, but this model’s context holds 64/);
  refuses({ generated: 64 - settings.prompt.length + 1 }, /^A step of 50 does not fit: the prompt’s 15 characters and 50 new ones would be 65, and this model’s context holds 64 \(its learned positions end there\), so the step can be at most 49\.$/);
  assert.equal(run.roomProblem(settings.prompt, 49), undefined);
  assert.equal(run.full(settings.prompt, 48), false);
  assert.equal(run.full(settings.prompt, 49), true);
  // The last good state is still there.
  assert.equal(run.decoder.length, other.t);
  run.dispose();
});

test('measuring both ways decodes the same characters (a measurement: no time is asserted)', () => {
  const model = attn.loadModel(SHIPPED);
  const bytes = model.save({ optimizer: false });
  model.dispose();
  const result = measureDecoding(attn, { bytes, prompt: 'the ', length: 30, repeats: 1 });
  assert.equal(result.same, true);
  assert.equal(result.length, 30);
  assert.ok(result.cached.tokensPerSecond > 0 && result.recompute.tokensPerSecond > 0);
  assert.throws(() => measureDecoding(attn, { bytes: 'file', prompt: 't', length: 3 }), /bytes must be a weights file/);
});
