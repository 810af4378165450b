// model/config.js — a model's configuration: read from the options (or a preset), every size
// checked against the core's limits (abi.js ModelLimits) with a sentence naming the one at
// fault, and the memory it would need asked of the core (attn_model_estimate_bytes). The lab so
// refuses exactly the configurations attn_model_create refuses, before building anything
// (tests/wasm/model-limits.test.mjs holds the two together at every limit).

import { AttnError, Status } from '../errors.js';
import { ModelLimits } from '../abi.js';
import { Out } from '../out.js';
import * as check from '../validate.js';
import { PRESETS } from './presets.js';

/** The smallest vocabulary a model has (two characters): the least memory any text can need. */
const SMALLEST_VOCAB = 2;

/**
 * { layers, heads, dModel, context, batch, lr, seed } from `options` (missing fields from the
 * preset, 'small' by default), or an AttnError naming what is wrong. Memory is checked for the
 * smallest vocabulary here; checkFits checks it again once the vocabulary is known.
 */
export function readConfig(core, options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new AttnError(Status.TYPE, `The model's options must be an object such as { layers: 2, heads: 4 }, but they are ${check.describe(options)}.`);
  }
  const preset = options.preset === undefined ? PRESETS.small : (Object.hasOwn(PRESETS, options.preset) ? PRESETS[options.preset] : null);
  if (!preset) throw new AttnError(Status.ARGUMENT, `preset must be one of ${Object.keys(PRESETS).join(', ')}, but it is ${check.describe(options.preset)}.`);
  const pick = (name) => (options[name] === undefined ? preset[name] : options[name]);
  const config = {
    layers: check.size('layers', pick('layers'), { max: ModelLimits.layers }),
    heads: check.size('heads', pick('heads'), { max: ModelLimits.heads }),
    dModel: check.size('dModel', pick('dModel'), { max: ModelLimits.dModel }),
    context: check.size('context', pick('context'), { max: ModelLimits.context }),
    batch: check.size('batch', pick('batch'), { max: ModelLimits.batch }),
    lr: pick('lr'),
    seed: check.size('seed', pick('seed'), { min: 0, max: 2 ** 32 - 1 }),
  };
  // The core takes the rate as a float: it must stay inside (0, max) once rounded to one.
  if (typeof config.lr !== 'number' || !(Math.fround(config.lr) > 0 && Math.fround(config.lr) < ModelLimits.lr)) {
    throw new AttnError(Status.ARGUMENT, `lr (the learning rate) must be a number between 0 and ${ModelLimits.lr}, but it is ${check.describe(config.lr)}.`);
  }
  checkMemory(core, config, SMALLEST_VOCAB);
  if (config.dModel % config.heads !== 0) {
    throw new AttnError(Status.SHAPE, `dModel (${config.dModel}) must be divisible by heads (${config.heads}): each head gets dModel / heads dimensions.`);
  }
  return config;
}

/** A model of `config` over `vocab` characters fits the core's limits, or an AttnError saying why not. */
export function checkFits(core, config, vocab) {
  if (vocab > ModelLimits.vocab) {
    throw new AttnError(Status.SIZE, `A model's vocabulary may hold at most ${ModelLimits.vocab.toLocaleString('en')} characters, but this one has ${vocab.toLocaleString('en')}.`);
  }
  checkMemory(core, config, vocab);
}

function checkMemory(core, { layers, heads, dModel, context, batch }, vocab) {
  const { bytes } = core.call('createModel', 'attn_model_estimate_bytes', Out.f64('bytes'), vocab, layers, heads, dModel, context, batch);
  if (bytes > ModelLimits.bytes) {
    const need = Math.round(bytes / 2 ** 20), most = Math.floor(ModelLimits.bytes / 2 ** 20);
    throw new AttnError(Status.MEMORY, `This model would need about ${need.toLocaleString('en')} MiB to train, more than the ${most.toLocaleString('en')} MiB the lab allows: make it smaller (fewer layers, a smaller d_model, context or batch).`);
  }
}

/** Floats in the parameter block of a model of `config` over `vocab` characters (the core's count). */
export function paramCount(core, { layers, dModel, context }, vocab) {
  return core.call('paramCount', 'attn_model_param_count', Out.f64('count'), vocab, layers, dModel, context).count;
}
