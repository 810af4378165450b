// translation-view.js — the drawing side of <attn-translation>: one cross-attention map of the
// held-out sentence (a heatmap, target words × source words, the true alignment outlined) with its
// alignment score beside chance under it; the table of measured time per training step against
// source length with the sequential steps; and the widget's stylesheet. Values in, DOM out.

import { h, replaceChildren } from '../../ui/dom.js';
import { Heatmap } from '../../ui/heatmap.js';
import { fixed } from '../../ui/format.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { msPerStep, scoreWords } from './translation-readings.js';

const TRUE_WORD = 'the true source word';

/** A map of (b)'s cross-attention at one checkpoint, with its score under it. */
export class TranslationMap {
  constructor(title) {
    this.title = title;
    this.host = h('div', { className: 'map-host' });
    this.score = h('p', { className: 'map-score' });
    this.element = h('div', { className: 'translation-map' }, this.host, this.score);
    this.heatmap = null;
  }

  /** A heatmap of these labels and outlined cells (made again only when they change). */
  #place(title, rows, cols, cells) {
    const key = JSON.stringify([title, rows, cols]);
    if (this.key !== key) {
      this.heatmap = new Heatmap({
        label: `(b)’s cross-attention, ${title}: each target word’s weights over the ${cols.length} source words`,
        rowLabels: rows, colLabels: cols, rowTitle: 'target word', colTitle: 'source word', format: (x) => fixed(x, 2),
        cellSize: 18, marked: cells ? { cells, name: TRUE_WORD } : null,
      });
      replaceChildren(this.host, this.heatmap.element);
      this.key = key;
    }
    return this.heatmap;
  }

  /** Before the run is loaded: empty cells for a sentence of `length` words. */
  reserve(length) {
    const dots = Array(length).fill('·');
    this.#place(this.title, dots, dots, null).reserve();
    this.score.textContent = 'Its alignment score, beside chance, is said here once the run is loaded.';
  }

  /** reading: translation-readings.js mapReading() (the map's title stays: its step is said under it). */
  show(reading) {
    if (!reading) return;
    this.#place(this.title, reading.rows, reading.cols, reading.cells).update(reading.weights);
    const bin = reading.binScore === null ? ''
      : ` Over the held-out sentences of ${reading.bin[0]}–${reading.bin[1]} words: ${reading.binScore.toFixed(2)}, chance ${reading.binChance.toFixed(3)}.`;
    replaceChildren(this.score, h('strong', {}, `Step ${reading.step}: `), `${scoreWords(reading.score, reading.chance)}.${bin}`);
    this.score.dataset.score = reading.score.toFixed(4);
  }
}

/** The timing table: the recorded ms per step by source length, with the sequential steps; and,
 *  after a training here, that run's mean ms per step of each model (all lengths mixed). */
export function drawTiming(host, rows, trained) {
  const ms = (x) => (x === null ? '—' : x.toFixed(1));
  const table = h('table', { className: 'timing-table' },
    h('caption', {}, 'Measured in the recorded run: milliseconds per training step (a batch of 32 sentences of one length, one thread)'),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, 'source length'), h('th', { scope: 'col' }, 'sequential steps, (a) and (b)'),
      h('th', { scope: 'col' }, '(a) ms per step'), h('th', { scope: 'col' }, '(b) ms per step'))),
    h('tbody', {}, rows.map((row) => h('tr', {},
      h('th', { scope: 'row' }, String(row.length)), h('td', {}, String(row.sequentialSteps)),
      h('td', {}, ms(row.bottleneck)), h('td', {}, ms(row.attention))))));
  const note = h('p', { className: 'timing-note' },
    'Both recurrences run word after word: the encoder’s S steps, then the decoder’s S, so twice the length, and each step waits for the one before. '
    + '(b)’s attention adds one product of all its target and source positions per sentence, computed for all steps at once.');
  const here = trained ? h('p', { className: 'timing-here' },
    `This training, lengths 3–40 mixed, two workers at once: (a) ${ms(msPerStep(trained.bottleneck))} ms per step, (b) ${ms(msPerStep(trained.attention))} ms per step.`) : null;
  replaceChildren(host, scrollFocus(h('div', { className: 'table-scroll' }, table), 'The step times (scrolls sideways)'), note, here);
}

let sheet = null;

export function translationSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    :host { --translation-bottleneck: #c2410c; }
    @media screen and (prefers-color-scheme: dark) { :host(:not([theme="light"])) { --translation-bottleneck: #fb923c; } }
    @media screen { :host([theme="dark"]) { --translation-bottleneck: #fb923c; } }
    .controls { display: grid; grid-template-columns: fit-content(40%) minmax(0, 1fr); gap: 0.4rem 0.8rem; align-items: center; max-width: 32rem; }
    .controls .field-error { grid-column: 1 / -1; margin: -0.2rem 0 0.2rem; }
    .controls .buttons { grid-column: 1 / -1; display: flex; gap: 0.5rem; flex-wrap: wrap; }
    .controls input[type="number"] { font: inherit; width: 7rem; max-width: 100%; padding: 0.25rem 0.4rem; border: 1px solid var(--attn-border);
      border-radius: 6px; background: var(--attn-bg); color: inherit; }
    input[aria-invalid="true"] { outline: 2px dashed var(--attn-error); }
    .progress-box { margin: 0.5rem 0; display: grid; gap: 0.3rem; }
    .progress-box[hidden] { display: none; }
    .progress-row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
    .progress-name { min-width: 16rem; }
    .status-line { font-size: calc(0.88 * var(--attn-em)); color: var(--attn-muted); }
    .curves { max-width: 44rem; }
    .line-chart { position: relative; height: 280px; width: 100%; }
    .maps { display: flex; flex-wrap: wrap; gap: 0.5rem 2rem; align-items: flex-start; }
    .translation-map { flex: 1 1 20rem; min-width: 0; max-width: 30rem; }
    .map-host { display: block; }
    .map-score { font-size: calc(0.9 * var(--attn-em)); }
    .table-scroll { max-width: 100%; overflow-x: auto; }
    .timing-table { border-collapse: collapse; font-size: calc(0.9 * var(--attn-em)); margin: 0.4rem 0; }
    .timing-table caption { text-align: left; color: var(--attn-muted); padding-bottom: 0.2rem; }
    .timing-table th, .timing-table td { padding: 0.15rem 0.6rem; border-bottom: 1px solid var(--attn-border); text-align: right; }
    .timing-note, .timing-here { max-width: 44rem; font-size: calc(0.9 * var(--attn-em)); }
  `);
  return sheet;
}
