// cross-diagram.js — the small diagram of <attn-cross>: for each mode, which sentence its
// queries, keys and values come from, drawn as boxes with arrows (text and border styles carry
// the roles, never colour alone), with the mode's one sentence from the chapter as its caption
// and the whole picture said in words for a screen reader.

import { h } from '../../ui/dom.js';
import { counted } from '../../ui/format.js';

/** The chapter's sentence for each mode (its text on attention's origin). */
export const SENTENCES = {
  cross: 'Cross-attention: queries from the decoder, keys and values from the encoder.',
  self: 'Self-attention: all three from the same sequence.',
  cache: 'A key/value cache: the keys and values are reusable across steps, but the query is new each step.',
};

const role = (name, className) => h('span', { className: `role ${className}` }, name);
const arrow = () => h('span', { className: 'arrow', 'aria-hidden': 'true' }, '→');
const box = (label, text) => h('span', { className: 'box' }, h('span', { className: 'box-label' }, label), ' ', h('span', { className: 'box-text' }, text));

/** The figure for `mode`, given the sentences as typed (and, for the cache, the step). */
export function diagram(mode, { source, target, step, cached, newest }) {
  let rows, words;
  if (mode === 'cross') {
    rows = [[box('decoder (target)', target), arrow(), role('Q', 'q')],
      [box('encoder (source)', source), arrow(), role('K', 'k'), role('V', 'v')]];
    words = `Cross-attention. The queries come from the target sentence, “${target}”, in the decoder; the keys and values come from the source sentence, “${source}”, in the encoder.`;
  } else if (mode === 'self') {
    rows = [[box('one sentence', source), arrow(), role('Q', 'q'), role('K', 'k'), role('V', 'v')]];
    words = `Self-attention. The queries, keys and values all come from one sentence, “${source}”.`;
  } else {
    // At step 1 the cache held nothing before, and the one key cached is the newest word's own.
    const first = step === 1;
    rows = [[box(`cache: ${counted(step - 1, 'word')} kept`, cached || '(empty)'), h('span', { className: 'plus' }, '+'), box('newest word', newest), arrow(), role('K', 'k'), role('V', 'v'), h('span', { className: 'note' }, 'one row each, appended')],
      [box('newest word', newest), arrow(), role('q', 'q'), h('span', { className: 'note' }, first ? 'one new query, against the 1 cached key' : `one new query, against all ${step} cached keys`)]];
    words = `A key/value cache, step ${step}. ${first ? 'The cache is empty before it' : `The cache keeps the keys and values of the ${counted(step - 1, 'word')} before`}; `
      + `the newest word, “${newest}”, adds one key and one value, and its query is the only new one, attending over ${first ? 'its own key alone' : `all ${step} cached words`}.`;
  }
  return h('figure', { className: 'diagram' },
    h('div', { role: 'img', 'aria-label': words }, rows.map((items) => h('div', { className: 'diagram-row' }, items))),
    h('figcaption', {}, SENTENCES[mode]));
}
