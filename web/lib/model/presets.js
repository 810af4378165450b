// presets.js — model configurations the lab offers.
//   small:   trains visibly in seconds in a browser
//   nanogpt: nanoGPT's CPU configuration (4 layers, 4 heads, d_model 128, context 64, batch 12)

export const PRESETS = Object.freeze({
  small: Object.freeze({ layers: 2, heads: 4, dModel: 64, context: 64, batch: 8, lr: 2e-3, seed: 1 }),
  nanogpt: Object.freeze({ layers: 4, heads: 4, dModel: 128, context: 64, batch: 12, lr: 1e-3, seed: 1 }),
});

/** The default corpus: its length and seed (the shipped checkpoint was trained on it). */
export const DEFAULT_CORPUS = Object.freeze({ length: 200_000, seed: 1 });

/**
 * Text with repeats for the induction preset (c/src/corpus.c, attn_corpus_repeats): segments of
 * h random letters (h from `shortest` to `longest`, letters from the first `letters` of a … z),
 * each followed by its own copy.
 */
export const REPEATS_CORPUS = Object.freeze({ length: 200_000, shortest: 4, longest: 16, letters: 26, step: 26, seed: 1 });
