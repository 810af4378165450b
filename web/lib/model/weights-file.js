// model/weights-file.js — a model as a weights file (the byte format is checkpoint.js's), and
// admitting one: its version, configuration, vocabulary, weight count (against the core's count
// for that configuration, before any model is built), step count and corpus are each checked,
// and a file that fails any check is refused with a sentence saying which.
//
//   const bytes = weightsFile(model);                       // model.save() does this
//   const file = admitWeightsFile(core, bytes);              // → { config, tokenizer, params, … }
//   const model = new Model(core, file.config, file.tokenizer, file.corpus);
//   restoreWeights(model, file);

import { AttnError, Status } from '../errors.js';
import * as check from '../validate.js';
import { encodeCheckpoint, decodeCheckpoint } from './checkpoint.js';
import { readConfig, checkFits, paramCount } from './config.js';
import { CharTokenizer } from './tokenizer.js';
import { MAX_TEXT_CHARS } from './training-text.js';
import { admitHistory } from './head-history.js';

// Version 2 adds the optimiser's state (AdamW's moments, the batch sampler's generator); version 1
// files still load, with fresh moments.
const VERSION = 2;
const READABLE_VERSIONS = [1, 2];
/** A billion steps is far past any run in the lab, and leaves the core's int count room to grow. */
const MAX_LOADED_STEPS = 1e9;

/**
 * The weights file of `model`, with the optimiser's state unless `optimizer: false` (a smaller
 * file; it resumes with fresh moments). Other fields of the options join the header.
 */
export function weightsFile(model, { optimizer = true, ...extra } = {}) {
  const params = model.getParams();
  const state = optimizer ? model.getOptimizerState() : null;
  const header = { version: VERSION, config: model.config, vocab: model.tokenizer.vocab, steps: model.steps, corpus: model.corpus, paramCount: params.length, ...extra };
  if (state) header.optimizer = { rng: state.rng };
  return encodeCheckpoint(header, params, state);
}

/**
 * The contents of a weights file, every one checked: { config, tokenizer, params, moments
 * (null for a version 1 file), rng, steps, corpus, headHistory (head-history.js; empty when the
 * file has none) }; or an AttnError (FORMAT) saying what is wrong.
 */
export function admitWeightsFile(core, bytes) {
  const { header, params, moments } = decodeCheckpoint(bytes);
  if (!READABLE_VERSIONS.includes(header.version)) {
    const has = header.version === undefined ? 'has no version number' : `has version ${check.describe(header.version)}`;
    throw new AttnError(Status.FORMAT, `This weights file ${has}; this lab reads versions ${READABLE_VERSIONS.join(' and ')}.`);
  }
  const cannotBuild = (error) => new AttnError(Status.FORMAT, `This weights file describes a model this lab cannot build: ${error.message}`);
  let config;
  try {
    config = readConfig(core, header.config);
  } catch (error) {
    throw cannotBuild(error);
  }
  const vocab = header.vocab;
  if (vocab.length < 2 || new Set(vocab).size !== vocab.length || !vocab.every((c) => typeof c === 'string' && Array.from(c).length === 1)) {
    throw new AttnError(Status.FORMAT, 'This weights file cannot be used: its vocabulary is not a list of distinct characters.');
  }
  try {
    checkFits(core, config, vocab.length);
  } catch (error) {
    throw cannotBuild(error);
  }
  // Checked before the model is built, so a damaged header cannot make the lab allocate a model
  // of up to the core's memory limit only to find that the weights do not fit it.
  const needed = paramCount(core, config, vocab.length);
  if (needed !== params.length) {
    throw new AttnError(Status.FORMAT, `This weights file holds ${params.length} weights, but its model needs ${needed}.`);
  }
  const steps = header.steps ?? 0;
  if (!Number.isInteger(steps) || steps < 0 || steps > MAX_LOADED_STEPS) {
    throw new AttnError(Status.FORMAT, `This weights file cannot be used: its count of training steps is ${check.describe(steps)}, not a whole number from 0 to ${MAX_LOADED_STEPS.toLocaleString('en')}.`);
  }
  const corpus = header.corpus ?? { kind: 'text' };
  if (corpus.kind === 'default') {
    try {
      check.size('length', corpus.length, { max: MAX_TEXT_CHARS });
      check.size('seed', corpus.seed, { min: 0, max: 2 ** 32 - 1 });
    } catch (error) {
      throw new AttnError(Status.FORMAT, `This weights file describes its training text wrongly: ${error.message}`);
    }
  }
  const headHistory = admitHistory(header.headHistory, config, steps);
  return { config, tokenizer: new CharTokenizer(vocab), params, moments, rng: header.optimizer?.rng, steps, corpus, headHistory };
}

/** Puts an admitted file's weights, step count and optimiser state (when it has one) into `model`. */
export function restoreWeights(model, { params, steps, moments, rng }) {
  model.setParams(params, steps);
  if (!moments) return;
  try {
    model.setOptimizerState({ ...moments, rng });
  } catch (error) {
    throw new AttnError(Status.FORMAT, error.message.replace('This optimizer state', 'This weights file'));
  }
}
