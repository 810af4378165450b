// api/matmul.js — attn.matmul: the plain matrix product c = a·b, or a·bᵀ with transposeB.
// By default each entry accumulates in double (small examples match hand arithmetic exactly);
// `fast: true` runs the packed SIMD kernel instead (float accumulation, within 1e-5).

import * as check from '../validate.js';

/**
 * @param {object} o
 * @param {Float32Array} o.a  (m, k)
 * @param {Float32Array} o.b  (k, n), or (n, k) when o.transposeB
 * @param {boolean} [o.fast=false]  use the packed SIMD kernel (attn_gemm)
 * @returns {Float32Array} (m, n)
 */
export function matmul(core, { a, b, m, k, n, transposeB = false, fast = false } = {}) {
  check.size('m', m);
  check.size('k', k);
  check.size('n', n);
  const transpose = check.flag('transposeB', transposeB, false);
  const useFast = check.flag('fast', fast, false);
  const aIn = check.tensor('a', a, m * k, { shape: 'm·k' });
  const bIn = check.tensor('b', b, k * n, { shape: transpose ? 'n·k' : 'k·n' });
  return core.run((scope) => {
    const c = scope.f32Out(m * n);
    if (useFast) {
      const floats = scope.i32Out(1);
      core.check(core.exports.attn_gemm_workspace(floats, m, k, n), 'matmul');
      const work = scope.f32Out(scope.readI32(floats, 1)[0]);
      core.check(core.exports.attn_gemm(c, work, scope.f32(aIn), scope.f32(bIn), transpose ? 1 : 0, m, k, n), 'matmul');
    } else {
      core.check(core.exports.attn_matmul(c, scope.f32(aIn), scope.f32(bIn), transpose ? 1 : 0, m, k, n), 'matmul');
    }
    return scope.readF32(c, m * n);
  });
}
