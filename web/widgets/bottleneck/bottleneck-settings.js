// bottleneck-settings.js — what <attn-bottleneck> measures, without a DOM: the lengths from
// 5 up to the longest, the letters that name the 26 tokens, and the widths one click away.
// tests/wasm/reference-lookup.test.mjs reads the widget's defaults from here.

/** The vocabulary: 26 tokens, shown as the letters A to Z. */
export const VOCAB = 26;
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const letter = (token) => LETTERS[token] ?? '?';

/** The widths a learner can pick with one click, and the range a width may take. */
export const PRESET_WIDTHS = [16, 32, 64, 128, 256, 512];
export const WIDTH = { min: 16, max: 512, fallback: 64 };
/** The longest source measured; the lengths run 5, 10, … up to it (and it, when not a multiple of 5). */
export const LONGEST = { min: 10, max: 80, fallback: 40 };
export const TRIALS = { min: 1, max: 200, fallback: 32 };
export const EXAMPLE = { min: 2, max: 80, fallback: 12 };

/** 5, 10, …, longest. */
export function lengthsUpTo(longest) {
  const lengths = [];
  for (let length = 5; length <= longest; length += 5) lengths.push(length);
  if (lengths.at(-1) !== longest) lengths.push(longest);
  return lengths;
}

/** The position output step i reads: i when copying, the mirror when reversing. */
export const wantedPosition = (task, step, length) => (task === 'reverse' ? length - 1 - step : step);
