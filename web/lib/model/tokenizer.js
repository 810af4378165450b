// tokenizer.js — a character-level tokenizer: the vocabulary is the text's distinct characters
// (code points) in sorted order; ids index it.

import { AttnError, Status } from '../errors.js';

export class CharTokenizer {
  /** @param {string[]} vocab  distinct characters, in id order */
  constructor(vocab) {
    this.vocab = vocab;
    this.ids = new Map(vocab.map((c, i) => [c, i]));
  }

  static fromText(text) {
    return new CharTokenizer([...new Set(Array.from(text))].sort());
  }

  get size() { return this.vocab.length; }

  /** Int32Array of ids; a character outside the vocabulary is an error naming it. */
  encode(text, name = 'text') {
    const chars = Array.from(text);
    const out = new Int32Array(chars.length);
    for (let i = 0; i < chars.length; i++) {
      const id = this.ids.get(chars[i]);
      if (id === undefined) {
        throw new AttnError(Status.VALUE, `${name} has the character ${JSON.stringify(chars[i])} (at ${i + 1}), which the model never saw in its training text.`);
      }
      out[i] = id;
    }
    return out;
  }

  decode(ids) {
    let s = '';
    for (const id of ids) s += this.vocab[id];
    return s;
  }
}
