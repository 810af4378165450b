// model/head-roles.js — names for what a head does, given its measured scores (head-stats.js):
// a role only where its score clears the threshold stated here, else "no clear role"; heads whose
// maps are nearly identical (not specialised apart); and the flat-row diagnosis. No numbers are
// computed here: every score comes from the core; this file only compares them with thresholds.

/** A role is named when its mean score reaches this (a majority of the weight, or of the rows). */
export const ROLE_THRESHOLDS = Object.freeze({
  previous: 0.5, self: 0.5, offset: 0.5, sink: 0.5, stripe: 0.5, induction: 0.4, flat: 0.5,
});
/** Two heads whose maps have at least this cosine similarity have not specialised apart. */
export const ALIKE = 0.9;

/** What each role means, in a few words (the offset's name carries its distance). */
const ROLE_NAMES = {
  previous: 'previous token',
  self: 'itself',
  offset: (at) => `${at} tokens back`,
  sink: 'first position (sink)',
  stripe: 'stripes (shared keys)',
  induction: 'induction',
  flat: 'flat (near-uniform rows)',
};

/** The scores a role reads, in the order that breaks ties (the more specific first). */
const ROLES = ['previous', 'self', 'offset', 'sink', 'induction', 'stripe', 'flat'];

const nameOf = (role, record) => (role === 'offset' ? ROLE_NAMES.offset(record.offset.at) : ROLE_NAMES[role]);

/**
 * A head's role from its record ({ previous, self, offset, sink, stripe, induction, flat }, each
 * with a mean): { role (a key of ROLE_THRESHOLDS, or null), name, score, strongest: { role, name,
 * score } }, where strongest is the highest of its scores, whether or not it clears its threshold.
 */
export function headRole(record) {
  let best = null, strongest = null;
  for (const role of ROLES) {
    const score = record[role]?.mean;
    if (!Number.isFinite(score)) continue;
    const candidate = { role, name: nameOf(role, record), score };
    if (!strongest || score > strongest.score) strongest = candidate;
    if (score >= ROLE_THRESHOLDS[role] && (!best || score > best.score)) best = candidate;
  }
  return best ? { ...best, strongest: strongest ?? best } : { role: null, name: 'no clear role', score: null, strongest };
}

/** A head's short name, counted from 1: "L2 H3". */
export function headName(layer, head) {
  return `L${layer + 1} H${head + 1}`;
}

/** Pairs of heads at least ALIKE similar: [{ a, b, similarity }] (indices l·H + h), most alike first. */
export function alikePairs(similarity, count) {
  const pairs = [];
  for (let a = 0; a < count; a++) {
    for (let b = a + 1; b < count; b++) {
      const s = similarity[a * count + b];
      if (s >= ALIKE) pairs.push({ a, b, similarity: s });
    }
  }
  return pairs.sort((x, y) => y.similarity - x.similarity);
}

/**
 * The flat-row diagnosis: 'all' when every head's rows are mostly near-uniform (flat share at
 * least its threshold), 'some' when some are, 'none' otherwise; with the heads concerned.
 */
export function flatDiagnosis(records) {
  const flat = records.filter((r) => r.flat.mean >= ROLE_THRESHOLDS.flat);
  return { kind: flat.length === 0 ? 'none' : flat.length === records.length ? 'all' : 'some', heads: flat };
}
