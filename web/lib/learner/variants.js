// variants.js — attention written with ops: the reference (the model's built-in) and each of the
// classic bugs, run by the check on the learner's inputs so it can say which bug their output
// matches. Trusted code: it runs beside, not inside, the learner's function.

import { builtinAttention } from '../model/builtin-attention.js';

function parts(ops, q, k, v, heads) {
  const qh = ops.splitHeads(q, heads), kh = ops.splitHeads(k, heads), vh = ops.splitHeads(v, heads);
  return { qh, kh, vh, d: qh.shape[3] };
}

const finish = (ops, weights, vh) => ({ out: ops.mergeHeads(ops.bmm(weights, vh)), weights });

export const reference = builtinAttention;

/** Each classic bug (ids as in template.js BUGS) and a leak (no mask), as functions of ops. */
export const BUGGY = {
  'mask-after-softmax': (ops, q, k, v, { heads }) => {
    const { qh, kh, vh, d } = parts(ops, q, k, v, heads);
    const p = ops.softmax(ops.scale(ops.bmm(qh, kh, { transposeB: true }), 1 / Math.sqrt(d)), -1);
    return finish(ops, ops.causalMask(p, 0), vh);
  },
  'missing-transpose': (ops, q, k, v, { heads }) => {
    const { qh, kh, vh, d } = parts(ops, q, k, v, heads);
    return finish(ops, ops.softmax(ops.causalMask(ops.scale(ops.bmm(qh, kh), 1 / Math.sqrt(d))), -1), vh);
  },
  'scale-dropped': (ops, q, k, v, { heads }) => {
    const { qh, kh, vh } = parts(ops, q, k, v, heads);
    return finish(ops, ops.softmax(ops.causalMask(ops.bmm(qh, kh, { transposeB: true })), -1), vh);
  },
  'wrong-axis': (ops, q, k, v, { heads }) => {
    const { qh, kh, vh, d } = parts(ops, q, k, v, heads);
    return finish(ops, ops.softmax(ops.causalMask(ops.scale(ops.bmm(qh, kh, { transposeB: true }), 1 / Math.sqrt(d))), -2), vh);
  },
  'no-mask': (ops, q, k, v, { heads }) => {
    const { qh, kh, vh, d } = parts(ops, q, k, v, heads);
    return finish(ops, ops.softmax(ops.scale(ops.bmm(qh, kh, { transposeB: true }), 1 / Math.sqrt(d)), -1), vh);
  },
};
