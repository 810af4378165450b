// api/mask.js — the §6.4 family: build additive masks (none, causal, sliding window, padding),
// combine them by addition, count each row's allowed keys, reproduce the "mask after softmax"
// bug, and diagnose a weight matrix row by row (sum and entropy in nats).
//
//   const causal = attn.mask({ kind: 'causal', n: 4 });                 // Float32Array(16)
//   const pad = attn.mask({ kind: 'padding', n: 5, lengths: [5, 3] }); // Float32Array(2·25)
//   const both = attn.combineMasks(causal5, pad.subarray(25));          // elementwise sum
//   const { sums, entropy } = attn.rowStats({ weights, n, m });

import { AttnError, Status } from '../errors.js';
import * as check from '../validate.js';
import { isMaskEntry, MASK_ENTRIES } from './mask-option.js';

const KINDS = ['none', 'causal', 'window', 'padding'];
const isWeight = (x) => Number.isNaN(x) || (Number.isFinite(x) && x >= 0);

/**
 * An additive mask: 0 where query i may look at key j, -Infinity where it may not.
 *
 * @param {object} o
 * @param {'none'|'causal'|'window'|'padding'} o.kind
 * @param {number} o.n              queries (rows)
 * @param {number} [o.m=n]          keys (columns)
 * @param {number} [o.window]       'window' only: each token sees itself and the window − 1 before it
 * @param {number[]} [o.lengths]    'padding' only: each sequence's real length, 1..m
 * @returns {Float32Array} (n, m), or (lengths.length, n, m) for 'padding'
 */
export function mask(core, { kind, n, m = n, window, lengths } = {}) {
  if (!KINDS.includes(kind)) {
    throw new AttnError(Status.MASK_KIND, `kind must be 'none', 'causal', 'window' or 'padding', but it is ${check.describe(kind)}.`);
  }
  check.size('n', n);
  check.size('m', m);
  const { exports } = core;
  if (kind === 'window') {
    check.size('window', window, { min: 1 });
    return core.run((scope) => {
      const out = scope.f32Out(n * m);
      core.check(exports.attn_mask_window(out, window, n, m), 'mask');
      return scope.readF32(out, n * m);
    });
  }
  if (kind === 'padding') {
    const real = paddingLengths(lengths, m);
    const count = real.length * n * m;
    return core.run((scope) => {
      const out = scope.f32Out(count);
      core.check(exports.attn_mask_padding(out, scope.i32(real), real.length, n, m), 'mask');
      return scope.readF32(out, count);
    });
  }
  const build = kind === 'none' ? exports.attn_mask_none : exports.attn_mask_causal;
  return core.run((scope) => {
    const out = scope.f32Out(n * m);
    core.check(build(out, n, m), 'mask');
    return scope.readF32(out, n * m);
  });
}

function paddingLengths(lengths, m) {
  const isArrayLike = Array.isArray(lengths) || (ArrayBuffer.isView(lengths) && !(lengths instanceof DataView));
  if (!isArrayLike || lengths.length === 0) {
    throw new AttnError(Status.TYPE, `lengths must be a list of real sequence lengths, such as [5, 3], but it is ${check.describe(lengths)}.`);
  }
  return Int32Array.from(lengths, (length, b) => {
    if (typeof length !== 'number' || !Number.isInteger(length)) {
      throw new AttnError(Status.TYPE, `lengths[${b}] must be a whole number, but it is ${check.describe(length)}.`);
    }
    if (length < 1 || length > m) {
      throw new AttnError(Status.ARGUMENT, `lengths[${b}] must be between 1 and m = ${m} (a sequence has at least one real token and cannot be longer than the padded length), but it is ${length}.`);
    }
    return length;
  });
}

/**
 * Masks combine by adding: the elementwise sum a + b, so a pair blocked by either is blocked.
 * @returns {Float32Array} of the same length as a and b
 */
export function combineMasks(core, a, b) {
  for (const [name, value] of [['a', a], ['b', b]]) {
    const isArrayLike = Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
    if (!isArrayLike) throw new AttnError(Status.TYPE, `combineMasks: ${name} must be a mask (a Float32Array), but it is ${check.describe(value)}.`);
  }
  if (a.length !== b.length) {
    throw new AttnError(Status.SHAPE, `combineMasks needs two masks of the same shape, but a holds ${a.length} numbers and b holds ${b.length}.`);
  }
  if (a.length === 0) throw new AttnError(Status.SIZE, 'combineMasks needs masks of at least one entry, but both are empty.');
  const aIn = check.tensor('a', a, a.length, { allowed: isMaskEntry, expected: MASK_ENTRIES });
  const bIn = check.tensor('b', b, b.length, { allowed: isMaskEntry, expected: MASK_ENTRIES });
  return core.run((scope) => {
    const out = scope.f32Out(a.length);
    core.check(core.exports.attn_mask_add(out, scope.f32(aIn), scope.f32(bIn), a.length), 'combineMasks');
    return scope.readF32(out, a.length);
  });
}

/**
 * How many keys each row of a mask allows, and ln k, the entropy of k equal weights (NaN for k = 0).
 * @returns {{allowed: Int32Array, lnK: Float64Array, emptyRows: number}}  allowed and lnK are (n)
 */
export function allowedKeys(core, { mask: maskIn, n, m = n } = {}) {
  check.size('n', n);
  check.size('m', m);
  const values = check.tensor('mask', maskIn, n * m, { shape: 'n·m', allowed: isMaskEntry, expected: MASK_ENTRIES });
  return core.run((scope) => {
    const allowed = scope.i32Out(n), lnK = scope.f64Out(n), empty = scope.i32Out(1);
    core.check(core.exports.attn_mask_allowed(allowed, lnK, empty, scope.f32(values), n, m), 'allowedKeys');
    return { allowed: scope.readI32(allowed, n), lnK: scope.readF64(lnK, n), emptyRows: scope.readI32(empty, 1)[0] };
  });
}

/**
 * The classic bug, kept for comparison: zero the weights of blocked pairs AFTER the softmax.
 * Given the softmax of unmasked scores, the rows no longer sum to 1.
 * @returns {Float32Array} (n, m)
 */
export function maskAfterSoftmax(core, { weights, mask: maskIn, n, m = n } = {}) {
  check.size('n', n);
  check.size('m', m);
  const w = check.tensor('weights', weights, n * m, { shape: 'n·m', allowed: isWeight, expected: 'weights of 0 or more' });
  const values = check.tensor('mask', maskIn, n * m, { shape: 'n·m', allowed: isMaskEntry, expected: MASK_ENTRIES });
  return core.run((scope) => {
    const out = scope.f32Out(n * m);
    core.check(core.exports.attn_zero_blocked(out, scope.f32(w), scope.f32(values), n, m), 'maskAfterSoftmax');
    return scope.readF32(out, n * m);
  });
}

/**
 * Row diagnostics of a weight matrix: each row's sum (1 after a correct softmax) and its entropy
 * in nats (0 for one-hot, ln k for k equal weights). Rows holding NaN give NaN.
 * @returns {{sums: Float64Array, entropy: Float64Array}}  each (n)
 */
export function rowStats(core, { weights, n, m = n } = {}) {
  check.size('n', n);
  check.size('m', m);
  const w = check.tensor('weights', weights, n * m, {
    shape: 'n·m', allowed: isWeight, expected: 'weights of 0 or more (or NaN, for a row with no allowed key)',
  });
  return core.run((scope) => {
    const sums = scope.f64Out(n), entropy = scope.f64Out(n);
    core.check(core.exports.attn_row_stats(sums, entropy, scope.f32(w), n, m), 'rowStats');
    return { sums: scope.readF64(sums, n), entropy: scope.readF64(entropy, n) };
  });
}
