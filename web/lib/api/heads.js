// api/heads.js — attn.multiHead: multi-head attention (§6.6). X is projected by W^Q, W^K, W^V,
// each projection is cut into `heads` slices of width dModel / heads, attention runs in every
// slice, the head outputs are joined in head order and multiplied by W^O.

import { AttnError, Status } from '../errors.js';
import * as check from '../validate.js';
import { maskArgument } from './attention.js';

/**
 * @param {object} o
 * @param {Float32Array} o.x                 (n, dModel) the token vectors
 * @param {number} o.n                       number of tokens
 * @param {number} o.dModel                  model width; must be a multiple of `heads`
 * @param {number} o.heads                   number of heads
 * @param {Float32Array} o.wq, o.wk, o.wv    (dModel, dModel); head h reads columns h·dh … (h+1)·dh−1
 * @param {Float32Array} o.wo                (dModel, dModel) the output projection
 * @param {'none'|'causal'|Float32Array} [o.mask='none']  shared by every head; an array is (n, n)
 * @returns {{ out, weights, headOut, concat: Float32Array, emptyRows: number, headWidth: number }}
 *   out (n, dModel); weights (heads, n, n); headOut (heads, n, dModel/heads); concat (n, dModel).
 */
export function multiHead(core, { x, n, dModel, heads, wq, wk, wv, wo, mask = 'none' } = {}) {
  check.size('n', n);
  check.size('dModel', dModel);
  check.size('heads', heads);
  check.divisible('dModel', dModel, 'heads', heads, 'each head must get the same whole number of features (dModel / heads)');
  const d2 = dModel * dModel;
  const xIn = check.tensor('x', x, n * dModel, { shape: 'n·dModel' });
  const wqIn = check.tensor('wq', wq, d2, { shape: 'dModel·dModel' });
  const wkIn = check.tensor('wk', wk, d2, { shape: 'dModel·dModel' });
  const wvIn = check.tensor('wv', wv, d2, { shape: 'dModel·dModel' });
  const woIn = check.tensor('wo', wo, d2, { shape: 'dModel·dModel' });
  const { kind, maskIn } = maskArgument(mask, n, n);
  const headWidth = dModel / heads;
  const nd = n * dModel;
  if (heads * n * n > 2 ** 29 || 4 * nd > 2 ** 29) {
    throw new AttnError(Status.OVERFLOW, `n = ${n} with dModel = ${dModel} and ${heads} heads is too large: the weights and work space would not fit in memory.`);
  }

  return core.run((scope) => {
    const out = scope.f32Out(nd);
    const weights = scope.f32Out(heads * n * n);
    const headOut = scope.f32Out(nd);
    const concat = scope.f32Out(nd);
    const emptyRows = scope.i32Out(1);
    const work = scope.f32Out(4 * nd);
    const code = core.exports.attn_multihead(
      out, weights, headOut, concat, emptyRows, work,
      scope.f32(xIn), scope.f32(wqIn), scope.f32(wkIn), scope.f32(wvIn), scope.f32(woIn),
      kind, maskIn ? scope.f32(maskIn) : 0, n, dModel, heads);
    core.check(code, 'multiHead');
    return {
      out: scope.readF32(out, nd),
      weights: scope.readF32(weights, heads * n * n),
      headOut: scope.readF32(headOut, nd),
      concat: scope.readF32(concat, nd),
      emptyRows: scope.readI32(emptyRows, 1)[0],
      headWidth,
    };
  });
}
