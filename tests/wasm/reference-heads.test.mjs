// reference-heads.test.mjs — the numbers the head views show, against independent double-precision
// references (reference/head-stats.mjs on maps from reference/transformer.mjs, which
// reads the weights from the file the core saved): every head's scores on every window, their
// means and spreads, the strongest offset, the similarity of every two heads, and the validation
// loss with a head knocked out (zeros, and its mean output) with its change; every score's chance
// level (a uniform head's), on the shipped model's windows and on probes of several lengths.
//
// Tolerances: the maps agree with the reference to ≤ 5e-7 (reference-train.test.mjs); a score is
// a mean of map entries (offsets, sink, induction, shares) or of row entropies (at most ln 64 ≈ 4.2
// nats, where float32 weights carry a relative error of about 1e-6), so 1e-5 holds with room, and
// likewise for the spreads and the cosines (sums of products of weights, accumulated in float32 by
// the core's matrix product: ≤ 1e-6 relative observed). The flat share counts rows on either side
// of a threshold: a row within 1e-5 nats of it could fall either side, so the share may differ by
// those rows alone. Losses: 1e-5, as in reference-train.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadWasmAttn } from './helpers.mjs';
import { HeadScore } from '../../web/lib/abi.js';
import { readWeightsFile, unpack, forward, windowLoss } from '../../reference/transformer.mjs';
import { mapScores, inductionScore, meanSpread, cosineSimilarity, chanceScores, MAX_OFFSET } from '../../reference/head-stats.mjs';

const attn = await loadWasmAttn();
const TOLERANCE = 1e-5;
const S = HeadScore.count;
const shippedBytes = readFileSync(new URL('../../web/models/default-small.attnlab', import.meta.url));

/** The reference's scores of every head on every window, laid out like the core's (W, G, S). */
function referenceScores(ref, stats) {
  const { t, windows } = stats, g = ref.layers * ref.heads, r = Math.floor(t / 2);
  const scores = new Float64Array(windows * g * S);
  const windowMaps = [];
  for (let k = 0; k < windows; k++) {
    const { maps } = forward(ref, Array.from(stats.windowTokens.subarray(k * t, (k + 1) * t)));
    windowMaps.push(maps);
    const half = Array.from(stats.repeatTokens.subarray(k * r, (k + 1) * r));
    const repeated = forward(ref, [...half, ...half]).maps;
    for (let head = 0; head < g; head++) {
      const s = mapScores(maps.subarray(head * t * t, (head + 1) * t * t), t);
      const at = (k * g + head) * S;
      s.offsets.forEach((x, o) => { scores[at + o] = x; });
      scores[at + HeadScore.sink] = s.sink;
      scores[at + HeadScore.stripe] = s.stripe;
      scores[at + HeadScore.entropy] = s.entropy;
      scores[at + HeadScore.lnK] = s.lnK;
      scores[at + HeadScore.flat] = s.flat;
      scores[at + HeadScore.induction] = inductionScore(repeated.subarray(head * 4 * r * r, (head + 1) * 4 * r * r), r);
    }
  }
  return { scores, windowMaps };
}

function close(actual, expected, label, tolerance = TOLERANCE) {
  if (Number.isNaN(expected)) return assert.ok(Number.isNaN(actual), `${label}: ${actual}, expected NaN`);
  assert.ok(Math.abs(actual - expected) <= tolerance, `${label}: core ${actual}, reference ${expected}`);
}

test('the shipped model: every score of every head on every window, their means, spreads and strongest offsets, and the similarities match the double reference', () => {
  const saved = readWeightsFile(shippedBytes);
  const ref = unpack(saved.header, saved.floats);
  const model = attn.loadModel(shippedBytes);
  const stats = model.headStats({ windows: 6, seed: 11 });
  const { scores, windowMaps } = referenceScores(ref, stats);
  const g = ref.layers * ref.heads;
  let worst = 0;
  for (let i = 0; i < scores.length; i++) {
    const s = i % S;
    if (s === HeadScore.flat) continue; // compared below
    close(stats.scores[i], scores[i], `window ${Math.floor(i / (g * S))}, head ${Math.floor(i / S) % g}, score ${s}`);
    if (!Number.isNaN(scores[i])) worst = Math.max(worst, Math.abs(stats.scores[i] - scores[i]));
  }
  // Flat shares: a row within 1e-5 nats of the threshold may fall either side; every other row must agree.
  const rows = stats.t - 1;
  for (let k = 0; k < stats.windows; k++) {
    for (let head = 0; head < g; head++) {
      const w = windowMaps[k].subarray(head * stats.t ** 2, (head + 1) * stats.t ** 2);
      let near = 0;
      for (let i = 1; i < stats.t; i++) {
        let h = 0;
        for (let j = 0; j <= i; j++) if (w[i * stats.t + j] > 0) h -= w[i * stats.t + j] * Math.log(w[i * stats.t + j]);
        if (Math.abs(Math.log(i + 1) - h - 0.1) <= 1e-5) near++;
      }
      close(stats.scores[(k * g + head) * S + HeadScore.flat], scores[(k * g + head) * S + HeadScore.flat], `flat share, window ${k}, head ${head}`, near / rows + 1e-7);
    }
  }
  for (let head = 0; head < g; head++) {
    const record = stats.records[head];
    const column = (s) => Array.from({ length: stats.windows }, (_, k) => scores[(k * g + head) * S + s]);
    for (const [name, s] of [['self', 0], ['previous', 1], ['sink', HeadScore.sink], ['stripe', HeadScore.stripe], ['entropy', HeadScore.entropy], ['induction', HeadScore.induction]]) {
      const expected = meanSpread(column(s));
      close(record[name].mean, expected.mean, `head ${head} ${name} mean`);
      close(record[name].spread, expected.spread, `head ${head} ${name} spread`);
    }
    const means = Array.from({ length: MAX_OFFSET - 1 }, (_, i) => meanSpread(column(i + 2)).mean);
    assert.equal(record.offset.at, 2 + means.indexOf(Math.max(...means)), `head ${head}: strongest offset`);
    for (let other = 0; other < g; other++) {
      close(stats.similarity[head * g + other], cosineSimilarity(windowMaps, head, other, stats.t), `similarity ${head}, ${other}`);
    }
  }
  console.log(`largest difference from the reference over ${stats.windows} windows × ${g} heads × ${S} scores: ${worst.toExponential(2)}`);
  model.dispose();
});

/** The reference's chance levels laid out like the core's (S). */
function referenceChance(t) {
  const c = chanceScores(t), out = new Float64Array(S);
  c.offsets.forEach((x, o) => { out[o] = x; });
  for (const name of ['sink', 'stripe', 'entropy', 'lnK', 'flat', 'induction']) out[HeadScore[name]] = c[name];
  return out;
}

test('every score\'s chance level, on the shipped model\'s windows and on probes of 2 to 64 characters, matches the double reference', () => {
  const model = attn.loadModel(shippedBytes);
  const stats = model.headStats({ windows: 2, seed: 5, similarity: false });
  const expected = referenceChance(stats.t);
  for (let s = 0; s < S; s++) close(stats.chance[s], expected[s], `chance of score ${s} at T = ${stats.t}`);
  for (const record of stats.records) {
    close(record.previous.chance, expected[HeadScore.previous], 'a record carries the chance of its score');
    close(record.offset.chance, expected[record.offset.at], 'and of its strongest offset');
  }
  for (const t of [2, 3, 7, 8, 16, 33, 64]) {
    const text = stats.windowTexts[0].slice(0, t);
    const chance = model.attentionMaps(text).chance, want = referenceChance(t);
    for (let s = 0; s < S; s++) close(chance[s], want[s], `probe of ${t}: chance of score ${s}`);
  }
  assert.equal(model.attentionMaps('a').chance, null);
  model.dispose();
});

test('a knock-out of the shipped model (zeros and the mean output) gives the reference\'s validation loss and change', () => {
  const saved = readWeightsFile(shippedBytes);
  const ref = unpack(saved.header, saved.floats);
  const { text } = attn.defaultCorpus({ length: saved.header.corpus.length, seed: saved.header.corpus.seed });
  const ids = Array.from(text, (ch) => saved.header.vocab.indexOf(ch));
  const val = ids.slice(Math.floor(ids.length * 0.9));
  // Fewer windows than the widget's 128 keep the double reference quick: the same function on a
  // validation text cut to 24 windows (plus the last target).
  const t = ref.t, windows = 24, cut = val.slice(0, windows * t + 1);
  const small = attn.loadModel(shippedBytes);
  small.setData({ train: Int32Array.from(ids.slice(0, 1000)), val: Int32Array.from(cut) });
  const loss = (options) => {
    let total = 0;
    for (let w = 0; w < windows; w++) total += windowLoss(ref, cut.slice(w * t, (w + 1) * t), cut.slice(w * t + 1, (w + 1) * t + 1), options);
    return total / windows;
  };
  const intact = loss();
  // The mean output of head (layer, head) over every position of those windows.
  const meanOutput = (layer, head) => {
    const d = ref.c / ref.heads, sums = new Float64Array(d);
    for (let w = 0; w < windows; w++) {
      const y = forward(ref, cut.slice(w * t, (w + 1) * t)).heads[layer];
      for (let i = 0; i < t; i++) for (let j = 0; j < d; j++) sums[j] += y[i * ref.c + head * d + j];
    }
    return Array.from(sums, (s) => s / (windows * t));
  };
  for (const [layer, head] of [[0, 1], [1, 2]]) {
    for (const mode of ['zero', 'mean']) {
      const result = small.ablate({ layer, head, mode });
      const expected = loss({ knockout: { layer, head, replacement: mode === 'mean' ? meanOutput(layer, head) : null } });
      close(result.loss, expected, `layer ${layer} head ${head} ${mode}: loss`);
      close(result.delta, expected - intact, `layer ${layer} head ${head} ${mode}: change`);
      close(result.baseline, intact, 'intact loss');
    }
  }
  small.dispose();
});
