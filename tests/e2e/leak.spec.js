// leak.spec.js — 1,000 recomputations across the widgets that call the core on the page
// (stepper, masks, shuffle, heads, cost: each flips one of its attributes back and forth, which
// recomputes through the core synchronously) leave the
// page's WASM heap where it started: malloc's bytes in use (attn.core.heapInUse, read from the
// C allocator) within a small bound, and linear memory not grown. Every recomputation is counted
// by its `change` event, and each widget still shows its known numbers afterwards.
//
// The variance, training and editor widgets compute in Web Workers, each with its own instance
// of the core; the node leak test (tests/wasm/leak.test.mjs) covers their API families.
import { test, expect, whenStarted } from './helpers/fixtures.js';

const RECOMPUTATIONS = 1_000;
/** Slack in bytes: allocator bookkeeping, never a per-recomputation leak (measured: 0 bytes). */
const BOUND = 1024;
/** The smallest block the core's malloc hands out (wasm32: 8 bytes of payload, 8 of header). */
const SMALLEST_BLOCK = 16;

/** [tag, attribute, value A, value B]: flipping between A and B recomputes through the core. */
const FLIPS = [
  ['attn-stepper', 'mask', 'none', 'causal'],
  ['attn-masks', 'window', '2', '3'],
  ['attn-shuffle', 'positions', 'sinusoidal', 'rotary'],
  ['attn-heads', 'mask', 'causal', 'none'],
  ['attn-cost', 'n', '512', '1024'],
];

async function started(widget) {
  await widget.scrollIntoViewIfNeeded();
  await whenStarted(widget);
}

test('1,000 recomputations across the widgets leave the WASM heap where it started', async ({ page }) => {
  // Enough to prove the bound: one widget alone leaking its smallest block per recomputation
  // would leave more than BOUND bytes behind.
  expect((RECOMPUTATIONS / FLIPS.length) * SMALLEST_BLOCK).toBeGreaterThan(BOUND);
  // Each recomputation redraws its widget's heatmaps and charts (4–27 ms idle, more under load).
  test.slow();
  await page.goto('/');
  for (const [tag] of FLIPS) await started(page.locator(tag));
  await page.locator('attn-masks').evaluate((el) => el.setAttribute('masks', 'causal window'));

  const result = await page.evaluate(async ({ flips, count }) => {
    const { loadAttn } = await import('/attention-lab.js');
    const { core } = await loadAttn(); // the page's one instance, shared by every widget
    const widgets = flips.map(([tag]) => document.querySelector(tag));
    const changes = new Map(widgets.map((w) => [w, 0]));
    for (const w of widgets) w.addEventListener('change', () => changes.set(w, changes.get(w) + 1));
    const flip = async (i) => {
      const k = i % flips.length;
      const [, attribute, a, b] = flips[k];
      widgets[k].setAttribute(attribute, Math.floor(i / flips.length) % 2 ? a : b);
      await Promise.resolve();
    };
    for (let i = 0; i < 10 * flips.length; i++) await flip(i); // warm up: first-use allocations
    for (const w of widgets) changes.set(w, 0);
    const start = { inUse: core.heapInUse, bytes: core.heapBytes };
    for (let i = 0; i < count; i++) await flip(i);
    await Promise.resolve();
    const end = { inUse: core.heapInUse, bytes: core.heapBytes };
    return { start, end, changes: [...changes.values()] };
  }, { flips: FLIPS, count: RECOMPUTATIONS });

  console.log(`WASM heap: ${result.start.inUse} bytes in use before, ${result.end.inUse} after ${RECOMPUTATIONS} recomputations; linear memory ${result.start.bytes} → ${result.end.bytes} bytes`);
  // Every flip recomputed (each fires one change event): 200 per widget.
  expect(result.changes).toEqual(FLIPS.map(() => RECOMPUTATIONS / FLIPS.length));
  expect(result.start.inUse).toBeGreaterThan(0);
  expect(result.end.inUse - result.start.inUse).toBeLessThanOrEqual(BOUND);
  expect(result.end.bytes).toBe(result.start.bytes);

  // Each widget still computes its known numbers.
  const cost = page.locator('attn-cost');
  await cost.evaluate((el) => { el.setAttribute('n', '1024'); el.setAttribute('d-model', '512'); el.setAttribute('heads', '8'); });
  await expect(cost.getByText('8 heads × 64 features = d_model 512. Crossover at N = 1,024: at N = 1,024 the two terms are equal.')).toBeVisible();
  const stepper = page.locator('attn-stepper');
  await stepper.evaluate((el) => { el.setAttribute('mask', 'causal'); el.setAttribute('step', '6'); });
  await expect(stepper.getByText('Step 6 of 6: Output')).toBeVisible();
  await expect(stepper.getByRole('grid', { name: 'Output' })).toContainText('0.804');
  const masks = page.locator('attn-masks');
  await masks.evaluate((el) => { el.setAttribute('masks', 'window'); el.setAttribute('window', '1'); });
  await expect(masks.getByRole('table', { name: 'Mask' }).locator('tbody tr').last()).toHaveText(/−∞\s*−∞\s*−∞\s*0/);
});
