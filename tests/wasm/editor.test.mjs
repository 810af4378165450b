// editor.test.mjs — the "Write your own attention" checks in node, on the compiled core: each
// classic bug is caught and named, correct variants written differently pass, a syntax error
// and a runtime error carry their line, a leak is flagged by the causality check, and training
// with the learner's (correct) function lowers the loss.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn } from './helpers.mjs';
import { TEMPLATE, BUGS, insertBug } from '../../web/lib/learner/template.js';
import { compileLearner, LearnerError } from '../../web/lib/learner/sandbox.js';
import { checkAgainstReference, causalityCheck, TOLERANCE } from '../../web/lib/learner/check.js';

const attn = await loadWasmAttn();

test('the template (the built-in, as text) passes the check with no disagreement', () => {
  const report = checkAgainstReference(attn, compileLearner(TEMPLATE));
  assert.equal(report.pass, true, JSON.stringify(report.cases));
  assert.ok(report.worst.diff <= 1e-6, `worst ${report.worst.diff}`);
  assert.equal(report.diagnosis, null);
  assert.equal(report.tolerance, TOLERANCE);
  assert.equal(report.cases.length, 4);
});

const EXPECTED = {
  'mask-after-softmax': /Rows no longer sum to 1/,
  'missing-transpose': /shape error.*silently wrong/s,
  'scale-dropped': /too large by a factor √d_head/,
  'wrong-axis': /Columns sum to 1 instead of rows/,
};

for (const bug of BUGS) {
  test(`the bug "${bug.label}" is caught and named`, () => {
    const { source, fromTemplate } = insertBug(TEMPLATE, bug.id);
    assert.equal(fromTemplate, false);
    const report = checkAgainstReference(attn, compileLearner(source));
    assert.equal(report.pass, false);
    assert.equal(report.diagnosis?.bug, bug.id, JSON.stringify(report.diagnosis));
    assert.match(report.diagnosis.text, EXPECTED[bug.id]);
    assert.ok(report.worst.diff > TOLERANCE);
  });
}

test('the missing transpose: a shape error (with its line) when T ≠ d_head, silent when T = d_head', () => {
  const report = checkAgainstReference(attn, compileLearner(insertBug(TEMPLATE, 'missing-transpose').source));
  const unequal = report.cases.filter((c) => c.error);
  const equal = report.cases.filter((c) => !c.error);
  assert.ok(unequal.length >= 2 && equal.length >= 2);
  for (const c of unequal) {
    assert.equal(c.error.line, 10);
    assert.match(c.error.message, /inner sizes differ/);
  }
  for (const c of equal) assert.ok(Number.isFinite(c.diff) && c.diff > TOLERANCE);
});

const SCALE_FIRST = `function attention(ops, q, k, v, { heads }) {
  const qh = ops.splitHeads(q, heads), kh = ops.splitHeads(k, heads), vh = ops.splitHeads(v, heads);
  const d = qh.shape[qh.shape.length - 1];
  const qs = ops.scale(qh, 1 / Math.sqrt(d));            // scale Q before the product
  const weights = ops.softmax(ops.causalMask(ops.bmm(qs, kh, { transposeB: true })), 3);
  return ops.mergeHeads(ops.bmm(weights, vh));            // only the output
}`;

const LOOPED = `const attention = (ops, q, k, v, options) => {
  const split = [q, k, v].map((x) => ops.splitHeads(x, options.heads));
  let scores = ops.bmm(split[0], split[1], { transposeB: true });
  const d = split[0].shape[3];
  for (let i = 0; i < 4; i++) scores = ops.scale(scores, Math.pow(d, -1 / 8));  // 4 × d^(-1/8) = d^(-1/2)
  scores = ops.causalMask(scores, -1e9);                   // a large negative number, not −∞
  const weights = ops.softmax(scores);
  return { out: ops.mergeHeads(ops.bmm(weights, split[2])), weights };
};`;

test('correct functions written differently pass (another order, an explicit loop)', () => {
  for (const source of [SCALE_FIRST, LOOPED]) {
    const report = checkAgainstReference(attn, compileLearner(source));
    assert.equal(report.pass, true, JSON.stringify(report.cases));
    assert.equal(report.diagnosis, null);
  }
});

test('a syntax error is reported with its line', () => {
  const source = TEMPLATE.replace('const d = qh.shape[3];', 'const d = qh.shape[3;');
  assert.throws(() => compileLearner(source), (error) => error instanceof LearnerError && error.line === 9 && /syntax error/.test(error.message));
  assert.throws(() => compileLearner('const x = 1;'), /Define a function called attention/);
  assert.throws(() => compileLearner('function attention() { return import("./x.js"); }'), /import\(\) is not available/);
});

test('a runtime error is reported with its line, and the check survives it', () => {
  const source = TEMPLATE.replace('const vh = ops.splitHeads(v, heads);', 'const vh = ops.splitHeads(v, heads);\n  const oops = undefinedThing + 1;');
  const report = checkAgainstReference(attn, compileLearner(source));
  assert.equal(report.pass, false);
  assert.equal(report.cases[0].error.line, 9);
  assert.match(report.cases[0].error.message, /undefinedThing/);
});

test('the causality check passes the built-in and flags a leak', () => {
  assert.equal(causalityCheck(attn, compileLearner(TEMPLATE)).leak, false);
  const leaking = TEMPLATE.replace('const masked = ops.causalMask(scaled);', 'const masked = scaled;');
  const result = causalityCheck(attn, compileLearner(leaking));
  assert.equal(result.leak, true);
  assert.match(result.message, /^Leak: the output at position \d+ changed/);
  assert.equal(checkAgainstReference(attn, compileLearner(leaking)).diagnosis.bug, 'no-mask');
  // Masking after the softmax leaks too: the past's weights share a denominator with future keys.
  assert.equal(causalityCheck(attn, compileLearner(insertBug(TEMPLATE, 'mask-after-softmax').source)).leak, true);
});

test('training with the learner’s function lowers the loss (gradients from the autograd)', () => {
  const model = attn.createModel({ preset: 'small', batch: 4, context: 32, dModel: 32, lr: 3e-3, seed: 3 });
  try {
    const { loss } = model.train(80, { attention: compileLearner(LOOPED) });
    const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
    const first = mean(loss.slice(0, 10)), last = mean(loss.slice(-10));
    assert.ok(last < first - 0.3, `loss ${first} → ${last}`);
    const maps = model.attentionMaps('the queen said', { attention: compileLearner(LOOPED) });
    assert.equal(maps.weights.length, maps.layers * maps.heads * maps.t * maps.t);
  } finally {
    model.dispose();
  }
});
