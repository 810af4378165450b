// reference-recurrent.test.mjs — the tape's recurrent cell (attn_tape_gru, the test build's)
// against an independent double-precision GRU (reference/recurrent.mjs): its states, and the
// gradients of a weighted sum of them with respect to every input, on random inputs of a few
// sizes, with parameters and with activations as inputs.
//
// Tolerances: the core runs in float32 through T sequential steps of products of H terms; the
// reference in float64. The observed differences are ≤ 2e-7 on states (within [−1, 1]) and
// ≤ 6e-7 on gradients (relative to max(1, |x|)); we allow 1e-5 on both, over 15× the worst.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadTestAttn, randomFloats, maxRelativeDifference } from './helpers.mjs';
import { gru, gruBackward } from '../../reference/recurrent.mjs';

const attn = await loadTestAttn();
const STATE_TOLERANCE = 1e-5, GRADIENT_TOLERANCE = 1e-5;

/** The core's states and gradients for one case, its inputs as parameters (or as inputs, then scaled by 1). */
function core({ gx, h0, w, b, B, T, H }, dStates, asActivations) {
  const tape = attn.createTape();
  try {
    const leaves = [[gx, [B, T, 3 * H]], [h0, [B, H]], [w, [H, 3 * H]], [b, [3 * H]]]
      .map(([values, shape]) => (asActivations ? tape.input(shape, values) : tape.param(shape, values)));
    const used = asActivations ? leaves.map((x) => tape.ops.scale(x, 1)) : leaves;
    const states = tape.op('attn_tape_gru', 'gru', ...used.map((x) => x.id));
    assert.deepEqual(states.shape, [B, T, H]);
    tape.backward(states, dStates);
    const [dgx, dh0, dw, db] = used.map((x) => x.grad);
    return { states: states.data, dgx, dh0, dw, db };
  } finally {
    tape.dispose();
  }
}

test('the GRU\'s states and gradients equal the float64 reference', () => {
  let cases = 0;
  for (const [B, T, H, scale] of [[1, 1, 1, 1], [2, 5, 3, 1], [3, 12, 4, 0.5], [1, 7, 8, 2]]) {
    const seed = 17 * B + 5 * T + H;
    const inputs = {
      B, T, H,
      gx: randomFloats(B * T * 3 * H, seed, scale), h0: randomFloats(B * H, seed + 1, 1),
      w: randomFloats(H * 3 * H, seed + 2, scale), b: randomFloats(3 * H, seed + 3, 0.5),
    };
    const dStates = randomFloats(B * T * H, seed + 4, 1);
    const ref = gru(inputs), refGrad = gruBackward(inputs, dStates);
    for (const asActivations of [false, true]) {
      const got = core(inputs, dStates, asActivations);
      const label = `B ${B}, T ${T}, H ${H}${asActivations ? ', activations' : ''}`;
      assert.ok(maxRelativeDifference(got.states, ref.states) <= STATE_TOLERANCE, `${label}: states`);
      for (const name of ['dgx', 'dh0', 'dw', 'db']) {
        const diff = maxRelativeDifference(got[name], refGrad[name]);
        assert.ok(diff <= GRADIENT_TOLERANCE, `${label}: ${name} differs by ${diff}`);
      }
      cases++;
    }
  }
  console.log(`    ${cases} cases against the float64 reference`);
});

test('the reference itself: one step by hand (r = ½, z = ¾, n = tanh 1)', () => {
  const { states } = gru({ B: 1, T: 1, H: 1, gx: [0, Math.log(3), 0.5], h0: [1], w: [0, 0, 0], b: [0, 0, 1] });
  assert.ok(Math.abs(states[0] - (0.25 * Math.tanh(1) + 0.75)) < 1e-15);
});
