// machine-peak.js — the machine's measured peak (bench/page/peak.js): a pure SIMD128 multiply-add
// loop in WebAssembly (f32x4.mul + f32x4.add, twelve independent accumulators) on one thread
// and on two at once, in GFLOP/s. Every kernel and training row prints its fraction of it (of
// the one-thread peak, or of twice it for two threads).

import { measurePeak, ofPeak } from '../peak.js';

export const name = 'machine-peak';

export async function run({ report, progress }) {
  progress('Machine peak: SIMD128 multiply-add loop on 1 and 2 threads…');
  const peak = await measurePeak();
  const unit = 'GFLOP/s (wall time, fastest round)';
  report({ name: 'machine peak: SIMD128 mul+add loop, 1 thread', ours: peak.one, peer: null, peerName: '', ratio: null, unit, ofPeak: 1 });
  if (peak.two === null) {
    report({ name: 'machine peak: SIMD128 mul+add loop, 2 threads', ours: null, peer: null, peerName: '', ratio: null, unit, status: 'not run: one core' });
    return;
  }
  // Two-thread rows are held to twice the one-thread peak (peak.js, peakFor); this row shows how
  // close two threads at once came to it in this run.
  report({ name: 'machine peak: SIMD128 mul+add loop, 2 threads', ours: peak.two, peer: peak.one, peerName: 'the same loop, 1 thread', ratio: peak.two / peak.one, unit, ofPeak: ofPeak(peak, peak.two, 2) });
}
