// attention.test.mjs — the compiled core in node: native and WASM agree on random inputs for
// every mask kind, the chapter's example comes through the JS face, and bad input throws
// AttnError with a readable sentence.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AttnError, Status } from '../../web/lib/attn.js';
import { loadWasmAttn, runNative, randomFloats, maxRelativeDifference } from './helpers.mjs';

const attn = await loadWasmAttn();

const SIZES = [
  { n: 1, m: 1, dk: 1, dv: 1 },
  { n: 2, m: 2, dk: 2, dv: 2 },
  { n: 5, m: 9, dk: 3, dv: 7 },
  { n: 16, m: 16, dk: 64, dv: 64 },
  { n: 33, m: 17, dk: 8, dv: 5 },
];

function blockMask(n, m, seed) {
  // Random blocks, and row 0 fully blocked so NaN rows are compared too.
  const r = randomFloats(n * m, seed);
  return Float32Array.from(r, (x, i) => (i < m || x > 0.3 ? -Infinity : x > 0 ? 0 : x));
}

for (const { n, m, dk, dv } of SIZES) {
  for (const maskName of ['none', 'causal', 'custom']) {
    for (const scale of [true, false]) {
      test(`native and WASM agree: n=${n} m=${m} dk=${dk} dv=${dv} mask=${maskName} scale=${scale}`, () => {
        const seed = n * 1000 + m * 100 + dk * 10 + dv;
        const q = randomFloats(n * dk, seed, 2);
        const k = randomFloats(m * dk, seed + 1, 2);
        const v = randomFloats(m * dv, seed + 2, 3);
        const mask = maskName === 'custom' ? blockMask(n, m, seed + 3) : maskName;
        const kind = { none: 0, causal: 1, custom: 2 }[maskName];

        const wasm = attn.attention({ q, k, v, n, m, dk, dv, scale, mask });
        const inputs = [q, k, v, ...(maskName === 'custom' ? [mask] : [])];
        const native = runNative(`attention ${n} ${m} ${dk} ${dv} ${kind} ${scale ? 1 : 0}`, inputs);
        assert.equal(native.int32(), 0);
        assert.equal(wasm.emptyRows, native.int32());
        for (const step of ['scores', 'scaled', 'masked', 'weights', 'mask']) {
          const diff = maxRelativeDifference(wasm[step], native.f32(n * m));
          assert.ok(diff <= 1e-6, `${step} differ by ${diff}`);
        }
        const diff = maxRelativeDifference(wasm.out, native.f32(n * dv));
        assert.ok(diff <= 1e-6, `out differs by ${diff}`);
        if (maskName === 'custom') assert.ok(wasm.emptyRows >= 1);
      });
    }
  }
}

test('native and WASM matmul agree, with and without transpose', () => {
  for (const [m, k, n] of [[1, 1, 1], [3, 4, 5], [17, 9, 33]]) {
    for (const transposeB of [false, true]) {
      const a = randomFloats(m * k, m + k);
      const b = randomFloats(k * n, k + n);
      const wasm = attn.matmul({ a, b, m, k, n, transposeB });
      const native = runNative(`matmul ${m} ${k} ${n} ${transposeB ? 1 : 0}`, [a, b]);
      assert.equal(native.int32(), 0);
      assert.ok(maxRelativeDifference(wasm, native.f32(m * n)) <= 1e-6);
    }
  }
});

test('the chapter\'s two-token example through the JS face', () => {
  const q = [3, 3, 1, -1], k = [-3, -3, 1, -1], v = [0, -1, 1, 2];
  const r = attn.attention({ q, k, v, n: 2, m: 2, dk: 2, dv: 2, scale: true, mask: 'causal' });
  assert.deepEqual(Array.from(r.scores), [-18, 0, 0, 2]);
  assert.equal(r.scaled[0].toFixed(2), '-12.73');
  assert.equal(r.scaled[3].toFixed(3), '1.414');
  assert.equal(r.masked[1], -Infinity);
  assert.deepEqual(Array.from(r.weights, (x) => x.toFixed(3)), ['1.000', '0.000', '0.196', '0.804']);
  assert.deepEqual(Array.from(r.out, (x) => x.toFixed(3)), ['0.000', '-1.000', '0.804', '1.413']);
  assert.equal(r.emptyRows, 0);
  const open = attn.attention({ q, k, v, n: 2, m: 2, dk: 2, dv: 2, scale: true, mask: 'none' });
  assert.ok(open.weights[1] > 0.9999);
});

test('a fully masked row gives NaN weights and is counted, without throwing', () => {
  const mask = new Float32Array([-Infinity, -Infinity, 0, 0]);
  const r = attn.attention({ q: [1, 2, 3, 4], k: [1, 0, 0, 1], v: [1, 2, 3, 4], n: 2, m: 2, dk: 2, dv: 2, mask });
  assert.equal(r.emptyRows, 1);
  assert.ok(Number.isNaN(r.weights[0]) && Number.isNaN(r.out[1]));
  assert.ok(Number.isFinite(r.out[2]));
});

const good = () => ({ q: new Float32Array(4), k: new Float32Array(4), v: new Float32Array(4), n: 2, m: 2, dk: 2, dv: 2 });
const BAD_INPUTS = [
  ['q missing', { q: undefined }, Status.TYPE, /q must be a Float32Array/],
  ['q a string', { q: '1,2,3,4' }, Status.TYPE, /q must be a Float32Array.*text/],
  ['q too short', { q: new Float32Array(3) }, Status.LENGTH, /q must hold n·dk = 4 numbers, but it holds 3/],
  ['k too long', { k: new Float32Array(5) }, Status.LENGTH, /k must hold m·dk = 4/],
  ['v wrong length', { v: [1, 2] }, Status.LENGTH, /v must hold m·dv = 4/],
  ['NaN in q', { q: [1, NaN, 0, 0] }, Status.VALUE, /entry 1 is NaN/],
  ['a string inside v', { v: [1, 2, 'x', 4] }, Status.VALUE, /entry 2/],
  ['n zero', { n: 0 }, Status.SIZE, /n must be at least 1, but it is 0/],
  ['dk negative', { dk: -2 }, Status.SIZE, /dk must be at least 1/],
  ['m fractional', { m: 1.5 }, Status.TYPE, /m must be a whole number/],
  ['dv a string', { dv: '2' }, Status.TYPE, /dv must be a whole number/],
  ['unknown mask', { mask: 'diagonal' }, Status.MASK_KIND, /mask must be 'none', 'causal'/],
  ['mask wrong length', { mask: new Float32Array(3) }, Status.LENGTH, /mask must hold n·m = 4/],
  ['mask with +Infinity', { mask: [0, Infinity, 0, 0] }, Status.VALUE, /mask must hold 0 \(allowed\)/],
  ['scale not boolean', { scale: 'yes' }, Status.TYPE, /scale must be true or false/],
  ['sizes that overflow', { n: 65536, m: 65536, q: new Float32Array(65536 * 2), k: new Float32Array(65536 * 2), v: new Float32Array(65536 * 2) }, Status.OVERFLOW, /too large/],
];

for (const [name, change, code, message] of BAD_INPUTS) {
  test(`bad input: ${name} throws a readable AttnError`, () => {
    assert.throws(() => attn.attention({ ...good(), ...change }), (error) => {
      assert.ok(error instanceof AttnError, `not an AttnError: ${error}`);
      if (code !== null) assert.equal(error.code, code);
      assert.match(error.message, message);
      return true;
    });
    // The instance still works afterwards.
    assert.equal(attn.attention({ ...good(), q: [1, 0, 0, 1] }).emptyRows, 0);
  });
}

test('status codes in JS mirror the C enum, and C has a sentence for each', () => {
  for (const [name, code] of Object.entries(Status)) {
    if (code >= 100) continue; // JS-only codes
    assert.notEqual(attn.core.statusString(code), attn.core.statusString(-1), `no sentence for ${name}`);
  }
  const next = Math.max(...Object.values(Status).filter((code) => code < 100)) + 1;
  assert.equal(attn.core.statusString(next), attn.core.statusString(-1), 'C has a code JS does not know');
});
