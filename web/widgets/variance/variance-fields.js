// variance-fields.js — the settings of <attn-variance>, as data: each one's label, range,
// default and the sentence a learner sees when what they typed is not allowed. No DOM here.

const group = (n) => n.toLocaleString('en-US');

/** name → spec. `whole` fields take whole numbers in [min, max]; `open` ones a number in (min, max). */
export const FIELDS = {
  dk: { label: 'Head width d_k', whole: true, min: 1, max: 512, fallback: 128, step: 1,
    rule: 'd_k must be a whole number from 1 to 512 (the width of one query or key).' },
  draws: { label: 'Draws', whole: true, min: 1, max: 10_000_000, fallback: 20_000, step: 1000,
    rule: `The number of draws must be a whole number from 1 to ${group(10_000_000)}.` },
  seed: { label: 'Seed', whole: true, min: 0, max: 2 ** 32 - 1, fallback: 1, step: 1,
    rule: `The seed must be a whole number from 0 to ${group(2 ** 32 - 1)}.` },
  keys: { label: 'Keys per trial', whole: true, min: 2, max: 4096, fallback: 64, step: 1,
    rule: 'A softmax needs at least 2 keys to choose between: use a whole number from 2 to 4,096.' },
  trials: { label: 'Trials', whole: true, min: 1, max: 100_000, fallback: 500, step: 100,
    rule: `The number of trials must be a whole number from 1 to ${group(100_000)}.` },
  threshold: { label: 'Saturation threshold', whole: false, min: 0, max: 1, fallback: 0.99, step: 0.01,
    rule: 'The threshold is a weight: a number strictly between 0 and 1, such as 0.99.' },
};

/** The chapter's head widths, one click away. */
export const PRESET_WIDTHS = [32, 64, 128, 256];

/**
 * Reads what a learner typed into field `name`: { value } when allowed, else { error } with a
 * sentence that quotes the input and says what is allowed.
 */
export function parseField(name, text) {
  const spec = FIELDS[name];
  const cleaned = String(text ?? '').trim().replace(/\u2212/g, '-').replace(/[,_\s](?=\d{3})/g, '');
  const value = cleaned === '' ? NaN : Number(cleaned);
  const shown = String(text ?? '').trim() === '' ? 'Nothing was entered' : `“${String(text).trim()}” is not allowed`;
  const ok = Number.isFinite(value)
    && (spec.whole ? Number.isInteger(value) && value >= spec.min && value <= spec.max : value > spec.min && value < spec.max)
    && (spec.whole || Math.fround(value) < spec.max); // the core compares in float32
  return ok ? { value } : { error: `${shown}: ${spec.rule.charAt(0).toLowerCase()}${spec.rule.slice(1)}` };
}
