// attribute-types.js — the kinds of attribute a widget declares. widget-base.js derives from a
// widget's declarations its observed attributes, its properties, the parsing of what is typed
// or set, URL state and `change` events; tests check the README's tables against them. No DOM
// here, so node reads the declarations too.
//
//   static declaredAttributes = {
//     step: integer({ min: 1, max: 6, fallback: 1, label: 'step' }),
//     mask: choice(['causal', 'none'], { label: 'mask' }),
//   };
//
// Every kind returns a plain object:
//   parse(text)    → { value } or { error: one sentence a learner can read, quoting the text }
//   format(value)  → the attribute's text, or null for "no attribute"
//   fallback       the value while the attribute is absent (never mutate it)
//   values, shown  the README's "values" and "default" columns, in Markdown
//   omitDefault    the property setter removes the attribute when given the fallback
//   recorded       false: not a setting (not kept in links or embed code)
//   type           the property's TypeScript type (for the manifest and the .d.ts): what it reads
//   accepts        what its setter takes besides null and undefined (property-text.js): its value,
//                  the attribute's text, a list as an array where the value is one (the .d.ts
//                  gives the property separate get and set types)
// Options every kind takes: `label` (what its sentences call it, usually the attribute's name:
// a kind that makes its own sentences needs it, or `message`), `message` (the sentence for a bad
// value, or text → sentence), `values`, `shown`, `type` and `accepts`.

const MINUS = /\u2212/g;
const QUOTE_LIMIT = 40;

/** Text quoted for a message, cut to its start when long: “abc”, “ab ab ab…”. */
export function quote(text) {
  const chars = Array.from(String(text).trim());
  return `“${chars.length > QUOTE_LIMIT ? `${chars.slice(0, QUOTE_LIMIT).join('')}…` : chars.join('')}”`;
}

/** A decimal number as a person types it (20,000 and 20 000 are 20000, − is a minus sign), or
 *  NaN for anything else: words, hexadecimal, an empty field. */
export function readNumber(text) {
  const cleaned = String(text ?? '').trim().replace(MINUS, '-').replace(/[,_\s](?=\d{3}(\D|$))/g, '');
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned) ? Number(cleaned) : NaN;
}

/** Ranges and lists in messages: 65,536; "a, b or c". */
const group = (n) => n.toLocaleString('en-US');
const either = (words, last = 'or') => (words.length > 1 ? `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}` : words[0]);
const code = (text) => `\`${text}\``;
/** A TypeScript union of string literals: 'a' | 'b'. */
const literals = (words) => words.map((word) => `'${word}'`).join(' | ');

/** The kinds that refuse a value with a sentence of their own making, which names the setting
 *  by its `label` (the others: a presence never refuses; text and custom kinds say it themselves). */
const OWN_SENTENCES = new Set(['integer', 'decimal', 'choice', 'choices', 'boolean', 'numbers', 'arrangement']);

/** The finished declaration: the common options, a readable message for a bad value. */
function kind(options, own) {
  const { label, message, values, shown, type, accepts, omitDefault = false, recorded = true } = options;
  if (OWN_SENTENCES.has(own.kind) && label === undefined && message === undefined) {
    throw new Error(`${own.kind}(): give \`label\` (what its sentence calls the setting, usually the attribute's name) or \`message\`: `
      + 'a refusal must say which setting it is about.');
  }
  const spec = { omitDefault, recorded, ...own, type: type ?? own.type };
  // A kind whose type is given (a custom one, or a type option) takes that or its text.
  spec.accepts = accepts ?? (type ? `${type} | string` : own.accepts);
  const sentence = (text, fallbackSentence) => {
    if (typeof message === 'function') return message(text);
    return message ?? fallbackSentence(label);
  };
  spec.refuse = (text, fallbackSentence) => ({ error: sentence(text, fallbackSentence) });
  spec.label = label;
  spec.values = values ?? own.values;
  const fallbackText = own.fallback === null || own.fallback === undefined ? null : own.format(own.fallback);
  spec.shown = shown ?? own.shown ?? (fallbackText === null || fallbackText === '' ? 'none' : code(fallbackText));
  return spec;
}

/** A whole number in [min, max]. */
export function integer({ min, max = Infinity, fallback, ...options }) {
  const range = max === Infinity ? `at least ${group(min)}` : `from ${group(min)} to ${group(max)}`;
  const spec = kind(options, {
    kind: 'integer', min, max, fallback, type: 'number', accepts: 'number | string',
    format: (value) => String(value),
    values: max === Infinity ? `whole number ≥ ${min}` : `${code(min)}–${code(max)}`,
    parse(text) {
      const value = readNumber(text);
      if (Number.isInteger(value) && value >= min && value <= max) return { value: value === 0 ? 0 : value };
      return spec.refuse(text, (label) => `${label} must be a whole number ${range}, but it is ${quote(text)}.`);
    },
  });
  return spec;
}

/** A number between min and max; `exclusive` leaves out both ends (the core's float32 included). */
export function decimal({ min, max, exclusive = false, fallback, ...options }) {
  const inside = (value) => (exclusive
    ? value > min && value < max && Math.fround(value) < max && Math.fround(value) > min
    : value >= min && value <= max);
  const spec = kind(options, {
    kind: 'decimal', min, max, exclusive, fallback, type: 'number', accepts: 'number | string',
    format: (value) => String(value),
    values: exclusive ? `between ${code(min)} and ${code(max)}` : `${code(min)} to ${code(max)}`,
    parse(text) {
      const value = readNumber(text);
      if (Number.isFinite(value) && inside(value)) return { value };
      const range = exclusive ? `strictly between ${min} and ${max}` : `from ${min} to ${max}`;
      return spec.refuse(text, (label) => `${label} must be a number ${range}, but it is ${quote(text)}.`);
    },
  });
  return spec;
}

/** One word of a fixed list. A fallback of '' means "none of them" (the attribute absent). */
export function choice(options, { fallback = options[0], ...rest } = {}) {
  const words = literals(fallback === '' ? [...options, ''] : options);
  const spec = kind(rest, {
    kind: 'choice', options, fallback, type: words, accepts: words, // its text is one of its words
    format: (value) => (value === '' ? null : String(value)),
    values: options.map(code).join(', '),
    parse(text) {
      if (options.includes(text)) return { value: text };
      return spec.refuse(text, (label) => `${label} must be ${either(options.map((o) => `“${o}”`))}, but it is ${quote(text)}.`);
    },
  });
  return spec;
}

/** Any of a fixed list of words, space-separated, as a Set in the list's order ("" is none). */
export function choices(options, { fallback = [], ...rest } = {}) {
  const spec = kind(rest, {
    kind: 'choices', options, fallback: Object.freeze(new Set(fallback)), type: `Set<${literals(options)}>`,
    accepts: `ReadonlySet<${literals(options)}> | readonly (${literals(options)})[] | string`,
    // Any iterable of words (the value's Set, or an array a script hands back). A word that is
    // not an option is kept, so the parser refuses it with its sentence.
    format(chosen) {
      const words = Array.from(chosen, String);
      return words.every((word) => options.includes(word)) ? options.filter((option) => words.includes(option)).join(' ') : words.join(' ');
    },
    values: `any of ${code(options.join(' '))}`,
    parse(text) {
      const words = String(text).trim().split(/\s+/).filter(Boolean);
      if (words.every((word) => options.includes(word))) return { value: new Set(options.filter((option) => words.includes(option))) };
      return spec.refuse(text, (label) => `${label} may hold ${either(options, 'and')}, separated by spaces, but it is ${quote(text)}.`);
    },
  });
  return spec;
}

/** "true" or "false". */
export function boolean({ fallback, ...options }) {
  const spec = kind(options, {
    kind: 'boolean', fallback, type: 'boolean', accepts: "boolean | 'true' | 'false'",
    format: (value) => String(Boolean(value)),
    values: `${code('true')}, ${code('false')}`,
    parse(text) {
      if (text === 'true' || text === 'false') return { value: text === 'true' };
      return spec.refuse(text, (label) => `${label} must be “true” or “false”, but it is ${quote(text)}.`);
    },
  });
  return spec;
}

/** On when the attribute is present, whatever its text (like HTML's own boolean attributes). */
export function presence(options = {}) {
  return kind(options, {
    kind: 'presence', fallback: false, type: 'boolean', accepts: 'boolean', // on or off: no text of its own
    format: (on) => (on ? '' : null),
    values: 'present or absent', shown: 'absent',
    parse: () => ({ value: true }),
  });
}

/** `count` finite numbers separated by commas, as an array (a matrix, row by row); with `limit`,
 *  each at most that in size. */
export function numbers({ count, fallback, limit = Infinity, ...options }) {
  const range = limit === Infinity ? 'finite numbers' : `numbers from −${group(limit)} to ${group(limit)}`;
  const spec = kind(options, {
    kind: 'numbers', count, fallback: Object.freeze([...fallback]), type: 'number[]',
    accepts: 'readonly number[] | Float32Array | Float64Array | string',
    format: (values) => Array.from(values, Number).join(','),
    values: limit === Infinity ? `${count} numbers, comma-separated, row-major` : `${count} numbers, each from −${group(limit)} to ${group(limit)}, comma-separated, row-major`,
    parse(text) {
      const parts = String(text).split(',');
      const values = parts.map((part) => (part.trim() === '' ? NaN : readNumber(part)));
      // Finite as a 32-bit float too: the core computes in float32.
      const fits = (value) => Number.isFinite(Math.fround(value)) && Math.abs(value) <= limit;
      if (values.length === count && values.every(fits)) return { value: values };
      return spec.refuse(text, (label) => `${label} must be ${count} ${range} separated by commas, but it is ${quote(text)}.`);
    },
  });
  return spec;
}

/** Whole numbers from 0, comma-separated, each at most once (an arrangement); absent is null. */
export function arrangement({ max, ...options }) {
  const spec = kind(options, {
    kind: 'arrangement', max, fallback: null, type: 'number[] | null', accepts: 'readonly number[] | string',
    format: (order) => (order === null ? null : order.join(',')),
    values: 'whole numbers from 0, comma-separated, each once',
    parse(text) {
      const order = String(text).split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
      if (order.every((i) => Number.isInteger(i) && i >= 0 && i < max) && new Set(order).size === order.length) return { value: order };
      return spec.refuse(text, (label) => `${label} must list places from 0 to ${max - 1}, each at most once, separated by commas, but it is ${quote(text)}.`);
    },
  });
  return spec;
}

/** Any text; `check(text)` may refuse it with a sentence, or return { value } to tidy it. */
export function text({ fallback, check = () => undefined, ...options }) {
  return kind(options, {
    kind: 'text', fallback, type: 'string', accepts: 'string',
    format: (value) => String(value),
    values: 'text',
    parse(typed) {
      const verdict = check(typed);
      if (typeof verdict === 'string') return { error: verdict };
      return verdict ?? { value: typed };
    },
  });
}

/** A kind of its own: `parse`, `format` and `values` given by the widget (and `type`, the
 *  property's TypeScript type; its setter takes that or the attribute's text, unless `accepts`
 *  says otherwise). */
export function custom({ parse, format, fallback, values, type, ...options }) {
  if (!type) throw new Error('custom(): give `type`, the property\'s TypeScript type (authors\' types and the README show it).');
  return kind({ accepts: `${type} | string`, ...options }, { kind: 'custom', fallback, format, values, parse, type });
}

/** The property an attribute is reflected as: d-model → dModel, embed-code → embedCode. */
export function propertyName(attribute) {
  return attribute.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
}
