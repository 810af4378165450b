// model/config.js — a model's configuration: read from the options (or a preset), every size
// checked against the core's limits (abi.js ModelLimits) with a sentence naming the one at
// fault, and the memory it would need asked of the core (attn_model_estimate_bytes). The lab so
// refuses exactly the configurations attn_model_create refuses, before building anything
// (tests/wasm/model-limits.test.mjs holds the two together at every limit). OPTION_LIMITS and
// checkOption are the one statement of each option's range: the training lab's form takes its
// inputs' min and max, and its sentences beside a field, from them.

import { AttnError, Status } from '../errors.js';
import { ModelLimits } from '../abi.js';
import { Out } from '../out.js';
import * as check from '../validate.js';
import { PRESETS } from './presets.js';

/** The smallest vocabulary a model has (two characters): the least memory any text can need. */
const SMALLEST_VOCAB = 2;

/**
 * Each option's range (the core's limits, abi.js ModelLimits): a whole number from min to max;
 * the learning rate (`exclusive`) a number strictly between them, as the core takes it (a float).
 */
export const OPTION_LIMITS = Object.freeze({
  layers: Object.freeze({ min: 1, max: ModelLimits.layers }),
  heads: Object.freeze({ min: 1, max: ModelLimits.heads }),
  dModel: Object.freeze({ min: 1, max: ModelLimits.dModel }),
  context: Object.freeze({ min: 1, max: ModelLimits.context }),
  batch: Object.freeze({ min: 1, max: ModelLimits.batch }),
  lr: Object.freeze({ min: 0, max: ModelLimits.lr, exclusive: true }),
  seed: Object.freeze({ min: 0, max: 2 ** 32 - 1 }),
});

/** `value` of option `name` (a key of OPTION_LIMITS) inside its range, or an AttnError naming it. */
export function checkOption(name, value) {
  const { min, max, exclusive } = OPTION_LIMITS[name];
  if (!exclusive) return check.size(name, value, { min, max });
  if (typeof value !== 'number' || !(Math.fround(value) > min && Math.fround(value) < max)) {
    const shown = name === 'lr' ? 'lr (the learning rate)' : name; // an API caller reads "lr"
    throw new AttnError(Status.ARGUMENT, `${shown} must be a number strictly between ${min} and ${max}, but it is ${check.describe(value)}.`);
  }
  return value;
}

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
  const config = Object.fromEntries(Object.keys(OPTION_LIMITS).map((name) => [name, checkOption(name, options[name] === undefined ? preset[name] : options[name])]));
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
