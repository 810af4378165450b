// exercise-marks.js — the checks of <attn-exercise>: each reads a widget's public face (its
// properties, which reflect its attributes, and the detail of its last `change`) and recomputes
// with the C core whether the task is done. No DOM. Each returns
//   { done, lines: [{ ok, text }] }: one line per condition, saying what is right and what is not.

import { computeMasks } from '../masks/masks-model.js';
import { TOKENS, MODEL_WIDTH, HEAD_WIDTH } from '../stepper/stepper-example.js';
import { counted } from '../../ui/format.js';

const count = (x) => Math.round(x).toLocaleString('en-US');
const percent = (f) => `${(100 * f).toFixed(1)} %`;
const result = (lines) => ({ done: lines.every((line) => line.ok), lines });

/** §6.2: token 2 puts at least 0.9 of its weight on token 1, causal mask and scaling on. */
export const STEPPER_TARGET = 0.9;
export function markStepperWeight(attn, stepper) {
  const { x, wq, wk, wv } = stepper;
  const project = (w) => attn.matmul({ a: x, b: w, m: TOKENS, k: MODEL_WIDTH, n: HEAD_WIDTH });
  const { weights } = attn.attention({ q: project(wq), k: project(wk), v: project(wv), n: TOKENS, m: TOKENS, dk: HEAD_WIDTH, dv: HEAD_WIDTH, scale: true, mask: 'causal' });
  const onFirst = weights[TOKENS]; // row 2 (token 2), column 1 (token 1)
  return result([
    { ok: stepper.mask === 'causal', text: stepper.mask === 'causal' ? 'The causal mask is on.' : 'Turn the causal mask back on: the task is to be done with it.' },
    { ok: stepper.scale === true, text: stepper.scale ? 'The scaling by 1/√d_k is on.' : 'Turn the scaling back on: without it any large enough score would do.' },
    { ok: onFirst >= STEPPER_TARGET,
      text: `Token 2 puts ${onFirst.toFixed(3)} of its weight on token 1 (the core, with the mask and the scaling on)${onFirst >= STEPPER_TARGET ? `, at least ${STEPPER_TARGET}.` : `; it needs at least ${STEPPER_TARGET}.`}` },
  ]);
}

/** §6.3: a head width d_k where about half of the raw trials saturate. A share measured on
 *  `trials` draws is only known to a standard error of √(p(1 − p)/trials), √(0.25/500) ≈ 2.2 % at
 *  one half, and it wobbles from one width to the next by about that much (one width can give 51 %
 *  and the next 48 %): so the target is a band, one half give or take two standard errors, and
 *  a run of widths lands in it. */
export const SATURATION_SETUP = Object.freeze({ keys: 64, threshold: 0.99, trials: 500 });
export function saturationBand(trials) {
  const margin = 2 * Math.sqrt(0.25 / trials);
  return { low: 0.5 - margin, high: 0.5 + margin };
}
export function markSaturationHalf(attn, variance) {
  const { dk, seed, keys, trials, threshold } = variance;
  const setup = keys === SATURATION_SETUP.keys && threshold === SATURATION_SETUP.threshold && trials >= SATURATION_SETUP.trials;
  const lines = [{ ok: setup, text: setup
    ? `The chapter’s setup: ${keys} keys, threshold ${threshold}, ${count(trials)} trials.`
    : `Use the chapter’s setup: ${SATURATION_SETUP.keys} keys per trial, threshold ${SATURATION_SETUP.threshold}, at least ${SATURATION_SETUP.trials} trials (now ${keys}, ${threshold}, ${count(trials)}).` }];
  if (!setup) return result(lines);
  const here = attn.saturation({ dk, keys, trials, threshold, seed, scaled: false }).fraction;
  const { low, high } = saturationBand(trials);
  const band = `${percent(low)} to ${percent(high)}, one half give or take two standard errors of ${count(trials)} trials`;
  const inBand = here >= low && here <= high;
  const where = inBand ? `: inside the band (${band}).`
    : here < low ? `: below the band (${band}); a wider head saturates more.`
      : `: above the band (${band}); a narrower head saturates less.`;
  lines.push({ ok: inBand, text: `At d_k = ${dk}, ${percent(here)} of the raw trials saturate${where}` });
  return result(lines);
}

/** §6.4: row 3 is NaN and every other row sums to 1. */
export const NAN_ROW = 2; // row 3, counted from 0
export function markMaskNanRow(attn, masks) {
  const r = computeMasks(attn, { sentence: masks.sentence, second: masks.second, masks: masks.masks, window: masks.window,
    scores: masks.scores, sequence: masks.sequence, edits: masks.edits });
  const isNaN = (i) => Number.isNaN(r.sums[i]);
  if (r.n <= NAN_ROW) return result([{ ok: false, text: `The sentence has ${r.n} words: it needs at least ${NAN_ROW + 1} for a row 3.` }]);
  const others = Array.from({ length: r.n }, (_, i) => i).filter((i) => i !== NAN_ROW);
  const broken = others.filter((i) => isNaN(i) || Math.abs(r.sums[i] - 1) > 1e-5);
  return result([
    { ok: isNaN(NAN_ROW), text: isNaN(NAN_ROW)
      ? `Row 3 (“${r.tokens[NAN_ROW]}”) is NaN: none of its keys is allowed, so its softmax is 0/0.`
      : `Row 3 (“${r.tokens[NAN_ROW]}”) still has ${counted(r.allowed[NAN_ROW], 'allowed key')}; its weights sum to ${r.sums[NAN_ROW].toFixed(3)}.` },
    { ok: broken.length === 0, text: broken.length === 0
      ? `Every other row (${others.length} of them) sums to 1.`
      : `Row${broken.length === 1 ? '' : 's'} ${broken.map((i) => i + 1).join(', ')} ${broken.length === 1 ? 'does' : 'do'} not sum to 1 (${broken.map((i) => (isNaN(i) ? 'NaN' : r.sums[i].toFixed(3))).join(', ')}): each needs at least one allowed key.` },
  ]);
}

/**
 * §6.5: an arrangement of the words whose outputs are unchanged without positions and changed with
 * them. `seen` is the exercise's memory of the widget's `change` details: the last arrangement
 * shown without positions and without a mask, and whether its outputs were unchanged.
 */
export const SAME = 1e-6;
export function markShuffleOrder(shuffle, detail, seen) {
  const order = (detail?.order ?? shuffle.order ?? []).join(',');
  const moved = order !== '' && order.split(',').some((from, i) => Number(from) !== i);
  const diff = detail?.largestDifference;
  const key = `${shuffle.sentence}|${order}`;
  if (moved && shuffle.positions === 'none' && shuffle.mask === 'none' && diff !== undefined && diff <= SAME) seen.plain = key;
  const positionsOn = shuffle.positions !== 'none';
  return result([
    { ok: moved, text: moved ? `The words are rearranged (order ${order}).` : 'Rearrange the words first: the original order is not a new sentence.' },
    { ok: seen.plain === key, text: seen.plain === key
      ? 'Without positions (and without a mask) this arrangement left every output unchanged.'
      : 'Show this arrangement once with positions “none” and no mask, and see every output unchanged.' },
    { ok: positionsOn && shuffle.mask === 'none' && diff > SAME, text: positionsOn && shuffle.mask === 'none' && diff !== undefined
      ? `With ${shuffle.positions} positions the largest difference is ${diff.toFixed(4)}${diff > SAME ? ': the outputs changed.' : ': unchanged still.'}`
      : 'Then switch positions on (sinusoidal or rotary), mask still off, and compare again.' },
  ]);
}

/** §6.6: d_model and h with the crossover at N = 1,536 and heads of 64 features. */
export const CROSSOVER_TARGET = 1536, HEAD_TARGET = 64;
export function markCostCrossover(attn, cost) {
  const { dModel, heads } = cost;
  const divides = dModel % heads === 0;
  const { crossover } = attn.cost({ n: cost.n, dModel, heads: divides ? heads : 1 });
  return result([
    { ok: crossover === CROSSOVER_TARGET, text: `The crossover is at N = ${count(crossover)}${crossover === CROSSOVER_TARGET ? '.' : `; it should be ${count(CROSSOVER_TARGET)}.`}` },
    { ok: divides && dModel / heads === HEAD_TARGET, text: divides
      ? `Each of the ${heads} heads has d_k = ${count(dModel / heads)} features${dModel / heads === HEAD_TARGET ? '.' : `; it should be ${HEAD_TARGET}.`}`
      : `h = ${heads} does not divide d_model = ${count(dModel)}.` },
  ]);
}
