// reference-attention.js — the step-by-step reference kernel (attn.attention, the one behind the
// stepper) beside the same computation in plain JavaScript, at a few sizes, in GFLOP/s.

import { secondsPerCall, row } from '../timer.js';

export const name = 'reference-attention';

/** Plain-JS softmax(Q·Kᵀ/√d)·V, row by row: the peer. q, k, v are (n, d). */
function attentionJs(q, k, v, n, d, out) {
  const scores = new Float64Array(n);
  const scale = 1 / Math.sqrt(d);
  for (let i = 0; i < n; i++) {
    let max = -Infinity;
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let p = 0; p < d; p++) s += q[i * d + p] * k[j * d + p];
      scores[j] = s * scale;
      if (scores[j] > max) max = scores[j];
    }
    let sum = 0;
    for (let j = 0; j < n; j++) { scores[j] = Math.exp(scores[j] - max); sum += scores[j]; }
    for (let p = 0; p < d; p++) out[i * d + p] = 0;
    for (let j = 0; j < n; j++) {
      const w = scores[j] / sum;
      for (let p = 0; p < d; p++) out[i * d + p] += w * v[j * d + p];
    }
  }
}

export async function run({ attn, report }) {
  for (const n of [64, 256]) {
    const d = 64;
    const random = (count) => Float32Array.from({ length: count }, () => Math.random() * 2 - 1);
    const q = random(n * d), k = random(n * d), v = random(n * d);
    const flops = 4 * n * n * d; // Q·Kᵀ and weights·V, a multiply and an add each
    const ours = await secondsPerCall(() => attn.attention({ q, k, v, n, m: n, dk: d, dv: d }));
    const out = new Float32Array(n * d);
    const peer = await secondsPerCall(() => attentionJs(q, k, v, n, d, out));
    report(row(`attention reference kernel N=${n} d=${d}`, { ours: flops / ours / 1e9, peer: flops / peer / 1e9, peerName: 'plain JS', unit: 'GFLOP/s' }));
  }
}
