// specialisation-chart.js — heads specialising while the model trains: at each evaluation the
// training worker measures every head on the same validation windows (head-history.js), and this
// chart, under the loss curve, plots the scores against the step. By default it follows the
// strongest role of each layer (the head and score highest at the last measurement); a select
// shows one score for every head instead (up to 16 heads; with more, each layer's highest).
//
//   const chart = new SpecialisationChart({ heading });  host.append(chart.element);
//   await chart.ready;  chart.setHistory(history, config);  chart.add(entry);
// A model of context 1 has no record, and the note says why: its heads cannot be measured.

import { h } from '../../ui/dom.js';
import { LineChart } from '../../ui/line-chart.js';
import { counted } from '../../ui/format.js';
import { HeadScore } from '../../lib/abi.js';
import { headName } from '../../lib/model/head-roles.js';
import { labelled } from './train-panels.js';
import { FIRST_STEPS } from './loss-curve.js';

const S = HeadScore.count;
/** Okabe and Ito's colour-blind-safe palette; past 8 lines the same colours return dashed. */
const PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#7a6a00', '#555555'];
/** The scores a learner may follow, and the roles the default view picks from. */
const CHOICES = [
  ['strongest', 'the strongest role of each layer'], [HeadScore.previous, 'previous token'], [HeadScore.self, 'itself'],
  [HeadScore.sink, 'first position (sink)'], [HeadScore.stripe, 'stripes'], [HeadScore.flat, 'flat share'], [HeadScore.induction, 'induction'],
];
const ROLE_SCORES = [HeadScore.previous, HeadScore.self, 2, 3, 4, HeadScore.sink, HeadScore.stripe, HeadScore.induction];
const SCORE_NAMES = { [HeadScore.previous]: 'previous token', [HeadScore.self]: 'itself', 2: '2 back', 3: '3 back', 4: '4 back', [HeadScore.sink]: 'sink', [HeadScore.stripe]: 'stripes', [HeadScore.flat]: 'flat share', [HeadScore.induction]: 'induction' };
const MAX_LINES = 16;

export class SpecialisationChart {
  constructor({ heading }) {
    this.choice = h('select', {}, CHOICES.map(([value, text]) => h('option', { value }, text)));
    this.note = h('p', { className: 'message', 'aria-live': 'polite' });
    this.chart = new LineChart({ label: 'Head scores at each evaluation while training, by step', xTitle: 'step', yTitle: 'score (0 to 1)', yRange: [0, 1], steps: FIRST_STEPS });
    this.element = h('section', { className: 'specialisation' },
      h(heading, {}, 'Heads specialising while the model trains'),
      h('p', {}, 'At every evaluation the training worker measures every head on the same windows of validation text. '
        + 'A freshly built model starts with near-uniform rows; watch which scores rise as the loss falls.'),
      h('div', { className: 'toolbar' }, labelled('Show', this.choice)),
      this.chart.element, this.note);
    this.choice.addEventListener('change', () => this.#draw());
    this.history = { entries: [] };
    // Before the model is loaded (the lab has not started): the note's line in place.
    this.note.textContent = 'The heads’ scores at each evaluation are drawn here once the model is loaded.';
  }

  get ready() { return this.chart.ready; }

  /** The model's record (head-history.js) and its configuration ({ layers, heads, context }); draws it. */
  setHistory(history, { layers, heads, context }) {
    this.history = { ...history, entries: [...history.entries] };
    this.shape = { layers, heads, context };
    this.#draw();
  }

  /** A new measurement (the validation event's `heads`). */
  add(entry) {
    if (!entry || !this.shape) return;
    const entries = this.history.entries;
    while (entries.length && entries[entries.length - 1].step >= entry.step) entries.pop();
    entries.push(entry);
    if (this.choice.value === 'strongest') this.#draw(); // the strongest role may change
    else for (const line of this.lines) this.chart.add(line.name, this.#point(line, entry));
  }

  /** The lines to draw: { name, g, s, best? } (best: the highest over a layer's heads). */
  #lines() {
    const { layers, heads } = this.shape, entries = this.history.entries;
    const choice = this.choice.value;
    if (choice === 'strongest') {
      const last = entries[entries.length - 1];
      return Array.from({ length: layers }, (_, l) => {
        let best = null;
        for (let hd = 0; hd < heads; hd++) {
          for (const s of ROLE_SCORES) {
            const x = last?.scores[(l * heads + hd) * S + s];
            if (x !== null && x !== undefined && (!best || x > best.x)) best = { g: l * heads + hd, s, x };
          }
        }
        return best && { name: `layer ${l + 1}: ${headName(l, best.g % heads)}, ${SCORE_NAMES[best.s]}`, g: best.g, s: best.s };
      }).filter(Boolean);
    }
    const s = Number(choice);
    if (layers * heads <= MAX_LINES) return Array.from({ length: layers * heads }, (_, g) => ({ name: `${headName(Math.floor(g / heads), g % heads)}`, g, s }));
    return Array.from({ length: layers }, (_, l) => ({ name: `layer ${l + 1} (its highest head)`, layer: l, s }));
  }

  /** The [step, score] point of `line` in one measurement (none where the score is not measured). */
  #point(line, entry) {
    const { heads } = this.shape;
    const values = line.layer === undefined ? [entry.scores[line.g * S + line.s]]
      : Array.from({ length: heads }, (_, hd) => entry.scores[(line.layer * heads + hd) * S + line.s]);
    const finite = values.filter((x) => x !== null && Number.isFinite(x));
    return finite.length ? [[entry.step, Math.max(...finite)]] : [];
  }

  #draw() {
    if (!this.shape || !this.chart.chart) return;
    this.lines = this.#lines();
    this.chart.element.style.setProperty('--legend-lines', String(this.lines.length));
    this.chart.setSeries(this.lines.map((line, i) => ({ name: line.name, colour: PALETTE[i % PALETTE.length], dashed: i >= PALETTE.length, points: true })));
    for (const line of this.lines) this.chart.add(line.name, this.history.entries.flatMap((entry) => this.#point(line, entry)));
    this.note.textContent = this.#noteText();
  }

  /** What the chart holds, or why it holds nothing. */
  #noteText() {
    const { entries, windows } = this.history, n = entries.length;
    if (this.shape.context < 2) {
      return 'This model reads one character at a time (context 1), so each head can only attend to that one character: '
        + 'there is no choice of position to measure, and no scores are recorded. Build it with a context of 2 or more to follow its heads.';
    }
    if (n === 0) return 'No record of head scores for this model yet (a file saved before the lab kept one): train it to start one.';
    return `${counted(n, 'measurement')}, from step ${entries[0].step} to step ${entries[n - 1].step}, each over ${windows} windows.`;
  }
}
