// attn-train.js — <attn-train>: train a small character-level transformer in the browser (in a
// Web Worker, on the C core), watch its loss fall towards the corpus floor, sample from it, and
// read the attention weights of every layer and head on a probe text.
//
// It opens with the shipped model (trained by `npm run train-default`), so the maps show a real
// model at once.
// Before it starts, every place its start fills is laid out for that model's shape (#layOutWaiting),
// so the page does not move when it arrives.
//
// Attributes (declared below; observed and reflected as properties):
//   preset   "small" (default) or "nanogpt": the configuration a new model starts from
//   probe    the probe text (default: a sentence of the default corpus)
// Its numbers come from its training worker: it never loads the page's core (needsCore = false).
// Method for other widgets: modelWeights() → the current model's weights file (<attn-decode>).
// Events: `change` (bubbles) once per action: a model built or loaded, training started or
//         paused, the preset or the probe changed, or the attention function changed (what
//         'attention', with `learner` true or false); detail = { what, step, learner?, preset? }.
//         `progress` (bubbles) as the losses come in and when training stops: detail = { step,
//         running, trainLoss, valLoss, floor, unigram, learner, note } (note: loss-notes.js).
// Methods for <attn-editor>: useAttention(source), startTraining(), pauseTraining(), showLossChart().
// The shipped model comes with its recorded loss curve, drawn as if trained here; a note under
// the chart explains a loss below the corpus floor (peeking) or a growing gap between training
// and validation loss (overfitting) when either happens; the form marks settings that differ
// from the running model (applied-settings.js).
// Keyboard: every control is a native button, input or select; the heatmap takes arrow keys.
// Reading the trained model (the grid of every head, measured roles, consistency, knock-outs, and
// heads specialising while it trains) is heads-panel.js's and specialisation-chart.js's.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { choice, text } from '../../ui/attribute-types.js';
import { event, CONTROL_PARTS, FIGURE_PARTS, HEATMAP_EVENTS } from '../../ui/element-declarations.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { LineChart } from '../../ui/line-chart.js';
import { TrainClient } from '../../lib/train-client.js';
import { LearnerTrainClient } from '../../lib/learner/learner-train-client.js';
import { saveLastModel, loadLastModel } from './model-store.js';
import { fetchDefaultCheckpoint, fetchDefaultCurve, DEFAULT_CHECKPOINT_CONFIG } from '../../lib/model/default-checkpoint.js';
import { PRESETS } from '../../lib/model/presets.js';
import { fixed } from '../../ui/format.js';
import { FIELDS, buildConfigPanel, buildTrainingPanel, buildSamplePanel, showSample, showSampleWaiting, buildProbePanel, buildWeightsPanel, trainSheet } from './train-panels.js';
import { LossHistory } from './loss-notes.js';
import { AppliedSettings } from './applied-settings.js';
import { ProbeMap } from './probe-map.js';
import { HeadsPanel } from './heads-panel.js';
import { SpecialisationChart } from './specialisation-chart.js';
import { headsSheet } from './heads-styles.js';

const DEFAULT_PROBE = 'the queen said "i am late." she was tired.';
const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** The API's names of the form's fields, as the form labels them (for messages from the model's checks). */
const FORM_WORDS = [[/\bdModel\b/g, 'd_model'], [/\blr\b/g, 'learning rate']];
const inFormWords = (message) => FORM_WORDS.reduce((text, [name, label]) => text.replace(name, label), message);

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
    progress: event({
      when: 'as the losses come in, and when training starts or stops',
      detail: {
        step: 'number', running: 'boolean', learner: 'boolean', trainLoss: 'number | null', valLoss: 'number | null',
        floor: 'number | null', unigram: 'number | null', note: "{ kind: 'peeking' | 'overfitting'; title: string; text: string } | null",
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
      + 'Under the chart, a second chart follows how each head\'s scores change at every evaluation. '
      + 'Then one layer and head shows its attention weights on a probe text as a grid: a row per '
      + 'character, a column per earlier character it may look at. Everything above the diagonal is exactly '
      + 'zero, because the causal mask hides the future. A row shows what the head mixed, not what caused the '
      + 'prediction. Below it, every layer and head at once, each with the role the core measured over many '
      + 'windows of validation text (a role is named only above its stated threshold), every score in a table, '
      + 'how alike the heads are, one head\'s score window by window, and the causal test: the validation loss '
      + 'with a head knocked out.';
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
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, trainSheet(), headsSheet()];
    this.message = h('p', { className: 'message', role: 'status', 'aria-live': 'polite' });
    this.errorLine = h('p', { className: 'error', role: 'alert' });
    this.learnerNote = h('p', { className: 'message learner-note', role: 'status', hidden: true });
    this.learnerAlert = h('p', { className: 'error', role: 'alert', hidden: true });
    this.config = buildConfigPanel();
    this.training = buildTrainingPanel();
    this.chart = new LineChart({ label: 'Loss curves: training and validation loss by step, with the unigram baseline and the corpus floor', xTitle: 'step', yTitle: 'loss (nats per character)' });
    this.chart.canvas.tabIndex = -1; // showLossChart() takes the learner here
    this.lossNote = h('p', { className: 'loss-note', role: 'status', hidden: true });
    this.history = new LossHistory();
    this.samplePanel = buildSamplePanel();
    this.specialisation = new SpecialisationChart({ heading: this.subheading });
    this.probePanel = buildProbePanel();
    this.probeMap = new ProbeMap(this.probePanel);
    this.headsPanel = new HeadsPanel({ heading: this.subheading, request: (...args) => this.client.request(...args) });
    this.weights = buildWeightsPanel();
    body.append(this.message, this.errorLine, this.learnerNote, this.learnerAlert, this.config.element, this.training.element, this.chart.element,
      this.lossNote, this.specialisation.element, this.samplePanel.element, this.probePanel.element, this.headsPanel.element, this.weights.element);

    const c = this.config;
    this.appliedSettings = new AppliedSettings(c, (config, ownText) => this.#fillConfig(config, ownText));
    this.#fillPreset(this.preset);
    this.routeProblems(c.presetError, ['preset']);
    this.routeProblems(this.probePanel.problem, ['probe']);
    c.preset.addEventListener('change', () => {
      if (c.preset.value === 'custom') return;
      this.act(() => { this.preset = c.preset.value; });
      this.#fillPreset(c.preset.value); // the same preset again refills what was changed by hand
    });
    for (const input of Object.values(c.inputs)) {
      input.addEventListener('input', () => {
        c.preset.value = 'custom';
        this.appliedSettings.refresh();
      });
    }
    for (const radio of [c.useDefault, c.useMine]) radio.addEventListener('change', () => this.appliedSettings.refresh());
    // Every action first applies a probe text typed and not committed yet (act).
    const on = (control, event, action) => control.addEventListener(event, () => this.act(action));
    on(c.file, 'change', () => this.#readFile());
    c.textBox.addEventListener('input', () => {
      c.useMine.checked = true;
      this.appliedSettings.refresh();
    });
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
    this.#layOutWaiting(DEFAULT_CHECKPOINT_CONFIG);
  }

  /**
   * Before the lab starts: every place its start fills, laid out for the model it loads then (the
   * shipped one, whose shape is its file's config) and the probe text, with “…” for each number,
   * shaded boxes for the charts (LineChart's) and empty cells for the maps, so that the page does
   * not move when the model arrives. Nothing is fetched or computed.
   */
  #layOutWaiting(shape) {
    const { layers, heads, dModel, context, batch } = shape;
    const count = (n, noun) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
    this.message.textContent = 'The shipped model is loaded when the lab comes into view.';
    this.training.stats.model.textContent = `${count(layers, 'layer')}, ${count(heads, 'head')}, d_model ${dModel}, context ${context}, batch ${batch}; … parameters, … characters`;
    showSampleWaiting(this.samplePanel);
    this.#fillSelect(this.probePanel.layer, layers, 'Layer');
    this.#fillSelect(this.probePanel.head, heads, 'Head');
    this.probeMap.reserve(this.probe, 0, 0, context);
    this.headsPanel.reserve(shape);
  }

  async begin() {
    this.client = new TrainClient((event) => this.#onEvent(event));
    this.training.coresLabel.hidden = this.client.cores < 2;
    this.client.request('parallel', { on: this.training.bothCores.checked });
    await Promise.all([this.chart.ready, this.specialisation.ready]);
    this.chart.setSeries([
      { name: 'training loss', colour: getComputedStyle(this).getPropertyValue('--attn-accent').trim() || '#1d5fbf' }, // reads in both themes
      { name: 'validation loss', colour: '#c2410c', points: true, front: true },
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
      this.#adopt(info, 'Back to the built-in attention', { continued: true });
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
      this.learnerNote.textContent = 'Training runs your attention function from the editor below; its gradients come from the autograd, the validation loss is measured through it too, and the maps are the weights your code returns. Samples use the built-in attention, which sees only the past, as generating text must.';
      this.#adopt(info, 'Now using your attention', { continued: true });
      this.emitChange({ what: 'attention', step: info.steps, learner: true });
    } catch (error) {
      next.terminate();
      throw error;
    }
  }

  /**
   * The current model's weights file (a Uint8Array), for other widgets on the page: <attn-decode>
   * decodes with it. Throws a sentence when the lab has not started.
   */
  async modelWeights() {
    if (!this.client) throw new Error('the training lab has not started yet: scroll to it first.');
    return this.client.request('save');
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

  /** Starts training (as the Start button does); resolves to whether it runs. */
  async startTraining() {
    await this.#startTraining();
    return this.running;
  }

  /** Pauses training (as the Pause button does). */
  async pauseTraining() {
    if (this.running) await this.#pauseTraining();
  }

  /** Scrolls the loss chart into view and moves the focus to it. */
  showLossChart() {
    this.chart.canvas.scrollIntoView({ block: 'center' });
    this.chart.canvas.focus({ preventScroll: true });
  }

  // ---------------------------------------------------------------- actions

  /**
   * Runs an action; a failure is shown on the error line (in the form's words) and returns
   * undefined. `pending` is shown while it runs, and on failure the line says what it said before.
   */
  async #task(what, body, pending = null) {
    this.errorLine.textContent = '';
    const before = this.message.textContent;
    if (pending) this.message.textContent = pending;
    try {
      return await body();
    } catch (error) {
      if (pending) this.message.textContent = before;
      this.errorLine.textContent = `${what}: ${inFormWords(error.message)}`;
      return undefined;
    }
  }

  #fillPreset(name) {
    this.#fillConfig(PRESETS[name], this.config.useMine.checked);
  }

  /** Puts a configuration (and the text choice) in the form; the preset select names it if it is one. */
  #fillConfig(config, ownText) {
    const c = this.config;
    for (const f of FIELDS) c.inputs[f.name].value = String(config[f.name]);
    c.preset.value = Object.keys(PRESETS).find((name) => FIELDS.every((f) => PRESETS[name][f.name] === config[f.name])) ?? 'custom';
    (ownText ? c.useMine : c.useDefault).checked = true;
    this.appliedSettings.refresh();
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
    const built = await this.#task('The model could not be built', async () => {
      const info = await this.client.request('create', { options: this.#options() });
      this.#adopt(info, 'Built a new model');
      this.emitChange({ what: 'build', step: 0 });
      return true;
    }, 'Building the model…');
    if (!built) {
      if (this.info) this.errorLine.textContent += ` The model running is unchanged (step ${this.step}).`;
      this.appliedSettings.failed();
    }
  }

  /** Loads a weights file; `curve` (the shipped model's recorded losses) is drawn with it. */
  async #load(bytes, source, curve = null) {
    return this.#task(`The ${source} could not be loaded`, async () => {
      const info = await this.client.request('load', { bytes });
      this.#adopt(info, `Loaded the ${source}`, { curve });
      this.emitChange({ what: 'load', step: info.steps });
      return info;
    }, `Loading the ${source}…`);
  }

  async #loadShipped() {
    await this.#task('The shipped model could not be loaded', async () => {
      const [bytes, curve] = await Promise.all([fetchDefaultCheckpoint(), fetchDefaultCurve().catch(() => null)]);
      await this.#load(bytes, 'shipped model', curve);
      if (!curve) this.message.textContent += ' (Its recorded loss curve could not be loaded: the chart starts at this step.)';
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
      await this.#sample();
      this.headsPanel.trained({ steps: step });
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
      showSample(s, s.prompt.value, text);
    });
  }

  /** The maps of the probe text (every layer and head); a probe the model cannot read is refused
   *  beside its field, and the last good maps stay. */
  async #probe() {
    try {
      this.maps = await this.client.request('probe', { text: this.probe });
      this.setProblem('probe', null);
      this.#drawMap();
      this.headsPanel.setProbe(this.maps);
    } catch (error) {
      this.setProblem('probe', `${error.message}${this.maps ? ' The maps of the last probe stay.' : ''}`);
    }
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

  /**
   * Makes `info` the model shown. A new model starts a new chart, drawn from `curve` when it is
   * the shipped model's record; a model `continued` in another worker (the learner's attention
   * and back) keeps its curves and adds the validation loss measured now.
   */
  #adopt(info, verb, { curve = null, continued = false } = {}) {
    this.info = info;
    this.step = info.steps;
    this.#setRunning(false);
    this.appliedSettings.running(info);
    const { config, baselines } = info;
    const st = this.training.stats;
    const count = (n, noun) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
    st.model.textContent = `${count(config.layers, 'layer')}, ${count(config.heads, 'head')}, d_model ${config.dModel}, context ${config.context}, batch ${config.batch}; ${count(info.paramCount, 'parameter')}, ${count(info.vocab.length, 'character')}`;
    st.step.textContent = String(info.steps);
    st.train.textContent = '—';
    st.val.textContent = info.valLoss === null ? '— (no text)' : fixed(info.valLoss, 4);
    st.unigram.textContent = baselines.unigram === null ? '—' : fixed(baselines.unigram, 4);
    st.floor.textContent = baselines.floor === null ? '— (unknown for your own text)' : fixed(baselines.floor, 4);
    st.tokens.textContent = '—';
    st.steps.textContent = '—';
    if (!continued) {
      this.chart.reset();
      this.history.reset();
      this.chart.setLine('unigram baseline', baselines.unigram);
      this.chart.setLine('corpus floor', baselines.floor);
    }
    if (curve && curve.steps === info.steps) this.#addCurve(curve);
    else if (info.valLoss !== null) this.#addValidation(info.steps, info.valLoss);
    this.#showNote(true);
    this.message.textContent = `${verb}: step ${info.steps}${info.valLoss === null ? '' : `, validation loss ${fixed(info.valLoss, 4)} nats per character`}.`;
    this.#fillSelect(this.probePanel.layer, config.layers, 'Layer');
    this.#fillSelect(this.probePanel.head, config.heads, 'Head');
    this.samplePanel.output.replaceChildren();
    this.headsPanel.setModel(info);
    this.client.request('headHistory').then((history) => this.specialisation.setHistory(history, config.layers, config.heads), () => {});
    this.#probe().then(() => this.#sample());
  }

  #fillSelect(select, count, word) {
    const keep = Number(select.value) || 0;
    replaceChildren(select, Array.from({ length: count }, (_, i) => h('option', { value: i }, `${word} ${i + 1}`)));
    select.value = String(Math.min(keep, count - 1));
  }

  #setRunning(running) {
    this.running = running;
    if (this.info) this.#reportProgress();
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
      this.#addTrain(Array.from(event.loss, (y, i) => [first + i, y]));
      this.step = event.step;
      st.step.textContent = String(event.step);
      st.train.textContent = fixed(event.loss[event.loss.length - 1], 4);
      this.#showNote(false);
      const cores = event.workers > 1 ? ` (${event.workers} workers)` : event.threads > 1 ? ` (${event.threads} threads)` : '';
      st.tokens.textContent = `${Math.round(event.tokensPerSecond).toLocaleString('en')}${cores}`;
      st.steps.textContent = event.stepsPerSecond.toFixed(2);
    } else if (event.type === 'validation') {
      this.#addValidation(event.step, event.loss);
      st.val.textContent = fixed(event.loss, 4);
      this.#showNote(true);
      this.specialisation.add(event.heads);
    } else if (event.type === 'stopped') {
      this.#setRunning(false);
      if (event.reason === 'error') this.errorLine.textContent = `Training stopped: ${event.error.message}`;
      else {
        this.message.textContent = `Trained to step ${event.step}.`;
        this.#keep();
        this.#probe().then(() => this.#sample());
        this.headsPanel.trained({ steps: event.step });
      }
    }
  }

  // ---------------------------------------------------------------- the loss chart and its note

  #addTrain(points) {
    this.chart.add('training loss', points);
    this.history.addTrain(points);
  }

  #addValidation(step, loss) {
    this.chart.add('validation loss', [[step, loss]]);
    this.history.addValidation(step, loss);
  }

  /** The shipped model's recorded curve, drawn as if it had been trained here. */
  #addCurve({ train, validation }) {
    this.#addTrain(train.map((loss, i) => [i + 1, loss]));
    for (const [step, loss] of validation) this.#addValidation(step, loss);
  }

  /**
   * Shows the note the curves call for (loss-notes.js) under the chart. Its text is rewritten
   * when the kind of note changes, or with `fresh` numbers (a validation loss, a new model), so
   * a screen reader hears it once per measurement, not per chunk of steps.
   */
  #showNote(fresh) {
    const note = this.history.note({ floor: this.info?.baselines?.floor ?? null, learner: this.usingLearnerAttention });
    if ((note?.kind ?? null) !== (this.note?.kind ?? null) || fresh) {
      this.lossNote.hidden = !note;
      replaceChildren(this.lossNote, note ? [h('strong', {}, `${note.title}: `), note.text] : []);
    }
    this.note = note;
    this.#reportProgress();
  }

  /** The `progress` event: where training is, for <attn-editor>'s readout. */
  #reportProgress() {
    const last = (list) => list.at(-1)?.[1] ?? null;
    const lastTrain = this.history.train.at(-1);
    this.dispatchEvent(new CustomEvent('progress', {
      bubbles: true,
      detail: {
        step: this.step, running: Boolean(this.running), learner: this.usingLearnerAttention,
        trainLoss: lastTrain ? this.history.recentTrain(lastTrain[0]) : null, valLoss: last(this.history.validation),
        floor: this.info?.baselines?.floor ?? null, unigram: this.info?.baselines?.unigram ?? null, note: this.note,
      },
    }));
  }

  #drawMap() {
    if (!this.maps) return;
    this.probeMap.draw(this.maps, Number(this.probePanel.layer.value) || 0, Number(this.probePanel.head.value) || 0);
  }

  /** The single map's heatmap (what tests read). */
  get heatmap() { return this.probeMap?.heatmap ?? null; }
}

defineWidget('attn-train', AttnTrain);
