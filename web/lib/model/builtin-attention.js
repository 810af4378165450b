// builtin-attention.js — the model's causal multi-head attention, written against the tape's
// `ops` exactly as a learner would write it. Training with `{ attention: builtinAttention }`
// gives the same numbers as the C path (attn_model_attention), op for op.
//
//   q, k, v: tensors (B, T, C) from the block's projections; heads: H; returns (B, T, C).

export function builtinAttention(ops, q, k, v, { heads }) {
  const qh = ops.splitHeads(q, heads);                    // (B, H, T, D)
  const kh = ops.splitHeads(k, heads);
  const vh = ops.splitHeads(v, heads);
  const d = qh.shape[3];
  const scores = ops.bmm(qh, kh, { transposeB: true });  // Q·Kᵀ: (B, H, T, T)
  const scaled = ops.scale(scores, 1 / Math.sqrt(d));     // divide by √D
  const masked = ops.causalMask(scaled);                  // key j > query i → −∞
  const weights = ops.softmax(masked, -1);                // each row sums to 1
  const out = ops.bmm(weights, vh);                       // weights · V: (B, H, T, D)
  return { out: ops.mergeHeads(out), weights };           // (B, T, C), and the maps
}
