// gemm-ex.test.mjs — the general fast product the training tape runs on (attn_gemm_ex:
// transposes absorbed in the packing, accumulation in the micro-kernel's store), compiled to
// WASM (the test build: the page's core does not export it), in node: held to a plain product
// in double and to its native build for all four transpose combinations, with and without
// accumulation, odd sizes, one row and one column; a block of rows computed alone equals that
// block of the whole call bit for bit.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Status } from '../../web/lib/attn.js';
import { loadTestAttn, runNative, randomFloats } from './helpers.mjs';

const attn = await loadTestAttn();
const x = attn.core.exports;

/** c (+)= op(a)·op(b) in double, and each entry's scale max(1, |c₀| + Σ|a·b|) (what float rounding grows with). */
function plain({ a, b, c, m, k, n, ta, tb, acc }) {
  const out = new Float32Array(m * n), scale = new Float64Array(m * n);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let s = acc ? c[i * n + j] : 0, size = Math.abs(s);
      for (let p = 0; p < k; p++) {
        const term = (ta ? a[p * m + i] : a[i * k + p]) * (tb ? b[j * k + p] : b[p * n + j]);
        s += term;
        size += Math.abs(term);
      }
      out[i * n + j] = s;
      scale[i * n + j] = Math.max(1, size);
    }
  }
  return { out, scale };
}

/** Runs attn_gemm_ex in the WASM core on rows [i0, i0 + rows) (all of them by default). */
function gemmEx({ a, b, c, m, k, n, ta, tb, acc }, i0 = 0, rows = m) {
  return attn.core.run((scope) => {
    const floatsAt = scope.alloc(4);
    attn.core.check(x.attn_gemm_workspace(floatsAt, rows, k, n), 'gemm');
    const work = scope.f32Out(new Int32Array(attn.core.memory.buffer, floatsAt, 1)[0]);
    const cp = scope.f32(c);
    const lda = ta ? m : k;
    const ap = scope.f32(a) + 4 * (ta ? i0 : i0 * lda);
    const status = x.attn_gemm_ex(cp + 4 * i0 * n, work, ap, scope.f32(b), ta, tb, acc, rows, k, n, lda, tb ? k : n, n);
    return { status, c: scope.readF32(cp, m * n) };
  });
}

const SIZES = [[1, 1, 1], [1, 9, 13], [13, 9, 1], [7, 13, 11], [64, 32, 64], [33, 300, 17], [83, 129, 70]];

for (const [m, k, n] of SIZES) {
  test(`op(a)·op(b), every transpose, with and without accumulation: ${m}×${k}·${k}×${n}`, () => {
    for (const ta of [0, 1]) for (const tb of [0, 1]) for (const acc of [0, 1]) {
      const seed = m * 31 + k * 7 + n + ta * 4 + tb * 2 + acc;
      const args = { a: randomFloats(m * k, seed), b: randomFloats(k * n, seed + 1), c: randomFloats(m * n, seed + 2), m, k, n, ta, tb, acc };
      const { status, c } = gemmEx(args);
      assert.equal(status, Status.OK);
      const { out, scale } = plain(args);
      let worst = 0;
      for (let i = 0; i < m * n; i++) worst = Math.max(worst, Math.abs(c[i] - out[i]) / scale[i]);
      assert.ok(worst <= 1e-5, `ta=${ta} tb=${tb} acc=${acc}: ${worst}`);
      const native = runNative(`gemm_ex ${m} ${k} ${n} ${ta} ${tb} ${acc}`, [args.a, args.b, args.c]);
      assert.equal(native.int32(), 0);
      const nc = native.f32(m * n);
      let far = 0;
      for (let i = 0; i < m * n; i++) far = Math.max(far, Math.abs(c[i] - nc[i]) / scale[i]);
      assert.ok(far <= 1e-6, `native: ta=${ta} tb=${tb} acc=${acc}: ${far}`);
    }
  });
}

test('a block of rows computed alone is bitwise that block of the whole product', () => {
  const m = 101, k = 300, n = 37;
  for (const ta of [0, 1]) for (const tb of [0, 1]) for (const acc of [0, 1]) {
    const args = { a: randomFloats(m * k, 5), b: randomFloats(k * n, 6), c: randomFloats(m * n, 7), m, k, n, ta, tb, acc };
    const whole = gemmEx(args).c;
    let c = args.c;
    for (const [i0, rows] of [[0, 3], [3, 50], [53, 47], [100, 1]]) c = gemmEx({ ...args, c }, i0, rows).c;
    assert.deepEqual(c, whole, `ta=${ta} tb=${tb} acc=${acc}`);
  }
});

test('bad sizes and strides get a status, never a crash', () => {
  const p = x.malloc(64);
  assert.equal(x.attn_gemm_ex(p, p, p, p, 0, 0, 0, 0, 1, 1, 1, 1, 1), Status.SIZE);
  assert.equal(x.attn_gemm_ex(p, p, p, p, 1, 0, 0, 3, 2, 2, 2, 2, 2), Status.SIZE);
  assert.equal(x.attn_gemm_ex(p, p, p, p, 0, 0, 1, 1 << 16, 1, 1 << 16, 1, 1 << 16, 1 << 16), Status.OVERFLOW);
  assert.equal(x.attn_gemm_ex(0, p, p, p, 0, 0, 0, 1, 1, 1, 1, 1, 1), Status.NULL);
  x.free(p);
});
