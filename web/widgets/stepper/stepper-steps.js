// stepper-steps.js — the six steps of the §6.2 walk, as data: what each step is called, what it
// shows, and how it explains one focused entry in words and numbers. No DOM here; the
// <attn-stepper> element draws whatever these describe.
//
// Every function receives `s`, the stepper's state: the inputs (x, wq, wk, wv), the toggles
// (causal, scale, scaling, multiplier) and the core's results (q, k, v: (2, 2); scores, scaled, masked, weights:
// (2, 2); out: (2, 2)). Entries are row-major; i and j count from 0 and print from 1.

import { fixed, scientific, sig, subscript, vector } from '../../ui/format.js';
import { multiplierText, multiplierEffect } from './stepper-scaling.js';

const N = 2, D = 2;
/** A computed entry: 4 significant figures, and from a million on a power of ten (4 × 10¹², not
 *  4000000000000), so that no cell of a matrix is stretched by its digits. */
const num = (x) => (Number.isFinite(x) && Math.abs(x) >= 1e6 ? scientific(x, 4) : sig(x));
const at = (m, i, j, cols = D) => m[i * cols + j];
const row = (m, i, cols = D) => Array.from(m.slice(i * cols, (i + 1) * cols));
const paren = (x) => (x < 0 ? `(${num(x)})` : num(x));
const tok = (i) => `token ${i + 1}`;
/** A weight to 3 decimals, with more digits when rounding would hide that it is not 0 or 1 (a
 *  weight that is exactly 0 or 1 has none to add). */
const precise = (w) => (w !== 0 && w !== 1 && /^(0|1)\.000$/.test(fixed(w)) ? `${fixed(w)} (more exactly ${sig(w, 6)})` : fixed(w));

/** Matrix names, shapes and formats the steps refer to (key → how the element draws it). */
export const MATRICES = {
  x: { caption: 'X (2 × 4): one row per token', rows: 2, cols: 4, rowLabels: ['x₁', 'x₂'], editable: true },
  wq: { caption: 'W^Q (4 × 2)', name: 'W^Q', rows: 4, cols: 2, editable: true },
  wk: { caption: 'W^K (4 × 2)', name: 'W^K', rows: 4, cols: 2, editable: true },
  wv: { caption: 'W^V (4 × 2)', name: 'W^V', rows: 4, cols: 2, editable: true },
  q: { caption: 'Q = X·W^Q', name: 'Q', rows: 2, cols: 2, rowLabels: ['q₁', 'q₂'], format: num },
  k: { caption: 'K = X·W^K', name: 'K', rows: 2, cols: 2, rowLabels: ['k₁', 'k₂'], format: num },
  v: { caption: 'V = X·W^V', name: 'V', rows: 2, cols: 2, rowLabels: ['v₁', 'v₂'], format: num },
  scores: { caption: 'Scores Q·Kᵀ', name: 'Scores', rows: 2, cols: 2, keyed: true, format: num },
  scaled: { caption: 'Scaled scores', name: 'Scaled', rows: 2, cols: 2, keyed: true, format: num },
  mask: { caption: 'Mask M', name: 'Mask', rows: 2, cols: 2, keyed: true },
  masked: { caption: 'Masked scores', name: 'Masked', rows: 2, cols: 2, keyed: true, format: num },
  weights: { caption: 'Weights = softmax(row)', name: 'Weights', rows: 2, cols: 2, keyed: true, format: fixed },
  out: { caption: 'Output = Weights·V', name: 'Output', rows: 2, cols: 2, rowLabels: ['out₁', 'out₂'], format: fixed },
};

export const STEPS = [
  {
    id: 'inputs',
    title: 'Inputs',
    shows: ['x', 'wq', 'wk', 'wv', 'q', 'k', 'v'],
    focusable: ['q', 'k', 'v'],
    focus: { matrix: 'q', i: 0, j: 0 },
    summary: () => 'Each token’s row of X is multiplied by W^Q, W^K and W^V to give its query, key and value. Type in any entry of X or a weight matrix: every step recomputes as you type.',
    explain(s, { matrix, i, j }) {
      const weight = { q: 'wq', k: 'wk', v: 'wv' }[matrix];
      const terms = row(s.x, i, 4).map((x, p) => `${paren(x)}·${paren(at(s[weight], p, j))}`);
      const result = at(s[matrix], i, j);
      return {
        text: `${matrix}${subscript(i + 1)}, entry ${j + 1} = row ${i + 1} of X times column ${j + 1} of ${MATRICES[weight].name} = ${terms.join(' + ')} = ${num(result)}.`,
        marks: { x: { rows: [i] }, [weight]: { cols: [j] }, [matrix]: { cells: [[i, j]] } },
      };
    },
  },
  {
    id: 'scores',
    title: 'Scores',
    shows: ['q', 'k', 'scores'],
    focusable: ['scores'],
    focus: { matrix: 'scores', i: 0, j: 0 },
    summary: () => 'Every query is dotted with every key: entry (i, j) of Q·Kᵀ says how well query i matches key j.',
    explain(s, { i, j }) {
      const terms = row(s.q, i).map((qv, p) => `${paren(qv)}·${paren(at(s.k, j, p))}`);
      const products = row(s.q, i).map((qv, p) => num(qv * at(s.k, j, p)));
      return {
        text: `q${subscript(i + 1)}·k${subscript(j + 1)} = ${terms.join(' + ')} = ${products.join(' + ').replace(/\+ −/g, '− ')} = ${num(at(s.scores, i, j))}.`,
        marks: { q: { rows: [i] }, k: { rows: [j] }, scores: { cells: [[i, j]] } },
      };
    },
  },
  {
    id: 'scale',
    title: 'Scale',
    shows: ['scores', 'scaled'],
    focusable: ['scaled'],
    focus: { matrix: 'scaled', i: 0, j: 0 },
    summary: (s) => {
      if (!s.scale) return 'Scaling is off: the scores pass through unchanged, and softmax sees them at full size.';
      if (s.scaling === 1) return `Divide by √d_k = √${D} ≈ ${sig(Math.SQRT2)}, so that scores do not grow with the width of the vectors.`;
      return `Multiply by ${multiplierText(s)} instead of the chapter’s 1/√d_k: ${multiplierEffect(s)}.`;
    },
    explain(s, { i, j }) {
      const score = at(s.scores, i, j), scaled = at(s.scaled, i, j);
      let text = `Scaling is off, so entry (${i + 1}, ${j + 1}) stays ${num(scaled)}.`;
      if (s.scale && s.scaling === 1) text = `${num(score)} ÷ √${D} = ${num(score)} ÷ ${sig(Math.SQRT2)} = ${num(scaled)}.`;
      else if (s.scale) text = `${num(score)} × ${num(s.multiplier)} = ${num(scaled)}.`;
      return {
        text,
        marks: { scores: { cells: [[i, j]] }, scaled: { cells: [[i, j]] } },
      };
    },
  },
  {
    id: 'mask',
    title: 'Mask',
    shows: ['scaled', 'mask', 'masked'],
    focusable: ['masked'],
    focus: { matrix: 'masked', i: 0, j: 1 },
    summary: (s) => (s.causal
      ? 'The causal mask adds −∞ where a token would look ahead: token 1 may not see token 2.'
      : 'No mask: every entry of M is 0, so every token may look at every token.'),
    explain(s, { i, j }) {
      const blocked = at(s.mask, i, j) === -Infinity;
      return {
        text: `${num(at(s.scaled, i, j))} + ${blocked ? '(−∞)' : '0'} = ${num(at(s.masked, i, j))}: ${tok(i)} ${blocked ? 'may not' : 'may'} look at ${tok(j)}.`,
        marks: { scaled: { cells: [[i, j]] }, mask: { cells: [[i, j]] }, masked: { cells: [[i, j]] } },
      };
    },
  },
  {
    id: 'softmax',
    title: 'Softmax',
    shows: ['masked', 'weights'],
    focusable: ['weights'],
    focus: { matrix: 'weights', i: 1, j: 1 },
    summary: () => 'Softmax turns each row into weights that are zero or more and sum to 1; a blocked entry (−∞) gets weight exp(−∞) = 0.',
    explain(s, { i, j }) {
      const scores = row(s.masked, i);
      const sumOf = (values) => values.reduce((a, b) => a + b, 0);
      const plain = scores.map((x) => Math.exp(x));
      // exp of the scores as they are, unless one overflows (∞ ÷ ∞) or all underflow (0 ÷ 0):
      // then, as the core always does, with the row's largest score subtracted first.
      const overflow = !Number.isFinite(sumOf(plain)), underflow = sumOf(plain) === 0;
      const max = Math.max(...scores);
      const shown = overflow || underflow ? scores.map((x) => x - max) : scores;
      const exps = shown.map((x) => Math.exp(x));
      const sum = sumOf(exps);
      const total = sumOf(row(s.weights, i));
      const why = overflow ? `exp(${num(max)}) would overflow to ∞ (and ∞ ÷ ∞ is NaN)` : 'every exp(score) in the row would underflow to 0 (and 0 ÷ 0 is NaN)';
      const shift = overflow || underflow
        ? `${why}, so the row’s largest score, ${num(max)}, is subtracted first, as the core does (the weights stay the same): ` : '';
      return {
        text: `Row ${i + 1}: ${shift}${shown.map((x, p) => `exp(${num(x)}) = ${num(exps[p])}`).join(', ')}; their sum is ${num(sum)}, so weight (${i + 1}, ${j + 1}) = ${num(exps[j])} ÷ ${num(sum)} = ${precise(at(s.weights, i, j))}. The row sums to ${fixed(total)}.`,
        marks: { masked: { rows: [i] }, weights: { cells: [[i, j]] } },
      };
    },
  },
  {
    id: 'output',
    title: 'Output',
    shows: ['weights', 'v', 'out'],
    focusable: ['out'],
    focus: { matrix: 'out', i: 1, j: 0 },
    summary: () => 'Each token’s output is the average of the value rows, weighted by its row of weights.',
    explain(s, { i }) {
      const weightsRow = row(s.weights, i);
      const parts = weightsRow.map((w, j) => `${fixed(w)}·${vector(row(s.v, j))}`);
      return {
        text: `out${subscript(i + 1)} = ${parts.join(' + ')} = ${vector(row(s.out, i), fixed)}.`,
        marks: { weights: { rows: [i] }, v: { rows: Array.from({ length: N }, (_, j) => j) }, out: { rows: [i] } },
      };
    },
  },
];
