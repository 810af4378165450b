// api/model.js — attn.createModel / attn.loadModel / attn.defaultCorpus: a character-level
// transformer trained by the C core (the Model itself is ../model/model.js).
//
//   const model = attn.createModel({ text, layers, heads, dModel, context, batch, lr, seed });
//   const again = attn.loadModel(model.save(), { text });
//   const { text, entropy } = attn.defaultCorpus({ length, seed });
//   const { text, entropy } = attn.repeatsCorpus({ length, shortest, longest, letters, seed });  // text with repeats
//
// A configuration is checked against the core's limits before anything is built
// (../model/config.js); a weights file is admitted field by field (../model/weights-file.js).

import * as check from '../validate.js';
import { AttnError, Status } from '../errors.js';
import { Out } from '../out.js';
import { DEFAULT_CORPUS, REPEATS_CORPUS } from '../model/presets.js';
import { readConfig, checkFits } from '../model/config.js';
import { prepareText, MAX_TEXT_CHARS } from '../model/training-text.js';
import { admitWeightsFile, restoreWeights } from '../model/weights-file.js';
import { Model } from '../model/model.js';

/** attn.defaultCorpus({ length, seed }) → { text, entropy } (entropy: nats per character). */
export function defaultCorpus(core, { length = DEFAULT_CORPUS.length, seed = DEFAULT_CORPUS.seed } = {}) {
  check.size('length', length, { max: MAX_TEXT_CHARS });
  check.size('seed', seed, { min: 0, max: 2 ** 32 - 1 });
  return core.run((scope) => {
    const text = scope.alloc(length + 1);
    const { entropy } = scope.call('defaultCorpus', 'attn_corpus_generate', text, Out.f64('entropy'), length, seed);
    return { text: scope.readText(text, length), entropy };
  });
}

/**
 * attn.repeatsCorpus({ length, shortest, longest, letters, seed }) → { text, entropy }: segments
 * of h random letters (h from shortest to longest; letters from the first `letters` of a … z),
 * each followed by its own copy; entropy is the generator's choices per character (nats).
 */
export function repeatsCorpus(core, options) {
  const o = { ...REPEATS_CORPUS, ...check.options('repeatsCorpus', options) };
  check.size('length', o.length, { max: MAX_TEXT_CHARS });
  check.size('shortest', o.shortest, { max: o.length });
  check.size('longest', o.longest, { max: o.length });
  if (o.longest < o.shortest) throw new AttnError(Status.ARGUMENT, `longest (${o.longest}) must be at least shortest (${o.shortest}).`);
  check.size('letters', o.letters, { min: 2, max: 26 });
  check.size('step', o.step, { max: o.letters });
  check.size('seed', o.seed, { min: 0, max: 2 ** 32 - 1 });
  return core.run((scope) => {
    const text = scope.alloc(o.length + 1);
    const { entropy } = scope.call('repeatsCorpus', 'attn_corpus_repeats', text, Out.f64('entropy'), o.length, o.shortest, o.longest, o.letters, o.step, o.seed);
    return { text: scope.readText(text, o.length), entropy };
  });
}

/** attn.createModel(options): a new model, on `text` or (without one) the default corpus. */
export function createModel(core, options = {}) {
  const config = readConfig(core, options);
  const corpus = options.text === undefined ? { kind: 'default', ...DEFAULT_CORPUS } : { kind: 'text' };
  let entropy = null;
  let text = options.text;
  if (text === undefined) ({ text, entropy } = defaultCorpus(core, DEFAULT_CORPUS));
  const data = prepareText(text, config.context);
  checkFits(core, config, data.tokenizer.size);
  const model = new Model(core, config, data.tokenizer, corpus);
  try {
    model.setData(data, entropy);
  } catch (error) {
    model.dispose();
    throw error;
  }
  return model;
}

/** attn.loadModel(bytes, { text }) — a saved model; `text` (optional) gives it data to train and evaluate on. */
export function loadModel(core, bytes, options) {
  let { text } = check.options('loadModel', options);
  const file = admitWeightsFile(core, bytes);
  const model = new Model(core, file.config, file.tokenizer, file.corpus);
  try {
    restoreWeights(model, file);
    model.headHistory = file.headHistory;
    let entropy = null;
    if (text === undefined && file.corpus.kind === 'default') ({ text, entropy } = defaultCorpus(core, file.corpus));
    if (text !== undefined) model.setData(prepareText(text, file.config.context, file.tokenizer), entropy);
  } catch (error) {
    model.dispose();
    throw error;
  }
  return model;
}
