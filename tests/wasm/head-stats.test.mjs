// head-stats.test.mjs — reading a model's heads through the JS face (model.headStats, ablate,
// ablateAll, recordHeadScores, the record in a weights file, the training worker's requests):
// a model whose weights are set so its heads are known (a previous-token head scores 1 there and
// 0 on itself, a sink scores 1, a uniform head has entropy ln k and flat share 1, identical heads
// have similarity 1, knocking out a head whose W^O is zero changes the loss by exactly 0, and a
// knock-out leaves every weight as it was); the uniform head scores exactly its chance level on
// every score and is named by no role, while the previous-token and sink heads are named; maps set
// by hand: an induction head is named, and a score past its threshold but not past its multiple of
// chance names nothing; the shipped model has no clear role; the shipped model's scores are deterministic for a
// seed, and the values <attn-train>'s reference quotes for it (web/widgets/train/attn-train.md) are the core's; the record of head scores travels
// with the model, and older files load without one.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadWasmAttn, loadTestAttn } from './helpers.mjs';
import { HeadScore } from '../../web/lib/abi.js';
import { SCORE_NAMES } from '../../web/lib/model/head-stats.js';
import { layout } from '../../reference/transformer.mjs';
import { headRole, headName, alikePairs, flatDiagnosis, ROLE_RULE } from '../../web/lib/model/head-roles.js';
import { createTrainingSession } from '../../web/lib/model/training-session.js';
import { decodeCheckpoint, encodeCheckpoint } from '../../web/lib/model/checkpoint.js';

const attn = await loadWasmAttn();
const root = new URL('../../', import.meta.url);
const shippedBytes = readFileSync(new URL('web/models/default-small.attnlab', root));

// ---------------------------------------------------------------- a model whose heads are known

const L = 2, H = 2, C = 16, T = 8, D = C / H, SHARP = 100;
const TEXT = Array.from({ length: 400 }, (_, i) => 'abcd'[(i * 7 + (i >> 3)) % 4]).join('');

/**
 * Positions only (token embeddings 0, position i's embedding e_i); layer 1: head 1 previous token,
 * head 2 sink; layer 2: head 1 uniform, head 2 previous token. W^O, the MLPs and the other biases
 * are zero, so both layers see the position codes (the C test tests/c/test_head_stats.c builds the
 * same model).
 */
function knownModel() {
  const model = attn.createModel({ text: TEXT, layers: L, heads: H, dModel: C, context: T, batch: 2, seed: 1 });
  const { entries, length } = layout(L, C, T, model.tokenizer.size);
  const at = Object.fromEntries(entries.map(([name, start]) => [name, start]));
  const p = new Float32Array(length);
  for (let i = 0; i < T; i++) p[at.pos + i * C + i] = 1;
  for (let l = 0; l < L; l++) {
    for (let c = 0; c < C; c++) p[at[`${l}.ln1_g`] + c] = p[at[`${l}.ln2_g`] + c] = 1;
  }
  for (let c = 0; c < C; c++) p[at.lnf_g + c] = 1;
  for (let i = 0; i < C * 4; i++) p[at.head_w + i] = ((i * 7) % 5) * 0.25 - 0.5;
  const previous = (l, h) => {
    for (let c = 0; c < D; c++) {
      p[at[`${l}.wk`] + c * C + h * D + c] = 1;
      if (c + 1 < T) p[at[`${l}.wq`] + (c + 1) * C + h * D + c] = SHARP;
    }
  };
  previous(0, 0);
  previous(1, 1);
  for (let c = 0; c < D; c++) p[at['0.wk'] + c * C + D + c] = 1; // layer 1, head 2: k = the position code
  p[at['0.bq'] + D] = SHARP;                                     // and q a constant pointing at position 0
  model.setParams(p);
  return model;
}

test('a model whose weights are set: the known scores, roles, similarity, and knock-outs that change nothing', () => {
  const model = knownModel();
  const stats = model.headStats({ windows: 5, seed: 9 });
  const [previous, sink, uniform, twin] = stats.records;
  assert.equal(previous.previous.mean, 1);
  assert.equal(previous.self.mean, 0);
  assert.equal(previous.previous.spread, 0);
  assert.equal(sink.sink.mean, 1);
  assert.equal(twin.previous.mean, 1);
  assert.ok(Math.abs(uniform.entropy.mean - uniform.lnK.mean) < 1e-6);
  assert.equal(uniform.flat.mean, 1);
  assert.ok(Math.abs(stats.similarity[0 * 4 + 3] - 1) < 1e-6, `identical heads: similarity ${stats.similarity[3]}`);
  // The uniform head scores its chance level exactly, on every score (the core's kernels on its
  // maps and on a uniform map of the same windows), with no spread: the same on every window.
  for (const name of [...Object.keys(SCORE_NAMES), 'offset']) {
    const { mean, spread, chance } = uniform[name];
    if (Number.isNaN(chance)) assert.ok(Number.isNaN(mean), `uniform ${name}: NaN as its chance`);
    else assert.equal(mean, chance, `uniform ${name}: ${mean} against chance ${chance}`);
    if (!Number.isNaN(chance)) assert.equal(spread, 0, `uniform ${name}: no spread`);
  }
  assert.deepEqual(Array.from(stats.chance), Array.from({ length: HeadScore.count }, (_, s) => stats.summary[(2 * HeadScore.count + s) * 2]));
  assert.ok(previous.previous.mean >= ROLE_RULE.previous.multiple * previous.previous.chance);
  // Roles under the rule: the previous-token and sink heads are named; the uniform head by none
  // (its rows are diagnosed flat instead).
  assert.deepEqual(stats.records.map((h) => headRole(h).name), ['previous token', 'first position (sink)', 'no clear role', 'previous token']);
  assert.deepEqual(alikePairs(stats.similarity, 4).map(({ a, b }) => [headName(Math.floor(a / 2), a % 2), headName(Math.floor(b / 2), b % 2)]), [['L1 H1', 'L2 H2']]);
  assert.deepEqual(flatDiagnosis(stats.records).heads.map((h) => [h.layer, h.head]), [[1, 0]]);
  // Every window alike: the histogram of the previous-token score holds all 5 in its last bin.
  const bins = stats.bins, last = (0 * 15 + 1) * bins + bins - 1;
  assert.equal(stats.histograms[last], 5);
  // W^O is zero: knocking any head out changes the loss by exactly 0, and the weights stay.
  const before = model.getParams();
  for (const mode of ['zero', 'mean']) {
    const all = model.ablateAll({ mode });
    assert.equal(all.rows.length, 4);
    for (const row of all.rows) assert.equal(row.delta, 0, `${mode} L${row.layer} H${row.head}`);
  }
  assert.deepEqual(model.ablate({ layer: 1, head: 1 }), { layer: 1, head: 1, mode: 'zero', loss: model.evaluate(), delta: 0, baseline: model.evaluate() });
  assert.deepEqual(model.getParams(), before);
  model.dispose();
});

// ---------------------------------------------------------------- maps set by hand, scored by the core

/** A head's record from one map's scores and the chance levels, as head-stats.js lays them out. */
function recordOf(scores, chance) {
  const record = { layer: 0, head: 0 };
  for (const [name, s] of Object.entries(SCORE_NAMES)) record[name] = { mean: scores[s], spread: 0, chance: chance[s] };
  record.offset = { at: 2, mean: scores[2], spread: 0, chance: chance[2] };
  return record;
}

/** The core's scores (attn_head_scores, attn_head_induction) and chance levels of one map (t, t). */
function scoreMap(core, map, t) {
  const S = HeadScore.count;
  return core.run((scope) => {
    const scores = scope.f32(new Float32Array(S)), chance = scope.f32Out(S), weights = scope.f32(map);
    scope.call('test', 'attn_head_scores', scores, scope.f64Out(t), weights, 1, t);
    scope.call('test', 'attn_head_induction', scores, weights, 1, t / 2);
    scope.call('test', 'attn_head_chance', chance, scope.f32Out(t * t), scope.f64Out(t), t);
    return recordOf(scope.readF32(scores, S), scope.readF32(chance, S));
  });
}

test('maps set by hand: an induction head is named; a score past its threshold but not its multiple of chance names nothing', async () => {
  const { core } = await loadTestAttn();
  // A repeated sequence of 2R = 64: the first copy spreads evenly; row R + p puts `onTarget` on the
  // token after the earlier occurrence (key p + 1) and the rest on itself.
  const R = 32, T = 2 * R;
  const induction = (onTarget) => {
    const map = new Float32Array(T * T);
    for (let i = 0; i < R; i++) for (let j = 0; j <= i; j++) map[i * T + j] = 1 / (i + 1);
    for (let p = 0; p < R; p++) {
      map[(R + p) * T + p + 1] = onTarget;
      map[(R + p) * T + R + p] += 1 - onTarget;
    }
    return map;
  };
  const strong = scoreMap(core, induction(1), T);
  assert.equal(strong.induction.mean, 1);
  assert.ok(Math.abs(strong.induction.chance - 0.0214) < 1e-4, `induction's chance at R = 32: ${strong.induction.chance}`);
  assert.equal(headRole(strong).role, 'induction');
  assert.equal(headRole(strong).chance, strong.induction.chance);
  const weak = scoreMap(core, induction(0.3), T); // below the threshold of 0.4
  assert.ok(Math.abs(weak.induction.mean - 0.3) < 1e-6);
  assert.equal(headRole(weak).role, null);
  // Windows of 8: a head with 0.6 on the previous token and 0.4 on itself passes the threshold
  // (0.5) but not 3 × chance (an even head already puts 0.245 there): no role.
  const t = 8, map = new Float32Array(t * t);
  map[0] = 1;
  for (let i = 1; i < t; i++) { map[i * t + i - 1] = 0.6; map[i * t + i] = 0.4; }
  const short = scoreMap(core, map, t);
  assert.ok(Math.abs(short.previous.mean - 0.6) < 1e-6);
  assert.ok(Math.abs(short.previous.chance - (1 / 2 + 1 / 3 + 1 / 4 + 1 / 5 + 1 / 6 + 1 / 7 + 1 / 8) / 7) < 1e-6);
  assert.equal(headRole(short).role, null);
  assert.equal(headRole(short).strongest.name, 'previous token');
  // The same head at 0.8 clears both.
  for (let i = 1; i < t; i++) { map[i * t + i - 1] = 0.8; map[i * t + i] = 0.2; }
  assert.equal(headRole(scoreMap(core, map, t)).role, 'previous');
  // A uniform map scores its chance level on every score and is named by no role.
  const even = new Float32Array(T * T);
  for (let i = 0; i < T; i++) for (let j = 0; j <= i; j++) even[i * T + j] = 1 / (i + 1);
  const uniform = scoreMap(core, even, T);
  for (const name of Object.keys(SCORE_NAMES)) assert.equal(uniform[name].mean, uniform[name].chance, `uniform map: ${name}`);
  assert.equal(headRole(uniform).role, null);
  assert.equal(flatDiagnosis([uniform]).kind, 'all');
});

test('a knock-out of the shipped model changes its loss, leaves every weight bit for bit, and the table is sorted', () => {
  const model = attn.loadModel(shippedBytes);
  const before = model.getParams();
  const progress = [];
  const all = model.ablateAll({ mode: 'zero', onProgress: (done, total) => progress.push([done, total]) });
  assert.deepEqual(progress.at(-1), [8, 8]);
  assert.equal(progress.length, 8);
  for (let i = 1; i < all.rows.length; i++) assert.ok(all.rows[i - 1].delta >= all.rows[i].delta);
  assert.ok(all.rows[0].delta > 0.1, 'the head the loss needs most');
  const one = model.ablate({ layer: all.rows[0].layer, head: all.rows[0].head });
  assert.equal(one.delta, all.rows[0].delta);
  assert.equal(one.baseline, model.evaluate());
  assert.deepEqual(model.getParams(), before);
  model.dispose();
});

// ---------------------------------------------------------------- the shipped model, as <attn-train>'s reference quotes it

/** The rows of the table of the shipped model's heads in <attn-train>'s reference prose: { head, role, numbers by column }. */
function readmeTable() {
  const readme = readFileSync(new URL('web/widgets/train/attn-train.md', root), 'utf8');
  const start = readme.indexOf('| head | role |');
  assert.ok(start >= 0, 'web/widgets/train/attn-train.md has the table of the shipped model\'s heads');
  const following = readme.slice(start).split('\n');
  const lines = following.slice(0, following.findIndex((line) => !line.startsWith('|')));
  const columns = lines[0].split('|').slice(1, -1).map((c) => c.trim());
  return lines.slice(2).map((line) => Object.fromEntries(line.split('|').slice(1, -1).map((c, i) => [columns[i], c.trim()])));
}

test('the shipped model: scores are deterministic for a seed, and <attn-train>\'s reference quotes the core\'s values', () => {
  const model = attn.loadModel(shippedBytes);
  const a = model.headStats({ windows: 128, seed: 1 });
  const b = model.headStats({ windows: 128, seed: 1 });
  const other = model.headStats({ windows: 128, seed: 2 });
  assert.deepEqual(a.scores, b.scores);
  assert.deepEqual(a.similarity, b.similarity);
  assert.notDeepEqual(a.scores, other.scores);
  const knockouts = model.ablateAll({ mode: 'zero' }).rows;
  const rows = readmeTable();
  assert.equal(rows.length, 8);
  const number = (text) => Number(text.replace('−', '-'));
  for (const row of rows) {
    const [, layer, head] = row.head.match(/^L(\d) H(\d)$/).map(Number);
    const record = a.records[(layer - 1) * 4 + head - 1];
    const role = headRole(record);
    assert.equal(role.role, null, `${row.head}: no head of the shipped model clears the rule`);
    const shown = `no clear role (strongest: ${role.strongest.name}, ${role.strongest.score.toFixed(2)})`;
    assert.equal(row.role, shown, `${row.head}: role`);
    for (const [column, value] of [['previous', record.previous.mean], ['itself', record.self.mean], ['sink', record.sink.mean],
      ['stripes', record.stripe.mean], ['flat share', record.flat.mean], ['induction', record.induction.mean]]) {
      assert.equal(number(row[column]).toFixed(3), value.toFixed(3), `${row.head}: ${column}`);
    }
    assert.equal(row['entropy / ln k'], `${record.entropy.mean.toFixed(2)} / ${record.lnK.mean.toFixed(2)}`, `${row.head}: entropy`);
    const knocked = knockouts.find((k) => k.layer === layer - 1 && k.head === head - 1);
    assert.equal(row['Δ loss, zeroed'], `+${knocked.delta.toFixed(3)}`, `${row.head}: knock-out`);
  }
  // The paragraph under the table: the first layer's heads hold about half their weight on the
  // last three characters and are alike (0.49 to 0.75, the second layer's 0.32 to 0.51); knocking
  // one out costs 0.2 to 0.4 nats;
  // the second layer's put a quarter on a few shared keys and cost about 0.015 nats each.
  const first = a.records.filter((h) => h.layer === 0), second = a.records.filter((h) => h.layer === 1);
  for (const h of first) {
    const recent = h.self.mean + h.previous.mean + a.summary[(h.head * 15 + 2) * 2];
    assert.ok(recent > 0.4 && recent < 0.6, `L1 H${h.head + 1}: ${recent} on the last three characters`);
  }
  const alike = (layer) => {
    const found = [];
    for (let x = 4 * layer; x < 4 * layer + 4; x++) for (let y = x + 1; y < 4 * layer + 4; y++) found.push(Number(a.similarity[x * 8 + y].toFixed(2)));
    return [Math.min(...found), Math.max(...found)];
  };
  assert.deepEqual(alike(0), [0.49, 0.75]);
  assert.deepEqual(alike(1), [0.32, 0.51]);
  for (const k of knockouts) {
    if (k.layer === 0) assert.ok(k.delta > 0.2 && k.delta < 0.4, `L1 H${k.head + 1} knocked out: ${k.delta}`);
    else assert.ok(k.delta > 0.01 && k.delta < 0.02, `L2 H${k.head + 1} knocked out: ${k.delta}`);
  }
  for (const h of second) assert.ok(h.stripe.mean > 0.2 && h.stripe.mean < 0.3, `L2 H${h.head + 1}: stripes ${h.stripe.mean}`);
  model.dispose();
});

// ---------------------------------------------------------------- the record of head scores

test('the record of head scores: one entry per measurement, saved with the model, and absent from older files', () => {
  const model = attn.createModel({ text: TEXT, layers: 1, heads: 2, dModel: 8, context: 8, batch: 2, seed: 4 });
  const first = model.recordHeadScores();
  assert.equal(first.step, 0);
  assert.equal(first.scores.length, 2 * 15);
  model.train(3);
  assert.equal(model.recordHeadScores().step, 3);
  const saved = model.save();
  const loaded = attn.loadModel(saved, { text: TEXT });
  assert.deepEqual(loaded.headHistory, model.headHistory);
  // A file written before the record existed: its header has no headHistory.
  const { header, params } = decodeCheckpoint(saved);
  delete header.headHistory;
  delete header.optimizer;
  const older = attn.loadModel(encodeCheckpoint(header, params), { text: TEXT });
  assert.deepEqual(older.headHistory.entries, []);
  // The shipped model carries its own: step 0 and every 50 steps to 1,000.
  const shipped = attn.loadModel(shippedBytes);
  assert.deepEqual(shipped.headHistory.entries.map((e) => e.step), Array.from({ length: 21 }, (_, i) => i * 50));
  for (const m of [model, loaded, older, shipped]) m.dispose();
});

test('the training worker measures the heads with progress, knocks them out, and records them at step 0 and at each evaluation', async () => {
  const events = [];
  const { handlers } = createTrainingSession({ loadCore: async () => attn, emit: (event) => events.push(event) });
  const info = await handlers.create({ options: { text: TEXT, layers: 1, heads: 2, dModel: 8, context: 8, batch: 2, seed: 2 } });
  assert.equal(info.steps, 0);
  assert.deepEqual((await handlers.headHistory({})).entries.map((e) => e.step), [0]);
  const progress = [];
  const stats = await handlers.heads({ windows: 5, seed: 3 }, { progress: (p) => progress.push(p) });
  assert.equal(stats.records.length, 2);
  assert.deepEqual(progress.at(-1), { done: 5, total: 5 });
  await assert.rejects(handlers.heads({ windows: 0 }), /windows must be between 1 and 4096/);
  const knocked = await handlers.ablate({ layer: 0, head: 1, mode: 'mean' });
  assert.ok(Number.isFinite(knocked.delta));
  await assert.rejects(handlers.ablate({ layer: 3, head: 0 }), /There is no layer 3/);
  await handlers.start({ untilStep: 50 });
  while (!events.some((e) => e.type === 'stopped')) await new Promise((resolve) => setTimeout(resolve, 20));
  const validation = events.find((e) => e.type === 'validation');
  assert.equal(validation.heads.step, 50);
  assert.deepEqual((await handlers.headHistory({})).entries.map((e) => e.step), [0, 50]);
});
