// shuffle-words.js — the sentence side of <attn-shuffle>: splitting a sentence into words,
// what counts as "the same word" (its embedding key), and orders (arrangements of the words).
// No DOM and no numbers: the numbers come from the core.

export const DEFAULT_SENTENCE = 'The dog bit the man';
export const MAX_WORDS = 16;
export const MAX_WORD_LENGTH = 40;

/**
 * Splits a sentence into words, or explains why it cannot be used.
 * @returns {{words: {text: string, key: string}[]} | {error: string}}
 *   `key` is what the embedding is derived from: the word lowercased, without the punctuation
 *   around it, so "The" and "the," share one vector.
 */
export function parseSentence(sentence) {
  const texts = String(sentence ?? '').trim().split(/\s+/).filter(Boolean);
  if (texts.length === 0) return { error: 'Type at least one word.' };
  if (texts.length > MAX_WORDS) {
    return { error: `Use at most ${MAX_WORDS} words: this sentence has ${texts.length}.` };
  }
  const long = texts.find((text) => [...text].length > MAX_WORD_LENGTH);
  if (long) {
    return { error: `Each word may have at most ${MAX_WORD_LENGTH} characters: “${[...long].slice(0, 12).join('')}…” has ${[...long].length}.` };
  }
  return { words: texts.map((text) => ({ text, key: wordKey(text) })) };
}

/** The embedding key of a word: lowercased, surrounding punctuation trimmed (kept if nothing else). */
export function wordKey(text) {
  const lower = text.toLowerCase();
  return lower.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || lower;
}

/** The identity order 0..n-1. */
export const identity = (n) => Array.from({ length: n }, (_, i) => i);

export const isIdentity = (order) => order.every((from, i) => from === i);

/** Parses an `order` attribute ("0,4,2,3,1"): a permutation of 0..n-1, or null. */
export function parseOrder(text, n) {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const order = text.split(',').map((part) => Number(part.trim()));
  if (order.length !== n || !order.every((i) => Number.isInteger(i) && i >= 0 && i < n)) return null;
  return new Set(order).size === n ? order : null;
}

/** A random order different from `order` (when the words can be reordered at all). */
export function shuffled(order, random = Math.random) {
  const n = order.length;
  if (n < 2) return [...order];
  for (;;) {
    const next = [...order];
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [next[i], next[j]] = [next[j], next[i]];
    }
    if (next.some((from, i) => from !== order[i])) return next;
  }
}

/** `order` with the entry at `from` taken out and put back at `to`. */
export function moved(order, from, to) {
  const next = [...order];
  const [entry] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, entry);
  return next;
}

/** `order` with the slots holding the first "dog" and the first "man" exchanged, or null. */
export function swappedDogAndMan(order, words) {
  const dog = order.findIndex((i) => words[i].key === 'dog');
  const man = order.findIndex((i) => words[i].key === 'man');
  if (dog < 0 || man < 0) return null;
  const next = [...order];
  [next[dog], next[man]] = [next[man], next[dog]];
  return next;
}
