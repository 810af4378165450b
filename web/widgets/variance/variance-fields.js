// variance-fields.js — the settings of <attn-variance>, as data: each one's declared attribute
// (range, default, the sentence a learner sees when what they typed is not allowed), and its
// field's label and step. No DOM here.

import { integer, decimal, quote } from '../../ui/attribute-types.js';

const group = (n) => n.toLocaleString('en-US');

/** “5000” is not allowed: d_k must be … — the rule, after what was typed. */
const refusal = (rule) => (text) => {
  const shown = String(text ?? '').trim() === '' ? 'Nothing was entered' : `${quote(text)} is not allowed`;
  return `${shown}: ${rule.charAt(0).toLowerCase()}${rule.slice(1)}`;
};

/** name → { label, step, kind } (kind: its declaration in ui/attribute-types.js). */
export const FIELDS = {
  dk: { label: 'Head width d_k', step: 1, kind: integer({ min: 1, max: 512, fallback: 128,
    message: refusal('d_k must be a whole number from 1 to 512 (the width of one query or key).') }) },
  draws: { label: 'Draws', step: 1000, kind: integer({ min: 1, max: 10_000_000, fallback: 20_000,
    message: refusal(`The number of draws must be a whole number from 1 to ${group(10_000_000)}.`) }) },
  seed: { label: 'Seed', step: 1, kind: integer({ min: 0, max: 2 ** 32 - 1, fallback: 1,
    message: refusal(`The seed must be a whole number from 0 to ${group(2 ** 32 - 1)}.`) }) },
  keys: { label: 'Keys per trial', step: 1, kind: integer({ min: 2, max: 4096, fallback: 64,
    message: refusal('A softmax needs at least 2 keys to choose between: use a whole number from 2 to 4,096.') }) },
  trials: { label: 'Trials', step: 100, kind: integer({ min: 1, max: 100_000, fallback: 500,
    message: refusal(`The number of trials must be a whole number from 1 to ${group(100_000)}.`) }) },
  threshold: { label: 'Saturation threshold', step: 0.01, kind: decimal({ min: 0, max: 1, exclusive: true, fallback: 0.99,
    message: refusal('The threshold is a weight: a number strictly between 0 and 1, such as 0.99.') }) },
};

/** The chapter's head widths, one click away. */
export const PRESET_WIDTHS = [32, 64, 128, 256];
