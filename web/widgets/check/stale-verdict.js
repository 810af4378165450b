// stale-verdict.js — a verdict marked out of date while the entry in front of the learner was
// refused (<attn-check>: an answer that is not one; <attn-exercise>: a value its widget refuses),
// so a ✓ or ✗ never sits under an entry it is not about as if it were. Said in words (a line
// "Out of date: …" first in the feedback) and by a dashed border, not by colour alone. A new
// verdict replaces the feedback's children and class, which takes the mark off.
//
//   markStale(feedback, 'this is about your earlier answer, “96”.');   markStale(feedback, null);

import { h } from '../../ui/dom.js';

/** Marks `feedback` out of date, saying `sentence` after "Out of date: ", or takes the mark off (null). */
export function markStale(feedback, sentence) {
  feedback.querySelector(':scope > .stale-note')?.remove();
  feedback.classList.toggle('stale', Boolean(sentence));
  if (sentence) feedback.prepend(h('span', { className: 'stale-note' }, `Out of date: ${sentence}`));
}
