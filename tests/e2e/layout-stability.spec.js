// layout-stability.spec.js — a widget keeps its height when it starts. A widget starts lazily,
// when it first comes near the viewport; before that it is drawn without its numbers. If the
// panels, maps, charts and tables its numbers fill appeared only at the start, the page would
// jump under a reader who follows a link to a section or scrolls up (Safari has no scroll
// anchoring to hide it), and a click could land on the wrong element. So each widget below lays
// those places out from the start: this spec opens the lab, records a widget's height while it
// has not started (nothing has scrolled near it), scrolls it into view, waits until it has started
// and drawn its numbers, and compares.
//
// Covered: the widgets whose places are laid out before they start (attn-decode and attn-train lay
// out their maps for the shipped model's shape, its config, which tests/wasm/checkpoint.test.mjs
// checks against the file). Not covered: attn-stepper (laid out, but its "In words" gains three
// sentences at the start, about 200 px).
//
// attn-train measures its heads in its worker after the model loads (a few seconds), and only then
// fills the heads' summary, the similarity map and "Does the pattern hold?" (its readout, then its
// three windows, one probe each): read at a fixed time after the start, its height depended on how
// far that had gone (5,828 or 6,148 px on main). So it is read once the windows are drawn; what is
// the model's rather than the settings' (the sample's text, the heads' roles) is left to the tolerance.
import { test, expect, whenStarted } from './helpers/fixtures.js';

const COVERED = ['attn-bottleneck', 'attn-variance', 'attn-masks', 'attn-cross', 'attn-shuffle', 'attn-heads', 'attn-cost', 'attn-editor', 'attn-decode', 'attn-train'];

// What still changes at the start, by design: the line "Loading the attention core…" is hidden
// (28 px), and the "In words" text gains its sentence about the current result (one to three
// lines). Measured at 1280 × 900 after the fix: −29 to +57 px; before it, +467 to +2,564 px.
const tolerance = (height) => Math.max(40, 0.03 * height);

/** What a widget draws last once started, beyond whenStarted (its measurements in a worker). */
const DRAWN = {
  'attn-variance': (widget) => expect(widget.getByRole('img', { name: /^Histogram of/ })).toHaveCount(2, { timeout: 20_000 }),
  'attn-bottleneck': (widget) => expect(widget.getByText(/^Measured \d+ lengths/)).toBeVisible({ timeout: 20_000 }),
  'attn-cost': (widget) => expect(widget.locator('canvas[data-drawn]')).toHaveCount(2),
  'attn-decode': async (widget) => {
    await expect(widget.getByText(/^Decoding with the shipped model/)).toBeVisible({ timeout: 20_000 });
    await expect(widget.locator('.chart-box.waiting')).toHaveCount(0);
  },
  'attn-train': async (widget) => {
    await expect(widget.getByText(/^Measured \d+ heads over/)).toBeVisible({ timeout: 60_000 });
    await expect(widget.locator('.side-by-side canvas.small-map')).toHaveCount(3, { timeout: 30_000 });
    await expect(widget.locator('pre.sample .generated')).toHaveCount(1, { timeout: 30_000 });
  },
  'attn-editor': (widget) => expect(widget.getByRole('button', { name: 'Check against reference' })).toBeEnabled({ timeout: 20_000 }),
};

test.use({ viewport: { width: 1280, height: 900 } });

for (const tag of COVERED) {
  test(`<${tag}> is as tall before it starts as once started`, async ({ page }) => {
    await page.goto('/');
    // The lab's own copy (an exercise holds widgets of its own, in its shadow root).
    await page.evaluate(async (name) => {
      await document.fonts.ready;
      await customElements.whenDefined(name);
      document.querySelector(name).dataset.layoutProbe = '';
    }, tag);
    const widget = page.locator(`${tag}[data-layout-probe]`);
    // Its height once the page has settled (the stylesheets applied, heatmaps fitted to their boxes):
    // the same in two reads 100 ms apart.
    await page.waitForLoadState('load');
    const before = await widget.evaluate(async (el) => {
      for (let last = -1; ;) {
        await new Promise((resolve) => { setTimeout(resolve, 100); });
        const height = el.getBoundingClientRect().height;
        if (height === last) return { started: el.started, height };
        last = height;
      }
    });
    expect(before.started, `${tag} must not have started before it is scrolled near`).toBe(false);

    await widget.scrollIntoViewIfNeeded();
    await whenStarted(widget);
    await DRAWN[tag]?.(widget);
    const after = await widget.evaluate((el) => el.getBoundingClientRect().height);

    expect(Math.abs(after - before.height), `${tag}: ${Math.round(before.height)} px before it started, ${Math.round(after)} px after`)
      .toBeLessThanOrEqual(tolerance(after));
  });
}
