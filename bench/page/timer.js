// timer.js — timing for the benchmark page: warm a function up (V8 may leave a long first call
// in its baseline compiler), then repeat it until at least `minSeconds` have passed.

/** Seconds per call of `fn`, after `warmup` untimed calls, over at least `minSeconds`. */
export async function secondsPerCall(fn, { warmup = 3, minSeconds = 0.5 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minSeconds * 1000) {
    await fn();
    calls += 1;
    elapsed = performance.now() - start;
  }
  return elapsed / 1000 / calls;
}

/** A row of the results table: ours beside a peer, and their ratio (higher is better for ours
 *  when `higherIsBetter`, e.g. GFLOP/s; for times the ratio is peer / ours). */
export function row(name, { ours, peer, peerName, unit, higherIsBetter = true }) {
  const ratio = higherIsBetter ? ours / peer : peer / ours;
  return { name, ours, peer, peerName, ratio, unit };
}
