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
//
// This file holds the element: its settings, controls and actions. Its parts: word-strip.js (the
// chips, dragged or moved by keyboard), compare-orders.js (the numbers, from the core),
// shuffle-results.js (the summary and the table of outputs), position-detail.js (what the
// positions add), shuffle-words.js (sentences and orders), shuffle-view.js (vectors and styles).

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { text, choice, integer, arrangement, quote } from '../../ui/attribute-types.js';
import { event, CONTROL_PARTS, MATRIX_PARTS } from '../../ui/element-declarations.js';
import { h, uniqueId } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { Status } from '../../lib/errors.js';
import {
  DEFAULT_SENTENCE, MAX_WORDS, parseSentence, arranges, identity, isIdentity, shuffled, moved, swappedDogAndMan,
} from './shuffle-words.js';
import { difference, shuffleSheet } from './shuffle-view.js';
import { WordStrip } from './word-strip.js';
import { compareOrders } from './compare-orders.js';
import { ShuffleResults } from './shuffle-results.js';
import { drawPositionDetail } from './position-detail.js';

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
  set order(value) {
    // The words as typed, asked for while no order is set: that is no order (el.order = el.order changes nothing).
    const asTyped = !this.hasAttribute('order') && Array.isArray(value) && value.length === this.words.length && isIdentity(value);
    this.setAttributeValue('order', asTyped ? null : value);
  }

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
      actionButton({ type: 'submit' }, 'Use sentence'));

    this.shuffleButton = actionButton({ onclick: () => this.act(() => { this.order = shuffled(this.order); }) }, 'Shuffle');
    const swapNoteId = uniqueId('swap-note');
    this.swapButton = actionButton({ className: 'secondary', 'aria-describedby': swapNoteId,
      onclick: () => this.act(() => this.#swapDogAndMan()) }, 'Swap dog and man');
    this.swapNote = h('p', { className: 'swap-note', id: swapNoteId, hidden: true });
    this.resetButton = actionButton({ className: 'secondary', onclick: () => this.act(() => { this.order = null; }) }, 'Original order');

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

    this.strip = new WordStrip({ onMove: (from, to) => this.act(() => { this.order = moved(this.order, from, to); }) });

    this.resultError = h('p', { className: 'error', role: 'alert', hidden: true });
    this.routeProblems(this.resultError, ['core'], (message) => `${message}${this.result ? ' The last good outputs are still shown.' : ''}`);
    this.results = new ShuffleResults();
    this.positionDetail = h('div', { className: 'position-detail' });

    body.append(
      form, this.sentenceError,
      h('div', { className: 'toolbar' }, this.shuffleButton, this.swapButton, this.resetButton), this.swapNote,
      ...this.strip.elements,
      h('fieldset', {}, h('legend', {}, 'Positions'), this.positionRadios),
      h('div', { className: 'toolbar' },
        h('label', {}, this.causalBox, ' Causal mask'),
        h('label', {}, 'Width d ', this.widthInput),
        h('label', {}, 'First position ', this.offsetInput)),
      this.numberError, this.resultError, this.results.element,
      h('details', {}, h('summary', {}, 'What the positions add'), this.positionDetail));
  }

  // ---------------------------------------------------------------- actions
  /** Swaps "dog" and "man" where the sentence has both (the button is disabled otherwise: the
   *  learner's sentence is never replaced). */
  #swapDogAndMan() {
    const swapped = swappedDogAndMan(this.order, this.words);
    if (swapped) this.order = swapped;
  }

  // ---------------------------------------------------------------- rendering
  render() {
    const { fits } = this.#arrangement();
    this.setProblem('order', fits ? null : `order ${quote(this.getAttribute('order'))} does not fit the sentence: it must list each of its `
      + `${this.words.length} words once, by their places from 0 to ${this.words.length - 1}. The words are shown as typed.`);
    this.#syncControls();
    this.strip.draw(this.words, this.order);
    if (!this.attn) return this.results.reserve(this.words, this.order, this.width, this.mask);
    let result;
    try {
      result = compareOrders(this.attn, this.embeddings, this.#settings());
    } catch (error) {
      if (error?.name !== 'AttnError') throw error;
      // Refused: said beside the width (rotary's odd width) or the results, and the last good
      // outputs stay on screen as they were drawn, with their "In words" sentence.
      const rotaryWidth = error.code === Status.SHAPE && this.positions === 'rotary';
      this.setProblem(rotaryWidth ? 'rotary-width' : 'core', rotaryWidth && this.result ? `${error.message} The last good outputs are still shown.` : error.message);
      this.setProblem(rotaryWidth ? 'core' : 'rotary-width', null);
      this.results.element.hidden = !this.result;
      return;
    }
    this.setProblem('core', null);
    this.setProblem('rotary-width', null);
    this.result = result;
    this.now = this.#nowInWords();
    this.results.element.hidden = false;
    this.results.draw(result, this.#settings());
    drawPositionDetail(this.positionDetail, result, this.#settings());
  }

  /** What the numbers and their drawing depend on. */
  #settings() {
    const { words, order, width, offset, positions, mask } = this;
    return { words, order, width, offset, positions, mask };
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
}

defineWidget('attn-shuffle', AttnShuffle);
