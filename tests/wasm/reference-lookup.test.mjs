// reference-lookup.test.mjs — every number the lookup section's widgets show, recomputed by the
// independent double-precision references in reference/lookup.mjs from the same inputs.
//
// The inputs come from the widgets' own modules: <attn-lookup>'s presets (at several queries and
// sharpnesses, values tied to keys too), and <attn-bottleneck>'s defaults, whose random inputs
// (token vectors, position codes, sources) are data here, read from the core's generator through
// the test build's attn_bottleneck_inputs.
//
// Tolerances (float32 core, float64 reference):
//  - scores and scaled scores: products and sums of a few coordinates up to 10, exact to float32
//    rounding: 1e-6 × (1 + |x|);
//  - weights, the output, the weights' sum: the softmax of float32 scores, 2e-6 (a weight's
//    float32 spacing is 6e-8; the scores' rounding moves them by up to |s·score|·6e-8);
//  - entropy, |out|, max |v|: 1e-5; the ratio of the two largest weights and e^gap: 1e-5
//    relative; the gap: 1e-6 × (1 + |gap|); ln M: 1e-12; which entries are best: exactly;
//  - the hull's corners: exactly; the output's depth in it: 1e-5;
//  - the bottleneck's alignment: 1e-5 (a softmax of scores that are sums of ±1, exact in float32);
//    its accuracies: at most 2 of the T·L decisions may differ (a float32 read-out can fall on
//    the other side of a near tie than the float64 one), and the example's answers likewise.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadTestAttn } from './helpers.mjs';
import * as ref from '../../reference/lookup.mjs';
import { PRESETS, flatten } from '../../web/widgets/lookup/lookup-memory.js';
import { VOCAB, LONGEST, TRIALS, WIDTH, EXAMPLE, lengthsUpTo } from '../../web/widgets/bottleneck/bottleneck-settings.js';

const attn = await loadTestAttn();

function near(actual, expected, tolerance, label) {
  if (Number.isNaN(expected)) return assert.ok(Number.isNaN(actual), `${label}: ${actual} is not NaN`);
  if (!Number.isFinite(expected)) return assert.equal(actual, expected, label);
  assert.ok(Math.abs(actual - expected) <= tolerance, `${label}: core ${actual}, reference ${expected} (Δ ${Math.abs(actual - expected)} > ${tolerance})`);
}

test('lookup: scores, weights, output, entropy, ratio and gap, |out| and the hull, for every preset at many queries and sharpnesses', () => {
  let cases = 0;
  for (const [name, preset] of Object.entries(PRESETS)) {
    for (const tied of [false, true]) {
      const keys = preset.keys, values = tied ? keys : preset.values, m = keys.length;
      for (const query of [preset.query, [0, 0], [-3.2, 1.7], [9.5, -9.5]]) {
        for (const sharpness of [0, 0.01, 0.3, preset.sharpness, 2.5, 40, 1000]) {
          const label = `${name}${tied ? ' (tied)' : ''} q=${query} s=${sharpness}`;
          const core = attn.lookup({ query: Float32Array.from(query), keys: flatten(keys), values: flatten(values), m, dk: 2, dv: 2, sharpness });
          const r = ref.lookup({ query, keys: keys.flat(), values: values.flat(), m, dk: 2, dv: 2, sharpness });
          core.scores.forEach((x, j) => near(x, r.scores[j], 1e-6 * (1 + Math.abs(x)), `${label} score ${j}`));
          core.scaled.forEach((x, j) => near(x, r.scaled[j], 1e-6 * (1 + Math.abs(x)), `${label} scaled ${j}`));
          core.weights.forEach((x, j) => near(x, r.weights[j], 2e-6, `${label} weight ${j}`));
          core.out.forEach((x, d) => near(x, r.out[d], 2e-5, `${label} out ${d}`));
          near(core.weightSum, r.weightSum, 2e-6, `${label} Σw`);
          near(core.minWeight, r.minWeight, 2e-6, `${label} smallest weight`);
          near(core.entropy, r.entropy, 1e-5, `${label} entropy`);
          near(core.maxEntropy, r.maxEntropy, 1e-12, `${label} ln M`);
          near(core.outNorm, r.outNorm, 1e-5, `${label} |out|`);
          near(core.maxValueNorm, r.maxValueNorm, 1e-5, `${label} max |v|`);
          // Which entries lead, and the gap between them (ties: both pick the first).
          // (the runner-up only where float32 still tells it from the third: both may be 0 there)
          const third = [...r.weights].sort((a, b) => b - a)[2] ?? 0;
          if (r.largest - r.second > 1e-6) assert.equal(core.best, r.best, `${label} the largest`);
          if (core.second > 1e-30 && r.second - third > 1e-6 * r.second) assert.equal(core.runnerUp, r.runnerUp, `${label} the runner-up`);
          near(core.largest, r.largest, 2e-6, `${label} largest`);
          near(core.expGap, Math.exp(core.gap), 1e-12 * core.expGap, `${label} e^gap`);
          if (core.runnerUp === r.runnerUp) {
            near(core.gap, r.gap, 1e-6 * (1 + Math.abs(r.gap)) + sharpness * 1e-5, `${label} gap`);
            // The ratio: where the float32 second weight is normal, it is the reference's to 1e-5.
            if (core.second > 1e-30) near(core.ratio / r.ratio, 1, 1e-5 + sharpness * 1e-6, `${label} ratio`);
          }
          if (core.second === 0) assert.equal(core.ratio, Infinity, `${label} ratio`);
          // The hull of the values, and where the output stands in it.
          const hull = attn.hull({ points: flatten(values), count: m, point: core.out });
          assert.deepEqual(Array.from(hull.corners), ref.convexHull(values.flat(), m), `${label} hull`);
          near(hull.depth, ref.depth(core.out, values.flat(), hull.corners), 1e-5, `${label} depth`);
          cases++;
        }
      }
    }
  }
  console.log(`    ${cases} lookups against the float64 reference`);
});

/** The bottleneck's inputs as the core draws them (attn_bottleneck_inputs, test build). */
function inputs({ seed, length, width, vocab, trials }) {
  return attn.core.run((scope) => {
    const vectors = scope.f32Out(vocab * width), codes = scope.f32Out(length * width), sources = scope.i32Out(trials * length);
    scope.call('inputs', 'attn_bottleneck_inputs', vectors, codes, sources, seed, length, width, vocab, trials);
    return { vectors: scope.readF32(vectors, vocab * width), codes: scope.readF32(codes, length * width), sources: scope.readI32(sources, trials * length) };
  });
}

test('bottleneck: both accuracies at every length, the alignment map and the example, at the widget’s defaults and beside them', () => {
  const seed = 1, vocab = VOCAB, trials = TRIALS.fallback;
  let decisions = 0, differing = 0;
  for (const [width, task, longest] of [[WIDTH.fallback, 'copy', LONGEST.fallback], [16, 'reverse', 20], [256, 'copy', 30]]) {
    const lengths = lengthsUpTo(longest);
    const core = attn.bottleneck({ lengths, width, vocab, trials, seed, task, example: EXAMPLE.fallback });
    core.points.forEach(({ length, summary, attention }) => {
      const r = ref.bottleneck({ ...inputs({ seed, length, width, vocab, trials }), task, length, width, vocab, trials });
      const total = trials * length;
      const off = Math.round(Math.abs(summary - r.summary) * total) + Math.round(Math.abs(attention - r.attention) * total);
      assert.ok(off <= 2, `d = ${width}, ${task}, L = ${length}: core ${summary}/${attention}, reference ${r.summary}/${r.attention}`);
      decisions += 2 * total;
      differing += off;
    });
    const length = EXAMPLE.fallback;
    const r = ref.bottleneck({ ...inputs({ seed, length, width, vocab, trials: 1 }), task, length, width, vocab, trials: 1 });
    core.example.alignment.forEach((x, i) => near(x, r.alignment[i], 1e-5, `d = ${width} alignment ${i}`));
    assert.deepEqual(Array.from(core.example.source), r.example.source);
    const mismatches = ['fromSummary', 'fromAttention'].reduce((n, key) => n + core.example[key].filter((t, i) => t !== r.example[key][i]).length, 0);
    assert.ok(mismatches <= 1, `d = ${width}: the example's answers differ in ${mismatches} places`);
  }
  console.log(`    ${differing} of ${decisions} token decisions differ between the float32 core and the float64 reference`);
});
