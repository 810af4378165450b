// template.js — the learner's starting code (the built-in attention, as text for the editor) and
// the four classic bugs, each a small edit of that text. No dependencies: the page and the
// learner's worker both read it.

export const TEMPLATE = `// Your attention: the training lab calls this for every layer.
// ops are your only tools; each one has its backward in C, so any
// composition of them trains.  q, k, v: tensors (B, T, C); heads: H.
// Return { out: (B, T, C), weights: (B, H, T, T) } (or just out).
function attention(ops, q, k, v, { heads }) {
  const qh = ops.splitHeads(q, heads);                    // (B, H, T, D)
  const kh = ops.splitHeads(k, heads);
  const vh = ops.splitHeads(v, heads);
  const d = qh.shape[3];                                  // d_head
  const scores = ops.bmm(qh, kh, { transposeB: true });   // Q·Kᵀ: (B, H, T, T)
  const scaled = ops.scale(scores, 1 / Math.sqrt(d));     // divide by √d_head
  const masked = ops.causalMask(scaled);                  // key j > query i → −∞
  const weights = ops.softmax(masked, -1);                // each row sums to 1
  const out = ops.bmm(weights, vh);                       // weights · V: (B, H, T, D)
  return { out: ops.mergeHeads(out), weights };
}
`;

/** The ops a learner may call, with their signatures (shown beside the editor). */
export const OPS_HELP = [
  ['splitHeads(x, heads)', '(B, T, C) → (B, H, T, C/H)'],
  ['mergeHeads(x)', '(B, H, T, D) → (B, T, H·D)'],
  ['bmm(a, b, { transposeA, transposeB })', 'batched a·b over the last two axes'],
  ['matmul(a, w, { transposeB })', '(…, K)·(K, N)'],
  ['scale(x, s)', 'every entry times the number s'],
  ['add(a, b)', 'entrywise sum of two tensors of one shape'],
  ['causalMask(x, fill = -Infinity)', 'entries with key j > query i set to fill'],
  ['softmax(x, axis = -1)', 'exponentiate and normalise along axis'],
  ['gelu(x)', 'the GELU non-linearity'],
  ['x.shape', 'the sizes, e.g. [B, H, T, D]'],
];

/**
 * The four bugs everyone writes, and the one that leaks the future. `find` is a pattern in the
 * template's text; `replace` the buggy text (a string or a replacer function, as String.replace
 * takes; comments stay aligned). The check names each one from what it measures (see check.js,
 * diagnose()); `leaks` marks the bug that lets a position read the character it must predict,
 * so training with it drives the loss far below the corpus floor.
 */
export const BUGS = [
  {
    id: 'mask-after-softmax',
    label: 'Mask after softmax',
    find: /const masked = ops\.causalMask\(scaled\);[^\n]*\n(\s*)const weights = ops\.softmax\(masked, -1\);[^\n]*/,
    replace: (match, indent) => `${'const masked = ops.softmax(scaled, -1);'.padEnd(56)}// softmax first…\n${indent}${'const weights = ops.causalMask(masked, 0);'.padEnd(56)}// …then zero the future`,
  },
  {
    id: 'missing-transpose',
    label: 'Forget the transpose',
    find: /ops\.bmm\(qh, kh, \{ transposeB: true \}\);   /,
    replace: 'ops.bmm(qh, kh);'.padEnd(41),
  },
  {
    id: 'scale-dropped',
    label: 'Drop the scale',
    find: /const scaled = ops\.scale\(scores, 1 \/ Math\.sqrt\(d\)\);/,
    replace: 'const scaled = scores;'.padEnd(51),
  },
  {
    id: 'wrong-axis',
    label: 'Softmax over the wrong axis',
    find: /ops\.softmax\(masked, -1\);/,
    replace: 'ops.softmax(masked, -2);',
  },
  {
    id: 'no-mask',
    label: 'Forget the causal mask',
    leaks: true,
    find: /const masked = ops\.causalMask\(scaled\);[^\n]*/,
    replace: `${'const masked = scaled;'.padEnd(56)}// no mask: every key is allowed`,
  },
];

/** The 1-based line of character `index` of `text`. */
const lineAt = (text, index) => text.slice(0, index).split('\n').length;

/**
 * `source` with bug `id` inserted (when its line is not there, the template with the bug), and
 * the lines the bug changed in the result: { source, fromTemplate, lines: { from, to } } (1-based).
 */
export function insertBug(source, id) {
  const bug = BUGS.find((b) => b.id === id);
  if (!bug) throw new Error(`There is no bug called ${id}.`);
  const fromTemplate = !bug.find.test(source);
  const base = fromTemplate ? TEMPLATE : source;
  const match = base.match(bug.find);
  const inserted = match[0].replace(bug.find, bug.replace);
  const result = base.slice(0, match.index) + inserted + base.slice(match.index + match[0].length);
  return { source: result, fromTemplate, lines: { from: lineAt(result, match.index), to: lineAt(result, match.index + inserted.length) } };
}
