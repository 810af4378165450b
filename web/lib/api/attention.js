// api/attention.js — attn.attention: one scaled dot-product attention call, with every
// intermediate step returned for widgets that show the computation step by step.

import * as check from '../validate.js';
import { AttnError, Status } from '../errors.js';
import { MaskKind, StepsLayout, MAX_SCORE_MULTIPLIER } from '../abi.js';
import { flashAttention } from './flash.js';
import { readMaskOption } from './mask-option.js';

/**
 * softmax(Q·Kᵀ / √dk + mask) · V, row by row.
 *
 * @param {object} o
 * @param {Float32Array} o.q  (n, dk) queries
 * @param {Float32Array} o.k  (m, dk) keys
 * @param {Float32Array} o.v  (m, dv) values
 * @param {boolean} [o.scale=true]  divide scores by √dk
 * @param {number} [o.multiplier]  instead of `scale`: multiply the scores by this number, 0 to
 *   MAX_SCORE_MULTIPLIER (1/√dk is `scale: true`, 1 is `scale: false`, 0 gives uniform rows)
 * @param {'none'|'causal'|Float32Array} [o.mask='none']  a Float32Array is (n, m) of 0 / -Infinity
 * @param {boolean} [o.steps=true]  return the intermediates. With false, only out and emptyRows
 *   come back, and a scaled call with mask 'none' or 'causal' runs on the fast tiled kernel
 *   (attn.flashAttention), which never stores the (n, m) table.
 * @returns {{scores, scaled, masked, weights, mask: Float32Array, out: Float32Array, emptyRows: number}}
 *   scores, scaled, masked, weights are (n, m); mask (n, m) is the mask the core added (0 or
 *   -Infinity for 'causal', all 0 for 'none', the caller's for an array); out is (n, dv). A row
 *   with no allowed key has NaN weights and output, and is counted in emptyRows.
 */
export function attention(core, { q, k, v, n, m, dk, dv, scale = true, multiplier, mask = 'none', steps: wantSteps = true } = {}) {
  check.size('n', n);
  check.size('m', m);
  check.size('dk', dk);
  check.size('dv', dv);
  const scaled = check.flag('scale', scale, true);
  const times = readMultiplier(multiplier);
  // attn_attention(…, scale, …) or attn_attention_multiplied(…, multiplier, …): same arguments.
  const attend = times === null
    ? (...args) => core.exports.attn_attention(...args, scaled ? 1 : 0, n, m, dk, dv)
    : (...args) => core.exports.attn_attention_multiplied(...args, times, n, m, dk, dv);
  const qIn = check.tensor('q', q, n * dk, { shape: 'n·dk' });
  const kIn = check.tensor('k', k, m * dk, { shape: 'm·dk' });
  const vIn = check.tensor('v', v, m * dv, { shape: 'm·dv' });
  const { kind, custom: maskIn } = readMaskOption(mask, { accepts: ['causal', 'custom'], n, m });
  if (!check.flag('steps', wantSteps, true)) {
    if (scaled && times === null && kind !== MaskKind.custom) {
      const { out, emptyRows } = flashAttention(core, { q: qIn, k: kIn, v: vIn, n, m, dk, dv, mask: kind === MaskKind.causal ? 'causal' : 'none' });
      return { out, emptyRows };
    }
    return core.run((scope) => {
      const out = scope.f32Out(n * dv);
      const emptyRows = scope.i32Out(1);
      const code = attend(out, 0, emptyRows, scope.f32(qIn), scope.f32(kIn), scope.f32(vIn), kind, maskIn ? scope.f32(maskIn) : 0);
      core.check(code, 'attention');
      return { out: scope.readF32(out, n * dv), emptyRows: scope.readI32(emptyRows, 1)[0] };
    });
  }

  const nm = n * m;
  return core.run((scope) => {
    // struct attn_steps: scores, scaled, masked, weights, mask — five (n, m) tables.
    const steps = scope.f32Out(5 * nm);
    const stepsStruct = scope.pointerStruct(StepsLayout, { scores: steps, scaled: steps + 4 * nm, masked: steps + 8 * nm, weights: steps + 12 * nm, mask: steps + 16 * nm });
    const out = scope.f32Out(n * dv);
    const emptyRows = scope.i32Out(1);
    const maskPointer = maskIn ? scope.f32(maskIn) : 0;
    const code = attend(out, stepsStruct, emptyRows, scope.f32(qIn), scope.f32(kIn), scope.f32(vIn), kind, maskPointer);
    core.check(code, 'attention');
    return {
      scores: scope.readF32(steps, nm),
      scaled: scope.readF32(steps + 4 * nm, nm),
      masked: scope.readF32(steps + 8 * nm, nm),
      weights: scope.readF32(steps + 12 * nm, nm),
      mask: scope.readF32(steps + 16 * nm, nm),
      out: scope.readF32(out, n * dv),
      emptyRows: scope.readI32(emptyRows, 1)[0],
    };
  });
}

/** The `multiplier` option: null when absent, else a finite number from 0 to MAX_SCORE_MULTIPLIER. */
function readMultiplier(multiplier) {
  if (multiplier === undefined || multiplier === null) return null;
  if (typeof multiplier !== 'number' || !Number.isFinite(multiplier)) {
    throw new AttnError(Status.VALUE, `multiplier must be a finite number, but it is ${check.describe(multiplier)}.`);
  }
  if (multiplier < 0 || multiplier > MAX_SCORE_MULTIPLIER) {
    throw new AttnError(Status.ARGUMENT, `multiplier must be from 0 to ${MAX_SCORE_MULTIPLIER}, but it is ${multiplier}.`);
  }
  return multiplier;
}
