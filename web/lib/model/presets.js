// presets.js — model configurations the lab offers.
//   small:   trains visibly in seconds in a browser
//   nanogpt: nanoGPT's CPU configuration (4 layers, 4 heads, d_model 128, context 64, batch 12)

export const PRESETS = Object.freeze({
  small: Object.freeze({ layers: 2, heads: 4, dModel: 64, context: 64, batch: 8, lr: 2e-3, seed: 1 }),
  nanogpt: Object.freeze({ layers: 4, heads: 4, dModel: 128, context: 64, batch: 12, lr: 1e-3, seed: 1 }),
});

/** The default corpus: its length and seed (the shipped checkpoint was trained on it). */
export const DEFAULT_CORPUS = Object.freeze({ length: 200_000, seed: 1 });
