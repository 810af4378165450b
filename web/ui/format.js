// format.js — numbers as the chapter prints them: a true minus sign, −∞ for blocked entries,
// two roundings (significant figures for scores, fixed decimals for weights and outputs), and
// very small or large numbers as powers of ten (1.523 × 10⁻⁸, never 1.523e-8).

const MINUS = '\u2212';
const SUPERSCRIPT = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

/** "1.523e-8" (JavaScript's exponent form) as "1.523 × 10⁻⁸"; "1e+12" as "10¹²". Other text unchanged. */
export function powerForm(text) {
  const match = /^(-?)([\d.]+)e([+-]?\d+)$/.exec(String(text));
  if (!match) return String(text).replace('-', MINUS);
  const [, sign, mantissa, exponent] = match;
  const power = `10${exponent.replace('+', '').replace(/./g, (c) => SUPERSCRIPT[c])}`;
  return `${sign ? MINUS : ''}${mantissa === '1' ? power : `${mantissa} × ${power}`}`;
}

/** Up to `digits` significant figures, trailing zeros dropped: −18, −12.73, 1.414, 0. */
export function sig(x, digits = 4) {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return '∞';
  if (x === -Infinity) return `${MINUS}∞`;
  if (Object.is(x, -0) || Math.abs(x) < 1e-12) return '0';
  return powerForm(String(Number(x.toPrecision(digits))));
}

/** A number with `digits` significant figures in power form: 2.4 × 10⁻⁸, 1.07 × 10⁹. */
export function scientific(x, digits = 2) {
  if (x === 0) return '0';
  return Number.isFinite(x) ? powerForm(x.toExponential(digits - 1).replace(/\.?0+e/, 'e')) : sig(x);
}

/** An axis tick: whole numbers below a million in full (16,384), larger ones as powers of ten
 *  (10¹², 2.5 × 10⁸), small ones to two significant figures (0.5, 2 × 10⁻³). */
export function tickNumber(x) {
  if (Number.isInteger(x) && Math.abs(x) < 1e6) return x.toLocaleString('en-US').replace('-', MINUS);
  if (Math.abs(x) >= 1e6 || (x !== 0 && Math.abs(x) < 1e-3)) return scientific(x, 2);
  return sig(x, 2);
}

/** Exactly `decimals` decimals: 0.196, 1.000. Negative zero prints as 0.000. */
export function fixed(x, decimals = 3) {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return sig(x);
  const text = x.toFixed(decimals);
  return Number(text) === 0 ? (0).toFixed(decimals) : text.replace('-', MINUS);
}

/** A vector as text: [0.804, 1.413]. */
export function vector(values, format = sig) {
  return `[${Array.from(values, (x) => format(x)).join(', ')}]`;
}

/** Parses what a learner typed into a matrix cell. Accepts −, commas as decimal points, and
 *  spaces; returns a finite number or null. */
export function parseNumber(text) {
  const cleaned = String(text).trim().replace(/\u2212/g, '-').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** Subscript digits for labels such as q₁ and k₂. */
export function subscript(n) {
  return String(n).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[d]);
}

/** A byte count in the largest binary unit that keeps it ≥ 1, to 3 significant figures: 65,536 → "64 KiB". */
export function byteSize(b) {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = b, unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit++; }
  return `${Number(value.toPrecision(3))} ${units[unit]}`;
}

/** A large count to 3 significant figures with k, M, G or T: 1,560,000 → "1.56 M" (axis labels). */
export function compactCount(y) {
  const [scale, unit] = [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']].find(([s]) => y >= s) ?? [1, ''];
  return `${Number((y / scale).toPrecision(3))}${unit ? ` ${unit}` : ''}`;
}

/** A large number in words, to 3 significant figures: 485,165,195 → "485 million",
 *  2.35e10 → "23.5 billion"; below a million in full (1,097); from 10¹⁵ on as a power of ten. */
export function largeInWords(x) {
  const [scale, word] = [[1e12, 'trillion'], [1e9, 'billion'], [1e6, 'million']].find(([s]) => x >= s) ?? [1, ''];
  if (x >= 1e15) return scientific(x, 3);
  return word ? `${Number((x / scale).toPrecision(3))} ${word}` : Math.round(x).toLocaleString('en-US');
}

/** A count and its noun, singular for exactly 1: counted(1, 'head') → "1 head", counted(3, 'new one',
 *  'new ones') → "3 new ones". `show` writes the number (default: with thousands separators). */
export function counted(n, singular, plural = `${singular}s`, show = (x) => x.toLocaleString('en-US')) {
  return `${show(n)} ${n === 1 ? singular : plural}`;
}
