// attn-heads.js — <attn-heads>: §6.6 multi-head attention on "The animal didn't cross the street
// because it was tired". Four heads with hand-set weights mimic patterns seen in trained models
// (previous word; pronoun → noun; verb → subject; sentence start and "because"). The C core runs
// the whole multi-head computation: per-head weights (a heatmap each, and the stacked h × N × N
// tensor), the head outputs, their concatenation and the output projection W^O. A learner can
// type another sentence; the rules apply where they can, and the widget says where they find nothing.
// The field keeps the sentence as typed; the heads read its bare words, and a line beside the
// field says which words and which characters (punctuation) were left out.
//
// Attributes (declared below; observed and reflected as properties):
//   sentence  the sentence, as typed (default: the chapter's sentence); 2 to 16 words
//   head      "1"–"4" (one head) or "all" (the four side by side); default "1"
//   mask      "none" (default) or "causal"
//   wo        "mix" (default: a fixed random W^O standing in for a trained one) or "identity"
// Events: `change` (bubbles) once per action, detail = { sentence, head, mask, wo }.
// Keyboard: ← / → move between the head tabs; in a heatmap the arrow keys move the focused cell.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { text, choice } from '../../ui/attribute-types.js';
import { event, settingsDetail, CONTROL_PARTS, FIGURE_PARTS, HEATMAP_EVENTS } from '../../ui/element-declarations.js';
import { h, replaceChildren, withSuperscripts } from '../../ui/dom.js';
import { leftOut } from '../../ui/sentence.js';
import { actionButton } from '../../ui/action-button.js';
import { Heatmap } from '../../ui/heatmap.js';
import { fixed } from '../../ui/format.js';
import { StackView } from './heads-stack.js';
import { HeadsSizes } from './heads-sizes.js';
import { DEFAULT_SENTENCE, HEADS, HEAD_WIDTH, D_MODEL, readSentence, applyRules, buildInputs } from './heads-rules.js';

const TABS = ['1', '2', '3', '4', 'all'];
/** The names of the demo's word classes (heads-rules.js), as a learner reads them. */
const TAG_NAMES = { pronoun: 'pronoun', verb: 'verb', noun: 'noun (guessed)', link: 'linking word', det: 'determiner', adj: 'adjective', other: 'other (not in the lists)' };

export class AttnHeads extends AttnWidget {
  static title = 'Four heads read one sentence';
  static declaredAttributes = {
    sentence: text({ fallback: DEFAULT_SENTENCE, values: 'text, 2–16 words', shown: 'the chapter\'s sentence',
      // Kept as typed (spaces between words made single): the heads read its bare words.
      check: (typed) => readSentence(typed).error ?? { value: String(typed).trim().split(/\s+/).join(' ') } }),
    head: choice(TABS, { fallback: '1', label: 'head', values: '`1`–`4`, `all`' }),
    mask: choice(['none', 'causal'], { label: 'mask' }),
    wo: choice(['mix', 'identity'], { label: 'wo' }),
  };
  static declaredEvents = {
    change: event({ when: 'a setting changed', detail: settingsDetail(this.declaredAttributes) }),
    ...HEATMAP_EVENTS,
  };
  static declaredParts = { ...CONTROL_PARTS, ...FIGURE_PARTS };

  inWords() {
    return 'Four attention heads read the same sentence at once, each with weights set by hand to imitate '
      + 'a pattern found in trained models: one looks at the previous word, one sends a pronoun to the first noun '
      + 'before it (a fixed rule, which cannot read meaning: in “The trophy would not fit in the suitcase because it was too '
      + 'small” it still picks “trophy”), one sends each verb to its subject, and one spreads its attention over '
      + 'the first word and the word “because”. Each head’s weights are a table with a row per word; '
      + 'the four tables stack into one block with a slice per head. The heads’ outputs are laid side by '
      + 'side and multiplied by an output matrix that mixes them. You can type your own sentence and see '
      + 'where each rule applies and where it finds nothing; the word classes the rules use come from the '
      + `demo’s own short word lists, and each word’s class is listed. ${this.#nowInWords()}`.trim();
  }

  /** The map in view in a sentence: the head, and where the focused query looks most. */
  #nowInWords() {
    if (!this.state) return '';
    const { words, heads, n, result } = this.state;
    const head = this.focusHead ?? 0, { row } = this.focusedCell;
    const weights = result.weights.subarray((head * n + row) * n, (head * n + row + 1) * n);
    const top = weights.indexOf(Math.max(...weights));
    return `Now: ${this.head === 'all' ? 'all four heads are shown' : `head ${head + 1} is shown`}, on “${words.join(' ')}”`
      + `${this.mask === 'causal' ? ' with the causal mask' : ''}. In head ${head + 1} (${heads[head].name}), “${words[row]}” `
      + `gives its largest weight, ${fixed(weights[top], 2)}, to “${words[top]}”.`;
  }

  build(body) {
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, headsSheet()];
    this.focusedCell = { row: 7, col: 1 }; // "it" → "animal" in the chapter's sentence
    this.focusedFor = null; // the words the focused cell was placed for (#placeFocus)
    this.sentenceInput = this.bindField('sentence', h('input', { type: 'text', id: 'sentence', size: 48, maxlength: 200, spellcheck: 'false' }));
    this.sentenceError = h('p', { className: 'error', role: 'alert', hidden: true });
    // A status line (the field's description is its problem line's: problem-lines.js).
    this.wordsRead = h('p', { className: 'words-read', role: 'status', hidden: true });
    this.routeProblems(this.sentenceError, ['sentence']);
    const form = h('form', { className: 'toolbar', onsubmit: (event) => { event.preventDefault(); this.act(); } },
      h('label', { for: 'sentence' }, 'Sentence'), this.sentenceInput,
      actionButton({ type: 'submit' }, 'Read it'),
      actionButton({ className: 'secondary', onclick: () => this.act(() => { this.sentence = DEFAULT_SENTENCE; }) }, 'Chapter’s sentence'));
    this.causalBox = h('input', { type: 'checkbox', onchange: () => this.act(() => { this.mask = this.causalBox.checked ? 'causal' : 'none'; }) });
    this.identityBox = h('input', { type: 'checkbox', onchange: () => this.act(() => { this.wo = this.identityBox.checked ? 'identity' : 'mix'; }) });
    const options = h('div', { className: 'toolbar' },
      h('label', {}, this.causalBox, ' Causal mask'),
      h('label', {}, this.identityBox, ' Make W', h('sup', {}, 'O'), ' the identity (no mixing)'));

    this.tabs = TABS.map((value) => h('button', {
      type: 'button', role: 'tab', className: 'tab', id: `tab-${value}`, 'aria-controls': 'head-panel',
      onclick: () => this.act(() => { this.head = value; }),
    }, value === 'all' ? 'All four' : `Head ${value}`));
    const tablist = h('div', { role: 'tablist', 'aria-label': 'Heads', className: 'tabs', onkeydown: (e) => this.#onTabKey(e) }, this.tabs);
    this.panel = h('div', { role: 'tabpanel', id: 'head-panel', className: 'head-panel' });
    this.notes = h('ul', { className: 'notes', 'aria-label': 'Where the rules apply' });
    this.tagsText = h('p', { className: 'tags-text' });
    this.tagList = h('ul', { className: 'tag-list', 'aria-label': 'The class the demo gave each word' });

    this.stackText = h('p', { className: 'stack-text' });
    this.stack = new StackView();
    this.joinedHost = h('div', { className: 'joined' });
    this.joinedText = h('p', { className: 'joined-text', 'aria-live': 'polite' });
    this.sizes = new HeadsSizes(HEADS, D_MODEL);

    body.append(form, this.wordsRead, this.sentenceError, options, tablist, this.panel, this.notes,
      h(this.subheading, {}, 'How the demo classed each word'), this.tagList, this.tagsText,
      h(this.subheading, {}, 'The stacked weights tensor'),
      h('div', { className: 'stack-row' }, this.stack.element, this.stackText),
      h(this.subheading, {}, 'The same heads at the chapter’s sizes'),
      h('p', {}, `The demo keeps its heads small enough to read: ${HEADS} heads of ${HEAD_WIDTH} features in a width of ${D_MODEL}. `
        + 'The chapter’s model has 8 heads of 64 in a width of 512: the same arithmetic, more of it. The counts are the core’s.'),
      this.sizes.element,
      h(this.subheading, {}, withSuperscripts('Joining the heads, then W^O')),
      this.joinedText, this.joinedHost,
      h('ol', { className: 'reasons', 'aria-label': 'Why W^O is needed' },
        h('li', {}, h('strong', {}, 'It mixes the heads. '),
          'After joining, head 1 fills features 1–16, head 2 features 17–32, and so on. Each output feature of W',
          h('sup', {}, 'O'), ' is a weighted sum of all 64, so it can combine what every head found.'),
        h('li', {}, h('strong', {}, 'It writes back into the whole vector. '),
          'The layer’s output is added to the token’s own vector. W', h('sup', {}, 'O'),
          ' lets each head write in any direction of that shared vector, not only into its own 16 features. '
          + 'Tick “identity” above to see the alternative: each output slice is just one head, untouched. '
          + `It also fixes the shape: here ${HEADS} heads × ${HEAD_WIDTH} = ${D_MODEL} is already the model’s width, but when `
          + 'h·d_v differs from d_model, W', h('sup', {}, 'O'), ' (h·d_v × d_model) is what brings the joined vector back to it.')));
  }

  #onTabKey(event) {
    const index = TABS.indexOf(this.head);
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    let next;
    if (event.key in moves) next = (index + moves[event.key] + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    else return;
    event.preventDefault();
    this.act(() => { this.head = TABS[next]; });
    this.tabs[next].focus();
  }

  render() {
    const { words } = readSentence(this.sentence);
    this.#drawWordsRead(words);
    this.causalBox.checked = this.mask === 'causal';
    this.identityBox.checked = this.wo === 'identity';
    this.tabs.forEach((tab, i) => {
      const selected = TABS[i] === this.head;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
    });
    if (!this.attn) return this.#reserve(words);

    const { heads, tags } = applyRules(words);
    const n = words.length;
    const result = this.attn.multiHead({ ...buildInputs(this.attn, words, heads, { mixing: this.wo === 'mix' }), mask: this.mask });
    this.#placeFocus(words, heads, tags);
    this.state = { words, heads, tags, n, result };
    this.sizes.show(this.attn, n);
    this.#drawHeads();
    this.#drawNotes();
    this.#drawTags();
    this.#drawFocusDependent();
  }

  /** A new sentence puts the focused cell on its first pronoun and the noun the pronoun head
   *  sends it to (the row the heads are about; the last word if there is no pronoun); the same
   *  sentence keeps the cell the learner moved to. */
  #placeFocus(words, heads, tags) {
    const n = words.length, key = words.join(' ');
    if (this.focusedFor === key && this.focusedCell.row < n && this.focusedCell.col < n) return;
    this.focusedFor = key;
    const pronoun = tags.indexOf('pronoun');
    const row = pronoun < 0 ? n - 1 : pronoun;
    this.focusedCell = { row, col: pronoun < 0 ? 0 : heads[1].targets[row][0] };
  }

  /** Before the widget starts: the heads' maps, the stack and the joined vectors laid out for
   *  the sentence's words (the rules and word classes are read from the demo's word lists; no
   *  core), their numbers left to fill, so that starting moves nothing. */
  #reserve(words) {
    const { heads, tags } = applyRules(words);
    const n = words.length;
    this.#placeFocus(words, heads, tags);
    this.state = { words, heads, tags, n, result: null };
    this.sizes.show(null, n);
    this.#drawHeads();
    this.#drawNotes();
    this.#drawTags();
    this.#drawFocusDependent();
    this.state = null;
  }

  #drawHeads() {
    const { words, heads, n, result } = this.state;
    const chosen = this.head === 'all' ? null : Number(this.head) - 1;
    const showing = chosen === null ? [0, 1, 2, 3] : [chosen];
    this.maps = [];
    const figures = showing.map((index) => {
      const map = new Heatmap({
        label: `Head ${index + 1}: ${heads[index].name}`,
        rowLabels: words, colLabels: words, min: 0, max: 1, // cells fit the width given: every word shows
      });
      map.focusedCell = { ...this.focusedCell };
      map.element.addEventListener('cell-focus', (event) => {
        this.focusedCell = { row: event.detail.row, col: event.detail.col };
        if (chosen === null) this.focusHead = index;
        this.#drawFocusDependent();
        this.refreshInWords(); // its last sentence is about the focused query
      });
      this.maps.push(map);
      return h('div', { className: 'head-figure' }, map.element,
        h('p', { className: 'rule' }, `Rule: ${heads[index].rule}.`));
    });
    this.focusHead = chosen ?? this.focusHead ?? 0;
    this.panel.setAttribute('aria-labelledby', `tab-${this.head}`);
    replaceChildren(this.panel, h('div', { className: chosen === null ? 'overview' : 'single' }, figures));
    // Drawn once in the document, so the heatmaps pick up the theme's colours.
    this.maps.forEach((map, k) => (result ? map.update(result.weights.subarray(showing[k] * n * n, (showing[k] + 1) * n * n)) : map.reserve()));
  }

  /** Beside the field, when the heads do not read the sentence exactly as typed: the words they
   *  read, and the characters left out. */
  #drawWordsRead(words) {
    const dropped = leftOut(this.sentence);
    this.wordsRead.hidden = dropped.length === 0;
    this.wordsRead.textContent = dropped.length === 0 ? ''
      : `The heads read the words ${words.map((w) => `“${w}”`).join(' ')}; ${dropped.map((c) => `“${c}”`).join(' ')} `
        + `${dropped.length === 1 ? 'is' : 'are'} left out (the punctuation around a word is not part of it).`;
  }

  /** Each word with the class the demo's lists gave it, and what that means. */
  #drawTags() {
    const { words, tags } = this.state;
    replaceChildren(this.tagList, words.map((word, i) => h('li', {}, h('span', { className: 'tag-word' }, word), ' ',
      h('span', { className: `tag tag-${tags[i]}` }, TAG_NAMES[tags[i]]))));
    const unknown = words.filter((_, i) => tags[i] === 'other');
    replaceChildren(this.tagsText,
      'The rules read word classes from the demo’s own short lists (about 150 words), not from a grammar of English: '
      + 'a pronoun, verb, linking word, determiner or adjective is one the lists hold, and a noun is guessed (the first '
      + 'word after a determiner and its adjectives, or a capitalised word the lists do not know). '
      + (unknown.length ? `${unknown.map((w) => `“${w}”`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} in none of the lists, so `
        + `${unknown.length === 1 ? 'it is' : 'they are'} “other” here, whatever ${unknown.length === 1 ? 'it is' : 'they are'} in English.` : 'Every word here is in the lists.'));
  }

  #drawNotes() {
    const { heads } = this.state;
    const items = heads.flatMap((head, index) => head.notes.map((note) => h('li', {}, h('strong', {}, `Head ${index + 1}. `), note)));
    if (this.mask === 'causal') {
      const link = heads[3].targets[0][1];
      if (link !== undefined) items.push(h('li', {}, h('strong', {}, 'Causal mask. '), `Words before “${this.state.words[link]}” cannot see it, so head 4 gives them only the start.`));
    }
    replaceChildren(this.notes, items);
  }

  /** The stack readout and the join / W^O view follow the focused cell. */
  #drawFocusDependent() {
    const { words, n, result } = this.state;
    const top = this.focusHead;
    const { row, col } = this.focusedCell;
    // Before the widget starts (no result) each number is "…" and the maps are empty places.
    const shown = (f) => (result ? fixed(f(), 3) : '…');
    this.stack.update(result?.weights ?? null, HEADS, n, top, this.focusedCell);
    replaceChildren(this.stackText,
      `The weights tensor has shape (${HEADS}, ${n}, ${n}): ${HEADS} slices of ${n} × ${n}, one per head (not layers of a model), `
      + `${HEADS * n * n} numbers. Outlined: head ${top + 1}, row ${row + 1} (“${words[row]}”), column ${col + 1} `
      + `(“${words[col]}”) = ${shown(() => result.weights[(top * n + row) * n + col])}; that row sums to ${shown(() => rowSum(result.weights, (top * n + row) * n, n))}.`);

    const dh = HEAD_WIDTH;
    const joined = result?.concat.subarray(row * D_MODEL, (row + 1) * D_MODEL);
    const out = result?.out.subarray(row * D_MODEL, (row + 1) * D_MODEL);
    const limit = result ? Math.max(maxAbs(joined), maxAbs(out), 1e-6) : 1;
    const sliceLabels = Array.from({ length: HEADS }, (_, k) => `${k * dh + 1}–${(k + 1) * dh}`);
    const featureLabels = Array.from({ length: dh }, (_, c) => String(c + 1));
    const joinedMap = new Heatmap({ label: `Joined head outputs for “${words[row]}” (1 × ${D_MODEL}, one row per head’s slice)`,
      rowLabels: sliceLabels.map((s, k) => `head ${k + 1}`), colLabels: featureLabels, min: -limit, max: limit,
      rowTitle: 'slice', colTitle: 'feature', cellSize: 18 });
    const outMap = new Heatmap({ label: `After W^O for “${words[row]}” (1 × ${D_MODEL})`.replace('W^O', 'Wᴼ'),
      rowLabels: sliceLabels, colLabels: featureLabels, min: -limit, max: limit,
      rowTitle: 'features', colTitle: 'feature', cellSize: 18 });
    replaceChildren(this.joinedHost, joinedMap.element, outMap.element);
    for (const [map, values] of [[joinedMap, joined], [outMap, out]]) {
      if (values) map.update(values); else map.reserve();
    }
    replaceChildren(this.joinedText, withSuperscripts(
      `Query “${words[row]}”: each head returns ${dh} numbers; laid side by side in head order they make one vector of ${D_MODEL}, `
      + `which is multiplied by W^O (${D_MODEL} × ${D_MODEL}). `
      + (this.wo === 'mix'
        ? 'Here W^O is a fixed random matrix standing in for a trained one, so every output feature draws on all four heads.'
        : 'Here W^O is the identity: the output is the joined vector unchanged, and each slice still belongs to one head alone.')));
  }
}

function rowSum(values, start, count) {
  let sum = 0;
  for (let j = 0; j < count; j++) sum += values[start + j];
  return sum;
}

function maxAbs(values) {
  let m = 0;
  for (const v of values) m = Math.max(m, Math.abs(v));
  return m;
}

let sheet = null;
function headsSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .sizes-table { border-collapse: collapse; font-size: calc(0.88 * var(--attn-em)); margin: 0.5rem 0; }
    .sizes-table caption { text-align: left; color: var(--attn-muted); padding-bottom: 0.2rem; }
    .sizes-table th, .sizes-table td { border-bottom: 1px solid var(--attn-border); padding: 0.2rem 0.6rem; text-align: right; }
    .sizes-table th[scope="row"], .sizes-table thead th:first-child { text-align: left; font-weight: 500; }
    :is(h2, h3, h4, h5, h6):not(.widget-title) { margin: 1rem 0 0.3rem; font-size: calc(0.95 * var(--attn-em)); }
    input[type="text"] { font: inherit; padding: 0.3rem 0.5rem; border: 1px solid var(--attn-border); border-radius: var(--attn-radius-small);
      background: var(--attn-bg); color: inherit; max-width: 100%; }
    input[aria-invalid="true"] { outline: 2px dashed var(--attn-error); }
    .tabs { display: flex; flex-wrap: wrap; gap: 0.3rem; margin: 0.6rem 0 0.3rem; }
    .tab { background: transparent; color: var(--attn-accent); padding: 0.25rem 0.7rem; }
    .overview { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 17rem), 1fr)); gap: 0.5rem 1.25rem; }
    .tags-text { font-size: calc(0.88 * var(--attn-em)); }
    .words-read { font-size: calc(0.88 * var(--attn-em)); color: var(--attn-muted); margin: 0.2rem 0; }
    .tag-list { display: flex; flex-wrap: wrap; gap: 0.3rem 0.6rem; list-style: none; padding: 0; margin: 0.3rem 0; font-size: calc(0.88 * var(--attn-em)); }
    .tag-list li { border: 1px solid var(--attn-border); border-radius: 6px; padding: 0.1rem 0.4rem; }
    .tag-word { font-weight: 600; }
    .tag { color: var(--attn-muted); }
    .tag-other { font-style: italic; }
    .head-figure { max-width: 100%; }
    .rule { font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); margin: 0; }
    .notes { font-size: calc(0.88 * var(--attn-em)); padding-left: 1.2rem; }
    .stack-row { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; align-items: flex-start; }
    .stack-text { font-size: calc(0.88 * var(--attn-em)); max-width: 26rem; font-family: var(--attn-mono); }
    .joined { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; }
    .joined-text { font-size: calc(0.9 * var(--attn-em)); }
    .reasons { font-size: calc(0.9 * var(--attn-em)); padding-left: 1.3rem; }
  `);
  return sheet;
}

defineWidget('attn-heads', AttnHeads);
