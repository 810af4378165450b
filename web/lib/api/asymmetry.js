// api/asymmetry.js — the lab text's asymmetric relevance, measured by the core:
//   attn.scoreAsymmetry({ scores, n }) → { maxAbs, i, j }
// maxAbs is the largest |S_ij − S_ji| of an (n, n) score table (attn_score_asymmetry, in double),
// at (i, j) with i < j: exactly 0 when Q = K (S = K·Kᵀ is symmetric), and as large as a
// pronoun's score for its noun when W^Q and W^K are separate.

import * as check from '../validate.js';

/**
 * @param {{ scores: ArrayLike<number>, n: number }} o  scores (n, n), finite
 * @returns {{ maxAbs: number, i: number, j: number }}
 */
export function scoreAsymmetry(core, { scores, n } = {}) {
  check.size('n', n);
  const scoresIn = check.tensor('scores', scores, n * n, { shape: 'n·n' });
  return core.run((scope) => {
    const maxAbs = scope.f64Out(1);
    const at = scope.i32Out(2);
    core.check(core.exports.attn_score_asymmetry(maxAbs, at, scope.f32(scoresIn), n), 'scoreAsymmetry');
    const [i, j] = scope.readI32(at, 2);
    return { maxAbs: scope.readF64(maxAbs, 1)[0], i, j };
  });
}
