// stepper-changes.js — what one action of <attn-stepper> changed (a toggle, an edit, a reset):
// the cells of each matrix whose number is different, and a sentence for a step saying what
// changed there, or at which other steps it did. No DOM here.
//
// `before` and `after` are the stepper's states (stepper-steps.js); `change` is
// { cause: ['mask' | 'scale' | 'scaling' | 'x' | 'wq' | …], before, state, cells: Map(key → Set of r·cols+c) }.

import { fixed, sig } from '../../ui/format.js';
import { MATRICES, STEPS } from './stepper-steps.js';
import { EXAMPLE } from './stepper-example.js';

const SHOWN_PER_MATRIX = 4; // cells listed by value; more are counted

/** key → Set of the indices whose value differs between the two states (keys with none left out). */
export function changedCells(before, after, keys) {
  const cells = new Map();
  for (const key of keys) {
    const changed = new Set();
    for (let i = 0; i < after[key].length; i++) if (!Object.is(before[key][i], after[key][i])) changed.add(i);
    if (changed.size) cells.set(key, changed);
  }
  return cells;
}

/** Of the changed `indices`, the one that moved most (to 4 significant figures; then the one with
 *  the larger new value: where a softmax's weight went). */
export function largestChange(indices, before, after) {
  const size = (at) => Number(Math.abs(after[at] - before[at]).toPrecision(4));
  return [...indices].reduce((best, at) => {
    const d = size(at) - size(best);
    return d > 0 || (d === 0 && after[at] > after[best]) ? at : best;
  });
}

/** What caused the change, as the start of a sentence. */
function causeText({ cause, state }) {
  if (cause.includes('mask')) return `Switching the causal mask ${state.causal ? 'on' : 'off'}`;
  if (cause.includes('scale')) return `Switching the scaling ${state.scale ? 'on' : 'off'}`;
  if (cause.includes('scaling')) return `Setting the scaling to ${fixed(state.scaling, 2)} × 1/√d_k`;
  if (Object.keys(EXAMPLE).every((key) => EXAMPLE[key].every((x, i) => state[key][i] === x))) return 'Going back to the chapter’s example';
  if (cause.length === 1) return `Your edit of ${MATRICES[cause[0]].name ?? cause[0].toUpperCase()}`;
  return 'The new inputs';
}

/** "Weights (1, 1) 1.000 → 0.000 and (1, 2) 0.000 → 1.000" */
function cellsText(key, indices, before, after) {
  const { cols, format = sig, name = key.toUpperCase() } = MATRICES[key];
  const list = [...indices].sort((a, b) => a - b);
  const parts = list.slice(0, SHOWN_PER_MATRIX).map((at) =>
    `(${Math.floor(at / cols) + 1}, ${at % cols + 1}) ${format(before[key][at])} → ${format(after[key][at])}`);
  if (list.length > SHOWN_PER_MATRIX) parts.push(`${list.length - SHOWN_PER_MATRIX} more`);
  return `${name} ${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]}`;
}

/** "4 (Mask), 5 (Softmax) and 6 (Output)" */
function stepsText(indices) {
  const names = indices.map((i) => `${i + 1} (${STEPS[i].title})`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
}

/**
 * The sentence for step `index`: what `change` changed among the matrices it shows, or, when
 * nothing there changed, which steps show a change. `elsewhere` lists those steps (indices).
 * @returns {{ here: string, elsewhere: number[] }}
 */
export function describeChange(change, index) {
  const { cells, before, state } = change;
  const what = causeText(change);
  const shownHere = STEPS[index].shows.filter((key) => cells.has(key));
  const withChanges = STEPS.map((step, i) => i).filter((i) => STEPS[i].shows.some((key) => cells.has(key)));
  if (shownHere.length) {
    const list = shownHere.map((key) => cellsText(key, cells.get(key), before, state));
    return { here: `${what} changed, at this step: ${list.join('; ')}. The cells that changed are marked Δ.`, elsewhere: [] };
  }
  if (!withChanges.length) return { here: `${what} changed no number at any step.`, elsewhere: [] };
  return {
    here: `${what} changes nothing shown at this step. It changed the numbers at step${withChanges.length > 1 ? 's' : ''} ${stepsText(withChanges)}:`,
    elsewhere: withChanges,
  };
}
