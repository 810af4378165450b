// attn-bottleneck.js — <attn-bottleneck>: the bottleneck attention removed, measured live by the
// C core in a Web Worker. A source of random tokens (letters A–Z) must come back out, as it is
// or reversed, read either from one summary vector of width d or by attention over every stored
// state. A chart (Chart.js) plots the fraction of tokens each recovers against the source's
// length, point by point as the worker measures them; the alignment map (output steps × source
// positions) shows where attention looked for one example, whose source and answers are listed.
//
// Attributes (declared below; observed and reflected as properties):
//   width    d, the summary's width, 16–512 (default 64; 16, 32, 64, 128, 256, 512 are one click away)
//   longest  the longest source measured, 10–80 (default 40): lengths 5, 10, … up to it
//   task     "copy" (default) or "reverse"
//   trials   random sources per length, 1–200 (default 32)
//   seed     the core's generator's seed, 0–4,294,967,295 (default 1)
//   example  the length of the example shown with its alignment map, 2–80 (default 12)
// A value that cannot be used is refused with a sentence beside its field; the last good
// measurement stays on screen.
// Its numbers come from its worker (web/workers/bottleneck-worker.js): it never loads the page's
// core, except where no worker can start. Events: `change` (bubbles) once per action, detail =
// the settings; `measured` (bubbles) when a measurement is complete, detail = { points }.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { choice, integer } from '../../ui/attribute-types.js';
import { event, settingsDetail, CONTROL_PARTS, FIGURE_PARTS, HEATMAP_EVENTS } from '../../ui/element-declarations.js';
import { h, replaceChildren, uniqueId } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { LineChart } from '../../ui/line-chart.js';
import { Heatmap } from '../../ui/heatmap.js';
import { fixed } from '../../ui/format.js';
import { BottleneckRuns, Cancelled } from './bottleneck-runs.js';
import { drawExample, describeCurves, describeCurvesToCome, bottleneckSheet } from './bottleneck-view.js';
import { EXAMPLE, LONGEST, PRESET_WIDTHS, TRIALS, VOCAB, WIDTH, lengthsUpTo, letter, wantedPosition } from './bottleneck-settings.js';

const range = ({ min, max }) => `a whole number from ${min} to ${max}`;

export class AttnBottleneck extends AttnWidget {
  static title = 'The bottleneck, analytic (not trained): a summary against attention';
  static needsCore = false;
  static declaredAttributes = {
    width: integer({ ...WIDTH, label: 'width', message: (text) => `d, the summary’s width, must be ${range(WIDTH)}, but it is “${text}”.` }),
    longest: integer({ ...LONGEST, label: 'longest', message: (text) => `The longest source must be ${range(LONGEST)} tokens, but it is “${text}”.` }),
    task: choice(['copy', 'reverse'], { label: 'task' }),
    trials: integer({ ...TRIALS, label: 'trials', message: (text) => `Sources per length must be ${range(TRIALS)}, but it is “${text}”.` }),
    seed: integer({ min: 0, max: 4294967295, fallback: 1, label: 'seed' }),
    example: integer({ ...EXAMPLE, label: 'example', message: (text) => `The example’s length must be ${range(EXAMPLE)} tokens, but it is “${text}”.` }),
  };
  static declaredEvents = {
    change: event({ when: 'a setting changed (a new measurement follows)', detail: settingsDetail(this.declaredAttributes) }),
    measured: event({ when: 'a measurement is complete', detail: { points: '{ length: number; summary: number; attention: number }[]' } }),
    ...HEATMAP_EVENTS,
  };
  static declaredParts = { ...CONTROL_PARTS, ...FIGURE_PARTS };

  inWords() {
    return 'A measured comparison, not a drawing of a formula. Random sources of letters must be copied, or '
      + 'reversed, by two decoders that know the same things: a random vector for each letter, and a random '
      + 'code of plus and minus ones for each position. The first decoder gets one summary of width d: every '
      + 'letter’s vector multiplied entry by entry by its position’s code, all added into one vector, the '
      + 'final state of a simple linear encoder. To read a position it undoes that position’s code; what it '
      + 'reads is the letter plus crosstalk from every other letter, and it answers the nearest letter. The '
      + 'second decoder keeps every position’s code and letter, and uses attention: its query is the code of '
      + 'the position it needs, the softmax weights pick that position out, and it answers the letter nearest '
      + 'to the blend. The chart plots the fraction of letters each gets right against the source’s length. '
      + 'The summary’s crosstalk grows with every letter added while its width stays d, so its curve falls '
      + 'once the source is a fair fraction of d, later for a wider summary; attention’s scores single out '
      + 'the right position by about the square root of d however long the source is, so its curve stays near '
      + 'the top. The heatmap is the alignment for one example, a bright diagonal (anti-diagonal when '
      + 'reversing): each output step looks at the source position it needs. Here the queries are given; in a '
      + 'trained model they are learned.';
  }

  build(body) {
    this.runs = new BottleneckRuns();
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, bottleneckSheet()];
    this.widthButtons = PRESET_WIDTHS.map((width) => h('button', {
      type: 'button', className: 'secondary preset', 'aria-pressed': 'false', 'aria-label': `d = ${width}`,
      onclick: () => this.act(() => { this.width = width; }),
    }, String(width)));
    // A refused value is said on the line under its own field (the six fields shared one line
    // under the last, five rows from the first); a failed run, under them all.
    const said = (message) => `${message}${this.result ? ' The last good measurement is still shown.' : ''}`;
    const field = (name, label, extra = null) => {
      const input = this.bindField(name, h('input', { type: 'number', id: `bottleneck-${name}`, inputmode: 'numeric', step: 1 }));
      const error = h('p', { className: 'cell-error field-error', role: 'alert', hidden: true });
      this.routeProblems(error, [name], said);
      return [h('label', { for: `bottleneck-${name}` }, label), h('span', { className: 'field-row' }, input, extra), error];
    };
    const taskName = uniqueId('bottleneck-task');
    this.taskRadios = Object.fromEntries(['copy', 'reverse'].map((task) => [task, h('input', {
      type: 'radio', name: taskName, onchange: () => this.act(() => { this.task = task; }),
    })]));
    this.runProblem = h('p', { className: 'cell-error', role: 'alert', hidden: true });
    this.routeProblems(this.runProblem, ['run'], said);

    this.progress = h('progress', { max: '1', value: '0', 'aria-label': 'Measuring' });
    this.progressText = h('span', { className: 'progress-text' });
    this.progressRow = h('div', { className: 'progress-row', hidden: true },
      h('span', {}, 'Measuring…'), this.progress, this.progressText,
      actionButton({ className: 'secondary', onclick: () => this.act(() => this.runs.cancel()) }, 'Cancel'));
    this.status = h('p', { className: 'status-line', role: 'status' });

    this.chart = new LineChart({ label: 'Tokens recovered against the source’s length', xTitle: 'source length (tokens)', yTitle: 'fraction of tokens recovered', yRange: [0, 1] });
    this.summaryLine = h('p', { className: 'curves', 'aria-live': 'polite' });
    this.mapHost = h('div', { className: 'alignment' });
    this.exampleHost = h('div', { className: 'example' });
    const sub = (text) => h(this.subheading, {}, text);

    body.append(
      h('div', { className: 'controls', part: 'controls', role: 'group', 'aria-label': 'What to measure' },
        ...field('width', 'Summary width d', h('span', { className: 'presets', role: 'group', 'aria-label': 'Widths one click away' }, this.widthButtons)),
        ...field('longest', 'Longest source'),
        h('span', { id: 'bottleneck-task-label' }, 'Task'),
        h('span', { className: 'radio-row', role: 'radiogroup', 'aria-labelledby': 'bottleneck-task-label' },
          h('label', {}, this.taskRadios.copy, ' copy the source'), h('label', {}, this.taskRadios.reverse, ' reverse it')),
        ...field('trials', 'Sources per length'),
        ...field('seed', 'Seed'),
        ...field('example', 'Example’s length')),
      this.runProblem, this.progressRow, this.status,
      h('div', { className: 'results' },
        h('div', {}, this.chart.element, this.summaryLine),
        h('div', {}, sub('Where attention looked: the alignment for one example'), this.mapHost, this.exampleHost)));
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.runs?.dispose(); // a reconnected widget starts a fresh worker on its next run
  }

  #syncControls() {
    for (const button of this.widthButtons) button.setAttribute('aria-pressed', String(button.textContent === String(this.width)));
    this.taskRadios[this.task].checked = true;
  }

  /** Measures the current settings in the worker, drawing each length as it comes. */
  render() {
    this.#syncControls();
    const settings = { width: this.width, longest: this.longest, task: this.task, trials: this.trials, seed: this.seed, example: this.example };
    if (!this.started) return this.#reserve(settings);
    // The same settings as the measurement on screen or under way (a refused value put back, a
    // redraw): nothing to measure again, and the chart stays.
    const key = JSON.stringify(settings);
    if (key === this.measuredKey) return;
    this.measuredKey = key;
    const lengths = lengthsUpTo(settings.longest);
    const names = { summary: `one summary of width d = ${settings.width}`, attention: 'attention over every state' };
    this.progressRow.hidden = false;
    this.#progress(0, lengths.length);
    this.status.textContent = `Measuring ${lengths.length} lengths, ${settings.trials} sources each…`;
    const run = this.chart.ready.then(() => {
      this.chart.setSeries([
        { name: names.summary, colour: seriesColour(this, '--bottleneck-summary'), dashed: true, points: true },
        { name: names.attention, colour: seriesColour(this, '--attn-accent'), points: true },
      ]);
      return this.runs.run({ lengths, width: settings.width, vocab: VOCAB, trials: settings.trials, seed: settings.seed, task: settings.task, example: settings.example }, ({ done, total, point }) => {
        this.chart.add(names.summary, [[point.length, point.summary]]);
        this.chart.add(names.attention, [[point.length, point.attention]]);
        this.#progress(done, total);
      });
    });
    run.then((result) => {
      this.progressRow.hidden = true;
      this.setProblem('run', null);
      const first = !this.result;
      this.result = { ...result, settings };
      if (first) this.redrawProblems(); // a value refused before the first measurement: its last good one is now shown
      this.status.textContent = `Measured ${lengths.length} lengths from 5 to ${settings.longest} tokens, ${settings.trials} random sources each (seed ${settings.seed}).`;
      replaceChildren(this.summaryLine, ...describeCurves(result.points, settings.width));
      this.#drawExample(result.example, settings.task);
      this.chart.canvas.dataset.measured = `${settings.width}/${settings.longest}/${settings.task}`;
      this.dispatchEvent(new CustomEvent('measured', { bubbles: true, detail: { points: result.points } }));
    }, (error) => {
      if (this.measuredKey === key) this.measuredKey = null; // not measured: the same settings may run again
      if (error instanceof Cancelled) {
        if (!this.runs.busy) {
          this.progressRow.hidden = true;
          this.status.textContent = 'Cancelled. The chart shows the lengths measured before.';
        }
        return;
      }
      this.progressRow.hidden = true;
      this.status.textContent = '';
      this.setProblem('run', error.message);
    });
  }

  /** Before the widget starts: the status, the curves' sentence, the alignment map and the
   *  example's table laid out for the settings, with “…” and “·” where the measurement goes
   *  (nothing is measured), so that starting moves nothing. */
  #reserve(settings) {
    this.status.textContent = `${lengthsUpTo(settings.longest).length} lengths, ${settings.trials} sources each, are measured once the widget is in view.`;
    replaceChildren(this.summaryLine, ...describeCurvesToCome(settings.longest, settings.width));
    const length = settings.example, dots = Array(length).fill('·');
    this.#placeMap(length, dots, dots).reserve();
    drawExample(this.exampleHost, { length, source: null, expected: null, fromSummary: null, fromAttention: null });
  }

  /** The alignment map for an example of `length` tokens (made again only when the length changes). */
  #placeMap(length, rowLabels, colLabels) {
    const key = `${length}`;
    if (this.map?.key !== key) {
      const heatmap = new Heatmap({
        label: `Alignment: each output step’s attention weights over the ${length} source positions`,
        rowLabels, colLabels, rowTitle: 'step', colTitle: 'source', format: (x) => fixed(x, 2),
      });
      replaceChildren(this.mapHost, heatmap.element);
      this.map = { key, heatmap };
    } else {
      this.map.heatmap.rowLabels = rowLabels;
      this.map.heatmap.colLabels = colLabels;
    }
    return this.map.heatmap;
  }

  #progress(done, total) {
    this.progress.value = total ? done / total : 0;
    this.progressText.textContent = `${done} of ${total} lengths`;
  }

  #drawExample(example, task) {
    const { length, alignment, source } = example;
    const expected = Array.from({ length }, (_, i) => source[wantedPosition(task, i, length)]);
    this.#placeMap(length, expected.map(letter), Array.from(source, letter)).update(alignment);
    drawExample(this.exampleHost, { ...example, expected });
  }
}

/** A series colour: a CSS custom property of the widget, resolved now (the chart needs a value). */
function seriesColour(widget, name) {
  return getComputedStyle(widget.body).getPropertyValue(name).trim() || '#1d5fbf';
}

defineWidget('attn-bottleneck', AttnBottleneck);
