// attn-translation.js — <attn-translation>: attention's origin story as an experiment trained by
// the C core. Two GRU encoder–decoders learn the same synthetic translation (a word-for-word
// respelling that swaps adjective and noun, so the true alignment is known and is not the
// identity): (a) whose decoder sees the source only through the encoder's final state, and (b)
// the same plus dot-product attention over every encoder state. Before anyone trains it shows the
// recorded run (web/models/translation-run.json): held-out token accuracy against source length
// for both (Chart.js, the shape of Bahdanau et al.'s Figure 2), (b)'s cross-attention map of one
// held-out sentence at step 0 and at the last step with the true alignment outlined, the alignment
// score beside chance, and the measured time per training step against source length beside the
// sequential steps each takes. Train trains both again, one per worker, side by side; the curves
// and the map follow each checkpoint.
//
// Attributes (declared below; observed and reflected as properties):
//   steps       training steps per model, 10–3000 (default 1500, the recorded run's)
//   eval-every  steps between measurements, 5–1000 (default 150)
//   seed        the core's generator's seed (data, weights, batches), 0–4,294,967,295 (default 1)
// A value that cannot be used is refused with a sentence beside its field; the runs on screen stay.
// Events: `change` (bubbles) once per action; `trained` (bubbles) when both models finished,
// detail = { bottleneck, attention } (the records).

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { integer } from '../../ui/attribute-types.js';
import { event, settingsDetail, CONTROL_PARTS, FIGURE_PARTS, HEATMAP_EVENTS } from '../../ui/element-declarations.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { counted } from '../../ui/format.js';
import { actionButton } from '../../ui/action-button.js';
import { LineChart } from '../../ui/line-chart.js';
import { fetchTranslationRecord, RECORD_COMMAND } from '../../lib/translation-record.js';
import { TranslationRuns, Cancelled, TRAIN_STEPS, TRAIN_EVAL_EVERY } from './translation-runs.js';
import { accuracyPoints, describeMeasured, mapReading, timingRows } from './translation-readings.js';
import { TranslationMap, drawTiming, translationSheet } from './translation-view.js';

const STEPS = TRAIN_STEPS;
const EVAL_EVERY = TRAIN_EVAL_EVERY;
const KINDS = ['bottleneck', 'attention'];
const NAMES = { bottleneck: '(a) bottleneck: the final state only', attention: '(b) attention over every state' };
const range = ({ min, max }) => `a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;

export class AttnTranslation extends AttnWidget {
  static title = 'Alignment that emerges from training';
  static needsCore = false;
  static declaredAttributes = {
    steps: integer({ ...STEPS, label: 'steps', message: (text) => `Training steps must be ${range(STEPS)}, but it is “${text}”.` }),
    'eval-every': integer({ ...EVAL_EVERY, label: 'eval-every', message: (text) => `The steps between measurements must be ${range(EVAL_EVERY)}, but it is “${text}”.` }),
    seed: integer({ min: 0, max: 4294967295, fallback: 1, label: 'seed' }),
  };
  static declaredEvents = {
    change: event({ when: 'a setting changed (it applies to the next training)', detail: settingsDetail(this.declaredAttributes) }),
    trained: event({ when: 'both models finished training', detail: {
      bottleneck: '{ kind: string; config: object; lengths: number[][]; checkpoints: object[]; sentence: object }',
      attention: '{ kind: string; config: object; lengths: number[][]; checkpoints: object[]; sentence: object }',
    } }),
    ...HEATMAP_EVENTS,
  };
  static declaredParts = { ...CONTROL_PARTS, ...FIGURE_PARTS };

  inWords() {
    const lead = 'A trained experiment, not a drawing. Two recurrent encoder–decoders (gated recurrent units, the same '
      + 'widths, data, seed and steps) learn a tiny synthetic translation: each word is respelled backwards and given '
      + 'another token, and an adjective and its noun swap places, so the true alignment is known and is not the '
      + 'identity. Model (a) hands its decoder only the encoder’s final state; model (b) also lets every decoder step '
      + 'attend over all the encoder states, with scaled dot-product attention. The chart plots the share of held-out '
      + 'target words each gets right against the source sentence’s length, in six bins from 3 to 40 words. The two '
      + 'heatmaps are (b)’s cross-attention on one held-out sentence of 16 words, a row per target word and a column '
      + 'per source word, at step 0 and at the last step; the true source word of each target word is outlined with a '
      + 'dashed frame. The table gives the measured time of one training step against source length and the '
      + 'sequential steps of both (their recurrence runs word after word: twice the length).';
    const shown = this.shown;
    if (!shown) return lead;
    const said = describeMeasured(shown.runs);
    const map = this.lastMap;
    const mapped = map ? ` On the mapped sentence, at step ${map.step}: ${map.score.toFixed(2)} of each word’s weight on its true source word, against ${map.chance.toFixed(3)} by chance.` : '';
    return `${lead} ${shown.label}, at step ${said.step}: ${said.bottleneck} ${said.attention} ${said.alignment}${mapped}`;
  }

  build(body) {
    this.runs = Object.fromEntries(KINDS.map((kind) => [kind, new TranslationRuns(kind)]));
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, translationSheet()];
    const said = (message) => `${message}${this.shown ? ' The run on screen stays.' : ''}`;
    const field = (name, label) => {
      const input = this.bindField(name, h('input', { type: 'number', id: `translation-${name}`, inputmode: 'numeric', step: 1 }));
      const error = h('p', { className: 'cell-error field-error', role: 'alert', hidden: true });
      this.routeProblems(error, [name], said);
      return [h('label', { for: `translation-${name}` }, label), input, error];
    };
    this.trainButton = actionButton({ onclick: () => this.act(() => this.#train()) }, 'Train both models');
    this.cancelButton = actionButton({ className: 'secondary', hidden: true, onclick: () => this.act(() => this.#cancel()) }, 'Cancel');
    this.runProblem = h('p', { className: 'cell-error', role: 'alert', hidden: true });
    this.routeProblems(this.runProblem, ['run'], said);
    this.progress = Object.fromEntries(KINDS.map((kind) => {
      const bar = h('progress', { max: '1', value: '0', 'aria-label': `Training ${NAMES[kind]}` });
      const text = h('span', { className: 'progress-text' });
      return [kind, { bar, text, row: h('div', { className: 'progress-row' }, h('span', { className: 'progress-name' }, NAMES[kind]), bar, text) }];
    }));
    this.progressBox = h('div', { className: 'progress-box', hidden: true }, ...KINDS.map((kind) => this.progress[kind].row));
    this.status = h('p', { className: 'status-line', role: 'status' });

    this.chart = new LineChart({ label: 'Held-out token accuracy against source length', xTitle: 'source length (words, middle of each bin)', yTitle: 'share of target words right', yRange: [0, 1] });
    this.measuredLine = h('p', { className: 'measured', 'aria-live': 'polite' });
    this.maps = { first: new TranslationMap('before training (step 0)'), now: new TranslationMap('at the latest step measured') };
    this.timingHost = h('div', { className: 'timing' });
    const sub = (text) => h(this.subheading, {}, text);

    body.append(
      h('div', { className: 'controls', part: 'controls', role: 'group', 'aria-label': 'Training' },
        ...field('steps', 'Training steps'), ...field('eval-every', 'Measure every (steps)'), ...field('seed', 'Seed'),
        h('div', { className: 'buttons' }, this.trainButton, this.cancelButton)),
      this.runProblem, this.progressBox, this.status,
      h('div', { className: 'curves' }, this.chart.element, this.measuredLine),
      sub('Where (b) looks: its cross-attention on a held-out sentence'),
      h('div', { className: 'maps' }, this.maps.first.element, this.maps.now.element),
      sub('What each costs: time per training step against source length'),
      this.timingHost);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    for (const runs of Object.values(this.runs ?? {})) runs.dispose(); // a reconnected widget starts fresh workers
  }

  begin() {
    this.recorded = fetchTranslationRecord().then((record) => {
      this.record = record;
      if (!this.training) this.#show({ runs: record.runs, label: 'The recorded run' });
      drawTiming(this.timingHost, timingRows(record), null);
      this.#sayRecorded();
      return record;
    }, (error) => {
      this.setProblem('run', error.message);
    });
  }

  /** Settings apply to the next training: nothing is recomputed when they change. */
  render() {
    if (!this.started) {
      this.status.textContent = 'The recorded run is shown once the widget is in view.';
      replaceChildren(this.measuredLine, 'What the two models measured is said here once the run is loaded.');
      for (const map of Object.values(this.maps)) map.reserve(16);
    }
  }

  #sayRecorded() {
    const { config } = this.record.runs.attention;
    replaceChildren(this.status, `The recorded run: both models trained ${config.steps.toLocaleString('en-US')} steps with the defaults, `
      + 'recorded by ', h('code', {}, RECORD_COMMAND), ' (the page’s core in node, one thread). Train to run it again here.');
  }

  /** Draws a pair of runs (recorded, or as far as training has gone): curves, maps, words. */
  #show(shown) {
    this.shown = shown;
    const { bottleneck, attention } = shown.runs;
    this.chart.ready.then(() => {
      this.chart.setSeries([
        { name: NAMES.bottleneck, colour: seriesColour(this, '--translation-bottleneck'), dashed: true, points: true },
        { name: NAMES.attention, colour: seriesColour(this, '--attn-accent'), points: true },
      ]);
      if (bottleneck.checkpoints.length) this.chart.add(NAMES.bottleneck, accuracyPoints(bottleneck));
      if (attention.checkpoints.length) this.chart.add(NAMES.attention, accuracyPoints(attention));
      this.chart.canvas.dataset.shown = shown.label;
    });
    if (attention.checkpoints.length) {
      const first = mapReading(attention, 0), now = mapReading(attention, -1);
      this.maps.first.show(first);
      this.maps.now.show(now);
      this.lastMap = now;
    }
    if (bottleneck.checkpoints.length && attention.checkpoints.length) {
      const said = describeMeasured(shown.runs);
      replaceChildren(this.measuredLine, h('strong', {}, `${shown.label}, step ${said.step}: `), `${said.bottleneck} ${said.attention} ${said.alignment}`);
    }
    this.refreshInWords();
  }

  #train() {
    const settings = { steps: this.steps, evalEvery: this.evalEvery, seed: this.seed };
    const partial = { bottleneck: partialRun(), attention: partialRun() };
    this.training = true;
    this.setProblem('run', null);
    this.trainButton.disabled = true;
    this.cancelButton.hidden = false;
    this.progressBox.hidden = false;
    const started = performance.now();
    this.status.textContent = `Training both models, ${settings.steps.toLocaleString('en-US')} steps each, one worker per model…`;
    const checkpoints = Math.ceil(settings.steps / settings.evalEvery);
    const runs = KINDS.map((kind) => {
      this.#progress(kind, 0, settings.steps);
      return this.runs[kind].run(settings, ({ checkpoint, lengths, sentence }) => {
        Object.assign(partial[kind], { lengths, sentence });
        partial[kind].checkpoints.push(checkpoint);
        this.#progress(kind, checkpoint.step, settings.steps);
        if (partial.bottleneck.checkpoints.length && partial.attention.checkpoints.length) this.#show({ runs: partial, label: 'Training here' });
      }).then((record) => { partial[kind] = record; return record; });
    });
    Promise.all(runs).then(([bottleneck, attention]) => {
      const seconds = (performance.now() - started) / 1000;
      this.#finish();
      const result = { bottleneck, attention };
      this.#show({ runs: result, label: 'Trained here' });
      this.status.textContent = `Trained here: both models, ${settings.steps.toLocaleString('en-US')} steps each (seed ${settings.seed}, `
        + `${counted(checkpoints, 'measurement')} after step 0), in ${seconds.toFixed(1)} s side by side; training alone took (a) ${bottleneck.checkpoints.at(-1).seconds.toFixed(1)} s, `
        + `(b) ${attention.checkpoints.at(-1).seconds.toFixed(1)} s.`;
      this.dataset.trainedSeconds = seconds.toFixed(1);
      drawTiming(this.timingHost, timingRows(this.record ?? {}), result);
      this.dispatchEvent(new CustomEvent('trained', { bubbles: true, detail: result }));
    }, (error) => {
      for (const kind of KINDS) this.runs[kind].cancel();
      this.#finish();
      if (error instanceof Cancelled) {
        this.status.textContent = 'Cancelled. The curves and the map stay as far as training went.';
        return;
      }
      this.status.textContent = '';
      this.setProblem('run', error.message);
    });
  }

  #cancel() {
    for (const kind of KINDS) this.runs[kind].cancel();
  }

  #finish() {
    // Cancel hides itself: a keyboard reader on it goes back to Train, not to the page's start
    // (the status line's update can make the browser drop the focus of a hidden button before
    // the widget's focus keeper sees it).
    const onCancel = this.shadowRoot.activeElement === this.cancelButton;
    this.training = false;
    this.trainButton.disabled = false;
    this.cancelButton.hidden = true;
    this.progressBox.hidden = true;
    if (onCancel) this.trainButton.focus();
  }

  #progress(kind, step, steps) {
    const { bar, text } = this.progress[kind];
    bar.value = step / steps;
    text.textContent = `step ${step.toLocaleString('en-US')} of ${steps.toLocaleString('en-US')}`;
  }
}

/** A run while it trains: the checkpoints so far, its bins and its mapped sentence. */
function partialRun() {
  return { lengths: null, checkpoints: [], sentence: null };
}

/** A series colour: a CSS custom property of the widget, resolved now (the chart needs a value). */
function seriesColour(widget, name) {
  return getComputedStyle(widget.body).getPropertyValue(name).trim() || '#1d5fbf';
}

defineWidget('attn-translation', AttnTranslation);
