// motion.spec.js — prefers-reduced-motion: with it, every chart is created with Chart.js
// animation off and nothing in the page or in any widget has a transition or an animation;
// without it, charts get their short transition (so the check above is not vacuous).
import { test, expect } from './helpers/fixtures.js';
import { started } from './helpers/a11y-pages.js';

/** Every chart canvas on the page with its data-animation mark and its Chart.js option. */
async function charts(page) {
  const found = [];
  for (const tag of ['attn-variance', 'attn-cost', 'attn-train']) {
    const widget = page.locator(tag);
    await started(widget);
    if (tag === 'attn-variance') await expect(widget.getByRole('img', { name: /^Histogram of 20,000 raw/ })).toBeVisible();
    if (tag === 'attn-cost') await expect(widget.getByRole('img', { name: /cost terms/ })).toHaveAttribute('data-drawn', /\d/);
    found.push(...await widget.evaluate((el) => {
      // Every Chart.js chart the widget holds, however deep in its views (a chart has a canvas,
      // options and update()); DOM nodes are not walked.
      const mine = [];
      const seen = new Set();
      const walk = (o, depth) => {
        if (!o || typeof o !== 'object' || o instanceof Node || seen.has(o) || depth > 4) return;
        seen.add(o);
        if (o.canvas instanceof HTMLCanvasElement && o.options && typeof o.update === 'function') { mine.push(o); return; }
        for (const key of Object.keys(o)) walk(o[key], depth + 1);
      };
      for (const key of Object.keys(el)) walk(el[key], 1);
      return [...el.shadowRoot.querySelectorAll('canvas[data-animation]')].map((canvas) => {
        const chart = mine.find((c) => c.canvas === canvas);
        return { widget: el.localName, mark: canvas.dataset.animation, option: chart ? chart.options.animation : 'no chart' };
      });
    }));
  }
  return found;
}

/** Transition and animation durations of every element of the page and of every shadow root. */
function moving(page) {
  return page.evaluate(() => {
    const out = [];
    const visit = (root) => {
      for (const el of root.querySelectorAll('*')) {
        for (const pseudo of [null, '::before', '::after']) {
          const s = getComputedStyle(el, pseudo);
          const durations = `${s.transitionDuration},${s.animationDuration}`.split(',').map((d) => parseFloat(d));
          if (durations.some((d) => d > 0) && (s.animationName !== 'none' || s.transitionProperty !== 'none')) out.push(`${el.localName}.${el.className}${pseudo ?? ''}: ${s.transitionDuration} / ${s.animationName} ${s.animationDuration}`);
        }
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    return out;
  });
}

test('with reduced motion, charts are created without animation and nothing transitions', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const found = await charts(page);
  expect(found.length).toBeGreaterThanOrEqual(4); // two histograms, the cost chart, the loss chart
  for (const chart of found) expect(chart, `${chart.widget}`).toEqual({ widget: chart.widget, mark: 'off', option: false });
  // Start every remaining widget (the editor's CodeMirror has a blinking cursor of its own).
  for (const tag of ['attn-stepper', 'attn-masks', 'attn-shuffle', 'attn-heads', 'attn-editor']) await started(page.locator(tag));
  await page.locator('attn-editor').getByRole('textbox', { name: /Your attention function/ }).focus();
  expect(await moving(page)).toEqual([]);
});

test('without reduced motion, the same charts do animate (the check above is real)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  const found = await charts(page);
  expect(found.length).toBeGreaterThanOrEqual(4);
  for (const chart of found) {
    expect(chart.mark).toBe('on');
    expect(chart.option).toEqual({ duration: 250 });
  }
  // The editor's blinking cursor is an animation: found here, gone under reduced motion above.
  await started(page.locator('attn-editor'));
  await page.locator('attn-editor').getByRole('textbox', { name: /Your attention function/ }).focus();
  expect((await moving(page)).join('\n')).toMatch(/cm-cursorLayer/);
});
