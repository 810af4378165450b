// heads-rules.js — the four hand-set heads of <attn-heads>: a tiny word tagger, each head's rule
// (which key every query should look at), and the matrices that make the C core's multi-head
// attention produce those patterns. No DOM here.
//
// How the heads are "set by hand". X gives token i a one-hot position (features 0–15) and a fixed
// word vector (features 16–63). Head h's key weights W^K_h read the position, so k_i = e_i; its
// query weights W^Q_h hold, in the row of position i, the rule's preferred scores for query i
// times √16. Then q_i·k_j / √16 is exactly that preferred score, and the core's softmax turns it
// into weights. Value weights W^V and the output projection W^O are fixed seeded random matrices
// standing in for trained ones (or W^O = I, to show what happens without mixing).

import { splitWords } from '../../ui/sentence.js';

export const MAX_WORDS = 16;
export const HEADS = 4;
export const HEAD_WIDTH = MAX_WORDS;          // d_k = d_v = 16 (a query row must hold N ≤ 16 scores)
export const D_MODEL = HEADS * HEAD_WIDTH;    // 64
export const DEFAULT_SENTENCE = 'The animal didn\'t cross the street because it was tired';

const STRONG = 5;   // preferred score of the one key a rule picks (e^5 ≈ 148 against 1 for the rest)
const SHARED = 4;   // preferred score of each of two keys a rule shares its weight between

const PRONOUNS = new Set(['it', 'he', 'she', 'they', 'we', 'i', 'you', 'him', 'them', 'us', 'me']);
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'my', 'your', 'his',
  'her', 'its', 'our', 'their', 'every', 'each', 'some', 'no', 'any']);
const LINKS = new Set(['because', 'and', 'but', 'so', 'although', 'though', 'since', 'while', 'when',
  'if', 'or', 'until', 'unless']);
const ADJECTIVES = new Set(['big', 'small', 'little', 'old', 'young', 'red', 'tired', 'happy', 'sad',
  'wide', 'busy', 'new', 'good', 'bad', 'long', 'short', 'quick', 'lazy', 'brown', 'black', 'white',
  'large', 'tall', 'hungry', 'angry', 'empty', 'full', 'quiet', 'loud', 'dark', 'cold', 'warm', 'wet']);
const VERBS = new Set(`is am are was were be been being has have had do does did can could will would
  shall should may might must cross crossed crosses run ran runs walk walked walks sit sat sits eat ate
  eats see saw sees go went goes chase chased chases bite bit bites like liked likes love loved loves
  want wanted wants make made makes take took takes read reads write wrote writes say said says find
  found finds give gave gives come came comes look looked looks sleep slept sleeps jump jumped jumps
  bark barked barks stop stopped stops wait waited waits play played plays leave left leaves get got
  gets know knew knows think thought thinks open opened opens close closed closes fall fell falls
  become became becomes seem seemed seems feel felt feels need needed needs try tried tries help
  helped helps hear heard hears stay stayed stays rest rested rests lie lay lies`.split(/\s+/));

/**
 * The words the heads read, from a sentence (ui/sentence.js splits it; each word is read bare,
 * without the punctuation around it), or the reason it cannot be read: 2 to 16 words.
 * @returns {{ words: string[] } | { error: string }}
 */
export function readSentence(text) {
  const words = splitWords(text).map((word) => word.bare);
  if (words.length < 2) return { error: 'Type a sentence of at least 2 words.' };
  if (words.length > MAX_WORDS) return { error: `Up to ${MAX_WORDS} words, please: this sentence has ${words.length}.` };
  return { words };
}

/** A word class for each word: 'pronoun', 'verb', 'noun', 'link', 'det', 'adj' or 'other'. */
export function tag(words) {
  const lower = words.map((w) => w.toLowerCase().replace(/’/g, '\''));
  const tags = lower.map((w) => {
    if (PRONOUNS.has(w)) return 'pronoun';
    if (DETERMINERS.has(w)) return 'det';
    if (LINKS.has(w)) return 'link';
    if (VERBS.has(w) || /n't$/.test(w)) return 'verb';
    if (ADJECTIVES.has(w)) return 'adj';
    return 'other';
  });
  // A noun: the first word after a determiner that is not an adjective; or a capitalised word
  // the tagger does not know (a name).
  for (let i = 0; i < words.length; i++) {
    if (tags[i] === 'det') {
      let j = i + 1;
      while (j < words.length && tags[j] === 'adj') j++;
      if (j < words.length && tags[j] === 'other') tags[j] = 'noun';
    } else if (tags[i] === 'other' && /^\p{Lu}/u.test(words[i])) {
      tags[i] = 'noun';
    }
  }
  return tags;
}

const quote = (w) => `“${w}”`;

/**
 * The four heads' rules applied to `words`: for each head, each query's preferred keys, and
 * notes saying where the rule found nothing.
 * @returns {{ name: string, rule: string, targets: number[][], notes: string[] }[]}
 */
export function applyRules(words) {
  const tags = tag(words);
  const n = words.length;
  const heads = [];

  // Head 1: the previous word.
  {
    const targets = words.map((_, i) => (i === 0 ? [0] : [i - 1]));
    heads.push({ name: 'Previous word', rule: 'each word looks at the word before it', targets,
      notes: [`${quote(words[0])} is first, so it has no previous word and looks at itself.`] });
  }

  // Head 2: a pronoun looks at the first noun before it (the sentence's subject, usually).
  {
    const notes = [];
    const targets = words.map((_, i) => {
      if (tags[i] !== 'pronoun') return [i];
      const noun = tags.findIndex((t, j) => j < i && t === 'noun');
      if (noun < 0) {
        notes.push(`${quote(words[i])} has no noun before it, so it looks at itself.`);
        return [i];
      }
      return [noun];
    });
    if (!tags.includes('pronoun')) notes.push('No pronoun (it, he, she, they…) in this sentence: the rule finds nothing, and every word looks at itself.');
    else notes.push('Words that are not pronouns look at themselves.');
    heads.push({ name: 'Pronoun → noun', rule: 'a pronoun looks at the first noun before it', targets, notes });
  }

  // Head 3: a verb looks at its subject, taken as the nearest noun or pronoun before it.
  {
    const notes = [];
    const targets = words.map((_, i) => {
      if (tags[i] !== 'verb') return [i];
      for (let j = i - 1; j >= 0; j--) if (tags[j] === 'noun' || tags[j] === 'pronoun') return [j];
      notes.push(`${quote(words[i])} has no noun or pronoun before it, so it looks at itself.`);
      return [i];
    });
    if (!tags.includes('verb')) notes.push('No word of this sentence is in the demo’s verb list: the rule finds nothing, and every word looks at itself.');
    else notes.push('Words that are not verbs look at themselves.');
    heads.push({ name: 'Verb → subject', rule: 'a verb looks at the nearest noun or pronoun before it', targets, notes });
  }

  // Head 4: every word splits its attention between the first word and a linking word.
  {
    const link = tags.indexOf('link');
    const notes = [];
    if (link < 0) notes.push('No linking word (because, and, but, so…) in this sentence: every word looks at the start only.');
    const targets = words.map(() => (link > 0 ? [0, link] : [0]));
    heads.push({ name: link > 0 ? `Start and ${quote(words[link])}` : 'Start', rule: `every word looks at the first word${link > 0 ? ` and at ${quote(words[link])}` : ''}`, targets, notes });
  }
  return { tags, heads, n };
}

/** Preferred scores (n, n) for one head: STRONG on a lone target, SHARED on each of two. */
function preferredScores(targets) {
  const n = targets.length;
  const scores = new Float32Array(n * n);
  targets.forEach((keys, i) => {
    const value = keys.length > 1 ? SHARED : STRONG;
    for (const j of keys) scores[i * n + j] = value;
  });
  return scores;
}

/**
 * The inputs of attn.multiHead for these words: X (n, 64), W^Q, W^K, W^V, W^O (64, 64).
 * `mixing` false makes W^O the identity. Word vectors and the fixed random W^V, W^O come from the
 * core (its word embedding and its one seeded generator).
 */
export function buildInputs(attn, words, heads, { mixing = true } = {}) {
  const n = words.length, d = D_MODEL, dh = HEAD_WIDTH;
  const x = new Float32Array(n * d);
  words.forEach((word, i) => {
    x[i * d + i] = 1;
    const vector = attn.wordEmbedding({ word: word.toLowerCase(), d: d - MAX_WORDS });
    x.set(vector, i * d + MAX_WORDS);
  });
  const wq = new Float32Array(d * d), wk = new Float32Array(d * d);
  heads.forEach((head, h) => {
    const scores = preferredScores(head.targets);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) wq[i * d + h * dh + j] = scores[i * n + j] * Math.sqrt(dh);
    }
    for (let p = 0; p < MAX_WORDS; p++) wk[p * d + h * dh + p] = 1;
  });
  // Normal draws scaled to the spread of uniform [−1, 1) numbers (variance 1/3).
  const wv = attn.randomNormals({ count: d * d, seed: 606 }).map((v) => v / Math.sqrt(3 * (d - MAX_WORDS)));
  for (let p = 0; p < MAX_WORDS; p++) wv.fill(0, p * d, (p + 1) * d); // values come from the word vector only
  const wo = mixing ? attn.randomNormals({ count: d * d, seed: 707 }).map((v) => v / Math.sqrt(d))
    : Float32Array.from({ length: d * d }, (_, k) => (k % (d + 1) === 0 ? 1 : 0));
  return { x, wq, wk, wv, wo, n, dModel: d, heads: HEADS };
}
