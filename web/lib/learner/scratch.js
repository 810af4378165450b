// scratch.js — "Start from scratch" for <attn-editor>: the blank page a learner writes attention
// on (the signature, the shapes in comments, one TODO line per step) and the hints, revealed one
// at a time. No dependencies: the page reads it, and node tests check that the hints, followed in
// order, give a function that passes the check.

export const SCRATCH = `// Write attention yourself: the training lab calls this for every layer.
// ops are your only tools (listed under the editor); each has its backward
// in C, so whatever you compose trains.
//   q, k, v: tensors (B, T, C)   heads: H   d_head: D = C / H
// Return { out: (B, T, C), weights: (B, H, T, T) } (or just out).
function attention(ops, q, k, v, { heads }) {
  // TODO: split q, k and v into heads: (B, T, C) → (B, H, T, D)
  // TODO: the scores Q·Kᵀ: (B, H, T, T)
  // TODO: scale the scores by 1/√D
  // TODO: hide the future: key j > query i must get no weight
  // TODO: softmax across each row: weights (B, H, T, T), rows sum to 1
  // TODO: weights · V: (B, H, T, D), then merge the heads: (B, T, C)
  // TODO: return { out, weights }
}
`;

/** The hints, in the order the learner gets them; each gives one more step. */
export const HINTS = [
  'ops.splitHeads(x, heads) cuts (B, T, C) into (B, H, T, D). Do it to q, k and v; D is then qh.shape[3].',
  'Every query dotted with every key: ops.bmm(qh, kh, { transposeB: true }) multiplies (B, H, T, D) by the transpose of (B, H, T, D), giving (B, H, T, T). Without the transpose the inner sizes differ (unless T happens to equal D).',
  'ops.scale(scores, 1 / Math.sqrt(d)) divides every score by √D. Without it the scores grow like √D and the softmax saturates.',
  'ops.causalMask(scaled) sets every score with key j > query i to −∞. Mask before the softmax, never after: then each row still sums to 1.',
  'ops.softmax(masked, -1) normalises across the last axis (each row). Then ops.bmm(weights, vh) mixes the values, and ops.mergeHeads(…) turns (B, H, T, D) back into (B, T, C): return { out: ops.mergeHeads(mixed), weights }.',
];
