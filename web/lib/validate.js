// validate.js — argument checks for the JS face. Each check either returns a clean value or
// throws an AttnError whose message names the argument and says what was expected.

import { AttnError, Status } from './errors.js';

const MAX_SIZE = 2 ** 31 - 1;

/** A whole number in [min, max], or an AttnError naming `name`. */
export function size(name, value, { min = 1, max = MAX_SIZE } = {}) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new AttnError(Status.TYPE, `${name} must be a whole number, but it is ${describe(value)}.`);
  }
  if (value < min || value > max) {
    const range = max === MAX_SIZE && value < min ? `at least ${min}` : `between ${min} and ${max}`;
    throw new AttnError(Status.SIZE, `${name} must be ${range}, but it is ${describe(value)}.`);
  }
  return value;
}

/**
 * `value` (already a valid size) must be a multiple of `divisor`, or an AttnError (SHAPE) that
 * says why, e.g. "dModel (510) must be divisible by heads (8): … 510 / 8 = 63.75 is not a whole number."
 */
export function divisible(name, value, divisorName, divisor, reason) {
  if (value % divisor === 0) return value;
  const quotient = Number((value / divisor).toFixed(4));
  throw new AttnError(Status.SHAPE, `${name} (${value}) must be divisible by ${divisorName} (${divisor}): ${reason}, and ${value} / ${divisor} = ${quotient} is not a whole number.`);
}

/**
 * The options object of `fnName` (missing: an empty one), or an AttnError (TYPE) when it is
 * anything but a plain object: null, a number, text, an array.
 */
export function options(fnName, value) {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value) || ArrayBuffer.isView(value)) {
    throw new AttnError(Status.TYPE, `${fnName} takes an object of named options, such as { n: 4 }, but its options are ${describe(value)}.`);
  }
  return value;
}

/** An optional callback: undefined, or a function. */
export function callback(name, value) {
  if (value !== undefined && typeof value !== 'function') {
    throw new AttnError(Status.TYPE, `${name} must be a function, but it is ${describe(value)}.`);
  }
  return value;
}

/**
 * Whole-number ids in [0, vocab), exactly `length` of them when `length` is given, as an
 * Int32Array (copied when given another array), or an AttnError naming `name`.
 */
export function ids(name, value, vocab, length) {
  const isArrayLike = Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
  if (!isArrayLike) {
    throw new AttnError(Status.TYPE, `${name} must be an Int32Array (or an array of whole numbers), but it is ${describe(value)}.`);
  }
  if (length !== undefined && value.length !== length) {
    throw new AttnError(Status.LENGTH, `${name} must hold ${length} ids, but it holds ${value.length}.`);
  }
  for (let i = 0; i < value.length; i++) {
    const id = value[i];
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= vocab) {
      throw new AttnError(Status.VALUE, `${name} must hold ids from 0 to ${vocab - 1}, but entry ${i} is ${describe(id)}.`);
    }
  }
  return value instanceof Int32Array ? value : Int32Array.from(value);
}

/** A boolean flag; undefined takes `fallback`. */
export function flag(name, value, fallback) {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    throw new AttnError(Status.TYPE, `${name} must be true or false, but it is ${describe(value)}.`);
  }
  return value;
}

/**
 * A float tensor of exactly `length` entries, as a Float32Array (copied when given another
 * numeric array). Entries must pass `allowed` (finite numbers by default).
 */
export function tensor(name, value, length, { allowed = Number.isFinite, expected = 'finite numbers', shape = '' } = {}) {
  const isArrayLike = Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
  if (!isArrayLike) {
    throw new AttnError(Status.TYPE, `${name} must be a Float32Array (or an array of numbers), but it is ${describe(value)}.`);
  }
  if (value.length !== length) {
    const what = shape && shape !== String(length) ? `${shape} = ${length}` : `${length}`;
    throw new AttnError(Status.LENGTH, `${name} must hold ${what} numbers, but it holds ${value.length}.`);
  }
  const out = value instanceof Float32Array ? value : Float32Array.from(value, Number);
  for (let i = 0; i < out.length; i++) {
    if (typeof value[i] !== 'number' || !allowed(out[i])) {
      throw new AttnError(Status.VALUE, `${name} must hold ${expected}, but entry ${i} is ${describe(value[i])}.`);
    }
  }
  return out;
}

/** A short, safe description of any value for an error message. */
export function describe(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'missing';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    return Number.isInteger(value) && Math.abs(value) >= 2 ** 31 ? `${value} (about 2^${Math.round(Math.log2(Math.abs(value)))})` : String(value);
  }
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'string') return `the text "${value.length > 20 ? value.slice(0, 20) + '…' : value}"`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value instanceof DataView) return `a DataView of ${value.byteLength} bytes`;
  if (ArrayBuffer.isView(value)) return `a ${value.constructor.name} of ${value.length}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A seed: a whole number from 0 to 2³² − 1 (the core's generator takes 32 bits). */
export function seed(name, value) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new AttnError(Status.TYPE, `${name} must be a whole number, but it is ${describe(value)}.`);
  }
  if (value < 0 || value > 2 ** 32 - 1) {
    throw new AttnError(Status.ARGUMENT, `${name} must be between 0 and 4294967295, but it is ${value}.`);
  }
  return value >>> 0;
}

/** A finite number, or an AttnError naming `name`. */
function finiteNumber(name, value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new AttnError(Status.TYPE, `${name} must be a number, but it is ${describe(value)}.`);
  }
  return value;
}

/** A number strictly between `low` and `high` (a probability threshold, say). */
export function between(name, value, low, high) {
  finiteNumber(name, value);
  if (!(value > low && value < high)) {
    throw new AttnError(Status.ARGUMENT, `${name} must be strictly between ${low} and ${high}, but it is ${value}.`);
  }
  return value;
}

/** A finite number above 0 (a distance between two scores, say). */
export function positive(name, value) {
  if (!(finiteNumber(name, value) > 0)) {
    throw new AttnError(Status.ARGUMENT, `${name} must be above 0, but it is ${value}.`);
  }
  return value;
}
