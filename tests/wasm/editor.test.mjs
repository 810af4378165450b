// editor.test.mjs — the "Write your own attention" checks in node, on the compiled core: each
// classic bug is caught and named, correct variants written differently pass, a syntax error
// and a runtime error carry their line, a leak is flagged by the causality check, and training
// with the learner's (correct) function lowers the loss. A planted bug says which lines it
// changed; places are counted from 1; the leaking bug trains the shipped model's validation loss
// far below the corpus floor.

import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn } from './helpers.mjs';
import { TEMPLATE, BUGS, insertBug } from '../../web/lib/learner/template.js';
import { compileLearner, LearnerError } from '../../web/lib/learner/sandbox.js';
import { checkAgainstReference, causalityCheck, TOLERANCE, CASES } from '../../web/lib/learner/check.js';

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
  'no-mask': /without the causal mask.*far below the corpus floor/s,
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

test('a planted bug names the lines it changed: exactly the lines that differ from the code it was planted in', () => {
  const edited = TEMPLATE.replace('// Your attention:', '// My notes.\n// Your attention:');
  for (const base of [TEMPLATE, edited]) {
    for (const bug of BUGS) {
      const { source, lines } = insertBug(base, bug.id);
      const before = base.split('\n'), after = source.split('\n');
      const changed = after.map((line, i) => (line !== before[i] ? i + 1 : 0)).filter(Boolean);
      assert.deepEqual([lines.from, lines.to], [changed[0], changed[changed.length - 1]], bug.id);
    }
  }
  // Code without the line a bug changes gets the template with the bug; its lines are the template's.
  const planted = insertBug('function attention(ops, q) { return q; }', 'scale-dropped');
  assert.equal(planted.fromTemplate, true);
  assert.deepEqual(planted.lines, insertBug(TEMPLATE, 'scale-dropped').lines);
});

test('places are counted from 1; a disagreement of exactly 0 has no place', () => {
  const exact = checkAgainstReference(attn, compileLearner(TEMPLATE));
  for (const c of exact.cases.filter((x) => x.diff === 0)) assert.equal(c.where, 'nowhere: every value agrees exactly');
  assert.ok(exact.cases.some((x) => x.diff === 0), 'the built-in agrees with itself exactly in some case');
  const report = checkAgainstReference(attn, compileLearner(insertBug(TEMPLATE, 'scale-dropped').source));
  for (const [i, c] of report.cases.entries()) {
    const { B, T, C } = CASES[i];
    const [, b, t, f] = c.where.match(/at batch (\d+), position (\d+), feature (\d+)$/).map(Number);
    assert.ok(b >= 1 && b <= B && t >= 1 && t <= T && f >= 1 && f <= C, `${c.where} in ${c.label}`);
  }
  // The causality check's positions: 1 to T (6), the future after the one that moved.
  const leak = causalityCheck(attn, compileLearner(insertBug(TEMPLATE, 'no-mask').source));
  const [, at, from, to] = leak.message.match(/^Leak: the output at position (\d+) changed by [\d.]+ when only positions (\d+)–(\d+) \(its future\)/).map(Number);
  assert.ok(at >= 1 && at < from && to === 6, leak.message);
});

test('the leaking bug, trained on the shipped model, drives the validation loss far below the corpus floor', () => {
  // Measured (this core, the shipped checkpoint, "Forget the causal mask" planted in the
  // template): the validation loss through the leaking function is 1.27 after 200 steps, 0.21
  // after 600, 0.079 after 800, against a floor of 0.231; the same model through the built-in
  // causal attention scores 2.25: it learned to read the answer, not the language.
  const STEPS = 800, MARGIN = 0.1; // nats per character below the floor
  const bytes = new Uint8Array(readFileSync(new URL('../../web/models/default-small.attnlab', import.meta.url)));
  const model = attn.loadModel(bytes);
  try {
    const leaking = compileLearner(insertBug(TEMPLATE, 'no-mask').source);
    const { floor } = model.baselines;
    assert.ok(model.evaluate({ attention: leaking }) > floor, 'before training with the leak, it is above the floor');
    model.train(STEPS, { attention: leaking });
    const peeking = model.evaluate({ attention: leaking });
    assert.ok(peeking < floor - MARGIN, `validation loss with the leak after ${STEPS} steps: ${peeking}, floor ${floor}`);
    assert.ok(model.evaluate() > peeking + 1, 'through causal attention the same model cannot predict');
  } finally {
    model.dispose();
  }
});

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
