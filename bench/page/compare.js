// compare.js — timing for the fast-kernel cases on a shared, noisy machine: every contender is
// warmed up, then timed in alternating rounds (ours, peer, ours, peer, ...) of at least
// `minSeconds` each, and the best round counts. A contender whose call would take longer than
// the budget, or whose N × M table would not fit, is not run and gets a status instead.

import { ofPeak } from './peak.js';

/**
 * The clock: the page's main-thread CPU seconds when bench/run.mjs provides them (every
 * contender here runs on the main thread: TF.js and onnxruntime-web with one thread and no
 * proxy worker), else the wall clock. On a busy machine the wall clock also counts the time the
 * page was descheduled, which falls unevenly on whoever happened to be running.
 */
export const clockName = () => (typeof window !== 'undefined' && window.benchCpuSeconds ? 'CPU time' : 'wall time');
async function clock() {
  if (typeof window !== 'undefined' && window.benchCpuSeconds) {
    const cpu = await window.benchCpuSeconds();
    if (typeof cpu === 'number') return cpu;
  }
  return performance.now() / 1000;
}

/**
 * Collects the garbage the page has left so far, when bench/run.mjs started Chromium with
 * --expose-gc. Before each timed round, so that no contender's round pays for collecting what
 * another contender allocated: the peers' N × N tables are megabytes of JS garbage each call, and
 * on the page's main thread a collection counts in its CPU time.
 */
function collectGarbage() {
  if (typeof globalThis.gc === 'function') globalThis.gc();
}

/** Seconds per call over at least `minSeconds` of the clock (at least one call). */
export async function secondsPerCall(fn, minSeconds) {
  collectGarbage();
  let calls = 0;
  const start = await clock();
  let elapsed = 0;
  do {
    const slice = performance.now();
    do {
      await fn();
      calls += 1;
    } while (performance.now() - slice < Math.min(100, minSeconds * 1000));
    elapsed = (await clock()) - start;
  } while (elapsed < minSeconds);
  return elapsed / calls;
}

/** Untimed calls until `calls` were made or `seconds` passed (at least one call). */
export async function warmUp(fn, { calls = 3, seconds = 1 } = {}) {
  const start = performance.now();
  for (let i = 0; i < calls; i++) {
    await fn();
    if (performance.now() - start > seconds * 1000) break;
  }
}

/**
 * Times each entry ({ key, fn }) in `rounds` alternating rounds; returns Map key → best seconds
 * per call. Entries whose first timed call is long (> 2 s) get only one round.
 */
export async function bestOf(entries, { rounds = 2, minSeconds = 0.5 } = {}) {
  const best = new Map();
  for (let r = 0; r < rounds; r++) {
    for (const { key, fn } of entries) {
      if (r > 0 && best.get(key) > 2) continue;
      const s = await secondsPerCall(fn, minSeconds);
      best.set(key, Math.min(best.get(key) ?? Infinity, s));
    }
  }
  return best;
}

/** Lets the page breathe (progress text, GC) between heavy steps. */
export const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

export const random = (count, seed = 1) => {
  let s = seed >>> 0 || 1;
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    out[i] = (s / 4294967296) * 2 - 1;
  }
  return out;
};

export const mib = (bytes) => bytes / 2 ** 20;

/** The wall time of the fastest of the calls made over at least `minSeconds` (at least 3 calls). */
async function fastestCall(fn, minSeconds) {
  let fastest = Infinity, calls = 0;
  const start = performance.now();
  while (calls < 3 || performance.now() - start < minSeconds * 1000) {
    const t = performance.now();
    await fn();
    fastest = Math.min(fastest, performance.now() - t);
    calls += 1;
  }
  return fastest / 1000;
}

/**
 * The two-thread rows of a case: ours on two threads (`two`), ours on one (`one`) and the best
 * peer (`peer`, or null), warmed up and timed together in alternating rounds by the wall clock.
 * A second thread's work does not show in the main thread's CPU seconds, so these rows use the
 * wall clock, and, because a shared machine deschedules threads at random (a fork-join waits
 * for the slower thread), the fastest single call of each contender: the time a call takes
 * when the machine lets it run. Reports "2 threads vs 1" and "2 threads vs the best peer";
 * `work` is the FLOPs of one call; `peak` (bench/page/peak.js) gives each row its fraction of
 * the two-thread peak. When the page got no second thread, a row says so.
 */
export async function reportThreads({ label, work, one, two, peer, threads, report, peak }) {
  const unit = 'GFLOP/s (wall time, fastest call)';
  if (threads < 2) {
    report({ name: `${label}: 2 threads vs 1`, ours: null, peer: null, peerName: 'ours, 1 thread', ratio: null, unit, status: 'not run: this page is not cross-origin isolated (one thread)' });
    return;
  }
  const entries = [{ key: 'two', fn: two }, { key: 'one', fn: one }, ...(peer ? [{ key: 'peer', fn: peer.fn }] : [])];
  for (const e of entries) await warmUp(e.fn);
  const best = new Map();
  for (let round = 0; round < 3; round++) {
    for (const { key, fn } of entries) best.set(key, Math.min(best.get(key) ?? Infinity, await fastestCall(fn, 0.5)));
  }
  const rate = (key) => work / best.get(key) / 1e9;
  const fraction = ofPeak(peak, rate('two'), 2);
  report({ name: `${label}: 2 threads vs 1`, ours: rate('two'), peer: rate('one'), peerName: 'ours, 1 thread', ratio: rate('two') / rate('one'), unit, ofPeak: fraction });
  if (peer) report({ name: `${label}: 2 threads vs the best peer`, ours: rate('two'), peer: rate('peer'), peerName: `${peer.name} (1 thread)`, ratio: rate('two') / rate('peer'), unit, ofPeak: fraction });
}
