// embed-resize.spec.js — embed-resize.js on an author's page: an iframe of embed.html keeps the
// height it was written with while its widget waits below the fold (a frame only grows to the
// height of a widget not yet drawn), and takes the widget's own height once it has started.
import { test, expect } from './helpers/fixtures.js';

// The author's page: text taller than the window, then a frame written taller than the widget.
const HOST = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course page</title></head><body>
<div style="height: 2400px">A long chapter.</div>
<iframe src="/embed.html?widget=masks" title="Masks" width="100%" height="1500"></iframe>
<script src="/embed-resize.js"></script>
<script>
  // Every height the frame is given, and every size message, for the test to read.
  window.heights = []; window.sizes = [];
  const frame = document.querySelector('iframe');
  new MutationObserver(() => heights.push(frame.getBoundingClientRect().height)).observe(frame, { attributes: true, attributeFilter: ['style'] });
  addEventListener('message', (e) => { if (e.data?.type === 'attn-lab:size') sizes.push(e.data); });
</script></body></html>`;

test('a frame keeps its written height until its widget is drawn, then takes the widget’s height', async ({ page }) => {
  await page.route('**/resize-host.html', (route) => route.fulfill({ contentType: 'text/html', body: HOST }));
  await page.goto('/resize-host.html');
  // Below the fold the widget has not started: it says so, and the frame keeps its 1500 px.
  await expect.poll(() => page.evaluate(() => sizes.length)).toBeGreaterThan(0);
  const early = await page.evaluate(() => sizes);
  expect(early.every((size) => size.ready === false && size.widget === 'masks')).toBe(true);
  expect(early.at(-1).height).toBeLessThan(1500); // the reserved widget is shorter than the frame
  expect((await page.locator('iframe').boundingBox()).height).toBe(1500);

  // Scrolled to, it starts, and the frame takes its height exactly: no inner scrollbar, no gap.
  await page.locator('iframe').scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => sizes.some((size) => size.ready))).toBe(true);
  const content = page.frames().find((f) => f.url().includes('embed.html'));
  await expect.poll(async () => Math.round((await page.locator('iframe').boundingBox()).height))
    .toBe(await content.evaluate(() => Math.ceil(document.getElementById('widget').getBoundingClientRect().bottom)));
  // It was never shrunk below the written height before the widget was drawn.
  const ready = await page.evaluate(() => sizes.findIndex((size) => size.ready));
  expect(ready).toBeGreaterThanOrEqual(0);
  const heights = await page.evaluate(() => heights);
  expect(Math.min(...heights.slice(0, -1), 1500)).toBeGreaterThanOrEqual(1500);
});
