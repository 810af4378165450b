// first-failure.js — the first thing a learner's attention gets wrong, in the order the function
// computes it: it cannot run (an error, or a shape that does not fit), then the output, then the
// gradients. check.js gives every case's runs; this names the first failing one in a sentence,
// with the place (row = position, column = feature, counted from 1) and by how much.
//
//   firstFailure(results, tolerance) → { kind: 'error' | 'shape' | 'output' | 'gradient', text } or null

/** The first index where |a − b| exceeds `tolerance` (NaN counts), or −1. */
export function firstOff(a, b, tolerance) {
  for (let i = 0; i < b.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= tolerance)) return i;
  }
  return -1;
}

/** A number as a learner reads it: 0.412, 1.2e−5, NaN. */
const num = (x) => (Number.isFinite(x) ? (Math.abs(x) >= 0.01 || x === 0 ? String(Number(x.toPrecision(3))) : x.toExponential(1)).replace(/-/g, '−') : String(x));

/** (b, row, column) of flat index `i` of a (B, T, C) tensor, counted from 1. */
const place = (i, { T, C }) => ({ b: Math.floor(i / (T * C)) + 1, row: (Math.floor(i / C) % T) + 1, col: (i % C) + 1 });

const SHAPE_WORDS = /inner sizes differ|must return \(B, T, C\)|shapes? (do not|does not|don't) (fit|match)|shape/i;

function offBy(mine, ref) {
  const d = Math.abs(mine - ref);
  return Number.isNaN(d) ? `yours is ${num(mine)}, the reference ${num(ref)}` : `yours is ${num(mine)}, the reference ${num(ref)}: off by ${num(d)}`;
}

/**
 * `results`: check.js's cases, each { label, c, error?, mine?, ref? } (mine and ref: { out,
 * grads: { q, k, v } }). Returns the first failure, or null when every case agrees.
 */
export function firstFailure(results, tolerance) {
  const broken = results.find((r) => r.error);
  if (broken) {
    const message = broken.error.message;
    const kind = SHAPE_WORDS.test(broken.error.plain ?? message) ? 'shape' : 'error';
    return { kind, line: broken.error.line ?? null, text: kind === 'shape'
      ? `A shape, in the case ${broken.label}: ${message}`
      : `It stops with an error in the case ${broken.label}: ${message}` };
  }
  for (const r of results) {
    const i = firstOff(r.mine.out, r.ref.out, tolerance);
    if (i < 0) continue;
    const p = place(i, r.c);
    return { kind: 'output', text: `The output, in the case ${r.label}: row ${p.row} (position ${p.row}), column ${p.col} (feature ${p.col}) of batch ${p.b} — ${offBy(r.mine.out[i], r.ref.out[i])} (tolerance ${num(tolerance)}).` };
  }
  for (const r of results) {
    for (const name of ['q', 'k', 'v']) {
      const i = firstOff(r.mine.grads[name], r.ref.grads[name], tolerance);
      if (i < 0) continue;
      const p = place(i, r.c);
      return { kind: 'gradient', text: `A gradient, in the case ${r.label}: the outputs agree, but the gradient d${name} at row ${p.row} (position ${p.row}), column ${p.col} (feature ${p.col}) of batch ${p.b} — ${offBy(r.mine.grads[name][i], r.ref.grads[name][i])} (tolerance ${num(tolerance)}).` };
    }
  }
  return null;
}
