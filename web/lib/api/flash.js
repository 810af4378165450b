// api/flash.js — attn.flashAttention: the fused, tiled attention of the fast core. It never
// stores the N × M table of scores (its scratch is about M·dk floats), so it runs at lengths
// where the step-by-step kernel cannot: N = 32,768 needs a few MiB, not 4 GiB.

import * as check from '../validate.js';
import { readMaskOption } from './mask-option.js';

/**
 * softmax(Q·Kᵀ / √dk + mask) · V for every head, tile by tile with an online softmax.
 * Heads sit side by side in each row (as X·W gives them): q is (n, heads·dk), k is
 * (m, heads·dk), v is (m, heads·dv); n and m may differ (cross-attention).
 *
 * @param {object} o
 * @param {'none'|'causal'|{window: number}} [o.mask='none']  `{ window: w }` is causal attention
 *   narrowed to the w most recent keys (query i sees keys i−w+1 … i).
 * @returns {{out: Float32Array, lse: Float32Array, emptyRows: number}} out is (n, heads·dv);
 *   lse is (heads, n), each row's log Σ e^score (what a backward pass needs). A row with no
 *   allowed key has NaN output and lse −Infinity, and is counted in emptyRows.
 */
export function flashAttention(core, { q, k, v, n, m, dk, dv, heads = 1, mask = 'none' } = {}) {
  check.size('n', n);
  check.size('m', m);
  check.size('dk', dk);
  check.size('dv', dv);
  check.size('heads', heads);
  const { kind, window } = readMaskOption(mask, { accepts: ['causal', 'window'] });
  const qIn = check.tensor('q', q, n * heads * dk, { shape: 'n·heads·dk' });
  const kIn = check.tensor('k', k, m * heads * dk, { shape: 'm·heads·dk' });
  const vIn = check.tensor('v', v, m * heads * dv, { shape: 'm·heads·dv' });

  return core.run((scope) => {
    const floats = scope.i32Out(1);
    core.check(core.exports.attn_flash_workspace(floats, m, dk, dv), 'flashAttention');
    const work = scope.f32Out(scope.readI32(floats, 1)[0]);
    const out = scope.f32Out(n * heads * dv);
    const lse = scope.f32Out(heads * n);
    const emptyRows = scope.i32Out(1);
    const code = core.exports.attn_flash_attention(
      out, lse, emptyRows, work, scope.f32(qIn), scope.f32(kIn), scope.f32(vIn),
      kind, window, heads, n, m, dk, dv);
    core.check(code, 'flashAttention');
    return {
      out: scope.readF32(out, n * heads * dv),
      lse: scope.readF32(lse, heads * n),
      emptyRows: scope.readI32(emptyRows, 1)[0],
    };
  });
}
