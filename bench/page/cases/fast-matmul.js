// fast-matmul.js — our packed SIMD matmul (attn_gemm) beside TF.js (WASM backend, SIMD, one
// thread), onnxruntime-web (WASM, one thread, MatMul), plain JavaScript and our naive kernel,
// at 1024×64 · 64×1024 and 512³. Target: ≥ 1.3× TF.js on both. Then ours on two
// threads (the threaded core of this cross-origin-isolated page) against one thread and the best
// peer. Every row also gives ours as a fraction of the machine's peak (bench/page/peak.js).

import { bestOf, clockName, warmUp, random, reportThreads } from '../compare.js';
import * as resident from '../resident.js';
import { loadTf, ortMatmul } from '../peers/peers.js';
import { matmulJs } from './plain-js.js';
import { measurePeak, ofPeak } from '../peak.js';

export const name = 'fast-matmul';

const SIZES = [[1024, 64, 1024], [512, 512, 512]];

export async function run({ attn, attn2, threads, report, progress }) {
  const peak = await measurePeak();
  const { tf, simd, threads: tfThreads } = await loadTf();
  progress(`TF.js WASM backend: SIMD ${simd ? 'on' : 'OFF'}, ${tfThreads} thread(s)`);
  for (const [m, k, n] of SIZES) {
    const label = `matmul ${m}×${k}·${k}×${n}`;
    progress(`${label}…`);
    const a = random(m * k, 1), b = random(k * n, 2), flops = 2 * m * k * n;
    const ours = resident.gemm(attn, { a, b, m, k, n });
    const naive = resident.naiveMatmul(attn, { a, b, m, k, n });
    const ta = tf.tensor2d(a, [m, k]), tb = tf.tensor2d(b, [k, n]);
    const ort = await ortMatmul(a, b, m, k, n);
    const c = new Float32Array(m * n);
    const entries = [
      { key: 'ours', fn: () => ours.run() },
      { key: 'tfjs', fn: () => tf.matMul(ta, tb).dispose() },
      { key: 'ort', fn: () => ort.run() },
      { key: 'naive', fn: () => naive.run() },
      { key: 'js', fn: () => matmulJs(a, b, m, k, n, c) },
    ];
    try {
      for (const e of entries) await warmUp(e.fn);
      const best = await bestOf(entries, { rounds: 3 });
      const rate = (key) => flops / best.get(key) / 1e9;
      const row = (peerKey, peerName, target) => report({
        name: label, ours: rate('ours'), peer: rate(peerKey), peerName, ratio: rate('ours') / rate(peerKey), unit: `GFLOP/s (${clockName()})`, ofPeak: ofPeak(peak, rate('ours'), 1),
        ...(target ? { target: `≥ ${target}×`, met: rate('ours') / rate(peerKey) >= target } : {}),
      });
      row('tfjs', 'TF.js WASM (SIMD, 1 thread)', 1.3);
      row('ort', 'onnxruntime-web WASM MatMul (1 thread)');
      row('js', 'plain JS');
      row('naive', 'ours, naive (attn_matmul)');
      // Both cores: the threaded core (rows of C shared with its helper) against one thread and
      // against the faster peer, all three by the wall clock.
      const peerKey = rate('tfjs') >= rate('ort') ? 'tfjs' : 'ort';
      const ours2 = resident.gemm(attn2, { a, b, m, k, n });
      try {
        await reportThreads({
          label, work: flops, threads, report, peak, one: () => ours.run(), two: () => ours2.run(),
          peer: { fn: entries.find((e) => e.key === peerKey).fn, name: peerKey === 'tfjs' ? 'TF.js WASM' : 'onnxruntime-web WASM MatMul' },
        });
      } finally {
        ours2.free();
      }
    } finally {
      ours.free();
      naive.free();
      ta.dispose();
      tb.dispose();
      await ort.release();
    }
  }
}
