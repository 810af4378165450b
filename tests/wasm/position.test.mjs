// position.test.mjs — §6.5 through the compiled core in node: native and WASM agree on
// positions, rotary, positioned self-attention and word embeddings; the chapter's known outputs
// come through the JS face; bad input throws a readable AttnError.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Status } from '../../web/lib/attn.js';
import { loadWasmAttn, runNative, randomFloats, maxRelativeDifference, assertAttnError } from './helpers.mjs';

const attn = await loadWasmAttn();

const dot = (a, b) => a.reduce((sum, x, i) => sum + x * b[i], 0);
const norm = (a) => Math.sqrt(dot(a, a));
const row = (x, r, d) => x.subarray(r * d, (r + 1) * d);
const largestDifference = (a, b) => a.reduce((worst, x, i) => Math.max(worst, Math.abs(x - b[i])), 0);

/** A uniformly random permutation of 0..n-1, from a seed. */
function permutation(n, seed) {
  const r = randomFloats(n, seed);
  const perm = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(((r[i] + 1) / 2) * (i + 1)) % (i + 1);
    [perm[i], perm[j]] = [perm[j], perm[i]];
  }
  return perm;
}
const permuteRows = (x, perm, d) => {
  const out = new Float32Array(x.length);
  perm.forEach((from, to) => out.set(row(x, from, d), to * d));
  return out;
};

// ---------------------------------------------------------------- native and WASM agree

test('native and WASM agree on sinusoidal positions', () => {
  for (const [n, d] of [[1, 1], [5, 8], [64, 16], [17, 7]]) {
    const native = runNative(`positions ${n} ${d}`, []);
    assert.equal(native.int32(), 0);
    assert.ok(maxRelativeDifference(attn.positions({ n, d }), native.f32(n * d)) <= 1e-6);
  }
});

test('native and WASM agree on rotary embeddings', () => {
  for (const [offset, n, d] of [[0, 1, 2], [3, 9, 8], [100, 33, 64]]) {
    const x = randomFloats(n * d, n + d + offset, 2);
    const native = runNative(`rope ${offset} ${n} ${d}`, [x]);
    assert.equal(native.int32(), 0);
    assert.ok(maxRelativeDifference(attn.rope({ x, n, d, offset }), native.f32(n * d)) <= 1e-6);
  }
});

test('native and WASM agree on positioned self-attention', () => {
  for (const positions of ['none', 'sinusoidal', 'rotary']) {
    for (const mask of ['none', 'causal']) {
      for (const [n, d, offset] of [[1, 2, 0], [5, 8, 0], [16, 8, 4], [40, 16, 1]]) {
        const x = randomFloats(n * d, n * 7 + d, 1.5);
        const [wq, wk, wv] = [1, 2, 3].map((s) => randomFloats(d * d, s * 101 + d));
        const wasm = attn.selfAttention({ x, wq, wk, wv, n, d, positions, mask, offset });
        const kind = { none: 0, sinusoidal: 1, rotary: 2 }[positions];
        const native = runNative(`positioned ${kind} ${mask === 'causal' ? 1 : 0} ${offset} ${n} ${d}`, [x, wq, wk, wv]);
        assert.equal(native.int32(), 0);
        for (const part of ['out', 'q', 'k', 'v']) {
          const diff = maxRelativeDifference(wasm[part], native.f32(n * d));
          assert.ok(diff <= 1e-5, `${positions}/${mask} n=${n} ${part} differs by ${diff}`);
        }
      }
    }
  }
});

test('native and WASM agree on word embeddings', () => {
  for (const word of ['the', 'dog', 'W^Q', 'Zürich']) {
    const native = runNative(`embedding 16 ${word}`, []);
    assert.equal(native.int32(), 0);
    assert.deepEqual(Array.from(attn.wordEmbedding({ word, d: 16 })), Array.from(native.f32(16)));
  }
});

// ---------------------------------------------------------------- known outputs

test('PE(0) = [0, 1, 0, 1, …], PE(1, 0) = sin 1 = 0.8415, PE(1, 1) = cos 1 = 0.5403', () => {
  const pe = attn.positions({ n: 2, d: 8 });
  assert.deepEqual(Array.from(pe.subarray(0, 8)), [0, 1, 0, 1, 0, 1, 0, 1]);
  assert.equal(pe[8].toFixed(4), '0.8415');
  assert.equal(pe[9].toFixed(4), '0.5403');
  assert.ok(Math.abs(pe[8] - Math.sin(1)) < 1e-7 && Math.abs(pe[9] - Math.cos(1)) < 1e-7);
});

test('rotary keeps every vector’s norm', () => {
  const n = 20, d = 32;
  const x = randomFloats(n * d, 9, 3);
  for (const offset of [0, 1, 50, 999]) {
    const y = attn.rope({ x, n, d, offset });
    for (let r = 0; r < n; r++) assert.ok(Math.abs(norm(row(y, r, d)) - norm(row(x, r, d))) <= 1e-5 * norm(row(x, r, d)));
  }
});

test('with rotary, q_m·k_n depends only on m − n', () => {
  const d = 16;
  const q = randomFloats(d, 21), k = randomFloats(d, 22);
  const score = (m, n) => dot(attn.rope({ x: q, n: 1, d, offset: m }), attn.rope({ x: k, n: 1, d, offset: n }));
  for (const [m, n] of [[0, 0], [4, 1], [1, 4], [10, 3]]) {
    const base = score(m, n);
    for (const shift of [1, 2, 7, 30, 500]) assert.ok(Math.abs(score(m + shift, n + shift) - base) <= 1e-4, `shift ${shift}`);
  }
  assert.ok(Math.abs(score(3, 0) - score(0, 0)) > 1e-3, 'the distance itself matters');
});

test('Attention(PX) = P·Attention(X) bit for bit for N up to 64, and not with a causal mask', () => {
  const d = 8;
  const [wq, wk, wv] = [1, 2, 3].map((s) => randomFloats(d * d, s + 500));
  let causalWorst = 0;
  for (const n of [1, 2, 3, 8, 16, 31, 64]) {
    for (let trial = 0; trial < 3; trial++) {
      const x = randomFloats(n * d, n * 13 + trial, 1.5);
      const perm = permutation(n, n * 31 + trial);
      const px = permuteRows(x, perm, d);
      const plain = attn.attention({ q: x, k: x, v: x, n, m: n, dk: d, dv: d });
      const shuffled = attn.attention({ q: px, k: px, v: px, n, m: n, dk: d, dv: d });
      assert.equal(largestDifference(shuffled.out, permuteRows(plain.out, perm, d)), 0);
      const a = attn.selfAttention({ x, wq, wk, wv, n, d });
      const b = attn.selfAttention({ x: px, wq, wk, wv, n, d });
      assert.equal(largestDifference(b.out, permuteRows(a.out, perm, d)), 0);
      const ca = attn.selfAttention({ x, wq, wk, wv, n, d, mask: 'causal' });
      const cb = attn.selfAttention({ x: px, wq, wk, wv, n, d, mask: 'causal' });
      causalWorst = Math.max(causalWorst, largestDifference(cb.out, permuteRows(ca.out, perm, d)));
    }
  }
  assert.ok(causalWorst > 1e-2, `causal mask: largest difference only ${causalWorst}`);
});

test('"dog" keeps its output when the sentence is reordered, until positions are added', () => {
  const d = 8;
  const embed = (words) => {
    const x = new Float32Array(words.length * d);
    words.forEach((word, i) => x.set(attn.wordEmbedding({ word, d }), i * d));
    return x;
  };
  const [wq, wk, wv] = ['W^Q', 'W^K', 'W^V'].map((word) => attn.wordEmbedding({ word, d: d * d }));
  const a = embed(['the', 'dog', 'bit', 'the', 'man']);
  const b = embed(['the', 'man', 'bit', 'the', 'dog']);
  const dogDifference = (positions) => {
    const ra = attn.selfAttention({ x: a, wq, wk, wv, n: 5, d, positions }).out;
    const rb = attn.selfAttention({ x: b, wq, wk, wv, n: 5, d, positions }).out;
    return largestDifference(row(ra, 1, d), row(rb, 4, d));
  };
  assert.equal(dogDifference('none'), 0);
  assert.ok(dogDifference('sinusoidal') > 1e-2);
  assert.ok(dogDifference('rotary') > 1e-2);
});

test('the §6.5 widget’s claim: without positions or a mask, every word keeps its output to the last bit in any order', () => {
  // The widget's own inputs (word vectors from the spelling, projections from the names W^Q, W^K,
  // W^V) for two sentences, every width it allows and 200 random orders each. Summed in float32,
  // 97% of such orders changed some output in its last digit.
  const sentences = [['the', 'dog', 'bit', 'the', 'man'],
    'every cat that chased a small grey mouse across the kitchen floor finally fell quietly asleep'.split(' ')];
  let orders = 0;
  for (const words of sentences) {
    for (const d of [1, 2, 3, 4, 8, 16]) {
      const [wq, wk, wv] = ['W^Q', 'W^K', 'W^V'].map((word) => attn.wordEmbedding({ word, d: d * d }));
      const x = new Float32Array(words.length * d);
      words.forEach((word, i) => x.set(attn.wordEmbedding({ word, d }), i * d));
      const plain = attn.selfAttention({ x, wq, wk, wv, n: words.length, d }).out;
      for (let trial = 0; trial < 200; trial++) {
        const perm = permutation(words.length, 1000 * d + trial);
        const moved = attn.selfAttention({ x: permuteRows(x, perm, d), wq, wk, wv, n: words.length, d }).out;
        assert.deepEqual(moved, permuteRows(plain, perm, d), `d = ${d}, order ${perm}`);
        orders++;
      }
    }
  }
  assert.equal(orders, 2 * 6 * 200);
});

// ---------------------------------------------------------------- bad input

const x4 = () => new Float32Array(8);
const BAD = [
  ['positions with n = 0', () => attn.positions({ n: 0, d: 4 }), Status.SIZE, /n must be at least 1, but it is 0/],
  ['positions with d a string', () => attn.positions({ n: 2, d: '4' }), Status.TYPE, /d must be a whole number/],
  ['positions too large', () => attn.positions({ n: 65536, d: 65536 }), Status.OVERFLOW, /too large/],
  ['rope with odd d', () => attn.rope({ x: new Float32Array(6), n: 2, d: 3 }), Status.SHAPE, /d must be even for rotary embeddings.*but it is 3/],
  ['rope with negative offset', () => attn.rope({ x: x4(), n: 2, d: 4, offset: -1 }), Status.SIZE, /offset must be at least 0, but it is -1/],
  ['rope with x too short', () => attn.rope({ x: new Float32Array(7), n: 2, d: 4 }), Status.LENGTH, /x must hold n·d = 8 numbers, but it holds 7/],
  ['rope with NaN', () => attn.rope({ x: [0, 1, NaN, 0], n: 1, d: 4 }), Status.VALUE, /entry 2 is NaN/],
  ['selfAttention with rotary and odd d', () => attn.selfAttention({ x: new Float32Array(3), wq: new Float32Array(9), wk: new Float32Array(9), wv: new Float32Array(9), n: 1, d: 3, positions: 'rotary' }), Status.SHAPE, /d must be even/],
  ['selfAttention with unknown positions', () => attn.selfAttention({ x: x4(), wq: new Float32Array(16), wk: new Float32Array(16), wv: new Float32Array(16), n: 2, d: 4, positions: 'learned' }), Status.ARGUMENT, /positions must be 'none', 'sinusoidal' or 'rotary'/],
  ['selfAttention with a custom mask', () => attn.selfAttention({ x: x4(), wq: new Float32Array(16), wk: new Float32Array(16), wv: new Float32Array(16), n: 2, d: 4, mask: new Float32Array(4) }), Status.MASK_KIND, /mask must be 'none' or 'causal'/],
  ['selfAttention with wk too short', () => attn.selfAttention({ x: x4(), wq: new Float32Array(16), wk: new Float32Array(15), wv: new Float32Array(16), n: 2, d: 4 }), Status.LENGTH, /wk must hold d·d = 16/],
  ['an empty word', () => attn.wordEmbedding({ word: '', d: 4 }), Status.SIZE, /word must hold at least one character/],
  ['a word that is not text', () => attn.wordEmbedding({ word: 42, d: 4 }), Status.TYPE, /word must be text/],
  ['a very long word', () => attn.wordEmbedding({ word: 'a'.repeat(300), d: 4 }), Status.SIZE, /at most 256 bytes/],
];

for (const [name, call, code, message] of BAD) {
  test(`bad input: ${name} throws a readable AttnError`, () => {
    assertAttnError(call, code, message);
    assert.equal(attn.positions({ n: 1, d: 2 })[1], 1, 'the instance still works');
  });
}
