// reference-cross-decode-cost.test.mjs — every number <attn-cross>, <attn-decode> and the new part of
// <attn-cost> show, recomputed by independent double-precision code (reference/) from the
// widgets' own inputs, as reference-widgets.test.mjs does for §6.2–6.6.
//
// Inputs: random draws are data here, taken from the core's generator (attn.randomNormals); the
// hash that seeds a word's draws is recomputed here (FNV-1a, written below), so the word vectors
// and the rotation themselves are checked, then everything downstream.
//
// Tolerances (float32 core, float64 reference):
//  - word vectors: a normal plus noise × a normal, two float32 roundings: 1e-6;
//  - the rotation: Gram–Schmidt in float32 with dot products in double, against Gram–Schmidt in
//    double, over 16 rows of 16: 1e-5;
//  - cross-attention weights, outputs and row sums: 16-term dot products of O(4) entries through
//    the softmax: 2e-5 (the widget prints 2–6 decimals);
//  - the decoder on the shipped model (two blocks of width 64): 1e-5 on weights and
//    probabilities, 1e-5 relative on cached keys and values (as reference-train.test.mjs);
//  - counts and bytes: exact.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadWasmAttn } from './helpers.mjs';
import * as ref from '../../reference/attention.mjs';
import { readWeightsFile, unpack, forward } from '../../reference/transformer.mjs';
import { computeCross, WIDTH } from '../../web/widgets/cross/cross-model.js';
import { lookUp } from '../../web/widgets/cross/vocabulary.js';
import { splitWords } from '../../web/ui/sentence.js';
import { DecodeRun } from '../../web/widgets/decode/decode-run.js';

const attn = await loadWasmAttn();
const SHIPPED = readFileSync(new URL('../../web/models/default-small.attnlab', import.meta.url));

function close(actual, expected, tolerance, label, { relative = false } = {}) {
  assert.equal(actual.length, expected.length, `${label}: length`);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) {
    if (actual[i] === expected[i]) continue; // −∞ = −∞ included
    const d = Math.abs(actual[i] - expected[i]) / (relative ? Math.max(1, Math.abs(expected[i])) : 1);
    worst = Math.max(worst, d);
    assert.ok(d <= tolerance, `${label}[${i}]: core ${actual[i]} vs reference ${expected[i]} (Δ ${d} > ${tolerance})`);
  }
  return worst;
}

// ---------------------------------------------------------------- <attn-cross>

/** FNV-1a, 32-bit, of a string's UTF-8 bytes. */
function fnv1a(text) {
  let hash = 2166136261;
  for (const byte of new TextEncoder().encode(text)) hash = Math.imul(hash ^ byte, 16777619) >>> 0;
  return hash >>> 0;
}

/** A word's vector: its meaning's normals plus noise × its own (drawn by the core from the seeds the hash gives). */
function referenceVector(key, noise, seed) {
  const { meaning, word } = lookUp(key);
  const c = attn.randomNormals({ count: WIDTH, seed: (fnv1a(meaning) ^ seed) >>> 0 });
  const w = attn.randomNormals({ count: WIDTH, seed: (fnv1a(word) ^ seed ^ 0x9e3779b9) >>> 0 });
  return Array.from(c, (x, i) => x + noise * w[i]);
}

/** Gram–Schmidt in double on the core's D×D normals. */
function referenceRotation(seed) {
  const g = Array.from(attn.randomNormals({ count: WIDTH * WIDTH, seed }));
  const rows = [];
  for (let i = 0; i < WIDTH; i++) {
    let row = g.slice(i * WIDTH, (i + 1) * WIDTH);
    for (const prev of rows) {
      const dot = row.reduce((s, x, p) => s + x * prev[p], 0);
      row = row.map((x, p) => x - dot * prev[p]);
    }
    const norm = Math.sqrt(row.reduce((s, x) => s + x * x, 0));
    rows.push(row.map((x) => x / norm));
  }
  return rows.flat();
}

const SETTINGS = [
  { mode: 'cross', source: 'the black cat sleeps', target: 'le chat noir dort', second: 'the small dog eats the red fish', step: 2, noise: 0.3, seed: 1 },
  { mode: 'cross', source: 'paris is big and old', target: 'paris est grand', second: 'a dog', step: 1, noise: 1.2, seed: 77 },
];

test('cross: word vectors, rotations, the padded weights, outputs and row sums', () => {
  for (const s of SETTINGS) {
    const keys = (text) => splitWords(text).map((w) => w.key);
    const vectors = (list, rows) => {
      const x = new Float64Array(rows * WIDTH);
      list.forEach((key, i) => x.set(referenceVector(key, s.noise, s.seed), i * WIDTH));
      return x;
    };
    // The core's vectors and rotations, checked first; then used as the widget's inputs.
    for (const key of [...keys(s.source), ...keys(s.target)]) {
      const { meaning, word } = lookUp(key);
      close(attn.conceptEmbedding({ concept: meaning, word, noise: s.noise, seed: s.seed, d: WIDTH }), referenceVector(key, s.noise, s.seed), 1e-6, `vector of ${key}`);
    }
    const r = referenceRotation(s.seed), wv = referenceRotation((s.seed + 1) >>> 0);
    close(attn.randomRotation({ seed: s.seed, d: WIDTH }), r, 1e-5, 'R');
    const source = keys(s.source), target = keys(s.target), second = keys(s.second);
    const n = target.length, m = Math.max(source.length, second.length);
    const xt = vectors(target, n), xs = vectors(source, m);
    const q = ref.matmul(xt, r, n, WIDTH, WIDTH), k = ref.matmul(xs, r, m, WIDTH, WIDTH), v = ref.matmul(xs, wv, m, WIDTH, WIDTH);
    const maskValues = ref.mask('padding', n, { m, length: source.length });
    const expected = ref.attention({ q, k, v, n, m, dk: WIDTH, dv: WIDTH, maskValues });
    const shown = computeCross(attn, s);
    close(shown.mask, maskValues, 0, 'padding mask');
    close(shown.weights, expected.weights, 2e-5, 'cross weights');
    close(shown.out, expected.out, 2e-5, 'cross outputs');
    close(shown.sums, ref.rowStats(expected.weights, n, m).sums, 2e-5, 'row sums');
    // Self-attention over the source, and the cache mode over the target.
    const self = computeCross(attn, { ...s, mode: 'self' });
    const xself = vectors(source, source.length);
    const selfRef = ref.attention({ q: ref.matmul(xself, r, source.length, WIDTH, WIDTH), k: ref.matmul(xself, r, source.length, WIDTH, WIDTH),
      v: ref.matmul(xself, wv, source.length, WIDTH, WIDTH), n: source.length, m: source.length, dk: WIDTH, dv: WIDTH });
    close(self.weights, selfRef.weights, 2e-5, 'self weights');
    for (let step = 1; step <= n; step++) {
      const cache = computeCross(attn, { ...s, mode: 'cache', step });
      const xc = vectors(target.slice(0, step), step);
      const causal = ref.attention({ q: ref.matmul(xc, r, step, WIDTH, WIDTH), k: ref.matmul(xc, r, step, WIDTH, WIDTH),
        v: ref.matmul(xc, wv, step, WIDTH, WIDTH), n: step, m: step, dk: WIDTH, dv: WIDTH, maskValues: ref.mask('causal', step) });
      close(cache.weights, causal.weights.map((x) => (Number.isNaN(x) ? 0 : x)), 2e-5, `cache weights, step ${step}`);
      close(cache.newest.out, causal.out.slice((step - 1) * WIDTH), 2e-5, `newest output, step ${step}`);
      close(cache.newest.keys, ref.matmul(xc, r, step, WIDTH, WIDTH), 2e-5, `cached keys, step ${step}`);
    }
  }
});

// ---------------------------------------------------------------- <attn-decode>

test('decode: the new query’s weights, the cached keys and values, the next-character probabilities and the counts', () => {
  const saved = readWeightsFile(SHIPPED);
  const model = unpack(saved.header, saved.floats);
  const run = new DecodeRun(attn, attn.loadModel(SHIPPED));
  const { layers, heads, dModel, context } = run.model.config;
  const dh = dModel / heads;
  let worst = 0;
  for (const [prompt, generated, temperature] of [['the queen said ', 0, 0.8], ['the queen said ', 12, 0.8], ['t', context - 1, 1.5], ['(who ', 20, 0]]) {
    const view = run.advance({ prompt, generated, temperature, seed: 5 });
    const ids = view.chars.map((c) => saved.header.vocab.indexOf(c));
    const t = ids.length;
    const full = forward(model, ids);
    for (let l = 0; l < layers; l++) {
      for (let h = 0; h < heads; h++) {
        const row = full.maps.slice(((l * heads + h) * t + t - 1) * t, ((l * heads + h) * t + t) * t);
        worst = Math.max(worst, close(view.step.weights.subarray((l * heads + h) * t, (l * heads + h + 1) * t), row, 1e-5, `weights L${l} H${h} t ${t}`));
        const cache = run.cache(l, h);
        const rows = (all) => Array.from({ length: t }, (_, j) => Array.from(all.subarray(j * dModel + h * dh, j * dModel + (h + 1) * dh))).flat();
        close(cache.keys, rows(full.keys[l]), 1e-5, `keys L${l} H${h}`, { relative: true });
        close(cache.values, rows(full.values[l]), 1e-5, `values L${l} H${h}`, { relative: true });
      }
    }
    const logits = Array.from(full.logits.subarray((t - 1) * model.v, t * model.v));
    close(view.next.model, ref.softmax(logits), 1e-5, 'probabilities at T = 1');
    const drawn = temperature === 0 ? logits.map((x, i) => (i === logits.indexOf(Math.max(...logits)) ? 1 : 0)) : ref.softmax(logits.map((x) => x / temperature));
    close(view.next.drawn, drawn, 1e-5, `probabilities at T = ${temperature}`);
    // Counts by hand from the shapes: per layer 12·C² for the token's products, 2·t·C of attention; C·V for the head.
    const perToken = layers * 12 * dModel * dModel + dModel * model.v;
    assert.deepEqual(view.cost, {
      cachedAttention: 2 * layers * t * dModel, cachedTotal: 2 * layers * t * dModel + perToken,
      recomputeAttention: 2 * layers * t * t * dModel, recomputeTotal: 2 * layers * t * t * dModel + t * perToken,
      cacheEntries: 2 * layers * t * dModel, cacheBytes: 4 * 2 * layers * t * dModel,
    });
    assert.deepEqual(view.step.work, { attention: view.cost.cachedAttention, total: view.cost.cachedTotal });
  }
  console.log(`    largest weight difference ${worst.toExponential(2)}`);
  run.dispose();
});

// ---------------------------------------------------------------- <attn-cost>, the part beside attention

test('cost variants: the recurrence, its crossing, the window and the naive table along the chart', () => {
  for (const cell of ['elman', 'gru', 'lstm']) {
    const c = { elman: 2, gru: 6, lstm: 8 }[cell];
    for (const [dModel, heads, window] of [[512, 8, 256], [64, 4, 1], [768, 12, 70000]]) {
      for (let e = 4; e <= 16; e += 0.25) {
        const n = Math.round(2 ** e);
        const shown = attn.costVariants({ n, dModel, heads, window, cell });
        const full = ref.cost(n, dModel, heads);
        const keys = Math.min(window, n);
        assert.equal(shown.recurrence, c * n * dModel * dModel);
        assert.equal(shown.recurrencePerToken, c * dModel * dModel);
        assert.equal(shown.recurrenceCrossover, Math.max(0, (c - 4) * dModel / 2));
        assert.equal(shown.windowKeys, keys);
        assert.equal(shown.windowQuadratic, 2 * n * keys * dModel);
        assert.equal(shown.windowTotal, full.linear + 2 * n * keys * dModel);
        assert.equal(shown.naiveBytes, 4 * n * n);
      }
    }
  }
});
