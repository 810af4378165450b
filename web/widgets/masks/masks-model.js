// masks-model.js — the numbers behind <attn-masks>, with no DOM: turn the settings (sentences,
// switches, window width, score mode, the learner's cell edits) into masks, weights and row
// diagnostics, every number through the C core. Throws AttnError on settings the core refuses.
//
// Scores "from the words": each word gets the core's fixed 4-number embedding of its key (its
// lower-case spelling without the punctuation around it, ui/sentence.js; attn.wordEmbedding, so
// the same word always gets the same vector), projected by fixed W^Q and W^K into queries and
// keys; the values are the embeddings themselves. Scores "all equal": every query is zero, so
// every score is 0 and the weights are spread evenly over the allowed keys (1/k each).

import { AttnError, Status } from '../../lib/errors.js';
import { splitWords, wordCount } from '../../ui/sentence.js';

export const WIDTH = 4;          // embedding and head width
const MIN_TOKENS = 2;     // the sentence
export const MAX_TOKENS = 12;
const PAD = '<pad>';
export const MASK_KINDS = ['causal', 'window', 'padding'];
/** The padding batch's second sentence: 1 to 12 words. */
export const SECOND = { name: 'The second sentence', min: 1 };

// Fixed projections (4 × 4), chosen by hand so that different words score visibly differently.
export const WQ = [1.2, -0.4, 0.3, 0.9, 0.2, 1.1, -0.8, 0.1, -0.6, 0.5, 1.0, -0.3, 0.4, -0.9, 0.2, 1.3];
export const WK = [0.9, 0.3, -0.5, 0.6, -0.2, 1.2, 0.4, -0.7, 0.8, -0.1, 1.1, 0.2, 0.1, 0.6, -0.4, 1.0];

/** Why a sentence cannot be used (too few or too many words), or null. `name` starts the sentence. */
export function sentenceProblem(text, { name = 'The sentence', min = MIN_TOKENS, max = MAX_TOKENS } = {}) {
  const count = splitWords(text).length;
  return count < min || count > max ? `${name} has ${wordCount(count)}; use ${min} to ${max} words, separated by spaces.` : null;
}

/** A sentence's words (ui/sentence.js), or a learner-readable AttnError when it has too few or too many. */
function sentenceWords(text, options = {}) {
  const problem = sentenceProblem(text, options);
  if (problem) throw new AttnError(Status.SIZE, problem);
  return splitWords(text);
}

/**
 * The tokens shown for settings (as computeMasks takes them), with no core: the sentence's
 * words, or the padded batch's sentence shown. The widget lays its grid, heatmaps and tables out
 * from them before it starts. Throws AttnError on a sentence of too few or too many words.
 */
export function maskTokens(settings) {
  const first = sentenceWords(settings.sentence);
  const padding = settings.masks.has('padding');
  const second = padding ? sentenceWords(settings.second, SECOND) : null;
  const n = padding ? Math.max(first.length, second.length) : first.length;
  const sequence = padding ? settings.sequence : 1;
  const words = sequence === 2 ? second : first;
  const pads = Array(n - words.length).fill(PAD);
  const tokens = [...words.map((word) => word.text), ...pads];
  const wordKeys = [...words.map((word) => word.key), ...pads];
  return { first, second, padding, n, sequence, tokens, wordKeys };
}

/**
 * Everything the widget shows, for settings
 *   { sentence, second, masks: Set of 'causal' | 'window' | 'padding', window, scores: 'words' | 'equal',
 *     sequence: 1 | 2, edits: Map('seq:i:j' → 0 | -Infinity) }.
 */
export function computeMasks(attn, settings) {
  const { first, second, padding, n, sequence, tokens, wordKeys } = maskTokens(settings);

  // The mask: the switches' masks added together (starting from "no mask"), then the learner's edits.
  const parts = [];
  if (settings.masks.has('causal')) parts.push({ name: 'causal', mask: attn.mask({ kind: 'causal', n }) });
  if (settings.masks.has('window')) parts.push({ name: `window (w = ${settings.window})`, mask: attn.mask({ kind: 'window', n, window: settings.window }) });
  if (padding) {
    const lengths = [first.length, second.length];
    const batch = attn.mask({ kind: 'padding', n, lengths });
    parts.push({ name: `padding (lengths ${lengths.join(', ')})`, mask: batch.slice((sequence - 1) * n * n, sequence * n * n) });
  }
  const built = parts.reduce((sum, part) => attn.combineMasks(sum, part.mask), attn.mask({ kind: 'none', n }));
  const mask = built.slice();
  const edited = new Set();
  for (const [key, value] of settings.edits) {
    const [seq, i, j] = key.split(':').map(Number);
    if (seq !== sequence || i >= n || j >= n) continue;
    mask[i * n + j] = value;
    edited.add(i * n + j);
  }

  // Queries, keys and values.
  const x = new Float32Array(n * WIDTH);
  wordKeys.forEach((key, i) => x.set(attn.wordEmbedding({ word: key, d: WIDTH }), i * WIDTH));
  const equal = settings.scores === 'equal';
  const q = equal ? new Float32Array(n * WIDTH) : attn.matmul({ a: x, b: WQ, m: n, k: WIDTH, n: WIDTH });
  const k = attn.matmul({ a: x, b: WK, m: n, k: WIDTH, n: WIDTH });
  const common = { q, k, v: x, n, m: n, dk: WIDTH, dv: WIDTH, scale: true };

  const result = attn.attention({ ...common, mask });
  const stats = attn.rowStats({ weights: result.weights, n });
  const keys = attn.allowedKeys({ mask, n });
  // The bug, for comparison: softmax of the unmasked scores, then zero the blocked weights.
  const open = attn.attention({ ...common, mask: 'none' });
  const buggy = attn.maskAfterSoftmax({ weights: open.weights, mask, n });
  const buggyStats = attn.rowStats({ weights: buggy, n });

  return {
    n, tokens, sequence, padding, lengths: padding ? [first.length, second.length] : null,
    parts, built, mask, edited,
    scaled: result.scaled, weights: result.weights, emptyRows: result.emptyRows,
    sums: stats.sums, entropy: stats.entropy, allowed: keys.allowed, lnK: keys.lnK,
    buggy, buggySums: buggyStats.sums, buggyEntropy: buggyStats.entropy,
  };
}
