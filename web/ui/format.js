// format.js — numbers as the chapter prints them: a true minus sign, −∞ for blocked entries,
// two roundings (significant figures for scores, fixed decimals for weights and outputs), and
// powers of ten for numbers too large or small for either.

const MINUS = '\u2212';

/** Up to `digits` significant figures, trailing zeros dropped: −18, −12.73, 1.414, 0. */
export function sig(x, digits = 4) {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return '∞';
  if (x === -Infinity) return `${MINUS}∞`;
  if (Object.is(x, -0) || Math.abs(x) < 1e-12) return '0';
  const text = String(Number(x.toPrecision(digits)));
  return text.replace('-', MINUS);
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

const SUPERSCRIPT = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

/** `digits` significant figures times a power of ten, as printed: 4.85 × 10⁸, 2.4 × 10⁻⁸. */
export function scientific(x, digits = 3) {
  if (!Number.isFinite(x)) return sig(x);
  const [mantissa, exponent] = x.toExponential(digits - 1).split('e');
  return `${mantissa.replace('-', MINUS)} × 10${exponent.replace('+', '').replace(/./g, (c) => SUPERSCRIPT[c])}`;
}
