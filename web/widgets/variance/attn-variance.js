// attn-variance.js — <attn-variance>: §6.3, why attention divides the scores by √d_k. It draws
// many random query/key pairs through the C core and shows the histogram of their scores, raw
// and scaled, against the normal density each should follow; then how often a softmax over 64
// such scores saturates, raw and scaled, and how many pairs of those scores differ by more than
// the chapter's 20 (variance-gaps.js; both from one pass over the trials); and a "Reproduce the
// chapter" panel (chapter-panel.js) that recomputes the chapter's measurements, its gaps of 20
// included (up to 51 million multiply-adds a width). All of it runs in a Web Worker, with a
// progress bar and Cancel (variance-parts.js), so the page never freezes.
//
// Attributes (declared in variance-fields.js; observed and reflected as properties): dk (1–512,
// default 128), draws (1–10,000,000, default 20,000), seed (0–4,294,967,295, default 1), keys
// (2–4,096, default 64), trials (1–100,000, default 500), threshold (0–1 exclusive, default 0.99).
// Its numbers come from its worker: it never loads the page's core (needsCore = false).
// Events: `change` (bubbles) once per changed setting, detail = the settings (a new measurement
//         follows); `reproduce` (bubbles) when the chapter's measurements are done, detail = the rows.
// Method (declaredMethods): reproduce(), “Reproduce the chapter” for a page's script.
// Keyboard: every control is a native input or button; Enter or leaving a field commits it.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { detailType, event, method, settingsDetail, CONTROL_PARTS, FIGURE_PARTS } from '../../ui/element-declarations.js';
import { h, replaceChildren, uniqueId } from '../../ui/dom.js';
import { mustBeOnPage, refuseCall } from '../../ui/widget-calls.js';
import { Status } from '../../lib/errors.js';
import { fixed, scientific } from '../../ui/format.js';
import { HistogramChart, normalDensity } from '../../ui/histogram-chart.js';
import { placeChartTable } from '../../ui/placed-chart-table.js';
import { ExperimentJobs, Cancelled } from './experiment-jobs.js';
import { FIELDS, PRESET_WIDTHS } from './variance-fields.js';
import { ChapterPanel } from './chapter-panel.js';
import { percent, group, resultsTable, progressRow } from './variance-parts.js';
import { chartColours, varianceSheet } from './variance-view.js';
import { RATIO, ratioJobs, ratioSummary, typicalSize } from './variance-ratio.js';
import { GAP_HEADERS, trialJobs, splitTrialResults, gapCaption, gapNote, gapRows, gapInWordsIntro, gapsInWords } from './variance-gaps.js';

/** The place of a number not measured yet: “…”, about `characters` monospace characters wide. */
function pending(characters) {
  const span = h('span', { className: 'pending' }, '…');
  span.style.minWidth = `${characters}ch`;
  return span;
}

/** Histogram bins. The raw axis stays at ±4·√256 up to d_k = 256, so the chapter's widths can be
 *  compared by eye as the histogram widens; the scaled axis is always ±4. */
const BINS = { raw: 61, scaled: 41 };
const rawHalfWidth = (dk) => 4 * Math.sqrt(Math.max(dk, 256));
const evenEdges = (half, bins) => Array.from({ length: bins + 1 }, (_, i) => -half + (2 * half * i) / bins);
/** A threshold as a percentage, with the digits it has: 0.99 → 99%, 0.999 → 99.9%. */
const thresholdPercent = (t) => `${Number((100 * t).toPrecision(6))}%`;
/** A mean slope p(1 − p): 4 decimals, or a power of ten when 4 decimals would show 0.0000. */
const slope = (x) => (x !== 0 && Math.abs(x) < 5e-5 ? scientific(x, 2) : fixed(x, 4));
/** Below this head width a score, a sum of d_k products of two normal numbers, is visibly not
 *  normal: its excess kurtosis is 6/d_k (0.19 at 32, 6 at 1), peaked at 0 with heavy tails. */
const NORMAL_FROM_DK = 32;

/** What the curves do not show at a small d_k (empty from NORMAL_FROM_DK on): the scores' shape. */
function shapeNote(dk) {
  if (dk >= NORMAL_FROM_DK) return '';
  const kurtosis = Number((6 / dk).toPrecision(2));
  const what = dk === 1 ? 'a single product of two normal numbers, which is not normal'
    : `a sum of only ${dk} products of two normal numbers, which is not quite normal`;
  return `At d_k = ${dk} each score is ${what}: it is more peaked at 0, with heavier tails (excess kurtosis 6/d_k = ${kurtosis}, `
    + `where a normal has 0), so the bars follow the curves only ${dk < 8 ? 'loosely' : 'roughly'}. The curves give the variance the scores `
    + 'should have; their shape comes close to it as d_k grows.';
}

/** The mean slope p(1 − p) of the saturated raw trials set beside its largest value, 0.25. At 0
 *  (p_max rounded to exactly 1 in float32) there is no fraction to give: no gradient at all. */
function slopeSentence(meanGrad) {
  if (meanGrad === 0) {
    return 'In the saturated raw trials the slope p(1 − p) is 0: every p_max is exactly 1 in 32-bit floats (the other keys’ '
      + 'weights are below its precision), so no gradient at all gets through; the largest value the slope can take is 0.25 (at p = 0.5).';
  }
  const times = 0.25 / meanGrad;
  const shown = times < 1000 ? Math.round(times) : Number(times.toPrecision(2));
  return `In the saturated raw trials the slope p(1 − p) averages ${slope(meanGrad)}, about 1/${group(shown)} `
    + 'of the largest value it can take, 0.25 (at p = 0.5).';
}

export class AttnVariance extends AttnWidget {
  static title = 'Why divide by √d_k: random scores, measured';
  static declaredAttributes = Object.fromEntries(Object.entries(FIELDS).map(([name, field]) => [name, field.kind]));
  static declaredEvents = {
    change: event({ when: 'a setting changed (a new measurement follows)', detail: settingsDetail(this.declaredAttributes) }),
    reproduce: event({
      when: '“Reproduce the chapter” finished',
      detail: {
        variance: '{ dk: number; chapter: number; ours: number; scaled: number }[]',
        raw: '{ fraction: number; meanGrad: number; saturated: number; pmax: Float32Array }',
        scaled: '{ fraction: number; meanGrad: number; saturated: number; pmax: Float32Array }',
        gaps: '{ raw: { pairs: number; over: number; fraction: number; meanTopGap: number }; scaled: { pairs: number; over: number; fraction: number; meanTopGap: number } }',
      },
    }),
  };
  static declaredParts = { ...CONTROL_PARTS, ...FIGURE_PARTS };
  static declaredMethods = {
    reproduce: method({
      does: 'reruns the chapter’s measurements in the background, as “Reproduce the chapter” does, and resolves to the rows of the `reproduce` event; '
        + 'rejects with an AttnError when the widget is not on the page, while a run is under way, or when the run fails or is cancelled',
      returns: `Promise<${detailType(this.declaredEvents.reproduce.detail)}>`,
    }),
  };
  static needsCore = false;

  inWords() {
    return 'The widget draws many random query and key vectors whose entries are standard normal, and '
      + 'computes their dot products in the C core. The first chart is a histogram of those raw scores: '
      + 'its spread grows with the head width d_k, and its measured variance is printed beside it, close '
      + 'to d_k. The second chart shows the same scores divided by the square root of d_k: their variance '
      + 'stays near 1 at every width. A curve on each chart is the normal density with the variance the scores should have, '
      + 'which their shape approaches as d_k grows. '
      + `Below, random softmax rows over ${group(this.keys)} keys show how often one key takes more than ${thresholdPercent(this.threshold)} of the weight, `
      + `raw and scaled, how small the softmax slope p(1 − p) becomes when it does, and ${gapInWordsIntro()}. The last panel `
      + 'reruns the chapter’s measurements, in the background with a progress bar, and puts our numbers '
      + `beside the chapter’s. ${this.#nowInWords()}`.trim();
  }

  /** The last measurement in a sentence (empty until there is one). */
  #nowInWords() {
    const m = this.measured;
    if (!m) return '';
    const { settings: { dk, draws, keys, threshold }, raw, scaled, satRaw, satScaled, gaps } = m;
    const ratio = this.ratio ? ` Raw scores at d_k = ${RATIO.wide} are ${fixed(this.ratio.mean, 2)} ± ${fixed(this.ratio.spread, 2)} times as spread out as at d_k = ${RATIO.narrow}.` : '';
    return `Now: at d_k = ${dk}, ${group(draws)} draws, the raw scores have variance ${fixed(raw.variance, 2)} `
      + `(${fixed(raw.ratio, 4)} times d_k), so a typical raw score is about ${typicalSize(dk)}, and the scaled ones ${fixed(scaled.variance, 4)}; over ${group(keys)} keys, `
      + `${percent(satRaw.fraction)} of raw softmax rows and ${percent(satScaled.fraction)} of scaled ones put more than ${threshold} on one key; `
      + gapsInWords(gaps.raw, gaps.scaled)
      + `${shapeNote(dk) ? ` ${shapeNote(dk)}` : ''}${ratio}`;
  }

  build(body) {
    this.live = new ExperimentJobs();
    this.chapterJobs = new ExperimentJobs();
    this.ratioJobs = new ExperimentJobs();
    this.inputs = {};
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, varianceSheet()];

    this.presets = PRESET_WIDTHS.map((dk) => h('button', {
      type: 'button', className: 'secondary preset', 'aria-pressed': 'false',
      'aria-label': `d_k = ${dk}`, onclick: () => this.act(() => { this.dk = dk; }),
    }, String(dk)));
    const scoreControls = h('div', { className: 'fields', role: 'group', 'aria-label': 'Score settings' },
      this.#field('dk', h('span', { className: 'presets', role: 'group', 'aria-label': 'The chapter’s head widths' }, this.presets)),
      this.#field('draws'),
      this.#field('seed'));

    this.liveProgress = progressRow('Measuring', () => this.act(() => this.live.cancel()));
    this.charts = {
      raw: this.#chartFigure('raw', 'Raw scores q·k'),
      scaled: this.#chartFigure('scaled', 'Scaled scores q·k / √d_k'),
    };

    this.saturationBody = h('tbody');
    this.saturationNote = h('p', { className: 'note', 'aria-live': 'polite' });
    this.gapNote = h('p', { className: 'note gap-note', 'aria-live': 'polite' });
    this.gapBody = h('tbody');
    this.gapCaption = h('caption');
    this.saturationCaption = h('caption');
    const saturation = h('section', { className: 'panel', 'aria-labelledby': this.#id('sat-title') },
      h(this.subheading, { id: this.ids['sat-title'] }, 'Softmax saturation: does one key take everything?'),
      h('p', {}, 'Each trial draws one query and a row of keys, turns the scores into softmax weights, '
        + 'and keeps the largest weight p_max. A trial is saturated when p_max is above the threshold. '
        + 'The second table looks at the same scores two at a time: a gap of g between two scores makes one weight e',
      h('sup', {}, 'g'), ' times the other.'),
      h('div', { className: 'fields', role: 'group', 'aria-label': 'Saturation settings' },
        this.#field('keys'), this.#field('trials'), this.#field('threshold')),
      resultsTable('Saturation results (scrolls sideways)', this.saturationCaption,
        ['scores', 'saturated trials', 'mean p(1 − p) in those trials'], this.saturationBody, { verdict: false }),
      resultsTable('Gaps between scores (scrolls sideways)', this.gapCaption, GAP_HEADERS, this.gapBody, { verdict: false }),
      this.gapNote,
      this.saturationNote,
      h('p', { className: 'why' }, 'Why it matters: the slope of a softmax weight with respect to its own score is '
        + 'p(1 − p). Backpropagation multiplies the gradient that reaches the scores by such slopes, so when one '
        + 'weight is nearly 1 the slope is nearly 0, almost no gradient gets through to the query and key '
        + 'weights, and the head stops learning while still looking decisive.'));

    this.ratioReadout = h('p', { className: 'readout', 'aria-live': 'polite' }, 'Measuring…');
    const ratio = h('section', { className: 'panel', 'aria-labelledby': this.#id('ratio-title') },
      h(this.subheading, { id: this.ids['ratio-title'] }, `How much larger are raw scores at d_k = ${RATIO.wide} than at d_k = ${RATIO.narrow}?`),
      h('p', {}, `The standard deviation of raw scores at d_k = ${RATIO.wide} divided by the one at d_k = ${RATIO.narrow}, `
        + `measured in ${RATIO.batches} independent batches of ${group(RATIO.draws)} draws each (with the seed above), so the ratio `
        + 'comes with its spread from batch to batch.'),
      this.ratioReadout);

    this.chapter = new ChapterPanel({
      heading: this.subheading, headingId: this.#id('chapter-title'), jobs: this.chapterJobs,
      act: (fn) => this.act(fn), seed: () => this.seed,
      onDone: (rows) => this.dispatchEvent(new CustomEvent('reproduce', { bubbles: true, detail: rows })),
    });
    this.shapeLine = h('p', { className: 'note shape-note', 'aria-live': 'polite' });
    body.append(scoreControls, this.liveProgress.row, h('div', { className: 'charts' }, this.charts.raw.figure, this.charts.scaled.figure),
      this.shapeLine, ratio, saturation, this.chapter.section);
  }

  #id(key) {
    this.ids ??= {};
    this.ids[key] ??= uniqueId(`variance-${key}`);
    return this.ids[key];
  }

  /** A labelled input bound to its attribute, with its error message beside it. */
  #field(name, extra = null) {
    const { label, step, kind } = FIELDS[name];
    const whole = kind.kind === 'integer';
    const inputId = this.#id(`${name}-input`);
    const input = this.bindField(name, h('input', {
      id: inputId, type: 'number', inputmode: whole ? 'numeric' : 'decimal', step,
      min: whole ? kind.min : undefined, max: whole ? kind.max : undefined,
    }));
    const error = h('p', { className: 'field-error error', 'aria-live': 'polite' });
    this.routeProblems(error, [name]);
    this.inputs[name] = input;
    return h('div', { className: 'field' }, h('label', { for: inputId }, label), h('span', { className: 'field-row' }, input, extra), error);
  }

  #markPreset() {
    for (const button of this.presets) button.setAttribute('aria-pressed', String(button.textContent === String(this.dk)));
  }

  #chartFigure(key, title) {
    const canvas = h('canvas', { 'aria-label': `${title}: not measured yet` });
    const readout = h('p', { className: 'readout', 'aria-live': 'polite' });
    // The box has the chart's shape from the start (shaded until it is drawn), its table row too.
    const box = h('div', { className: 'chart-box waiting' }, canvas);
    const figure = h('figure', { className: 'chart' }, h('figcaption', {}, title), box, readout);
    placeChartTable(canvas, `Histogram of ${key === 'raw' ? 'score q·k' : 'score q·k / √d_k'}`); // HistogramChart's caption
    return { key, canvas, box, readout, figure, chart: null };
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.live?.dispose(); // stops any run and frees the worker; a reconnected widget starts a new one
    this.chapterJobs?.dispose();
    this.ratioJobs?.dispose();
    this.ratioSeed = undefined; // measured again on reconnection
  }

  /** Measures the current settings in the worker, then draws. */
  render() {
    this.#markPreset();
    this.shapeLine.textContent = shapeNote(this.dk);
    this.shapeLine.hidden = !this.shapeLine.textContent;
    if (!this.started) return this.#reserve();
    const settings = this.changeDetail();
    const { dk, draws, seed } = settings;
    const jobs = [
      { kind: 'scoreStats', options: { dk, draws, seed, scaled: false, bins: evenEdges(rawHalfWidth(dk), BINS.raw) } },
      { kind: 'scoreStats', options: { dk, draws, seed, scaled: true, bins: evenEdges(4, BINS.scaled) } },
      ...trialJobs(settings), // saturation, raw and scaled, with the gaps between the same trials' scores
    ];
    this.#measureRatio(seed);
    this.liveProgress.show(true);
    this.live.run(jobs, (f, left) => this.liveProgress.set(f, left)).then(async (results) => {
      this.liveProgress.show(false);
      await this.#drawScores(settings, results[0], results[1]);
      const trials = splitTrialResults(results.slice(2));
      this.#drawSaturation(settings, trials.raw, trials.scaled, trials.gaps);
      this.measured = { settings, raw: results[0], scaled: results[1], satRaw: trials.raw, satScaled: trials.scaled, gaps: trials.gaps };
      this.refreshInWords();
    }, (error) => {
      if (error instanceof Cancelled) {
        if (!this.live.busy) this.liveProgress.show(false);
        return;
      }
      this.liveProgress.show(false);
      this.#showRunError(error);
    });
  }

  /** Measures the chapter's "about 8× larger" ratio, once per seed (it depends on nothing else). */
  #measureRatio(seed) {
    if (this.ratioSeed === seed) return;
    this.ratioSeed = seed;
    this.ratioReadout.textContent = 'Measuring…';
    this.ratioJobs.run(ratioJobs(seed)).then((results) => {
      const summary = ratioSummary(results);
      this.ratio = { seed, mean: summary.mean, spread: summary.spread };
      this.#fillRatio(summary);
      this.refreshInWords();
    }, (error) => {
      if (error instanceof Cancelled) return;
      this.ratioSeed = undefined;
      this.ratioReadout.textContent = error.message;
    });
  }

  /** The ratio's readout; summary null (not measured yet): the same sentence with “…”. */
  #fillRatio(summary) {
    const theory = Math.sqrt(RATIO.wide / RATIO.narrow);
    const measured = summary ? `${fixed(summary.mean, 2)} ± ${fixed(summary.spread, 2)}` : '… ± …';
    replaceChildren(this.ratioReadout, h('strong', {}, `std at d_k = ${RATIO.wide} ÷ std at d_k = ${RATIO.narrow} = ${measured}`),
      ` (mean ± standard deviation over ${RATIO.batches} batches; theory √${RATIO.wide} = ${summary?.theory ?? theory}: the chapter's “about ${summary?.theory ?? theory}× larger”).`);
  }

  #showRunError(error) {
    this.statusLine.hidden = false;
    this.statusLine.classList.add('error');
    this.statusLine.textContent = error.message;
  }

  async #drawScores({ dk, draws }, raw, scaled) {
    this.statusLine.hidden = true;
    const colours = chartColours(this.body);
    const sets = [
      [this.charts.raw, raw, dk, `N(0, ${dk})`, 'score q·k'],
      [this.charts.scaled, scaled, 1, 'N(0, 1)', 'score q·k / √d_k'],
    ];
    for (const [view, result, variance, densityLabel, xLabel] of sets) {
      view.chart ??= await HistogramChart.create(view.canvas, { xLabel, colours });
      view.box.classList.remove('waiting');
      const description = `Histogram of ${group(draws)} ${view.key} scores at d_k = ${dk}; measured variance ${fixed(result.variance, 3)}, `
        + `drawn over the normal density ${densityLabel}.`;
      view.chart.update({ ...result.histogram, total: draws, density: (x) => normalDensity(x, 0, variance), densityLabel, description });
    }
    this.#fillReadouts({ dk, draws }, raw, scaled);
  }

  /** The charts' readouts; raw and scaled null (not measured yet): the same sentences with “…”. */
  #fillReadouts({ dk, draws }, raw, scaled) {
    // Not measured yet: “…” in a box about as wide as the number will be, so the lines wrap alike.
    const shown = (result, x, digits) => (result ? fixed(x(result), digits) : pending(digits + 3));
    replaceChildren(this.charts.raw.readout,
      `d_k = ${dk}, ${group(draws)} draws: mean `, shown(raw, (r) => r.mean, 3), ', variance ', shown(raw, (r) => r.variance, 2), ', ',
      h('strong', {}, 'variance ÷ d_k = ', shown(raw, (r) => r.ratio, 4)), ` (theory: variance ${dk}, ratio 1). `,
      h('strong', {}, `Typical score ${typicalSize(dk)}`), ' (√d_k; measured standard deviation ', shown(raw, (r) => Math.sqrt(r.variance), 2), ').');
    replaceChildren(this.charts.scaled.readout,
      `Same draws divided by √${dk}: mean `, shown(scaled, (r) => r.mean, 3), ', ',
      h('strong', {}, 'variance ', shown(scaled, (r) => r.variance, 4)), ' (theory: 1 at every width).');
  }

  /** Before the widget starts: the readouts, the saturation table and the ratio laid out with
   *  “…” where each measured number goes (nothing is measured), so that starting moves nothing. */
  #reserve() {
    const settings = this.changeDetail();
    this.#fillReadouts(settings, null, null);
    this.#drawSaturation(settings, null, null, null);
    this.#fillRatio(null);
  }

  /** The saturation table and its notes; raw, scaled and gaps ({ raw, scaled } from scoreGaps)
   *  null (not measured yet): “…” in each cell. */
  #drawSaturation({ dk, keys, trials, threshold }, raw, scaled, gaps) {
    const grad = (r) => (Number.isNaN(r.meanGrad) ? 'no saturated trial' : slope(r.meanGrad));
    this.saturationCaption.textContent = `${group(trials)} ${trials === 1 ? 'trial' : 'trials'} at d_k = ${dk} with ${group(keys)} keys; saturated means p_max > ${threshold}`;
    replaceChildren(this.saturationBody,
      [['raw q·k', raw], ['scaled q·k / √d_k', scaled]].map(([name, r]) => h('tr', {},
        h('th', { scope: 'row' }, name),
        h('td', {}, r ? `${percent(r.fraction)} (${group(r.saturated)} of ${group(trials)})` : '…'),
        h('td', {}, r ? grad(r) : '…'))));
    this.gapCaption.textContent = gapCaption({ dk, keys, trials });
    replaceChildren(this.gapBody, ...gapRows(gaps));
    replaceChildren(this.gapNote, ...gapNote(dk, gaps?.raw, gaps?.scaled));
    if (!raw) {
      this.saturationNote.textContent = 'Once the trials are measured, the slope p(1 − p) in the saturated raw trials is averaged here '
        + 'and set beside the largest value it can take, 0.25 (at p = 0.5).';
      return;
    }
    this.saturationNote.textContent = Number.isNaN(raw.meanGrad)
      ? 'No raw trial saturated at these settings: try a wider head or fewer keys.'
      : slopeSentence(raw.meanGrad);
  }

  /** “Reproduce the chapter” for a page's script: resolves to the rows of the `reproduce` event;
   *  rejects with a sentence when the widget is not on the page, while a run is under way, or when
   *  the run fails or is cancelled. */
  async reproduce() {
    mustBeOnPage(this, 'reproduce()');
    if (this.chapter.running) refuseCall('reproduce()', 'the chapter is already being reproduced: wait for it (its `reproduce` event).', Status.UNAVAILABLE);
    let run;
    this.act(() => { run = this.chapter.reproduce(); });
    try {
      return await run;
    } catch (error) {
      const why = error instanceof Cancelled ? 'it was cancelled; the tables keep their last complete results.' : error.message;
      return refuseCall('reproduce()', why, Status.UNAVAILABLE);
    }
  }
}

defineWidget('attn-variance', AttnVariance);
