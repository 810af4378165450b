// api/mask-option.js — the one reader of the `mask` option that attention, multiHead,
// flashAttention and selfAttention take: 'none', 'causal', an (n, m) array of 0 / -Infinity, or
// { window: w }, each function accepting its own forms, turned into the core's mask kind.

import { AttnError, Status } from '../errors.js';
import { MaskKind } from '../abi.js';
import * as check from '../validate.js';

/** A mask entry: 0 (allowed), -Infinity (blocked), or another finite number (added to the score). */
export const isMaskEntry = (x) => x === -Infinity || Number.isFinite(x);
export const MASK_ENTRIES = '0 (allowed), -Infinity (blocked) or another finite number';

/** How each form reads in a message. */
const FORMS = {
  none: "'none'",
  causal: "'causal'",
  custom: 'an n·m array of 0 and -Infinity',
  window: '{ window: a whole number of keys }',
};

/**
 * Reads `mask` for a function that accepts, besides 'none' (also undefined and null), the
 * forms in `accepts`: 'causal'; 'custom', an (n, m) array of mask entries; 'window',
 * { window: w }, causal attention narrowed to the w most recent keys.
 * @returns {{ kind: number, custom: Float32Array | null, window: number }} kind is a MaskKind;
 *   custom holds the (n, m) entries for MaskKind.custom; window is 0 when there is none.
 */
export function readMaskOption(mask, { accepts, n = 0, m = 0 }) {
  if (mask === undefined || mask === null || mask === 'none') return { kind: MaskKind.none, custom: null, window: 0 };
  if (mask === 'causal' && accepts.includes('causal')) return { kind: MaskKind.causal, custom: null, window: 0 };
  const isObject = typeof mask === 'object' && !ArrayBuffer.isView(mask) && !Array.isArray(mask);
  if (accepts.includes('window') && isObject && 'window' in mask) {
    return { kind: MaskKind.causal, custom: null, window: check.size('mask.window', mask.window) };
  }
  if (accepts.includes('custom') && typeof mask !== 'string') {
    const custom = check.tensor('mask', mask, n * m, { shape: 'n·m', allowed: isMaskEntry, expected: MASK_ENTRIES });
    return { kind: MaskKind.custom, custom, window: 0 };
  }
  const forms = ['none', ...accepts].map((form) => FORMS[form]);
  const listed = `${forms.slice(0, -1).join(', ')} or ${forms.at(-1)}`;
  throw new AttnError(Status.MASK_KIND, `mask must be ${listed}, but it is ${check.describe(mask)}.`);
}
