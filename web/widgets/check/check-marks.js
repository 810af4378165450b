// check-marks.js — marks the numeric answers of <attn-check> with the C core: the learner's number
// is compared with what the core computes for the question's own numbers, never with a string.
// No DOM. Each mark returns { right, sentence } (the sentence says what was right or what was not,
// and why) or, for text that is not an answer at all, { problem: a sentence for the field }.
//
//   variance    raw score variance at d_k: the core draws VARIANCE_DRAWS random (q, k) pairs
//               (attn.scoreStats) and an answer within VARIANCE_TOLERANCE of its measurement is
//               right. Why 5 %: the sample variance of 50,000 scores has a relative standard error
//               of √((2 + 6/d_k) / 50,000), under 0.8 % for every d_k offered (d_k ≥ 16), so the
//               exact d_k is always inside 5 % (over six standard errors), while √d_k, d_k/2, 2·d_k
//               and 1 never are.
//   entries     score-table entries of one head at N (attn.cost: scoreEntries), exactly.
//   crossover   the N past which the quadratic term wins at d_model (attn.cost: crossover), exactly.
//   kv-cache    the bytes of a float32 KV cache of L layers, width d_model, t tokens
//               (attn.decodeCost: cacheBytes, 2·L·t·d_model·4), exactly; the feedback names the
//               classic slips (no bytes per number, keys only, queries cached too, one layer) and
//               says what the cache saves per step (decodeCost's attention work with it and without).

import { readNumber, quote } from '../../ui/attribute-types.js';

export const VARIANCE_DRAWS = 50_000;
export const VARIANCE_TOLERANCE = 0.05;
/** The cost questions fix the head count; the score table of one head does not depend on it. */
const COST_HEADS = 1;
/** attn.decodeCost wants a vocabulary; its cache and its attention work do not depend on it. */
const CACHE_VOCAB = 256;

const count = (x) => Math.round(x).toLocaleString('en-US');
const near = (a, b, tolerance) => Math.abs(a - b) <= tolerance * Math.abs(b);

/** The learner's text as a number, or a { problem } sentence. */
function readAnswer(text, { whole = false, what }) {
  const typed = String(text ?? '').trim();
  if (typed === '') return { problem: `Type ${what} first, as a number (digits, e.g. 1,024 or 1024).` };
  const value = readNumber(typed);
  if (!Number.isFinite(value)) return { problem: `${quote(typed)} is not a number: type ${what} in digits, e.g. 1,024 or 1024.` };
  if (value < 0) return { problem: `${quote(typed)} is negative, and ${what} never is.` };
  if (whole && !Number.isInteger(value)) return { problem: `${quote(typed)} is not a whole number, and ${what} is a count.` };
  return { value };
}

/** "What variance do raw scores q·k have at d_k?" (d_k from the question's numbers). */
export function markVariance(attn, { dk, seed }, text) {
  const read = readAnswer(text, { what: 'a variance' });
  if ('problem' in read) return read;
  const { variance } = attn.scoreStats({ dk, draws: VARIANCE_DRAWS, seed, bins: 1 });
  const measured = `The core drew ${count(VARIANCE_DRAWS)} random query–key pairs at d_k = ${dk} and measured a variance of ${variance.toFixed(2)}`;
  if (near(read.value, variance, VARIANCE_TOLERANCE)) {
    return { right: true, sentence: `Right. ${measured}; answers within ${VARIANCE_TOLERANCE * 100} % of that count. Each of the ${dk} products q_i·k_i has variance 1, and the variances of independent terms add, so the raw score has variance d_k = ${dk}. Dividing by √d_k brings it back to 1.` };
  }
  if (near(read.value, Math.sqrt(dk), VARIANCE_TOLERANCE)) {
    return { right: false, sentence: `Not quite: ${read.value.toLocaleString('en-US', { maximumFractionDigits: 4 })} is about √d_k, the typical size of a score (its standard deviation). The variance is the square of that.` };
  }
  if (near(read.value, 1, VARIANCE_TOLERANCE)) {
    return { right: false, sentence: 'Not quite: 1 is the variance after dividing by √d_k. The question asks about the raw scores, before the division.' };
  }
  return { right: false, sentence: `Not quite: the core’s measurement is not within ${VARIANCE_TOLERANCE * 100} % of ${read.value}. A raw score is a sum of d_k products, each with mean 0 and variance 1; what do variances of independent terms do when you add them?` };
}

/** "How many score entries does one head hold at N tokens?" */
export function markEntries(attn, { n, dModel }, text) {
  const read = readAnswer(text, { whole: true, what: 'a number of entries' });
  if ('problem' in read) return read;
  const here = attn.cost({ n, dModel, heads: COST_HEADS });
  if (read.value === here.scoreEntries) {
    const doubled = attn.cost({ n: 2 * n, dModel, heads: COST_HEADS });
    return { right: true, sentence: `Right: ${count(here.scoreEntries)} entries, one for every pair of a query and a key (N × N). That table is where the quadratic cost lives: at N = ${count(2 * n)} it holds ${count(doubled.scoreEntries)}, ${doubled.scoreEntries / here.scoreEntries} times as many, and the scores and the weighted sum cost ${(doubled.quadratic / here.quadratic)} times as much.` };
  }
  if (read.value === n) {
    return { right: false, sentence: `Not quite: ${count(n)} is one row of the table, one query scored against every key. Every one of the ${count(n)} queries has such a row.` };
  }
  return { right: false, sentence: 'Not quite. The table has one entry for each pair (query i, key j): how many queries are there, and how many keys does each one score?' };
}

/** "Past which N does the quadratic term win at d_model?" */
export function markCrossover(attn, { dModel }, text) {
  const read = readAnswer(text, { whole: true, what: 'a number of tokens' });
  if ('problem' in read) return read;
  const cost = attn.cost({ n: dModel, dModel, heads: COST_HEADS });
  if (read.value === cost.crossover) {
    return { right: true, sentence: `Right: N = ${count(cost.crossover)}, twice d_model. The quadratic term 2·N²·d_model passes the linear term 4·N·d_model² when 2·N²·d > 4·N·d², that is N > 2·d_model.` };
  }
  const at = attn.cost({ n: read.value >= 1 && read.value <= 2 ** 24 ? read.value : dModel, dModel, heads: COST_HEADS });
  const which = at.quadratic > at.linear ? 'already the larger, so the crossover is earlier' : 'still the smaller, so the crossover is later';
  const ratio = at.linear > 0 ? (at.quadratic / at.linear).toFixed(2) : '—';
  const where = read.value >= 1 && read.value <= 2 ** 24 ? `At N = ${count(read.value)}` : `At N = ${count(dModel)}`;
  return { right: false, sentence: `Not quite. ${where} the quadratic term is ${ratio} times the linear one: ${which}. Set 2·N²·d_model equal to 4·N·d_model² and solve for N.` };
}

/** "How many bytes does a float32 KV cache of L layers, width d_model, hold at t tokens?" */
export function markCacheBytes(attn, { layers, dModel, t }, text) {
  const read = readAnswer(text, { whole: true, what: 'a number of bytes' });
  if ('problem' in read) return read;
  const cost = attn.decodeCost({ vocab: CACHE_VOCAB, layers, dModel, t });
  const bytes = cost.cacheBytes;
  if (read.value === bytes) {
    const saved = cost.recomputeAttention / cost.cachedAttention;
    return { right: true, sentence: `Right: ${count(bytes)} bytes, about ${(bytes / 2 ** 20).toLocaleString('en-US', { maximumFractionDigits: 1 })} MiB: a key and a value of ${count(dModel)} numbers for each of the ${count(t)} tokens in each of the ${layers} layers, 2·L·t·d_model = ${count(cost.cacheEntries)} numbers of 4 bytes. No queries are kept: each is used once, at its own step, and never by a later token. What the memory buys: step ${count(t)} computes one row of scores against the cache, ${count(cost.cachedAttention)} multiply-adds of attention, instead of the whole ${count(t)} × ${count(t)} table again, ${count(cost.recomputeAttention)}: ${count(saved)} times fewer.` };
  }
  if (read.value === cost.cacheEntries) {
    return { right: false, sentence: `Not quite: ${count(read.value)} is how many numbers the cache holds. Each is a float32 of 4 bytes, and the question asks for bytes.` };
  }
  if (read.value === bytes / 2) {
    return { right: false, sentence: `Not quite: ${count(read.value)} is half of it, the keys alone (or the values alone). Every token leaves both a key and a value in every layer.` };
  }
  if (read.value === bytes * 1.5) {
    return { right: false, sentence: `Not quite: ${count(read.value)} caches the queries too. A query is used once, at its own step, and no later token ever reads it: only keys and values are reused, so only they are kept.` };
  }
  if (read.value === bytes / layers) {
    return { right: false, sentence: `Not quite: ${count(read.value)} is one layer’s cache. Each of the ${layers} layers attends with keys and values of its own, and keeps them.` };
  }
  return { right: false, sentence: 'Not quite. For every token and every layer the cache keeps one key and one value, each d_model numbers, and each number is a float32 of 4 bytes: multiply those together.' };
}
