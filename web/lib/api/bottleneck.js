// api/bottleneck.js — attn.bottleneck: the compression bottleneck that attention removed,
// measured by the C core (attn_bottleneck). At each source length, random sources of tokens are
// recovered from one summary vector of width d, and by attention over all the stored states;
// the fraction of tokens each gets right is returned, with one example's alignment map.
//
//   const r = attn.bottleneck({ lengths: [5, 10, 20, 40], width: 64, seed: 1 });
//   r.points   // [{ length: 5, summary: 0.89, attention: 1 }, …]
//   r.example  // { length: 40, alignment: Float32Array(40·40), source, fromSummary, fromAttention }

import { AttnError, Status } from '../errors.js';
import { BottleneckLimits, BottleneckTask } from '../abi.js';
import * as check from '../validate.js';

/** The source lengths: a non-empty list of whole numbers, each 1 to the core's longest. */
function lengthsOf(value) {
  const isArrayLike = Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
  if (!isArrayLike || value.length === 0) {
    throw new AttnError(Status.TYPE, `lengths must be a list of source lengths, such as [5, 10, 20], but it is ${check.describe(value)}.`);
  }
  if (value.length > BottleneckLimits.length) throw new AttnError(Status.LENGTH, `lengths may list at most ${BottleneckLimits.length} lengths, but it lists ${value.length}.`);
  return Array.from(value, (length, i) => check.size(`lengths[${i}]`, length, { max: BottleneckLimits.length }));
}

function taskOf(task) {
  if (!Object.hasOwn(BottleneckTask, task)) {
    throw new AttnError(Status.ARGUMENT, `task must be 'copy' or 'reverse', but it is ${check.describe(task)}.`);
  }
  return BottleneckTask[task];
}

/**
 * @param {object} o
 * @param {number[]} o.lengths        source lengths to measure, each 1 to 256
 * @param {number} o.width            d, the summary's width (and the codes' and token vectors'), 1 to 1,024
 * @param {number} [o.vocab=26]       tokens in the vocabulary, 2 to 1,024
 * @param {number} [o.trials=32]      random sources per length, 1 to 10,000
 * @param {number} [o.seed=1]         0 to 2³² − 1
 * @param {'copy'|'reverse'} [o.task='copy']
 * @param {number} [o.example]        the length whose first source, answers and alignment map are
 *   returned (default: the last of `lengths`; any length from 1 to 256)
 * @param {(done: number, total: number, point: object) => void} [o.onProgress]  after each length
 * @returns {{ points: { length, summary, attention: number }[], example: { length: number,
 *   alignment: Float32Array, source: Int32Array, fromSummary: Int32Array, fromAttention: Int32Array } }}
 *   summary and attention are the fractions of output tokens each gets right; alignment is
 *   (length, length): row i is output step i's attention weights over the source positions.
 */
export function bottleneck(core, { lengths, width, vocab = 26, trials = 32, seed = 1, task = 'copy', example, onProgress } = {}) {
  const list = lengthsOf(lengths);
  check.size('width', width, { max: BottleneckLimits.width });
  check.size('vocab', vocab, { min: 2, max: BottleneckLimits.vocab });
  check.size('trials', trials, { max: BottleneckLimits.trials });
  const seedIn = check.seed('seed', seed);
  const taskIn = taskOf(task);
  const shown = example === undefined ? list.at(-1) : check.size('example', example, { max: BottleneckLimits.length });
  check.callback('onProgress', onProgress);

  return core.run((scope) => {
    const floats = scope.i32Out(1);
    core.check(core.exports.attn_bottleneck_workspace(floats, Math.max(...list, shown), width, vocab), 'bottleneck');
    const work = scope.f32Out(scope.readI32(floats, 1)[0]);
    const accuracy = scope.f64Out(2);
    const measure = (length, count, alignment = 0, tokens = 0) => {
      core.check(core.exports.attn_bottleneck(accuracy, alignment, tokens, work, seedIn, taskIn, length, width, vocab, count), 'bottleneck');
      const [summary, attention] = scope.readF64(accuracy, 2);
      return { length, summary, attention };
    };
    // The example: the first source of its length (the same first source as a full run's).
    const alignment = scope.f32Out(shown * shown), tokens = scope.i32Out(3 * shown);
    measure(shown, 1, alignment, tokens);
    const answers = scope.readI32(tokens, 3 * shown);
    const points = list.map((length, i) => {
      const point = measure(length, trials);
      onProgress?.(i + 1, list.length, point);
      return point;
    });
    return {
      points,
      example: {
        length: shown,
        alignment: scope.readF32(alignment, shown * shown),
        source: answers.slice(0, shown),
        fromSummary: answers.slice(shown, 2 * shown),
        fromAttention: answers.slice(2 * shown),
      },
    };
  });
}
