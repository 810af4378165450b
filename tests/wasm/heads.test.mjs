// heads.test.mjs — multi-head attention (§6.6) in node: native and WASM agree for every mask
// kind; each head's weight rows sum to 1; the concatenation keeps head order; h = 1 with W^O = I
// is single-head attention; 8 heads × 64 = 512; d_model = 510 with 8 heads is refused with a
// sentence that says why; every other bad input throws a readable AttnError.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AttnError, Status } from '../../web/lib/attn.js';
import { loadWasmAttn, runNative, randomFloats, maxRelativeDifference } from './helpers.mjs';
import { readSentence, applyRules, buildInputs, DEFAULT_SENTENCE } from '../../web/widgets/heads/heads-rules.js';

const attn = await loadWasmAttn();

function problem(n, dModel, heads, seed) {
  const d2 = dModel * dModel;
  return {
    n, dModel, heads,
    x: randomFloats(n * dModel, seed, 1),
    wq: randomFloats(d2, seed + 1, 1), wk: randomFloats(d2, seed + 2, 1),
    wv: randomFloats(d2, seed + 3, 1), wo: randomFloats(d2, seed + 4, 1),
  };
}

const identity = (d) => Float32Array.from({ length: d * d }, (_, k) => (k % (d + 1) === 0 ? 1 : 0));

for (const [n, dModel, heads] of [[1, 1, 1], [4, 6, 2], [7, 12, 3], [10, 64, 4], [5, 16, 16]]) {
  for (const maskName of ['none', 'causal', 'custom']) {
    test(`native and WASM multi-head agree: n=${n} dModel=${dModel} heads=${heads} mask=${maskName}`, () => {
      const p = problem(n, dModel, heads, n * 100 + dModel + heads);
      const mask = maskName === 'custom'
        ? Float32Array.from(randomFloats(n * n, 5), (r, i) => (i < n || r > 0.2 ? -Infinity : 0))
        : maskName;
      const wasm = attn.multiHead({ ...p, mask });
      const kind = { none: 0, causal: 1, custom: 2 }[maskName];
      const inputs = [p.x, p.wq, p.wk, p.wv, p.wo, ...(maskName === 'custom' ? [mask] : [])];
      const native = runNative(`multihead ${n} ${dModel} ${heads} ${kind}`, inputs);
      assert.equal(native.int32(), 0);
      assert.equal(wasm.emptyRows, native.int32());
      for (const [name, length] of [['out', n * dModel], ['weights', heads * n * n], ['headOut', n * dModel], ['concat', n * dModel]]) {
        const diff = maxRelativeDifference(wasm[name], native.f32(length));
        assert.ok(diff <= 1e-5, `${name} differs by ${diff}`);
      }
      if (maskName === 'custom') assert.equal(wasm.emptyRows, heads); // row 0 is blocked in every head
    });
  }
}

test('each head’s weight rows sum to 1, with and without the causal mask', () => {
  for (const mask of ['none', 'causal']) {
    const r = attn.multiHead({ ...problem(9, 24, 4, 77), mask });
    assert.equal(r.weights.length, 4 * 9 * 9);
    for (let row = 0; row < 4 * 9; row++) {
      const sum = r.weights.subarray(row * 9, row * 9 + 9).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(sum - 1) < 1e-5, `row ${row} sums to ${sum}`);
    }
  }
});

test('the concatenation keeps head order, and out = concat · W^O', () => {
  const p = problem(5, 12, 3, 91);
  const r = attn.multiHead(p);
  const dh = 4;
  assert.equal(r.headWidth, dh);
  for (let h = 0; h < 3; h++) {
    for (let i = 0; i < 5; i++) {
      for (let c = 0; c < dh; c++) assert.equal(r.concat[i * 12 + h * dh + c], r.headOut[(h * 5 + i) * dh + c]);
    }
  }
  const product = attn.matmul({ a: r.concat, b: p.wo, m: 5, k: 12, n: 12 });
  assert.ok(maxRelativeDifference(r.out, product) <= 1e-5);
});

test('h = 1 with W^O = I equals single-head attention with the same projections', () => {
  const p = { ...problem(6, 8, 1, 123), wo: identity(8) };
  const r = attn.multiHead(p);
  const project = (w) => attn.matmul({ a: p.x, b: w, m: 6, k: 8, n: 8 });
  const single = attn.attention({ q: project(p.wq), k: project(p.wk), v: project(p.wv), n: 6, m: 6, dk: 8, dv: 8 });
  assert.ok(maxRelativeDifference(r.out, single.out) <= 1e-5);
  assert.ok(maxRelativeDifference(r.weights, single.weights) <= 1e-6);
});

test('8 heads × 64 features make d_model = 512', () => {
  const r = attn.multiHead(problem(3, 512, 8, 5));
  assert.equal(r.headWidth, 64);
  assert.equal(r.weights.length, 8 * 3 * 3);
  assert.equal(r.headOut.length, 8 * 3 * 64);
  assert.ok(r.out.every(Number.isFinite));
});

test('d_model = 510 with 8 heads is refused with a sentence that says why', () => {
  assert.throws(() => attn.multiHead(problem(2, 510, 8, 1)), (error) => {
    assert.ok(error instanceof AttnError);
    assert.equal(error.code, Status.SHAPE);
    assert.equal(error.message, 'dModel (510) must be divisible by heads (8): each head must get the same whole number of features (dModel / heads), and 510 / 8 = 63.75 is not a whole number.');
    return true;
  });
  // The C core refuses it too, through the raw export.
  const { core } = attn;
  const code = core.run((scope) => core.exports.attn_multihead(scope.f32Out(4), 0, 0, 0, 0, scope.f32Out(16), scope.f32Out(4),
    scope.f32Out(4), scope.f32Out(4), scope.f32Out(4), scope.f32Out(4), 0, 0, 1, 510, 8));
  assert.equal(code, Status.SHAPE);
});

test('bad inputs throw AttnError naming the argument', () => {
  const p = problem(3, 4, 2, 9);
  const cases = [
    [{ ...p, n: 0 }, Status.SIZE, /^n must be at least 1/],
    [{ ...p, heads: 1.5 }, Status.TYPE, /^heads must be a whole number/],
    [{ ...p, dModel: 'four' }, Status.TYPE, /^dModel must be a whole number/],
    [{ ...p, x: p.x.subarray(1) }, Status.LENGTH, /^x must hold n·dModel = 12 numbers, but it holds 11/],
    [{ ...p, wo: undefined }, Status.TYPE, /^wo must be a Float32Array/],
    [{ ...p, wq: Float32Array.from(p.wq, (v, i) => (i === 3 ? NaN : v)) }, Status.VALUE, /^wq must hold finite numbers, but entry 3 is NaN/],
    [{ ...p, mask: 'upper' }, Status.MASK_KIND, /^mask must be 'none', 'causal'/],
    [{ ...p, mask: new Float32Array(8) }, Status.LENGTH, /^mask must hold n·m = 9 numbers/],
    [{ ...p, heads: 3 }, Status.SHAPE, /^dModel \(4\) must be divisible by heads \(3\)/],
  ];
  for (const [options, code, message] of cases) {
    assert.throws(() => attn.multiHead(options), (error) => error instanceof AttnError && error.code === code && message.test(error.message));
  }
});

test('the widget’s hand-set heads, computed by the core, follow their rules on the chapter’s sentence', () => {
  const { words } = readSentence(DEFAULT_SENTENCE);
  assert.equal(words.length, 10);
  const { heads } = applyRules(words);
  const r = attn.multiHead(buildInputs(attn, words, heads));
  const n = 10, w = (h, i, j) => r.weights[(h * n + i) * n + j];
  const at = (word) => words.indexOf(word);
  for (let i = 1; i < n; i++) assert.ok(w(0, i, i - 1) > 0.9, `head 1 row ${i}`);
  assert.ok(w(1, at('it'), at('animal')) > 0.9);                 // "it" → "animal"
  assert.ok(w(2, at('cross'), at('animal')) > 0.9);              // verb → subject
  assert.ok(w(2, at('was'), at('it')) > 0.9);
  for (let i = 0; i < n; i++) {
    assert.ok(Math.abs(w(3, i, 0) - w(3, i, at('because'))) < 1e-6); // start and "because" share
    assert.ok(w(3, i, 0) > 0.4);
  }
  // W^O = I: the output is the concatenation itself.
  const plain = attn.multiHead(buildInputs(attn, words, heads, { mixing: false }));
  assert.ok(maxRelativeDifference(plain.out, plain.concat) <= 1e-6);
});

test('learner sentences: the rules say where they find nothing', () => {
  const { words } = readSentence('Dogs bark loudly.');
  const { heads } = applyRules(words);
  assert.match(heads[1].notes.join(' '), /No pronoun/);
  assert.match(heads[3].notes.join(' '), /No linking word/);
  assert.deepEqual(heads[2].targets[1], [0]); // "bark" → "Dogs" (a capitalised word the tagger does not know)
  const other = applyRules(readSentence('Run fast and jump').words).heads;
  assert.match(other[2].notes.join(' '), /“Run” has no noun or pronoun before it/);
  assert.match(other[2].notes.join(' '), /“jump” has no noun or pronoun before it/);
  assert.deepEqual(other[3].targets[1], [0, 2]); // start and "and"
  assert.match(applyRules(readSentence('It is here').words).heads[1].notes.join(' '), /“It” has no noun before it/);
  assert.deepEqual(readSentence('one').error, 'Type a sentence of at least 2 words.');
  assert.match(readSentence('a '.repeat(17)).error, /^Up to 16 words, please: this sentence has 17\.$/);
});

for (const [n, dModel, heads] of [[1, 8, 1], [7, 12, 3], [33, 64, 4], [130, 64, 8], [5, 16, 16]]) {
  for (const maskName of ['none', 'causal', 'custom']) {
    test(`multiHead without steps (the fast kernels) equals the step-by-step numbers within 1e-5: n=${n} dModel=${dModel} heads=${heads} mask=${maskName}`, () => {
      // Weights scaled by 1/√dModel, as a model initialises them, so activations stay of order 1
      // (with entries up to 1, out grows like dModel and float rounding with it).
      const p = problem(n, dModel, heads, n * 7 + dModel + heads);
      for (const w of [p.wq, p.wk, p.wv, p.wo]) for (let i = 0; i < w.length; i++) w[i] /= Math.sqrt(dModel);
      const mask = maskName === 'custom'
        ? Float32Array.from(randomFloats(n * n, 9), (r, i) => (i < n || r > 0.2 ? -Infinity : 0))
        : maskName;
      const full = attn.multiHead({ ...p, mask });
      const fast = attn.multiHead({ ...p, mask, steps: false });
      assert.deepEqual(Object.keys(fast).sort(), ['emptyRows', 'headWidth', 'out']);
      assert.equal(fast.emptyRows, full.emptyRows);
      assert.equal(fast.headWidth, full.headWidth);
      const diff = maxRelativeDifference(fast.out, full.out);
      assert.ok(diff <= 1e-5, `fast vs steps: ${diff}`);
    });
  }
}

test('multiHead without steps runs where the (heads, n, n) weights would not fit', () => {
  const p = problem(12000, 16, 8, 3); // 8 · 12000² weights: 4.6 GB, refused with steps
  assert.throws(() => attn.multiHead(p), (e) => e instanceof AttnError && e.code === Status.OVERFLOW);
  const r = attn.multiHead({ ...p, mask: 'causal', steps: false });
  assert.equal(r.out.length, 12000 * 16);
  assert.ok(r.out.every(Number.isFinite));
});
