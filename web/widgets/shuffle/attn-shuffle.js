// attn-shuffle.js — <attn-shuffle>: §6.5, attention cannot see word order. A short sentence goes
// through self-attention with fixed projections; every word's output vector is shown as numbers
// and bars. Reorder the words (Shuffle, "Swap dog and man", drag, or the keyboard) and each
// word's output in the new order stands beside its output in the original order, with the
// largest difference. Without positions the outputs only move with their words; sinusoidal or
// rotary positions, or a causal mask, make them change. Every number comes from the C core.
//
// Attributes (declared below; observed and reflected as properties):
//   sentence   the sentence, up to 16 words (default "The dog bit the man")
//   order      the arrangement, as original word indices from 0: "0,4,2,3,1" (default: as typed);
//              one that does not fit the sentence is refused with a message
//   positions  "none" (default), "sinusoidal" (added to the embeddings) or "rotary" (on q and k)
//   mask       "none" (default) or "causal"
//   width      the vector width d, 1–16 (default 8; rotary needs it even)
//   offset     the position of the first word, 0–1000 (default 0)
// The `order` property is the arrangement in use, as an array.
// Events: `change` (bubbles) once per action; detail = { sentence, order, positions, mask,
//         width, offset, largestDifference }.
// Keyboard: on a word, ← / → move the focus, Shift+← / Shift+→ move the word one place,
//           Shift+Home / Shift+End move it to an end; every other control is a button or field.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { text, choice, integer, arrangement, quote } from '../../ui/attribute-types.js';
import { event, CONTROL_PARTS, MATRIX_PARTS } from '../../ui/element-declarations.js';
import { h, replaceChildren, uniqueId } from '../../ui/dom.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { MatrixView } from '../../ui/matrix-view.js';
import { fixed } from '../../ui/format.js';
import { Status } from '../../lib/errors.js';
import {
  DEFAULT_SENTENCE, MAX_WORDS, parseSentence, arranges, identity, isIdentity, shuffled, moved, swappedDogAndMan,
} from './shuffle-words.js';
import { difference, largestDifference, vectorLine, shuffleSheet } from './shuffle-view.js';

const DESCRIPTION = 'A short sentence goes through self-attention, and each word’s output vector is listed as '
  + 'numbers and as a strip of bars. Reorder the words — shuffle them, swap “dog” and “man”, or move '
  + 'a word by dragging it or with the keyboard — and every word’s output in the new order is set '
  + 'beside its output in the original order, with the largest gap between the two. With no position '
  + 'information the outputs travel with their words and keep their values, so attention cannot tell '
  + 'the orders apart. Adding sinusoidal position vectors, rotating queries and keys by position, or '
  + 'switching on the causal mask makes the outputs depend on where each word stands.';

const POSITIONS = {
  none: 'None',
  sinusoidal: 'Sinusoidal (added to the embeddings)',
  rotary: 'Rotary (applied to q and k)',
};
const MAX_WIDTH = 16, MAX_OFFSET = 1000;
/** A difference above 0 and at most this is float32 rounding, not a change (float32 keeps about 7
 *  significant digits). The core sums in double, so reordering words alone gives exactly 0. */
const SAME = 1e-6;
/** A word's verdict, and what it means. */
const verdict = (diff) => (diff === 0 ? 'same' : diff <= SAME ? 'same up to rounding' : 'changed');
/** The projections are fixed: the core's word embeddings (d·d numbers each) of these three
 *  strings, used as seeds only, never shown (other seeds would change every number; the wasm
 *  tests' reference uses the same ones). */
const PROJECTION_NAMES = ['W^Q', 'W^K', 'W^V'];

export class AttnShuffle extends AttnWidget {
  static title = 'Shuffle the words: what attention can and cannot see';
  static declaredAttributes = {
    sentence: text({ fallback: DEFAULT_SENTENCE, values: 'text, 1–16 words',
      check: (typed) => { const read = parseSentence(typed); return read.error ?? { value: read.words.map((word) => word.text).join(' ') }; } }),
    order: arrangement({ max: MAX_WORDS, label: 'order', shown: 'as typed', values: 'original word indices from 0, e.g. `0,4,2,3,1`' }),
    positions: choice(Object.keys(POSITIONS), { label: 'positions' }),
    mask: choice(['none', 'causal'], { label: 'mask' }),
    width: integer({ min: 1, max: MAX_WIDTH, fallback: 8, message: `Width d must be a whole number from 1 to ${MAX_WIDTH}.` }),
    offset: integer({ min: 0, max: MAX_OFFSET, fallback: 0, message: `First position must be a whole number from 0 to ${MAX_OFFSET}.` }),
  };
  static declaredEvents = {
    change: event({
      when: 'once per burst of changes (words moved, a setting changed)',
      detail: {
        sentence: 'string', order: 'number[]', positions: this.declaredAttributes.positions.type, mask: this.declaredAttributes.mask.type,
        width: 'number', offset: 'number', largestDifference: 'number | null',
      },
    }),
  };
  static declaredParts = { ...CONTROL_PARTS, ...MATRIX_PARTS };

  inWords() {
    return `${DESCRIPTION} ${this.now ?? ''}`.trim(); // the result on screen (the last good one)
  }

  /** The current result, in a sentence (empty before the first computation). */
  #nowInWords() {
    const r = this.result;
    if (!r) return '';
    const order = this.order.map((i) => this.words[i].text).join(' ');
    const settings = `positions ${this.positions}, ${this.mask === 'causal' ? 'causal mask on' : 'no mask'}`;
    if (isIdentity(this.order)) return `Now: “${order}” in its original order (${settings}).`;
    const same = r.perWord.filter((entry) => entry.diff === 0).length;
    return `Now: “${order}” (${settings}). ${same} of ${r.perWord.length} words kept exactly the same output; `
      + (r.largest === 0 ? 'none changed.' : `“${r.worst.word.text}” changed most, by up to ${difference(r.largest)}.`);
  }


  // ---------------------------------------------------------------- the words and their order
  #arranged = null;

  /** The sentence's words and the order in use (the order attribute when it fits the sentence). */
  #arrangement() {
    const asked = this.attributeValue('order');
    const key = `${this.sentence}\u0000${asked?.join(',') ?? ''}`;
    if (this.#arranged?.key !== key) {
      const { words } = parseSentence(this.sentence);
      const fits = asked === null || arranges(asked, words.length);
      this.#arranged = { key, words, fits, order: fits && asked !== null ? asked : identity(words.length) };
    }
    return this.#arranged;
  }

  /** The words in use: [{ text, bare, key }] (ui/sentence.js). */
  get words() { return this.#arrangement().words; }
  /** The arrangement in use, as original word indices: the order attribute, or the words as typed. */
  get order() { return this.#arrangement().order; }
  set order(value) { this.setAttributeValue('order', value); }

  /** A new sentence starts in its own order (unless an order came with it). */
  settle(changed) {
    if (changed.has('sentence') && !changed.has('order')) this.order = null;
  }

  changeDetail() {
    return {
      sentence: this.sentence, order: [...this.order], positions: this.positions, mask: this.mask,
      width: this.width, offset: this.offset, largestDifference: this.result?.largest ?? null,
    };
  }

  // ---------------------------------------------------------------- building
  build(body) {
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, shuffleSheet()];
    this.embeddings = new Map();

    const sentenceId = uniqueId('sentence');
    this.sentenceInput = this.bindField('sentence', h('input', { id: sentenceId, type: 'text', autocomplete: 'off', spellcheck: 'false' }));
    this.sentenceError = h('p', { className: 'error', role: 'alert', hidden: true });
    this.routeProblems(this.sentenceError, ['sentence']);
    const form = h('form', { className: 'sentence-form', onsubmit: (event) => { event.preventDefault(); this.act(); } },
      h('label', { for: sentenceId }, `Sentence (up to ${MAX_WORDS} words)`),
      this.sentenceInput,
      h('button', { type: 'submit' }, 'Use sentence'));

    this.shuffleButton = h('button', { type: 'button', onclick: () => this.act(() => { this.order = shuffled(this.order); }) }, 'Shuffle');
    const swapNoteId = uniqueId('swap-note');
    this.swapButton = h('button', { type: 'button', className: 'secondary', 'aria-describedby': swapNoteId,
      onclick: () => this.act(() => this.#swapDogAndMan()) }, 'Swap dog and man');
    this.swapNote = h('p', { className: 'swap-note', id: swapNoteId, hidden: true });
    this.resetButton = h('button', { type: 'button', className: 'secondary', onclick: () => this.act(() => { this.order = null; }) }, 'Original order');

    const group = uniqueId('positions');
    this.positionRadios = Object.entries(POSITIONS).map(([value, label]) => {
      const radio = h('input', { type: 'radio', name: group, value, onchange: () => this.act(() => { this.positions = value; }) });
      return h('label', {}, radio, ` ${label}`);
    });
    this.causalBox = h('input', { type: 'checkbox', onchange: () => this.act(() => { this.mask = this.causalBox.checked ? 'causal' : 'none'; }) });
    this.widthInput = this.bindField('width', h('input', { type: 'number', min: 1, max: MAX_WIDTH, step: 1 }));
    this.offsetInput = this.bindField('offset', h('input', { type: 'number', min: 0, max: MAX_OFFSET, step: 1 }));
    this.numberError = h('p', { className: 'error', role: 'alert', hidden: true });
    // A width rotary positions cannot use (an odd one) is said here too, and marks the field.
    this.routeProblems(this.numberError, ['width', 'offset', 'rotary-width'],
      (message) => message, { 'rotary-width': 'width' });

    const hintId = uniqueId('strip-hint');
    this.strip = h('ol', { className: 'word-strip', 'aria-label': 'Word order', 'aria-describedby': hintId });
    this.#wireDragging();
    this.announcer = h('p', { className: 'sr-only', 'aria-live': 'polite' });

    this.summary = h('p', { className: 'summary', 'aria-live': 'polite' });
    this.causalNote = h('p', { className: 'note', hidden: true },
      'With the causal mask each word may look only at itself and the words before it. That rule is '
      + 'written in terms of places, so the mask carries word order by itself: move a word and it sees a '
      + 'different set of words, and its output changes even with no position information at all. '
      + 'Reordering only moves outputs around when every word sees every word.');
    this.offsetNote = h('p', { className: 'note', hidden: true });
    this.resultError = h('p', { className: 'error', role: 'alert', hidden: true });
    this.routeProblems(this.resultError, ['core'], (message) => `${message}${this.result ? ' The last good outputs are still shown.' : ''}`);
    this.outputs = h('table', { className: 'outputs', 'aria-label': 'Outputs by word' });
    this.results = h('div', { className: 'results' },
      this.summary, this.causalNote, this.offsetNote,
      scrollFocus(h('div', { className: 'table-scroll' }, this.outputs), 'Outputs by word (scrolls sideways)'),
      this.sameMeans = h('p', { className: 'same-means' }));
    this.positionDetail = h('div', { className: 'position-detail' });

    body.append(
      form, this.sentenceError,
      h('div', { className: 'toolbar' }, this.shuffleButton, this.swapButton, this.resetButton), this.swapNote,
      h('p', { className: 'hint', id: hintId },
        'Drag a word to move it, or focus a word and press Shift + ← or Shift + → (Shift + Home or End to move it to an end).'),
      this.strip, this.announcer,
      h('fieldset', {}, h('legend', {}, 'Positions'), this.positionRadios),
      h('div', { className: 'toolbar' },
        h('label', {}, this.causalBox, ' Causal mask'),
        h('label', {}, 'Width d ', this.widthInput),
        h('label', {}, 'First position ', this.offsetInput)),
      this.numberError, this.resultError, this.results,
      h('details', {}, h('summary', {}, 'What the positions add'), this.positionDetail));
  }

  // ---------------------------------------------------------------- actions
  /** Swaps "dog" and "man" where the sentence has both (the button is disabled otherwise: the
   *  learner's sentence is never replaced). */
  #swapDogAndMan() {
    const swapped = swappedDogAndMan(this.order, this.words);
    if (swapped) this.order = swapped;
  }

  /** Moves the word at place `from` to place `to`, keeping the keyboard focus on it. */
  #move(from, to) {
    if (to < 0 || to >= this.order.length || to === from) return;
    const wordIndex = this.order[from];
    this.focusWord = wordIndex;
    this.act(() => { this.order = moved(this.order, from, to); });
    this.announcer.textContent = `“${this.words[wordIndex].text}” moved to place ${to + 1} of ${this.order.length}.`;
  }

  #onChipKey(event, place) {
    const last = this.order.length - 1;
    const chips = [...this.strip.querySelectorAll('button')];
    let handled = true;
    if (event.shiftKey && event.key === 'ArrowLeft') this.#move(place, place - 1);
    else if (event.shiftKey && event.key === 'ArrowRight') this.#move(place, place + 1);
    else if (event.shiftKey && event.key === 'Home') this.#move(place, 0);
    else if (event.shiftKey && event.key === 'End') this.#move(place, last);
    else if (event.key === 'ArrowLeft') chips[Math.max(0, place - 1)].focus();
    else if (event.key === 'ArrowRight') chips[Math.min(last, place + 1)].focus();
    else if (event.key === 'Home') chips[0].focus();
    else if (event.key === 'End') chips[last].focus();
    else handled = false;
    if (handled) event.preventDefault();
  }

  /** Pointer dragging (mouse, pen and touch alike) over the word strip. */
  #wireDragging() {
    let drag = null;
    const chipAt = (x, y) => {
      let best = null, bestDistance = Infinity;
      this.strip.querySelectorAll('button').forEach((chip, place) => {
        const box = chip.getBoundingClientRect();
        const dx = Math.max(box.left - x, 0, x - box.right), dy = Math.max(box.top - y, 0, y - box.bottom);
        const distance = dx * dx + dy * dy * 4; // prefer the chip on the pointer's line
        if (distance < bestDistance) [best, bestDistance] = [place, distance];
      });
      return best;
    };
    const clearMarks = () => this.strip.querySelectorAll('.drop-target, .dragging')
      .forEach((chip) => chip.classList.remove('drop-target', 'dragging'));
    this.strip.addEventListener('pointerdown', (event) => {
      const chip = event.target.closest?.('button');
      if (!chip || event.button !== 0) return;
      drag = { from: Number(chip.dataset.place), x: event.clientX, y: event.clientY, moving: false, to: null, chip };
      chip.setPointerCapture?.(event.pointerId);
    });
    this.strip.addEventListener('pointermove', (event) => {
      if (!drag) return;
      if (!drag.moving && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 5) return;
      drag.moving = true;
      drag.to = chipAt(event.clientX, event.clientY);
      clearMarks();
      drag.chip.classList.add('dragging');
      if (drag.to !== null && drag.to !== drag.from) this.strip.querySelectorAll('button')[drag.to].classList.add('drop-target');
    });
    const finish = (event, commit) => {
      if (!drag) return;
      const { from, to, moving } = drag;
      drag = null;
      clearMarks();
      if (commit && moving && to !== null) this.#move(from, to);
      event.preventDefault?.();
    };
    this.strip.addEventListener('pointerup', (event) => finish(event, true));
    this.strip.addEventListener('pointercancel', (event) => finish(event, false));
  }

  // ---------------------------------------------------------------- rendering
  render() {
    const { fits } = this.#arrangement();
    this.setProblem('order', fits ? null : `order ${quote(this.getAttribute('order'))} does not fit the sentence: it must list each of its `
      + `${this.words.length} words once, by their places from 0 to ${this.words.length - 1}. The words are shown as typed.`);
    this.#syncControls();
    this.#drawStrip();
    if (!this.attn) return this.#reserveResults();
    let result;
    try {
      result = this.#compute();
    } catch (error) {
      if (error?.name !== 'AttnError') throw error;
      // Refused: said beside the width (rotary's odd width) or the results, and the last good
      // outputs stay on screen as they were drawn, with their "In words" sentence.
      const rotaryWidth = error.code === Status.SHAPE && this.positions === 'rotary';
      this.setProblem(rotaryWidth ? 'rotary-width' : 'core', rotaryWidth && this.result ? `${error.message} The last good outputs are still shown.` : error.message);
      this.setProblem(rotaryWidth ? 'core' : 'rotary-width', null);
      this.results.hidden = !this.result;
      return;
    }
    this.setProblem('core', null);
    this.setProblem('rotary-width', null);
    this.result = result;
    this.now = this.#nowInWords();
    this.results.hidden = false;
    this.#drawResults();
    this.#drawPositionDetail();
  }

  #syncControls() {
    this.positionRadios.forEach((label) => { const radio = label.firstChild; radio.checked = radio.value === this.positions; });
    this.causalBox.checked = this.mask === 'causal';
    this.shuffleButton.disabled = this.words.length < 2;
    this.resetButton.disabled = isIdentity(this.order);
    const canSwap = swappedDogAndMan(this.order, this.words) !== null;
    this.swapButton.disabled = !canSwap;
    this.swapNote.hidden = canSwap;
    this.swapNote.textContent = canSwap ? '' : `“Swap dog and man” needs both words: this sentence has ${
      ['dog', 'man'].filter((word) => !this.words.some((w) => w.key === word)).map((word) => `no “${word}”`).join(' and ')}. `
      + (this.words.length < 2 ? 'With one word there is no order to change: type a sentence of two words or more.'
        : 'Shuffle, or move a word by dragging it or with the keyboard.');
  }

  #drawStrip() {
    const focused = this.shadowRoot.activeElement;
    const refocus = this.focusWord ?? (this.strip.contains(focused) ? Number(focused.dataset.word) : null);
    this.focusWord = null;
    const n = this.order.length;
    replaceChildren(this.strip, this.order.map((wordIndex, place) => {
      const chip = h('button', {
        type: 'button', className: wordIndex === place ? '' : 'moved',
        'aria-label': `${this.words[wordIndex].text}, place ${place + 1} of ${n}${wordIndex === place ? '' : `, was ${wordIndex + 1}`}`,
        'data-place': place, 'data-word': wordIndex,
        onkeydown: (event) => this.#onChipKey(event, place),
      }, this.words[wordIndex].text); // its place is the list's own numbering (shuffle-view.js), so the word is the whole label
      return h('li', {}, chip);
    }));
    if (refocus !== null && !Number.isNaN(refocus)) this.strip.querySelector(`[data-word="${refocus}"]`)?.focus();
  }

  /** Every number through the core: embeddings, projections, positions, attention. */
  #compute() {
    const { attn, words, order, width: d, offset, positions } = this;
    const n = words.length;
    const embed = (key, size) => {
      const id = `${size}\u0000${key}`;
      if (!this.embeddings.has(id)) this.embeddings.set(id, attn.wordEmbedding({ word: key, d: size }));
      return this.embeddings.get(id);
    };
    const stack = (indices) => {
      const x = new Float32Array(n * d);
      indices.forEach((wordIndex, row) => x.set(embed(words[wordIndex].key, d), row * d));
      return x;
    };
    const [wq, wk, wv] = PROJECTION_NAMES.map((name) => embed(name, d * d));
    const mask = this.mask;
    const run = (x, kind, start) => attn.selfAttention({ x, wq, wk, wv, n, d, positions: kind, mask, offset: start });

    const xOriginal = stack(identity(n)), xNow = stack(order);
    const before = run(xOriginal, positions, offset), after = run(xNow, positions, offset);
    const perWord = words.map((word, wordIndex) => {
      const place = order.indexOf(wordIndex);
      const was = before.out.subarray(wordIndex * d, (wordIndex + 1) * d);
      const now = after.out.subarray(place * d, (place + 1) * d);
      return { word, wordIndex, place, was, now, diff: largestDifference(was, now) };
    });
    const worst = perWord.reduce((a, b) => (b.diff > a.diff ? b : a));
    const shifted = positions !== 'none' && offset > 0
      ? largestDifference(after.out, run(xNow, positions, 0).out) : null;
    const scale = Math.max(1e-9, ...before.out.map(Math.abs), ...after.out.map(Math.abs));
    return {
      n, d, perWord, largest: worst.diff, worst, shifted, scale, after,
      plain: positions === 'rotary' ? run(xNow, 'none', offset) : null,
      pe: positions === 'sinusoidal' ? attn.positions({ n: offset + n, d }).subarray(offset * d) : null,
    };
  }

  /** Before the widget starts: the results' table laid out, a row per word with its places and
   *  empty vector lines, so that the outputs fill it in place (nothing is computed). */
  #reserveResults() {
    this.causalNote.hidden = this.mask !== 'causal';
    this.summary.textContent = 'Once the widget starts, each word’s output in the original order is compared here with its output in this order, word by word, with the largest difference.';
    const rows = this.order.map((wordIndex, place) => h('tr', {},
      h('th', { scope: 'row' }, this.words[wordIndex].text),
      h('td', { className: 'place' }, `${wordIndex + 1} → ${place + 1}`),
      h('td', {}, vectorLine('before', null, 1, this.width), vectorLine('after', null, 1, this.width)),
      h('td', { className: 'diff verdict' }, '…')));
    this.#fillOutputs(this.width, rows);
    this.sameMeans.textContent = sameMeansText(false);
  }

  #fillOutputs(d, rows) {
    replaceChildren(this.outputs,
      h('caption', {}, `Output vectors (d = ${d}), one row per word in the current order; Place is where the word stood → where it stands now`),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, 'Word'),
        h('th', { scope: 'col' }, 'Place'),
        h('th', { scope: 'col' }, 'Output before (original order) and after (this order)'),
        h('th', { scope: 'col', className: 'verdict' }, 'Largest |difference|'))),
      h('tbody', {}, rows));
  }

  #drawResults() {
    this.causalNote.hidden = this.mask !== 'causal';
    const r = this.result;
    if (!r) {
      replaceChildren(this.outputs);
      this.summary.textContent = '';
      this.offsetNote.hidden = true;
      return;
    }
    const rearranged = !isIdentity(this.order);
    const blind = this.positions === 'none' && this.mask !== 'causal';
    let summary;
    if (!rearranged) {
      summary = 'The words are in their original order. Shuffle them, swap dog and man, or move a word, and compare.';
    } else if (r.largest === 0) {
      summary = 'Every output moved with its word and kept its value exactly: the largest difference over all words is 0, '
        + 'the very same float32 numbers.' + (blind ? ' Attention cannot tell the two orders apart.' : '');
    } else if (r.largest <= SAME) {
      summary = `Every output moved with its word and kept its value up to float32 rounding: the largest difference over all words is ${difference(r.largest)}.`
        + (blind ? ' Attention cannot tell the two orders apart.' : '');
    } else {
      summary = `Reordering changed the outputs: the largest difference is ${difference(r.largest)}, for “${r.worst.word.text}”.`;
    }
    this.summary.textContent = summary;

    this.offsetNote.hidden = r.shifted === null;
    if (r.shifted !== null) {
      // Rotary turns by new angles, computed and rounded afresh: what is left is float32 rounding.
      const rounding = r.shifted > 0 && r.shifted <= SAME ? ', which is float32 rounding of the new angles (about 7 significant digits)' : '';
      this.offsetNote.textContent = this.positions === 'rotary'
        ? `Counting positions from ${this.offset} instead of 0 changed the outputs by at most ${difference(r.shifted)}${rounding}: `
          + 'with rotary embeddings a score depends only on how far apart two words are, not on where they stand.'
        : `Counting positions from ${this.offset} instead of 0 changed the outputs by up to ${difference(r.shifted)}: `
          + 'sinusoidal vectors mark where each word stands, not only how far apart two words are.';
    }

    const rows = r.perWord.slice().sort((a, b) => a.place - b.place).map((entry) => {
      const changed = entry.diff > SAME;
      return h('tr', { className: changed ? 'changed' : '' },
        h('th', { scope: 'row' }, entry.word.text),
        h('td', { className: 'place' }, `${entry.wordIndex + 1} → ${entry.place + 1}`),
        h('td', {},
          vectorLine('before', entry.was, r.scale),
          vectorLine('after', entry.now, r.scale)),
        h('td', { className: 'diff verdict' }, difference(entry.diff), h('span', { className: 'verdict-word' }, verdict(entry.diff))));
    });
    this.#fillOutputs(r.d, rows);
    this.sameMeans.textContent = sameMeansText(r.perWord.some((entry) => entry.diff > 0 && entry.diff <= SAME));
  }

  #drawPositionDetail() {
    const r = this.result;
    if (!r) return replaceChildren(this.positionDetail, h('p', {}, 'Nothing to show until the inputs are fixed.'));
    const labels = this.order.map((wordIndex, place) => `pos ${this.offset + place} · ${this.words[wordIndex].text}`);
    if (this.positions === 'none') {
      return replaceChildren(this.positionDetail, h('p', {},
        'No positions: each word’s vector goes into attention as it is, the same wherever the word stands.'));
    }
    if (this.positions === 'sinusoidal') {
      const view = new MatrixView({
        name: 'Position vectors', caption: 'Position vectors PE added to the word vectors',
        rows: r.n, cols: r.d, rowLabels: labels, colLabels: Array.from({ length: r.d }, (_, c) => String(c)),
        format: (x) => fixed(x, 3),
      });
      view.update(r.pe);
      return replaceChildren(this.positionDetail,
        h('p', {}, 'Column 2i holds sin(pos / 10000^(2i/d)) and column 2i + 1 holds cos of the same angle, so position 0 '
          + 'is [0, 1, 0, 1, …]. Early columns turn fast with the position, later ones slowly.'),
        view.element);
    }
    const norm = (v, row) => Math.hypot(...v.subarray(row * r.d, (row + 1) * r.d));
    const body = this.order.map((wordIndex, place) => h('tr', {},
      h('th', { scope: 'row' }, labels[place]),
      ...[norm(r.plain.q, place), norm(r.after.q, place), norm(r.plain.k, place), norm(r.after.k, place)]
        .map((x) => h('td', {}, fixed(x, 4)))));
    return replaceChildren(this.positionDetail,
      h('p', {}, 'Each pair of query and key features is turned by an angle proportional to the position. '
        + 'Turning changes a vector’s direction but never its length, and the score between two words then '
        + 'depends only on how many places apart they are.'),
      h('div', { className: 'matrix-block' }, h('table', { className: 'matrix', 'aria-label': 'Lengths before and after rotation' },
        h('caption', {}, 'Lengths of q and k before and after rotation'),
        h('thead', {}, h('tr', {}, h('td', { className: 'corner' }),
          ...['‖q‖ before', '‖q‖ after', '‖k‖ before', '‖k‖ after'].map((text) => h('th', { scope: 'col' }, text)))),
        h('tbody', {}, body))));
  }
}

/** What “same” means under the table; `rounding`: some difference is float32 rounding. */
function sameMeansText(rounding) {
  return '“same” means a difference of exactly 0: the very same float32 numbers, to the last bit. '
    + 'The core adds up each output in double precision, so the order of the words cannot change its last digit'
    + (rounding ? '; “same up to rounding” is a difference below 10⁻⁶, the size of float32 rounding (about 7 significant digits).' : '.');
}

defineWidget('attn-shuffle', AttnShuffle);
