// patch-panel.js — the training lab's "Activation patching" panel: two prompts of one length, a
// clean one and a corrupted one (pairs offered from the default corpus, patch-pairs.js), a metric
// (logit of one next character minus another's), and Run: the training worker patches each head's
// output (layer × head), then the residual stream leaving each block at each position (layer ×
// position), from the clean run into the corrupted one (model.patch, c/src/patch.c), with
// progress. Each result is a heatmap of the share of the clean–corrupted gap it restores, with the
// focused cell read out and its data table, and an "In words" paragraph. A refusal (prompts of
// different lengths, a character the model never saw, the same character twice, no gap) is said
// beside the field at fault and the last result stays. Cancel stops waiting for the run: the
// worker holds the model and cannot be interrupted without losing it, so it finishes the patch
// (a few forward passes per component) and its answer is dropped.
//
//   const panel = new PatchPanel({ heading: 'h4', request });   // request(name, args, options) → Promise
//   panel.setModel(info);                       // a model was built or loaded: old results go

import { h, replaceChildren } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { fixed } from '../../ui/format.js';
import { Heatmap } from '../../ui/heatmap.js';
import { PATCH_PAIRS } from '../../lib/model/patch-pairs.js';
import { headName } from '../../lib/model/head-roles.js';
import { labelled } from './train-panels.js';
import { problemBeside, sayBeside } from './field-problem.js';

const share = (x) => fixed(x, 3);

/** A position's label: its character, or "clean→corrupted" where the two prompts differ. */
function positionLabel(clean, corrupted, p) {
  const show = (c) => (c === ' ' ? '␣' : c);
  return clean[p] === corrupted[p] ? show(clean[p]) : `${show(clean[p])}→${show(corrupted[p])}`;
}

/** The component restoring the most of the gap: { index, value }. */
function largest(values) {
  let index = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[index]) index = i;
  return { index, value: values[index] };
}

export class PatchPanel {
  constructor({ heading, request }) {
    this.request = request;
    this.pair = h('select', {}, PATCH_PAIRS.map((pair, i) => h('option', { value: String(i) }, `${pair.clean.trim()} / ${pair.corrupted.trim()}`)));
    this.clean = h('input', { type: 'text', size: 36, spellcheck: false });
    this.corrupted = h('input', { type: 'text', size: 36, spellcheck: false });
    this.good = h('input', { type: 'text', size: 3, spellcheck: false });
    this.bad = h('input', { type: 'text', size: 3, spellcheck: false });
    this.fields = [this.clean, this.corrupted, this.good, this.bad];
    this.problems = new Map(this.fields.map((input) => [input, problemBeside(input)]));
    for (const input of this.fields) {
      input.addEventListener('input', () => sayBeside(input, this.problems.get(input), null));
      input.addEventListener('keydown', (event) => { if (event.key === 'Enter') this.run(); });
    }
    this.pair.addEventListener('change', () => this.#fillPair(Number(this.pair.value)));
    this.button = actionButton({ onclick: () => this.run() }, 'Run patching');
    this.cancel = actionButton({ className: 'secondary', disabled: true, onclick: () => this.#cancel() }, 'Cancel');
    this.progress = h('progress', { max: 1, value: 0, hidden: true, 'aria-label': 'Layers patched so far' });
    this.status = h('p', { className: 'message patch-status', role: 'status', 'aria-live': 'polite' });
    this.metricLine = h('p', { className: 'patch-metric' });
    this.headsHost = h('div', { className: 'patch-map' });
    this.positionsHost = h('div', { className: 'patch-map' });
    this.words = h('div', { className: 'patch-words', 'aria-live': 'polite' }, h('p', {}, 'Nothing patched yet: pick a pair and press Run patching.'));
    this.element = h('fieldset', { className: 'panel patch-panel' }, h('legend', {}, 'Activation patching'),
      h('p', {}, 'A map shows which characters a head mixed; a knock-out shows that the loss needs a head. Patching asks a narrower, causal question '
        + 'of one prediction: run the model on a clean prompt and on a corrupted one of the same length, then put one head’s output '
        + '(or the residual stream at one layer and position) from the clean run into the corrupted run. The share of the gap in the metric '
        + 'that comes back is how much of the difference between the two prompts that component carries to the prediction.'),
      h('p', { className: 'map-note' }, 'What it cannot show: only what differs between the two prompts (a head doing the same on both restores nothing, '
        + 'however busy it is), for one metric and one pair, not a head’s whole role. Shares are not a budget: they need not add up to 1, '
        + 'and one can exceed 1 or be negative (a component that pushes the other way).'),
      h('div', { className: 'toolbar' }, labelled('A pair from the corpus', this.pair)),
      h('div', { className: 'fields' },
        labelled('Clean prompt', this.clean, this.problems.get(this.clean)),
        labelled('Corrupted prompt (same length)', this.corrupted, this.problems.get(this.corrupted)),
        labelled('Next character for the clean prompt', this.good, this.problems.get(this.good)),
        labelled('Next character for the corrupted prompt', this.bad, this.problems.get(this.bad))),
      h('div', { className: 'toolbar' }, this.button, this.cancel, this.progress),
      this.status, this.metricLine,
      h('div', { className: 'side-by-side patch-maps' }, this.headsHost, this.positionsHost),
      h('section', { className: 'heads-section' }, h(heading, {}, 'In words'), this.words));
    this.#fillPair(0);
  }

  #fillPair(i) {
    const pair = PATCH_PAIRS[i];
    this.clean.value = pair.clean;
    this.corrupted.value = pair.corrupted;
    this.good.value = pair.good;
    this.bad.value = pair.bad;
    for (const input of this.fields) sayBeside(input, this.problems.get(input), null);
  }

  /** A model was built or loaded: results of the last one no longer apply. */
  setModel(info) {
    this.info = info;
    this.token = null;
    this.#busy(false);
    this.result = null;
    replaceChildren(this.headsHost);
    replaceChildren(this.positionsHost);
    this.metricLine.textContent = '';
    this.status.textContent = '';
    replaceChildren(this.words, h('p', {}, 'Nothing patched on this model yet: pick a pair and press Run patching.'));
  }

  #busy(on) {
    this.button.disabled = on;
    this.cancel.disabled = !on;
    this.progress.hidden = !on;
  }

  #cancel() {
    this.token = null;
    this.#busy(false);
    this.status.textContent = `Cancelled.${this.result ? ' The last result stays.' : ''}`;
    this.button.focus();
  }

  /** Patches over heads, then over positions, in the worker; the last good result stays on a refusal. */
  async run() {
    if (!this.info || this.button.disabled) return;
    const args = { clean: this.clean.value, corrupted: this.corrupted.value, metric: { good: this.good.value, bad: this.bad.value } };
    const token = (this.token = {});
    for (const input of this.fields) sayBeside(input, this.problems.get(input), null);
    this.#busy(true);
    const { layers } = this.info.config;
    this.progress.max = 2 * layers;
    this.progress.value = 0;
    this.status.textContent = 'Patching in the training worker…';
    try {
      const parts = {};
      for (const [k, over] of [[0, 'heads'], [1, 'positions']]) {
        parts[over] = await this.request('patch', { ...args, over }, {
          onProgress: ({ done, total }) => {
            if (token !== this.token) return;
            this.progress.value = k * layers + done;
            this.status.textContent = `Patching ${over === 'heads' ? 'each head' : 'the residual stream'}: layer ${done} of ${total}…`;
          },
        });
        if (token !== this.token) return;
      }
      this.#show(args, parts);
      this.status.textContent = `Patched ${parts.heads.layers * parts.heads.heads} heads and ${parts.positions.layers * parts.positions.t} places of the residual stream at step ${this.info.steps}.`;
    } catch (error) {
      if (token !== this.token) return;
      this.status.textContent = this.result ? 'The last result stays.' : '';
      const field = this.#fieldOf(error.message);
      sayBeside(field, this.problems.get(field), error.message);
    } finally {
      if (token === this.token) this.#busy(false);
    }
  }

  /** The field a refusal is about (its sentence names it); the corrupted prompt for "no gap". */
  #fieldOf(message) {
    if (/^The clean prompt|^clean /.test(message)) return this.clean;
    if (/metric\.bad/.test(message)) return this.bad;
    if (/metric\.good|^metric /.test(message)) return this.good;
    return this.corrupted;
  }

  #show(args, { heads, positions }) {
    this.result = { args, heads, positions };
    const gap = heads.clean - heads.corrupted;
    const g = JSON.stringify(args.metric.good), b = JSON.stringify(args.metric.bad);
    this.metricLine.textContent = `Metric: logit(${g}) − logit(${b}) for the next character. Clean ${fixed(heads.clean, 4)}, corrupted ${fixed(heads.corrupted, 4)}: a gap of ${fixed(gap, 4)}.`;
    const range = (values) => ({ min: Math.min(0, ...values), max: Math.max(1, ...values) });
    const layerLabels = Array.from({ length: heads.layers }, (_, l) => `Layer ${l + 1}`);
    const headsMap = new Heatmap({ label: 'Share of the gap restored by patching each head’s output (rows: layers, columns: heads)',
      rowLabels: layerLabels, colLabels: Array.from({ length: heads.heads }, (_, hd) => `Head ${hd + 1}`),
      ...range(heads.restored), format: share, rowTitle: 'layer', colTitle: 'head', cellSize: 44 });
    const cleanChars = Array.from(args.clean), corruptedChars = Array.from(args.corrupted);
    const positionsMap = new Heatmap({ label: 'Share of the gap restored by patching the residual stream leaving each layer at each position (rows: layers, columns: positions)',
      rowLabels: layerLabels, colLabels: cleanChars.map((_, p) => positionLabel(cleanChars, corruptedChars, p)),
      ...range(positions.restored), format: share, rowTitle: 'layer', colTitle: 'position', cellSize: 22 });
    replaceChildren(this.headsHost, headsMap.element);
    replaceChildren(this.positionsHost, positionsMap.element);
    headsMap.update(heads.restored);
    positionsMap.update(positions.restored);
    this.maps = { heads: headsMap, positions: positionsMap };
    this.#inWords(args, heads, positions, cleanChars, corruptedChars);
  }

  /** The positions before the first difference (`first`, 0-based): the largest share any of them restores. */
  #before(positions, first, L, t) {
    if (!(first > 0)) return '';
    let most = 0;
    for (let l = 0; l < L; l++) for (let p = 0; p < first; p++) most = Math.max(most, Math.abs(positions.restored[l * t + p]));
    return `The ${first} ${first === 1 ? 'position' : 'positions'} before the first difference restore at most ${share(most)} in size at any layer: the two runs are the same there.`;
  }

  #inWords(args, heads, positions, cleanChars, corruptedChars) {
    const topHead = largest(heads.restored), topPlace = largest(positions.restored);
    const t = positions.t, H = heads.heads, L = heads.layers;
    const differ = cleanChars.map((c, p) => (c === corruptedChars[p] ? null : p + 1)).filter((p) => p !== null);
    const over = (values) => values.filter((x) => x > 1).length, under = (values) => values.filter((x) => x < 0).length;
    const place = (i) => `layer ${Math.floor(i / t) + 1} at position ${(i % t) + 1} (${positionLabel(cleanChars, corruptedChars, i % t)})`;
    const last = Array.from(positions.restored.subarray((L - 1) * t, L * t));
    const lines = [
      `The prompts differ at ${differ.length === 1 ? 'position' : 'positions'} ${differ.join(', ')} of ${t}. `
        + `Of the ${L * H} heads, ${headName(Math.floor(topHead.index / H), topHead.index % H)} restores the most when patched alone: ${share(topHead.value)} of the gap. `
        + `${over(heads.restored)} ${over(heads.restored) === 1 ? 'head restores' : 'heads restore'} more than all of it and ${under(heads.restored)} a negative share.`,
      `In the residual stream, ${place(topPlace.index)} restores the most: ${share(topPlace.value)}. Leaving the last layer, the last position restores ${share(last[t - 1])}: `
        + 'everything the prediction reads is there, so patching it hands over the clean prediction whole. '
        + this.#before(positions, differ[0] - 1, L, t),
    ];
    replaceChildren(this.words, lines.map((line) => h('p', {}, line)));
  }
}
