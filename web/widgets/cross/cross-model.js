// cross-model.js — the numbers behind <attn-cross>, with no DOM: where Q, K and V come from in
// each of the three modes, every number through the C core.
//
// Each word's vector (D = 16) is its meaning's vector plus `noise` times a vector of its own
// (vocabulary.js, attn.conceptEmbedding). Queries and keys are both projected by one random
// rotation R (attn.randomRotation), so q·k is the dot product of the two word vectors: about D
// for a translation pair, about 0 for unrelated words. Values are projected by another rotation.
//   cross  Q = X_target·R; K = X_source·R, V = X_source·W^V, the source padded to the longest
//          source of the batch (itself and `second`), padded keys blocked by a padding mask
//   self   Q, K and V all from the source sentence (no batch, no mask)
//   cache  the target decoded word by word: each step appends one key and one value to a KV
//          cache (attn.kvCache) and attends with the newest word's query alone; beside it, the
//          same row of causal self-attention over the words so far
// Throws an AttnError whose sentence a learner can read for a sentence that is empty or too long.

import { AttnError, Status } from '../../lib/errors.js';
import { splitWords, wordCount } from '../../ui/sentence.js';
import { lookUp } from './vocabulary.js';

export const WIDTH = 16;
export const MAX_WORDS = 10;
export const PAD = '⟨pad⟩';
export const MODES = ['cross', 'self', 'cache'];
/** The longest word, in characters: its vector is made from its lowercased spelling with a
 *  prefix ("spelling:"), which the core takes up to 256 bytes, and a character is up to 4 bytes. */
export const MAX_WORD_CHARACTERS = 60;

/** Why a sentence cannot be used, or undefined. `name` starts the sentence. */
export function sentenceProblem(text, name = 'The sentence') {
  const count = splitWords(text).length;
  if (count === 0) return `${name} is empty: type 1 to ${MAX_WORDS} words.`;
  if (count > MAX_WORDS) return `${name} has ${wordCount(count)}; use 1 to ${MAX_WORDS} words, separated by spaces.`;
  const long = splitWords(text).find((w) => Array.from(w.key).length > MAX_WORD_CHARACTERS);
  if (long) {
    const chars = Array.from(long.bare);
    const shown = chars.length > 16 ? `${chars.slice(0, 12).join('')}…` : long.bare;
    return `${name} has a word too long: a word can have at most ${MAX_WORD_CHARACTERS} characters; “${shown}” has ${Array.from(long.key).length.toLocaleString('en-US')}.`;
  }
  return undefined;
}

function words(text, name) {
  const problem = sentenceProblem(text, name);
  if (problem) throw new AttnError(Status.SIZE, problem);
  return splitWords(text).map((w) => ({ ...w, ...lookUp(w.key) }));
}

/** The vectors of `list` (rows of WIDTH), `rows` rows in all: rows past the words are zero (padding). */
function embed(attn, list, rows, { noise, seed }) {
  const x = new Float32Array(rows * WIDTH);
  list.forEach((w, i) => x.set(attn.conceptEmbedding({ concept: w.meaning, word: w.word, noise, seed, d: WIDTH }), i * WIDTH));
  return x;
}

/** The fixed projections: R for queries and keys, W^V for values. */
export function projections(attn, seed) {
  return { r: attn.randomRotation({ seed, d: WIDTH }), wv: attn.randomRotation({ seed: (seed + 1) >>> 0, d: WIDTH }) };
}

const project = (attn, x, w, rows) => attn.matmul({ a: x, b: w, m: rows, k: WIDTH, n: WIDTH });

/**
 * Everything one mode shows, for settings { mode, source, target, second, step, noise, seed }:
 * { mode, rows: [labels], cols: [labels], weights (rows × cols), sums, unknown: [words], ... }.
 */
export function computeCross(attn, s) {
  const layout = crossLayout(s);
  const { source, target, second } = layout;
  const { r, wv } = projections(attn, s.seed);
  if (s.mode === 'self') return { ...layout, ...selfAttention(attn, source, s, r, wv) };
  if (s.mode === 'cache') return { ...layout, ...cacheSteps(attn, target, s, r, wv) };
  return { ...layout, ...crossAttention(attn, source, target, second, s, r, wv) };
}

/**
 * What one mode shows apart from its numbers, with no core (words and counts only): the words,
 * those not in the vocabulary, and the map's shape (n rows × m columns). The widget lays its map
 * and tables out from it before it starts; computeCross adds the numbers.
 */
export function crossLayout(s) {
  const source = words(s.source, 'The source sentence');
  const target = words(s.target, 'The target sentence');
  const second = words(s.second, 'The batch’s other source sentence');
  // Each word outside the vocabulary once (by its key), said as first typed: of the sentences this
  // mode reads (self-attention reads the source alone, the cache the target alone).
  const read = s.mode === 'self' ? source : s.mode === 'cache' ? target : [...source, ...target];
  const unknown = new Map();
  for (const w of read) if (!w.known && !unknown.has(w.key)) unknown.set(w.key, w.text);
  const common = { unknown: [...unknown.values()], source, target, second };
  if (s.mode === 'self') return { ...common, mode: 'self', n: source.length, m: source.length };
  if (s.mode === 'cache') {
    const length = target.length, step = Math.min(Math.max(1, s.step), length);
    return { ...common, mode: 'cache', n: step, m: step, step, length, next: step < length ? target[step].text : null };
  }
  const m = Math.max(source.length, second.length);
  return {
    ...common, mode: 'cross', n: target.length, m, lengths: [source.length, second.length],
    cols: [...source.map((w) => w.text), ...Array(m - source.length).fill(PAD)],
  };
}

function crossAttention(attn, source, target, second, s, r, wv) {
  const n = target.length, m = Math.max(source.length, second.length);
  const xt = embed(attn, target, n, s), xs = embed(attn, source, m, s);
  const q = project(attn, xt, r, n), k = project(attn, xs, r, m), v = project(attn, xs, wv, m);
  const lengths = [source.length, second.length];
  const mask = attn.mask({ kind: 'padding', n, m, lengths }).slice(0, n * m); // the source's slice of the batch
  const result = attn.attention({ q, k, v, n, m, dk: WIDTH, dv: WIDTH, mask });
  const { sums } = attn.rowStats({ weights: result.weights, n, m });
  return {
    mode: 'cross', n, m, lengths, mask,
    rows: target.map((w) => w.text), cols: [...source.map((w) => w.text), ...Array(m - source.length).fill(PAD)],
    weights: result.weights, sums, out: result.out,
  };
}

function selfAttention(attn, source, s, r, wv) {
  const n = source.length;
  const x = embed(attn, source, n, s);
  const result = attn.attention({ q: project(attn, x, r, n), k: project(attn, x, r, n), v: project(attn, x, wv, n), n, m: n, dk: WIDTH, dv: WIDTH, mask: 'none' });
  const { sums } = attn.rowStats({ weights: result.weights, n, m: n });
  const labels = source.map((w) => w.text);
  return { mode: 'self', n, m: n, rows: labels, cols: labels, weights: result.weights, sums, out: result.out };
}

/**
 * The target decoded one word at a time, `step` words so far (at most the target's length):
 * each word's key and value join a KV cache, and its query attends over the cache. Row t holds
 * the weights word t gave the t + 1 words cached then; the keys after it were not in the cache
 * yet (weight 0). Beside the newest row: the same row of causal self-attention over the first
 * `step` words, computed in one call.
 */
function cacheSteps(attn, target, s, r, wv) {
  const n = target.length, step = Math.min(Math.max(1, s.step), n);
  const x = embed(attn, target.slice(0, step), step, s);
  const q = project(attn, x, r, step), k = project(attn, x, r, step), v = project(attn, x, wv, step);
  const weights = new Float32Array(step * step); // zeros right of the diagonal
  const cache = attn.kvCache({ dk: WIDTH, dv: WIDTH, capacity: step });
  let newest;
  try {
    for (let t = 0; t < step; t++) {
      const row = (a) => a.subarray(t * WIDTH, (t + 1) * WIDTH);
      cache.append(row(k), row(v));
      newest = cache.attendWithWeights(row(q));
      weights.set(newest.weights, t * step);
    }
    Object.assign(newest, cache.read(0));
  } finally {
    cache.dispose();
  }
  const full = attn.attention({ q, k, v, n: step, m: step, dk: WIDTH, dv: WIDTH, mask: 'causal' });
  const labels = target.slice(0, step).map((w) => w.text);
  const { sums } = attn.rowStats({ weights, n: step, m: step });
  return {
    mode: 'cache', n: step, m: step, step, length: n, rows: labels, cols: labels, weights, sums,
    newest,
    causalRow: full.weights.slice((step - 1) * step, step * step),
    causalOut: full.out.slice((step - 1) * WIDTH, step * WIDTH),
    next: step < n ? target[step].text : null,
  };
}
