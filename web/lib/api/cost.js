// api/cost.js — attn.cost: the §6.6 cost model of one multi-head attention layer, counted in
// multiply-adds by the C core; and attn.measureAttention: the wall-clock time of the core's own
// attention kernel at one size, for the "measure in my browser" comparison.

import { AttnError, Status } from '../errors.js';
import { CostLayout } from '../abi.js';
import * as check from '../validate.js';
import { randomNormals } from './experiment.js';

/** The fields of `struct attn_cost`, each a double at its CostLayout offset. */
const FIELDS = Object.keys(CostLayout).filter((name) => name !== 'bytes');

/**
 * @param {object} o
 * @param {number} o.n        tokens (sequence length)
 * @param {number} o.dModel   model width; must be a multiple of `heads`
 * @param {number} [o.heads=1]
 * @returns {{ projections, scores, weighted, output, linear, quadratic, total, crossover,
 *             scoreEntries, scoreBytes, layerEntries: number }}
 *   multiply-adds: projections 3·n·d², scores n²·d, weighted n²·d, output n·d², linear 4·n·d²,
 *   quadratic 2·n²·d, total; crossover 2·d; the score table per head per layer (entries, bytes in
 *   float32) and for every head of the layer (layerEntries).
 */
export function cost(core, { n, dModel, heads = 1 } = {}) {
  check.size('n', n);
  check.size('dModel', dModel);
  check.size('heads', heads);
  check.divisible('dModel', dModel, 'heads', heads, 'each head must get the same whole number of features (dModel / heads)');
  return core.run((scope) => {
    const struct = scope.alloc(CostLayout.bytes);
    core.check(core.exports.attn_cost(struct, n, dModel, heads), 'cost');
    return Object.fromEntries(FIELDS.map((name) => [name, scope.readF64(struct + CostLayout[name], 1)[0]]));
  });
}

/**
 * Times the core's attention kernel (no mask, scaled, no intermediates kept) on n random tokens
 * of width d. The kernel runs once to warm up (unless warmUp is false: V8 may otherwise time its
 * baseline compiler), then `repeats` times; the fastest run is kept.
 * @returns {{ n, d, ms: number, runs: number }} ms is milliseconds for one call.
 */
export function measureAttention(core, { n, d = 64, repeats = 3, seed = 1, warmUp = true } = {}) {
  check.size('n', n, { max: 16384 });
  const warm = check.flag('warmUp', warmUp, true);
  check.size('d', d, { max: 1024 });
  check.size('repeats', repeats, { max: 100 });
  // q, k and v draw from seeds seed, seed + 1 and seed + 2: all three must be valid seeds.
  check.seed('seed', seed);
  if (seed > 2 ** 32 - 3) {
    throw new AttnError(Status.ARGUMENT, `seed must be between 0 and ${2 ** 32 - 3} (q, k and v use seed, seed + 1 and seed + 2), but it is ${seed}.`);
  }
  const count = n * d;
  const inputs = [0, 1, 2].map((k) => randomNormals(core, { count, seed: seed + k })); // the core's generator
  return core.run((scope) => {
    const q = scope.f32(inputs[0]), k = scope.f32(inputs[1]), v = scope.f32(inputs[2]);
    const out = scope.f32Out(count);
    const call = () => core.exports.attn_attention(out, 0, 0, q, k, v, 0, 0, 1, n, n, d, d);
    if (warm) core.check(call(), 'measureAttention');
    let best = Infinity;
    for (let r = 0; r < repeats; r++) {
      const start = performance.now();
      const code = call();
      best = Math.min(best, performance.now() - start);
      core.check(code, 'measureAttention');
    }
    return { n, d, ms: best, runs: repeats };
  });
}
