// check.js — "Check against reference" and the causality check, run in the learner's worker
// (or a node test) on the C autograd tape.
//
//   checkAgainstReference(attn, fn) → { pass, tolerance, cases: [...], worst, diagnosis, first }
//   causalityCheck(attn, fn)        → { leak, maxChange, where, message }
//
// Every case feeds the learner's function and the built-in the same random q, k, v, then
// backpropagates the same random loss (a random weighting of the output) through both, and
// compares the outputs and the gradients for q, k and v elementwise. When they disagree, the
// learner's output is compared with each classic bug run on the same inputs, and its attention
// weights are measured (row sums, column sums), so the report can name the bug. `first` names the
// first failing thing: a shape, an output or a gradient (first-failure.js).

import { Tensor } from '../api/autograd.js';
import { reference, BUGGY } from './variants.js';
import { LearnerError, explainRuntimeError } from './sandbox.js';
import { firstFailure } from './first-failure.js';

/** Largest allowed |learner − reference|, on values of order 1. */
export const TOLERANCE = 1e-4;

/** The shapes checked: T ≠ d_head and T = d_head, one head and several; all causal. */
export const CASES = [
  { B: 2, T: 5, C: 8, H: 2 },   // T = 5, d_head = 4
  { B: 1, T: 4, C: 4, H: 1 },   // T = d_head = 4, one head
  { B: 2, T: 4, C: 12, H: 3 },  // T = d_head = 4, three heads
  { B: 1, T: 7, C: 3, H: 1 },   // T = 7, d_head = 3, one head
];

/** mulberry32: a small seeded generator for the check's inputs (uniform in [-1, 1)). */
function randoms(count, seed) {
  let a = seed >>> 0;
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  }
  return out;
}

const describeCase = ({ B, T, C, H }) => `B = ${B}, T = ${T}, ${H} head${H > 1 ? 's' : ''} of d_head = ${C / H}`;

/** Runs one attention function on a fresh tape: outputs, weights, and gradients of Σ out·seed. */
function runOn(attn, fn, { B, T, C, H }, inputs, seed, trusted) {
  const tape = attn.createTape();
  try {
    const q = tape.param([B, T, C], inputs.q), k = tape.param([B, T, C], inputs.k), v = tape.param([B, T, C], inputs.v);
    let result;
    try {
      result = fn(tape.ops, q, k, v, { heads: H, layer: 0 });
    } catch (error) {
      if (trusted) throw error;
      return { error: error instanceof LearnerError ? error : explainRuntimeError(error) };
    }
    const out = result instanceof Tensor ? result : result?.out;
    if (!(out instanceof Tensor) || out.tape !== tape) {
      return { error: new LearnerError('attention must return a tensor made with ops, or { out, weights }.') };
    }
    const shape = out.shape;
    if (shape.join() !== [B, T, C].join()) {
      return { error: new LearnerError(`attention returned a (${shape.join(', ')}) tensor; it must return (B, T, C) = (${B}, ${T}, ${C}).`) };
    }
    const w = result?.weights instanceof Tensor && result.weights.tape === tape ? result.weights : null;
    tape.zeroGrad();
    tape.backward(out, seed);
    return {
      out: out.data,
      weights: w && w.shape.join() === [B, H, T, T].join() ? w.data : null,
      grads: { q: q.grad, k: k.grad, v: v.grad },
    };
  } finally {
    tape.dispose();
  }
}

/** The largest |a − b| and its index (NaN or a missing value counts as infinite). */
function largest(a, b) {
  let worst = -1, at = 0;
  for (let i = 0; i < b.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    const x = Number.isNaN(d) ? Infinity : d;
    if (x > worst) { worst = x; at = i; }
  }
  return { diff: worst, index: at };
}

/** Compares a learner run with a reference run: the worst entry over out, dq, dk, dv. */
function compare(mine, ref, c) {
  let worst = { diff: 0, tensor: 'out', index: 0 };
  for (const [name, a, b] of [['out', mine.out, ref.out], ['dq', mine.grads.q, ref.grads.q], ['dk', mine.grads.k, ref.grads.k], ['dv', mine.grads.v, ref.grads.v]]) {
    const d = largest(a, b);
    if (d.diff > worst.diff) worst = { diff: d.diff, tensor: name, index: d.index };
  }
  if (worst.diff === 0) return { ...worst, where: 'nowhere: every value agrees exactly' };
  const i = worst.index;
  // Counted from 1, as everywhere in the lab.
  const pos = { b: Math.floor(i / (c.T * c.C)) + 1, t: (Math.floor(i / c.C) % c.T) + 1, c: (i % c.C) + 1 };
  const tensorName = worst.tensor === 'out' ? 'the output' : `the gradient ${worst.tensor}`;
  return { ...worst, where: `${tensorName} at batch ${pos.b}, position ${pos.t}, feature ${pos.c}`, mine: pick(mine, worst.tensor, i), ref: pick(ref, worst.tensor, i) };
}

const pick = (run, tensor, i) => (tensor === 'out' ? run.out[i] : run.grads[tensor[1]][i]);

/** Row and column sums of (B, H, T, T) weights: their ranges. */
function sums(weights, { B, H, T }) {
  let rowMin = Infinity, rowMax = -Infinity, colMin = Infinity, colMax = -Infinity, peak = 0;
  for (let m = 0; m < B * H; m++) {
    const base = m * T * T;
    for (let i = 0; i < T; i++) {
      let row = 0, col = 0, top = 0;
      for (let j = 0; j < T; j++) {
        row += weights[base + i * T + j];
        col += weights[base + j * T + i];
        top = Math.max(top, weights[base + i * T + j]);
      }
      rowMin = Math.min(rowMin, row); rowMax = Math.max(rowMax, row);
      colMin = Math.min(colMin, col); colMax = Math.max(colMax, col);
      peak += top / (B * H * T);
    }
  }
  return { rowMin, rowMax, colMin, colMax, peak };
}

const r3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : String(x));
const near = (a, b) => Math.abs(a - b) < 1e-3;

/** Names the bug from the per-case results (see checkAgainstReference). */
function diagnose(results) {
  const matchAll = (id) => results.every((r) => r.pass || (r.bug === id));
  const failed = results.filter((r) => !r.pass);
  if (failed.length === 0) return null;
  const shapeErrorsWhenTNotD = results.filter((r) => r.c.T !== r.c.C / r.c.H).every((r) => r.error && /inner sizes|shapes do not fit/i.test(r.error.plain ?? r.error.message));
  const silentWhenEqual = results.filter((r) => r.c.T === r.c.C / r.c.H).every((r) => !r.error && r.bug === 'missing-transpose');
  if (shapeErrorsWhenTNotD && silentWhenEqual) {
    return { bug: 'missing-transpose', name: 'The transpose is missing in Q·Kᵀ',
      text: 'When T ≠ d_head, Q·K is a shape error (the inner sizes differ); when T = d_head the shapes happen to fit, it runs, and it is silently wrong: it matches attention computed with Q·K instead of Q·Kᵀ. Use ops.bmm(qh, kh, { transposeB: true }).' };
  }
  const ran = failed.filter((r) => !r.error);
  if (ran.length && matchAll('mask-after-softmax')) {
    const s = ran.find((r) => r.sums)?.sums;
    return { bug: 'mask-after-softmax', name: 'The mask is applied after the softmax',
      text: `Rows no longer sum to 1${s ? ` (your rows sum to between ${r3(s.rowMin)} and ${r3(s.rowMax)})` : ''}: the softmax shared each row among all keys, future ones included, and zeroing the future afterwards leaves less than 1 for the past, so every output shrinks. The past's weights also still depend on the future keys through the softmax's denominator, so the causality check finds a leak. Mask the scores first, then take the softmax.` };
  }
  if (ran.length && matchAll('scale-dropped')) {
    const r = ran.find((x) => x.sums);
    const d = r ? r.c.C / r.c.H : null;
    return { bug: 'scale-dropped', name: 'The scale 1/√d_head is dropped',
      text: `The scores are too large by a factor √d_head${d ? ` (√${d} = ${r3(Math.sqrt(d))} here)` : ''}, so the softmax is sharper than it should be${r?.sums && r?.refSums ? ` (the largest weight in a row averages ${r3(r.sums.peak)} against ${r3(r.refSums.peak)} in the reference)` : ''}. It runs without any error; in training it saturates the softmax and starves it of gradient. Multiply the scores by 1 / Math.sqrt(d).` };
  }
  if (ran.length && matchAll('wrong-axis')) {
    const s = ran.find((r) => r.sums)?.sums;
    return { bug: 'wrong-axis', name: 'The softmax runs over the wrong axis',
      text: `Columns sum to 1 instead of rows${s ? ` (your column sums are ${r3(s.colMin)} to ${r3(s.colMax)}; your row sums ${r3(s.rowMin)} to ${r3(s.rowMax)})` : ''}: you normalised down each column, “how much everyone attended to me”, not across each row, “where did I look”. Use ops.softmax(x, -1).` };
  }
  if (ran.length && matchAll('no-mask')) {
    return { bug: 'no-mask', name: 'The causal mask is missing',
      text: 'Your output matches attention without the causal mask: every position reads the future. In training each position can read the very character it is asked to predict, so the loss dives far below the corpus floor, and the model has nothing to read when it generates. Run the causality check, and put ops.causalMask(scores) before the softmax.' };
  }
  const s = ran.find((r) => r.sums)?.sums;
  const notes = [];
  if (s && !(near(s.rowMin, 1) && near(s.rowMax, 1))) notes.push(`your weights' rows sum to ${r3(s.rowMin)}–${r3(s.rowMax)}, not 1`);
  if (s && near(s.colMin, 1) && near(s.colMax, 1)) notes.push('their columns sum to 1');
  const errors = failed.filter((r) => r.error);
  if (errors.length) notes.push(`${errors.length} case${errors.length > 1 ? 's' : ''} failed with an error`);
  return { bug: null, name: 'Your function disagrees with the reference', text: notes.length ? `What the check measured: ${notes.join('; ')}.` : 'It matches none of the four classic bugs: compare it line by line with the built-in (Reset).' };
}

/** Runs the learner's function and the reference on every case; see the file comment. */
export function checkAgainstReference(attn, fn, { seed = 7 } = {}) {
  const results = CASES.map((c, n) => {
    const size = c.B * c.T * c.C;
    const inputs = { q: randoms(size, seed + 10 * n), k: randoms(size, seed + 10 * n + 1), v: randoms(size, seed + 10 * n + 2) };
    const lossSeed = randoms(size, seed + 10 * n + 3);
    const ref = runOn(attn, reference, c, inputs, lossSeed, true);
    const mine = runOn(attn, fn, c, inputs, lossSeed, false);
    const result = { c, label: describeCase(c) };
    if (mine.error) return { ...result, pass: false, error: mine.error, worst: { diff: Infinity, where: 'no output: the function failed' } };
    const worst = compare(mine, ref, c);
    const pass = worst.diff <= TOLERANCE;
    if (pass) return { ...result, pass, worst, mine, ref };
    let bug = null;
    for (const [id, variant] of Object.entries(BUGGY)) {
      let other;
      try { other = runOn(attn, variant, c, inputs, lossSeed, true); } catch { continue; }
      if (largest(mine.out, other.out).diff <= TOLERANCE) { bug = id; break; }
    }
    return { ...result, pass, worst, bug, mine, ref, sums: mine.weights ? sums(mine.weights, c) : null, refSums: sums(ref.weights, c) };
  });
  const ran = results.filter((r) => !r.error);
  const worst = ran.length ? ran.reduce((a, r) => (r.worst.diff > a.worst.diff ? r : a), ran[0]) : null;
  return {
    pass: results.every((r) => r.pass),
    tolerance: TOLERANCE,
    cases: results.map((r) => ({
      label: r.label, pass: r.pass, diff: r.worst.diff, where: r.worst.where, mine: r.worst.mine, ref: r.worst.ref,
      error: r.error ? { message: r.error.message, line: r.error.line } : null,
    })),
    failed: results.length - ran.length,
    // The largest disagreement among the cases that ran (null when none ran).
    worst: worst && { label: worst.label, diff: worst.worst.diff, where: worst.worst.where },
    diagnosis: diagnose(results),
    first: firstFailure(results, TOLERANCE),
  };
}

/**
 * Changes the future of a random input and watches the past: for each position p, every
 * token after p gets new q, k and v; if any output at or before p changes, the function leaks.
 */
export function causalityCheck(attn, fn, { seed = 11 } = {}) {
  const c = { B: 1, T: 6, C: 8, H: 2 };
  const size = c.T * c.C;
  const inputs = { q: randoms(size, seed), k: randoms(size, seed + 1), v: randoms(size, seed + 2) };
  const lossSeed = new Float32Array(size).fill(1);
  const base = runOn(attn, fn, c, inputs, lossSeed, false);
  if (base.error) return { leak: null, error: { message: base.error.message, line: base.error.line }, message: `The check could not run your function: ${base.error.message}` };
  let worst = { change: 0, p: -1, t: -1 };
  for (let p = 0; p < c.T - 1; p++) {
    const changed = { q: inputs.q.slice(), k: inputs.k.slice(), v: inputs.v.slice() };
    const fresh = randoms(3 * size, seed + 100 + p);
    for (const [n, name] of ['q', 'k', 'v'].entries()) {
      for (let i = (p + 1) * c.C; i < size; i++) changed[name][i] = fresh[n * size + i];
    }
    const run = runOn(attn, fn, c, changed, lossSeed, false);
    if (run.error) return { leak: null, error: { message: run.error.message, line: run.error.line }, message: `The check could not run your function: ${run.error.message}` };
    for (let t = 0; t <= p; t++) {
      for (let j = 0; j < c.C; j++) {
        const d = Math.abs(run.out[t * c.C + j] - base.out[t * c.C + j]);
        const x = Number.isNaN(d) ? Infinity : d;
        if (x > worst.change) worst = { change: x, p, t };
      }
    }
  }
  const leak = worst.change > 0;
  // Positions are counted from 1 in the message, as everywhere in the lab (p and t count from 0 here).
  const at = worst.t + 1, future = `${worst.p + 2}–${c.T}`;
  return {
    leak,
    maxChange: worst.change,
    message: leak
      ? `Leak: the output at position ${at} changed by ${r3(worst.change)} when only positions ${future} (its future) were changed. Position ${at} can see the future, so in training it can read the very character it is asked to predict: the loss falls far below what an honest model can reach, and the model learns nothing it can use to generate.`
      : `No leak: for every position p, changing the tokens after p left every output at or before p exactly unchanged (${c.T} positions, ${c.H} heads).`,
  };
}
