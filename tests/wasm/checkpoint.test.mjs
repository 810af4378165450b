// checkpoint.test.mjs — the model the site ships (web/models/default-small.attnlab, made by
// `npm run train-default`) loads, describes itself, and gives the validation loss it recorded.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadWasmAttn } from './helpers.mjs';
import { PRESETS } from '../../web/lib/model/presets.js';
import { DEFAULT_CHECKPOINT_CONFIG } from '../../web/lib/model/default-checkpoint.js';

const attn = await loadWasmAttn();
const root = new URL('../../web/models/', import.meta.url);
const bytes = new Uint8Array(readFileSync(new URL('default-small.attnlab', root)));
const record = JSON.parse(readFileSync(new URL('default-small.json', root), 'utf8'));

test('the shipped checkpoint gives its recorded validation loss', () => {
  const model = attn.loadModel(bytes);
  assert.deepEqual({ ...model.config }, { ...PRESETS.small });
  // The widgets lay out the model's maps from this before it loads (<attn-decode>, <attn-train>).
  assert.deepEqual({ ...model.config }, { ...DEFAULT_CHECKPOINT_CONFIG });
  assert.equal(model.steps, record.steps);
  const loss = model.evaluate();
  console.log(`    validation loss ${loss} (recorded ${record.valLoss}); unigram ${record.unigram}, floor ${record.floor}`);
  // Equal to the last bit with this core; a faster matmul kernel may move the last digits.
  assert.ok(Math.abs(loss - record.valLoss) < 1e-3, `${loss} vs ${record.valLoss}`);
  assert.ok(loss < record.unigram);
  assert.ok(loss > record.floor);
  assert.ok(Math.abs(model.baselines.floor - record.floor) < 1e-12);
  model.dispose();
});

test('the shipped checkpoint shows causal maps on a probe', () => {
  const model = attn.loadModel(bytes);
  const { t, weights, layers, heads } = model.attentionMaps('the queen said "i am late."');
  for (let m = 0; m < layers * heads; m++) {
    for (let i = 0; i < t; i++) for (let j = i + 1; j < t; j++) assert.equal(weights[(m * t + i) * t + j], 0);
  }
  model.dispose();
});
