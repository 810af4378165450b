// train-flops.js — the useful FLOPs of one training step of the lab's transformer, counted from
// the model's shapes, so a training row can say what fraction of the machine's peak it reaches.
//
// Per token, forward and backward together (the convention of PaLM, Chowdhery et al. 2022,
// appendix B, and of nanoGPT's estimate_mfu):
//   6 · P  +  12 · L · T · C
// P: the weights that take part in a matrix product, per layer Q, K, V, output (4·C²) and the
// MLP (2 · C·4C = 8·C²), plus the head (C·V): P = 12·L·C² + C·V. The forward pass does 2 FLOPs
// (one multiply-add) per weight per token, the backward pass twice that (the gradients of the
// input and of the weight). Attention adds Q·Kᵀ and weights·V: 2 · 2·T·C forward per token and
// layer over the full T × T table (the causal half the core skips counts too, as in the
// convention), × 3 with the backward pass. Embedding lookups, biases, layer norms, GELU,
// softmax and AdamW are left out (a few % of the work; they are not multiply-adds).
// nanoGPT preset (L 4, C 128, T 64, V 65): 6 · 794,752 + 393,216 ≈ 5.16 MFLOP per token.

/** FLOPs of one token of training (forward + backward) for `config` ({ layers, dModel, context }). */
export function trainFlopsPerToken({ layers, dModel, context }, vocab) {
  const matmulWeights = 12 * layers * dModel * dModel + dModel * vocab;
  return 6 * matmulWeights + 12 * layers * context * dModel;
}
