// learner-scratch.test.mjs — "Start from scratch" in node, on the compiled core:
// the blank page compiles but fails the check, and the check names the first failing thing in
// the order the function computes it (it stops, a shape, an output with its row, column and
// difference, a gradient); each step written from the hints moves the failure further on, and
// the function finished from them passes. Bad functions (one that throws, returns the wrong
// shape, or NaN) get a sentence, never an exception.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn } from './helpers.mjs';
import { SCRATCH, HINTS } from '../../web/lib/learner/scratch.js';
import { compileLearner } from '../../web/lib/learner/sandbox.js';
import { checkAgainstReference, TOLERANCE } from '../../web/lib/learner/check.js';
import { firstFailure } from '../../web/lib/learner/first-failure.js';

const attn = await loadWasmAttn();
const check = (source) => checkAgainstReference(attn, compileLearner(source));

/** The blank page with its TODO lines replaced by `body` (lines of code). */
const write = (...body) => SCRATCH.replace(/(\n\s*\/\/ TODO: [^\n]*)+/, `\n  ${body.join('\n  ')}`);

const SPLIT = 'const qh = ops.splitHeads(q, heads), kh = ops.splitHeads(k, heads), vh = ops.splitHeads(v, heads);';
const D = 'const d = qh.shape[3];';
const SCORES = 'const scores = ops.bmm(qh, kh, { transposeB: true });';
const SCALED = 'const scaled = ops.scale(scores, 1 / Math.sqrt(d));';
const MASKED = 'const masked = ops.causalMask(scaled);';
const WEIGHTS = 'const weights = ops.softmax(masked, -1);';
const RETURN = 'return { out: ops.mergeHeads(ops.bmm(weights, vh)), weights };';

test('the blank page has the signature, the shapes and TODO lines; it compiles and fails, naming why', () => {
  assert.match(SCRATCH, /function attention\(ops, q, k, v, \{ heads \}\)/);
  assert.match(SCRATCH, /\(B, T, C\)/);
  assert.match(SCRATCH, /\(B, H, T, T\)/);
  assert.ok((SCRATCH.match(/\/\/ TODO:/g) ?? []).length >= 5);
  const report = check(SCRATCH);
  assert.equal(report.pass, false);
  assert.equal(report.first.kind, 'error');
  assert.match(report.first.text, /^It stops with an error in the case B = 2, T = 5, 2 heads of d_head = 4: attention must return a tensor made with ops/);
});

test('the check names the first failing shape: a forgotten merge, and a forgotten transpose (with its line)', () => {
  const unmerged = check(write(SPLIT, D, SCORES, SCALED, MASKED, WEIGHTS, 'return ops.bmm(weights, vh);'));
  assert.equal(unmerged.first.kind, 'shape');
  assert.match(unmerged.first.text, /returned a \(2, 2, 5, 4\) tensor; it must return \(B, T, C\) = \(2, 5, 8\)\.$/);
  const source = write(SPLIT, D, 'const scores = ops.bmm(qh, kh);', SCALED, MASKED, WEIGHTS, RETURN);
  const untransposed = check(source);
  assert.equal(untransposed.first.kind, 'shape');
  assert.equal(untransposed.first.line, source.split('\n').findIndex((l) => l.includes('ops.bmm(qh, kh)')) + 1);
  assert.match(untransposed.first.text, /inner sizes differ \(4 and 5\)/);
});

test('the check names the first failing output: its row, column and how far off, beyond the tolerance', () => {
  const report = check(write(SPLIT, D, SCORES, MASKED.replace('scaled', 'scores'), WEIGHTS, RETURN)); // the scale is missing
  assert.equal(report.first.kind, 'output');
  const m = report.first.text.match(/row (\d+) \(position \1\), column (\d+) \(feature \2\) of batch (\d+) — yours is (−?[\d.]+), the reference (−?[\d.]+): off by ([\d.e−]+) \(tolerance 1\.0e−4\)\.$/);
  assert.ok(m, report.first.text);
  const [, row, col, b, mine, ref, off] = m;
  const n = (s) => Number(s.replace('−', '-'));
  assert.ok(row >= 1 && row <= 5 && col >= 1 && col <= 8 && b >= 1 && b <= 2);
  assert.ok(n(off) > TOLERANCE);
  assert.ok(Math.abs(Math.abs(n(mine) - n(ref)) - n(off)) < 0.01, `${mine} − ${ref} ≈ ${off}`);
  // Row 1 sees only itself: with or without the scale its output is v's first row, so it is never the first failure.
  assert.notEqual(row, '1');
});

test('a gradient is named when the outputs agree but a gradient does not', () => {
  const run = (grad) => ({ out: new Float32Array([1, 2, 3, 4]), grads: { q: new Float32Array(4), k: grad, v: new Float32Array(4) } });
  const c = { B: 1, T: 2, C: 2, H: 1 };
  const first = firstFailure([{ label: 'B = 1, T = 2', c, mine: run(new Float32Array([0, 0, 0.5, 0])), ref: run(new Float32Array(4)) }], TOLERANCE);
  assert.equal(first.kind, 'gradient');
  assert.equal(first.text, 'A gradient, in the case B = 1, T = 2: the outputs agree, but the gradient dk at row 2 (position 2), column 1 (feature 1) of batch 1 — yours is 0.5, the reference 0: off by 0.5 (tolerance 1.0e−4).');
  assert.equal(firstFailure([{ label: 'x', c, mine: run(new Float32Array(4)), ref: run(new Float32Array(4)) }], TOLERANCE), null);
});

test('each hint is one step; the function written from all of them passes, with nothing failing', () => {
  assert.equal(HINTS.length, 5);
  for (const [i, code] of [[0, 'ops.splitHeads'], [1, 'transposeB: true'], [2, '1 / Math.sqrt(d)'], [3, 'ops.causalMask'], [4, 'ops.mergeHeads']]) assert.ok(HINTS[i].includes(code), `hint ${i + 1}`);
  const done = check(write(SPLIT, D, SCORES, SCALED, MASKED, WEIGHTS, RETURN));
  assert.equal(done.pass, true, JSON.stringify(done.first));
  assert.equal(done.first, null);
});

test('bad functions get a sentence, never an exception: one that throws, the wrong shape, NaN', () => {
  const thrown = check(write('throw new Error("not yet");'));
  assert.equal(thrown.first.kind, 'error');
  assert.match(thrown.first.text, /: Line 7: not yet$/);
  assert.equal(thrown.first.line, 7);
  const wrong = check(write('return ops.splitHeads(q, heads);'));
  assert.equal(wrong.first.kind, 'shape');
  // ±∞ (a float overflow) plus its negative: every entry NaN.
  const nan = check(write('const big = ops.scale(ops.scale(q, 1e30), 1e30);', 'return ops.add(big, ops.scale(big, -1));'));
  assert.equal(nan.first.kind, 'output');
  assert.match(nan.first.text, /row 1 \(position 1\), column 1 \(feature 1\) of batch 1 — yours is NaN, the reference −?[\d.]+ \(tolerance/);
  assert.equal(nan.pass, false);
});
