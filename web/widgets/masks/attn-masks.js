// attn-masks.js — <attn-masks>: the §6.4 masks on a short sentence. Switches add a causal mask,
// a sliding window and a padding mask (for a batch of two sentences); the masks add up cell by
// cell. Beside the mask grid (0 or −∞ in each cell, as text) are the attention weights, and each
// row's sum and entropy against ln k. Any mask cell can be toggled by click or Enter; a row left
// with no allowed key turns NaN, and the widget says why. A comparison shows the bug of masking
// after the softmax. Every number comes from the C core (masks-model.js does the calls).
//
// Attributes (declared below; observed and reflected as properties):
//   sentence  the sentence, 2 to 12 words (default "the cat chased the mouse")
//   second    the batch's second sentence, for padding, 1 to 12 words (default "dogs bark loudly")
//   masks     the switches that are on, space-separated: causal window padding (default "causal")
//   window    the sliding window's width w ≥ 1 (default 2)
//   scores    "words" (default: from fixed word embeddings) or "equal" (every score 0)
//   sequence  "1" or "2": which sentence of the padded batch is shown (default 1)
//   compare   present: also show the weights masked after the softmax (the bug)
//   edits     the mask cells the learner flipped, space-separated "sequence:row:col=blocked|allowed"
//             (rows and columns from 0), e.g. "1:0:3=blocked"; cleared when a sentence changes
//             (the property is a Map("sequence:row:col" → 0 or −Infinity))
// A bad sentence, second sentence (when padding is on) or window (when the window is on) is
// refused with a message, and the last good state stays on screen.
// Events: `change` (bubbles) once per action; detail = { sentence, second, masks, window, scores,
//         sequence, compare, edits, emptyRows }, plus toggled: [row, col] or cleared: true.
// Method (declaredMethods): clearEdits(), "Clear my edits" (a cell is flipped through `edits`).
// Keyboard: Tab reaches every control; in the mask grid the arrow keys move, Enter or Space
//           toggles the focused cell; the heatmaps take the arrow keys too.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { text, choice, choices, integer, presence, custom, readNumber, quote } from '../../ui/attribute-types.js';
import { event, method, CONTROL_PARTS, MATRIX_PARTS, FIGURE_PARTS, HEATMAP_EVENTS } from '../../ui/element-declarations.js';
import { AttnError } from '../../lib/errors.js';
import { h, replaceChildren, uniqueId } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { Heatmap } from '../../ui/heatmap.js';
import { MatrixView } from '../../ui/matrix-view.js';
import { fixed } from '../../ui/format.js';
import { MaskGrid } from './mask-grid.js';
import { splitWords } from '../../ui/sentence.js';
import { computeMasks, maskTokens, sentenceProblem, MASK_KINDS, MAX_TOKENS, SECOND } from './masks-model.js';

const SWITCHES = [
  ['causal', 'Causal mask'],
  ['window', 'Sliding window'],
  ['padding', 'Padding mask'],
];
const quoted = (t) => `“${t}”`;

/** "1:0:3=blocked 1:2:2=allowed" → { value: Map("1:0:3" → −Infinity, "1:2:2" → 0) }, or why not. */
function parseEdits(text) {
  const edits = new Map();
  for (const entry of String(text).split(/\s+/).filter(Boolean)) {
    const match = /^([12]):(\d{1,2}):(\d{1,2})=(blocked|allowed)$/.exec(entry);
    if (!match) return { error: `edits must be mask cells such as 1:0:3=blocked (sentence:row:column from 0, then blocked or allowed), separated by spaces; ${quote(entry)} is not one.` };
    edits.set(`${match[1]}:${Number(match[2])}:${Number(match[3])}`, match[4] === 'blocked' ? -Infinity : 0);
  }
  return { value: edits };
}

function formatEdits(edits) {
  return [...edits].map(([key, value]) => `${key}=${value === -Infinity ? 'blocked' : 'allowed'}`).join(' ') || null;
}

/** The window's refusal, in the words the core uses for attn.mask. */
function windowMessage(typed) {
  const value = readNumber(typed);
  return Number.isInteger(value) ? `window must be at least 1, but it is ${value}.` : `window must be a whole number, but it is ${quote(typed)}.`;
}
/** What the padding does to the sentence shown: its <pad> keys are blocked, or it has none. */
function paddingShown({ n, sequence, lengths }) {
  const pads = n - lengths[sequence - 1];
  if (pads === 0) {
    return lengths[0] === lengths[1] ? `Showing sentence ${sequence}: both are as long, so neither needs padding.`
      : `Showing sentence ${sequence}, the longer: it has no padding. Show sentence ${3 - sequence} to see its <pad> keys blocked.`;
  }
  return `Showing sentence ${sequence}: its last ${pads === 1 ? 'token is' : `${pads} tokens are`} <pad>, `
    + `and the padding mask blocks ${pads === 1 ? 'that key' : 'those keys'} (−∞ in ${pads === 1 ? 'its column' : 'their columns'}) for every query.`;
}
const nats = (x) => (Number.isNaN(x) ? 'NaN' : fixed(x, 4));
const sum6 = (x) => (Number.isNaN(x) ? 'NaN' : fixed(x, 6));

/** "All 5 rows sum to 1, …", or how many of them are NaN, in the singular where it is one. */
function rowsInWords(n, empty, even) {
  const kept = n - empty;
  const evenly = `${even} of ${kept} spread${even === 1 ? 's' : ''} ${even === 1 ? 'its' : 'their'} weight evenly (entropy equal to ln k).`; // the verb agrees with `even`: 1 of 5 spreads
  if (!empty) return `All ${n} rows sum to 1, and ${evenly}`;
  const nan = empty === 1 ? `${empty} of ${n} rows has no allowed key and is NaN` : `${empty} of ${n} rows have no allowed key and are NaN`;
  if (!kept) return `${nan}.`;
  return `${nan}; ${kept === 1 ? 'the other sums' : 'the others sum'} to 1, and ${evenly}`;
}

export class AttnMasks extends AttnWidget {
  static title = 'Masks: build them, combine them, break them';
  static declaredAttributes = {
    sentence: text({ fallback: 'the cat chased the mouse', values: 'text, 2–12 words', check: (typed) => sentenceProblem(typed) }),
    second: text({ fallback: 'dogs bark loudly', values: 'text, 1–12 words', check: (typed) => sentenceProblem(typed, SECOND) }),
    masks: choices(MASK_KINDS, { fallback: ['causal'], label: 'masks' }),
    window: integer({ min: 1, fallback: 2, message: windowMessage }),
    scores: choice(['words', 'equal'], { label: 'scores' }),
    sequence: integer({ min: 1, max: 2, fallback: 1, label: 'sequence', values: '`1`, `2`' }),
    compare: presence(),
    // The value: cell "sequence:row:col" → 0 (allowed) or -Infinity (blocked).
    edits: custom({ parse: parseEdits, format: formatEdits, fallback: new Map(), shown: 'none', type: 'Map<string, number>',
      values: '`sequence:row:col=blocked\\|allowed`, space-separated, from 0' }),
  };
  static declaredEvents = {
    change: event({
      when: 'any setting changed, a cell flipped, edits cleared',
      detail: {
        sentence: 'string', second: 'string', masks: "('causal' | 'window' | 'padding')[]", window: 'number',
        scores: this.declaredAttributes.scores.type, sequence: 'number', compare: 'boolean', edits: 'number', emptyRows: 'number | null',
        'toggled?': '[number, number]', 'cleared?': 'true',
      },
    }),
    ...HEATMAP_EVENTS,
  };
  static declaredParts = { ...CONTROL_PARTS, ...MATRIX_PARTS, ...FIGURE_PARTS };
  // A page flips cells through the `edits` property; a click's flip (#toggleCell) is the grid's.
  static declaredMethods = {
    clearEdits: method({ does: 'removes every mask cell the learner flipped, as “Clear my edits” does: one `change` with cleared: true (none when nothing was flipped)' }),
  };

  inWords() {
    return 'The tokens of a short sentence attend to one another through a mask. In the mask grid each cell '
      + 'is 0 where a query token may look at a key token and minus infinity where it may not. Switches add '
      + 'a causal mask, a sliding window of chosen width, and a padding mask for a batch of two sentences of '
      + 'different lengths; the masks are added cell by cell. With padding on, the shorter sentence is shown, '
      + 'filled out to the longer one’s length with <pad> tokens whose columns the mask blocks, so no query '
      + 'attends to padding. Beside the grid are the weights each token gives '
      + 'the others, and a table gives every row’s sum, which should be 1, and its entropy, next to ln k, the '
      + 'entropy of spreading evenly over its k allowed keys. Any cell of the mask can be flipped by clicking '
      + 'it or pressing Enter on it. Blocking a whole row leaves the softmax nothing to share: that row becomes '
      + 'NaN, and the widget explains why. A comparison shows the common bug of masking after the softmax, '
      + `whose rows no longer sum to 1. ${this.#nowInWords()}`.trim();
  }

  /** The current result in a sentence: the mask in use, the sums, the entropies against ln k. */
  #nowInWords() {
    const state = this.state;
    if (!state) return '';
    const rows = Array.from({ length: state.n }, (_, i) => i);
    const empty = rows.filter((i) => state.allowed[i] === 0).length;
    const even = rows.filter((i) => state.allowed[i] > 0 && Math.abs(state.entropy[i] - state.lnK[i]) < 5e-5).length;
    const mask = state.parts.length ? state.parts.map((p) => p.name).join(' + ') : 'no mask';
    return `Now: ${mask}${state.edited.size ? ` and ${state.edited.size} flipped cell${state.edited.size === 1 ? '' : 's'}` : ''} on `
      + `“${state.tokens.join(' ')}”. ${rowsInWords(state.n, empty, even)}`;
  }

  /** A new sentence clears the cells flipped on the old one (unless the edits came with it). */
  settle(changed) {
    if ((changed.has('sentence') || changed.has('second')) && !changed.has('edits')) this.edits = new Map();
  }

  changeDetail() {
    return {
      sentence: this.sentence, second: this.second, masks: [...this.masks], window: this.window,
      scores: this.scores, sequence: this.sequence, compare: this.compare, edits: this.edits.size,
      emptyRows: this.state?.emptyRows ?? null,
    };
  }

  // ---------------------------------------------------------------- building
  build(body) {
    this.views = null;

    this.sentenceInput = this.bindField('sentence', this.#textInput());
    this.secondInput = this.bindField('second', this.#textInput());
    this.switches = Object.fromEntries(SWITCHES.map(([kind]) => [kind, h('input', {
      type: 'checkbox',
      onchange: (event) => this.act(() => {
        const set = new Set(this.masks);
        if (event.target.checked) set.add(kind); else set.delete(kind);
        this.masks = set;
        // Padding shows on the shorter sentence of the batch: ticking it shows that one.
        if (kind === 'padding' && event.target.checked) this.sequence = this.#paddedSequence();
      }),
    })]));
    this.windowSlider = this.bindField('window', h('input', {
      type: 'range', min: 1, max: MAX_TOKENS, step: 1, 'aria-label': 'Window width w',
    }), { live: true });
    this.windowValue = h('output', { 'aria-hidden': 'true' });
    const radioName = uniqueId('scores');
    this.scoreRadios = {
      words: h('input', { type: 'radio', name: radioName, onchange: () => this.act(() => { this.scores = 'words'; }) }),
      equal: h('input', { type: 'radio', name: radioName, onchange: () => this.act(() => { this.scores = 'equal'; }) }),
    };
    const sequenceName = uniqueId('sequence');
    this.sequenceRadios = [1, 2].map((s) => h('input', { type: 'radio', name: sequenceName, onchange: () => this.act(() => { this.sequence = s; }) }));
    this.compareBox = h('input', { type: 'checkbox', onchange: () => this.act(() => { this.compare = this.compareBox.checked; }) });
    this.clearButton = actionButton({ className: 'secondary', onclick: () => this.clearEdits() }, 'Clear my edits');
    // One line for every refusal: a sentence, the window, or settings the core turns down.
    this.error = h('p', { className: 'cell-error', role: 'alert', hidden: true });
    this.routeProblems(this.error, ['sentence', 'second', 'window', 'core'],
      (message) => `${message}${this.state ? ' The last good state is still shown.' : ''}`);

    this.batchGroup = h('fieldset', { className: 'batch' },
      h('legend', {}, 'Padding batch'),
      h('label', { className: 'text-field' }, 'Second sentence of the batch ', this.secondInput),
      h('span', { className: 'radio-row', role: 'radiogroup', 'aria-label': 'Sentence shown' }, 'Show: ',
        h('label', {}, this.sequenceRadios[0], ' sentence 1'),
        h('label', {}, this.sequenceRadios[1], ' sentence 2')),
      this.lengthsLine = h('p', { className: 'note' }));

    this.formula = h('p', { className: 'formula-line' });
    this.gridHost = h('div', { className: 'panel' });
    this.heatmapHost = h('div', { className: 'panel' });
    // The bug's weights sit beside the correct ones (shown with "Compare"), its sentence under both.
    this.buggyHost = h('div', { className: 'panel', hidden: true });
    this.emptyLine = h('p', { className: 'empty-line', 'aria-live': 'polite' });
    this.nanNote = h('div', { className: 'nan-note', hidden: true });
    this.statsHost = scrollFocus(h('div', { className: 'table-scroll' }), 'Row diagnostics (scrolls sideways)');
    this.numbersHost = h('div');
    this.compareHost = h('div', { className: 'compare', hidden: true });

    body.append(
      h('label', { className: 'text-field' }, 'Sentence ', this.sentenceInput),
      h('div', { className: 'toolbar', role: 'group', 'aria-label': 'Masks' },
        h('strong', {}, 'Masks:'),
        h('label', {}, this.switches.causal, ' Causal mask'),
        h('label', {}, this.switches.window, ' Sliding window'),
        h('label', { className: 'slider' }, 'w ', this.windowSlider, ' ', this.windowValue),
        h('label', {}, this.switches.padding, ' Padding mask')),
      h('div', { className: 'toolbar' },
        h('span', { role: 'radiogroup', 'aria-label': 'Scores', className: 'radio-row' }, h('strong', {}, 'Scores: '),
          h('label', {}, this.scoreRadios.words, ' from the words'),
          h('label', {}, this.scoreRadios.equal, ' all equal')),
        h('label', {}, this.compareBox, ' Compare with masking after the softmax (a bug)'),
        this.clearButton),
      this.batchGroup,
      this.error,
      this.formula,
      h('div', { className: 'panels' }, this.gridHost, h('div', { className: 'panels' }, this.heatmapHost, this.buggyHost)),
      this.compareHost,
      h('p', { className: 'note' }, 'Click a cell of the mask, or press Enter on it, to flip it between 0 and −∞.'),
      this.emptyLine,
      this.nanNote,
      this.statsHost,
      h('details', {}, h('summary', {}, 'The weights as numbers'), this.numbersHost));
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, masksSheet()];
  }

  #textInput() {
    return h('input', { type: 'text', autocomplete: 'off', spellcheck: 'false', size: 34 });
  }

  /** The sentence of the batch that gets padding (the shorter one), or the one shown when both
   *  are as long. */
  #paddedSequence() {
    const first = splitWords(this.sentence).length, second = splitWords(this.second).length;
    if (first === second) return this.sequence;
    return first < second ? 1 : 2;
  }

  /** Removes every cell the learner flipped. */
  clearEdits() {
    this.act(() => { this.edits = new Map(); }, { cleared: true });
  }

  /** Flips mask cell (i, j) of the sentence shown between 0 and −∞. */
  #toggleCell(i, j) {
    const { n, mask, built, sequence } = this.state;
    const key = `${sequence}:${i}:${j}`;
    const next = mask[i * n + j] === -Infinity ? 0 : -Infinity;
    const edits = new Map(this.edits);
    if (next === built[i * n + j]) edits.delete(key);
    else edits.set(key, next);
    this.act(() => { this.edits = edits; }, { toggled: [i + 1, j + 1] });
  }

  // ---------------------------------------------------------------- drawing
  render() {
    this.#syncControls();
    // A refused setting that is in use: its message stays, and so does the last good state. With
    // none drawn yet (refused before the start), the last good settings are computed.
    const inUse = ['sentence', ...(this.masks.has('window') ? ['window'] : []), ...(this.masks.has('padding') ? ['second'] : [])];
    if (this.state && inUse.some((name) => this.hasProblem(name))) return;
    if (!this.attn) return this.#reserve();
    let state;
    try {
      state = computeMasks(this.attn, this.#settings());
    } catch (error) {
      if (!(error instanceof AttnError)) throw error;
      this.setProblem('core', error.message);
      return;
    }
    this.state = state;
    this.setProblem('core', null);
    this.#draw(state);
  }

  #settings() {
    return {
      sentence: this.sentence, second: this.second, masks: this.masks, window: this.window,
      scores: this.scores, sequence: this.sequence, edits: this.edits,
    };
  }

  /** Before the widget starts: the grid, the heatmaps and the row table laid out for the
   *  sentence's tokens, empty, so that the numbers fill them in place (nothing is computed). */
  #reserve() {
    let tokens;
    try {
      ({ tokens } = maskTokens(this.#settings()));
    } catch {
      return; // a sentence the core would refuse: said once it starts
    }
    const views = this.#ensureViews({ tokens, n: tokens.length });
    views.grid.reserve();
    views.heatmap.reserve();
    views.buggyMap.reserve();
    this.formula.textContent = 'M = …';
    this.emptyLine.textContent = 'Rows with no allowed key: …';
    this.#drawStats({ n: tokens.length, tokens });
  }

  #syncControls() {
    const masks = this.masks;
    for (const [kind, box] of Object.entries(this.switches)) box.checked = masks.has(kind);
    this.windowSlider.disabled = !masks.has('window');
    this.windowValue.textContent = `= ${this.getAttribute('window') ?? this.window}`;
    this.windowSlider.setAttribute('aria-valuetext', `${this.windowSlider.value} tokens`);
    this.scoreRadios[this.scores].checked = true;
    this.sequenceRadios[this.sequence - 1].checked = true;
    this.compareBox.checked = this.compare;
    this.batchGroup.hidden = !masks.has('padding');
    this.compareHost.hidden = !this.compare;
    this.buggyHost.hidden = !this.compare;
    this.clearButton.disabled = this.edits.size === 0;
  }

  #ensureViews(state) {
    const key = state.tokens.join('\u0000');
    if (this.views?.key === key) return this.views;
    const focus = this.views?.grid.focusedCell;
    const labels = state.tokens.map((t, i) => `${i + 1} ${t}`);
    const views = {
      key,
      grid: new MaskGrid({ tokens: state.tokens, onToggle: (i, j) => this.#toggleCell(i, j) }),
      heatmap: new Heatmap({ label: 'Attention weights (mask before the softmax)', rowLabels: state.tokens, colLabels: state.tokens }),
      buggyMap: new Heatmap({ label: 'Weights masked after the softmax (the bug)', rowLabels: state.tokens, colLabels: state.tokens }),
      numbers: new MatrixView({ name: 'Weights', caption: 'Weights, row by row', rows: state.n, cols: state.n, rowLabels: labels, colLabels: labels.map((_, j) => String(j + 1)), format: (x) => fixed(x, 3) }),
    };
    const hadFocus = this.views && this.shadowRoot.activeElement?.classList.contains('mask-cell');
    replaceChildren(this.gridHost, views.grid.element);
    replaceChildren(this.heatmapHost, views.heatmap.element);
    replaceChildren(this.numbersHost, views.numbers.element);
    replaceChildren(this.buggyHost, views.buggyMap.element);
    this.views = views;
    if (hadFocus && focus) views.grid.focusCell(focus.i, focus.j);
    return views;
  }

  #draw(state) {
    const views = this.#ensureViews(state);
    views.grid.update(state.mask, state.edited);
    views.heatmap.update(state.weights);
    views.numbers.update(state.weights);
    this.windowSlider.max = String(Math.max(state.n, this.window));

    const parts = state.parts.map((p) => p.name);
    if (state.edited.size) parts.push(`your ${state.edited.size === 1 ? 'edit' : `${state.edited.size} edits`}`);
    this.formula.textContent = parts.length
      ? `M = ${parts.join(' + ')}${state.edited.size ? ' (an edit sets its cell to 0 or −∞)' : ''}`
      : 'M = no mask: every entry is 0, so every token may look at every token.';
    if (state.padding) {
      const [a, b] = state.lengths;
      this.lengthsLine.textContent = `Both sentences are padded to ${state.n} tokens; their real lengths are ${a} and ${b}. `
        + paddingShown(state);
    }

    this.emptyLine.textContent = `Rows with no allowed key: ${state.emptyRows}`;
    this.#drawNanNote(state);
    this.#drawStats(state);
    this.#drawCompare(state, views);
  }

  #drawNanNote(state) {
    const empty = [];
    for (let i = 0; i < state.n; i++) if (state.allowed[i] === 0) empty.push(i);
    this.nanNote.hidden = empty.length === 0;
    if (!empty.length) return replaceChildren(this.nanNote);
    const names = empty.map((i) => `row ${i + 1} (${quoted(state.tokens[i])})`);
    const rows = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
    replaceChildren(this.nanNote,
      h('p', {}, h('strong', {}, 'Why NaN? '),
        `${rows.charAt(0).toUpperCase()}${rows.slice(1)} ${empty.length === 1 ? 'has' : 'have'} no allowed key. `
        + 'Softmax gives key j the weight e', h('sup', {}, 'score(j)'), ' divided by the sum of e', h('sup', {}, 'score'),
        ' over the row. With every key at −∞, each e', h('sup', {}, '−∞'), ' is 0, so the top is 0 and the sum is 0 too: '
        + '0 ÷ 0 has no answer, and the computer writes NaN, “not a number”. The row’s weights, its sum and its '
        + 'entropy are all NaN; every other row is computed exactly as before. Give the row back one key to fix it.'));
  }

  #drawStats(state) {
    // The columns the lesson compares come first, entropy beside ln k, so that a phone shows them
    // without scrolling sideways; the bug's sums (with "Compare") stay at the right edge.
    const header = h('tr', {},
      h('th', { scope: 'col' }, 'Query'),
      h('th', { scope: 'col' }, 'Entropy H (nats)'),
      h('th', { scope: 'col' }, 'ln k (even spread)'),
      h('th', { scope: 'col' }, 'Sum of weights'),
      h('th', { scope: 'col' }, 'Allowed keys k'),
      this.compare ? h('th', { scope: 'col', className: 'verdict' }, 'Sum, masked after softmax') : null);
    // Before the widget starts, `state` has only n and tokens: each number is "…".
    const waiting = !state.sums;
    const rows = Array.from({ length: state.n }, (_, i) => {
      const label = h('th', { scope: 'row' }, `${i + 1} ${state.tokens[i]}`);
      if (waiting) return h('tr', {}, label, Array.from({ length: this.compare ? 5 : 4 }, () => h('td', {}, '…')));
      const buggySum = state.buggySums[i];
      const below = Number.isFinite(buggySum) && buggySum < 1 - 1e-6;
      return h('tr', {}, label,
        h('td', {}, nats(state.entropy[i])),
        h('td', {}, state.allowed[i] === 0 ? 'none (k = 0)' : nats(state.lnK[i])),
        h('td', {}, sum6(state.sums[i])),
        h('td', {}, String(state.allowed[i])),
        this.compare ? h('td', { className: below ? 'verdict short' : 'verdict' }, `${sum6(buggySum)}${below ? ' (below 1)' : ''}`) : null);
    });
    replaceChildren(this.statsHost, h('table', { className: 'matrix stats-table', 'aria-label': 'Row diagnostics' },
      h('caption', {}, 'Each row: its entropy next to ln k, and its sum (1 when masked before the softmax)'),
      h('thead', {}, header), h('tbody', {}, rows)));
  }

  #drawCompare(state, views) {
    if (!this.compare) return;
    views.buggyMap.update(state.buggy);
    // The row that loses most, among rows that still have a key (a fully blocked row loses everything).
    let worst = -1;
    for (let i = 0; i < state.n; i++) {
      if (state.allowed[i] > 0 && (worst < 0 || state.buggySums[i] < state.buggySums[worst])) worst = i;
    }
    const lost = worst >= 0 && state.buggySums[worst] < 1 - 1e-6;
    const text = lost
      ? `Here the softmax runs over every key first, and the blocked weights are set to 0 afterwards. What the blocked `
        + `keys took is simply lost: row ${worst + 1} (${quoted(state.tokens[worst])}) sums to ${sum6(state.buggySums[worst])} `
        + 'instead of 1, so its output shrinks by that factor. Masking before the softmax lets the allowed keys share the whole 1.'
      : 'Here the softmax runs over every key first, and the blocked weights are set to 0 afterwards. No row that still '
        + 'has a key lost weight here: the bug shows as soon as a row has blocked keys, so turn a mask on.';
    replaceChildren(this.compareHost,
      h(this.subheading, {}, 'The bug: masking after the softmax'),
      h('p', {}, text));
  }
}

let sheet = null;
function masksSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .text-field { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; font-weight: 600; }
    .text-field input { font: inherit; font-weight: 400; padding: 0.25rem 0.45rem; border: 1px solid var(--attn-border);
      border-radius: var(--attn-radius-small); background: var(--attn-bg); color: var(--attn-fg); max-width: 100%; }
    .text-field input[aria-invalid="true"] { outline: 2px dashed var(--attn-error); }
    .radio-row { display: inline-flex; flex-wrap: wrap; gap: 0.2rem 0.8rem; align-items: center; }
    .slider { display: inline-flex; align-items: center; gap: 0.3rem; font-family: var(--attn-mono); }
    .slider input { width: 7rem; }
    fieldset.batch { border: 1px solid var(--attn-border); border-radius: var(--attn-radius-small); padding: 0.4rem 0.8rem; margin: 0.5rem 0; }
    fieldset.batch legend { font-weight: 600; padding: 0 0.3rem; }
    fieldset.batch .radio-row { margin-top: 0.4rem; }
    .note { font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); }
    .formula-line { font-family: var(--attn-mono); font-size: calc(0.9 * var(--attn-em)); background: var(--attn-surface); padding: 0.35rem 0.6rem; border-radius: var(--attn-radius-small); }
    .panels { display: flex; flex-wrap: wrap; gap: 0.75rem 1.5rem; align-items: flex-start; }
    .panel { max-width: 100%; overflow-x: auto; }
    table.mask-grid td { min-width: 0; padding: 0; }
    table.mask-grid thead th { writing-mode: vertical-rl; transform: rotate(180deg); text-align: left; padding: 0.3rem 0.1rem; max-height: 7rem; }
    @media print { table.mask-grid thead th { max-height: none; } } /* paper: a long word runs down its column, not across the page */
    table.mask-grid tbody th { text-align: right; white-space: nowrap; }
    .mask-cell { font: inherit; width: 2.5rem; padding: 0.25rem 0.2rem; text-align: center; border: none; border-radius: 0;
      background: transparent; color: var(--attn-fg); }
    .mask-cell.blocked { font-weight: 700;
      background: repeating-linear-gradient(135deg, transparent 0 6px, color-mix(in srgb, var(--attn-muted) 22%, transparent) 6px 8px); }
    .mask-cell.edited { outline: 2px dashed var(--attn-involved-border); outline-offset: -3px; font-weight: 700; }
    .mask-cell:focus-visible { outline: 3px solid var(--attn-accent); outline-offset: -3px; }
    .empty-line { font-weight: 600; }
    .nan-note { border-left: 4px solid var(--attn-error); background: var(--attn-surface); padding: 0.3rem 0.7rem; }
    table.stats-table td { min-width: 0; }
    table.stats-table tbody th { text-align: left; white-space: nowrap; }
    table.stats-table td.short { font-weight: 700; }
    .compare :is(h2, h3, h4, h5, h6) { margin: 0.8rem 0 0.2rem; font-size: calc(0.95 * var(--attn-em)); }
    details { margin-top: 0.6rem; }
    summary { cursor: pointer; }
  `);
  return sheet;
}

defineWidget('attn-masks', AttnMasks);
