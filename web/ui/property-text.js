// property-text.js — what a value set as a widget's property (el.dModel = 256, el.masks = […])
// becomes: the attribute's text, which the kind then parses like any text, or a refusal when the
// value cannot be of its kind at all (an object, an array where one value is wanted, a list of
// the wrong things). Never an exception: a script's mistake is said beside the widget, and the
// last good value stays. No DOM here.
//
//   propertyText(kind, 'heads', 6)        → { text: '6' }
//   propertyText(kind, 'heads', null)     → { text: null }   the attribute goes, the default holds
//   propertyText(kind, 'masks', true)     → { error: 'masks may hold …, but it is “true”.' }
//   propertyText(kind, 'sentence', {})    → { error: 'sentence must be text, but it is “{}”.' }

import { quote } from './attribute-types.js';

/** The kinds whose value is a list (a Set or an array): a string set as their property is the
 *  attribute's own text (`el.masks = 'causal window'`), else a list of these items. */
const LIST_ITEMS = {
  choices: (item) => typeof item === 'string',
  numbers: (item) => typeof item === 'number' || typeof item === 'string',
  arrangement: (item) => typeof item === 'number' || typeof item === 'string',
};
/** A value that stands for its own text (5 is "5"), as a DOM string property takes it. */
const isPlain = (value) => ['string', 'number', 'boolean', 'bigint'].includes(typeof value);

/** Whether `value` can be of `kind` at all (its text may still be refused by the kind). */
function fits(kind, value) {
  if (kind.kind === 'boolean' || kind.kind === 'presence') return true; // text as the attribute's ("false"), else truthiness, as a DOM boolean property
  if (kind.kind === 'custom') return true; // its own format decides (below)
  if (kind.kind in LIST_ITEMS) {
    return typeof value === 'string' || ((Array.isArray(value) || value instanceof Set || ArrayBuffer.isView(value)) && Array.from(value).every(LIST_ITEMS[kind.kind]));
  }
  return isPlain(value); // integer, decimal, choice, text: one value
}

/** A value as a script would write it, for a sentence: 5, true, [[1,2],[3]], {}, a function. */
function described(value) {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return value.toString();
  if (value instanceof Set) return `Set ${described([...value])}`;
  if (Array.isArray(value)) return `[${value.map(described).join(', ')}]`;
  if (typeof value === 'object') {
    try { return JSON.stringify(value) ?? String(value); } catch { return Object.prototype.toString.call(value); }
  }
  return String(value);
}

/**
 * The attribute text for `value` set as the property of attribute `name` of `kind`: { text }
 * (null: remove the attribute), or { error } when no text of the kind can stand for it.
 */
export function propertyText(kind, name, value) {
  if (value === null || value === undefined) return { text: null }; // as for a reflected DOM property: the attribute goes, the default holds
  if (!fits(kind, value)) {
    const shown = described(value);
    const parsed = kind.kind === 'text' ? { value } : kind.parse(shown);
    return { error: parsed.error ?? `${kind.label ?? name} must be ${kind.kind === 'text' ? 'text' : `one of its values (${kind.values})`}, but it is ${quote(shown)}.` };
  }
  // A string is the attribute's own text: 'causal window' for masks, 'false' for a true/false setting.
  if (typeof value === 'string' && (kind.kind in LIST_ITEMS || kind.kind === 'custom' || kind.kind === 'boolean')) return { text: value };
  if (kind.kind === 'numbers' || kind.kind === 'arrangement') return { text: Array.from(value, String).join(',') };
  try {
    return { text: kind.format(value) ?? null };
  } catch {
    return { text: String(value) }; // a value a custom kind cannot format: its parser refuses the text
  }
}
