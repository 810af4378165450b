// api/heads.js — attn.multiHead: multi-head attention (§6.6). X is projected by W^Q, W^K, W^V,
// each projection is cut into `heads` slices of width dModel / heads, attention runs in every
// slice, the head outputs are joined in head order and multiplied by W^O.

import { AttnError, Status } from '../errors.js';
import * as check from '../validate.js';
import { MaskKind, MAX_ELEMENTS, MULTIHEAD_WORK_PER_ENTRY } from '../abi.js';
import { Out } from '../out.js';
import { readMaskOption } from './mask-option.js';

/**
 * @param {object} o
 * @param {Float32Array} o.x                 (n, dModel) the token vectors
 * @param {number} o.n                       number of tokens
 * @param {number} o.dModel                  model width; must be a multiple of `heads`
 * @param {number} o.heads                   number of heads
 * @param {Float32Array} o.wq, o.wk, o.wv    (dModel, dModel); head h reads columns h·dh … (h+1)·dh−1
 * @param {Float32Array} o.wo                (dModel, dModel) the output projection
 * @param {'none'|'causal'|Float32Array} [o.mask='none']  shared by every head; an array is (n, n)
 * @param {boolean} [o.steps=true]  return the intermediates. With false, only out, emptyRows and
 *   headWidth come back, and with mask 'none' or 'causal' the call runs on the fast kernels
 *   (attn_gemm for the four projections, the tiled attention for the heads: no (n, n) table;
 *   float accumulation, within 1e-5 of the step-by-step numbers, on both cores where the page
 *   allows).
 * @returns {{ out, weights, headOut, concat: Float32Array, emptyRows: number, headWidth: number }}
 *   out (n, dModel); weights (heads, n, n); headOut (heads, n, dModel/heads); concat (n, dModel).
 */
export function multiHead(core, { x, n, dModel, heads, wq, wk, wv, wo, mask = 'none', steps: wantSteps = true } = {}) {
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
  const { kind, custom: maskIn } = readMaskOption(mask, { accepts: ['causal', 'custom'], n, m: n });
  const headWidth = dModel / heads;
  const nd = n * dModel;
  const withSteps = check.flag('steps', wantSteps, true);
  if (((withSteps || kind === MaskKind.custom) && heads * n * n > MAX_ELEMENTS) || MULTIHEAD_WORK_PER_ENTRY * nd > MAX_ELEMENTS) {
    throw new AttnError(Status.OVERFLOW, `n = ${n} with dModel = ${dModel} and ${heads} heads is too large: the weights and work space would not fit in memory.`);
  }
  if (!withSteps) return multiHeadOut(core, { xIn, wqIn, wkIn, wvIn, woIn, kind, maskIn, n, dModel, heads, headWidth });

  return core.run((scope) => {
    const out = scope.f32Out(nd);
    const weights = scope.f32Out(heads * n * n);
    const headOut = scope.f32Out(nd);
    const concat = scope.f32Out(nd);
    const emptyRows = scope.i32Out(1);
    const work = scope.f32Out(MULTIHEAD_WORK_PER_ENTRY * nd);
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

/** multiHead without intermediates: only out and emptyRows are computed and copied out. */
function multiHeadOut(core, { xIn, wqIn, wkIn, wvIn, woIn, kind, maskIn, n, dModel, heads, headWidth }) {
  const nd = n * dModel;
  return core.run((scope) => {
    const out = scope.f32Out(nd);
    const emptyRows = scope.i32Out(1);
    const x = scope.f32(xIn);
    if (kind === MaskKind.custom) {
      // A mask of the caller's own: the step-by-step kernel, storing no intermediate.
      const code = core.exports.attn_multihead(
        out, 0, 0, 0, emptyRows, scope.f32Out(MULTIHEAD_WORK_PER_ENTRY * nd),
        x, scope.f32(wqIn), scope.f32(wkIn), scope.f32(wvIn), scope.f32(woIn), kind, scope.f32(maskIn), n, dModel, heads);
      core.check(code, 'multiHead');
    } else {
      // Q, K, V = X·W (heads side by side in each row, as the tiled kernel reads them), the
      // heads' outputs side by side (the concatenation), then · W^O.
      const gemmFloats = scope.call('multiHead', 'attn_gemm_workspace', Out.i32('floats'), n, dModel, dModel).floats;
      const flashFloats = scope.call('multiHead', 'attn_flash_workspace', Out.i32('floats'), n, headWidth, headWidth).floats;
      const gemmWork = scope.f32Out(gemmFloats);
      const project = (w) => {
        const y = scope.f32Out(nd);
        core.check(core.exports.attn_gemm(y, gemmWork, x, scope.f32(w), 0, n, dModel, dModel), 'multiHead');
        return y;
      };
      const q = project(wqIn), k = project(wkIn), v = project(wvIn);
      const concat = scope.f32Out(nd);
      core.check(core.exports.attn_flash_attention(
        concat, 0, emptyRows, scope.f32Out(flashFloats), q, k, v, kind, 0, heads, n, n, headWidth, headWidth), 'multiHead');
      core.check(core.exports.attn_gemm(out, gemmWork, concat, scope.f32(woIn), 0, n, dModel, dModel), 'multiHead');
    }
    return { out: scope.readF32(out, nd), emptyRows: scope.readI32(emptyRows, 1)[0], headWidth };
  });
}
