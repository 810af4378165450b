// attn-decode.js — <attn-decode>: the KV cache, step by step, on a real model. The shipped
// character model (or the model of the training lab on the same page) continues a prompt one
// character at a time. Each step feeds the newest character, adds one key and one value per
// layer to the cache, and lets only its query attend: the widget shows the cache of a chosen
// layer and head growing one column per step, the new query's weights over it in every layer and
// head, the next character's likeliest candidates, the work of the step with the cache (∝ t·d)
// against recomputing the prefix (∝ t²·d), the cache's bytes, and, on request, the speed of both
// ways measured in this browser. The text is model.sample's own (the same prompt, temperature
// and seed give the same characters); every number comes from the C core (decode-run.js).
//
// Attributes (declared below; observed and reflected as properties):
//   prompt       the text to continue, 1–256 characters (the model's context bounds it too)
//   step         characters generated so far, 0–4,096 (the context bounds it); default 0
//   temperature  0–2, default 0.8 (0: always the likeliest character)
//   seed         the sampler's seed, 0–4,294,967,295; default 1
//   layer, head  the layer and head whose cache is shown, from 1 (the model bounds them)
//   source       "shipped" (default) or "train": the model of the page's <attn-train>, as it is
//                when chosen (its weights are copied; press the button again after more training)
// Events: `change` (bubbles) once per action, detail = { prompt, step, temperature, seed, layer,
//         head, source }; `measured` (bubbles) when "Measure" finishes, detail = the measurement.
// Methods (declaredMethods): useModel(source), stepOnce(), play(), pause(), measure(): its
//         buttons for a page's script; at a bad time (before the start, while the model loads,
//         with the context full) each throws or rejects with an AttnError that says so.
// Keyboard: every control is a native button, input or select; the heatmaps take arrow keys.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { choice, decimal, integer, text } from '../../ui/attribute-types.js';
import { detailType, event, method, settingsDetail, CONTROL_PARTS, FIGURE_PARTS, HEATMAP_EVENTS } from '../../ui/element-declarations.js';
import { AttnError, Status } from '../../lib/errors.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { measureForScript, mustHaveStarted, refuseCall, shown } from '../../ui/widget-calls.js';
import { counted, fixed, sig } from '../../ui/format.js';
import { fetchDefaultCheckpoint, DEFAULT_CHECKPOINT_CONFIG } from '../../lib/model/default-checkpoint.js';
import { DecodeRun } from './decode-run.js';
import { DecodeCharts } from './decode-charts.js';
import { measureDecodingSpeed } from './decode-measure.js';
import { drawText, drawCache, reserveCache, drawNext, drawWork, drawWaiting } from './decode-view.js';
import { decodeSheet } from './decode-styles.js';

const DEFAULT_PROMPT = 'the queen said ';
const MAX_PROMPT = 256;
const PLAY_MS = 450;
const count = (x) => Math.round(x).toLocaleString('en-US');

function promptProblem(typed) {
  const length = Array.from(typed).length;
  if (length === 0) return 'The prompt is empty: type at least one character to start from.';
  if (length > MAX_PROMPT) return `The prompt must be at most ${MAX_PROMPT} characters, but it has ${count(length)}.`;
  return undefined;
}

export class AttnDecode extends AttnWidget {
  static title = 'Decoding with a KV cache, one character at a time';
  static declaredAttributes = {
    prompt: text({ fallback: DEFAULT_PROMPT, values: 'text, 1–256 characters', check: promptProblem }),
    step: integer({ min: 0, max: 4096, fallback: 0, label: 'step', values: '`0`–`4096` (the context bounds it)' }),
    temperature: decimal({ min: 0, max: 2, fallback: 0.8, label: 'temperature' }),
    seed: integer({ min: 0, max: 4294967295, fallback: 1, label: 'seed' }),
    layer: integer({ min: 1, max: 64, fallback: 1, label: 'layer', values: '`1`–`64` (the model bounds it)' }),
    head: integer({ min: 1, max: 64, fallback: 1, label: 'head', values: '`1`–`64` (the model bounds it)' }),
    source: choice(['shipped', 'train'], { label: 'source' }),
  };
  static declaredEvents = {
    change: event({ when: 'a setting changed', detail: settingsDetail(this.declaredAttributes) }),
    measured: event({
      when: '“Measure” finished (characters per second, with the KV cache and recomputing)',
      detail: {
        length: 'number', same: 'boolean', ratio: 'number',
        cached: '{ ms: number; tokensPerSecond: number }', recompute: '{ ms: number; tokensPerSecond: number }',
      },
    }),
    ...HEATMAP_EVENTS,
  };
  static declaredParts = { ...CONTROL_PARTS, ...FIGURE_PARTS };
  static declaredMethods = {
    useModel: method({
      does: 'decodes with the shipped model or the page’s <attn-train>’s model as it is now, as the Model buttons do (the same source again: '
        + 'fresh weights); the text starts over; a model that cannot be used is said on the widget; throws an AttnError for another source',
      parameters: { source: this.declaredAttributes.source.type },
    }),
    stepOnce: method({
      does: 'generates one more character, as Step does, and returns the new step; throws an AttnError before the widget has started, while its model loads, '
        + 'when the context is full, or when the prompt cannot be read (said on the widget too)',
      returns: 'number',
    }),
    play: method({ does: 'steps every 450 ms until Pause or the end of the context, as Play does; throws an AttnError before the start, while the model loads or when the context is full' }),
    pause: method({ does: 'stops playing, as Pause does (nothing to do when it is not playing)' }),
    measure: method({
      does: 'times decoding with the cache and recomputing, as “Measure” does, and resolves to the `measured` event’s detail; '
        + 'rejects with an AttnError before the start, while the model loads, while a measurement runs or when it fails',
      returns: `Promise<${detailType(this.declaredEvents.measured.detail)}>`,
    }),
  };

  inWords() {
    return 'A small character model continues a prompt one character at a time. At each step the newest '
      + 'character goes through the model once: in every layer it adds one key and one value to a cache, '
      + 'and only its query is new, so it attends over everything cached instead of recomputing the whole '
      + 'text. Two grids show the cached keys and values of the chosen layer and head, one column per '
      + 'character, growing by a column per step; a third shows the new query’s weights over the cache in '
      + 'every layer and head, each row summing to 1. A table lists the likeliest next characters. Another '
      + 'compares the work of the step with the cache, which grows like t times d, against recomputing the '
      + 'prefix, which grows like t squared times d, and gives the cache’s size in bytes; two charts draw '
      + 'both against t. The model’s positions end at its context, so the cache stops growing there. '
      + '“Measure” times both ways of decoding in your browser.';
  }

  /** A step the model's context cannot hold, or a layer or head the model does not have, is
   *  refused (the last good value stays): judged once the model is loaded, and again when it
   *  arrives (render). */
  refusal(name, value) {
    if (!this.run) return undefined;
    if (name === 'step') return this.run.roomProblem(this.prompt, value);
    if (name === 'layer' || name === 'head') return beyondModel(name, value, this.run.model.config);
    return undefined;
  }

  /** A new prompt, temperature, seed or model starts the text again. */
  settle(changed) {
    if (['prompt', 'temperature', 'seed', 'source'].some((name) => changed.has(name)) && !changed.has('step')) this.step = 0;
  }

  // ---------------------------------------------------------------- building

  build(body) {
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, decodeSheet()];
    const input = (props) => h('input', { autocomplete: 'off', spellcheck: 'false', ...props });
    this.promptInput = this.bindField('prompt', input({ type: 'text', id: 'prompt', size: 30 }));
    this.temperatureInput = this.bindField('temperature', input({ type: 'number', id: 'temperature', min: 0, max: 2, step: 0.1 }));
    this.seedInput = this.bindField('seed', input({ type: 'number', id: 'seed', min: 0, step: 1 }));
    this.layerSelect = h('select', { id: 'layer', onchange: () => this.act(() => { this.layer = Number(this.layerSelect.value); }) });
    this.headSelect = h('select', { id: 'head', onchange: () => this.act(() => { this.head = Number(this.headSelect.value); }) });
    this.stepButton = actionButton({ onclick: () => this.#stepOnce() }, 'Step');
    this.playButton = actionButton({ className: 'secondary', onclick: () => this.#play() }, 'Play');
    this.pauseButton = actionButton({ className: 'secondary', disabled: true, onclick: () => this.pause() }, 'Pause');
    this.resetButton = actionButton({ className: 'secondary', onclick: () => this.act(() => { this.step = 0; }) }, 'Reset');
    this.sourceButtons = {
      shipped: h('button', { type: 'button', className: 'secondary', 'aria-pressed': 'true', onclick: () => this.useModel('shipped') }, 'The shipped model'),
      train: h('button', { type: 'button', className: 'secondary', 'aria-pressed': 'false', onclick: () => this.useModel('train') }, 'The training lab’s model'),
    };
    // Said at the end of the context, where Step and Play are disabled: not an error.
    this.endLine = h('p', { className: 'note end-line', role: 'status' });
    this.modelLine = h('p', { className: 'note model-line', role: 'status' }, 'Loading the shipped model…');
    this.error = h('p', { className: 'error', role: 'alert', hidden: true });
    const kept = (message) => `${message}${this.view ? ' The last good state is still shown.' : ''}`;
    this.routeProblems(this.error, ['prompt', 'prompt-model', 'temperature', 'seed', 'step', 'source', 'core', 'model'], kept, { 'prompt-model': 'prompt' });
    // A layer or head the model does not have: said beside their selects.
    this.cacheError = h('p', { className: 'error', role: 'alert', hidden: true });
    this.routeProblems(this.cacheError, ['layer', 'head'], kept);
    this.markControl('layer', this.layerSelect);
    this.markControl('head', this.headSelect);

    this.textHost = h('p', { className: 'decoded', 'aria-live': 'polite' });
    this.summary = h('p', { className: 'summary' });
    this.cacheHost = h('div', { className: 'cache' });
    this.nextTable = h('table', { className: 'decode-table next-table' });
    this.workTable = h('table', { className: 'decode-table work-table' });
    this.workLine = h('p', { className: 'note work-line' });
    this.charts = new DecodeCharts();

    this.measureButton = actionButton({ onclick: () => this.act(() => this.#measure()) }, 'Measure');
    this.measureStatus = h('p', { className: 'note', role: 'status' });
    this.measureTable = h('table', { className: 'decode-table', hidden: true });

    body.append(
      h('div', { className: 'toolbar', role: 'group', 'aria-label': 'Model' }, h('strong', {}, 'Model:'), this.sourceButtons.shipped, this.sourceButtons.train),
      this.modelLine,
      h('div', { className: 'fields' },
        h('label', { for: 'prompt' }, 'Prompt'), this.promptInput,
        h('label', { for: 'temperature' }, 'Temperature'), this.temperatureInput,
        h('label', { for: 'seed' }, 'Seed'), this.seedInput),
      h('div', { className: 'toolbar', role: 'group', 'aria-label': 'Decoding' }, this.stepButton, this.playButton, this.pauseButton, this.resetButton),
      this.endLine,
      this.error,
      this.textHost,
      this.summary,
      h(this.subheading, {}, 'The cache and the new query'),
      h('div', { className: 'toolbar' },
        h('label', { for: 'layer' }, 'Layer'), this.layerSelect,
        h('label', { for: 'head' }, 'Head'), this.headSelect),
      this.cacheError,
      this.cacheHost,
      h(this.subheading, {}, 'What comes next'),
      scrollFocus(h('div', { className: 'table-scroll' }, this.nextTable), 'Next characters (scrolls sideways)'),
      h(this.subheading, {}, 'The work of one step, and the cache’s memory'),
      scrollFocus(h('div', { className: 'table-scroll' }, this.workTable), 'Work of one step (scrolls sideways)'),
      this.workLine,
      this.charts.element,
      h(this.subheading, {}, 'Measured in this browser'),
      h('p', { className: 'note' }, 'Decodes the rest of the context after the prompt with model.sample, with the cache and recomputing, '
        + 'each once to warm up and then three times (the fastest run counts), in a worker.'),
      h('div', { className: 'toolbar' }, this.measureButton), this.measureStatus,
      scrollFocus(h('div', { className: 'table-scroll' }, this.measureTable), 'Measured speeds (scrolls sideways)'));
  }

  async begin() {
    await this.#loadModel(this.source);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.pause();
  }

  // ---------------------------------------------------------------- the model

  /** "The shipped model" / "The training lab's model": loads it (again) and starts the text over. */
  useModel(source) {
    if (!Object.hasOwn(this.sourceButtons ?? { shipped: 1, train: 1 }, source)) refuseCall('useModel()', `the source must be “shipped” or “train”, not ${shown(source)}.`);
    if (source === this.source) this.#loadModel(source); // the same source again: fresh weights
    else this.act(() => { this.source = source; });       // render() loads it
  }

  /** The page's <attn-train>, whose weights "The training lab's model" copies. */
  #trainingLab() {
    const root = this.getRootNode();
    return root.querySelector?.('attn-train') ?? document.querySelector('attn-train');
  }

  async #weights(source) {
    if (source === 'shipped') return { bytes: await fetchDefaultCheckpoint(), label: 'the shipped model' };
    const lab = this.#trainingLab();
    if (!lab) throw new AttnError(Status.UNAVAILABLE, 'there is no training lab (<attn-train>) on this page.');
    if (!lab.started) throw new AttnError(Status.UNAVAILABLE, 'the training lab has not started yet: scroll to it first.');
    return { bytes: await lab.modelWeights(), label: `the training lab’s model at step ${lab.step ?? 0}` };
  }

  async #loadModel(source) {
    if (!this.attn) return;
    const token = (this.loading = (this.loading ?? 0) + 1);
    this.modelLine.textContent = source === 'train' ? 'Copying the training lab’s model…' : 'Loading the shipped model…';
    try {
      const { bytes, label } = await this.#weights(source);
      const model = this.attn.loadModel(bytes);
      if (token !== this.loading) return model.dispose();
      this.pause();
      this.run?.dispose();
      this.run = new DecodeRun(this.attn, model);
      this.bytes = bytes;
      const { layers, heads, dModel, context } = model.config;
      this.modelLine.textContent = `Decoding with ${label}: ${layers} layers, ${heads} heads, d_model ${dModel}, `
        + `a context of ${context} characters, ${model.tokenizer.size} characters in its vocabulary.`;
      this.loaded = { source, line: this.modelLine.textContent };
      this.setProblem('model', null);
      this.view = null;
      this.render(new Set());
    } catch (error) {
      if (token !== this.loading) return;
      // The model in use stays, and so do its line and its button: "Copying…" and a pressed
      // button that did not happen would say otherwise.
      this.modelLine.textContent = this.loaded?.line ?? '';
      this.setProblem('model', `The ${source === 'train' ? 'training lab’s' : 'shipped'} model could not be used: ${error.message}`);
      if (this.loaded && this.loaded.source !== this.source) this.act(() => { this.source = this.loaded.source; });
    }
  }

  // ---------------------------------------------------------------- actions

  /** True when the context is full: no character can follow (render says so beside the buttons). */
  #atEnd() {
    return Boolean(this.run) && this.run.full(this.prompt, this.step);
  }

  /** Step for a page's script: the new step, or an AttnError saying why there is none. */
  stepOnce() {
    this.#canDecode('stepOnce()');
    if (!this.#stepOnce() && this.hasProblem('core')) refuseCall('stepOnce()', this.problems.find((p) => p.key === 'core').message, Status.UNAVAILABLE);
    return this.step;
  }

  /** Play for a page's script. */
  play() {
    this.#canDecode('play()');
    this.#play();
  }

  /** Throws unless a step can be decoded now: started, a model loaded, room in the context. */
  #canDecode(call) {
    mustHaveStarted(this, call);
    if (!this.run) refuseCall(call, 'the model is still loading; try again once the widget shows its text.', Status.UNAVAILABLE);
    if (this.#atEnd()) refuseCall(call, `the context is full (t = ${this.run.context}): reset the step to decode again.`, Status.UNAVAILABLE);
  }

  /** One more character, unless the context is full (then nothing happens: its sentence is shown)
   *  or the prompt cannot be read (its sentence is said of the prompt). */
  #stepOnce() {
    this.commitTyped();
    if (!this.run || this.#atEnd()) return false;
    try {
      this.run.check(this.prompt, this.step + 1);
    } catch (error) {
      if (!(error instanceof AttnError)) throw error;
      this.setProblem('core', error.message);
      this.pause();
      return false;
    }
    this.act(() => { this.step += 1; });
    return !this.hasProblem('core') && !this.#atEnd();
  }

  #play() {
    if (this.timer || !this.run || this.#atEnd()) return;
    this.timer = setInterval(() => { if (!this.#stepOnce()) this.pause(); }, PLAY_MS);
    this.#showButtons();
    if (!this.#stepOnce()) this.pause();
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
    if (this.built) this.#showButtons();
  }

  /** Step and Play work until the context is full; Pause while playing. */
  #showButtons() {
    const end = this.#atEnd();
    this.stepButton.disabled = end;
    this.playButton.disabled = end || Boolean(this.timer);
    this.pauseButton.disabled = !this.timer;
  }

  /** “Measure” for a page's script: resolves to the measurement, or rejects with a sentence. */
  async measure() {
    mustHaveStarted(this, 'measure()');
    if (!this.run) refuseCall('measure()', 'the model is still loading; try again once the widget shows its text.', Status.UNAVAILABLE);
    return measureForScript(this, 'measure()', { running: this.measuring, measure: () => this.#measure(), statusLine: this.measureStatus });
  }

  /** Times both ways of decoding; resolves to the measurement, or null when it failed (said). */
  async #measure() {
    if (!this.run || this.measuring) return null;
    const chars = Array.from(this.prompt);
    const length = Math.max(1, this.run.context - chars.length);
    this.measuring = true;
    this.measureButton.disabled = true;
    this.measureStatus.textContent = `Measuring ${count(length)} characters after the prompt, with the cache and recomputing…`;
    try {
      const result = await measureDecodingSpeed(this.attn, { bytes: this.bytes, prompt: this.prompt, length });
      this.measureTable.hidden = false;
      replaceChildren(this.measureTable,
        h('caption', {}, `${count(result.length)} characters decoded after the prompt (the fastest of three runs each)`),
        h('thead', {}, h('tr', {}, ...['decoding', 'milliseconds', 'characters per second'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {},
          h('tr', {}, h('th', { scope: 'row' }, 'with the KV cache'), h('td', {}, fixed(result.cached.ms, 1)), h('td', {}, count(result.cached.tokensPerSecond))),
          h('tr', {}, h('th', { scope: 'row' }, 'recomputing the prefix'), h('td', {}, fixed(result.recompute.ms, 1)), h('td', {}, count(result.recompute.tokensPerSecond)))));
      this.measureStatus.textContent = `The cache decoded ${sig(result.ratio, 3)} times as fast on this machine`
        + `${result.same ? ', and both ways wrote the same characters.' : '. (The two texts differed: a rounding tie between two characters.)'}`;
      this.dispatchEvent(new CustomEvent('measured', { bubbles: true, detail: result }));
      return result;
    } catch (error) {
      this.measureStatus.textContent = `Measuring failed: ${error.message}`;
      return null;
    } finally {
      this.measuring = false;
      this.measureButton.disabled = false;
    }
  }

  // ---------------------------------------------------------------- drawing

  /** Before the model is loaded: the prompt, the tables and sentences laid out (decode-view.js), and
   *  the cache's maps when the model's shape is known without it: the shipped model's (its file's
   *  config, DEFAULT_CHECKPOINT_CONFIG). The training lab's model is the shape it is trained at: its
   *  maps come with it. */
  #drawWaiting() {
    if (this.view || this.hasProblem('prompt')) return; // a model's last good state stays; a bad prompt is said
    drawWaiting({ text: this.textHost, summary: this.summary, nextTable: this.nextTable, workTable: this.workTable, workLine: this.workLine },
      { prompt: this.prompt, generated: this.step, temperature: this.temperature });
    const shape = this.source === 'shipped' ? DEFAULT_CHECKPOINT_CONFIG : null;
    if (!shape || this.layer > shape.layers || this.head > shape.heads) return replaceChildren(this.cacheHost);
    fillSelect(this.layerSelect, shape.layers, this.layer);
    fillSelect(this.headSelect, shape.heads, this.head);
    reserveCache(this.cacheHost, { prompt: this.prompt, generated: this.step, layer: this.layer - 1, head: this.head - 1 }, shape);
  }

  render(changed) {
    for (const [name, button] of Object.entries(this.sourceButtons)) button.setAttribute('aria-pressed', String(name === this.source));
    if (changed.has('source') && this.attn && this.source !== this.loaded?.source) this.#loadModel(this.source);
    if (!this.attn || !this.run) return this.#drawWaiting();
    const { config } = this.run.model;
    const { layers, heads, dModel } = config;
    // A layer or head taken before this model loaded (a link's, or one the previous model had)
    // that it does not have: refused now, and the one shown stays if this model has it, else 1.
    for (const name of ['layer', 'head']) {
      const beyond = beyondModel(name, this[name], config);
      const shown = this.shown?.[name] ?? 1;
      if (beyond) this.withdrawValue(name, beyondModel(name, shown, config) ? 1 : shown, beyond);
    }
    fillSelect(this.layerSelect, layers, this.layer);
    fillSelect(this.headSelect, heads, this.head);
    // A step taken before the model loaded (a link's) that its context cannot hold: refused now,
    // and the last good step (the one shown, if it still fits the prompt) stays.
    const room = this.run.roomProblem(this.prompt, this.step);
    if (room) this.withdrawValue('step', this.#lastGoodStep(), room);
    let view;
    try {
      view = this.run.advance({ prompt: this.prompt, generated: this.step, temperature: this.temperature, seed: this.seed });
    } catch (error) {
      if (!(error instanceof AttnError)) throw error;
      // A prompt the model cannot read is said of the prompt's field (and marks it); a full cache is not.
      const ofPrompt = error.code !== Status.ARGUMENT;
      this.setProblem(ofPrompt ? 'prompt-model' : 'core', error.message);
      this.setProblem(ofPrompt ? 'core' : 'prompt-model', null);
      return;
    }
    this.setProblem('core', null);
    this.setProblem('prompt-model', null);
    const first = !this.view;
    this.view = view;
    if (first) this.redrawProblems(); // a prompt refused while the model loaded: its last good state is now shown
    const layer = this.layer - 1, head = this.head - 1;
    this.shown = { layer: this.layer, head: this.head };
    drawText(this.textHost, view);
    const newest = view.chars.at(-1);
    this.summary.textContent = `t = ${view.t} of ${view.context}: the prompt’s ${counted(view.promptLength, 'character')} and ${counted(view.t - view.promptLength, 'new one', 'new ones')}. `
      + `The last step fed “${newest === ' ' ? '␣' : newest === '\n' ? '⏎' : newest}” at position ${view.t}; every layer’s cache grew to ${view.t} keys and ${view.t} values.`;
    this.maps = drawCache(this.cacheHost, view, { layer, head, ...this.run.cache(layer, head), layers, heads });
    drawNext(this.nextTable, view, { vocab: this.run.model.tokenizer.vocab, temperature: this.temperature });
    drawWork(this.workTable, this.workLine, view, { layers, dModel });
    this.charts.draw(this.attn, { vocab: this.run.model.tokenizer.size, layers, dModel, context: view.context }, view.t);
    this.endLine.textContent = view.t < view.context ? ''
      : `The context is full: t = ${view.t} of ${view.context}, where this model’s learned positions end, so the decoder stops here `
        + '(model.sample would slide its window and rebuild the cache). Press Reset to decode again, or change the prompt, temperature or seed.';
    this.#showButtons();
  }

  /** The step of the state shown, if the prompt still leaves room for it; otherwise 0. */
  #lastGoodStep() {
    const shown = this.view ? this.view.t - this.view.promptLength : 0;
    return this.run.roomProblem(this.prompt, shown) ? 0 : shown;
  }
}

/** Why `value` of the layer or head select (counted from 1, as shown) is beyond a model of
 *  `config` ({ layers, heads }), naming the largest that fits; undefined when it fits. */
function beyondModel(name, value, { layers, heads }) {
  const total = name === 'layer' ? layers : heads;
  if (value <= total) return undefined;
  const has = name === 'layer' ? counted(layers, 'layer') : `${counted(heads, 'head')} in each layer`;
  return `There is no ${name} ${value}: this model has ${has}, so the ${name} can be at most ${total}.`;
}

/** A select of 1..count, showing `value`. */
function fillSelect(select, total, value) {
  if (select.options.length !== total) {
    replaceChildren(select, Array.from({ length: total }, (_, i) => h('option', { value: i + 1 }, String(i + 1))));
  }
  select.value = String(Math.min(value, total));
}

defineWidget('attn-decode', AttnDecode);
