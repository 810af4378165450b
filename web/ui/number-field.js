// number-field.js — reading what a learner typed in a number field (<input type=number>) for the
// sentence beside it. A field holding text the browser cannot read as a number ("2e", or "1e309",
// too large for it) gives its value as '' (validity.badInput), so a check of the value alone
// would say the field is empty while it shows "2e": these say what happened instead. Used by
// widget-base.js (bound fields) and by the training lab's own fields. Importing it makes every
// number field's `change` fire when its text changed (number-change.js).
//
//   fieldLabel(input, 'fallback')                  → the field's visible label
//   notANumber(input, 'fallback')                  → "Layers: what was typed cannot be read as a number (…)."
//   readWholeNumber(input)                         → { value } or { error: sentence naming the range }
//                                                    (the range: the field's own min and max)

import { integer } from './attribute-types.js';
import './number-change.js';

/** The field's label as the learner sees it (its <label>, else its aria-label, else `fallback`). */
export function fieldLabel(input, fallback = 'The field') {
  return (input.labels?.[0]?.textContent ?? input.getAttribute('aria-label') ?? fallback).trim();
}

/** The sentence for a number field whose text the browser cannot read (validity.badInput): it
 *  does not say which text, so the sentence names both kinds. */
export function notANumber(input, fallback) {
  return `${fieldLabel(input, fallback)}: what was typed cannot be read as a number: it is too large (such as 1e309) `
    + 'or not written with digits, a decimal point and -.';
}

/** The whole number typed in `input`, from its min to its max, or the sentence refusing what is
 *  there (not a number, nothing, a fraction, out of range), naming the range allowed. The rule is
 *  the widgets' attributes' own (attribute-types.js, integer); only the sentence is the field's. */
export function readWholeNumber(input, { min = Number(input.min), max = Number(input.max) } = {}) {
  if (input.validity?.badInput) return { error: notANumber(input) };
  const range = `${fieldLabel(input)} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`;
  const message = (text) => `${range}, ${text.trim() === '' ? 'but the field is empty' : `but it is ${text}`}.`;
  return integer({ min, max, message }).parse(input.value);
}
