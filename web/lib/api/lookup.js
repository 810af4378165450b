// api/lookup.js — attention read as a lookup that returns a blend (the section before §6.2):
//   attn.lookup({ query, keys, values, m, dk, dv, sharpness })  → scores, weights, the blend and
//     what the chapter says about the row: weights ≥ 0 that sum to 1, entropy against ln m, the
//     ratio of the two largest weights against e^gap, |out| against the longest value
//   attn.hull({ points, count, point })  → the corners of the convex hull of 2-D points, and how
//     deep `point` (the blend, say) lies inside it
// Both run on the C core (attn_lookup, attn_hull_2d); every check is the core's.

import { AttnError, Status } from '../errors.js';
import { HULL_MAX_POINTS, LookupChecks, LookupLimits, LookupStatsLayout } from '../abi.js';
import * as check from '../validate.js';

const group = (n) => n.toLocaleString('en-US');
const isCoordinate = (x) => Number.isFinite(x) && Math.abs(x) <= LookupLimits.coordinate;
const COORDINATES = `finite numbers from −${group(LookupLimits.coordinate)} to ${group(LookupLimits.coordinate)}`;
const coordinates = (name, value, length, shape) => check.tensor(name, value, length, { shape, allowed: isCoordinate, expected: COORDINATES });

/** The doubles and ints of struct attn_lookup_stats, by their LookupStatsLayout names. */
const DOUBLES = ['weightSum', 'minWeight', 'entropy', 'maxEntropy', 'largest', 'second', 'ratio', 'gap', 'expGap', 'outNorm', 'maxValueNorm'];
const INTS = ['best', 'runnerUp', 'checks'];

/** The sharpness s: a finite number from 0 to the core's limit, or an AttnError saying why not. */
function sharpnessOf(value) {
  if (typeof value !== 'number') throw new AttnError(Status.TYPE, `sharpness must be a number, but it is ${check.describe(value)}.`);
  if (!Number.isFinite(value)) throw new AttnError(Status.VALUE, `sharpness must be a finite number, but it is ${check.describe(value)}.`);
  if (value < 0) {
    throw new AttnError(Status.ARGUMENT, `sharpness must be 0 or more (it multiplies the scores; a negative one would favour the worst match), but it is ${value}.`);
  }
  if (value > LookupLimits.sharpness) throw new AttnError(Status.ARGUMENT, `sharpness must be at most ${group(LookupLimits.sharpness)}, but it is ${value}.`);
  return value;
}

/**
 * One query against a memory of m entries.
 *
 * @param {object} o
 * @param {Float32Array} o.query   (dk)
 * @param {Float32Array} o.keys    (m, dk)
 * @param {Float32Array} o.values  (m, dv)
 * @param {number} o.m             entries, 1 to 1,024
 * @param {number} o.dk, o.dv      widths, 1 to 256
 * @param {number} [o.sharpness=1] s ≥ 0: the weights are softmax(s · q·k_j)
 * @returns {{ scores, scaled, weights: Float32Array, out: Float32Array, weightSum, minWeight,
 *   entropy, maxEntropy, largest, second, ratio, gap, expGap, outNorm, maxValueNorm: number,
 *   best: number, runnerUp: number, checks: { nonnegative, sumsToOne, noLonger: boolean } }}
 *   scores q·k_j, scaled s·q·k_j and weights are (m); out is (dv). maxEntropy is ln m; ratio is
 *   largest / second (Infinity when the second is 0 in float32, NaN when m = 1) and gap
 *   s·(score of best − score of runnerUp), so ratio = e^gap; runnerUp is −1 when m = 1.
 */
export function lookup(core, { query, keys, values, m, dk, dv, sharpness = 1 } = {}) {
  if (m === 0) throw new AttnError(Status.SIZE, 'The memory is empty: m, the number of entries, must be at least 1, but it is 0.');
  check.size('m', m, { max: LookupLimits.entries });
  check.size('dk', dk, { max: LookupLimits.width });
  check.size('dv', dv, { max: LookupLimits.width });
  const s = sharpnessOf(sharpness);
  const qIn = coordinates('query', query, dk, 'dk');
  const keysIn = coordinates('keys', keys, m * dk, 'm·dk');
  const valuesIn = coordinates('values', values, m * dv, 'm·dv');
  return core.run((scope) => {
    const scores = scope.f32Out(m), scaled = scope.f32Out(m), weights = scope.f32Out(m), out = scope.f32Out(dv);
    const stats = scope.alloc(LookupStatsLayout.bytes);
    core.check(core.exports.attn_lookup(scores, scaled, weights, out, stats, scope.f32(qIn), scope.f32(keysIn), scope.f32(valuesIn), s, m, dk, dv), 'lookup');
    const result = {
      scores: scope.readF32(scores, m), scaled: scope.readF32(scaled, m), weights: scope.readF32(weights, m), out: scope.readF32(out, dv),
    };
    for (const name of DOUBLES) result[name] = scope.readF64(stats + LookupStatsLayout[name], 1)[0];
    for (const name of INTS) result[name] = scope.readI32(stats + LookupStatsLayout[name], 1)[0];
    const bits = result.checks;
    result.checks = Object.fromEntries(Object.entries(LookupChecks).map(([name, bit]) => [name, (bits & bit) !== 0]));
    return result;
  });
}

/**
 * The convex hull of `count` points in the plane, and where `point` stands in it.
 *
 * @param {object} o
 * @param {Float32Array} o.points  (count, 2)
 * @param {number} o.count         1 to 1,024
 * @param {Float32Array} [o.point] (2)
 * @returns {{ corners: Int32Array, depth: number|null, inside: boolean|null }} corners are the
 *   indices of the hull's corners, counter-clockwise from the leftmost; depth is the point's
 *   distance to the boundary (negative outside), inside allows the core's float32 tolerance;
 *   both null without a point.
 */
export function hull(core, { points, count, point } = {}) {
  check.size('count', count, { max: HULL_MAX_POINTS });
  const pointsIn = coordinates('points', points, 2 * count, 'count·2');
  const pointIn = point === undefined ? null : coordinates('point', point, 2, '2');
  return core.run((scope) => {
    const corners = scope.i32Out(count), cornerCount = scope.i32Out(1), depth = scope.f64Out(1), inside = scope.i32Out(1);
    core.check(core.exports.attn_hull_2d(corners, cornerCount, pointIn ? depth : 0, pointIn ? inside : 0,
      pointIn ? scope.f32(pointIn) : 0, scope.f32(pointsIn), count), 'hull');
    return {
      corners: scope.readI32(corners, scope.readI32(cornerCount, 1)[0]),
      depth: pointIn ? scope.readF64(depth, 1)[0] : null,
      inside: pointIn ? scope.readI32(inside, 1)[0] === 1 : null,
    };
  });
}
