// fixtures.js — the `test` every spec uses. Its page records every request and every console
// error or page error; after each test it asserts that no request left the page's origin and
// that nothing was logged as an error (a CSP violation included).
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  page: async ({ page, baseURL }, use) => {
    const origin = new URL(baseURL).origin;
    const foreign = [];
    const errors = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'data:' || url.protocol === 'blob:') return;
      if (url.origin !== origin) foreign.push(request.url());
    });
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(foreign, 'requests that left the origin').toEqual([]);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };

/**
 * Holds the page's WebAssembly downloads (the core: same origin, the route only delays them) until
 * the function it returns is called: for what a learner does before a widget has started.
 */
export async function holdCore(page) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(/\.wasm$/, async (route) => { await held; await route.continue(); });
  return release;
}

/**
 * Waits until `widget` (a locator of one attn-* element) has started (with the page's core, if it
 * needs one) and has drawn. Waiting for "Loading the attention core…" to be hidden is not enough:
 * before the element is defined and built, that text does not exist yet, so it is "hidden" at once.
 */
export async function whenStarted(widget, timeout = 20_000) {
  await expect.poll(() => widget.evaluate((el) => el.started === true), { timeout }).toBe(true);
  // Every copy of the line: an <attn-exercise> holds a widget of its own, which must start too.
  await expect(widget.getByText('Loading the attention core…').filter({ visible: true })).toHaveCount(0, { timeout });
}
