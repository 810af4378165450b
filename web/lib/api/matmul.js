// api/matmul.js — attn.matmul: the plain matrix product c = a·b, or a·bᵀ with transposeB.

import * as check from '../validate.js';

/**
 * @param {object} o
 * @param {Float32Array} o.a  (m, k)
 * @param {Float32Array} o.b  (k, n), or (n, k) when o.transposeB
 * @returns {Float32Array} (m, n)
 */
export function matmul(core, { a, b, m, k, n, transposeB = false } = {}) {
  check.size('m', m);
  check.size('k', k);
  check.size('n', n);
  const transpose = check.flag('transposeB', transposeB, false);
  const aIn = check.tensor('a', a, m * k, { shape: 'm·k' });
  const bIn = check.tensor('b', b, k * n, { shape: transpose ? 'n·k' : 'k·n' });
  return core.run((scope) => {
    const c = scope.f32Out(m * n);
    core.check(core.exports.attn_matmul(c, scope.f32(aIn), scope.f32(bIn), transpose ? 1 : 0, m, k, n), 'matmul');
    return scope.readF32(c, m * n);
  });
}
