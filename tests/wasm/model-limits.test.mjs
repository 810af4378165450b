// model-limits.test.mjs — the JS face refuses exactly the model configurations the core
// refuses: at and just past every limit (abi.js ModelLimits), at the memory limit
// (the largest batch the core's estimate allows, and one more), for the vocabulary and the
// learning rate. The JS answer is readConfig + checkFits (web/lib/model/config.js), which name
// the size at fault; the core's is attn_model_check (and attn_model_set_learning_rate), what
// attn_model_create itself asks. A model at a limit the JS accepts is then built and trained.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ModelLimits } from '../../web/lib/abi.js';
import { AttnError, Status } from '../../web/lib/errors.js';
import { Out } from '../../web/lib/out.js';
import { readConfig, checkFits, paramCount } from '../../web/lib/model/config.js';
import { loadTestAttn } from './helpers.mjs';

const attn = await loadTestAttn();
const core = attn.core;
const SMALL = { layers: 1, heads: 1, dModel: 1, context: 1, batch: 1, lr: 1e-3, seed: 1 };

/** The JS face's answer for a configuration and vocabulary: 'accepts', or the AttnError's code. */
function jsAnswer(options, vocab) {
  try {
    checkFits(core, readConfig(core, options), vocab);
    return 'accepts';
  } catch (error) {
    assert.ok(error instanceof AttnError, `not an AttnError: ${error}`);
    assert.ok(error.message.length > 20 && !/undefined|\[object/.test(error.message), error.message);
    return error.code;
  }
}

/** The core's answer, by the check attn_model_create makes. */
function coreAccepts({ layers, heads, dModel, context, batch }, vocab) {
  return core.exports.attn_model_check(vocab, layers, heads, dModel, context, batch) === Status.OK;
}

function agree(label, options, vocab = 3) {
  const js = jsAnswer(options, vocab), c = coreAccepts(options, vocab);
  assert.equal(js === 'accepts', c, `${label}: the JS face ${js === 'accepts' ? 'accepts' : `refuses (code ${js})`}, the core ${c ? 'accepts' : 'refuses'}`);
  return js;
}

test('at and past every size limit, the JS face and the core give the same answer', () => {
  for (const name of ['layers', 'heads', 'dModel', 'context', 'batch']) {
    const max = ModelLimits[name];
    // heads must divide dModel: keep it so, and the memory small, while one size is at its limit.
    const at = { ...SMALL, [name]: max, ...(name === 'heads' ? { dModel: max } : {}) };
    const past = { ...SMALL, [name]: max + 1, ...(name === 'heads' ? { dModel: max + 1 } : {}) };
    agree(`${name} = ${max}`, at);
    assert.equal(agree(`${name} = ${max + 1}`, past), Status.SIZE, `${name} past its limit is refused by its size`);
    assert.equal(agree(`${name} = 0`, { ...SMALL, [name]: 0 }), Status.SIZE);
  }
  assert.equal(agree('every size at its smallest', SMALL), 'accepts');
  assert.equal(agree('64 layers', { ...SMALL, layers: ModelLimits.layers }), 'accepts');
  assert.equal(agree('context at its limit', { ...SMALL, context: ModelLimits.context }), 'accepts');
  assert.equal(agree('heads not dividing dModel', { ...SMALL, heads: 3, dModel: 8 }), Status.SHAPE);
});

test('the memory limit: the largest batch the core allows is accepted, one more is refused', () => {
  const config = { ...SMALL, layers: 2, heads: 2, dModel: 16, context: 2048 };
  const bytes = (batch) => core.call('estimate', 'attn_model_estimate_bytes', Out.f64('bytes'), 40, config.layers, config.heads, config.dModel, config.context, batch).bytes;
  let low = 1, high = ModelLimits.batch; // bytes(low) fits, bytes(high) does not
  assert.ok(bytes(low) <= ModelLimits.bytes && bytes(high) > ModelLimits.bytes);
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (bytes(mid) <= ModelLimits.bytes) low = mid; else high = mid;
  }
  assert.equal(agree(`batch ${low}`, { ...config, batch: low }, 40), 'accepts');
  assert.equal(agree(`batch ${high}`, { ...config, batch: high }, 40), Status.MEMORY);
  // The vocabulary counts too: a batch that fits two characters may not fit more.
  const lowFor2 = { ...config, batch: low + 1 };
  assert.equal(jsAnswer(lowFor2, 2) === 'accepts', coreAccepts(lowFor2, 2));
  assert.equal(agree('the same batch with a huge vocabulary', { ...config, batch: low }, 60000), Status.MEMORY);
});

test('the vocabulary limit and the learning rate agree with the core', () => {
  assert.equal(agree('the largest vocabulary', SMALL, ModelLimits.vocab), 'accepts');
  assert.equal(agree('one character more', SMALL, ModelLimits.vocab + 1), Status.SIZE);
  const model = attn.createModel({ ...SMALL, dModel: 2, text: 'abcabcabcabcabcabcabcabc' });
  try {
    const below = Math.fround(1 - 2 ** -24); // the largest float under 1
    for (const lr of [1e-3, below, 1, 1.5, 0, -1e-3, 1e-46, 2 ** -149, NaN]) {
      const js = jsAnswer({ ...SMALL, lr }, 3);
      const c = core.exports.attn_model_set_learning_rate(model.heap.pointer, lr) === Status.OK;
      assert.equal(js === 'accepts', c, `lr = ${lr}: the JS face ${js === 'accepts' ? 'accepts' : 'refuses'}, the core ${c ? 'accepts' : 'refuses'}`);
    }
  } finally {
    model.dispose();
  }
});

test('a model at a limit the JS face accepts is built and trains, and its parameter count is the core\'s', () => {
  const text = 'the cat sat on the mat. '.repeat(40);
  for (const options of [{ ...SMALL, layers: ModelLimits.layers }, { ...SMALL, context: 1 }, { ...SMALL, heads: 8, dModel: 8 }]) {
    const model = attn.createModel({ ...options, text });
    try {
      const { loss } = model.train(2);
      assert.ok(loss.every(Number.isFinite), `losses ${loss}`);
      assert.equal(model.paramCount, paramCount(core, model.config, model.tokenizer.size));
    } finally {
      model.dispose();
    }
  }
});
