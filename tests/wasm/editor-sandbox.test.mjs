// editor-sandbox.test.mjs — the learner worker's lock-down, in a process of its own (it changes
// the globals for good): the network is gone, the built-ins the check relies on cannot be
// patched by learner code, and the check still tells right from wrong afterwards.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn } from './helpers.mjs';
import { TEMPLATE, insertBug } from '../../web/lib/learner/template.js';
import { compileLearner, lockDown } from '../../web/lib/learner/sandbox.js';
import { checkAgainstReference } from '../../web/lib/learner/check.js';
import { Tensor, Tape } from '../../web/lib/api/autograd.js';

const attn = await loadWasmAttn();
lockDown(globalThis, [Tensor, Tape, attn.core.constructor]);

test('after lockDown the network is gone, even through the global object', () => {
  assert.equal(globalThis.fetch, undefined);
  assert.equal(globalThis.WebSocket, undefined);
  const escape = compileLearner('function attention(ops, q) { return q; }\nattention.peek = () => [typeof fetch, typeof self, typeof globalThis];');
  assert.equal(typeof escape, 'function');
  // The doors from strict code to the global object are shut: indirect eval, function constructors.
  for (const body of ['return (0, eval)("this");', 'return (function () {}).constructor("return this")();', 'return (async function () {}).constructor("return this");', 'return Function("return this")();']) {
    const fn = compileLearner(`function attention(ops, q) {\n  ${body}\n}`);
    assert.throws(() => fn({}, {}, {}, {}, {}), /Line 2: .*(not a function|not available here)/, body);
  }
});

test('learner code cannot patch Math or Tensor to make a wrong function pass', () => {
  const cheat = insertBug(TEMPLATE, 'scale-dropped').source
    + '\nMath.abs = () => 0;';
  assert.throws(() => compileLearner(cheat), /Line 18: .*(read only|read-only|not extensible|Cannot assign)/i);
  const cheat2 = insertBug(TEMPLATE, 'wrong-axis').source.replace('const d = qh.shape[3];', 'const d = qh.shape[3]; Object.defineProperty(q.constructor.prototype, "data", { get() { return new Float32Array(0); } });');
  const report = checkAgainstReference(attn, compileLearner(cheat2));
  assert.equal(report.pass, false);
  assert.match(report.cases[0].error.message, /Line 9: Cannot (redefine|define) property/);
  // The check still works for honest code.
  assert.equal(checkAgainstReference(attn, compileLearner(TEMPLATE)).pass, true);
  assert.equal(checkAgainstReference(attn, compileLearner(insertBug(TEMPLATE, 'wrong-axis').source)).diagnosis.bug, 'wrong-axis');
});
