// api/cost-variants.js — attn.costVariants: what the chapter's text on attention's origin sets beside the §6.6 cost of one
// attention layer, counted by the C core for the same N, d_model and h: a recurrent layer's
// multiply-adds and where attention's total overtakes them, a sliding window's, and the memory of
// the naive kernel's score table against the tiled kernel's working memory.
//
//   attn.costVariants({ n: 4096, dModel: 512, heads: 8, window: 256, cell: 'lstm' })
//   // → { recurrence, recurrencePerToken, recurrenceCrossover, windowKeys, windowQuadratic,
//   //     windowTotal, naiveBytes, tiledBytes, tiledThreads }

import { AttnError, Status } from '../errors.js';
import { CostVariantsLayout, RecurrenceCell } from '../abi.js';
import * as check from '../validate.js';

const FIELDS = Object.keys(CostVariantsLayout).filter((name) => name !== 'bytes');

/** The recurrent cells the core counts, by name. */
export const RECURRENCE_CELLS = Object.freeze(Object.keys(RecurrenceCell));

/**
 * @param {object} o
 * @param {number} o.n, o.dModel, [o.heads=1]  as attn.cost
 * @param {number} [o.window=o.n]  keys each query sees with a sliding window (≥ 1; ≥ n is the full cost)
 * @param {'elman'|'gru'|'lstm'} [o.cell='lstm']  the recurrent layer: 2, 6 or 8 (d, d) matrices per token
 */
export function costVariants(core, { n, dModel, heads = 1, window = n, cell = 'lstm' } = {}) {
  check.size('n', n);
  check.size('dModel', dModel);
  check.size('heads', heads);
  check.size('window', window);
  check.divisible('dModel', dModel, 'heads', heads, 'each head must get the same whole number of features (dModel / heads)');
  if (!RECURRENCE_CELLS.includes(cell)) {
    throw new AttnError(Status.ARGUMENT, `cell must be ${RECURRENCE_CELLS.map((c) => `"${c}"`).join(', ')}, but it is ${check.describe(cell)}.`);
  }
  return core.run((scope) => {
    const struct = scope.alloc(CostVariantsLayout.bytes);
    core.check(core.exports.attn_cost_variants(struct, n, dModel, heads, window, RecurrenceCell[cell]), 'costVariants');
    return Object.fromEntries(FIELDS.map((name) => [name, scope.readF64(struct + CostVariantsLayout[name], 1)[0]]));
  });
}
