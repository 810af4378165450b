// model/head-stats.js — what each head of a model does, measured by the core over many windows of
// the validation text (c/src/head_stats.c; attn.h defines every score). model.headStats() and
// model.probeScores() call these.
//
//   const stats = model.headStats({ windows: 128, seed: 1, onProgress });
//   stats.records[g]   head g = layer·H + head: { layer, head, self, previous, sink, stripe,
//                      entropy, lnK, flat, induction (each { mean, spread, chance }),
//                      offset: { at, mean, spread, chance } }
//   stats.chance       Float32Array(S): every score's chance level on these windows, the scores of
//                      a head spreading its weight uniformly over the allowed keys (attn_head_chance)
//   stats.similarity   Float32Array(G·G): cosine similarity of every two heads' maps (1: identical)
//   stats.scores       Float32Array(W·G·S): every score of every head on every window
//   stats.histograms   Int32Array(G·S·bins): each score's windows counted in `bins` bins over ranges[s]
//   stats.windowTexts  the W windows read, as text (windowTokens: their ids, (W, T); repeatTokens:
//                      the random halves of the induction score, (W, ⌊T/2⌋))
//
// The result is plain data (typed arrays, numbers, strings), so it crosses a worker's channel.

import { AttnError, Status } from '../errors.js';
import { HeadScore, HeadLimits } from '../abi.js';
import * as check from '../validate.js';

export const HEAD_STATS_DEFAULTS = Object.freeze({ windows: 128, seed: 1 });
/** Bins of every histogram of per-window scores. */
export const HISTOGRAM_BINS = 20;
const S = HeadScore.count;

/** The scores as a head record names them, by their entry in a head's S scores. */
export const SCORE_NAMES = Object.freeze({
  self: HeadScore.self, previous: HeadScore.previous, sink: HeadScore.sink, stripe: HeadScore.stripe,
  entropy: HeadScore.entropy, lnK: HeadScore.lnK, flat: HeadScore.flat, induction: HeadScore.induction,
});

/** The options of headStats, checked: { windows, seed, onProgress, similarity }. */
function readOptions(options) {
  const { windows = HEAD_STATS_DEFAULTS.windows, seed = HEAD_STATS_DEFAULTS.seed, onProgress, similarity = true } = check.options('headStats', options);
  check.size('windows', windows, { max: HeadLimits.maxWindows });
  check.callback('onProgress', onProgress);
  return { windows, seed: check.seed('seed', seed), onProgress, similarity: check.flag('similarity', similarity, true) };
}

/** The range each score's histogram covers: [0, 1] for shares and weights, [0, ln T] for entropy and ln k. */
function histogramRanges(t) {
  const ranges = new Float32Array(2 * S);
  for (let s = 0; s < S; s++) ranges.set(s === HeadScore.entropy || s === HeadScore.lnK ? [0, Math.log(t)] : [0, 1], 2 * s);
  return ranges;
}

/** One head's record from the summary (means and spreads), the chance levels and its strongest offset. */
function headRecord(summary, chance, bestOffset, g, heads) {
  const at = (s) => ({ mean: summary[(g * S + s) * 2], spread: summary[(g * S + s) * 2 + 1], chance: chance[s] });
  const record = { layer: Math.floor(g / heads), head: g % heads };
  for (const [name, s] of Object.entries(SCORE_NAMES)) record[name] = at(s);
  const best = bestOffset[g];
  record.offset = best > 0 ? { at: best, ...at(best) } : { at: 0, mean: NaN, spread: NaN, chance: NaN };
  return record;
}

/**
 * Measures every head of `model` on `windows` windows of its validation text (and as many
 * repeated random halves), drawn with `seed`. onProgress(done, total) is called between chunks of
 * windows (one batch of the model each). With `similarity: false`, no similarity is computed.
 */
export function measureHeads(model, options) {
  const { windows: w, seed, onProgress, similarity } = readOptions(options);
  if (!model.hasData) throw new AttnError(Status.ARGUMENT, 'This model has no text to measure its heads on: load it with { text }.');
  const { heap, core } = model;
  const { layers, heads, context: t, batch } = model.config;
  if (t < 2) throw new AttnError(Status.ARGUMENT, 'This model reads one character at a time (context 1): a head needs at least 2 to be measured.');
  const g = layers * heads, r = Math.floor(t / 2);
  const blocks = ['headWindows', 'headRepeats', 'headScores', 'headGram'];
  try {
    heap.block('headWindows', 4 * w * t);
    heap.block('headRepeats', 4 * w * r);
    heap.block('headScores', 4 * w * g * S);
    heap.store('headGram', new Float64Array(g * g));
    heap.call('headStats', 'attn_head_windows', heap.address('headWindows'), heap.address('headRepeats'), heap.address('val'), model.dataLengths.val, model.tokenizer.size, w, t, seed);
    for (let w0 = 0; w0 < w; w0 += batch) {
      const b = Math.min(batch, w - w0);
      heap.call('headStats', 'attn_model_head_scores', heap.address('headScores') + 4 * w0 * g * S, similarity ? heap.address('headGram') : 0,
        heap.pointer, heap.address('headWindows') + 4 * w0 * t, heap.address('headRepeats') + 4 * w0 * r, b, t);
      onProgress?.(w0 + b, w);
    }
    const ranges = histogramRanges(t);
    const result = core.run((scope) => {
      const summary = scope.f32Out(g * S * 2), best = scope.i32Out(g), sim = scope.f32Out(g * g), counts = scope.i32Out(HISTOGRAM_BINS);
      scope.call('headStats', 'attn_head_summary', summary, best, heap.address('headScores'), w, g);
      const chance = chanceIn(scope, t, 'headStats');
      if (similarity) scope.call('headStats', 'attn_head_similarity', sim, heap.address('headGram'), g);
      const histograms = new Int32Array(g * S * HISTOGRAM_BINS);
      for (let head = 0; head < g; head++) {
        for (let s = 0; s < S; s++) {
          scope.call('headStats', 'attn_head_histogram', counts, heap.address('headScores'), w, g, head, s, ranges[2 * s], ranges[2 * s + 1], HISTOGRAM_BINS);
          histograms.set(scope.readI32(counts, HISTOGRAM_BINS), (head * S + s) * HISTOGRAM_BINS);
        }
      }
      return { summary: scope.readF32(summary, g * S * 2), chance, bestOffset: scope.readI32(best, g), similarity: similarity ? scope.readF32(sim, g * g) : null, histograms };
    });
    const windowTokens = heap.read('headWindows', Int32Array, w * t);
    return {
      layers, heads, t, windows: w, seed,
      records: Array.from({ length: g }, (_, head) => headRecord(result.summary, result.chance, result.bestOffset, head, heads)),
      ...result,
      scores: heap.read('headScores', Float32Array, w * g * S),
      bins: HISTOGRAM_BINS, ranges,
      windowTokens, repeatTokens: heap.read('headRepeats', Int32Array, w * r),
      windowTexts: Array.from({ length: w }, (_, k) => model.tokenizer.decode(windowTokens.subarray(k * t, (k + 1) * t))),
    };
  } finally {
    for (const name of blocks) heap.free(name);
  }
}

/** Every score's chance level on windows of t ≥ 2 characters (causal), by the core: Float32Array(S). */
function chanceIn(scope, t, caller) {
  const chance = scope.f32Out(S), map = scope.f32Out(t * t), work = scope.f64Out(t);
  scope.call(caller, 'attn_head_chance', chance, map, work, t);
  return scope.readF32(chance, S);
}

/** The chance levels of the scores of one probe of t characters (as probeScores scores it); null for t < 2. */
export function probeChance(core, t) {
  return t < 2 ? null : core.run((scope) => chanceIn(scope, t, 'probeScores'));
}

/**
 * The scores of every head on the maps of one probe (attentionMaps' weights, (L, H, t, t)), by
 * the same kernel: Float32Array(L·H·S); induction is NaN (a probe is not a repeated sequence).
 * A probe of one character has no row to score: null.
 */
export function probeScores(core, weights, layers, heads, t) {
  if (t < 2) return null;
  return core.run((scope) => {
    const g = layers * heads, scores = scope.f32(new Float32Array(g * S).fill(NaN)), work = scope.f64Out(t);
    scope.call('probeScores', 'attn_head_scores', scores, work, scope.f32(weights), g, t);
    return scope.readF32(scores, g * S);
  });
}
