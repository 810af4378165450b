// api/embedding.js — attn.wordEmbedding: a fixed vector for a word, derived from the word alone
// (the core hashes its UTF-8 bytes with FNV-1a and draws d numbers in [−1, 1) from that seed).

import { AttnError, Status } from '../errors.js';
import * as check from '../validate.js';

/** The longest word accepted, in UTF-8 bytes. */
const MAX_WORD_BYTES = 256;

/**
 * @param {object} o
 * @param {string} o.word  any non-empty text; the same text always gives the same vector
 * @param {number} o.d     the vector's width
 * @returns {Float32Array} (d)
 */
export function wordEmbedding(core, { word, d } = {}) {
  check.size('d', d);
  if (typeof word !== 'string') {
    throw new AttnError(Status.TYPE, `word must be text, but it is ${check.describe(word)}.`);
  }
  const bytes = new TextEncoder().encode(word);
  if (bytes.length === 0) throw new AttnError(Status.SIZE, 'word must hold at least one character, but it is empty.');
  if (bytes.length > MAX_WORD_BYTES) {
    throw new AttnError(Status.SIZE, `word must be at most ${MAX_WORD_BYTES} bytes long, but it is ${bytes.length}.`);
  }
  return core.run((scope) => {
    const e = scope.f32Out(d);
    core.check(core.exports.attn_word_embedding(e, scope.bytes(bytes), bytes.length, d), 'wordEmbedding');
    return scope.readF32(e, d);
  });
}
