// peak.js — the machine's measured peak, in GFLOP/s, for every row's "of peak" figure: the
// multiply-add loop of bench/wasm/peak.c (built into bench/page/generated/peak.wasm by build.sh
// --bench) in one Worker and in two Workers at once, in alternating rounds (a two-thread round
// starts both together and lasts as long as its slower worker). The fastest round counts: the
// time a call takes when the shared machine lets it run, as for the two-thread rows of
// compare.js. Measured once per page, on first use; `ofPeak` turns a row's GFLOP/s into its
// fraction of the matching peak (for two threads, twice the one-thread peak: see peakFor).

import peakWasmUrl from './generated/peak.wasm?url';

const ROUNDS = 25;
const ROUND_SECONDS = 0.04;

let measured = null;

/** { one, two, flopsPerIteration }: GFLOP/s on one thread and on two (two: null without a second core). */
export function measurePeak() {
  measured ??= measure();
  return measured;
}

/**
 * The peak a row on `threads` threads is held to, in GFLOP/s: the one-thread peak, or for two
 * threads twice it (two cores, each at the loop's one-thread rate). Not the measured two-thread
 * figure: on a shared machine two threads are rarely both undisturbed for a round at once (at a
 * load of 10 it measured below one thread), so that figure is printed but held to nothing.
 */
export function peakFor(peak, threads) {
  return threads >= 2 && peak.two !== null ? 2 * peak.one : peak.one;
}

/** `gflops` as a fraction of the peak on `threads` threads (1 or 2), or null when unknown. */
export function ofPeak(peak, gflops, threads) {
  const top = peakFor(peak, threads);
  return typeof gflops === 'number' && top ? gflops / top : null;
}

function ask(worker, message) {
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.onerror = (event) => reject(new Error(`the peak worker failed: ${event.message}`));
    worker.postMessage(message);
  });
}

/** Seconds of one round: `iterations` on every worker at once, as long as the slower one took. */
async function timeRound(workers, iterations) {
  const answers = await Promise.all(workers.map((w) => ask(w, { iterations })));
  if (!answers.every((a) => a.finite)) throw new Error('the peak loop returned a non-finite sum');
  return Math.max(...answers.map((a) => a.seconds));
}

async function measure() {
  const module = await WebAssembly.compileStreaming(fetch(peakWasmUrl));
  const flopsPerIteration = new WebAssembly.Instance(module, {}).exports.attn_peak_flops_per_iteration();
  const cores = navigator.hardwareConcurrency ?? 1;
  const workers = Array.from({ length: cores >= 2 ? 2 : 1 }, () => new Worker(new URL('./peak-worker.js', import.meta.url), { type: 'module' }));
  try {
    for (const w of workers) await ask(w, { module });
    // Size a round to about ROUND_SECONDS from a short call, after a few that warm the code up
    // (V8 first runs WebAssembly from its baseline compiler). Short rounds, many of them: on a
    // busy machine a short round is more likely to run undisturbed.
    const probe = 1e6;
    for (const w of workers) for (let i = 0; i < 5; i++) await ask(w, { iterations: probe });
    const probeSeconds = (await ask(workers[0], { iterations: probe })).seconds;
    const iterations = Math.max(probe, Math.round(probe * ROUND_SECONDS / Math.max(probeSeconds, 1e-4)));
    const rate = (seconds, threads) => threads * iterations * flopsPerIteration / seconds / 1e9;
    // One thread and two threads in alternating rounds, so a busy spell of the shared machine
    // falls on both; the fastest round of each counts.
    let one = 0, two = workers.length === 2 ? 0 : null;
    for (let round = 0; round < ROUNDS; round++) {
      one = Math.max(one, rate(await timeRound(workers.slice(0, 1), iterations), 1));
      if (two !== null) two = Math.max(two, rate(await timeRound(workers, iterations), 2));
    }
    return { one, two, flopsPerIteration };
  } finally {
    for (const w of workers) w.terminate();
  }
}
