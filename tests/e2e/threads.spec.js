// threads.spec.js — both cores in the browser. The lab's own server makes its pages
// cross-origin isolated, so the core there is the threaded build with a helper Worker
// (attn.threads is 2), and it gives, bit for bit, what the single-thread build gives
// (loadAttn({ threads: 1 }), what a page that is not isolated gets): attn_gemm and
// attn_flash_attention over every mask, 1–9 heads, odd sizes, N = 1 and M = 1. The course
// page on another origin, which is not isolated, is covered in embed-origin.spec.js.
import { test, expect } from './helpers/fixtures.js';

test('the lab page is cross-origin isolated and its core runs two threads, bit for bit as one', async ({ page }) => {
  await page.goto('/');
  const result = await page.evaluate(async () => {
    const { loadAttn } = await import('/attention-lab.js');
    const two = await loadAttn();
    const one = await loadAttn({ threads: 1 });
    const random = (count, seed, scale = 1) => {
      let s = seed >>> 0 || 1;
      const out = new Float32Array(count);
      for (let i = 0; i < count; i++) {
        s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
        out[i] = ((s / 4294967296) * 2 - 1) * scale;
      }
      return out;
    };
    const differs = (a, b) => {
      if (a.length !== b.length) return 'lengths differ';
      const x = new Uint32Array(a.buffer, a.byteOffset, a.length), y = new Uint32Array(b.buffer, b.byteOffset, b.length);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `entry ${i}: ${a[i]} vs ${b[i]}`;
      return null;
    };
    const mismatches = [];
    let compared = 0;
    for (const [m, k, n] of [[1, 1, 1], [1, 64, 1000], [1000, 64, 1], [127, 513, 33], [513, 70, 129], [256, 256, 256]]) {
      for (const transposeB of [false, true]) {
        const args = { a: random(m * k, m + k), b: random(k * n, n + 3), m, k, n, transposeB, fast: true };
        const diff = differs(two.matmul(args), one.matmul(args));
        compared += 1;
        if (diff) mismatches.push(`matmul ${m}×${k}·${k}×${n}${transposeB ? 'ᵀ' : ''}: ${diff}`);
      }
    }
    const shapes = [
      { heads: 1, n: 1, m: 1, dk: 8, dv: 8 }, { heads: 1, n: 1, m: 300, dk: 16, dv: 16 },
      { heads: 1, n: 300, m: 1, dk: 16, dv: 16 }, { heads: 1, n: 257, m: 257, dk: 64, dv: 64 },
      { heads: 3, n: 131, m: 77, dk: 12, dv: 20 }, { heads: 8, n: 200, m: 200, dk: 16, dv: 16 },
      { heads: 9, n: 97, m: 150, dk: 8, dv: 24 }, { heads: 2, n: 600, m: 600, dk: 32, dv: 32 },
    ];
    for (const c of shapes) {
      for (const mask of ['none', 'causal', { window: 5 }, { window: 100 }]) {
        const seed = c.heads * 31 + c.n * 7 + c.m;
        const args = { ...c, mask, q: random(c.n * c.heads * c.dk, seed, 2), k: random(c.m * c.heads * c.dk, seed + 1, 2), v: random(c.m * c.heads * c.dv, seed + 2) };
        const a = two.flashAttention(args), b = one.flashAttention(args);
        const diff = differs(a.out, b.out) ?? differs(a.lse, b.lse) ?? (a.emptyRows === b.emptyRows ? null : 'empty rows');
        compared += 1;
        if (diff) mismatches.push(`flash ${JSON.stringify({ ...c, mask })}: ${diff}`);
      }
    }
    return {
      isolated: crossOriginIsolated,
      shared: two.core.memory.buffer instanceof SharedArrayBuffer,
      threads: two.threads,
      oneThreads: one.threads,
      compared,
      mismatches,
    };
  });
  expect(result.isolated).toBe(true);
  expect(result.shared).toBe(true);
  expect(result.threads).toBe(2);
  expect(result.oneThreads).toBe(1);
  expect(result.compared).toBe(12 + 32);
  expect(result.mismatches).toEqual([]);
});

test('the widgets work on the isolated page, from the same shared core', async ({ page }) => {
  await page.goto('/#stepper');
  await expect(page.locator('attn-stepper').first().getByText('Step 1 of 6: Inputs')).toBeVisible();
  expect(await page.evaluate(async () => (await (await import('/attention-lab.js')).loadAttn()).threads)).toBe(2);
});
