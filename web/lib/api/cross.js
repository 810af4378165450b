// api/cross.js — the word vectors and fixed projections of the cross-attention demo: a word of
// a given meaning gets that meaning's vector plus a little noise of its own (so a translation pair
// points the same way wherever the two words stand), and queries and keys share one random
// rotation (so a query's score against a key is the two word vectors' dot product).
//
//   attn.conceptEmbedding({ concept: 'black', word: 'fr:noir', noise: 0.3, seed: 1, d: 16 }) // Float32Array(d)
//   attn.randomRotation({ seed: 1, d: 16 })                                                // Float32Array(d·d), orthogonal

import { AttnError, Status } from '../errors.js';
import * as check from '../validate.js';

/** The longest concept or word accepted, in UTF-8 bytes. */
const MAX_BYTES = 256;

function utf8(name, text) {
  if (typeof text !== 'string') throw new AttnError(Status.TYPE, `${name} must be text, but it is ${check.describe(text)}.`);
  const bytes = new TextEncoder().encode(text);
  if (bytes.length === 0) throw new AttnError(Status.SIZE, `${name} must hold at least one character, but it is empty.`);
  if (bytes.length > MAX_BYTES) throw new AttnError(Status.SIZE, `${name} must be at most ${MAX_BYTES} bytes long, but it is ${bytes.length}.`);
  return bytes;
}

/**
 * e = c + noise·w: c from the concept's bytes (shared by its translations), w from the word's.
 * @returns {Float32Array} (d)
 */
export function conceptEmbedding(core, { concept, word, noise = 0, seed = 1, d } = {}) {
  check.size('d', d);
  check.seed('seed', seed);
  const conceptBytes = utf8('concept', concept), wordBytes = utf8('word', word);
  if (typeof noise !== 'number' || !Number.isFinite(noise) || noise < 0) {
    throw new AttnError(Status.VALUE, `noise must be a finite number ≥ 0, but it is ${check.describe(noise)}.`);
  }
  return core.run((scope) => {
    const e = scope.f32Out(d);
    core.check(core.exports.attn_concept_embedding(e, scope.bytes(conceptBytes), conceptBytes.length,
      scope.bytes(wordBytes), wordBytes.length, noise, seed, d), 'conceptEmbedding');
    return scope.readF32(e, d);
  });
}

/** An orthogonal (d, d) matrix from `seed`, row-major. */
export function randomRotation(core, { seed = 1, d } = {}) {
  check.size('d', d, { max: 4096 });
  check.seed('seed', seed);
  return core.run((scope) => {
    const r = scope.f32Out(d * d);
    core.check(core.exports.attn_random_rotation(r, seed, d), 'randomRotation');
    return scope.readF32(r, d * d);
  });
}
