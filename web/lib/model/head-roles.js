// model/head-roles.js — names for what a head does, given its measured scores and their chance
// levels (head-stats.js): a role only where its score clears both the threshold and the multiple
// of its chance level stated here, else "no clear role"; heads whose maps are nearly identical
// (not specialised apart); and the flat-row diagnosis. No numbers are computed here: every score
// and every chance level comes from the core; this file only compares them with the rule.
//
// Chance: the same score of a head that spreads its weight uniformly over the allowed keys of the
// same windows (attn_head_chance). At T = 64 a uniform head puts about 0.06 on the previous token,
// on itself and on the first position, 0.22 on the four most-attended keys (stripes) and 0.02 on
// the induction target: a raw score means little until it is set beside that.

/**
 * The rule: a role is named when its mean score reaches `threshold` (a majority of the weight, or
 * 0.4 for induction, whose weight is shared with the rest of the repeated text) AND `multiple`
 * times its chance level. The multiple matters on short windows, where spreading evenly already
 * gives a lot (T = 8: 0.25 on the previous token, so 3 × chance asks for 0.74). Stripes take 2 ×,
 * not 3 ×: their chance is already about 0.2 (a uniform head's column sums favour the first keys)
 * and no score passes 1.
 */
export const ROLE_RULE = Object.freeze({
  previous: Object.freeze({ threshold: 0.5, multiple: 3 }),
  self: Object.freeze({ threshold: 0.5, multiple: 3 }),
  offset: Object.freeze({ threshold: 0.5, multiple: 3 }),
  sink: Object.freeze({ threshold: 0.5, multiple: 3 }),
  stripe: Object.freeze({ threshold: 0.5, multiple: 2 }),
  induction: Object.freeze({ threshold: 0.4, multiple: 3 }),
});

/**
 * Flat rows are a diagnosis, not a role, and their comparison with chance runs the other way: a
 * uniform head is the flattest there is (flat share 1, entropy its ln k), so chance is the top of
 * these scores, not the floor. A head is diagnosed flat when its flat share reaches `ofChance` of a
 * uniform head's (0.5 of 1: at least half its rows within ATTN_HEAD_FLAT_NATS of uniform). Its
 * entropy is shown beside its chance level (ln k) and names nothing: a head far below ln k picks
 * some keys out, and which ones the other scores say.
 */
export const FLAT_RULE = Object.freeze({ ofChance: 0.5 });

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
};

/** The scores a role reads, in the order that breaks ties (the more specific first). */
const ROLES = ['previous', 'self', 'offset', 'sink', 'induction', 'stripe'];

const nameOf = (role, record) => (role === 'offset' ? ROLE_NAMES.offset(record.offset.at) : ROLE_NAMES[role]);

/** Whether `score` clears role `role`'s rule against its `chance` level (a chance that is not a number clears nothing). */
export function clearsRule(role, score, chance) {
  const rule = ROLE_RULE[role];
  return Number.isFinite(score) && Number.isFinite(chance) && score >= rule.threshold && score >= rule.multiple * chance;
}

/**
 * A head's role from its record ({ previous, self, offset, sink, stripe, induction }, each with a
 * mean and a chance): { role (a key of ROLE_RULE, or null), name, score, chance, strongest: { role,
 * name, score, chance } }, where strongest is the highest of its scores, whether or not it clears
 * the rule. Among roles that clear it, the highest score is named.
 */
export function headRole(record) {
  let best = null, strongest = null;
  for (const role of ROLES) {
    const score = record[role]?.mean, chance = record[role]?.chance;
    if (!Number.isFinite(score)) continue;
    const candidate = { role, name: nameOf(role, record), score, chance };
    if (!strongest || score > strongest.score) strongest = candidate;
    if (clearsRule(role, score, chance) && (!best || score > best.score)) best = candidate;
  }
  return best ? { ...best, strongest: strongest ?? best } : { role: null, name: 'no clear role', score: null, chance: null, strongest };
}

/** The rule in words, as the page states it where roles are shown. */
export function ruleInWords(flatNats) {
  const { previous, stripe, induction } = ROLE_RULE;
  return 'Each score is shown beside its chance level: the same score of a head that spreads its weight evenly over '
    + 'the characters it may see, on the same windows, computed by the core. A head is given a role only when its mean '
    + `score reaches both the role's threshold and a multiple of that chance level: at least ${previous.threshold} of the weight and `
    + `${previous.multiple} × chance on the previous token, on itself, on a fixed offset or on the first position; `
    + `${stripe.threshold} and ${stripe.multiple} × chance on the most-attended keys (stripes); ${induction.threshold} and `
    + `${induction.multiple} × chance for induction. Otherwise it has no clear role, and its strongest score is shown. `
    + `Flat rows run the other way, since an even spread is the flattest there is: a head is called flat when its flat share `
    + `(rows within ${flatNats} nats of uniform) reaches ${FLAT_RULE.ofChance} × its chance level, an even head's share.`;
}

/** A score and its chance level, as the page shows them: "0.41 (chance 0.06)". */
export function withChance(score, chance, digits = 2) {
  const shown = (x) => (Number.isFinite(x) ? x.toFixed(digits) : '—');
  return `${shown(score)} (chance ${shown(chance)})`;
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

/** Whether a head's rows are flat: its flat share reaches FLAT_RULE.ofChance of its chance level. */
export function isFlat(record) {
  return record.flat.mean >= FLAT_RULE.ofChance * record.flat.chance;
}

/**
 * The flat-row diagnosis: 'all' when every head's rows are mostly near-uniform (isFlat), 'some'
 * when some are, 'none' otherwise; with the heads concerned.
 */
export function flatDiagnosis(records) {
  const flat = records.filter(isFlat);
  return { kind: flat.length === 0 ? 'none' : flat.length === records.length ? 'all' : 'some', heads: flat };
}
