// shuffle-results.js — the results of <attn-shuffle>: a summary sentence, the notes on the causal
// mask and on the first position, and the table of outputs (a row per word in the order in use:
// its places before → now, its output in the original order and in this one, and the largest
// difference with its verdict: same, same up to rounding, changed), with what "same" means.
// Before the widget starts, the table is laid out with empty lines so the numbers fill it in place.
//
//   const results = new ShuffleResults();
//   body.append(results.element);
//   results.reserve(words, order, width, mask);           // before the core has run
//   results.draw(compareOrders(…), { order, positions, mask, offset });

import { h, replaceChildren } from '../../ui/dom.js';
import { scrollFocus } from '../../ui/scroll-focus.js';
import { isIdentity } from './shuffle-words.js';
import { difference, vectorLine } from './shuffle-view.js';

/** A difference above 0 and at most this is float32 rounding, not a change (float32 keeps about 7
 *  significant digits). The core sums in double, so reordering words alone gives exactly 0. */
const SAME = 1e-6;
/** A word's verdict, and what it means. */
const verdict = (diff) => (diff === 0 ? 'same' : diff <= SAME ? 'same up to rounding' : 'changed');

export class ShuffleResults {
  constructor() {
    this.summary = h('p', { className: 'summary', 'aria-live': 'polite' });
    this.causalNote = h('p', { className: 'note', hidden: true },
      'With the causal mask each word may look only at itself and the words before it. That rule is '
      + 'written in terms of places, so the mask carries word order by itself: move a word and it sees a '
      + 'different set of words, and its output changes even with no position information at all. '
      + 'Reordering only moves outputs around when every word sees every word.');
    this.offsetNote = h('p', { className: 'note', hidden: true });
    this.outputs = h('table', { className: 'outputs', 'aria-label': 'Outputs by word' });
    this.sameMeans = h('p', { className: 'same-means' });
    this.element = h('div', { className: 'results' },
      this.summary, this.causalNote, this.offsetNote,
      scrollFocus(h('div', { className: 'table-scroll' }, this.outputs), 'Outputs by word (scrolls sideways)'),
      this.sameMeans);
  }

  /** Before the widget starts: the table laid out, a row per word with its places and empty
   *  vector lines, so that the outputs fill it in place (nothing is computed). */
  reserve(words, order, width, mask) {
    this.causalNote.hidden = mask !== 'causal';
    this.summary.textContent = 'Once the widget starts, each word’s output in the original order is compared here with its output in this order, word by word, with the largest difference.';
    const rows = order.map((wordIndex, place) => h('tr', {},
      h('th', { scope: 'row' }, words[wordIndex].text),
      h('td', { className: 'place' }, `${wordIndex + 1} → ${place + 1}`),
      h('td', {}, vectorLine('before', null, 1, width), vectorLine('after', null, 1, width)),
      h('td', { className: 'diff verdict' }, '…')));
    this.#fillOutputs(width, rows);
    this.sameMeans.textContent = sameMeansText(false);
  }

  /** Draws result `r` (compare-orders.js; null: nothing to show) for the settings in use. */
  draw(r, { order, positions, mask, offset }) {
    this.causalNote.hidden = mask !== 'causal';
    if (!r) {
      replaceChildren(this.outputs);
      this.summary.textContent = '';
      this.offsetNote.hidden = true;
      return;
    }
    this.summary.textContent = summaryOf(r, { rearranged: !isIdentity(order), blind: positions === 'none' && mask !== 'causal' });

    this.offsetNote.hidden = r.shifted === null;
    if (r.shifted !== null) {
      // Rotary turns by new angles, computed and rounded afresh: what is left is float32 rounding.
      const rounding = r.shifted > 0 && r.shifted <= SAME ? ', which is float32 rounding of the new angles (about 7 significant digits)' : '';
      this.offsetNote.textContent = positions === 'rotary'
        ? `Counting positions from ${offset} instead of 0 changed the outputs by at most ${difference(r.shifted)}${rounding}: `
          + 'with rotary embeddings a score depends only on how far apart two words are, not on where they stand.'
        : `Counting positions from ${offset} instead of 0 changed the outputs by up to ${difference(r.shifted)}: `
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
}

/** The summary: whether reordering changed the outputs, and by how much. `blind`: no positions
 *  and no mask, so attention cannot tell orders apart. */
function summaryOf(r, { rearranged, blind }) {
  if (!rearranged) return 'The words are in their original order. Shuffle them, swap dog and man, or move a word, and compare.';
  if (r.largest === 0) {
    return 'Every output moved with its word and kept its value exactly: the largest difference over all words is 0, '
      + 'the very same float32 numbers.' + (blind ? ' Attention cannot tell the two orders apart.' : '');
  }
  if (r.largest <= SAME) {
    return `Every output moved with its word and kept its value up to float32 rounding: the largest difference over all words is ${difference(r.largest)}.`
      + (blind ? ' Attention cannot tell the two orders apart.' : '');
  }
  return `Reordering changed the outputs: the largest difference is ${difference(r.largest)}, for “${r.worst.word.text}”.`;
}

/** What “same” means under the table; `rounding`: some difference is float32 rounding. */
function sameMeansText(rounding) {
  return '“same” means a difference of exactly 0: the very same float32 numbers, to the last bit. '
    + 'The core adds up each output in double precision, so the order of the words cannot change its last digit'
    + (rounding ? '; “same up to rounding” is a difference below 10⁻⁶, the size of float32 rounding (about 7 significant digits).' : '.');
}
