// theme-values.js — checks a theme value given as text (embed.html's URL: attn-accent=…): a
// colour, a list of fonts or a length, as the property of theme.js needs, and nothing that could
// load a file or break out of the declaration. A colour must also be one the browser can read
// (CSS.supports): a word that has the shape of a colour name but is none (`notacolour`) is refused
// like any other bad value, not passed on to paint buttons with nothing. Only embed.html's script
// loads it.

import { themeInputs } from './theme.js';

/** What a value of each kind may look like: nothing that could load a file (no url()), end a
 *  declaration or open a block. */
const VALUE_SHAPES = {
  colour: /^(#[0-9a-f]{3,8}|[a-z]+|(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([\w\s.,%/+-]*\))$/i,
  font: /^[\p{L}\p{N} ,"'._-]+$/u,
  length: /^(0|\d*\.?\d+(px|rem|em|ch|pt|%))$/,
};
const EXAMPLES = { colour: '#9a4d00', font: 'Georgia, serif', length: '4px or 0.5rem' };

/** Whether the browser reads `value` as a colour (true where there is no browser to ask: node). */
const browserReadsColour = (value) => typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports('color', value);

/** Whether `value` may be given to a property of this kind. */
function acceptable(kind, value) {
  if (value.length > 200 || !VALUE_SHAPES[kind].test(value) || /url\s*\(/i.test(value)) return false;
  return kind !== 'colour' || browserReadsColour(value);
}

/** A theme value given as text (embed.html's URL), checked: { value } or { error: a sentence }. */
export function readThemeValue(name, text) {
  const input = themeInputs().find((p) => p.name === name);
  if (!input) return { error: `There is no theme property ${name}.` };
  const value = String(text).trim();
  if (acceptable(input.kind, value)) return { value };
  return { error: `${name} must be a ${input.kind === 'colour' ? 'colour' : input.kind === 'font' ? 'list of fonts' : 'length'}, such as ${EXAMPLES[input.kind]}, but it is “${value.slice(0, 40)}”.` };
}
