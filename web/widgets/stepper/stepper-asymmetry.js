// stepper-asymmetry.js — the stepper's "Asymmetric relevance" panel (the lab text: "the query/key
// split lets relevance be asymmetric: a pronoun can look for a noun without every noun looking
// for a pronoun"). Four tokens, "the cat sat it", each a one-hot feature row of X (determiner,
// noun, verb, pronoun). With separate W^Q and W^K, "it"'s query matches "cat"'s key while "cat"'s
// query ignores "it"; tie them (Q = K = X·W^K) and the score table is symmetric. Every number is
// the core's: Q and K (attn.matmul), the scores Q·Kᵀ (attn.attention's scores step), and
// max |S − Sᵀ| (attn.scoreAsymmetry). Drawn as two of the lab's heatmaps.

import { h, replaceChildren, uniqueId, withSuperscripts } from '../../ui/dom.js';
import { Heatmap } from '../../ui/heatmap.js';
import { sig } from '../../ui/format.js';

export const ASYMMETRY_EXAMPLE = Object.freeze({
  tokens: ['the', 'cat', 'sat', 'it'],
  // (4, 4): one feature per row — determiner, noun, verb, pronoun.
  x: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
  // (4, 2) W^Q: a pronoun asks "where is a noun?" (feature 1); a verb asks for itself (feature 2).
  wq: [0, 0, 0, 0, 0, 1, 3, 0],
  // (4, 2) W^K: a noun answers "I am a noun" (feature 1); a verb "I am a verb" (feature 2).
  wk: [0, 0, 2, 0, 0, 1, 0, 0],
});
const N = 4, D = 4, DK = 2;

/** Both score tables and their asymmetry, from the core. */
export function asymmetryNumbers(attn) {
  const { x, wq, wk } = ASYMMETRY_EXAMPLE;
  const project = (w) => attn.matmul({ a: x, b: w, m: N, k: D, n: DK });
  const scoresOf = (q, k) => attn.attention({ q, k, v: new Float32Array(N), n: N, m: N, dk: DK, dv: 1, scale: false }).scores;
  const k = project(wk);
  const separate = scoresOf(project(wq), k);
  const tied = scoresOf(k, k);
  return {
    separate: { scores: separate, ...attn.scoreAsymmetry({ scores: separate, n: N }) },
    tied: { scores: tied, ...attn.scoreAsymmetry({ scores: tied, n: N }) },
  };
}

const word = (i) => `“${ASYMMETRY_EXAMPLE.tokens[i]}”`;
const at = (scores, i, j) => scores[i * N + j];

/** One table in a sentence: the largest |S_ij − S_ji| and where. */
function asymmetryText({ scores, maxAbs, i, j }) {
  if (maxAbs === 0) return 'max |S − Sᵀ| = 0: the table is symmetric, every pair scores the same both ways.';
  return `max |S − Sᵀ| = ${sig(maxAbs)}: ${word(j)} looking at ${word(i)} scores ${sig(at(scores, j, i))}, `
    + `${word(i)} looking at ${word(j)} scores ${sig(at(scores, i, j))}.`;
}

/** The panel in words (the end of the stepper's "In words"). */
export function asymmetryInWords({ separate, tied }) {
  return `Asymmetric relevance: with separate W^Q and W^K, ${asymmetryText(separate)} With Q = K, ${asymmetryText(tied)}`;
}

export class AsymmetryPanel {
  /** @param {HTMLElement} widget  the <attn-stepper> (its subheading level) */
  constructor(widget) {
    const titleId = uniqueId('asymmetry-title');
    const { tokens } = ASYMMETRY_EXAMPLE;
    const map = (label) => new Heatmap({ label, rowLabels: tokens, colLabels: tokens, min: 0, max: 6, format: (x) => sig(x), cellSize: 44 });
    this.maps = { separate: map('Scores Q·Kᵀ with separate W^Q and W^K'), tied: map('Scores K·Kᵀ, tied: Q = K') };
    this.lines = { separate: h('p', { className: 'asymmetry-number' }), tied: h('p', { className: 'asymmetry-number' }) };
    this.element = h('div', { className: 'lesson-panel asymmetry', role: 'group', 'aria-labelledby': titleId }, // not a landmark: a page may hold two steppers
      h(widget.subheading, { id: titleId }, withSuperscripts('Asymmetric relevance: why separate W^Q and W^K')),
      h('p', {}, withSuperscripts('Four tokens, “the cat sat it”, each with one feature: determiner, noun, verb or pronoun. W^Q gives the '
        + 'pronoun a query that looks for nouns; W^K gives the noun a key that says “noun”. So “it” finds “cat”, while '
        + '“cat” does not look back at “it”. Tie the two (use W^K for the queries too) and the table becomes symmetric: '
        + 'relevance can no longer point one way only.')),
      h('div', { className: 'asymmetry-maps' },
        h('div', {}, this.maps.separate.element, this.lines.separate),
        h('div', {}, this.maps.tied.element, this.lines.tied)));
  }

  /** Before the widget starts: the maps' places, and what their lines will say. */
  reserve() {
    for (const key of ['separate', 'tied']) {
      this.maps[key].reserve();
      replaceChildren(this.lines[key], 'max |S − Sᵀ| = …: the pair that scores most differently, said once computed.');
    }
  }

  /** Draws `numbers` (from asymmetryNumbers). */
  render(numbers) {
    for (const key of ['separate', 'tied']) {
      this.maps[key].update(numbers[key].scores);
      replaceChildren(this.lines[key], asymmetryText(numbers[key]));
    }
  }
}

let sheet = null;
/** The panel's look (adopted by the stepper). */
export function asymmetrySheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .asymmetry-maps { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); gap: 1rem; }
    .asymmetry-maps > div { min-width: 0; }
    .asymmetry-number { font-family: var(--attn-mono); font-size: calc(0.88 * var(--attn-em)); overflow-wrap: anywhere; }
  `);
  return sheet;
}
