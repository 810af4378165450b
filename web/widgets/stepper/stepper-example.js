// stepper-example.js — the §6.2 two-token example: X (2, 4) and W^Q, W^K, W^V (4, 2).
// W^V is the chapter's; X, W^Q and W^K were chosen so that the core reproduces every number
// the chapter prints: q₁ = [3, 3], k₁ = [−3, −3], q₂ = k₂ = [1, −1], v₁ = [0, −1], v₂ = [1, 2].
// tests/c/test_attention.c holds the same matrices.

export const EXAMPLE = Object.freeze({
  x: [1, 0, 1, -1,
      0, 1, 1, 1],        // (2, 4): token 1, token 2
  wq: [3, 2, -1, -2, 1, 1, 1, 0],   // (4, 2)
  wk: [-2, -1, 2, -1, -1, -1, 0, 1], // (4, 2)
  wv: [1, 0, 0, 1, 0, 0, 1, 1],     // (4, 2), rows [1, 0], [0, 1], [0, 0], [1, 1]
});

export const TOKENS = 2;
export const MODEL_WIDTH = 4;
export const HEAD_WIDTH = 2;

/** The largest size of an entry of X, W^Q, W^K or W^V, typed or set by attribute. With every
 *  entry at most 10⁶, an entry of Q, K or V is at most 4 × 10¹² and a score at most
 *  2 · (4 × 10¹²)² = 3.2 × 10²⁵, far inside float32's 3.4 × 10³⁸: no score overflows to ±∞, so
 *  no row of weights becomes NaN (softmax subtracts the row maximum). */
export const INPUT_LIMIT = 1e6;
