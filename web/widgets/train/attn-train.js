// attn-train.js — <attn-train>: train a small character-level transformer in the browser (in a
// Web Worker, on the C core), watch its loss fall towards the corpus floor, sample from it, and
// read the attention weights of every layer and head on a probe text.
//
// It opens with the shipped model (trained by `npm run train-default`), so the maps show a real
// model at once.
//
// Attributes (declared below; observed and reflected as properties):
//   preset   "small" (default) or "nanogpt": the configuration a new model starts from
//   probe    the probe text (default: a sentence of the default corpus)
// Its numbers come from its training worker: it never loads the page's core (needsCore = false).
// Events: `change` (bubbles) once per action: a model built or loaded, training started or
//         paused, the preset or the probe changed, or the attention function changed (what
//         'attention', with `learner` true or false); detail = { what, step, learner?, preset? }.
// Keyboard: every control is a native button, input or select; the heatmap takes arrow keys.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { choice, text } from '../../ui/attribute-types.js';
import { event, CONTROL_PARTS, FIGURE_PARTS, HEATMAP_EVENTS } from '../../ui/element-declarations.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { Heatmap } from '../../ui/heatmap.js';
import { LineChart } from '../../ui/line-chart.js';
import { TrainClient } from '../../lib/train-client.js';
import { LearnerTrainClient } from '../../lib/learner/learner-train-client.js';
import { saveLastModel, loadLastModel } from './model-store.js';
import { fetchDefaultCheckpoint } from '../../lib/model/default-checkpoint.js';
import { PRESETS } from '../../lib/model/presets.js';
import { fixed } from '../../ui/format.js';
import { FIELDS, buildConfigPanel, buildTrainingPanel, buildSamplePanel, buildProbePanel, buildWeightsPanel, trainSheet } from './train-panels.js';

const DEFAULT_PROBE = 'the queen said "i am late." she was tired.';
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const SHOWN = { ' ': '␣', '\n': '⏎', '\t': '⇥' };

export class AttnTrain extends AttnWidget {
  static title = 'Train a character-level transformer, then read its attention';
  static declaredAttributes = {
    preset: choice(Object.keys(PRESETS), { label: 'preset' }),
    probe: text({ fallback: DEFAULT_PROBE, values: 'any text', shown: 'a sentence of the corpus' }),
  };
  static declaredEvents = {
    change: event({
      when: 'a model was built or loaded, training started or paused, the attention function or the probe changed, or the preset did',
      detail: {
        what: "'build' | 'load' | 'start' | 'pause' | 'attention' | 'probe' | 'preset'", 'step?': 'number',
        'preset?': this.declaredAttributes.preset.type, 'learner?': 'boolean', 'reason?': 'string',
      },
    }),
    ...HEATMAP_EVENTS,
  };
  static declaredParts = { ...CONTROL_PARTS, ...FIGURE_PARTS };
  static needsCore = false;

  inWords() {
    return 'A small transformer learns to predict the next character of a text, right here in the browser. '
      + 'Its loss, in nats per character, starts near the logarithm of the alphabet size, drops below the '
      + 'unigram baseline (the best guess that ignores context) within a few hundred steps, and heads towards '
      + 'the corpus floor, the true unpredictability of the generated text. Samples show what it has learned. '
      + 'Under the chart, each layer and head shows its attention weights on a probe text as a grid: a row per '
      + 'character, a column per earlier character it may look at. Everything above the diagonal is exactly '
      + 'zero, because the causal mask hides the future.';
  }

  /** A new preset fills the model's fields; a new probe text draws its maps. */
  render(changed) {
    if (changed.has('preset')) this.#fillPreset(this.preset);
    if (changed.has('probe') && this.info) {
      this.probeDrawn = true;
      this.#probe();
    }
  }

  changeDetail(changed) {
    return changed.has('preset') ? { what: 'preset', preset: this.preset } : { what: 'probe', step: this.step };
  }

  /** "Show attention" (or Enter in the probe field): applies the probe text and draws its maps,
   *  even when the text is the same (the model may have trained since). */
  #showAttention() {
    this.probeDrawn = false;
    this.act();
    if (!this.probeDrawn) this.#probe();
  }

  build(body) {
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, trainSheet()];
    this.message = h('p', { className: 'message', role: 'status', 'aria-live': 'polite' });
    this.errorLine = h('p', { className: 'error', role: 'alert' });
    this.learnerNote = h('p', { className: 'message learner-note', role: 'status', hidden: true });
    this.learnerAlert = h('p', { className: 'error', role: 'alert', hidden: true });
    this.config = buildConfigPanel();
    this.training = buildTrainingPanel();
    this.chart = new LineChart({ label: 'Loss curves: training and validation loss by step, with the unigram baseline and the corpus floor', xTitle: 'step', yTitle: 'loss (nats per character)' });
    this.samplePanel = buildSamplePanel();
    this.probePanel = buildProbePanel();
    this.weights = buildWeightsPanel();
    body.append(this.message, this.errorLine, this.learnerNote, this.learnerAlert, this.config.element, this.training.element, this.chart.element,
      this.samplePanel.element, this.probePanel.element, this.weights.element);

    this.#fillPreset(this.preset);
    const c = this.config;
    this.routeProblems(c.presetError, ['preset']);
    c.preset.addEventListener('change', () => {
      if (c.preset.value === 'custom') return;
      this.act(() => { this.preset = c.preset.value; });
      this.#fillPreset(c.preset.value); // the same preset again refills what was changed by hand
    });
    for (const input of Object.values(c.inputs)) input.addEventListener('input', () => { c.preset.value = 'custom'; });
    // Every action first applies a probe text typed and not committed yet (act).
    const on = (control, event, action) => control.addEventListener(event, () => this.act(action));
    on(c.file, 'change', () => this.#readFile());
    c.textBox.addEventListener('input', () => { c.useMine.checked = true; });
    on(c.build, 'click', () => this.#build());
    const t = this.training;
    on(t.start, 'click', () => this.#startTraining());
    on(t.pause, 'click', () => this.#pauseTraining());
    on(t.reset, 'click', () => this.#build());
    on(t.bothCores, 'change', () => this.#task('Two cores', () => this.client.request('parallel', { on: t.bothCores.checked })));
    const s = this.samplePanel;
    s.temperature.addEventListener('input', () => { s.temperatureText.textContent = Number(s.temperature.value).toFixed(2); });
    on(s.button, 'click', () => this.#sample());
    const p = this.probePanel;
    this.bindField('probe', p.text, { onEnter: () => this.#showAttention() });
    p.button.addEventListener('click', () => this.#showAttention());
    on(p.layer, 'change', () => this.#drawMap());
    on(p.head, 'change', () => this.#drawMap());
    const w = this.weights;
    on(w.download, 'click', () => this.#download());
    on(w.upload, 'change', () => this.#upload());
    on(w.restore, 'click', () => this.#restore());
    on(w.shipped, 'click', () => this.#loadShipped());
    this.#setRunning(false);
  }

  async begin() {
    this.client = new TrainClient((event) => this.#onEvent(event));
    this.training.coresLabel.hidden = this.client.cores < 2;
    this.client.request('parallel', { on: this.training.bothCores.checked });
    await this.chart.ready;
    this.chart.setSeries([
      { name: 'training loss', colour: getComputedStyle(this).getPropertyValue('--attn-accent').trim() || '#1d5fbf' }, // reads in both themes
      { name: 'validation loss', colour: '#c2410c', points: true },
      { name: 'unigram baseline', colour: '#6b7280', dashed: true, line: true },
      { name: 'corpus floor', colour: '#15803d', dashed: true, line: true },
    ]);
    await this.#loadShipped();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.client?.terminate();
    this.builtinClient?.terminate();
    this.client = null;
  }

  // ---------------------------------------------------------------- the learner's attention (<attn-editor>)
  // this.client is the worker that trains now. While the learner's attention trains (in the
  // learner's worker), this.builtinClient keeps the training worker of the built-in attention,
  // to go back to.

  /** True while training runs the learner's attention function. */
  get usingLearnerAttention() { return Boolean(this.builtinClient); }

  /**
   * "Use my attention": train (and draw maps) with the learner's attention function, given as
   * its source text, or with the built-in C path again when `source` is null. The learner's code
   * runs only in web/workers/learner-worker.js; the current model moves there (and back) as its
   * weights. Throws (with the line, for the learner's errors) when it cannot switch.
   */
  async useAttention(source) {
    if (!this.client) throw new Error('The training lab has not started yet: scroll to it first.');
    if (this.running) await this.#pauseTraining();
    const bytes = await this.client.request('save');
    if (source === null) {
      if (!this.builtinClient) return;
      const info = await this.builtinClient.request('load', { bytes });
      this.client.terminate();
      [this.client, this.builtinClient] = [this.builtinClient, null];
      this.learnerNote.hidden = this.learnerAlert.hidden = true;
      this.#adopt(info, 'Back to the built-in attention');
      this.emitChange({ what: 'attention', step: info.steps, learner: false });
      return;
    }
    const next = new LearnerTrainClient((event) => this.#onEvent(event), (message) => this.#learnerDied(message));
    try {
      await next.request('attention', { source });
      const info = await next.request('load', { bytes });
      if (this.builtinClient) this.client.terminate();
      else this.builtinClient = this.client;
      this.client = next;
      this.learnerNote.hidden = false;
      this.learnerAlert.hidden = true;
      this.learnerNote.textContent = 'Training runs your attention function from the editor below; its gradients come from the autograd, and the maps are the weights your code returns. (Validation loss and samples still use the built-in attention.)';
      this.#adopt(info, 'Now using your attention');
      this.emitChange({ what: 'attention', step: info.steps, learner: true });
    } catch (error) {
      next.terminate();
      throw error;
    }
  }

  /** The learner's worker stopped (a time limit or a crash): back to the C path and its model. */
  async #learnerDied(message) {
    if (!this.builtinClient) return;
    [this.client, this.builtinClient] = [this.builtinClient, null];
    this.#setRunning(false);
    this.learnerNote.hidden = true;
    this.learnerAlert.hidden = false;
    this.learnerAlert.textContent = `${message} The lab went back to the built-in attention.`;
    this.emitChange({ what: 'attention', step: this.step, learner: false, reason: message });
    const info = await this.client.request('info');
    if (info) this.#adopt(info, 'Back to the built-in attention and the model as it was when you switched');
  }

  /** A training loss below the corpus floor cannot be honest: say why. */
  #suspect(loss) {
    const floor = this.info?.baselines?.floor;
    if (!this.builtinClient || floor === null || floor === undefined || !(loss < floor - 0.05)) return;
    this.learnerAlert.hidden = false;
    this.learnerAlert.textContent = `Suspicious: the training loss (${fixed(loss, 3)}) is below the corpus floor (${fixed(floor, 3)}), the loss of a model that knows exactly how the text was generated but sees only the past. No honest model gets there. The likeliest reason is that your attention lets positions see the future, so the model reads the character it is asked to predict: run the causality check in the editor. The validation loss, measured with the built-in causal attention, tells the truth: a model that learned to copy the answer has nothing to copy when it must predict.`;
  }

  // ---------------------------------------------------------------- actions

  async #task(what, body) {
    this.errorLine.textContent = '';
    try {
      return await body();
    } catch (error) {
      this.errorLine.textContent = `${what}: ${error.message}`;
      return undefined;
    }
  }

  #fillPreset(name) {
    const preset = PRESETS[name];
    this.config.preset.value = name;
    for (const f of FIELDS) this.config.inputs[f.name].value = String(preset[f.name]);
  }

  #options() {
    const c = this.config;
    const options = {};
    for (const f of FIELDS) {
      const value = c.inputs[f.name].valueAsNumber;
      options[f.name] = Number.isNaN(value) ? c.inputs[f.name].value : value;
    }
    if (c.useMine.checked) options.text = c.textBox.value;
    return options;
  }

  async #readFile() {
    const file = this.config.file.files?.[0];
    if (!file) return;
    await this.#task('Your file', async () => {
      if (file.size > MAX_FILE_BYTES) throw new Error(`it is ${(file.size / 2 ** 20).toFixed(1)} MB; the lab takes texts up to 5 MB.`);
      this.config.textBox.value = await file.text();
      this.config.useMine.checked = true;
      this.message.textContent = `Read ${file.name}: ${this.config.textBox.value.length} characters. Press “Build model” to train on it.`;
    });
  }

  async #build() {
    await this.#task('The model could not be built', async () => {
      this.message.textContent = 'Building the model…';
      const info = await this.client.request('create', { options: this.#options() });
      this.#adopt(info, 'Built a new model');
      this.emitChange({ what: 'build', step: 0 });
    });
  }

  async #load(bytes, source) {
    return this.#task(`The ${source} could not be loaded`, async () => {
      const info = await this.client.request('load', { bytes });
      this.#adopt(info, `Loaded the ${source}`);
      this.emitChange({ what: 'load', step: info.steps });
      return info;
    });
  }

  async #loadShipped() {
    await this.#task('The shipped model could not be loaded', async () => {
      const bytes = await fetchDefaultCheckpoint();
      await this.#load(bytes, 'shipped model');
    });
  }

  async #startTraining() {
    await this.#task('Training could not start', async () => {
      const until = this.training.until.valueAsNumber;
      await this.client.request('start', { untilStep: Number.isInteger(until) && until > 0 ? until : 2000 });
      this.#setRunning(true);
      this.message.textContent = 'Training…';
      this.emitChange({ what: 'start', step: this.step });
    });
  }

  async #pauseTraining() {
    await this.#task('Training could not pause', async () => {
      const { step, valLoss } = await this.client.request('pause');
      this.#setRunning(false);
      this.message.textContent = `Paused at step ${step}${valLoss === null ? '' : `, validation loss ${fixed(valLoss, 4)} nats per character`}.`;
      if (valLoss !== null) this.training.stats.val.textContent = fixed(valLoss, 4);
      this.emitChange({ what: 'pause', step });
      await this.#keep();
      await this.#probe();
    });
  }

  /** Keeps the current weights in IndexedDB (best effort: private windows may refuse). */
  async #keep() {
    try {
      const bytes = await this.client.request('save');
      await saveLastModel(bytes);
      this.message.textContent += ' The model is kept in this browser.';
    } catch {
      // Not kept; the download button still works.
    }
  }

  async #sample() {
    await this.#task('Sampling failed', async () => {
      const s = this.samplePanel;
      const text = await this.client.request('sample', {
        prompt: s.prompt.value, length: Math.max(1, Math.min(2000, s.length.valueAsNumber || 200)),
        temperature: Number(s.temperature.value), seed: (this.step ?? 0) + 1,
      });
      s.output.textContent = s.prompt.value + text;
    });
  }

  async #probe() {
    await this.#task('The probe failed', async () => {
      this.maps = await this.client.request('probe', { text: this.probe });
      this.#drawMap();
    });
  }

  async #download() {
    await this.#task('The weights could not be saved', async () => {
      const bytes = await this.client.request('save');
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
      const link = h('a', { href: url, download: `attention-lab-step-${this.step}.attnlab` });
      this.shadowRoot.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      this.message.textContent = `Saved the weights (${(bytes.length / 1024).toFixed(0)} KiB).`;
    });
  }

  async #upload() {
    const file = this.weights.upload.files?.[0];
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    await this.#load(bytes, `weights file ${file.name}`);
    this.weights.upload.value = '';
  }

  async #restore() {
    await this.#task('The last model could not be restored', async () => {
      const bytes = await loadLastModel();
      if (!bytes) throw new Error('no model is kept in this browser yet (pause a training run to keep one).');
      await this.#load(bytes, 'last model kept in this browser');
    });
  }

  // ---------------------------------------------------------------- state and drawing

  #adopt(info, verb) {
    this.info = info;
    this.step = info.steps;
    this.#setRunning(false);
    const { config, baselines } = info;
    const st = this.training.stats;
    st.model.textContent = `${config.layers} layers, ${config.heads} heads, d_model ${config.dModel}, context ${config.context}, batch ${config.batch}; ${info.paramCount.toLocaleString('en')} parameters, ${info.vocab.length} characters`;
    st.step.textContent = String(info.steps);
    st.train.textContent = '—';
    st.val.textContent = info.valLoss === null ? '— (no text)' : fixed(info.valLoss, 4);
    st.unigram.textContent = baselines.unigram === null ? '—' : fixed(baselines.unigram, 4);
    st.floor.textContent = baselines.floor === null ? '— (unknown for your own text)' : fixed(baselines.floor, 4);
    st.tokens.textContent = '—';
    st.steps.textContent = '—';
    this.chart.reset();
    this.chart.setLine('unigram baseline', baselines.unigram);
    this.chart.setLine('corpus floor', baselines.floor);
    if (info.valLoss !== null) this.chart.add('validation loss', [[info.steps, info.valLoss]]);
    this.message.textContent = `${verb}: step ${info.steps}${info.valLoss === null ? '' : `, validation loss ${fixed(info.valLoss, 4)} nats per character`}.`;
    this.#fillSelect(this.probePanel.layer, config.layers, 'Layer');
    this.#fillSelect(this.probePanel.head, config.heads, 'Head');
    this.samplePanel.output.textContent = '';
    this.#probe().then(() => this.#sample());
  }

  #fillSelect(select, count, word) {
    const keep = Number(select.value) || 0;
    replaceChildren(select, Array.from({ length: count }, (_, i) => h('option', { value: i }, `${word} ${i + 1}`)));
    select.value = String(Math.min(keep, count - 1));
  }

  #setRunning(running) {
    this.running = running;
    this.training.start.disabled = running;
    this.training.pause.disabled = !running;
    this.config.build.disabled = running;
    this.training.reset.disabled = running;
    for (const b of [this.weights.upload, this.weights.restore, this.weights.shipped, this.training.bothCores]) b.disabled = running;
  }

  #onEvent(event) {
    const st = this.training.stats;
    if (event.type === 'progress') {
      const first = event.step - event.loss.length + 1;
      this.chart.add('training loss', Array.from(event.loss, (y, i) => [first + i, y]));
      this.step = event.step;
      st.step.textContent = String(event.step);
      st.train.textContent = fixed(event.loss[event.loss.length - 1], 4);
      this.#suspect(event.loss[event.loss.length - 1]);
      const cores = event.workers > 1 ? ` (${event.workers} workers)` : event.threads > 1 ? ` (${event.threads} threads)` : '';
      st.tokens.textContent = `${Math.round(event.tokensPerSecond).toLocaleString('en')}${cores}`;
      st.steps.textContent = event.stepsPerSecond.toFixed(2);
    } else if (event.type === 'validation') {
      this.chart.add('validation loss', [[event.step, event.loss]]);
      st.val.textContent = fixed(event.loss, 4);
    } else if (event.type === 'stopped') {
      this.#setRunning(false);
      if (event.reason === 'error') this.errorLine.textContent = `Training stopped: ${event.error.message}`;
      else {
        this.message.textContent = `Trained to step ${event.step}.`;
        this.#keep();
        this.#probe();
      }
    }
  }

  #drawMap() {
    if (!this.maps) return;
    const { layers, heads, t, weights, chars, truncated } = this.maps;
    const layer = Math.min(Number(this.probePanel.layer.value) || 0, layers - 1);
    const head = Math.min(Number(this.probePanel.head.value) || 0, heads - 1);
    const slice = weights.subarray((layer * heads + head) * t * t, (layer * heads + head + 1) * t * t);
    const labels = chars.map((c) => SHOWN[c] ?? c);
    const focus = this.heatmap?.focusedCell;
    this.heatmap = new Heatmap({
      label: `Layer ${layer + 1}, head ${head + 1}: attention weights on the probe text (rows: queries, columns: keys)`,
      rowLabels: labels, colLabels: labels, min: 0, max: 1, format: (x) => fixed(x, 3),
    });
    replaceChildren(this.probePanel.host, this.heatmap.element);
    this.heatmap.update(slice);
    if (focus && focus.row < t && focus.col < t) this.heatmap.setFocus(focus.row, focus.col);
    else this.heatmap.setFocus(Math.min(t - 1, 4), Math.min(t - 1, 3));
    let above = 0, diagonal = 0, previous = 0;
    for (let i = 0; i < t; i++) {
      for (let j = i + 1; j < t; j++) above = Math.max(above, slice[i * t + j]);
      diagonal += slice[i * t + i] / t;
      if (i > 0) previous += slice[i * t + i - 1] / (t - 1);
    }
    this.probePanel.summary.textContent = `${t} characters${truncated ? ' (the probe was cut to the model’s context)' : ''}. `
      + `Largest weight above the diagonal: ${above === 0 ? '0 exactly' : fixed(above, 6)}. `
      + `Mean weight on the character itself: ${fixed(diagonal, 3)}; on the previous character: ${t > 1 ? fixed(previous, 3) : '—'}.`;
  }
}

defineWidget('attn-train', AttnTrain);
