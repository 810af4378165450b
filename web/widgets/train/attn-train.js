// attn-train.js — <attn-train>: train a small character-level transformer in the browser (in a
// Web Worker, on the C core), watch its loss fall towards the corpus floor, sample from it, and
// read the attention weights of every layer and head on a probe text. This file is the element:
// its declarations, its panels built and wired, its start, the actions its buttons take, the
// model it shows (#adopt) and its public methods.
//
// It opens with the model the learner trained and this browser kept, if there is one (its loss
// curve, step and own text with it), else with the shipped model (trained by `npm run
// train-default`) and its recorded loss curve, drawn as if trained here, so the maps show a real
// model at once. While training runs, the samples, the map and the heads grid are drawn again at
// each evaluation, each labelled with the step it was computed at. Before it starts, every place
// its start fills is laid out for that model's shape (#layOutWaiting), so the page does not move.
//
// Attributes (declared below; observed and reflected as properties):
//   preset   "small" (default) or "nanogpt": the configuration a new model starts from
//   probe    the probe text (default: a sentence of the default corpus)
// Its numbers come from its training worker: it never loads the page's core (needsCore = false).
// Methods (declaredMethods), for <attn-editor>, <attn-decode> and any page's script:
//         useAttention(source), startTraining(), pauseTraining(), showLossChart(), modelWeights()
//         (the current model's weights file: <attn-decode>'s "The training lab's model").
// Events: `change` (bubbles) once per action: a model built or loaded, training started or
//         paused, the preset or the probe changed, or the attention function changed (what
//         'attention', with `learner` true or false); detail = { what, step, learner?, preset? }.
//         `progress` (bubbles) as the losses come in and when training stops: detail = { step,
//         since (the step at which the model and the attention function in use came together: a
//         model arrived, or the function changed; the steps before it were trained otherwise),
//         running, trainLoss, valLoss, floor, unigram, learner, note, stopped } (note: loss-notes.js;
//         stopped: why it is not running, null while it runs: { reason: 'done' (it reached its
//         target step) | 'pause' | 'error' | 'model' (a model arrived: built, loaded, switched), step,
//         valLoss (at the pause, for 'pause'), message (for 'error') }).
// Keyboard: every control is a native button, input or select; the heatmap takes arrow keys.
//
// Its parts, one file each here:
//   train-panels.js       the panels' controls, built once (no behaviour)
//   model-form.js         the "Model and text" form (applied-settings.js: what differs from the running model)
//   training-stats.js     the numbers under Start and Pause
//   loss-curve.js         the loss chart and the note under it (loss-notes.js: peeking, overfitting)
//   attention-switch.js   "Use my attention": the learner's attention function or the built-in one
//   weights-actions.js    the Weights panel's actions, and the model kept in this browser (model-store.js),
//                         which the lab comes back to when it starts (kept-line.js says so at its top)
//   discard-dialog.js     asks before Build model or Reset throws a trained model away
//   probe-map.js          the single attention map
//   heads-panel.js, specialisation-chart.js   reading the trained model: every head, its measured
//                         role, consistency and knock-outs; heads specialising while it trains
//   patch-panel.js        activation patching of a clean and a corrupted prompt, over heads and positions

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { choice, text } from '../../ui/attribute-types.js';
import { event, method, CONTROL_PARTS, FIGURE_PARTS, HEATMAP_EVENTS } from '../../ui/element-declarations.js';
import { h } from '../../ui/dom.js';
import { DEFAULT_CHECKPOINT_CONFIG } from '../../lib/model/default-checkpoint.js';
import { PRESETS } from '../../lib/model/presets.js';
import { fixed } from '../../ui/format.js';
import { buildConfigPanel, buildTrainingPanel, buildSamplePanel, showSample, showSampleWaiting, buildProbePanel, buildWeightsPanel, trainSheet, asOfText } from './train-panels.js';
import { KeptLine } from './kept-line.js';
import { DiscardDialog } from './discard-dialog.js';
import { LossCurve } from './loss-curve.js';
import { AttentionSwitch } from './attention-switch.js';
import { WeightsActions } from './weights-actions.js';
import { ModelForm, inFormWords } from './model-form.js';
import { TrainingStats } from './training-stats.js';
import { ProbeMap } from './probe-map.js';
import { HeadsPanel } from './heads-panel.js';
import { PatchPanel } from './patch-panel.js';
import { SpecialisationChart } from './specialisation-chart.js';
import { headsSheet } from './heads-styles.js';
import { sayBeside } from './field-problem.js';
import { readWholeNumber } from '../../ui/number-field.js';
import { Status } from '../../lib/errors.js';
import { mustBeOnPage, mustHaveStarted, refuseCall, shown } from '../../ui/widget-calls.js';

const DEFAULT_PROBE = 'the queen said "i am late." she was tired.';

export class AttnTrain extends AttnWidget {
  #turns = Promise.resolve(); // the switch, start or pause under way (#inTurn)
  #switches = 0;              // switches of attention function asked for and not done
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
        step: 'number', since: 'number', running: 'boolean', learner: 'boolean', trainLoss: 'number | null', valLoss: 'number | null',
        floor: 'number | null', unigram: 'number | null', note: "{ kind: 'peeking' | 'overfitting'; title: string; text: string } | null",
        stopped: "{ reason: 'done' | 'pause' | 'error' | 'model'; step: number; valLoss?: number | null; message?: string } | null",
      },
    }),
    ...HEATMAP_EVENTS,
  };
  static declaredParts = { ...CONTROL_PARTS, ...FIGURE_PARTS };
  // For <attn-editor>, <attn-decode> and any page's script; before the lab has started each throws
  // (or rejects) with an AttnError saying so (widget-calls.js).
  static declaredMethods = {
    useAttention: method({
      does: 'trains (and draws maps) with the learner’s attention function, given as its source text, or with the built-in C path again for null; '
        + 'pauses training first; rejects with a sentence (with the line, for the learner’s errors) when it cannot switch, the lab has not started or the source is not a string or null',
      parameters: { source: 'string | null' }, returns: 'Promise<void>',
    }),
    startTraining: method({
      does: 'starts training, as the Start button does, after a switch of attention function under way (useAttention), so that the new function trains; '
        + 'resolves to whether it runs (false when “Train until step” is refused, said beside it); '
        + 'rejects with an AttnError before the lab has started or when training cannot start',
      returns: 'Promise<boolean>',
    }),
    pauseTraining: method({ does: 'pauses training, as the Pause button does, after a switch or start under way (nothing to do when it is not running); rejects with an AttnError before the lab has started', returns: 'Promise<void>' }),
    showLossChart: method({ does: 'scrolls the loss chart into view and moves the focus to it; throws an AttnError when the lab is not on the page' }),
    modelWeights: method({
      does: 'resolves to the current model’s weights file (what “Download weights” saves; <attn-decode> decodes with it); '
        + 'rejects with an AttnError before the lab has started',
      returns: 'Promise<Uint8Array>',
    }),
  };
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
      + 'windows of validation text, each score beside its chance level (the score of a head that spreads its weight '
      + 'evenly over the same windows); a role is named only when the score clears both a stated threshold and a stated '
      + 'multiple of that chance level. Every score is in a table, '
      + 'how alike the heads are, one head\'s score window by window, and the causal test: the validation loss '
      + 'with a head knocked out.';
  }

  /** A new preset fills the model's fields; a new probe text draws its maps. */
  render(changed) {
    if (changed.has('preset')) this.form.fillPreset(this.preset);
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
    const lab = this.#hooks(); // what the parts below may ask of the lab
    this.attention = new AttentionSwitch(lab);
    this.config = buildConfigPanel();
    this.training = buildTrainingPanel();
    this.stats = new TrainingStats(this.training.stats);
    this.lossCurve = new LossCurve();
    this.samplePanel = buildSamplePanel();
    this.specialisation = new SpecialisationChart({ heading: this.subheading });
    this.probePanel = buildProbePanel();
    this.probeMap = new ProbeMap(this.probePanel);
    this.headsPanel = new HeadsPanel({ heading: this.subheading, request: (...args) => this.client.request(...args) });
    this.patchPanel = new PatchPanel({ heading: this.subheading, request: (...args) => this.client.request(...args) });
    this.weights = buildWeightsPanel();
    this.weightsActions = new WeightsActions(this.weights, lab);
    this.keptLine = new KeptLine({ onShipped: () => this.act(() => this.weightsActions.loadShipped()) });
    this.discardDialog = new DiscardDialog(this.subheading);
    body.append(this.keptLine.element, this.message, this.errorLine, this.attention.note, this.attention.alert, this.config.element, this.training.element,
      this.lossCurve.chart.element, this.lossCurve.noteLine, this.specialisation.element, this.samplePanel.element, this.probePanel.element, this.headsPanel.element, this.patchPanel.element, this.weights.element, this.discardDialog.element);

    const c = this.config;
    this.form = new ModelForm(c, lab);
    this.form.fillPreset(this.preset);
    this.routeProblems(c.presetError, ['preset']);
    this.routeProblems(this.probePanel.problem, ['probe']);
    c.preset.addEventListener('change', () => {
      if (c.preset.value === 'custom') return;
      this.act(() => { this.preset = c.preset.value; });
      this.form.fillPreset(c.preset.value); // the same preset again refills what was changed by hand
    });
    // Every action first applies a probe text typed and not committed yet (act).
    const on = (control, event, action) => control.addEventListener(event, () => this.act(action));
    on(c.file, 'change', () => this.form.readFile());
    on(c.build, 'click', () => this.#buildUnlessKept('Build the new model'));
    const t = this.training;
    on(t.start, 'click', () => this.#startInTurn());
    on(t.pause, 'click', () => this.#inTurn(() => this.#pauseTraining()));
    on(t.reset, 'click', () => this.#buildUnlessKept('Reset it'));
    on(t.bothCores, 'change', () => this.#task('Two cores', () => this.client.request('parallel', { on: t.bothCores.checked })));
    const s = this.samplePanel;
    s.temperature.addEventListener('input', () => { s.temperatureText.textContent = Number(s.temperature.value).toFixed(2); });
    on(s.button, 'click', () => this.#sample());
    // Typing again takes away the sentence about the value typed before (as in the model form).
    for (const [input, line] of [[s.prompt, s.promptProblem], [s.length, s.lengthProblem], [t.until, t.untilProblem]]) {
      input.addEventListener('input', () => sayBeside(input, line, null));
    }
    const p = this.probePanel;
    this.bindField('probe', p.text, { onEnter: () => this.#showAttention() });
    p.button.addEventListener('click', () => this.#showAttention());
    on(p.layer, 'change', () => this.#drawMap());
    on(p.head, 'change', () => this.#drawMap());
    const w = this.weights;
    on(w.download, 'click', () => this.weightsActions.download());
    on(w.upload, 'change', () => this.weightsActions.upload());
    on(w.restore, 'click', () => this.weightsActions.restore());
    on(w.shipped, 'click', () => this.weightsActions.loadShipped());
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
    const { layers, heads, context } = shape;
    this.message.textContent = 'The shipped model is loaded when the lab comes into view.';
    this.stats.waiting(shape);
    showSampleWaiting(this.samplePanel);
    this.probeMap.offer(layers, heads);
    this.probeMap.reserve(this.probe, 0, 0, context);
    this.headsPanel.reserve(shape);
  }

  async begin() {
    const client = this.attention.start();
    this.training.coresLabel.hidden = client.cores < 2;
    client.request('parallel', { on: this.training.bothCores.checked });
    await Promise.all([this.lossCurve.ready, this.specialisation.ready]);
    this.lossCurve.setSeries(getComputedStyle(this).getPropertyValue('--attn-accent').trim());
    // The model the learner trained, if this browser kept one; else the shipped model.
    const back = await this.weightsActions.comeBack();
    if (back) this.#cameBack(back);
    else await this.weightsActions.loadShipped();
  }

  /** The kept model came back: the line at the top says so, and the form shows its settings (and
   *  its own text, when that came back too), so that Build model builds what it says. */
  #cameBack({ kept, info }) {
    this.keptLine.show(kept, info);
    const own = info.corpus?.kind === 'text';
    if (own && kept.text !== null) this.config.textBox.value = kept.text;
    this.form.fill(info.config, own);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.attention?.terminate();
  }

  /** What the parts (model-form.js, attention-switch.js, weights-actions.js) may ask of the lab. */
  #hooks() {
    return {
      onEvent: (event) => this.#onEvent(event),
      request: (...args) => this.client.request(...args),
      task: (what, body, pending, options) => this.#task(what, body, pending, options),
      adopt: (info, verb, options) => this.#adopt(info, verb, options),
      changed: (detail) => this.emitChange(detail),
      curvePoints: () => this.lossCurve.points(),
      ownText: () => this.ownText,
      stopped: (message) => this.#setRunning(false, { reason: 'error', step: this.step, message }),
      step: () => this.step,
      message: this.message,
      root: this.shadowRoot,
    };
  }

  /** The worker that trains now (attention-switch.js); null before the lab starts. */
  get client() { return this.attention?.client ?? null; }

  // ---------------------------------------------------------------- the public methods

  /** True while training runs the learner's attention function (attention-switch.js). */
  get usingLearnerAttention() { return Boolean(this.attention?.learner); }

  /**
   * "Use my attention" (<attn-editor>): train (and draw maps) with the learner's attention
   * function, given as its source text, or with the built-in C path again when `source` is null.
   * The learner's code runs only in web/workers/learner-worker.js; the current model moves there
   * (and back) as its weights. Throws (with the line, for the learner's errors) when it cannot switch.
   */
  async useAttention(source) {
    mustHaveStarted(this, 'useAttention()');
    if (source !== null && typeof source !== 'string') {
      refuseCall('useAttention()', `the attention function must be given as its source text (a string), or null for the built-in one, not ${shown(source)}.`);
    }
    this.#switches += 1;
    try {
      await this.#inTurn(async () => {
        if (this.running) await this.#pauseTraining();
        await this.attention.use(source);
      });
    } finally {
      this.#switches -= 1;
    }
  }

  /**
   * The current model's weights file (a Uint8Array), for other widgets on the page: <attn-decode>
   * decodes with it. Rejects with a sentence when the lab has not started.
   */
  async modelWeights() {
    mustHaveStarted(this, 'modelWeights()');
    return this.client.request('save');
  }

  /** Starts training (as the Start button does); resolves to whether it runs. A refusal (a target
   *  step the field cannot take or the model has reached) is said beside the field, as for the
   *  button, and the promise resolves to false; a failure rejects. */
  async startTraining() {
    mustHaveStarted(this, 'startTraining()');
    const started = await this.#startInTurn();
    if (started === undefined) refuseCall('startTraining()', this.errorLine.textContent.replace(/^⚠ /, ''), Status.UNAVAILABLE);
    return started;
  }

  /** Pauses training (as the Pause button does); nothing to do when it is not running. */
  async pauseTraining() {
    mustHaveStarted(this, 'pauseTraining()');
    await this.#inTurn(async () => { if (this.running) await this.#pauseTraining(); });
  }

  /** Scrolls the loss chart into view and moves the focus to it. */
  showLossChart() {
    mustBeOnPage(this, 'showLossChart()');
    this.lossCurve.focus();
  }

  // ---------------------------------------------------------------- actions

  /**
   * Runs `body` once the switch of attention function, start or pause asked for before it is done,
   * so that each acts on the worker that trains then: a Start pressed while a switch is under way
   * starts the new function's training after it, never the old worker's just before it goes.
   */
  #inTurn(body) {
    const turn = this.#turns.catch(() => {}).then(body);
    this.#turns = turn;
    return turn;
  }

  /** Start (the button, startTraining()), in turn; the message line says when it waits for a switch. */
  #startInTurn() {
    if (this.#switches > 0 && !this.running) this.message.textContent = 'Training starts once the switch of attention function is done…';
    return this.#inTurn(() => (this.running ? true : this.#startTraining()));
  }

  /**
   * Runs an action; a failure is shown on the error line (in the form's words) and returns
   * undefined. `pending` is shown while it runs, and on failure the line says what it said before.
   * A task the lab starts by itself (`quiet`: the sample after a model arrives) leaves the line as
   * it is, so it does not wipe a refusal the learner has just been given. `beside(error)` may
   * name the field a failure is about ({ input, line }): its sentence is said there instead.
   */
  async #task(what, body, pending = null, { quiet = false, beside = () => null } = {}) {
    if (!quiet) this.errorLine.textContent = '';
    const before = this.message.textContent;
    if (pending) this.message.textContent = pending;
    try {
      return await body();
    } catch (error) {
      if (pending) this.message.textContent = before;
      const field = beside(error);
      if (field) sayBeside(field.input, field.line, `${what}: ${inFormWords(error.message)}`);
      else this.errorLine.textContent = `⚠ ${what}: ${inFormWords(error.message)}`;
      return undefined;
    }
  }

  /** True when the model in use was trained by the learner: trained here since it arrived, or
   *  the one this browser kept. Building another throws it away (once the new one is kept). */
  get #trainedByLearner() {
    return Boolean(this.info) && (this.fromKept || this.step > this.arrivedAt);
  }

  /**
   * Build model and Reset: when they would throw away a model the learner trained, ask first
   * (discard-dialog.js); "Keep it" or Escape changes nothing. `discard`: the label of the button
   * that builds.
   */
  async #buildUnlessKept(discard) {
    // Not asked: when the fields refuse the build (it says why, and nothing is lost), and once
    // the learner has said to throw this model away (a build that then failed keeps it).
    if (this.#trainedByLearner && !this.discardAgreed && this.form.refusals().length === 0) {
      const steps = this.step.toLocaleString('en-GB');
      const yes = await this.discardDialog.ask({
        title: `Throw away the model trained to step ${steps}?`,
        text: `A new model starts from step 0. The model trained to step ${steps} stays kept in this browser only until the new one `
          + 'pauses or finishes training, which then takes its place. To keep it for good, choose Keep it and press Download weights (under Weights).',
        discard,
      });
      if (!yes) {
        this.message.textContent = `Kept the model trained to step ${steps}; nothing was built.`;
        return;
      }
      this.discardAgreed = true;
    }
    await this.#build();
  }

  /** Build model (and Reset): a value the model cannot take is refused beside its field before
   *  anything is asked of the worker; what the worker refuses goes beside its field or the button. */
  async #build() {
    let failure = null;
    const refusals = this.form.refusals();
    this.form.showRefusals(refusals);
    const built = await this.#task('The model could not be built', async () => {
      if (refusals.length) throw new Error(refusals.map((r) => r.sentence).join(' '));
      try {
        const options = this.form.options();
        const info = await this.client.request('create', { options });
        this.#adopt(info, 'Built a new model', { text: options.text ?? null });
      } catch (error) {
        failure = error;
        throw error;
      }
      this.emitChange({ what: 'build', step: 0 });
      return true;
    }, refusals.length ? null : 'Building the model…');
    if (!built) {
      if (failure) this.form.showRefusals([this.form.refusalOf(failure)]);
      if (this.info) this.errorLine.textContent += ` The model running is unchanged (step ${this.step}).`;
      this.form.appliedSettings.failed();
    }
  }

  /** Start: a target step the field cannot take, or one the model has reached, is refused beside
   *  "Train until step" and nothing is trained. Resolves to whether it runs; undefined when it
   *  failed (said on the error line). */
  async #startTraining() {
    const t = this.training;
    const until = readWholeNumber(t.until);
    sayBeside(t.until, t.untilProblem, until.error ?? null);
    if (until.error) return false;
    return this.#task('Training could not start', async () => {
      const { started, step } = await this.client.request('start', { untilStep: until.value });
      if (!started) {
        const where = step > until.value ? `past the target ${until.value}` : 'the target';
        sayBeside(t.until, t.untilProblem, `Already at step ${step}, ${where}: raise Train until step to go on.`);
        return false;
      }
      this.#setRunning(true);
      this.message.textContent = 'Training…';
      this.emitChange({ what: 'start', step: this.step });
      return true;
    });
  }

  async #pauseTraining() {
    await this.#task('Training could not pause', async () => {
      const { step, valLoss } = await this.client.request('pause');
      // The loss measured now is a validation point on the chart like the evaluations' (one per
      // step), and the note reads it, before the `progress` event reports them.
      if (valLoss !== null) {
        if (this.lossCurve.addMeasured(step, valLoss)) this.lossCurve.showNote(true, this.#noteContext());
        this.stats.validation(valLoss);
      }
      this.#setRunning(false, { reason: 'pause', step, valLoss });
      this.message.textContent = `Paused at step ${step}${valLoss === null ? '' : `, validation loss ${fixed(valLoss, 4)} nats per character`}.`;
      this.emitChange({ what: 'pause', step });
      await this.weightsActions.keep();
      await this.#probe();
      await this.#sample();
      this.headsPanel.trained({ steps: step });
    });
  }

  /**
   * A sample from the model; `auto` when the lab takes it by itself (a model arrived, training
   * stopped). A length the field cannot take, or a prompt with a character the model never saw,
   * is refused beside its field, and the sample shown before is taken away: it is not the
   * answer to what the fields say now.
   */
  async #sample(auto = false) {
    const s = this.samplePanel;
    const length = readWholeNumber(s.length);
    sayBeside(s.length, s.lengthProblem, length.error ?? null);
    sayBeside(s.prompt, s.promptProblem, null);
    if (length.error) {
      this.#noSample();
      return;
    }
    const prompt = { input: s.prompt, line: s.promptProblem };
    const sampled = await this.#task('Sampling failed', async () => {
      const { text, step } = await this.client.request('sample', {
        prompt: s.prompt.value, length: length.value, temperature: Number(s.temperature.value), seed: (this.step ?? 0) + 1,
      });
      showSample(s, s.prompt.value, text);
      this.sampleStep = step;
      this.#labelSteps();
      return true;
    }, null, { quiet: auto, beside: (error) => (error.code === Status.VALUE ? prompt : null) });
    if (!sampled) this.#noSample();
  }

  /** The sample shown is taken away (it does not answer what the fields say now). */
  #noSample() {
    this.samplePanel.output.replaceChildren();
    this.sampleStep = null;
    this.samplePanel.asOf.textContent = 'No sample shown.';
  }

  /**
   * While training runs, at each evaluation: the probe's maps (the single map and the heads grid)
   * and a sample, drawn again from the model as it is now, each labelled with the step the worker
   * computed it at. One redraw at a time: an evaluation that comes while one is under way is
   * skipped (the next one catches up).
   */
  async #redrawWhileTraining() {
    if (this.redrawing) return;
    this.redrawing = true;
    try {
      await this.#probe();
      await this.#sample(true);
    } finally {
      this.redrawing = false;
    }
  }

  /** The "As of step N" lines over the sample and the map, for the steps they were computed at. */
  #labelSteps() {
    this.headsPanel.following(Boolean(this.running));
    if (this.sampleStep != null) this.samplePanel.asOf.textContent = asOfText(this.sampleStep, this.running);
    if (this.maps?.step != null) this.probePanel.asOf.textContent = asOfText(this.maps.step, this.running);
  }

  /** The maps of the probe text (every layer and head); a probe the model cannot read is refused
   *  beside its field, and the last good maps stay. */
  async #probe() {
    try {
      this.maps = await this.client.request('probe', { text: this.probe });
      this.setProblem('probe', null);
      this.#drawMap();
      this.headsPanel.setProbe(this.maps, this.running);
      this.#labelSteps();
    } catch (error) {
      this.setProblem('probe', `${error.message}${this.maps ? ' The maps of the last probe stay.' : ''}`);
    }
  }

  // ---------------------------------------------------------------- state and drawing

  /**
   * Makes `info` the model shown. A new model starts a new chart, drawn from `curve` when it is
   * the shipped model's record; a model `continued` in another worker (the learner's attention
   * and back) keeps its curves and adds the validation loss measured now.
   */
  #adopt(info, verb, { curve = null, kept = null, text = null, continued = false } = {}) {
    this.info = info;
    this.step = info.steps;
    this.since = info.steps; // the steps before were not trained with the attention in use now
    if (!continued) {
      // What is kept with it, and what Build model would throw away (#trainedByLearner).
      this.arrivedAt = info.steps;
      this.fromKept = Boolean(kept);
      this.discardAgreed = false;
      this.ownText = kept ? kept.text : text;
      this.keptLine.hide(); // begin() shows it again for the model it came back to
    }
    this.form.appliedSettings.running(info);
    const { config, baselines } = info;
    this.stats.adopted(info);
    if (!continued) this.lossCurve.restart(baselines);
    if (kept?.curve && kept.steps === info.steps) {
      this.lossCurve.addPoints(kept.curve);
      if (this.usingLearnerAttention && info.valLoss !== null) this.lossCurve.addMeasured(info.steps, info.valLoss);
    } else if (curve && curve.steps === info.steps) {
      this.lossCurve.addCurve(curve);
      // The record was measured through the built-in attention; the learner's is measured now.
      if (this.usingLearnerAttention && info.valLoss !== null) this.lossCurve.addValidation(info.steps, info.valLoss);
    } else if (info.valLoss !== null) this.lossCurve.addValidation(info.steps, info.valLoss);
    this.stats.training(this.lossCurve.latest().trainLoss);
    this.lossCurve.showNote(true, this.#noteContext());
    this.#setRunning(false, { reason: 'model', step: info.steps }); // its `progress` event: this model's step, losses and note
    this.message.textContent = `${verb}: step ${info.steps}${info.valLoss === null ? '' : `, validation loss ${fixed(info.valLoss, 4)} nats per character`}.`;
    this.probeMap.offer(config.layers, config.heads);
    this.#noSample();
    this.headsPanel.setModel(info);
    this.patchPanel.setModel(info);
    this.client.request('headHistory').then((history) => this.specialisation.setHistory(history, config), () => {});
    this.#probe().then(() => this.#sample(true));
  }

  /** Training runs, or not (`stopped` says why: the `progress` event's detail.stopped). */
  #setRunning(running, stopped = null) {
    this.running = running;
    this.stopped = running ? null : stopped;
    if (this.info) this.#reportProgress();
    this.#labelSteps();
    this.training.start.disabled = running;
    this.training.pause.disabled = !running;
    this.config.build.disabled = running;
    this.training.reset.disabled = running;
    for (const b of [this.weights.upload, this.weights.restore, this.weights.shipped, this.keptLine.shipped, this.training.bothCores]) b.disabled = running;
  }

  /** The training worker's events: a chunk of steps, a validation loss, training stopped. */
  #onEvent(event) {
    if (event.type === 'progress') {
      const first = event.step - event.loss.length + 1;
      this.lossCurve.addTrain(Array.from(event.loss, (y, i) => [first + i, y]));
      this.step = event.step;
      this.stats.progress(event);
      this.stats.training(this.lossCurve.latest().trainLoss);
      this.#showNote(false);
    } else if (event.type === 'validation') {
      this.lossCurve.addValidation(event.step, event.loss);
      this.stats.validation(event.loss);
      this.#showNote(true);
      this.specialisation.add(event.heads);
      if (this.running) this.#redrawWhileTraining();
    } else if (event.type === 'stopped') {
      const error = event.reason === 'error';
      this.#setRunning(false, error ? { reason: 'error', step: event.step, message: event.error.message } : { reason: 'done', step: event.step });
      if (error) this.errorLine.textContent = `⚠ Training stopped: ${event.error.message}`;
      else {
        this.message.textContent = `Trained to step ${event.step}.`;
        this.weightsActions.keep();
        this.#probe().then(() => this.#sample(true));
        this.headsPanel.trained({ steps: event.step });
      }
    }
  }

  /** The note under the loss chart (loss-curve.js), then the `progress` event. */
  #showNote(fresh) {
    this.lossCurve.showNote(fresh, this.#noteContext());
    this.#reportProgress();
  }

  /** What the note under the loss chart depends on besides the losses (loss-notes.js). */
  #noteContext() {
    return { floor: this.info?.baselines?.floor ?? null, learner: this.usingLearnerAttention };
  }

  /** The `progress` event: where training is, for <attn-editor>'s readout. */
  #reportProgress() {
    const { trainLoss, valLoss, note } = this.lossCurve.latest();
    this.dispatchEvent(new CustomEvent('progress', {
      bubbles: true,
      detail: {
        step: this.step, since: this.since, running: Boolean(this.running), learner: this.usingLearnerAttention,
        trainLoss, valLoss, floor: this.info?.baselines?.floor ?? null, unigram: this.info?.baselines?.unigram ?? null, note,
        stopped: this.stopped ?? null,
      },
    }));
  }

  #drawMap() {
    if (this.maps) this.probeMap.drawChosen(this.maps);
  }

  /** The single map's heatmap and the loss chart (what tests read). */
  get heatmap() { return this.probeMap?.heatmap ?? null; }
  get chart() { return this.lossCurve?.chart; }
}

defineWidget('attn-train', AttnTrain);
