// decode-measure.js — how fast a model decodes with its KV cache and without it, timed where it
// runs (a worker of the page, or node): the same model.sample call both ways, for the same
// prompt, length, temperature and seed, so both produce the same characters and only the work
// differs. Each way runs once to warm up (V8 may leave a first call in its baseline compiler),
// then `repeats` times, alternating, and keeps its fastest run. A shown measurement, never a
// test assertion: the machine may be busy.
//
//   measureDecoding(attn, { bytes, prompt: 't', length: 63 })
//   // → { length, same: true, cached: { ms, tokensPerSecond }, recompute: { ms, tokensPerSecond }, ratio }

import { AttnError, Status } from '../errors.js';
import * as check from '../validate.js';

export function measureDecoding(attn, { bytes, prompt, length, repeats = 3, temperature = 1, seed = 1 } = {}) {
  check.size('length', length, { max: 4096 });
  check.size('repeats', repeats, { max: 50 });
  if (!(bytes instanceof Uint8Array)) throw new AttnError(Status.TYPE, `bytes must be a weights file (a Uint8Array), but it is ${check.describe(bytes)}.`);
  const model = attn.loadModel(bytes);
  try {
    const options = { prompt, length, temperature, seed };
    const time = (cache) => {
      const start = performance.now();
      const text = model.sample({ ...options, cache });
      return { ms: performance.now() - start, text };
    };
    const warm = { cached: time(true), recompute: time(false) };
    const best = { cached: Infinity, recompute: Infinity };
    for (let r = 0; r < repeats; r++) {
      for (const way of ['cached', 'recompute']) best[way] = Math.min(best[way], time(way === 'cached').ms);
    }
    const rate = (ms) => ({ ms, tokensPerSecond: length / Math.max(ms / 1000, 1e-9) });
    return {
      length,
      same: warm.cached.text === warm.recompute.text,
      cached: rate(best.cached),
      recompute: rate(best.recompute),
      ratio: best.recompute / Math.max(best.cached, 1e-9),
    };
  } finally {
    model.dispose();
  }
}
