// bad-input.test.mjs — one table of bad input over the WHOLE JS face: every function of
// loadAttn()'s API, every method of a model, a KV cache and a tape, and every tape op. Each row
// must throw an AttnError with a known status and a readable sentence that names the argument
// (a regex per row), never a TypeError or a crash; a few rows (fully masked rows) must instead
// give NaN and count the empty rows. After the whole table the same instance still computes a
// known result and malloc's bytes in use are back where they started.
//
// A function or method with no rows fails the test: a new one cannot slip in untested.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AttnError, Status } from '../../web/lib/attn.js';
import { encodeCheckpoint } from '../../web/lib/model/checkpoint.js';
import { inContextScore } from '../../web/lib/model/in-context.js';
import { loadWasmAttn, randomFloats } from './helpers.mjs';

const attn = await loadWasmAttn();
const KNOWN_CODES = new Set(Object.values(Status).filter((code) => code !== Status.OK));
const { TYPE, SIZE, LENGTH, VALUE, ARGUMENT, SHAPE, OVERFLOW, MASK_KIND, FORMAT, MEMORY } = Status;

// ------------------------------------------------------------------ row generators

/** Bad values for a size argument: [label, value, codes]. */
const BAD_SIZES = [
  ['a string', '4', [TYPE]],
  ['null', null, [TYPE]],
  ['an object', {}, [TYPE]],
  ['an array', [4], [TYPE]],
  ['negative', -1, [SIZE, ARGUMENT]],
  ['zero', 0, [SIZE, ARGUMENT]],
  ['fractional', 1.5, [TYPE]],
  ['2^31', 2 ** 31, [SIZE, ARGUMENT]],
  ['2^53', 2 ** 53, [SIZE, ARGUMENT]],
  ['Infinity', Infinity, [TYPE]],
  ['-Infinity', -Infinity, [TYPE]],
  ['NaN', NaN, [TYPE]],
];

/** Bad values for a float tensor of `length` entries (mask: -Infinity is allowed). */
function badTensors(length, { mask = false } = {}) {
  const filled = (x) => { const a = new Float32Array(length); a[length - 1] = x; return a; };
  const rows = [
    ['a string', 'abc', [TYPE]],
    ['null', null, [TYPE]],
    ['missing', undefined, [TYPE]],
    ['a number', 3, [TYPE]],
    ['an object', { length }, [TYPE]],
    ['a DataView', new DataView(new ArrayBuffer(4 * length)), [TYPE]],
    ['too short', new Float32Array(length - 1), [LENGTH]],
    ['too long', new Float32Array(length + 1), [LENGTH]],
    ['empty', [], [LENGTH]],
    ['NaN inside', filled(NaN), [VALUE]],
    ['+Infinity inside', filled(Infinity), [VALUE]],
    ['text inside an array', Array.from({ length }, (_, i) => (i === 0 ? '1' : 0)), [VALUE]],
    ['null inside an array', Array.from({ length }, (_, i) => (i === 0 ? null : 0)), [VALUE]],
  ];
  if (!mask) rows.push(['-Infinity inside', filled(-Infinity), [VALUE]]);
  return rows;
}

const BAD_FLAGS = [['a string', 'yes', [TYPE]], ['a number', 1, [TYPE]], ['null', null, [TYPE]]];

/** Bad option objects for a function that takes one. */
const BAD_OPTIONS = [['null', null], ['a number', 7], ['a string', 'abc'], ['an array', [1, 2]], ['a typed array', new Float32Array(2)]];

const word = (name) => new RegExp(`(^|[^A-Za-z])${name.replace(/[.[\]]/g, '\\$&')}([^A-Za-z]|$)`);

/**
 * Rows for one function `fn(options)`: every size, tensor and flag argument made bad in turn,
 * the options object itself made bad. `call(options)` calls the function.
 */
function optionRows(family, base, call, { sizes = [], tensors = {}, flags = [], optional = [] }) {
  const rows = [];
  for (const [label, value] of BAD_OPTIONS) {
    rows.push({ family, label: `options ${label}`, call: () => call(value), codes: [TYPE], message: /options/ });
  }
  for (const name of sizes) {
    for (const [label, value, codes] of BAD_SIZES) {
      rows.push({ family, label: `${name} ${label}`, call: () => call({ ...base(), [name]: value }), codes: [...codes, LENGTH], message: word(name) });
    }
    if (!optional.includes(name)) {
      rows.push({ family, label: `${name} missing`, call: () => call({ ...base(), [name]: undefined }), codes: [TYPE], message: word(name) });
    }
  }
  for (const [name, length] of Object.entries(tensors)) {
    for (const [label, value, codes] of badTensors(length, { mask: name === 'mask' })) {
      if ((value === undefined || value === null) && optional.includes(name)) continue; // the default
      rows.push({ family, label: `${name} ${label}`, call: () => call({ ...base(), [name]: value }), codes: [...codes, MASK_KIND], message: word(name) });
    }
  }
  for (const name of flags) {
    for (const [label, value, codes] of BAD_FLAGS) {
      rows.push({ family, label: `${name} ${label}`, call: () => call({ ...base(), [name]: value }), codes, message: word(name) });
    }
  }
  return rows;
}

/** One hand-written row. */
const row = (family, label, call, codes, message) => ({ family, label, call, codes: [].concat(codes), message });
/** A row that must NOT throw: `check(result)` holds instead. */
const okRow = (family, label, call, check) => ({ family, label, call, check });

// ------------------------------------------------------------------ inputs that are valid

const N = 2, M = 3, DK = 4, DV = 2;
const f = (count, seed) => randomFloats(count, seed);
const attentionBase = () => ({ q: f(N * DK, 1), k: f(M * DK, 2), v: f(M * DV, 3), n: N, m: M, dk: DK, dv: DV });
const blocked = (rows, cols) => new Float32Array(rows * cols).fill(-Infinity);
const TEXT = 'the cat sat on the mat; the dog ran to the log. '.repeat(8);
const MODEL_OPTIONS = { text: TEXT, layers: 1, heads: 2, dModel: 8, context: 8, batch: 2, lr: 0.01, seed: 1 };

/** Things a row may create: disposed after the table (a row that wrongly succeeds leaks nothing). */
const created = [];
const keep = (x) => { if (x && typeof x.dispose === 'function') created.push(x); return x; };

// ------------------------------------------------------------------ the table

function apiRows() {
  const rows = [];
  // attention
  rows.push(...optionRows('attention', attentionBase, (o) => attn.attention(o), {
    sizes: ['n', 'm', 'dk', 'dv'], tensors: { q: N * DK, k: M * DK, v: M * DV, mask: N * M }, flags: ['scale', 'steps'], optional: ['mask'],
  }));
  rows.push(
    row('attention', 'mask an unknown kind', () => attn.attention({ ...attentionBase(), mask: 'diagonal' }), MASK_KIND, /mask must be 'none', 'causal'/),
    row('attention', 'mask +Infinity entry', () => attn.attention({ ...attentionBase(), mask: new Float32Array(N * M).fill(Infinity) }), VALUE, /mask must hold 0 \(allowed\), -Infinity/),
    row('attention', 'n = 2^31 − 1 with a small q', () => attn.attention({ ...attentionBase(), n: 2 ** 31 - 1 }), LENGTH, /q must hold n·dk/),
    okRow('attention', 'every row fully masked: NaN weights, rows counted', () => attn.attention({ ...attentionBase(), mask: blocked(N, M) }),
      (r) => r.emptyRows === N && r.weights.every(Number.isNaN) && r.out.every(Number.isNaN)),
    okRow('attention', 'one row fully masked (fast path, steps false)', () => {
      const mask = new Float32Array(N * M); mask.fill(-Infinity, 0, M);
      return attn.attention({ ...attentionBase(), mask, steps: false });
    }, (r) => r.emptyRows === 1 && Number.isNaN(r.out[0]) && Number.isFinite(r.out[DV])),
    okRow('attention', 'huge finite scores do not overflow the softmax', () => attn.attention({ ...attentionBase(), q: new Float32Array(N * DK).fill(3e38), k: new Float32Array(M * DK).fill(3e38) }),
      (r) => r.emptyRows >= 0 && r.out.length === N * DV),
  );
  rows.push(
    row('attention', 'multiplier NaN', () => attn.attention({ ...attentionBase(), multiplier: NaN }), VALUE, /multiplier must be a finite number, but it is NaN/),
    row('attention', 'multiplier Infinity', () => attn.attention({ ...attentionBase(), multiplier: Infinity }), VALUE, /multiplier must be a finite number/),
    row('attention', 'multiplier a string', () => attn.attention({ ...attentionBase(), multiplier: '0.5' }), VALUE, /multiplier must be a finite number, but it is the text "0.5"/),
    row('attention', 'multiplier negative', () => attn.attention({ ...attentionBase(), multiplier: -0.1 }), ARGUMENT, /multiplier must be from 0 to 1000000, but it is -0.1/),
    row('attention', 'multiplier above the limit', () => attn.attention({ ...attentionBase(), multiplier: 2e6 }), ARGUMENT, /multiplier must be from 0 to 1000000/),
    okRow('attention', 'multiplier 0: uniform rows', () => attn.attention({ ...attentionBase(), multiplier: 0 }), (r) => r.weights.every((w) => Math.abs(w - 1 / M) < 1e-6)),
  );
  // numerical stability: the right softmax and the wrong ways on purpose
  const softmaxBase = () => ({ x: f(6, 6), rows: 2, cols: 3 });
  // x takes any number: NaN and ±Infinity inside are part of the lesson, not bad input.
  const anyNumberIsAScore = (r) => !['x -Infinity inside', 'x +Infinity inside', 'x NaN inside'].includes(r.label);
  for (const family of ['softmax', 'softmaxUnstable']) {
    rows.push(...optionRows(family, softmaxBase, (o) => attn[family](o), { sizes: ['rows', 'cols'], tensors: { x: 6 } }).filter(anyNumberIsAScore));
    rows.push(row(family, 'huge rows·cols', () => attn[family]({ x: [0], rows: 2 ** 30, cols: 2 ** 30 }), LENGTH, /x must hold rows·cols/));
  }
  rows.push(
    okRow('softmax', 'a row of −∞: NaN weights, counted', () => attn.softmax({ x: [-Infinity, -Infinity, 0, 1], rows: 2, cols: 2 }), (r) => r.emptyRows === 1 && Number.isNaN(r.weights[0])),
    okRow('softmaxUnstable', 'scores near 1,000 overflow: NaN weights, counted', () => attn.softmaxUnstable({ x: [1000, 999], rows: 1, cols: 2 }), (r) => r.overflowedRows === 1 && r.exps[0] === Infinity && Number.isNaN(r.weights[0])),
  );
  rows.push(...optionRows('scoreAsymmetry', () => ({ scores: f(9, 8), n: 3 }), (o) => attn.scoreAsymmetry(o), { sizes: ['n'], tensors: { scores: 9 } }));
  rows.push(okRow('scoreAsymmetry', 'a symmetric table: exactly 0', () => attn.scoreAsymmetry({ scores: [1, 2, 2, 1], n: 2 }), (r) => r.maxAbs === 0));
  const multiplyBase = () => ({ scores: f(6, 7), mask: new Float32Array(6), factor: 0, n: 2, m: 3 });
  rows.push(...optionRows('maskThenMultiply', multiplyBase, (o) => attn.maskThenMultiply(o), { sizes: ['n', 'm'], tensors: { scores: 6, mask: 6 } }));
  rows.push(
    row('maskThenMultiply', 'factor NaN', () => attn.maskThenMultiply({ ...multiplyBase(), factor: NaN }), VALUE, /factor must be a finite number, but it is NaN/),
    row('maskThenMultiply', 'factor missing', () => attn.maskThenMultiply({ ...multiplyBase(), factor: undefined }), VALUE, /factor must be a finite number, but it is missing/),
    row('maskThenMultiply', 'factor above the limit', () => attn.maskThenMultiply({ ...multiplyBase(), factor: -2e6 }), ARGUMENT, /factor must be at most 1000000 in size/),
    okRow('maskThenMultiply', '−∞ · 0 is NaN, counted', () => attn.maskThenMultiply({ ...multiplyBase(), mask: [0, -Infinity, 0, 0, 0, -1e9] }), (r) => r.nanEntries === 1 && Number.isNaN(r.out[1]) && r.out[5] === 0),
  );
  // matmul
  const matmulBase = () => ({ a: f(6, 4), b: f(12, 5), m: 2, k: 3, n: 4 });
  rows.push(...optionRows('matmul', matmulBase, (o) => attn.matmul(o), { sizes: ['m', 'k', 'n'], tensors: { a: 6, b: 12 }, flags: ['transposeB', 'fast'] }));
  rows.push(row('matmul', 'sizes whose product overflows', () => attn.matmul({ ...matmulBase(), m: 2 ** 30, k: 2 ** 30 }), LENGTH, /a must hold m·k/));
  // experiments
  rows.push(...optionRows('randomNormals', () => ({ count: 4, seed: 1 }), (o) => attn.randomNormals(o), { sizes: ['count'] }));
  rows.push(
    row('randomNormals', 'count above the limit', () => attn.randomNormals({ count: 2 ** 29 }), SIZE, /count must be between 1 and 268435456/),
    row('randomNormals', 'seed negative', () => attn.randomNormals({ count: 4, seed: -1 }), ARGUMENT, /seed must be between 0 and 4294967295/),
    row('randomNormals', 'seed 2^32', () => attn.randomNormals({ count: 4, seed: 2 ** 32 }), ARGUMENT, /seed must be between 0 and 4294967295/),
    row('randomNormals', 'seed fractional', () => attn.randomNormals({ count: 4, seed: 0.5 }), TYPE, /seed must be a whole number/),
    row('randomNormals', 'seed a string', () => attn.randomNormals({ count: 4, seed: '1' }), TYPE, /seed must be a whole number, but it is the text "1"/),
  );
  const statsBase = () => ({ dk: 4, draws: 10, seed: 1 });
  rows.push(...optionRows('scoreStats', statsBase, (o) => attn.scoreStats(o), { sizes: ['dk', 'draws'], flags: ['scaled'] }));
  rows.push(
    row('scoreStats', 'bins zero', () => attn.scoreStats({ ...statsBase(), bins: 0 }), SIZE, /bins must be between 1 and 10000/),
    row('scoreStats', 'bins one edge', () => attn.scoreStats({ ...statsBase(), bins: [1] }), ARGUMENT, /bins must be a number of bins or an array of at least 2/),
    row('scoreStats', 'bins a string', () => attn.scoreStats({ ...statsBase(), bins: 'ten' }), ARGUMENT, /bins must be a number of bins/),
    row('scoreStats', 'bins decreasing', () => attn.scoreStats({ ...statsBase(), bins: [1, 0] }), ARGUMENT, /bins must be increasing edges/),
    row('scoreStats', 'bins with NaN', () => attn.scoreStats({ ...statsBase(), bins: [0, NaN] }), VALUE, /bins must hold finite numbers/),
    row('scoreStats', 'dk above 4096', () => attn.scoreStats({ ...statsBase(), dk: 4097 }), SIZE, /dk must be between 1 and 4096/),
    row('scoreStats', 'onProgress not a function', () => attn.scoreStats({ ...statsBase(), onProgress: 'yes' }), TYPE, /onProgress must be a function/),
  );
  const satBase = () => ({ dk: 4, keys: 4, trials: 5, seed: 1 });
  rows.push(...optionRows('saturation', satBase, (o) => attn.saturation(o), { sizes: ['dk', 'keys', 'trials'], flags: ['scaled'] }));
  rows.push(
    row('saturation', 'keys one', () => attn.saturation({ ...satBase(), keys: 1 }), SIZE, /keys must be between 2 and 65536/),
    row('saturation', 'threshold 1', () => attn.saturation({ ...satBase(), threshold: 1 }), ARGUMENT, /threshold must be strictly between 0 and 1/),
    row('saturation', 'threshold NaN', () => attn.saturation({ ...satBase(), threshold: NaN }), TYPE, /threshold must be a number/),
    row('saturation', 'threshold 1 − 1e-12 (1 in float32)', () => attn.saturation({ ...satBase(), threshold: 1 - 1e-12 }), ARGUMENT, /threshold must be strictly between 0 and 1/),
    row('saturation', 'threshold a string', () => attn.saturation({ ...satBase(), threshold: '0.5' }), TYPE, /threshold must be a number/),
    row('saturation', 'onProgress a number', () => attn.saturation({ ...satBase(), onProgress: 5 }), TYPE, /onProgress must be a function/),
    row('saturation', 'gap 0', () => attn.saturation({ ...satBase(), gap: 0 }), ARGUMENT, /gap must be above 0, but it is 0\./),
    row('saturation', 'gap negative', () => attn.saturation({ ...satBase(), gap: -20 }), ARGUMENT, /gap must be above 0, but it is -20\./),
    row('saturation', 'gap Infinity', () => attn.saturation({ ...satBase(), gap: Infinity }), TYPE, /gap must be a number/),
    row('saturation', 'gap a string', () => attn.saturation({ ...satBase(), gap: '20' }), TYPE, /gap must be a number/),
    row('saturation', 'gap null', () => attn.saturation({ ...satBase(), gap: null }), TYPE, /gap must be a number/),
  );
  rows.push(...optionRows('scoreGaps', satBase, (o) => attn.scoreGaps(o), { sizes: ['dk', 'keys', 'trials'], flags: ['scaled'] }));
  rows.push(
    row('scoreGaps', 'keys one', () => attn.scoreGaps({ ...satBase(), keys: 1 }), SIZE, /keys must be between 2 and 65536/),
    row('scoreGaps', 'gap 0', () => attn.scoreGaps({ ...satBase(), gap: 0 }), ARGUMENT, /gap must be above 0, but it is 0\./),
    row('scoreGaps', 'gap negative', () => attn.scoreGaps({ ...satBase(), gap: -20 }), ARGUMENT, /gap must be above 0, but it is -20\./),
    row('scoreGaps', 'gap NaN', () => attn.scoreGaps({ ...satBase(), gap: NaN }), TYPE, /gap must be a number/),
    row('scoreGaps', 'gap Infinity', () => attn.scoreGaps({ ...satBase(), gap: Infinity }), TYPE, /gap must be a number/),
    row('scoreGaps', 'gap a string', () => attn.scoreGaps({ ...satBase(), gap: '20' }), TYPE, /gap must be a number/),
    row('scoreGaps', 'onProgress a number', () => attn.scoreGaps({ ...satBase(), onProgress: 5 }), TYPE, /onProgress must be a function/),
  );
  // masks
  rows.push(...optionRows('mask', () => ({ kind: 'causal', n: 3 }), (o) => attn.mask(o), { sizes: ['n'] }));
  rows.push(...optionRows('mask', () => ({ kind: 'window', n: 3, m: 3, window: 2 }), (o) => attn.mask(o), { sizes: ['m', 'window'], optional: ['m'] }).map((r) => (r.label.startsWith('options') ? null : r)).filter(Boolean));
  rows.push(
    row('mask', 'kind unknown', () => attn.mask({ kind: 'diagonal', n: 3 }), MASK_KIND, /kind must be 'none', 'causal', 'window' or 'padding'/),
    row('mask', 'kind missing', () => attn.mask({ n: 3 }), MASK_KIND, /kind must be .* but it is missing/),
    row('mask', 'padding lengths missing', () => attn.mask({ kind: 'padding', n: 3 }), TYPE, /lengths must be a list/),
    row('mask', 'padding lengths empty', () => attn.mask({ kind: 'padding', n: 3, lengths: [] }), TYPE, /lengths must be a list/),
    row('mask', 'padding length 0', () => attn.mask({ kind: 'padding', n: 3, lengths: [0] }), ARGUMENT, /lengths\[0\] must be between 1 and m = 3/),
    row('mask', 'padding length too long', () => attn.mask({ kind: 'padding', n: 3, lengths: [2, 4] }), ARGUMENT, /lengths\[1\] must be between 1 and m = 3/),
    row('mask', 'padding length NaN', () => attn.mask({ kind: 'padding', n: 3, lengths: [NaN] }), TYPE, /lengths\[0\] must be a whole number/),
    row('mask', 'padding length a string', () => attn.mask({ kind: 'padding', n: 3, lengths: ['2'] }), TYPE, /lengths\[0\] must be a whole number/),
    row('mask', 'huge n·m', () => attn.mask({ kind: 'causal', n: 2 ** 30, m: 2 ** 30 }), [OVERFLOW, MEMORY], /too large|memory/),
  );
  for (const [label, a, b, codes, message] of [
    ['a null', null, [0], TYPE, /combineMasks: a must be a mask/],
    ['b a string', [0], '0', TYPE, /combineMasks: b must be a mask/],
    ['b missing', [0], undefined, TYPE, /combineMasks: b must be a mask/],
    ['shapes differ', [0, 0], [0], SHAPE, /same shape, but a holds 2 numbers and b holds 1/],
    ['both empty', [], [], SIZE, /at least one entry/],
    ['a with NaN', [NaN], [0], VALUE, /a must hold 0 \(allowed\)/],
    ['b with +Infinity', [0], [Infinity], VALUE, /b must hold 0 \(allowed\)/],
    ['a an object', { length: 1 }, [0], TYPE, /combineMasks: a must be a mask/],
  ]) rows.push(row('combineMasks', label, () => attn.combineMasks(a, b), codes, message));
  rows.push(...optionRows('allowedKeys', () => ({ mask: new Float32Array(6), n: 2, m: 3 }), (o) => attn.allowedKeys(o), { sizes: ['n', 'm'], tensors: { mask: 6 }, optional: ['m'] }));
  rows.push(okRow('allowedKeys', 'fully masked rows counted', () => attn.allowedKeys({ mask: blocked(2, 3), n: 2, m: 3 }), (r) => r.emptyRows === 2 && r.allowed.every((x) => x === 0) && r.lnK.every(Number.isNaN)));
  rows.push(...optionRows('maskAfterSoftmax', () => ({ weights: new Float32Array(6).fill(1 / 3), mask: new Float32Array(6), n: 2, m: 3 }), (o) => attn.maskAfterSoftmax(o), { sizes: ['n', 'm'], tensors: { weights: 6, mask: 6 }, optional: ['m'] }).filter((r) => r.label !== 'weights NaN inside'));
  rows.push(row('maskAfterSoftmax', 'negative weight', () => attn.maskAfterSoftmax({ weights: [-1, 0, 0, 0], mask: [0, 0, 0, 0], n: 2 }), VALUE, /weights must hold weights of 0 or more, but entry 0 is -1/));
  rows.push(...optionRows('rowStats', () => ({ weights: new Float32Array(6).fill(1 / 3), n: 2, m: 3 }), (o) => attn.rowStats(o), { sizes: ['n', 'm'], tensors: { weights: 6 }, optional: ['m'] }).filter((r) => r.label !== 'weights NaN inside'));
  rows.push(okRow('rowStats', 'a NaN row (fully masked) gives NaN stats', () => attn.rowStats({ weights: [NaN, NaN, 0.5, 0.5], n: 2, m: 2 }), (r) => Number.isNaN(r.sums[0]) && r.sums[1] === 1));
  // positions
  rows.push(...optionRows('positions', () => ({ n: 3, d: 4 }), (o) => attn.positions(o), { sizes: ['n', 'd'] }));
  rows.push(row('positions', 'huge n·d', () => attn.positions({ n: 2 ** 30, d: 2 ** 30 }), [OVERFLOW, MEMORY], /too large|memory/));
  rows.push(...optionRows('rope', () => ({ x: f(12, 6), n: 3, d: 4 }), (o) => attn.rope(o), { sizes: ['n', 'd'], tensors: { x: 12 } }));
  rows.push(
    row('rope', 'odd d', () => attn.rope({ x: f(9, 6), n: 3, d: 3 }), SHAPE, /d must be even/),
    row('rope', 'offset negative', () => attn.rope({ x: f(12, 6), n: 3, d: 4, offset: -1 }), SIZE, /offset must be/),
    row('rope', 'offset fractional', () => attn.rope({ x: f(12, 6), n: 3, d: 4, offset: 0.5 }), TYPE, /offset must be a whole number/),
    row('rope', 'offset a string', () => attn.rope({ x: f(12, 6), n: 3, d: 4, offset: '1' }), TYPE, /offset must be a whole number/),
  );
  const selfBase = () => ({ x: f(6, 7), wq: f(4, 8), wk: f(4, 9), wv: f(4, 10), n: 3, d: 2 });
  rows.push(...optionRows('selfAttention', selfBase, (o) => attn.selfAttention(o), { sizes: ['n', 'd', 'offset'], tensors: { x: 6, wq: 4, wk: 4, wv: 4 }, optional: ['offset'] }).filter((r) => r.label !== 'offset zero'));
  rows.push(
    row('selfAttention', 'positions unknown', () => attn.selfAttention({ ...selfBase(), positions: 'learned' }), ARGUMENT, /positions must be 'none', 'sinusoidal' or 'rotary'/),
    row('selfAttention', 'positions an object', () => attn.selfAttention({ ...selfBase(), positions: { kind: 'rotary' } }), ARGUMENT, /positions must be/),
    row('selfAttention', 'mask an array', () => attn.selfAttention({ ...selfBase(), mask: [0] }), MASK_KIND, /mask must be 'none' or 'causal'/),
    row('selfAttention', 'mask "toString"', () => attn.selfAttention({ ...selfBase(), mask: 'toString' }), MASK_KIND, /mask must be 'none' or 'causal'/),
    row('selfAttention', 'rotary with odd d', () => attn.selfAttention({ x: f(3, 1), wq: [1], wk: [1], wv: [1], n: 3, d: 1, positions: 'rotary' }), SHAPE, /d must be even/),
  );
  rows.push(...optionRows('wordEmbedding', () => ({ word: 'cat', d: 4 }), (o) => attn.wordEmbedding(o), { sizes: ['d'] }));
  rows.push(
    row('wordEmbedding', 'word a number', () => attn.wordEmbedding({ word: 5, d: 4 }), TYPE, /word must be text/),
    row('wordEmbedding', 'word missing', () => attn.wordEmbedding({ d: 4 }), TYPE, /word must be text, but it is missing/),
    row('wordEmbedding', 'word empty', () => attn.wordEmbedding({ word: '', d: 4 }), SIZE, /word must hold at least one character/),
    row('wordEmbedding', 'word of 1 MB', () => attn.wordEmbedding({ word: 'x'.repeat(1 << 20), d: 4 }), SIZE, /word must be at most 256 bytes long/),
    row('wordEmbedding', 'huge d', () => attn.wordEmbedding({ word: 'cat', d: 2 ** 31 - 1 }), [OVERFLOW, MEMORY], /too large|memory/),
  );
  // heads and cost
  const headsBase = () => ({ x: f(8, 11), n: 2, dModel: 4, heads: 2, wq: f(16, 12), wk: f(16, 13), wv: f(16, 14), wo: f(16, 15) });
  rows.push(...optionRows('multiHead', headsBase, (o) => attn.multiHead(o), {
    sizes: ['n', 'dModel', 'heads'], tensors: { x: 8, wq: 16, wk: 16, wv: 16, wo: 16, mask: 4 }, optional: ['mask'],
  }).map((r) => (/^(dModel|heads) /.test(r.label) ? { ...r, codes: [...r.codes, SHAPE], message: /dModel|heads/ } : r)));
  rows.push(
    row('multiHead', 'dModel not divisible by heads', () => attn.multiHead({ ...headsBase(), heads: 3 }), SHAPE, /dModel \(4\) must be divisible by heads \(3\)/),
    okRow('multiHead', 'fully masked rows', () => attn.multiHead({ ...headsBase(), mask: blocked(2, 2) }), (r) => r.emptyRows > 0 && r.out.every(Number.isNaN)),
  );
  rows.push(...optionRows('cost', () => ({ n: 8, dModel: 8, heads: 2 }), (o) => attn.cost(o), { sizes: ['n', 'dModel', 'heads'], optional: ['heads'] })
    .map((r) => (/^(dModel|heads) /.test(r.label) ? { ...r, codes: [...r.codes, SHAPE], message: /dModel|heads/ } : r)));
  rows.push(...optionRows('measureAttention', () => ({ n: 4, d: 4, repeats: 1 }), (o) => attn.measureAttention(o), { sizes: ['n', 'd', 'repeats'], flags: ['warmUp'], optional: ['d', 'repeats'] }));
  rows.push(
    row('measureAttention', 'n above 16384', () => attn.measureAttention({ n: 16385 }), SIZE, /n must be between 1 and 16384/),
    row('measureAttention', 'seed a string', () => attn.measureAttention({ n: 4, d: 4, repeats: 1, seed: 'x' }), TYPE, /^seed must be a whole number, but it is the text "x"\.$/),
    row('measureAttention', 'seed 2^32 − 1 (the seeds of k and v would wrap)', () => attn.measureAttention({ n: 4, d: 4, repeats: 1, seed: 2 ** 32 - 1 }), ARGUMENT, /seed must be between 0 and 4294967293/),
  );
  // flash attention and the KV cache
  const flashBase = () => ({ ...attentionBase(), heads: 1 });
  rows.push(...optionRows('flashAttention', flashBase, (o) => attn.flashAttention(o), { sizes: ['n', 'm', 'dk', 'dv', 'heads'], tensors: { q: N * DK, k: M * DK, v: M * DV } }).filter((r) => !(r.label === 'heads missing')));
  rows.push(
    row('flashAttention', 'mask an array', () => attn.flashAttention({ ...flashBase(), mask: new Float32Array(N * M) }), MASK_KIND, /mask must be 'none', 'causal' or \{ window/),
    row('flashAttention', 'mask window 0', () => attn.flashAttention({ ...flashBase(), mask: { window: 0 } }), SIZE, /mask\.window must be at least 1/),
    row('flashAttention', 'mask window a string', () => attn.flashAttention({ ...flashBase(), mask: { window: '2' } }), TYPE, /mask\.window must be a whole number/),
    row('flashAttention', 'mask window 2^31', () => attn.flashAttention({ ...flashBase(), mask: { window: 2 ** 31 } }), SIZE, /mask\.window must be/),
    okRow('flashAttention', 'a query with no allowed key (n > m, causal window) is counted', () => attn.flashAttention({ q: f(4, 1), k: f(4, 2), v: f(4, 3), n: 4, m: 4, dk: 1, dv: 1, mask: 'causal' }), (r) => r.emptyRows === 0),
  );
  // the translation encoder–decoders and their task
  const seq2seqBase = () => ({ kind: 'bottleneck', embed: 4, hidden: 4, batch: 2, minLength: 3, maxLength: 5, steps: 10 });
  rows.push(...optionRows('createSeq2seq', seq2seqBase, (o) => keep(attn.createSeq2seq(o)), { sizes: ['embed', 'hidden', 'batch', 'steps'], optional: ['embed', 'hidden', 'batch', 'steps'] }));
  rows.push(
    row('createSeq2seq', 'kind unknown', () => attn.createSeq2seq({ ...seq2seqBase(), kind: 'lstm' }), ARGUMENT, /kind must be 'bottleneck' or 'attention'/),
    row('createSeq2seq', 'embed above 512', () => attn.createSeq2seq({ ...seq2seqBase(), embed: 513 }), SIZE, /embed must be between 1 and 512/),
    row('createSeq2seq', 'batch above 256', () => attn.createSeq2seq({ ...seq2seqBase(), batch: 257 }), SIZE, /batch must be between 1 and 256/),
    row('createSeq2seq', 'minLength 2', () => attn.createSeq2seq({ ...seq2seqBase(), minLength: 2 }), SIZE, /minLength must be between 3 and 40/),
    row('createSeq2seq', 'maxLength 41', () => attn.createSeq2seq({ ...seq2seqBase(), maxLength: 41 }), SIZE, /maxLength must be between 3 and 40/),
    row('createSeq2seq', 'minLength above maxLength', () => attn.createSeq2seq({ ...seq2seqBase(), minLength: 5, maxLength: 4 }), ARGUMENT, /minLength \(5\) must be at most maxLength \(4\)/),
    row('createSeq2seq', 'lr 0', () => attn.createSeq2seq({ ...seq2seqBase(), lr: 0 }), ARGUMENT, /lr must be strictly between 0 and 1/),
    row('createSeq2seq', 'seed negative', () => attn.createSeq2seq({ ...seq2seqBase(), seed: -1 }), ARGUMENT, /seed must be between 0 and 4294967295/),
    row('translationSentence', 'split unknown', () => attn.translationSentence({ split: 'test' }), ARGUMENT, /split must be 'train' or 'heldOut'/),
    row('translationSentence', 'index negative', () => attn.translationSentence({ index: -1 }), SIZE, /index must be at least 0/),
    row('translationSentence', 'maxLength 41', () => attn.translationSentence({ maxLength: 41 }), SIZE, /maxLength must be between 3 and 40/),
  );
  rows.push(...optionRows('kvCache', () => ({ dk: 2, dv: 2, capacity: 2 }), (o) => keep(attn.kvCache(o)), { sizes: ['dk', 'dv', 'capacity', 'heads'], optional: ['heads'] }));
  rows.push(row('kvCache', 'capacity·heads·dk overflows', () => keep(attn.kvCache({ dk: 64, dv: 64, capacity: 2 ** 26, heads: 8 })), OVERFLOW, /kvCache/));
  rows.push(...costAndDecodingRows());
  // the model family
  rows.push(...optionRows('defaultCorpus', () => ({ length: 10, seed: 1 }), (o) => attn.defaultCorpus(o), { sizes: ['length'], optional: ['length'] }));
  rows.push(
    row('defaultCorpus', 'length above 5 MiB', () => attn.defaultCorpus({ length: 6 * 2 ** 20 }), SIZE, /length must be between 1 and 5242880/),
    row('defaultCorpus', 'seed negative', () => attn.defaultCorpus({ length: 10, seed: -1 }), SIZE, /seed must be between 0 and 4294967295/),
  );
  rows.push(...optionRows('repeatsCorpus', () => ({ length: 40, shortest: 2, longest: 4, letters: 5, step: 5, seed: 1 }), (o) => attn.repeatsCorpus(o), { sizes: ['length', 'shortest', 'longest', 'letters', 'step'], optional: ['length', 'shortest', 'longest', 'letters', 'step'] }));
  rows.push(
    row('repeatsCorpus', 'longest below shortest', () => attn.repeatsCorpus({ length: 40, shortest: 5, longest: 4 }), ARGUMENT, /longest \(4\) must be at least shortest \(5\)/),
    row('repeatsCorpus', 'longest above length', () => attn.repeatsCorpus({ length: 40, shortest: 2, longest: 41 }), SIZE, /longest must be between 1 and 40/),
    row('repeatsCorpus', 'letters 27', () => attn.repeatsCorpus({ length: 40, letters: 27, step: 2 }), SIZE, /letters must be between 2 and 26/),
    row('repeatsCorpus', 'step above letters', () => attn.repeatsCorpus({ length: 40, letters: 5, step: 6 }), SIZE, /step must be between 1 and 5/),
    row('repeatsCorpus', 'seed negative', () => attn.repeatsCorpus({ length: 40, seed: -1 }), SIZE, /seed must be between 0 and 4294967295/),
    row('inContextScore', 'not an array', () => inContextScore('loss'), TYPE, /must be an array of numbers/),
    row('inContextScore', 'three positions', () => inContextScore([1, 2, 3]), LENGTH, /needs at least 4 positions, but there are 3/),
    row('inContextScore', 'NaN at a position', () => inContextScore([1, 2, NaN, 3]), VALUE, /The loss at position 2 is NaN/),
  );
  rows.push(...optionRows('createModel', () => ({ ...MODEL_OPTIONS }), (o) => keep(attn.createModel(o)), { sizes: ['layers', 'heads', 'dModel', 'context', 'batch'], optional: ['layers', 'heads', 'dModel', 'context', 'batch'] })
    .filter((r) => r.label !== 'options a string')
    .map((r) => (/^(dModel|heads) /.test(r.label) ? { ...r, codes: [...r.codes, SHAPE, LENGTH], message: /dModel|heads/ } : r))
    .map((r) => (/^context /.test(r.label) ? { ...r, codes: [...r.codes, LENGTH] } : r)));
  rows.push(
    row('createModel', 'text a number', () => keep(attn.createModel({ ...MODEL_OPTIONS, text: 5 })), TYPE, /text must be a string/),
    row('createModel', 'text null', () => keep(attn.createModel({ ...MODEL_OPTIONS, text: null })), TYPE, /text must be a string/),
    row('createModel', 'text empty', () => keep(attn.createModel({ ...MODEL_OPTIONS, text: '' })), LENGTH, /The text is empty/),
    row('createModel', 'text of one character', () => keep(attn.createModel({ ...MODEL_OPTIONS, text: 'a'.repeat(200) })), VALUE, /only one distinct character/),
    row('createModel', 'text too short', () => keep(attn.createModel({ ...MODEL_OPTIONS, text: 'abcab' })), LENGTH, /too short for a context of 8/),
    row('createModel', 'text over 5 MiB', () => keep(attn.createModel({ ...MODEL_OPTIONS, text: 'ab'.repeat(3 * 2 ** 20) })), LENGTH, /The text is too long/),
    row('createModel', 'preset unknown', () => keep(attn.createModel({ ...MODEL_OPTIONS, preset: 'huge' })), ARGUMENT, /preset must be one of/),
    row('createModel', 'preset "constructor"', () => keep(attn.createModel({ ...MODEL_OPTIONS, preset: 'constructor' })), ARGUMENT, /preset must be one of/),
    row('createModel', 'lr zero', () => keep(attn.createModel({ ...MODEL_OPTIONS, lr: 0 })), ARGUMENT, /lr \(the learning rate\) must be a number strictly between 0 and 1/),
    row('createModel', 'lr NaN', () => keep(attn.createModel({ ...MODEL_OPTIONS, lr: NaN })), ARGUMENT, /lr \(the learning rate\) must be a number strictly between 0 and 1/),
    row('createModel', 'lr a string', () => keep(attn.createModel({ ...MODEL_OPTIONS, lr: '0.1' })), ARGUMENT, /lr \(the learning rate\) must be a number strictly between 0 and 1/),
    row('createModel', 'seed a string', () => keep(attn.createModel({ ...MODEL_OPTIONS, seed: '1' })), TYPE, /seed must be a whole number/),
    row('createModel', 'dModel not divisible by heads', () => keep(attn.createModel({ ...MODEL_OPTIONS, dModel: 9, heads: 2 })), SHAPE, /dModel \(9\) must be divisible by heads \(2\)/),
    row('createModel', 'too big to train', () => keep(attn.createModel({ ...MODEL_OPTIONS, layers: 64, dModel: 4096, heads: 16, context: 4096, batch: 1024 })), MEMORY, /would need about [\d,]+ MiB/),
    row('createModel', 'dModel past the core\'s limit', () => keep(attn.createModel({ ...MODEL_OPTIONS, dModel: 4098 })), SIZE, /dModel must be between 1 and 4096/),
    row('createModel', 'lr that rounds to 1 as a float', () => keep(attn.createModel({ ...MODEL_OPTIONS, lr: 1 - 2 ** -30 })), ARGUMENT, /lr \(the learning rate\) must be a number strictly between 0 and 1/),
    row('createModel', 'a text of 65,537 distinct characters', () => keep(attn.createModel({ ...MODEL_OPTIONS, text: Array.from({ length: 65537 }, (_, i) => String.fromCodePoint(0x10000 + i)).join('') })), SIZE, /vocabulary may hold at most 65,536 characters, but this one has 65,537/),
    okRow('createModel', 'context 1, the core\'s smallest', () => keep(attn.createModel({ ...MODEL_OPTIONS, context: 1 })), (model) => model.train(1).loss.every(Number.isFinite)),
  );
  rows.push(...lookupRows());
  return rows;
}

/** The lookup section: attn.lookup, attn.hull, attn.bottleneck. */
function lookupRows() {
  const rows = [];
  const lookupBase = () => ({ query: [1, 0.5], keys: f(8, 21), values: f(8, 22), m: 4, dk: 2, dv: 2, sharpness: 1 });
  rows.push(...optionRows('lookup', lookupBase, (o) => attn.lookup(o), { sizes: ['m', 'dk', 'dv'], tensors: { query: 2, keys: 8, values: 8 } }));
  rows.push(
    row('lookup', 'an empty memory (m = 0)', () => attn.lookup({ ...lookupBase(), m: 0, keys: [], values: [] }), SIZE, /The memory is empty: m, the number of entries, must be at least 1/),
    row('lookup', 'too many entries', () => attn.lookup({ ...lookupBase(), m: 1025, keys: new Float32Array(2050), values: new Float32Array(2050) }), [SIZE, ARGUMENT], /m must be between 1 and 1024/),
    row('lookup', 'dk past the core\'s widest', () => attn.lookup({ ...lookupBase(), dk: 257 }), [SIZE, ARGUMENT], /dk must be between 1 and 256/),
    row('lookup', 'sharpness negative', () => attn.lookup({ ...lookupBase(), sharpness: -1 }), ARGUMENT, /sharpness must be 0 or more .* but it is -1/),
    row('lookup', 'sharpness NaN', () => attn.lookup({ ...lookupBase(), sharpness: NaN }), VALUE, /sharpness must be a finite number, but it is NaN/),
    row('lookup', 'sharpness Infinity', () => attn.lookup({ ...lookupBase(), sharpness: Infinity }), VALUE, /sharpness must be a finite number/),
    row('lookup', 'sharpness past the core\'s largest', () => attn.lookup({ ...lookupBase(), sharpness: 1e7 }), ARGUMENT, /sharpness must be at most 1,000,000/),
    row('lookup', 'sharpness a string', () => attn.lookup({ ...lookupBase(), sharpness: '2' }), TYPE, /sharpness must be a number, but it is the text "2"/),
    row('lookup', 'a key coordinate past 10^6', () => attn.lookup({ ...lookupBase(), keys: [1, 2, 3, 4, 5, 6, 7, 2e6] }), VALUE, /keys must hold finite numbers from −1,000,000 to 1,000,000, but entry 7 is 2000000/),
    row('lookup', 'a value coordinate -Infinity', () => attn.lookup({ ...lookupBase(), values: [1, 2, 3, 4, 5, 6, 7, -Infinity] }), VALUE, /values must hold finite numbers/),
    okRow('lookup', 'sharpness 0: every weight 1/m', () => attn.lookup({ ...lookupBase(), sharpness: 0 }), (r) => r.weights.every((w) => w === Math.fround(1 / 4))),
  );
  const hullBase = () => ({ points: f(8, 23), count: 4, point: [0, 0] });
  rows.push(...optionRows('hull', hullBase, (o) => attn.hull(o), { sizes: ['count'], tensors: { points: 8, point: 2 }, optional: ['point'] }));
  rows.push(
    row('hull', 'count past the core\'s most', () => attn.hull({ points: new Float32Array(2050), count: 1025 }), [SIZE, ARGUMENT], /count must be between 1 and 1024/),
    row('hull', 'a point coordinate NaN', () => attn.hull({ ...hullBase(), point: [0, NaN] }), VALUE, /point must hold finite numbers/),
    okRow('hull', 'every point the same: one corner', () => attn.hull({ points: [1, 1, 1, 1, 1, 1], count: 3, point: [1, 1] }), (r) => r.corners.length === 1 && r.inside === true),
  );
  const bottleneckBase = () => ({ lengths: [3, 5], width: 8, vocab: 4, trials: 2, seed: 1 });
  rows.push(...optionRows('bottleneck', bottleneckBase, (o) => attn.bottleneck(o), { sizes: ['width', 'trials', 'vocab', 'example'], optional: ['trials', 'vocab', 'example'] }));
  rows.push(
    row('bottleneck', 'lengths missing', () => attn.bottleneck({ ...bottleneckBase(), lengths: undefined }), TYPE, /lengths must be a list of source lengths/),
    row('bottleneck', 'lengths empty', () => attn.bottleneck({ ...bottleneckBase(), lengths: [] }), TYPE, /lengths must be a list of source lengths/),
    row('bottleneck', 'lengths a number', () => attn.bottleneck({ ...bottleneckBase(), lengths: 40 }), TYPE, /lengths must be a list/),
    row('bottleneck', 'a length of 0', () => attn.bottleneck({ ...bottleneckBase(), lengths: [5, 0] }), SIZE, /lengths\[1\] must be between 1 and 256, but it is 0/),
    row('bottleneck', 'a length past the core\'s longest', () => attn.bottleneck({ ...bottleneckBase(), lengths: [257] }), SIZE, /lengths\[0\] must be between 1 and 256/),
    row('bottleneck', 'a length of 1.5', () => attn.bottleneck({ ...bottleneckBase(), lengths: [1.5] }), TYPE, /lengths\[0\] must be a whole number/),
    row('bottleneck', 'a length NaN', () => attn.bottleneck({ ...bottleneckBase(), lengths: [NaN] }), TYPE, /lengths\[0\] must be a whole number/),
    row('bottleneck', 'more lengths than the longest', () => attn.bottleneck({ ...bottleneckBase(), lengths: new Array(257).fill(3) }), LENGTH, /lengths may list at most 256 lengths/),
    row('bottleneck', 'width past the core\'s widest', () => attn.bottleneck({ ...bottleneckBase(), width: 1025 }), SIZE, /width must be between 1 and 1024/),
    row('bottleneck', 'vocab 1', () => attn.bottleneck({ ...bottleneckBase(), vocab: 1 }), SIZE, /vocab must be between 2 and 1024/),
    row('bottleneck', 'trials past the most', () => attn.bottleneck({ ...bottleneckBase(), trials: 10001 }), SIZE, /trials must be between 1 and 10000/),
    row('bottleneck', 'task unknown', () => attn.bottleneck({ ...bottleneckBase(), task: 'sort' }), ARGUMENT, /task must be 'copy' or 'reverse', but it is the text "sort"/),
    row('bottleneck', 'task "constructor"', () => attn.bottleneck({ ...bottleneckBase(), task: 'constructor' }), ARGUMENT, /task must be 'copy' or 'reverse'/),
    row('bottleneck', 'seed negative', () => attn.bottleneck({ ...bottleneckBase(), seed: -1 }), ARGUMENT, /seed must be between 0 and 4294967295/),
    row('bottleneck', 'onProgress a number', () => attn.bottleneck({ ...bottleneckBase(), onProgress: 3 }), TYPE, /onProgress must be a function/),
    okRow('bottleneck', 'a length of 1: never lost', () => attn.bottleneck({ ...bottleneckBase(), lengths: [1] }), (r) => r.points[0].summary === 1 && r.points[0].attention === 1),
  );
  return rows;
}

/** A record of head scores as a weights file holds one (head-history.js), for a model of 1 × 2 heads. */
const SCORES = Array.from({ length: 30 }, () => 0.25);
const HISTORY = { windows: 16, seed: 1, scoreCount: 15, entries: [{ step: 0, scores: SCORES }] };

/** Corrupt weights files, made from a real saved model. */
function fileRows(model) {
  const good = model.save();
  const flip = (at) => { const b = good.slice(); b[at] ^= 0x5a; return b; };
  const withHeader = (edit) => {
    // Re-encode a file whose header has been edited (the checksum is right, the content is not).
    const view = new DataView(good.buffer, good.byteOffset, good.byteLength);
    const length = view.getUint32(8, true);
    const header = JSON.parse(new TextDecoder().decode(good.subarray(12, 12 + length)));
    const start = Math.ceil((12 + length) / 4) * 4;
    const params = new Float32Array(good.slice(start, good.length - 4).buffer);
    const edited = edit(header, params) ?? params;
    return encodeCheckpoint(header, edited);
  };
  const rows = [
    ['not bytes: a string', 'ATTNLAB1', TYPE, /weights must be a Uint8Array/],
    ['not bytes: null', null, TYPE, /weights must be a Uint8Array/],
    ['not bytes: an array', Array.from(good), TYPE, /weights must be a Uint8Array/],
    ['not bytes: a Float32Array', new Float32Array(8), TYPE, /weights must be a Uint8Array/],
    ['empty', new Uint8Array(0), FORMAT, /not a model saved by this lab/],
    ['wrong magic', (() => { const b = good.slice(); b[0] = 0x42; return b; })(), FORMAT, /not a model saved by this lab/],
    ['a PNG', Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82), FORMAT, /not a model saved by this lab/],
    ['truncated to 20 bytes', good.slice(0, 20), FORMAT, /cut short|damaged/],
    ['truncated by half', good.slice(0, good.length >> 1), FORMAT, /cut short|damaged/],
    ['truncated by one byte', good.slice(0, good.length - 1), FORMAT, /cut short|damaged/],
    ['one byte more', Uint8Array.from([...good, 0]), FORMAT, /damaged|cut short/],
    ['a flipped byte in the header', flip(20), FORMAT, /damaged/],
    ['a flipped byte in the weights', flip(good.length - 100), FORMAT, /damaged/],
    ['a flipped byte in the checksum', flip(good.length - 1), FORMAT, /damaged/],
    ['header length 2^32 − 1', (() => { const b = good.slice(); new DataView(b.buffer).setUint32(8, 2 ** 32 - 1, true); return b; })(), FORMAT, /cut short/],
    ['header not JSON', withHeaderBytes(good, '{"version": 1,'), FORMAT, /header is not readable/],
    ['header JSON null', withHeaderBytes(good, 'null'), FORMAT, /header does not describe its weights/],
    ['header a number', withHeaderBytes(good, '42'), FORMAT, /header does not describe its weights/],
    ['version 3', withHeader((h) => { h.version = 3; }), FORMAT, /version 3/],
    ['config: heads does not divide dModel', withHeader((h) => { h.config = { ...h.config, heads: 3 }; }), FORMAT, /cannot build: dModel \(8\) must be divisible by heads \(3\)/],
    ['config: layers 0', withHeader((h) => { h.config = { ...h.config, layers: 0 }; }), FORMAT, /cannot build: layers must be/],
    ['config: layers "1"', withHeader((h) => { h.config = { ...h.config, layers: '1' }; }), FORMAT, /cannot build: layers must be a whole number/],
    ['config: a larger dModel than the weights', withHeader((h) => { h.config = { ...h.config, dModel: 16 }; }), FORMAT, /Expected \d+ weights|weights file/],
    ['config: null', withHeader((h) => { h.config = null; }), FORMAT, /header does not describe its weights/],
    ['config: a string', withHeader((h) => { h.config = 'small'; }), FORMAT, /weights file/],
    ['vocab: one character', withHeader((h) => { h.vocab = ['a']; }), FORMAT, /vocabulary is not a list of distinct characters/],
    ['vocab: repeated characters', withHeader((h) => { h.vocab = h.vocab.map(() => 'a'); }), FORMAT, /vocabulary/],
    ['vocab: numbers', withHeader((h) => { h.vocab = h.vocab.map((_, i) => i); }), FORMAT, /vocabulary/],
    ['vocab: more characters than a model may have', withHeader((h) => { h.vocab = Array.from({ length: 65537 }, (_, i) => String.fromCodePoint(0x10000 + i)); }), FORMAT, /cannot build: A model's vocabulary may hold at most 65,536/],
    ['vocab: a longer vocabulary than the weights', withHeader((h) => { h.vocab = [...h.vocab, 'Z', 'Q']; }), FORMAT, /Expected \d+ weights|weights file/],
    ['paramCount does not match', withHeader((h) => { h.paramCount += 1; }), FORMAT, /header does not describe its weights/],
    ['a NaN weight', withHeader((h, p) => { const q = p.slice(); q[3] = NaN; return q; }), FORMAT, /weight 3 is NaN/],
    ['an infinite weight', withHeader((h, p) => { const q = p.slice(); q[0] = -Infinity; return q; }), FORMAT, /weight 0 is -Infinity/],
    ['steps negative', withHeader((h) => { h.steps = -5; }), FORMAT, /steps/],
    ['steps a string', withHeader((h) => { h.steps = 'many'; }), FORMAT, /steps/],
    ['corpus: a default corpus of 2^31 characters', withHeader((h) => { h.corpus = { kind: 'default', length: 2 ** 31, seed: 1 }; }), FORMAT, /corpus|length/],
    ['headHistory: not a record', withHeader((h) => { h.headHistory = 'lots'; }), FORMAT, /record of its heads during training cannot be used: it is not a list of measurements/],
    ['headHistory: another number of scores', withHeader((h) => { h.headHistory = { ...HISTORY, scoreCount: 9 }; }), FORMAT, /it holds 9 scores per head, and this lab measures 15/],
    ['headHistory: a measurement of too few scores', withHeader((h) => { h.headHistory = { ...HISTORY, entries: [{ step: 0, scores: [0.5] }] }; }), FORMAT, /measurement 1 does not hold 30 scores \(1 × 2 heads × 15\)/],
    ['headHistory: a step past the file\'s', withHeader((h) => { h.headHistory = { ...HISTORY, entries: [{ step: 10 ** 6, scores: SCORES }] }; }), FORMAT, /measurement 1 has no step in order/],
    ['headHistory: steps out of order', withHeader((h) => { h.headHistory = { ...HISTORY, entries: [{ step: 0, scores: SCORES }, { step: 0, scores: SCORES }] }; }), FORMAT, /measurement 2 has no step in order/],
    ['headHistory: a negative score', withHeader((h) => { h.headHistory = { ...HISTORY, entries: [{ step: 0, scores: SCORES.map(() => -1) }] }; }), FORMAT, /measurement 1 holds a score that is not a number from 0 to 100/],
  ].map(([label, bytes, codes, message]) => row('loadModel', label, () => keep(attn.loadModel(bytes, { text: TEXT })), codes, message));
  rows.push(
    row('loadModel', 'options null', () => keep(attn.loadModel(good, null)), TYPE, /options/),
    row('loadModel', 'text with characters outside the vocabulary', () => keep(attn.loadModel(good, { text: 'XYZ'.repeat(100) })), VALUE, /character "X"/),
    row('loadModel', 'text a number', () => keep(attn.loadModel(good, { text: 42 })), TYPE, /text must be a string/),
  );
  return rows;
}

/** Writes `json` as the header of a copy of `good` (the checksum fixed up): a readable file with a bad header. */
function withHeaderBytes(good, json) {
  const header = new TextEncoder().encode(json);
  const start = Math.ceil((12 + header.length) / 4) * 4;
  const bytes = new Uint8Array(start + 4 + 4);
  bytes.set(good.subarray(0, 8), 0);
  new DataView(bytes.buffer).setUint32(8, header.length, true);
  bytes.set(header, 12);
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length - 4; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  new DataView(bytes.buffer).setUint32(bytes.length - 4, h, true);
  return bytes;
}

function modelRows(model) {
  const m = (label, call, codes, message) => row('Model', label, call, codes, message);
  const rows = [];
  for (const [label, value, codes] of BAD_SIZES) rows.push(m(`train(steps ${label})`, () => model.train(value), [...codes], /steps/));
  rows.push(
    m('train(steps missing)', () => model.train(), TYPE, /steps must be a whole number, but it is missing/),
    m('train(steps above a million)', () => model.train(1_000_001), SIZE, /steps must be between 1 and 1000000/),
    m('train(1, null)', () => model.train(1, null), TYPE, /options/),
    m('train(1, { attention: "text" })', () => model.train(1, { attention: 'softmax' }), TYPE, /attention must be a function/),
    m('train(1, { attention: returns null })', () => model.train(1, { attention: () => null }), TYPE, /attention function must return a tensor/),
    m('train(1, { attention: throws })', () => model.train(1, { attention: () => { throw new AttnError(VALUE, 'my attention went wrong.'); } }), VALUE, /my attention went wrong/),
    m('train(1, { attention: a tensor of the wrong shape })', () => model.train(1, { attention: (ops, q) => ops.splitHeads(q, 2) }), SHAPE, /must return a \(1, 8, 8\) tensor/),
    m('sample(null)', () => model.sample(null), TYPE, /options/),
    m('sample({ length: -1 })', () => model.sample({ length: -1 }), SIZE, /length must be/),
    m('sample({ length: 2^31 })', () => model.sample({ length: 2 ** 31 }), SIZE, /length must be between 1 and 10000/),
    m('sample({ length: "10" })', () => model.sample({ length: '10' }), TYPE, /length must be a whole number/),
    m('sample({ temperature: NaN })', () => model.sample({ temperature: NaN }), ARGUMENT, /temperature must be a number from 0 to 10/),
    m('sample({ temperature: Infinity })', () => model.sample({ temperature: Infinity }), ARGUMENT, /temperature must be a number from 0 to 10/),
    m('sample({ temperature: -1 })', () => model.sample({ temperature: -1 }), ARGUMENT, /temperature/),
    m('sample({ temperature: "hot" })', () => model.sample({ temperature: 'hot' }), ARGUMENT, /temperature/),
    m('sample({ seed: -1 })', () => model.sample({ seed: -1 }), SIZE, /seed must be between 0 and 4294967295/),
    m('sample({ prompt: 5 })', () => model.sample({ prompt: 5 }), TYPE, /prompt must be a string/),
    m('sample({ prompt: an unseen character })', () => model.sample({ prompt: 'é' }), VALUE, /The prompt has the character "é"/),
    m('sample({ prompt: HTML })', () => model.sample({ prompt: '<img src=x onerror=alert(1)>' }), VALUE, /The prompt has the character "</),
    m('sample({ cache: "yes" })', () => model.sample({ cache: 'yes' }), TYPE, /cache must be true or false/),
    m('sample({ cache: 1 })', () => model.sample({ cache: 1 }), TYPE, /cache must be true or false/),
    okRow('Model', 'sample({ cache: false }) writes what the cache writes', () => [model.sample({ prompt: 'the ', length: 30, seed: 4 }), model.sample({ prompt: 'the ', length: 30, seed: 4, cache: false })], ([a, b]) => a === b && a.length === 30),
    okRow('Model', 'decoder() makes a decoder of the model', () => keep(model.decoder()), (d) => d.length === 0 && d.context === 8),
    okRow('Model', 'sample({ prompt: 1 MB }) continues its last context', () => model.sample({ prompt: 'the '.repeat(1 << 18), length: 5 }), (x) => typeof x === 'string' && x.length === 5),
    m('attentionMaps(5)', () => model.attentionMaps(5), TYPE, /probe text must be text/),
    m('attentionMaps(null)', () => model.attentionMaps(null), TYPE, /probe text must be text/),
    m('attentionMaps("")', () => model.attentionMaps(''), LENGTH, /The probe text is empty/),
    m('attentionMaps(an unseen character)', () => model.attentionMaps('the ✓'), VALUE, /The probe text has the character "✓" \(at 5\)/),
    m('attentionMaps("the", null)', () => model.attentionMaps('the', null), TYPE, /options/),
    m('attentionMaps with an attention giving no weights', () => model.attentionMaps('the', { attention: (ops, q) => q }), TYPE, /must return \{ out, weights \}/),
    m('attentionMaps with attention a string', () => model.attentionMaps('the', { attention: 'x' }), TYPE, /attention must be a function/),
    m('evaluate(null)', () => model.evaluate(null), TYPE, /options/),
    m('evaluate with attention a string', () => model.evaluate({ attention: 'x' }), TYPE, /attention must be a function/),
    m('evaluate with an attention of the wrong shape', () => model.evaluate({ attention: (ops, q) => ops.splitHeads(q, 1) }), SHAPE, /must return a \(/),
    m('attentionMaps(longer than the context)', () => model.attentionMaps('the cat!!'), LENGTH, /The probe text has 9 characters, but this model reads at most 8 \(its context\): shorten it by 1\./),
    m('headStats(null)', () => model.headStats(null), TYPE, /headStats takes an object/),
    m('headStats({ windows: 0 })', () => model.headStats({ windows: 0 }), SIZE, /windows must be between 1 and 4096, but it is 0\./),
    m('headStats({ windows: 4097 })', () => model.headStats({ windows: 4097 }), SIZE, /windows must be between 1 and 4096, but it is 4097\./),
    m('headStats({ windows: 2.5 })', () => model.headStats({ windows: 2.5 }), TYPE, /windows must be a whole number/),
    m('headStats({ windows: "8" })', () => model.headStats({ windows: '8' }), TYPE, /windows must be a whole number, but it is the text "8"/),
    m('headStats({ seed: -1 })', () => model.headStats({ seed: -1 }), ARGUMENT, /seed must be between 0 and 4294967295/),
    m('headStats({ onProgress: 5 })', () => model.headStats({ onProgress: 5 }), TYPE, /onProgress must be a function/),
    m('headStats({ similarity: "yes" })', () => model.headStats({ similarity: 'yes' }), TYPE, /similarity must be true or false/),
    okRow('Model', 'headStats({ windows: 1 }): one window, no spread, every score with its chance level', () => model.headStats({ windows: 1 }),
      (s) => s.records.length === 2 && s.records.every((h) => h.previous.spread === 0 && h.previous.chance > 0 && h.flat.chance === 1) && s.chance.length === 15),
    okRow('Model', 'attentionMaps("t"): one character has no scores and no chance levels', () => model.attentionMaps('t'), (maps) => maps.scores === null && maps.chance === null),
    okRow('Model', 'attentionMaps("th"): two characters, the shortest with chance levels', () => model.attentionMaps('th'), (maps) => maps.chance[1] === 0.5 && Number.isNaN(maps.chance[14])),
    m('ablate(null)', () => model.ablate(null), TYPE, /ablate takes an object/),
    m('ablate({ layer: 1, head: 0 })', () => model.ablate({ layer: 1, head: 0 }), ARGUMENT, /There is no layer 1: this model has 1 layer, counted from 0 \(0 to 0\)\./),
    m('ablate({ layer: 0, head: 2 })', () => model.ablate({ layer: 0, head: 2 }), ARGUMENT, /There is no head 2: this model has 2 heads, counted from 0 \(0 to 1\)\./),
    m('ablate({ layer: -1, head: 0 })', () => model.ablate({ layer: -1, head: 0 }), ARGUMENT, /There is no layer -1/),
    m('ablate({ layer: 0.5, head: 0 })', () => model.ablate({ layer: 0.5, head: 0 }), TYPE, /layer must be a whole number, but it is 0\.5/),
    m('ablate({ layer: 0 }) (no head)', () => model.ablate({ layer: 0 }), TYPE, /head must be a whole number, but it is missing/),
    m('ablate({ mode: "half" })', () => model.ablate({ layer: 0, head: 0, mode: 'half' }), ARGUMENT, /mode must be "zero" \(the head's output replaced by zeros\) or "mean"/),
    m('ablateAll(null)', () => model.ablateAll(null), TYPE, /ablateAll takes an object/),
    m('ablateAll({ mode: 5 })', () => model.ablateAll({ mode: 5 }), ARGUMENT, /mode must be "zero"/),
    m('ablateAll({ onProgress: "x" })', () => model.ablateAll({ onProgress: 'x' }), TYPE, /onProgress must be a function/),
    ...(() => {
      const pair = { clean: 'the cat', corrupted: 'the dog', metric: { good: 's', bad: 'r' } };
      const patch = (change) => () => model.patch({ ...pair, ...change });
      return [
        m('patch(null)', () => model.patch(null), TYPE, /patch takes an object/),
        m('patch({ clean: 5 })', patch({ clean: 5 }), TYPE, /clean must be text, but it is 5\./),
        m('patch({ clean: "" })', patch({ clean: '' }), LENGTH, /The clean prompt is empty/),
        m('patch({ corrupted: another length })', patch({ corrupted: 'the' }), LENGTH, /The corrupted prompt has 3 characters and the clean one 7: patching needs two prompts of the same length/),
        m('patch({ corrupted: an unseen character })', patch({ corrupted: 'the côt' }), VALUE, /The corrupted prompt has the character "ô" \(at 6\), which the model never saw/),
        m('patch({ clean: longer than the context })', patch({ clean: 'the cats!', corrupted: 'the dogs!' }), LENGTH, /The clean prompt has 9 characters, but this model reads at most 8 \(its context\)/),
        m('patch({ metric: null })', patch({ metric: null }), TYPE, /metric must be \{ good, bad \}/),
        m('patch({ metric.good: two characters })', patch({ metric: { good: 'st', bad: 'r' } }), TYPE, /metric\.good must be one character, but it is the text "st"/),
        m('patch({ metric.bad: an unseen character })', patch({ metric: { good: 's', bad: 'é' } }), VALUE, /metric\.bad has the character "é"/),
        m('patch({ metric: the same character twice })', patch({ metric: { good: 's', bad: 's' } }), ARGUMENT, /metric\.bad is "s", the same character as metric\.good/),
        m('patch({ over: "layers" })', patch({ over: 'layers' }), ARGUMENT, /over must be "heads" .* or "positions"/),
        m('patch({ onProgress: 5 })', patch({ onProgress: 5 }), TYPE, /onProgress must be a function/),
        m('patch({ corrupted: the clean prompt }) has no gap', patch({ corrupted: 'the cat' }), Status.NO_GAP, /there is no gap for a patch to restore/),
        okRow('Model', 'patch over positions: (L·T) shares, the last one 1', patch({ over: 'positions' }), (r) => r.restored.length === 7 && r.restored[6] === 1),
      ];
    })(),
    m('save(5)', () => model.save(5), TYPE, /save takes an object/),
    m('setParams(null)', () => model.setParams(null), TYPE, /weights must be a Float32Array/),
    m('setParams("abc")', () => model.setParams('abc'), TYPE, /weights must be a Float32Array/),
    m('setParams(too few)', () => model.setParams(new Float32Array(3)), FORMAT, /Expected \d+ weights, got 3/),
    m('setParams(NaN inside)', () => model.setParams(new Float32Array(model.paramCount).fill(NaN)), FORMAT, /weight 0 is NaN/),
    m('setParams(good, steps -1)', () => model.setParams(model.getParams(), -1), SIZE, /steps must be/),
    m('setParams(good, steps "x")', () => model.setParams(model.getParams(), 'x'), TYPE, /steps must be a whole number/),
    m('setOptimizerState(null)', () => model.setOptimizerState(null), TYPE, /optimizer state must be an object/),
    m('setOptimizerState(no moments)', () => model.setOptimizerState({ rng: [1, 2, 3, 4] }), FORMAT, /first moments must be a Float32Array of \d+ numbers/),
    m('setOptimizerState(short second)', () => model.setOptimizerState({ ...model.getOptimizerState(), second: new Float32Array(2) }), FORMAT, /second moments must be a Float32Array/),
    m('setOptimizerState(rng of 3)', () => model.setOptimizerState({ ...model.getOptimizerState(), rng: [1, 2, 3] }), FORMAT, /rng must be 4 whole numbers/),
    m('setOptimizerState(rng all zero)', () => model.setOptimizerState({ ...model.getOptimizerState(), rng: [0, 0, 0, 0] }), FORMAT, /not all zero/),
    m('setOptimizerState(NaN moment)', () => model.setOptimizerState({ ...model.getOptimizerState(), first: new Float32Array(model.paramCount).fill(NaN) }), FORMAT, /optimizer moment 0 is NaN/),
    m('setData(null)', () => model.setData(null), TYPE, /data must be/),
    m('setData({ train: "abc" })', () => model.setData({ train: 'abc', val: new Int32Array(10) }), TYPE, /train must be/),
    m('setData(ids out of the vocabulary)', () => model.setData({ train: new Int32Array(20).fill(999), val: new Int32Array(20) }), VALUE, /train must hold ids from 0 to/),
    m('setData(too short)', () => model.setData({ train: new Int32Array(2), val: new Int32Array(2) }), LENGTH, /train must hold at least context \+ 1 = 9 ids, but it holds 2/),
    m('computeGradients(b 0)', () => model.computeGradients(new Int32Array(0), new Int32Array(0), 0), SIZE, /b must be/),
    m('computeGradients(b above the batch)', () => model.computeGradients(new Int32Array(24), new Int32Array(24), 3), SIZE, /b must be between 1 and 2/),
    m('computeGradients(tokens an array)', () => model.computeGradients([1, 2], new Int32Array(8), 1), LENGTH, /tokens must be an Int32Array of b·context = 8 ids/),
    m('computeGradients(targets short)', () => model.computeGradients(new Int32Array(8), new Int32Array(7), 1), LENGTH, /targets must be an Int32Array/),
    m('computeGradients(ids out of the vocabulary)', () => model.computeGradients(new Int32Array(8).fill(1000), new Int32Array(8), 1), VALUE, /tokens must hold ids from 0 to/),
    m('computeGradients(negative targets)', () => model.computeGradients(new Int32Array(8), new Int32Array(8).fill(-1), 1), VALUE, /targets must hold ids from 0 to/),
    m('applyGradients(null)', () => model.applyGradients(null), LENGTH, /grads must be a Float32Array/),
    m('applyGradients(too short)', () => model.applyGradients(new Float32Array(2)), LENGTH, /grads must be a Float32Array of \d+ numbers/),
    m('applyGradients(NaN inside)', () => model.applyGradients(new Float32Array(model.paramCount).fill(NaN)), VALUE, /grads must hold finite numbers/),
  );
  // A model without data and a disposed model.
  const bare = keep(attn.loadModel(model.save()));
  const gone = keep(attn.createModel(MODEL_OPTIONS));
  gone.dispose();
  rows.push(
    m('train on a model without text', () => bare.train(1), ARGUMENT, /no text to train or evaluate on/),
    m('evaluate on a model without text', () => bare.evaluate(), ARGUMENT, /no text to train or evaluate on/),
    m('sampleBatch on a model without text', () => bare.sampleBatch(), ARGUMENT, /no text/),
    m('headStats on a model without text', () => bare.headStats(), ARGUMENT, /no text to measure its heads on/),
    m('ablate on a model without text', () => bare.ablate({ layer: 0, head: 0 }), ARGUMENT, /no validation text to measure a knock-out on/),
    m('ablateAll on a model without text', () => bare.ablateAll(), ARGUMENT, /no validation text/),
    m('positionLoss on a model without text', () => bare.positionLoss(), ARGUMENT, /no validation text to measure its loss by position on/),
    m('recordHeadScores on a model without text', () => bare.recordHeadScores(), ARGUMENT, /no text to train or evaluate on/),
    m('headStats on a model of context 1', () => keep(attn.createModel({ ...MODEL_OPTIONS, context: 1 })).headStats(), ARGUMENT, /context 1\): a head needs at least 2/),
  );
  for (const [label, call] of [
    ['train', () => gone.train(1)], ['evaluate', () => gone.evaluate()], ['sample', () => gone.sample()],
    ['attentionMaps', () => gone.attentionMaps('the')], ['getParams', () => gone.getParams()], ['getOptimizerState', () => gone.getOptimizerState()], ['setOptimizerState', () => gone.setOptimizerState({})], ['setParams', () => gone.setParams(new Float32Array(1))],
    ['save', () => gone.save()], ['paramCount', () => gone.paramCount], ['steps', () => gone.steps], ['sampleBatch', () => gone.sampleBatch()],
    ['computeGradients', () => gone.computeGradients(new Int32Array(8), new Int32Array(8), 1)], ['applyGradients', () => gone.applyGradients(new Float32Array(1))],
    ['setData', () => gone.setData({ train: new Int32Array(20), val: new Int32Array(20) })], ['decoder', () => gone.decoder()],
    ['headStats', () => gone.headStats()], ['ablate', () => gone.ablate({ layer: 0, head: 0 })], ['ablateAll', () => gone.ablateAll()], ['recordHeadScores', () => gone.recordHeadScores()],
    ['positionLoss', () => gone.positionLoss()],
  ]) rows.push(m(`${label} after dispose`, call, ARGUMENT, /This model has been disposed/));
  rows.push(okRow('Model', 'dispose twice is harmless', () => gone.dispose(), () => true));
  return rows;
}

/** Beside the chapter's sections: decoding costs, the sampling distribution, the cost variants, measured memory, word vectors. */
function costAndDecodingRows() {
  const rows = [];
  rows.push(...optionRows('decodeCost', () => ({ vocab: 29, layers: 2, dModel: 64, t: 3 }), (o) => attn.decodeCost(o), { sizes: ['vocab', 'layers', 'dModel', 't'] }));
  rows.push(...optionRows('sampleDistribution', () => ({ logits: f(5, 3), temperature: 1 }), (o) => attn.sampleDistribution(o), { tensors: { logits: 5 } })
    .filter((r) => !/^logits (too short|too long)/.test(r.label))); // any length is a distribution
  rows.push(
    row('sampleDistribution', 'logits empty', () => attn.sampleDistribution({ logits: [] }), LENGTH, /logits must hold at least one number/),
    row('sampleDistribution', 'temperature -1', () => attn.sampleDistribution({ logits: [1, 2], temperature: -1 }), ARGUMENT, /temperature must be a number from 0 to 10/),
    row('sampleDistribution', 'temperature NaN', () => attn.sampleDistribution({ logits: [1, 2], temperature: NaN }), ARGUMENT, /temperature/),
    row('sampleDistribution', 'temperature a string', () => attn.sampleDistribution({ logits: [1, 2], temperature: 'hot' }), ARGUMENT, /temperature/),
    okRow('sampleDistribution', 'temperature 0 is one-hot on the likeliest', () => attn.sampleDistribution({ logits: [1, 3, 2], temperature: 0 }), (p) => p[0] === 0 && p[1] === 1 && p[2] === 0),
  );
  const variantsBase = () => ({ n: 64, dModel: 8, heads: 2, window: 4, cell: 'gru' });
  rows.push(...optionRows('costVariants', variantsBase, (o) => attn.costVariants(o), { sizes: ['n', 'dModel', 'heads', 'window'], optional: ['heads', 'window'] })
    .map((r) => (/^(dModel|heads) /.test(r.label) ? { ...r, codes: [...r.codes, SHAPE], message: /dModel|heads/ } : r)));
  rows.push(
    row('costVariants', 'cell unknown', () => attn.costVariants({ ...variantsBase(), cell: 'transformer' }), ARGUMENT, /cell must be "elman", "gru", "lstm"/),
    row('costVariants', 'cell a number', () => attn.costVariants({ ...variantsBase(), cell: 2 }), ARGUMENT, /cell must be/),
    row('costVariants', 'dModel not divisible by heads', () => attn.costVariants({ ...variantsBase(), heads: 3 }), SHAPE, /dModel \(8\) must be divisible by heads \(3\)/),
  );
  rows.push(...optionRows('measureMemory', () => ({ kernel: 'tiled', n: 8, d: 4 }), (o) => attn.measureMemory(o), { sizes: ['n', 'd'], optional: ['d'] }));
  rows.push(
    row('measureMemory', 'kernel unknown', () => attn.measureMemory({ kernel: 'flash', n: 8 }), ARGUMENT, /kernel must be "naive" or "tiled"/),
    row('measureMemory', 'kernel missing', () => attn.measureMemory({ n: 8 }), ARGUMENT, /kernel must be "naive" or "tiled", but it is missing/),
    row('measureMemory', 'n above 65536', () => attn.measureMemory({ kernel: 'tiled', n: 65537 }), SIZE, /n must be between 1 and 65536/),
    row('measureMemory', 'seed a string', () => attn.measureMemory({ kernel: 'tiled', n: 8, seed: 'x' }), TYPE, /seed must be a whole number/),
  );
  const conceptBase = () => ({ concept: 'black', word: 'fr:noir', noise: 0.3, seed: 1, d: 4 });
  rows.push(...optionRows('conceptEmbedding', conceptBase, (o) => attn.conceptEmbedding(o), { sizes: ['d'] }));
  rows.push(
    row('conceptEmbedding', 'concept empty', () => attn.conceptEmbedding({ ...conceptBase(), concept: '' }), SIZE, /concept must hold at least one character/),
    row('conceptEmbedding', 'concept a number', () => attn.conceptEmbedding({ ...conceptBase(), concept: 5 }), TYPE, /concept must be text/),
    row('conceptEmbedding', 'word missing', () => attn.conceptEmbedding({ ...conceptBase(), word: undefined }), TYPE, /word must be text, but it is missing/),
    row('conceptEmbedding', 'word of 1 MB', () => attn.conceptEmbedding({ ...conceptBase(), word: 'x'.repeat(1 << 20) }), SIZE, /word must be at most 256 bytes long/),
    row('conceptEmbedding', 'noise negative', () => attn.conceptEmbedding({ ...conceptBase(), noise: -0.1 }), VALUE, /noise must be a finite number ≥ 0/),
    row('conceptEmbedding', 'noise NaN', () => attn.conceptEmbedding({ ...conceptBase(), noise: NaN }), VALUE, /noise must be a finite number/),
    row('conceptEmbedding', 'noise 1e39 (past float32)', () => attn.conceptEmbedding({ ...conceptBase(), noise: 1e39 }), VALUE, /conceptEmbedding/),
    row('conceptEmbedding', 'seed 2^32', () => attn.conceptEmbedding({ ...conceptBase(), seed: 2 ** 32 }), ARGUMENT, /seed must be between 0 and 4294967295/),
  );
  rows.push(...optionRows('randomRotation', () => ({ seed: 1, d: 4 }), (o) => attn.randomRotation(o), { sizes: ['d'] }));
  rows.push(
    row('randomRotation', 'd above 4096', () => attn.randomRotation({ d: 4097 }), SIZE, /d must be between 1 and 4096/),
    row('randomRotation', 'seed -1', () => attn.randomRotation({ d: 4, seed: -1 }), ARGUMENT, /seed must be between 0 and 4294967295/),
  );
  return rows;
}

/** A decoder of `model` (context 8): characters past the context or outside the vocabulary, bad layers and heads. */
function decoderRows(model) {
  const decoder = keep(model.decoder());
  const gone = keep(model.decoder());
  gone.dispose();
  const d = (label, call, codes, message) => row('Decoder', label, call, codes, message);
  const rows = [
    d('step(an unseen character)', () => decoder.step('é'), VALUE, /The character has the character "é" \(at 1\), which the model never saw/),
    d('step(two characters)', () => decoder.step('th'), TYPE, /decoder\.step takes one character \(or its id\), but it got the text "th"/),
    d('step("")', () => decoder.step(''), TYPE, /decoder\.step takes one character/),
    d('step(null)', () => decoder.step(null), TYPE, /decoder\.step takes one character/),
    d('step(an id out of the vocabulary)', () => decoder.step(10_000), VALUE, /character must hold ids from 0 to/),
    d('step(-1)', () => decoder.step(-1), VALUE, /character must hold ids from 0/),
    d('step(1.5)', () => decoder.step(1.5), VALUE, /character must hold ids/),
    okRow('Decoder', 'step eight characters: the context, full', () => { for (const c of 'the cat ') decoder.step(c); return decoder.length; }, (n) => n === 8),
    d('step past the context', () => decoder.step('t'), ARGUMENT, /The cache is full: this model’s context holds 8 characters/),
    okRow('Decoder', 'length: the state kept after the refusal', () => decoder.length, (n) => n === 8),
    d('cache(layer 1, a model of one layer)', () => decoder.cache(1, 0), SIZE, /layer must be between 0 and 0/),
    d('cache(head -1)', () => decoder.cache(0, -1), SIZE, /head must be between 0 and 1/),
    d('cache(head "0")', () => decoder.cache(0, '0'), TYPE, /head must be a whole number/),
    d('cache(layer missing)', () => decoder.cache(), TYPE, /layer must be a whole number, but it is missing/),
    okRow('Decoder', 'cache(0, 1): eight rows of keys and values', () => decoder.cache(0, 1), (c) => c.keys.length === 8 * 4 && c.values.length === 8 * 4),
    okRow('Decoder', 'reset: empty again', () => { decoder.reset(); return decoder.length; }, (n) => n === 0),
    d('step after dispose', () => gone.step('t'), ARGUMENT, /decoder\.step: this decoder was disposed \(or its model was\)/),
    d('cache after dispose', () => gone.cache(0, 0), ARGUMENT, /this decoder was disposed/),
    d('reset after dispose', () => gone.reset(), ARGUMENT, /this decoder was disposed/),
    d('length after dispose', () => gone.length, ARGUMENT, /this decoder was disposed/),
    okRow('Decoder', 'dispose twice is harmless', () => gone.dispose(), () => true),
  ];
  // A decoder whose model was disposed is disposed with it.
  const short = keep(attn.createModel(MODEL_OPTIONS));
  const orphan = short.decoder();
  short.dispose();
  rows.push(d('step after its model was disposed', () => orphan.step('t'), ARGUMENT, /this decoder was disposed \(or its model was\)/));
  return rows;
}

function cacheRows() {
  const cache = keep(attn.kvCache({ dk: 2, dv: 2, capacity: 2, heads: 1 }));
  const gone = attn.kvCache({ dk: 2, dv: 2, capacity: 2 });
  gone.dispose();
  const c = (label, call, codes, message) => row('KvCache', label, call, codes, message);
  const rows = [];
  for (const [label, value, codes] of badTensors(2)) {
    rows.push(c(`append(k ${label})`, () => cache.append(value, [0, 0]), codes, /(^|\W)k(\W|$)/));
    rows.push(c(`append(v ${label})`, () => cache.append([0, 0], value), codes, /(^|\W)v(\W|$)/));
    rows.push(c(`attend(q ${label})`, () => cache.attend(value), codes, /(^|\W)q(\W|$)/));
    rows.push(c(`attendWithWeights(q ${label})`, () => cache.attendWithWeights(value), codes, /(^|\W)q(\W|$)/));
  }
  for (const [label, value, codes] of BAD_SIZES.filter(([l]) => l !== 'zero')) rows.push(c(`read(head ${label})`, () => cache.read(value), codes, /head/));
  rows.push(c('read(head 1 of one head)', () => cache.read(1), SIZE, /head must be between 0 and 0/));
  rows.push(
    okRow('KvCache', 'attend on an empty cache: no key, the NaN row', () => cache.attend([1, 0]), (out) => out.every(Number.isNaN)),
    okRow('KvCache', 'append twice', () => { cache.append([1, 0], [1, 2]); cache.append([0, 1], [3, 4]); return cache.length; }, (n) => n === 2),
    c('append to a full cache', () => cache.append([1, 0], [1, 2]), ARGUMENT, /The cache is full: it holds its capacity of 2 tokens/),
    okRow('KvCache', 'attendWithWeights: one row of 2 weights summing to 1', () => cache.attendWithWeights([1, 0]), (r) => r.weights.length === 2 && Math.abs(r.weights[0] + r.weights[1] - 1) < 1e-6),
    okRow('KvCache', 'read(0): the two rows appended', () => cache.read(0), (r) => r.keys.join() === '1,0,0,1' && r.values.join() === '1,2,3,4'),
    okRow('KvCache', 'clear: empty again, and it takes two more', () => { cache.clear(); cache.append([1, 0], [1, 2]); cache.append([0, 1], [3, 4]); return cache.length; }, (n) => n === 2),
    c('attendWithWeights after dispose', () => gone.attendWithWeights([0, 0]), ARGUMENT, /kvCache.attendWithWeights: this cache was disposed/),
    c('read after dispose', () => gone.read(0), ARGUMENT, /kvCache.read: this cache was disposed/),
    c('clear after dispose', () => gone.clear(), ARGUMENT, /kvCache.clear: this cache was disposed/),
    c('append after dispose', () => gone.append([0, 0], [0, 0]), ARGUMENT, /kvCache.append: this cache was disposed/),
    c('attend after dispose', () => gone.attend([0, 0]), ARGUMENT, /kvCache.attend: this cache was disposed/),
    c('length after dispose', () => gone.length, ARGUMENT, /kvCache.length: this cache was disposed/),
    okRow('KvCache', 'dispose twice is harmless', () => gone.dispose(), () => true),
  );
  return rows;
}

function tapeRows() {
  const tape = keep(attn.createTape());
  const other = keep(attn.createTape());
  const gone = attn.createTape();
  gone.dispose();
  const w = tape.param([3, 4], f(12, 2));
  const gamma2 = tape.param([2], [1, 1]), beta3 = tape.param([3], [0, 0, 0]);
  const a = tape.input([2, 3], f(6, 1));
  const b3 = tape.input([1, 2, 3], f(6, 3));
  const foreign = other.input([2, 3], f(6, 4));
  const t = (label, call, codes, message) => row('Tape', label, call, codes, message);
  const made = keep(attn.createTape('ignored', null));
  const fresh = keep(attn.createTape());
  const o = (label, call, codes, message) => row('ops', label, call, codes, message);
  const ops = tape.ops;
  const rows = [];
  for (const [label, value] of [['null', null], ['a number', 5], ['a string', 'x'], ['a Float32Array', new Float32Array(6)], ['a tensor of another tape', foreign], ['missing', undefined]]) {
    rows.push(
      o(`matmul(a ${label})`, () => ops.matmul(value, w), TYPE, /(^|\W)a must be a tensor of this tape/),
      o(`matmul(w ${label})`, () => ops.matmul(a, value), TYPE, /(^|\W)w must be a tensor of this tape/),
      o(`bmm(b ${label})`, () => ops.bmm(b3, value), TYPE, /(^|\W)b must be a tensor of this tape/),
      o(`add(b ${label})`, () => ops.add(a, value), TYPE, /(^|\W)b must be a tensor/),
      o(`scale(a ${label})`, () => ops.scale(value, 2), TYPE, /(^|\W)a must be a tensor/),
      o(`causalMask(a ${label})`, () => ops.causalMask(value), TYPE, /(^|\W)a must be a tensor/),
      o(`softmax(a ${label})`, () => ops.softmax(value), TYPE, /(^|\W)a must be a tensor/),
      o(`splitHeads(a ${label})`, () => ops.splitHeads(value, 1), TYPE, /(^|\W)a must be a tensor/),
      o(`mergeHeads(a ${label})`, () => ops.mergeHeads(value), TYPE, /(^|\W)a must be a tensor/),
      o(`layerNorm(gamma ${label})`, () => ops.layerNorm(a, value, value), TYPE, /gamma must be a tensor/),
      o(`gelu(a ${label})`, () => ops.gelu(value), TYPE, /(^|\W)a must be a tensor/),
      t(`backward(root ${label})`, () => tape.backward(value), TYPE, /root must be a tensor/),
      t(`crossEntropy(logits ${label})`, () => tape.crossEntropy(value, [0, 0]), TYPE, /logits must be a tensor/),
      t(`embedding(table ${label})`, () => tape.embedding(value, [0], 1, 1), TYPE, /table must be a tensor/),
    );
  }
  rows.push(
    o('matmul: shapes that do not fit', () => ops.matmul(a, a), SHAPE, /matmul/),
    o('matmul: transposeB "yes"', () => ops.matmul(a, w, { transposeB: 'yes' }), TYPE, /transposeB must be true or false/),
    o('matmul: options null', () => ops.matmul(a, w, null), TYPE, /options/),
    o('bmm: shapes that do not fit', () => ops.bmm(b3, b3), SHAPE, /bmm/),
    o('bmm: transposeA 1', () => ops.bmm(b3, b3, { transposeA: 1 }), TYPE, /transposeA must be true or false/),
    o('add: shapes that do not fit', () => ops.add(a, w), SHAPE, /add/),
    o('scale: NaN', () => ops.scale(a, NaN), VALUE, /s must be a finite number, but it is NaN/),
    o('scale: Infinity', () => ops.scale(a, Infinity), VALUE, /s must be a finite number/),
    o('scale: a string', () => ops.scale(a, '2'), VALUE, /s must be a finite number, but it is the text "2"/),
    o('causalMask: fill a string', () => ops.causalMask(a, 'x'), VALUE, /fill must be -Infinity or a finite number/),
    o('causalMask: fill NaN', () => ops.causalMask(a, NaN), VALUE, /fill must be -Infinity or a finite number/),
    o('causalMask: a vector', () => ops.causalMask(tape.input([3], [1, 2, 3])), SHAPE, /causalMask/),
    o('softmax: axis 1.5', () => ops.softmax(a, 1.5), TYPE, /axis must be a whole number/),
    o('softmax: axis "x"', () => ops.softmax(a, 'x'), TYPE, /axis must be a whole number/),
    o('softmax: axis 7', () => ops.softmax(a, 7), [ARGUMENT, SHAPE], /axis must be between -4 and 3/),
    o('softmax: axis 2 of a matrix', () => ops.softmax(a, 2), [ARGUMENT, SHAPE], /softmax/),
    o('softmax: axis 2^31', () => ops.softmax(a, 2 ** 31), [TYPE, ARGUMENT, SHAPE], /axis/),
    o('splitHeads: heads 0', () => ops.splitHeads(b3, 0), [SIZE, ARGUMENT, SHAPE], /splitHeads|heads/),
    o('splitHeads: heads that do not divide', () => ops.splitHeads(b3, 2), SHAPE, /splitHeads/),
    o('splitHeads: heads NaN', () => ops.splitHeads(b3, NaN), TYPE, /heads must be a whole number/),
    o('splitHeads: heads 2^53', () => ops.splitHeads(b3, 2 ** 53), [TYPE, SIZE, ARGUMENT, SHAPE], /heads/),
    o('mergeHeads: a matrix', () => ops.mergeHeads(a), SHAPE, /mergeHeads/),
    o('layerNorm: gamma of the wrong width', () => ops.layerNorm(a, gamma2, beta3), SHAPE, /layerNorm/),
    t('param: shape null', () => fresh.param(null), TYPE, /shape must be an array of 1 to 4 sizes/),
    t('param: shape of 5 dimensions', () => fresh.param([1, 1, 1, 1, 1]), TYPE, /shape must be an array of 1 to 4 sizes/),
    t('param: shape [0]', () => fresh.param([0]), SIZE, /shape\[0\] must be/),
    t('param: shape [2^31]', () => fresh.param([2 ** 31]), SIZE, /shape\[0\] must be/),
    t('param: shape [2^16, 2^16]', () => fresh.param([2 ** 16, 2 ** 16]), [OVERFLOW, MEMORY], /shape \(65536·65536\) is too large/),
    t('param: shape ["2"]', () => fresh.param(['2']), TYPE, /shape\[0\] must be a whole number/),
    t('param: values too short', () => fresh.param([3], [1]), LENGTH, /values must hold 3 numbers/),
    t('param: values NaN', () => fresh.param([1], [NaN]), VALUE, /values must hold finite numbers/),
    t('param: options null', () => fresh.param([1], [1], null), TYPE, /options/),
    t('param: decay "yes"', () => fresh.param([1], [1], { decay: 'yes' }), TYPE, /decay must be true or false/),
    t('param: after an input', () => tape.param([1]), ARGUMENT, /parameters must be made before any input or op/),
    t('input: values missing', () => tape.input([2]), TYPE, /values must be a Float32Array/),
    t('input: values Infinity', () => tape.input([1], [Infinity]), VALUE, /values must hold finite numbers/),
    t('input: shape a string', () => tape.input('2', [1, 2]), TYPE, /shape must be an array/),
    t('embedding: tokens a string', () => tape.embedding(w, 'abc', 1, 3), TYPE, /tokens must be/),
    t('embedding: tokens too short', () => tape.embedding(w, [0], 1, 3), LENGTH, /tokens must hold b·t = 3 ids/),
    t('embedding: token out of the table', () => tape.embedding(w, [0, 1, 3], 1, 3), VALUE, /tokens must hold ids from 0 to 2, but entry 2 is 3/),
    t('embedding: b 0', () => tape.embedding(w, [], 0, 3), SIZE, /(^|\W)b must be/),
    t('embedding: t NaN', () => tape.embedding(w, [0], 1, NaN), TYPE, /(^|\W)t must be a whole number/),
    t('crossEntropy: targets too short', () => tape.crossEntropy(a, [0]), LENGTH, /targets must hold 2 ids/),
    t('crossEntropy: targets out of range', () => tape.crossEntropy(a, [0, 3]), VALUE, /targets must hold ids from 0 to 2, but entry 1 is 3/),
    t('crossEntropy: targets a string', () => tape.crossEntropy(a, 'ab'), TYPE, /targets must be/),
    t('crossEntropy: targets fractional', () => tape.crossEntropy(a, [0, 0.5]), VALUE, /targets must hold ids/),
    t('backward: seed of the wrong length', () => tape.backward(a, [1]), LENGTH, /seed must hold 6 numbers/),
    t('backward: seed NaN', () => tape.backward(a, new Float32Array(6).fill(NaN)), VALUE, /seed must hold finite numbers/),
    t('tensorArg: a plain object', () => tape.tensorArg({ id: 0 }, 'x'), TYPE, /x must be a tensor of this tape/),
    t('op: an unknown C function', () => tape.op('attn_tape_nothing', 'nothing', 0), ARGUMENT, /attn_tape_nothing is not an op of the tape/),
    t('shapeOf: a node that does not exist', () => tape.shapeOf(99999), [ARGUMENT, SIZE], /shape|tensor/),
    t('shapeOf: a string id', () => tape.shapeOf('x'), [TYPE, ARGUMENT], /id|tensor/),
    t('read: a node that does not exist', () => tape.read('attn_tape_data', 99999), [ARGUMENT, SIZE], /read|tensor/),
    t('read: not a reader', () => tape.read('attn_tape_free', 0), ARGUMENT, /read/),
    t('write: values too short', () => tape.write(w.id, [1]), LENGTH, /values must hold 12 numbers/),
    t('write: NaN', () => tape.write(w.id, new Float32Array(12).fill(NaN)), VALUE, /values must hold finite numbers/),
    t('Tensor.data = a string', () => { w.data = 'abc'; }, TYPE, /values must be a Float32Array/),
    t('param after dispose', () => gone.param([1]), ARGUMENT, /This tape has been disposed/),
    t('input after dispose', () => gone.input([1], [1]), ARGUMENT, /This tape has been disposed/),
    t('ops after dispose', () => gone.ops.gelu(a), [ARGUMENT, TYPE], /disposed|tensor of this tape/),
    t('backward after dispose', () => gone.backward(a), ARGUMENT, /This tape has been disposed/),
    t('zeroGrad after dispose', () => gone.zeroGrad(), ARGUMENT, /This tape has been disposed/),
    t('reset after dispose', () => gone.reset(), ARGUMENT, /This tape has been disposed/),
    t('embedding after dispose', () => gone.embedding(w, [0], 1, 1), ARGUMENT, /This tape has been disposed/),
    t('crossEntropy after dispose', () => gone.crossEntropy(a, [0, 0]), ARGUMENT, /This tape has been disposed/),
    t('shapeOf after dispose', () => gone.shapeOf(0), ARGUMENT, /This tape has been disposed/),
    t('read after dispose', () => gone.read('attn_tape_data', 0), ARGUMENT, /This tape has been disposed/),
    t('write after dispose', () => gone.write(0, [1]), ARGUMENT, /This tape has been disposed/),
    t('tensorArg after dispose', () => gone.tensorArg(a, 'a'), [ARGUMENT, TYPE], /disposed|tensor of this tape/),
    t('op after dispose', () => gone.op('attn_tape_gelu', 'gelu', 0), ARGUMENT, /This tape has been disposed/),
    okRow('Tape', 'zeroGrad and reset keep working', () => { tape.zeroGrad(); tape.reset(); return tape.param([1], [2]).data[0]; }, (x) => x === 2),
    okRow('Tape', 'dispose twice is harmless', () => gone.dispose(), () => true),
    okRow('createTape', 'arguments are ignored: an empty tape', () => made.param([1], [5]).data[0], (x) => x === 5),
  );
  return rows;
}

// ------------------------------------------------------------------ running the table

function runRow(r) {
  let result, error;
  try {
    result = r.call();
  } catch (e) {
    error = e;
  }
  const where = `${r.family}: ${r.label}`;
  if (r.check) {
    assert.equal(error, undefined, `${where}: threw ${error?.stack ?? error}`);
    assert.ok(r.check(result), `${where}: unexpected result`);
    return;
  }
  assert.ok(error !== undefined, `${where}: did not throw (returned ${String(result).slice(0, 60)})`);
  assert.ok(error instanceof AttnError, `${where}: threw ${error?.name}, not an AttnError: ${error?.message}`);
  assert.ok(KNOWN_CODES.has(error.code), `${where}: unknown status ${error.code}`);
  assert.equal(error.status, error.code, `${where}: .status is not the code`);
  assert.ok(r.codes.includes(error.code), `${where}: status ${error.code} (${error.message}), expected one of ${r.codes}`);
  assert.match(error.message, r.message, `${where}: message does not match ${r.message}: ${error.message}`);
  assert.match(error.message, /^[\p{L}`'(][^\n]{8,400}[.?!)]$/u, `${where}: not one readable sentence: ${error.message}`);
  assert.doesNotMatch(error.message, /undefined|\[object|=>|at [\w.]+ \(/, `${where}: message leaks JS internals: ${error.message}`);
}

/** The names a test must cover: every function the API exposes, every method of the objects it makes. */
function methodNames(object) {
  const names = new Set();
  for (let p = Object.getPrototypeOf(object); p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const name of Object.getOwnPropertyNames(p)) if (name !== 'constructor') names.add(name);
  }
  return [...names];
}

function knownResultOk() {
  // One query, two keys, unscaled: weights softmax([1, 0]) and the weighted values, in double.
  const r = attn.attention({ q: [1, 0], k: [1, 0, 0, 1], v: [1, 2, 3, 4], n: 1, m: 2, dk: 2, dv: 2, scale: false });
  const w0 = Math.E / (Math.E + 1), w1 = 1 / (Math.E + 1);
  assert.ok(Math.abs(r.weights[0] - w0) < 1e-6 && Math.abs(r.weights[1] - w1) < 1e-6, `weights ${r.weights}`);
  assert.ok(Math.abs(r.out[0] - (w0 + 3 * w1)) < 1e-6 && Math.abs(r.out[1] - (2 * w0 + 4 * w1)) < 1e-6, `out ${r.out}`);
  assert.equal(attn.cost({ n: 1024, dModel: 512, heads: 8 }).total, 2147483648);
}

test('the bad-input table covers every function, method and op, and every row gives a readable AttnError', () => {
  knownResultOk();
  const before = attn.core.heapInUse, pages = attn.core.heapBytes;
  const model = keep(attn.createModel(MODEL_OPTIONS));
  model.train(2);
  const rows = [...apiRows(), ...fileRows(model), ...modelRows(model), ...cacheRows(), ...tapeRows(), ...decoderRows(model)];
  const families = new Set(rows.map((r) => r.family));
  // Every function of the API, every method of the objects it creates, every op.
  const cache = attn.kvCache({ dk: 1, dv: 1, capacity: 1 });
  const tape = attn.createTape();
  const decoder = model.decoder();
  const required = [
    ...Object.keys(attn).filter((name) => typeof attn[name] === 'function'),
    ...methodNames(model).map((name) => `Model.${name}`),
    ...methodNames(cache).map((name) => `KvCache.${name}`),
    ...methodNames(tape).map((name) => `Tape.${name}`),
    ...methodNames(decoder).map((name) => `Decoder.${name}`),
    ...Object.keys(tape.ops).map((name) => `ops.${name}`),
  ];
  cache.dispose();
  tape.dispose();
  decoder.dispose();
  const covered = (name) => {
    const [family, method] = name.includes('.') ? name.split('.') : [name, null];
    if (!families.has(family)) return false;
    if (!method) return true;
    // A method is covered when a row's label starts with it (e.g. "train(steps …)", "append(k …)",
    // "param: …", "read after dispose") or names it as a property read after dispose.
    return rows.some((r) => r.family === family && new RegExp(`^${method}(\\(|:| after| twice|$)`).test(r.label));
  };
  const missing = required.filter((name) => !covered(name) && !NOT_INPUTS.has(name));
  assert.deepEqual(missing, [], `functions with no rows in the table: ${missing.join(', ')}`);

  let failures = [];
  for (const r of rows) {
    try { runRow(r); } catch (e) { failures.push(e.message.split('\n').filter(Boolean).join(' | ')); }
  }
  for (const x of created.splice(0)) x.dispose();
  assert.deepEqual(failures, [], `${failures.length} of ${rows.length} rows failed:\n${failures.join('\n')}`);
  console.log(`    ${rows.length} rows over ${families.size} families, ${required.length} functions and methods`);

  // The same instance still works, and the heap is back where it was.
  knownResultOk();
  const after = attn.core.heapInUse;
  console.log(`    malloc'd bytes in use: ${before} before the table, ${after} after; linear memory ${pages} → ${attn.core.heapBytes} bytes`);
  assert.ok(after - before <= 4096, `the heap grew by ${after - before} bytes over the table`);
  // No row may have made the core grow its memory by much (a refused size must be refused before malloc).
  assert.ok(attn.core.heapBytes - pages <= 16 * 2 ** 20, `linear memory grew from ${pages} to ${attn.core.heapBytes} bytes`);
});

/** Getters of plain values: nothing to get wrong (every other member, dispose included, has rows). */
const NOT_INPUTS = new Set(['Model.hasData', 'Model.vocab', 'Decoder.disposed']);
