// measure-size.js — how <attn-cost>'s "Measure in my browser" times one size, shared by its Web
// Worker (web/workers/measure-attention.js) and its main-thread fallback (cost-measure.js). No DOM.
//
// Each size keeps the fastest of several calls (attn.measureAttention): a call the machine
// disturbed only ever looks slower, so more calls make a series that rises with N more likely
// on a busy machine. The largest sizes take seconds a call, so they get fewer.

/** Milliseconds for one call of the core's attention at n tokens of width d (the fastest run). */
export function measureSize(attn, n, d) {
  const repeats = n <= 512 ? 7 : n <= 1024 ? 4 : 2;
  return attn.measureAttention({ n, d, repeats, warmUp: n <= 1024 }).ms;
}
