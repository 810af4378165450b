// reference-editor.test.mjs — the editor's comparison figures. "Check against reference" runs the
// learner's attention and the built-in one on the C tape and shows the outputs, the gradients
// dq, dk, dv and the largest weight per row; here the built-in's numbers (the "reference" column)
// and a classic bug's numbers (what a learner's "yours" column would show) are recomputed by an
// independent double-precision attention with a hand-written backward pass
// (reference/attention.mjs, batchedAttention), on the check's own case shapes.
//
// Tolerance: float32 tape (sums of ≤ 7 products of entries in [−1, 1], a softmax, and the
// backward's ≤ 2·7 terms) against float64: differences are ≲ 1e-6; we allow 1e-5, ten times
// below the check's own pass tolerance (1e-4), so the reference column is accurate at the
// precision the verdict uses.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn } from './helpers.mjs';
import { batchedAttention } from '../../reference/attention.mjs';
import { CASES, TOLERANCE } from '../../web/lib/learner/check.js';
import { reference, BUGGY } from '../../web/lib/learner/variants.js';

const attn = await loadWasmAttn();
const ACCURACY = 1e-5;

/** Uniform numbers in [−1, 1) from a plain linear congruential generator (inputs only). */
function uniforms(count, seed) {
  let s = seed >>> 0;
  return Float32Array.from({ length: count }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s / 4294967296) * 2 - 1;
  });
}

function runOnTape(fn, { B, T, C, H }, inputs, seed) {
  const tape = attn.createTape();
  try {
    const q = tape.param([B, T, C], inputs.q), k = tape.param([B, T, C], inputs.k), v = tape.param([B, T, C], inputs.v);
    const result = fn(tape.ops, q, k, v, { heads: H, layer: 0 });
    const out = result.out ?? result;
    tape.zeroGrad();
    tape.backward(out, seed);
    return { out: out.data, weights: result.weights?.data ?? null, grads: { q: q.grad, k: k.grad, v: v.grad } };
  } finally {
    tape.dispose();
  }
}

function worst(a, b) {
  let w = 0;
  for (let i = 0; i < b.length; i++) w = Math.max(w, Math.abs(a[i] - b[i]));
  return w;
}

test('the check\'s reference column (built-in attention on the tape): outputs, dq, dk, dv and weights', () => {
  assert.ok(ACCURACY < TOLERANCE);
  CASES.forEach((c, index) => {
    const size = c.B * c.T * c.C;
    const inputs = { q: uniforms(size, 11 + index), k: uniforms(size, 23 + index), v: uniforms(size, 37 + index) };
    const seed = uniforms(size, 51 + index);
    const core = runOnTape(reference, c, inputs, seed);
    const r = batchedAttention({ ...inputs, ...c, seed });
    const label = `B ${c.B} T ${c.T} C ${c.C} H ${c.H}`;
    for (const [name, a, b] of [['out', core.out, r.out], ['weights', core.weights, r.weights], ['dq', core.grads.q, r.grads.q], ['dk', core.grads.k, r.grads.k], ['dv', core.grads.v, r.grads.v]]) {
      const w = worst(a, b);
      assert.ok(w < ACCURACY, `${label} ${name}: differs from the double reference by ${w}`);
    }
  });
});

test('a classic bug\'s figures (scale dropped; no mask) match the double reference of that bug', () => {
  for (const [bug, options] of [['scale-dropped', { scale: false }], ['no-mask', { causal: false }]]) {
    CASES.forEach((c, index) => {
      const size = c.B * c.T * c.C;
      const inputs = { q: uniforms(size, 101 + index), k: uniforms(size, 103 + index), v: uniforms(size, 107 + index) };
      const seed = uniforms(size, 109 + index);
      const core = runOnTape(BUGGY[bug], c, inputs, seed);
      const r = batchedAttention({ ...inputs, ...c, seed, ...options });
      for (const [name, a, b] of [['out', core.out, r.out], ['dq', core.grads.q, r.grads.q], ['dk', core.grads.k, r.grads.k], ['dv', core.grads.v, r.grads.v]]) {
        const w = worst(a, b);
        assert.ok(w < ACCURACY, `${bug}, case ${index} ${name}: differs from the double reference by ${w}`);
      }
    });
  }
});
