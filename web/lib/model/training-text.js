// model/training-text.js — the text a model trains on: checked (not empty, not too long, more
// than one character, long enough for the context), then tokenized and split 90/10 into
// training and validation ids.

import { AttnError, Status } from '../errors.js';
import * as check from '../validate.js';
import { CharTokenizer } from './tokenizer.js';

/** The longest text the lab trains on (also the longest default corpus it generates). */
export const MAX_TEXT_CHARS = 5 * 1024 * 1024;

/**
 * { tokenizer, train, val } (ids, Int32Array views) from `text`, with `tokenizer` (a loaded
 * model's) or a new one made from the text's characters; or an AttnError saying why the text
 * cannot be used with this context.
 */
export function prepareText(text, context, tokenizer) {
  if (typeof text !== 'string') throw new AttnError(Status.TYPE, `text must be a string, but it is ${check.describe(text)}.`);
  if (text.length === 0) throw new AttnError(Status.LENGTH, 'The text is empty: paste or load some text to train on.');
  if (text.length > MAX_TEXT_CHARS) throw new AttnError(Status.LENGTH, `The text is too long (${text.length} characters; at most ${MAX_TEXT_CHARS}).`);
  tokenizer ??= CharTokenizer.fromText(text);
  if (tokenizer.size < 2) throw new AttnError(Status.VALUE, `The text has only one distinct character (${JSON.stringify(tokenizer.vocab[0])}): there is nothing to predict.`);
  const ids = tokenizer.encode(text);
  const split = Math.floor(ids.length * 0.9);
  const need = context + 1;
  if (ids.length - split < need) {
    throw new AttnError(Status.LENGTH, `The text is too short for a context of ${context}: its validation tenth has ${ids.length - split} characters and needs at least ${need} (so the text needs about ${need * 10}).`);
  }
  return { tokenizer, train: ids.subarray(0, split), val: ids.subarray(split) };
}
