// head-consistency.js — does a head's pattern hold, or is it an artefact of one probe? One head's
// score on each of the measured windows as a histogram (counted by the core), its mean and spread,
// and the windows where it scored lowest, in the middle and highest side by side, each small map
// opening large.
//
//   const view = new HeadConsistency({ heading, openLarge, mapsOf });
//   view.setStats(stats);         // the training worker's `heads` answer (head-stats.js)
//   view.select(g);               // shows head g (l·H + h)
//   view.reserve(shape, windows); // before the lab starts: the chart's box, the readout and the windows' places

import { h, replaceChildren } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { fixed } from '../../ui/format.js';
import { HeadScore } from '../../lib/abi.js';
import { HistogramChart } from '../../ui/histogram-chart.js';
import { placeChartTable } from '../../ui/placed-chart-table.js';
import { chartColours } from '../variance/variance-view.js';
import { headName } from '../../lib/model/head-roles.js';
import { smallMap } from './small-map.js';
import { headOptions } from './head-fields.js';
import { labelled } from './train-panels.js';

/** The scores a learner may follow, by their entry in a head's scores. */
export const SCORE_CHOICES = [
  [HeadScore.previous, 'previous token'], [HeadScore.self, 'itself'],
  ...[2, 3, 4, 5, 6, 7, 8].map((o) => [o, `${o} characters back`]),
  [HeadScore.sink, 'first position (sink)'], [HeadScore.stripe, 'stripes (the most-attended keys)'],
  [HeadScore.entropy, 'row entropy (nats)'], [HeadScore.flat, 'flat share (near-uniform rows)'],
  [HeadScore.induction, 'induction (on a repeated sequence)'],
];
const S = HeadScore.count;

export class HeadConsistency {
  /** openLarge(g, text, weights, t, score): opens a window's map large; mapsOf(text): the probe answer for a text. */
  constructor({ heading, openLarge, mapsOf }) {
    this.openLarge = openLarge;
    this.mapsOf = mapsOf;
    this.head = h('select', {});
    this.score = h('select', {}, SCORE_CHOICES.map(([s, name]) => h('option', { value: s }, name)));
    this.canvas = h('canvas', { 'aria-label': 'Histogram of one head’s score over the windows: not measured yet' });
    this.readout = h('p', { 'aria-live': 'polite' });
    this.windows = h('div', { className: 'side-by-side' });
    // The chart's box has its shape from the start (shaded until drawn), its table row too.
    this.box = h('div', { className: 'chart-box waiting' }, this.canvas);
    this.element = h('section', { className: 'heads-section' },
      h(heading, {}, 'Does the pattern hold? One head, window by window'),
      h('p', {}, 'A pattern seen on one probe may be an accident of that text. Here one score of one head is measured on every window: '
        + 'a narrow histogram is a habit of the head, a wide one depends on the text.'),
      h('div', { className: 'toolbar' }, labelled('Head to check', this.head), labelled('Score', this.score)),
      h('figure', { className: 'consistency-chart' }, this.box),
      this.readout, this.windows);
    placeChartTable(this.canvas, 'Histogram of score on one window'); // HistogramChart's caption
    this.head.addEventListener('change', () => this.#draw());
    this.score.addEventListener('change', () => this.#draw());
  }

  setStats(stats) {
    this.stats = stats;
    const keep = Number(this.head.value) || 0;
    replaceChildren(this.head, headOptions(stats.layers, stats.heads));
    this.head.value = String(Math.min(keep, stats.layers * stats.heads - 1));
    this.#draw();
  }

  /** The places of a model of `shape` ({ layers, heads, context }) not loaded yet (the lab has not
   *  started): its heads in the field, the readout's sentences with “…” for the numbers, and the
   *  three windows, each a shaded map and a line for its text, filled in place by setStats. */
  reserve({ layers, heads, context }, windows) {
    replaceChildren(this.head, headOptions(layers, heads));
    const name = `${headName(0, 0)}, ${SCORE_CHOICES[0][1]}`;
    this.readout.textContent = `${name} over ${windows} windows of the validation text: mean …, spread (standard deviation) …. `
      + 'Each bar stands for the windows whose score fell in it, drawn as a density (windows ÷ (all windows × bar width)); the table lists the counts.';
    const side = Math.max(1, Math.floor(150 / context)) * context; // smallMap's size for a window of `context` characters
    const mapPlace = () => {
      const place = h('div', { className: 'small-map waiting' });
      place.style.width = place.style.height = `${side}px`; // the page's CSP allows no style attribute
      return place;
    };
    replaceChildren(this.windows, ['lowest', 'middle', 'highest'].map((which) => h('figure', { className: 'window-figure' },
      mapPlace(),
      h('figcaption', {}, `The ${which} score: …, on window …, once measured`),
      h('pre', { className: 'window-text waiting' }, `A window of ${context} characters of the validation text, shown once measured.`),
      actionButton({ className: 'secondary', disabled: true }, 'Open window … large'))));
  }

  /** A new model: the old windows are no longer its own; drawing stops until its measurement. */
  clear() {
    this.stats = null;
    this.token = {};
    if (!this.chart) return; // nothing drawn yet: the places laid out before the start stay until the first measurement
    this.readout.textContent = '';
    replaceChildren(this.windows);
  }

  /** Shows head g and scrolls it into view with focus on its head field. */
  select(g, score = HeadScore.previous) {
    this.head.value = String(g);
    this.score.value = String(score);
    this.#draw();
    this.head.focus();
  }

  async #draw() {
    const stats = this.stats;
    if (!stats) return;
    const g = Number(this.head.value), s = Number(this.score.value), count = stats.layers * stats.heads;
    const bins = stats.bins, lo = stats.ranges[2 * s], hi = stats.ranges[2 * s + 1];
    const counts = stats.histograms.subarray((g * S + s) * bins, (g * S + s + 1) * bins);
    const edges = Array.from({ length: bins + 1 }, (_, b) => lo + ((hi - lo) * b) / bins);
    const name = `${headName(Math.floor(g / stats.heads), g % stats.heads)}, ${SCORE_CHOICES.find(([x]) => x === s)[1]}`;
    const mean = stats.summary[(g * S + s) * 2], spread = stats.summary[(g * S + s) * 2 + 1];
    const token = (this.token = {});
    this.chart ??= await HistogramChart.create(this.canvas, { xLabel: 'score on one window', barLabel: 'windows', colours: chartColours(this.element) });
    if (token !== this.token) return;
    const measured = counts.reduce((a, b) => a + b, 0);
    if (measured === 0) {
      this.readout.textContent = `${name}: this score cannot be measured for this model (its context is too short for it).`;
      replaceChildren(this.windows);
      return;
    }
    this.box.classList.remove('waiting');
    this.chart.update({ edges, counts, total: stats.windows, description: `Histogram of ${name} over ${stats.windows} windows: mean ${fixed(mean, 3)}, spread ${fixed(spread, 3)}.` });
    this.readout.textContent = `${name} over ${stats.windows} windows of the validation text: mean ${fixed(mean, 3)}, spread (standard deviation) ${fixed(spread, 3)}. `
      + 'Each bar stands for the windows whose score fell in it, drawn as a density (windows ÷ (all windows × bar width)); the table lists the counts.';
    await this.#sideBySide(g, s, count, token);
  }

  /** The windows where head g scored lowest, in the middle and highest, side by side. */
  async #sideBySide(g, s, count, token) {
    const { stats } = this;
    const values = Array.from({ length: stats.windows }, (_, k) => ({ k, x: stats.scores[(k * count + g) * S + s] })).filter((v) => Number.isFinite(v.x));
    if (values.length === 0) return replaceChildren(this.windows);
    values.sort((a, b) => a.x - b.x);
    const picks = [['lowest', values[0]], ['middle', values[Math.floor(values.length / 2)]], ['highest', values[values.length - 1]]];
    const figures = [];
    for (const [which, { k, x }] of picks) {
      if (s === HeadScore.induction) break; // induction is measured on random repeated sequences, not these windows
      const text = stats.windowTexts[k];
      let maps;
      try {
        maps = await this.mapsOf(text);
      } catch (error) { // the model changed under these windows: a newer measurement redraws them
        if (token === this.token) replaceChildren(this.windows, h('p', {}, `These windows could not be drawn: ${error.message}`));
        return;
      }
      if (token !== this.token) return;
      const t = maps.t, weights = maps.weights.subarray(g * t * t, (g + 1) * t * t);
      const open = actionButton({ className: 'secondary', onclick: () => this.openLarge(g, text, weights, t, `window ${k + 1} (the ${which} score, ${fixed(x, 3)})`) }, `Open window ${k + 1} large`);
      figures.push(h('figure', { className: 'window-figure' },
        smallMap(weights, t, 150),
        h('figcaption', {}, `The ${which} score: ${fixed(x, 3)} on window ${k + 1}`),
        h('pre', { className: 'window-text' }, text), open));
    }
    replaceChildren(this.windows, figures.length ? figures : h('p', {}, 'The induction score is measured on random sequences repeated once, not on these windows: there is no text to show.'));
  }
}
