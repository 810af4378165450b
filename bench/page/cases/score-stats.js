// score-stats.js — the §6.3 measurement behind "Reproduce the chapter": 200,000 random (q, k)
// pairs at d_k = 256, their scores' mean and variance, through the C core (attn.scoreStats)
// beside the same computation in plain JavaScript (the same generator and sampler, ported), in
// millions of draws per second.

import { secondsPerCall, row } from '../timer.js';

export const name = 'score-stats';

const DK = 256, DRAWS = 200_000;

/** xoshiro128** seeded through splitmix64, with Marsaglia–Tsang ziggurat normals: a JS port of
 *  c/src/random.c (the tables are rebuilt here from the same two constants). */
function makeNormalSampler(seed) {
  const mask64 = (1n << 64n) - 1n;
  let x = BigInt(seed >>> 0);
  const splitmix = () => {
    x = (x + 0x9e3779b97f4a7c15n) & mask64;
    let z = x;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask64;
    return z ^ (z >> 31n);
  };
  const a = splitmix(), b = splitmix();
  let s0 = Number(a & 0xffffffffn), s1 = Number(a >> 32n), s2 = Number(b & 0xffffffffn), s3 = Number(b >> 32n);
  const next = () => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
    return result;
  };
  const r = 3.442619855899, v = 9.91256303526217e-3, f = (t) => Math.exp(-0.5 * t * t);
  const xs = new Float64Array(129), fs = new Float64Array(129);
  xs[0] = v / f(r); xs[1] = r;
  for (let i = 1; i < 128; i++) xs[i + 1] = Math.sqrt(-2 * Math.log(f(xs[i]) + v / xs[i]));
  xs[128] = 0;
  for (let i = 0; i <= 128; i++) fs[i] = f(xs[i]);
  const open = () => (next() + 0.5) * 2 ** -32;
  return function normal() {
    for (;;) {
      const bits = next();
      const layer = bits & 127, sign = bits & 128 ? -1 : 1;
      const z = (bits >>> 8) * 2 ** -24 * xs[layer];
      if (z < xs[layer + 1]) return Math.fround(sign * z);
      if (layer === 0) {
        let p, q;
        do { p = -Math.log(open()) / r; q = -Math.log(open()); } while (q + q < p * p);
        return Math.fround(sign * (r + p));
      }
      if (fs[layer] + open() * (fs[layer + 1] - fs[layer]) < f(z)) return Math.fround(sign * z);
    }
  };
}

function rotl(x, k) { return (x << k) | (x >>> (32 - k)); }

/** Plain-JS scoreStats: mean and variance of q·k over `draws` pairs (q_i, k_i alternating). */
function scoreStatsJs(dk, draws, seed) {
  const normal = makeNormalSampler(seed);
  let sum = 0, sumSq = 0;
  for (let d = 0; d < draws; d++) {
    let dot = 0;
    for (let i = 0; i < dk; i++) dot += normal() * normal();
    sum += dot;
    sumSq += dot * dot;
  }
  const mean = sum / draws;
  return { mean, variance: (sumSq - draws * mean * mean) / (draws - 1) };
}

export async function run({ attn, report, progress }) {
  let a, b;
  const ours = await secondsPerCall(() => { a = attn.scoreStats({ dk: DK, draws: DRAWS, seed: 1, bins: 1 }); }, { warmup: 1, minSeconds: 2 });
  progress(`score-stats: core ${(ours * 1000).toFixed(0)} ms per run; now plain JS…`);
  const peer = await secondsPerCall(() => { b = scoreStatsJs(DK, DRAWS, 1); }, { warmup: 1, minSeconds: 2 });
  // The two must agree (same generator, same sampler): a benchmark of a wrong peer means nothing.
  if (Math.abs(a.variance - b.variance) > 1e-6 * a.variance) throw new Error(`score-stats: the JS peer disagrees (${a.variance} vs ${b.variance}).`);
  report(row(`score statistics d_k=${DK}, ${DRAWS.toLocaleString('en-US')} draws`, {
    ours: DRAWS / ours / 1e6, peer: DRAWS / peer / 1e6, peerName: 'plain JS', unit: 'M draws/s',
  }));
}
