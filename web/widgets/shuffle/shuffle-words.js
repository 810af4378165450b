// shuffle-words.js — the sentence side of <attn-shuffle>: which sentences it takes, and orders
// (arrangements of the words). No DOM and no numbers: the numbers come from the core.

import { splitWords } from '../../ui/sentence.js';

export const DEFAULT_SENTENCE = 'The dog bit the man';
export const MAX_WORDS = 16;
const MAX_WORD_LENGTH = 40;

/**
 * The words of a sentence (ui/sentence.js splits it), or why it cannot be used: 1 to 16 words
 * of at most 40 characters. A word's vector is made from its key, so "The" and "the," share one.
 * @returns {{words: {text: string, bare: string, key: string}[]} | {error: string}}
 */
export function parseSentence(sentence) {
  const words = splitWords(sentence);
  if (words.length === 0) return { error: 'Type at least one word.' };
  if (words.length > MAX_WORDS) {
    return { error: `Use at most ${MAX_WORDS} words: this sentence has ${words.length}.` };
  }
  const long = words.find(({ text }) => [...text].length > MAX_WORD_LENGTH);
  if (long) {
    return { error: `Each word may have at most ${MAX_WORD_LENGTH} characters: “${[...long.text].slice(0, 12).join('')}…” has ${[...long.text].length}.` };
  }
  return { words };
}

/** The identity order 0..n-1. */
export const identity = (n) => Array.from({ length: n }, (_, i) => i);

export const isIdentity = (order) => order.every((from, i) => from === i);

/** Whether `order` (distinct whole numbers) arranges exactly n words: a permutation of 0..n-1. */
export const arranges = (order, n) => order.length === n && order.every((i) => i < n);

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
