// stepper-steps.js — the six steps of the §6.2 walk, as data: what each step is called, what it
// shows, and how it explains one focused entry in words and numbers. No DOM here; the
// <attn-stepper> element draws whatever these describe.
//
// Every function receives `s`, the stepper's state: the inputs (x, wq, wk, wv), the toggles
// (causal, scale, scaling, multiplier) and the core's results (q, k, v: (2, 2); scores, scaled, masked, weights:
// (2, 2); out: (2, 2)). Entries are row-major; i and j count from 0 and print from 1.

import { fixed, sig, subscript, vector } from '../../ui/format.js';
import { multiplierText, multiplierEffect } from './stepper-scaling.js';

const N = 2, D = 2;
const at = (m, i, j, cols = D) => m[i * cols + j];
const row = (m, i, cols = D) => Array.from(m.slice(i * cols, (i + 1) * cols));
const paren = (x) => (x < 0 ? `(${sig(x)})` : sig(x));
const tok = (i) => `token ${i + 1}`;
/** A weight to 3 decimals, with more digits when rounding would hide that it is not 0 or 1. */
const precise = (w) => (fixed(w) !== sig(w, 6) && /^(0|1)\.000$/.test(fixed(w)) ? `${fixed(w)} (more exactly ${sig(w, 6)})` : fixed(w));

/** Matrix names, shapes and formats the steps refer to (key → how the element draws it). */
export const MATRICES = {
  x: { caption: 'X (2 × 4): one row per token', rows: 2, cols: 4, rowLabels: ['x₁', 'x₂'], editable: true },
  wq: { caption: 'W^Q (4 × 2)', name: 'W^Q', rows: 4, cols: 2, editable: true },
  wk: { caption: 'W^K (4 × 2)', name: 'W^K', rows: 4, cols: 2, editable: true },
  wv: { caption: 'W^V (4 × 2)', name: 'W^V', rows: 4, cols: 2, editable: true },
  q: { caption: 'Q = X·W^Q', name: 'Q', rows: 2, cols: 2, rowLabels: ['q₁', 'q₂'] },
  k: { caption: 'K = X·W^K', name: 'K', rows: 2, cols: 2, rowLabels: ['k₁', 'k₂'] },
  v: { caption: 'V = X·W^V', name: 'V', rows: 2, cols: 2, rowLabels: ['v₁', 'v₂'] },
  scores: { caption: 'Scores Q·Kᵀ', name: 'Scores', rows: 2, cols: 2, keyed: true },
  scaled: { caption: 'Scaled scores', name: 'Scaled', rows: 2, cols: 2, keyed: true },
  mask: { caption: 'Mask M', name: 'Mask', rows: 2, cols: 2, keyed: true },
  masked: { caption: 'Masked scores', name: 'Masked', rows: 2, cols: 2, keyed: true },
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
        text: `${matrix}${subscript(i + 1)}, entry ${j + 1} = row ${i + 1} of X times column ${j + 1} of ${MATRICES[weight].name} = ${terms.join(' + ')} = ${sig(result)}.`,
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
      const products = row(s.q, i).map((qv, p) => sig(qv * at(s.k, j, p)));
      return {
        text: `q${subscript(i + 1)}·k${subscript(j + 1)} = ${terms.join(' + ')} = ${products.join(' + ').replace(/\+ −/g, '− ')} = ${sig(at(s.scores, i, j))}.`,
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
      let text = `Scaling is off, so entry (${i + 1}, ${j + 1}) stays ${sig(scaled)}.`;
      if (s.scale && s.scaling === 1) text = `${sig(score)} ÷ √${D} = ${sig(score)} ÷ ${sig(Math.SQRT2)} = ${sig(scaled)}.`;
      else if (s.scale) text = `${sig(score)} × ${sig(s.multiplier)} = ${sig(scaled)}.`;
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
        text: `${sig(at(s.scaled, i, j))} + ${blocked ? '(−∞)' : '0'} = ${sig(at(s.masked, i, j))}: ${tok(i)} ${blocked ? 'may not' : 'may'} look at ${tok(j)}.`,
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
      const exps = scores.map((x) => Math.exp(x));
      const sum = exps.reduce((a, b) => a + b, 0);
      const weightsRow = row(s.weights, i);
      const total = weightsRow.reduce((a, b) => a + b, 0);
      return {
        text: `Row ${i + 1}: ${scores.map((x, p) => `exp(${sig(x)}) = ${sig(exps[p])}`).join(', ')}; their sum is ${sig(sum)}, so weight (${i + 1}, ${j + 1}) = ${sig(exps[j])} ÷ ${sig(sum)} = ${precise(at(s.weights, i, j))}. The row sums to ${fixed(total)}.`,
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
