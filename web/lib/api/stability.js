// api/stability.js — the lab text's numerical stability, with the core's numbers on both sides:
//   attn.softmax({ x, rows, cols })                → { weights, emptyRows }         the right way
//   attn.softmaxUnstable({ x, rows, cols })        → { weights, exps, overflowedRows } the wrong way
//   attn.maskThenMultiply({ scores, mask, factor, n, m }) → { out, nanEntries }
// softmax subtracts each row's maximum before exp; softmaxUnstable does not, so scores near 1,000
// overflow exp to Infinity and the weights come out NaN. maskThenMultiply adds a mask and THEN
// multiplies: a mask entry of -Infinity times 0 is NaN, where -1e9 times 0 is 0.

import { AttnError, Status } from '../errors.js';
import { MAX_SCORE_MULTIPLIER } from '../abi.js';
import * as check from '../validate.js';
import { isMaskEntry, MASK_ENTRIES } from './mask-option.js';

/** Scores the softmaxes take: any number. -Infinity is a blocked entry; NaN and +Infinity are
 *  taken too, because what they do to a row (NaN everywhere) is part of the lesson. */
const SCORES = { allowed: () => true, expected: 'numbers' };

/** The entry count of a table whose sizes are named `rowsName` and `colsName`. */
function sizes(rows, cols, [rowsName, colsName] = ['rows', 'cols']) {
  check.size(rowsName, rows);
  check.size(colsName, cols);
  return rows * cols;
}

/**
 * Row-wise softmax with the row maximum subtracted first (attn_softmax_rows). A row that is all
 * -Infinity has no allowed entry: its weights are NaN, and it is counted in emptyRows.
 * @param {{ x: ArrayLike<number>, rows: number, cols: number }} o  x is (rows, cols)
 * @returns {{ weights: Float32Array, emptyRows: number }}
 */
export function softmax(core, { x, rows, cols } = {}) {
  const count = sizes(rows, cols);
  const xIn = check.tensor('x', x, count, { ...SCORES, shape: 'rows·cols' });
  return core.run((scope) => {
    const out = scope.f32Out(count);
    const empty = scope.i32Out(1);
    core.check(core.exports.attn_softmax_rows(out, empty, scope.f32(xIn), rows, cols), 'softmax');
    return { weights: scope.readF32(out, count), emptyRows: scope.readI32(empty, 1)[0] };
  });
}

/**
 * The wrong way, on purpose: softmax WITHOUT subtracting the row maximum (attn_softmax_rows_unstable).
 * exps holds exp(x) before dividing (Infinity once x passes about 88.7); overflowedRows counts rows
 * where some exp overflowed.
 * @param {{ x: ArrayLike<number>, rows: number, cols: number }} o  x is (rows, cols)
 * @returns {{ weights: Float32Array, exps: Float32Array, overflowedRows: number }}
 */
export function softmaxUnstable(core, { x, rows, cols } = {}) {
  const count = sizes(rows, cols);
  const xIn = check.tensor('x', x, count, { ...SCORES, shape: 'rows·cols' });
  return core.run((scope) => {
    const out = scope.f32Out(count);
    const exps = scope.f32Out(count);
    const overflowed = scope.i32Out(1);
    core.check(core.exports.attn_softmax_rows_unstable(out, exps, overflowed, scope.f32(xIn), rows, cols), 'softmaxUnstable');
    return { weights: scope.readF32(out, count), exps: scope.readF32(exps, count), overflowedRows: scope.readI32(overflowed, 1)[0] };
  });
}

/**
 * (scores + mask) · factor, entry by entry in float32 (attn_mask_then_multiply): a multiplication
 * that comes after the mask. nanEntries counts the NaN entries of out (-Infinity · 0).
 * @param {{ scores: ArrayLike<number>, mask: ArrayLike<number>, factor: number, n: number, m: number }} o
 *   scores and mask are (n, m); factor is finite, at most MAX_SCORE_MULTIPLIER in size
 * @returns {{ out: Float32Array, nanEntries: number }}
 */
export function maskThenMultiply(core, { scores, mask, factor, n, m } = {}) {
  const count = sizes(n, m, ['n', 'm']);
  const scoresIn = check.tensor('scores', scores, count, { shape: 'n·m' });
  const maskIn = check.tensor('mask', mask, count, { allowed: isMaskEntry, expected: MASK_ENTRIES, shape: 'n·m' });
  if (typeof factor !== 'number' || !Number.isFinite(factor)) {
    throw new AttnError(Status.VALUE, `factor must be a finite number, but it is ${check.describe(factor)}.`);
  }
  if (Math.abs(factor) > MAX_SCORE_MULTIPLIER) {
    throw new AttnError(Status.ARGUMENT, `factor must be at most ${MAX_SCORE_MULTIPLIER} in size, but it is ${factor}.`);
  }
  return core.run((scope) => {
    const out = scope.f32Out(count);
    const nans = scope.i32Out(1);
    core.check(core.exports.attn_mask_then_multiply(out, nans, scope.f32(scoresIn), scope.f32(maskIn), factor, n, m), 'maskThenMultiply');
    return { out: scope.readF32(out, count), nanEntries: scope.readI32(nans, 1)[0] };
  });
}
