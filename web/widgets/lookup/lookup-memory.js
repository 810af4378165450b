// lookup-memory.js — the memory <attn-lookup> looks things up in, without a DOM: its limits,
// its presets, and the text form of points in its attributes ("x,y x,y …" for keys and
// values, "x,y" for the query). tests/wasm/reference-lookup.test.mjs reads the presets from here.

import { quote, readNumber } from '../../ui/attribute-types.js';

/** Entries a learner's memory may hold, and how far from 0 a coordinate may go (the plane). */
export const MIN_ENTRIES = 4;
export const MAX_ENTRIES = 12;
export const COORDINATE_LIMIT = 10;

/** The sharpness control: 0, then a log scale from 10⁻² to 10⁶ in steps of a tenth of a decade. */
export const MAX_SHARPNESS = 1e6;
export const SLIDER_STEPS = 82; // 0, then 10⁻² … 10⁶ in tenths of a decade: the far right is MAX_SHARPNESS
export const sharpnessAt = (position) => (position <= 0 ? 0 : Number((10 ** (-2 + (position - 1) / 10)).toPrecision(3)));
export function sliderPosition(sharpness) {
  if (sharpness <= 0) return 0;
  return Math.min(SLIDER_STEPS - 1, Math.max(1, Math.round(10 * (Math.log10(sharpness) + 2)) + 1));
}

const circle = (radius, count, turn = 0) => Array.from({ length: count }, (_, j) => {
  const angle = turn + (2 * Math.PI * j) / count;
  return [Number((radius * Math.cos(angle)).toFixed(2)), Number((radius * Math.sin(angle)).toFixed(2))];
});

/** The presets: a memory (keys and values, entry by entry), a query and a sharpness. */
export const PRESETS = Object.freeze({
  spread: {
    label: 'Evenly spread',
    keys: circle(2, 6),
    values: [[-3, 2], [1, 3], [3, 1], [2, -2.5], [-1, -3], [-3, -1]],
    query: [1.5, 0.5],
    sharpness: 1,
  },
  duplicates: {
    label: 'Two near-duplicates',
    keys: [[2, 1], [2.1, 0.9], [-2, 1], [0, -2], [-1, -1]],
    values: [[-3, 3], [3, 3], [0, -3], [-3, -2], [3, -2]],
    query: [2, 1],
    sharpness: 1,
  },
  outlier: {
    label: 'One outlier value',
    keys: [[2, 0], [0, 2], [-2, 0], [0, -2], [1.4, 1.4]],
    values: [[1, 0.5], [0.5, 1], [-1, 0.5], [-0.5, -1], [8, -7]],
    query: [1, 1],
    sharpness: 1,
  },
  gap: {
    label: 'A score gap of 20',
    keys: [[5, 0], [0, 0], [-2, 1], [-1, -3]],
    values: [[1, 2], [-1, 1], [0, -2], [2, -1]],
    query: [4, 0],
    sharpness: 1,
  },
});
export const DEFAULT_PRESET = PRESETS.spread;

/** A coordinate typed by a person, or NaN. */
const coordinate = (text) => (String(text).trim() === '' ? NaN : readNumber(text));
const inRange = (x) => Number.isFinite(x) && Math.abs(x) <= COORDINATE_LIMIT;

/** "x,y" → [x, y], or null when it is not one point on the plane. */
function readPoint(text) {
  const parts = String(text).split(',');
  if (parts.length !== 2) return null;
  const point = parts.map(coordinate);
  return point.every(inRange) ? point : null;
}

/** A point as its text, every coordinate kept: [1, 2] is "1,2"; [] or [1, 2, 3] stays wrong, for
 *  the parser to refuse. What is not a list throws (the property's text is then the value's own). */
export const formatPoint = (point) => [...point].map(String).join(',');
/** Points as an attribute holds them: "2,0 1,1.73 …". */
export const formatPoints = (points) => [...points].map(formatPoint).join(' ');

/** The parser of the `keys` or `values` attribute (`what`): 4 to 12 points on the plane. */
export function pointsParser(what) {
  return (text) => {
    const words = String(text).trim().split(/[\s;]+/).filter(Boolean);
    if (words.length === 0) {
      return { error: `The memory is empty: ${what} must list ${MIN_ENTRIES} to ${MAX_ENTRIES} points “x,y” separated by spaces, and a memory with no entries has nothing to look up.` };
    }
    const bad = words.find((word) => readPoint(word) === null);
    if (bad !== undefined) {
      return { error: `${what} must be points “x,y” with finite coordinates from −${COORDINATE_LIMIT} to ${COORDINATE_LIMIT}, separated by spaces; ${quote(bad)} is not one.` };
    }
    if (words.length < MIN_ENTRIES || words.length > MAX_ENTRIES) {
      const many = words.length > MAX_ENTRIES ? 'too many entries' : 'too few entries';
      return { error: `${what} must hold ${MIN_ENTRIES} to ${MAX_ENTRIES} entries, but it holds ${words.length}: ${many}.` };
    }
    return { value: words.map(readPoint) };
  };
}

/** The parser of the `query` attribute: one point "x,y" on the plane. */
export function parseQuery(text) {
  const point = readPoint(text);
  if (point) return { value: point };
  return { error: `query must be one point “x,y” with finite coordinates from −${COORDINATE_LIMIT} to ${COORDINATE_LIMIT}, but it is ${quote(text)}.` };
}

/** Points as the core takes them: (count, 2), row by row. */
export const flatten = (points) => Float32Array.from(points.flat());
