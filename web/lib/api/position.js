// api/position.js — §6.5, positions: attn.positions (sinusoidal vectors), attn.rope (rotary
// embedding of rows), and attn.selfAttention (self-attention with fixed projections and a
// choice of positions: none, sinusoidal or rotary).

import { AttnError, Status } from '../errors.js';
import { PositionKind } from '../abi.js';
import * as check from '../validate.js';
import { readMaskOption } from './mask-option.js';

/** Rotary turns features in pairs: an odd width leaves one without a partner. */
function evenWidth(d) {
  if (d % 2 !== 0) {
    throw new AttnError(Status.SHAPE, `d must be even for rotary embeddings, which turn features in pairs, but it is ${d}.`);
  }
}

/**
 * Sinusoidal position vectors for positions 0..n-1:
 * PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)).
 * @returns {Float32Array} (n, d)
 */
export function positions(core, { n, d } = {}) {
  check.size('n', n);
  check.size('d', d);
  return core.run((scope) => {
    const pe = scope.f32Out(n * d);
    core.check(core.exports.attn_positions_sinusoidal(pe, n, d), 'positions');
    return scope.readF32(pe, n * d);
  });
}

/**
 * Rotary position embedding: row r of x stands at position offset + r, and each feature pair
 * (2i, 2i+1) turns by (offset + r) · 10000^(−2i/d) radians. d must be even.
 * @returns {Float32Array} (n, d)
 */
export function rope(core, { x, n, d, offset = 0 } = {}) {
  check.size('n', n);
  check.size('d', d);
  check.size('offset', offset, { min: 0 });
  evenWidth(d);
  const xIn = check.tensor('x', x, n * d, { shape: 'n·d' });
  return core.run((scope) => {
    const y = scope.f32Out(n * d);
    core.check(core.exports.attn_rope(y, scope.f32(xIn), offset, n, d), 'rope');
    return scope.readF32(y, n * d);
  });
}

/**
 * Self-attention of one sequence x (n, d) with fixed projections wq, wk, wv (d, d):
 * x + PE (sinusoidal), q = x·W^Q, k = x·W^K, v = x·W^V, q and k rotated (rotary), then
 * softmax(q·kᵀ/√d + mask)·v. Positions count from `offset`.
 * @returns {{out: Float32Array, q: Float32Array, k: Float32Array, v: Float32Array}} each (n, d);
 *   q and k as attention used them (after rotation).
 */
export function selfAttention(core, { x, wq, wk, wv, n, d, positions: kind = 'none', mask = 'none', offset = 0 } = {}) {
  check.size('n', n);
  check.size('d', d);
  check.size('offset', offset, { min: 0 });
  if (!Object.hasOwn(PositionKind, kind)) {
    throw new AttnError(Status.ARGUMENT, `positions must be 'none', 'sinusoidal' or 'rotary', but it is ${check.describe(kind)}.`);
  }
  const { kind: maskKind } = readMaskOption(mask, { accepts: ['causal'] });
  if (kind === 'rotary') evenWidth(d);
  const xIn = check.tensor('x', x, n * d, { shape: 'n·d' });
  const ws = ['wq', 'wk', 'wv'].map((name, i) => check.tensor(name, [wq, wk, wv][i], d * d, { shape: 'd·d' }));
  const nd = n * d;
  return core.run((scope) => {
    const out = scope.f32Out(4 * nd);
    const code = core.exports.attn_self_attention_positioned(
      out, out + 4 * nd, out + 8 * nd, out + 12 * nd, scope.f32(xIn), ...ws.map((w) => scope.f32(w)),
      PositionKind[kind], maskKind, offset, n, d);
    core.check(code, 'selfAttention');
    return {
      out: scope.readF32(out, nd),
      q: scope.readF32(out + 4 * nd, nd),
      k: scope.readF32(out + 8 * nd, nd),
      v: scope.readF32(out + 12 * nd, nd),
    };
  });
}
