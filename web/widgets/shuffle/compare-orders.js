// compare-orders.js — the numbers of <attn-shuffle>, all from the C core: each word's vector (its
// word embedding), fixed projections, and self-attention run twice, on the words in their original
// order and in the order in use, so that each word's output in the new order can be set beside
// its output in the original one. With positions on and a first position above 0, it also
// measures what counting from there instead of 0 changed. No DOM: shuffle-results.js draws it.
//
//   const result = compareOrders(attn, new Map() /* embeddings, kept between calls */,
//     { words, order, width: 8, offset: 0, positions: 'none', mask: 'none' });
//   result.perWord // [{ word, wordIndex, place, was, now, diff }], diff the largest |was − now|

import { identity } from './shuffle-words.js';
import { largestDifference } from './shuffle-view.js';

/** The projections are fixed: the core's word embeddings (d·d numbers each) of these three
 *  strings, used as seeds only, never shown (other seeds would change every number; the wasm
 *  tests' reference uses the same ones). */
const PROJECTION_SEEDS = ['W^Q', 'W^K', 'W^V'];

/**
 * Runs self-attention on the words in their original order and in `order`, and compares them.
 * `embeddings` caches the core's embeddings by size and word across calls (a Map the caller keeps).
 * Throws the core's AttnError for settings it refuses (rotary positions with an odd width).
 */
export function compareOrders(attn, embeddings, { words, order, width: d, offset, positions, mask }) {
  const n = words.length;
  const embed = (key, size) => {
    const id = `${size}\u0000${key}`;
    if (!embeddings.has(id)) embeddings.set(id, attn.wordEmbedding({ word: key, d: size }));
    return embeddings.get(id);
  };
  const stack = (indices) => {
    const x = new Float32Array(n * d);
    indices.forEach((wordIndex, row) => x.set(embed(words[wordIndex].key, d), row * d));
    return x;
  };
  const [wq, wk, wv] = PROJECTION_SEEDS.map((name) => embed(name, d * d));
  const run = (x, kind, start) => attn.selfAttention({ x, wq, wk, wv, n, d, positions: kind, mask, offset: start });

  const xOriginal = stack(identity(n)), xNow = stack(order);
  const before = run(xOriginal, positions, offset), after = run(xNow, positions, offset);
  const perWord = words.map((word, wordIndex) => {
    const place = order.indexOf(wordIndex);
    const was = before.out.subarray(wordIndex * d, (wordIndex + 1) * d);
    const now = after.out.subarray(place * d, (place + 1) * d);
    return { word, wordIndex, place, was, now, diff: largestDifference(was, now) };
  });
  const worst = perWord.reduce((a, b) => (b.diff > a.diff ? b : a));
  const shifted = positions !== 'none' && offset > 0
    ? largestDifference(after.out, run(xNow, positions, 0).out) : null;
  const scale = Math.max(1e-9, ...before.out.map(Math.abs), ...after.out.map(Math.abs));
  return {
    n, d, perWord, largest: worst.diff, worst, shifted, scale, after,
    plain: positions === 'rotary' ? run(xNow, 'none', offset) : null,
    pe: positions === 'sinusoidal' ? attn.positions({ n: offset + n, d }).subarray(offset * d) : null,
  };
}
