// head-stats.js — what measuring every head costs: model.headStats on the shipped
// character model (2 layers × 4 heads, windows of 64 characters), in windows per second. Ours is
// the call <attn-train> sends to its training worker (head-requests.js: model.headStats), made
// here on the page's main thread with the core directly: the C core runs the model on each batch
// of windows and of repeated random halves and scores every head's maps as they come
// (c/src/head_stats.c), similarity included. The peer, measured in the same run, computes the same
// scores from the maps the core returns for each window and each repeated half
// (model.attentionMaps), in plain double-precision JavaScript (reference/head-stats.mjs, the
// independent reference the tests hold the core to). Before timing, the peer's scores must agree
// with ours window by window: a benchmark of a wrong peer means nothing.

import { bestOf, clockName, warmUp } from '../compare.js';
import { fetchDefaultCheckpoint } from '../../../web/lib/model/default-checkpoint.js';
import { HeadScore } from '../../../web/lib/abi.js';
import { mapScores, inductionScore, cosineSimilarity, MAX_OFFSET } from '../../../reference/head-stats.mjs';

export const name = 'head-stats';

const WINDOWS = 64, SEED = 1, S = HeadScore.count;

/** The peer: every head's scores (W, G, S) and similarity (G, G) from the core's maps, scored in JS. */
function scoresFromMaps(model, { windowTexts, repeatTokens, t }) {
  const { layers, heads } = model.config;
  const g = layers * heads, r = Math.floor(t / 2), tt = t * t;
  const scores = new Float64Array(windowTexts.length * g * S);
  const windowMaps = [];
  windowTexts.forEach((text, k) => {
    const maps = model.attentionMaps(text).weights; // (G, T, T)
    const half = model.tokenizer.decode(repeatTokens.subarray(k * r, (k + 1) * r));
    const repeated = model.attentionMaps(half + half).weights; // (G, 2R, 2R)
    windowMaps.push(maps);
    for (let head = 0; head < g; head++) {
      const m = mapScores(maps.subarray(head * tt, (head + 1) * tt), t);
      const out = scores.subarray((k * g + head) * S, (k * g + head + 1) * S);
      for (let o = 0; o <= MAX_OFFSET; o++) out[o] = m.offsets[o];
      out[HeadScore.sink] = m.sink;
      out[HeadScore.stripe] = m.stripe;
      out[HeadScore.entropy] = m.entropy;
      out[HeadScore.lnK] = m.lnK;
      out[HeadScore.flat] = m.flat;
      out[HeadScore.induction] = inductionScore(repeated.subarray(head * 4 * r * r, (head + 1) * 4 * r * r), r);
    }
  });
  const similarity = new Float64Array(g * g);
  for (let a = 0; a < g; a++) for (let b = 0; b < g; b++) similarity[a * g + b] = cosineSimilarity(windowMaps, a, b, t);
  return { scores, similarity };
}

/** The largest difference between ours and the peer's (NaN where both are NaN counts as equal). */
function largestDifference(ours, peer) {
  let worst = 0;
  for (let i = 0; i < ours.length; i++) {
    if (Number.isNaN(ours[i]) && Number.isNaN(peer[i])) continue;
    worst = Math.max(worst, Number.isFinite(ours[i]) && Number.isFinite(peer[i]) ? Math.abs(ours[i] - peer[i]) : Infinity);
  }
  return worst;
}

export async function run({ attn, report, progress }) {
  const model = attn.loadModel(await fetchDefaultCheckpoint());
  try {
    const label = `model.headStats: every head of the shipped model (${model.config.layers} × ${model.config.heads}), ${WINDOWS} windows of ${model.config.context}`;
    progress(`${label}…`);
    const ours = () => model.headStats({ windows: WINDOWS, seed: SEED });
    const stats = ours();
    const peer = () => scoresFromMaps(model, stats);
    const check = peer();
    const scoresOff = largestDifference(stats.scores, check.scores), similarityOff = largestDifference(stats.similarity, check.similarity);
    if (!(scoresOff <= 1e-4 && similarityOff <= 1e-4)) {
      throw new Error(`${label}: the JS peer disagrees with the core (scores by ${scoresOff}, similarity by ${similarityOff}).`);
    }
    const entries = [{ key: 'core', fn: ours }, { key: 'js', fn: peer }];
    for (const e of entries) await warmUp(e.fn, { calls: 1, seconds: 2 });
    const best = await bestOf(entries, { rounds: 2, minSeconds: 1 });
    const rate = (key) => WINDOWS / best.get(key);
    report({
      name: label, ours: rate('core'), peer: rate('js'),
      peerName: 'the core\'s maps (model.attentionMaps), scored in plain JS (float64)',
      ratio: rate('core') / rate('js'), unit: `windows/s (${clockName()})`,
    });
  } finally {
    model.dispose();
  }
}
