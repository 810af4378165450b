// attn-cross.js — <attn-cross>: where Q, K and V come from. One switch, three modes, each with a
// small diagram and its one sentence from the chapter:
//   cross  queries from the target (the decoder), keys and values from the source (the encoder):
//          an N × M weights map, the source padded to the batch's longest source and its padded
//          keys blocked;
//   self   all three from one sentence: N × N;
//   cache  the target produced one word at a time: each step appends one key and one value to a
//          KV cache and computes one new query row against everything cached.
// The alignment is built into the word vectors, not learned: a tiny bilingual vocabulary whose translation pairs
// share their meaning's vector (plus a little noise of their own), projected by one fixed random
// rotation for queries and keys, so "noir" attends to "black" wherever the two stand. Every
// number comes from the C core (cross-model.js).
//
// Attributes (declared below; observed and reflected as properties):
//   mode    "cross" (default), "self" or "cache"
//   source  the source sentence (the encoder's), 1–10 words of at most 60 characters (default "the black cat sleeps")
//   target  the target sentence (the decoder's), 1–10 words (default "le chat noir dort")
//   second  the batch's other source sentence, 1–10 words: the source is padded to the longer
//           of the two (default "the small dog eats the red fish")
//   step    cache mode: how many target words are decoded, 1–10 (default 2; at most the target's length)
//   noise   how far each word strays from its meaning's vector, 0–2 (default 0.3)
//   seed    the seed of the vectors and rotations, 0–4,294,967,295 (default 1)
// A sentence that is empty or too long is refused with a sentence, and the last good map stays.
// Events: `change` (bubbles) once per action, detail = { mode, source, target, second, step, noise, seed }.
// Keyboard: the modes are radio buttons (arrow keys); every other control is a native button or
//           input; the heatmap takes the arrow keys, Home and End.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { choice, decimal, integer, text } from '../../ui/attribute-types.js';
import { event, settingsDetail, CONTROL_PARTS, FIGURE_PARTS, HEATMAP_EVENTS } from '../../ui/element-declarations.js';
import { AttnError } from '../../lib/errors.js';
import { h, replaceChildren, uniqueId } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { Heatmap } from '../../ui/heatmap.js';
import { counted, fixed, vector } from '../../ui/format.js';
import { computeCross, crossLayout, sentenceProblem, MODES, MAX_WORDS, MAX_WORD_CHARACTERS, PAD, WIDTH } from './cross-model.js';
import { diagram } from './cross-diagram.js';
import { crossSheet } from './cross-styles.js';

const LABELS = { cross: 'Cross-attention', self: 'Self-attention', cache: 'KV cache, word by word' };
const sentence = (name, fallback) => text({ fallback, values: `text, 1–${MAX_WORDS} words of at most ${MAX_WORD_CHARACTERS} characters`, check: (typed) => sentenceProblem(typed, name) });

export class AttnCross extends AttnWidget {
  static title = 'Where Q, K and V come from: cross-attention, self-attention, the KV cache';
  static declaredAttributes = {
    mode: choice(MODES, { label: 'mode' }),
    source: sentence('The source sentence', 'the black cat sleeps'),
    target: sentence('The target sentence', 'le chat noir dort'),
    second: sentence('The batch’s other source sentence', 'the small dog eats the red fish'),
    step: integer({ min: 1, max: MAX_WORDS, fallback: 2, label: 'step', values: `\`1\`–\`${MAX_WORDS}\` (at most the target's words)` }),
    noise: decimal({ min: 0, max: 2, fallback: 0.3, label: 'noise' }),
    seed: integer({ min: 0, max: 4294967295, fallback: 1, label: 'seed' }),
  };
  static declaredEvents = {
    change: event({ when: 'a setting changed', detail: settingsDetail(this.declaredAttributes) }),
    ...HEATMAP_EVENTS,
  };
  static declaredParts = { ...CONTROL_PARTS, ...FIGURE_PARTS };

  inWords() {
    return 'Three ways to feed attention, chosen with a switch. In cross-attention, the queries come from '
      + 'the sentence being written (the target, in the decoder) and the keys and values from the sentence '
      + 'being translated (the source, in the encoder): a table with a row per target word and a column '
      + 'per source word. In self-attention all three come from one sentence. With a key/value cache the '
      + 'target is written one word at a time: each step adds one key and one value to the cache and '
      + 'computes one new row of weights against everything cached. Each word’s vector is built by the '
      + `core from a seed: a tiny English–French vocabulary gives each meaning one random vector of ${WIDTH} `
      + 'numbers, shared by its translations, and each word adds a little noise of its own; queries and '
      + 'keys are turned by the same fixed random rotation, so a query scores highest against the word that '
      + 'means the same, wherever it stands: “noir” attends to “black” although they are in different '
      + 'places. That alignment is built in by how the vectors are made, not learned; the trained translation '
      + 'experiment in the section on why attention was invented shows an alignment that emerges from training. A word outside the vocabulary gets a vector from its spelling alone, so it lines up with '
      + 'the same word in the other sentence, and any other weight it takes or gets is chance. When the source is shorter than the other source sentence '
      + 'of its batch, it is padded, and a padding mask gives the padded columns weight 0. Every row of '
      + 'weights sums to 1.';
  }

  /** A new target sentence starts the cache from its first word again. */
  settle(changed) {
    if (changed.has('target') && !changed.has('step')) this.step = 1;
  }

  // ---------------------------------------------------------------- building

  build(body) {
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, crossSheet()];
    const name = uniqueId('mode');
    this.radios = Object.fromEntries(MODES.map((mode) => [mode, h('input', {
      type: 'radio', name, value: mode, onchange: () => this.act(() => { this.mode = mode; }),
    })]));
    const field = (id) => h('input', { type: 'text', id, autocomplete: 'off', spellcheck: 'false', size: 34 });
    this.sourceInput = this.bindField('source', field('source'));
    this.targetInput = this.bindField('target', field('target'));
    this.secondInput = this.bindField('second', field('second'));
    this.noiseInput = this.bindField('noise', h('input', { type: 'number', id: 'noise', min: 0, max: 2, step: 0.1 }));
    this.seedInput = this.bindField('seed', h('input', { type: 'number', id: 'seed', min: 0, step: 1 }));
    this.previous = actionButton({ className: 'secondary', onclick: () => this.act(() => { this.step -= 1; }) }, '← Previous word');
    this.next = actionButton({ onclick: () => this.act(() => { this.step += 1; }) }, 'Next word →');
    this.stepLine = h('span', { className: 'step-line', 'aria-live': 'polite' });
    this.stepBar = h('div', { className: 'toolbar', role: 'group', 'aria-label': 'Decoding word by word' }, this.previous, this.next, this.stepLine);
    this.error = h('p', { className: 'error', role: 'alert', hidden: true });
    this.routeProblems(this.error, ['source', 'target', 'second', 'step', 'noise', 'seed', 'core'],
      (message) => `${message}${this.state ? ' The last good map is still shown.' : ''}`);

    this.diagramHost = h('div', { className: 'diagram-host' });
    this.mapHost = h('div', { className: 'map-host' });
    this.padNote = h('p', { className: 'note pad-note' });
    this.unknownNote = h('p', { className: 'note unknown-note', 'aria-live': 'polite' });
    this.rowsTable = h('table', { className: 'cross-table' });
    this.cacheHost = h('div', { className: 'cache-check' });

    body.append(
      h('fieldset', { className: 'modes' }, h('legend', {}, 'Where Q, K and V come from'),
        MODES.map((mode) => h('label', {}, this.radios[mode], ` ${LABELS[mode]}`))),
      this.diagramHost,
      h('div', { className: 'fields' },
        h('label', { for: 'source' }, 'Source (encoder)'), this.sourceInput,
        h('label', { for: 'target' }, 'Target (decoder)'), this.targetInput,
        h('label', { for: 'second' }, 'Other source in the batch'), this.secondInput,
        h('label', { for: 'noise' }, 'Noise'), this.noiseInput,
        h('label', { for: 'seed' }, 'Seed'), this.seedInput),
      this.stepBar,
      this.error,
      this.unknownNote,
      this.mapHost,
      this.padNote,
      scrollFocus(h('div', { className: 'table-scroll' }, this.rowsTable), 'Each row of weights (scrolls sideways)'),
      this.cacheHost);
  }

  // ---------------------------------------------------------------- drawing

  render() {
    for (const mode of MODES) this.radios[mode].checked = this.mode === mode;
    this.stepBar.hidden = this.mode !== 'cache';
    // A sentence this mode does not read cannot be typed into (its value is kept for the others).
    this.sourceInput.disabled = this.mode === 'cache';
    this.targetInput.disabled = this.mode === 'self';
    this.secondInput.disabled = this.mode !== 'cross';
    if (!this.attn) return this.#reserve();
    let state;
    try {
      state = computeCross(this.attn, this.#settings());
    } catch (error) {
      if (!(error instanceof AttnError)) throw error;
      this.setProblem('core', error.message);
      return;
    }
    this.setProblem('core', null);
    this.state = state;
    this.#drawDiagram();
    this.#drawMap();
    this.#drawRows();
    this.#drawNotes();
  }

  /** Before the widget starts: the diagram, the map, the row table and the notes laid out from
   *  the words alone, each number a place to fill ("…"), so that starting moves nothing. */
  #reserve() {
    try {
      this.state = crossLayout(this.#settings());
    } catch {
      return; // a sentence the core would refuse: said once it starts
    }
    this.#drawDiagram();
    this.#drawMap();
    this.#drawRows();
    this.#drawNotes();
    this.state = null;
  }

  #settings() {
    return { mode: this.mode, source: this.source, target: this.target, second: this.second, step: this.step, noise: this.noise, seed: this.seed };
  }

  #drawDiagram() {
    const { mode, target, step } = this.state;
    const words = (list) => list.map((w) => w.text).join(' ');
    replaceChildren(this.diagramHost, diagram(mode, {
      source: words(this.state.source), target: words(target), step,
      cached: mode === 'cache' ? words(target.slice(0, step - 1)) : '', newest: mode === 'cache' ? target[step - 1].text : '',
    }));
  }

  #drawMap() {
    const { mode, cols, weights, n, m } = this.state;
    const label = mode === 'cross'
      ? `Cross-attention weights (${n} × ${m}): rows are target words (queries), columns source words (keys)`
      : mode === 'self'
        ? `Self-attention weights (${n} × ${n}) of the source sentence`
        : `Weights decoded so far with the cache (${counted(n, 'row')}): row t is word t’s query against the ${n === 1 ? 'word' : 'words'} cached then`;
    const mark = (w) => (w.known ? w.text : `${w.text}*`);
    const rowLabels = mode === 'cross' || mode === 'cache' ? this.state.target.slice(0, n).map(mark) : this.state.source.map(mark);
    const colLabels = mode === 'cross' ? [...this.state.source.map(mark), ...cols.slice(this.state.source.length)]
      : mode === 'self' ? this.state.source.map(mark) : this.state.target.slice(0, n).map(mark);
    const focus = this.map?.focusedCell;
    const titles = { rowTitle: mode === 'cross' ? 'target word' : 'query word', colTitle: mode === 'cross' ? 'source word' : 'key word' };
    this.map = new Heatmap({ label, rowLabels, colLabels, min: 0, max: 1, format: (x) => fixed(x, 2), ...titles });
    // Cross-attention: the padding mask beside the weights, its blocked cells hatched (−∞).
    // Its legend names the two values it holds, not a ramp of values that do not occur.
    const maskMap = mode === 'cross' ? new Heatmap({ label: `The padding mask added to the scores (${n} × ${m}): 0, or −∞ on the padding`,
      rowLabels, colLabels, min: -1, max: 1, format: (x) => fixed(x, 0), ...titles,
      key: [{ value: 0, text: '0: allowed' }, { blocked: true, text: 'hatched, −∞: blocked (padding)' }] }) : null;
    replaceChildren(this.mapHost, h('div', { className: 'maps' }, this.map.element, maskMap?.element));
    if (!weights) { // not started: the maps' places, empty
      this.map.reserve();
      maskMap?.reserve();
      return;
    }
    this.map.update(weights);
    maskMap?.update(this.state.mask);
    const row = mode === 'cache' ? n - 1 : Math.min(focus?.row ?? 2, n - 1);
    this.map.setFocus(row, Math.min(focus?.col ?? 1, m - 1));
  }

  #drawRows() {
    const { mode, weights, n, m, sums } = this.state;
    const rowWords = mode === 'self' ? this.state.source : this.state.target;
    const colWords = mode === 'cross' ? [...this.state.source, ...Array(m - this.state.source.length).fill({ text: PAD })]
      : mode === 'self' ? this.state.source : this.state.target;
    const best = (i) => mostWeightOn(weights, m, i);
    const head = h('thead', {}, h('tr', {}, ...['query word', 'most weight on', 'its weight', 'row sum'].map((t) => h('th', { scope: 'col' }, t))));
    const body = h('tbody', {}, Array.from({ length: n }, (_, i) => {
      if (!weights) return h('tr', {}, h('th', { scope: 'row' }, `“${rowWords[i].text}”`), h('td', {}, '…'), h('td', {}, '…'), h('td', {}, '…'));
      const j = best(i);
      return h('tr', {}, h('th', { scope: 'row' }, `“${rowWords[i].text}”`), h('td', { className: 'word' }, `“${colWords[j].text}”`),
        h('td', {}, fixed(weights[i * m + j], 3)), h('td', {}, fixed(sums[i], 6)));
    }));
    replaceChildren(this.rowsTable, h('caption', {}, 'Each query’s row of weights: where most of it goes, and its sum'), head, body);
  }

  #drawNotes() {
    const { mode, unknown } = this.state;
    replaceChildren(this.unknownNote, unknown.length
      ? `Not in the lab’s vocabulary (marked *): ${unknown.map((w) => `“${w}”`).join(', ')}. Such a word gets a vector from its spelling alone, which shares no meaning with any other word: it lines up with the same word in the other sentence, and any other weight it takes or gets is chance. With few words to choose from, chance can still put most of a row on one of them.`
      : '');
    this.unknownNote.hidden = unknown.length === 0;
    if (mode === 'cross') {
      const [own, other] = this.state.lengths;
      this.padNote.textContent = own < other
        ? `The batch holds this source (${own} words) and the other one (${other} words), so this source is padded to ${other}: a padding mask adds −∞ to the scores of columns ${own + 1}–${other}, and their weights are exactly 0.`
        : `The batch holds this source (${own} words) and the other one (${other} words): this source is the longest, so it needs no padding (the other would be padded).`;
    } else {
      this.padNote.textContent = (mode === 'self' ? 'One sentence alone: no batch, no padding, no mask. ' : '')
        + `${selfScoresSentence(this.state)} A trained model learns separate query and key projections, and its heads look elsewhere.`;
    }
    this.padNote.hidden = this.padNote.textContent === '';
    this.#drawCacheCheck();
  }

  /** Cache mode: the newest row from the cache beside the same row of causal self-attention. */
  #drawCacheCheck() {
    const { mode } = this.state;
    this.cacheHost.hidden = mode !== 'cache';
    if (mode !== 'cache') return;
    const { step, length, newest, causalRow, next, target } = this.state;
    this.stepLine.textContent = `Word ${step} of ${length}: “${target[step - 1].text}”${next ? `; next: “${next}”` : ' (the last)'}`;
    this.previous.disabled = step <= 1;
    this.next.disabled = step >= length;
    const labels = target.slice(0, step).map((w) => `“${w.text}”`);
    // Not started: each number is a place to fill.
    const cells = (values) => (values ? Array.from(values, (x) => h('td', {}, fixed(x, 4))) : labels.map(() => h('td', {}, '…')));
    replaceChildren(this.cacheHost,
      h(this.subheading, {}, `Step ${step}: the cache and the one new row`),
      h('p', {}, `The cache now holds ${counted(step, 'key')} and ${counted(step, 'value')} of ${WIDTH} numbers, one row per word decoded. `
        + `The newest word’s query is the only new one. Its weights over the cache, and the same row of causal self-attention over the ${counted(step, 'word')} computed all at once:`),
      scrollFocus(h('div', { className: 'table-scroll' }, h('table', { className: 'cross-table' },
        h('caption', {}, `Row ${step}: with the cache, and recomputed`),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'weights'), labels.map((l) => h('th', { scope: 'col' }, l)))),
        h('tbody', {},
          h('tr', {}, h('th', { scope: 'row' }, 'from the KV cache'), cells(newest?.weights)),
          h('tr', {}, h('th', { scope: 'row' }, 'causal self-attention'), cells(causalRow))))),
      'The newest row (scrolls sideways)'),
      h('p', { className: 'note mono' }, `Its output: ${newest ? vector(newest.out.slice(0, 4), (x) => fixed(x, 3)).replace(/\]$/, ', …]') : '[…]'} (${WIDTH} numbers).`));
  }
}

/** The column of row i of an (n, m) table of weights that holds the most weight. */
function mostWeightOn(weights, m, i) {
  let j = 0;
  for (let c = 1; c < m; c++) if (weights[i * m + c] > weights[i * m + j]) j = c;
  return j;
}

/** Self-attention and the cache: which words put most weight on themselves, said from the weights
 *  (a word whose meaning another word shares may look there instead). */
function selfScoresSentence({ mode, weights, n, m, source, target }) {
  const why = 'a word’s query and its key are the same vector turned by the same rotation';
  if (!weights) return `Here ${why}, so a word scores high against itself.`;
  const words = mode === 'self' ? source : target;
  const elsewhere = [];
  for (let i = 0; i < n; i++) {
    const j = mostWeightOn(weights, m, i);
    // The same word twice: which one is which, by its place.
    const place = (k) => (words[i].text === words[j].text ? ` (word ${k + 1})` : '');
    if (j !== i) elsewhere.push(`“${words[i].text}”${place(i)} puts most on “${words[j].text}”${place(j)}`);
  }
  if (elsewhere.length === 0) return `Here each word puts most weight on itself: ${why}.`;
  return `Here ${n - elsewhere.length} of ${n} words put most weight on themselves (${why}); `
    + `${elsewhere.slice(0, 3).join(', ')}${elsewhere.length > 3 ? ', and more' : ''}: `
    + 'in the lab’s vocabulary words of one meaning share a vector, so such a pair scores alike.';
}

defineWidget('attn-cross', AttnCross);
