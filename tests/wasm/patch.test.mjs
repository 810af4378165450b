// patch.test.mjs — activation patching (model.patch, c/src/patch.c) against its known answers and
// an independent double-precision reference (patchShares in reference/transformer.mjs, on
// the weights read from the file the core saved):
//   - the residual stream leaving the last block at the last position restores exactly 1;
//     any other position leaving the last block, and any position before the prompts differ,
//     exactly 0 (nothing later reads them / they are the same in both runs);
//   - a head whose W^O rows are zero restores exactly 0;
//   - the weights are bit for bit as they were;
//   - every share agrees with the reference to 1e-4 (the metric is a difference of two logits of
//     the order of 1 to 10, which float32 carries to about 1e-5; the default pair's gap is above
//     0.5, so a share, a difference of metrics over the gap, is good to about 4e-5).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { loadWasmAttn } from './helpers.mjs';
import { readWeightsFile, unpack, layout, patchShares } from '../../reference/transformer.mjs';
import { PATCH_PAIRS } from '../../web/lib/model/patch-pairs.js';

const attn = await loadWasmAttn();
const shippedBytes = readFileSync(new URL('../../web/models/default-small.attnlab', import.meta.url));
const TOLERANCE = 1e-4;
const PAIR = PATCH_PAIRS[0];
const hash = (model) => createHash('sha256').update(model.getParams()).digest('hex');

test('the shipped model, the default pair: the known shares, and every share matches the double reference', () => {
  const model = attn.loadModel(shippedBytes);
  const saved = readWeightsFile(shippedBytes);
  const ref = unpack(saved.header, saved.floats);
  const ids = (text) => Array.from(model.tokenizer.encode(text));
  const [good, bad] = [PAIR.good, PAIR.bad].map((c) => model.tokenizer.encode(c)[0]);
  const before = hash(model);
  const { layers } = model.config;
  for (const over of ['heads', 'positions']) {
    const progress = [];
    const r = model.patch({ clean: PAIR.clean, corrupted: PAIR.corrupted, metric: { good: PAIR.good, bad: PAIR.bad }, over, onProgress: (done, total) => progress.push([done, total]) });
    assert.deepEqual(progress, Array.from({ length: layers }, (_, l) => [l + 1, layers]));
    const expected = patchShares(ref, ids(PAIR.clean), ids(PAIR.corrupted), good, bad, over);
    assert.ok(Math.abs(r.clean - r.corrupted) > 0.5, `the default pair's gap is ${r.clean - r.corrupted}`);
    assert.ok(Math.abs(r.clean - expected.clean) < 1e-4 && Math.abs(r.corrupted - expected.corrupted) < 1e-4);
    let worst = 0;
    r.restored.forEach((share, i) => {
      worst = Math.max(worst, Math.abs(share - expected.restored[i]));
      assert.ok(Math.abs(share - expected.restored[i]) <= TOLERANCE, `${over} ${i}: core ${share}, reference ${expected.restored[i]}`);
    });
    console.log(`# ${over}: metric clean ${r.clean.toFixed(4)}, corrupted ${r.corrupted.toFixed(4)}; largest difference from the reference ${worst.toExponential(2)}`);
    console.log(`#   restored ${Array.from(r.restored, (x) => x.toFixed(3)).join(' ')}`);
    if (over === 'positions') {
      const t = r.t, changed = Array.from(PAIR.clean).findIndex((c, i) => c !== Array.from(PAIR.corrupted)[i]);
      assert.equal(r.restored.length, layers * t);
      assert.equal(r.restored[(layers - 1) * t + t - 1], 1);
      for (let p = 0; p < t - 1; p++) assert.ok(r.restored[(layers - 1) * t + p] === 0, `leaving the last block at ${p}`); // 0 or −0
      for (let l = 0; l < layers; l++) for (let p = 0; p < changed; p++) assert.ok(r.restored[l * t + p] === 0, `layer ${l}, position ${p}, before the change`);
    } else {
      assert.equal(r.restored.length, layers * model.config.heads);
    }
  }
  assert.equal(hash(model), before, 'the weights changed');
  model.dispose();
});

test('a head whose output projection is zero restores exactly 0', () => {
  const model = attn.loadModel(shippedBytes);
  const { layers, heads, dModel: c, context } = model.config;
  const { entries, length } = layout(layers, c, context, model.tokenizer.size);
  const params = model.getParams();
  assert.equal(params.length, length);
  const [, start] = entries.find(([name]) => name === '0.wo'); // (C, C) stored (in, out): head 2 is rows D … 2D − 1
  const d = c / heads;
  params.fill(0, start + 2 * d * c, start + 3 * d * c);
  model.setParams(params);
  const r = model.patch({ clean: PAIR.clean, corrupted: PAIR.corrupted, metric: { good: PAIR.good, bad: PAIR.bad }, over: 'heads' });
  assert.ok(r.restored[2] === 0, `${r.restored[2]}`); // 0 or −0
  assert.ok(r.restored.some((x) => x !== 0));
  model.dispose();
});

test('every offered pair has two prompts of one length that the shipped model reads, and a gap', () => {
  const model = attn.loadModel(shippedBytes);
  for (const pair of PATCH_PAIRS) {
    assert.equal(Array.from(pair.clean).length, Array.from(pair.corrupted).length, pair.clean);
    const r = model.patch({ clean: pair.clean, corrupted: pair.corrupted, metric: { good: pair.good, bad: pair.bad }, over: 'heads' });
    assert.ok(r.clean !== r.corrupted);
  }
  model.dispose();
});

test('a zero gap is an AttnError with a sentence, and the model still works after it', () => {
  const model = attn.loadModel(shippedBytes);
  assert.throws(() => model.patch({ clean: PAIR.clean, corrupted: PAIR.clean, metric: { good: PAIR.good, bad: PAIR.bad } }),
    (e) => e.name === 'AttnError' && /no gap for a patch to restore/.test(e.message));
  assert.equal(model.patch({ clean: PAIR.clean, corrupted: PAIR.corrupted, metric: { good: PAIR.good, bad: PAIR.bad } }).restored.length, 8);
  model.dispose();
});
