// contrast-more.spec.js — a reader who asked for more contrast (prefers-contrast: more: macOS and
// iOS "Increase contrast", Windows contrast themes). The grey text (captions, column heads, "In
// words", labels, the lab page's footer and contents heading) reaches 7:1 against its background
// (WCAG AAA) in both schemes, inside the widgets' shadow roots and on the page; the rules between
// cells reach 3:1; a disabled button is drawn, not faded. Without the preference the greys stay.
import { test, expect } from './helpers/fixtures.js';
import { started } from './helpers/a11y-pages.js';
import { contrastRatio } from './helpers/contrast.js';

const colours = (locator) => locator.evaluate((el) => {
  const host = el.getRootNode().host ?? document.documentElement;
  const own = getComputedStyle(el);
  return { color: own.color, border: own.borderTopColor, opacity: own.opacity, background: getComputedStyle(host).backgroundColor,
    fill: own.backgroundColor };
});

/** The contrast of each grey text against the background it sits on (its widget's, or the page's). */
async function greyText(page) {
  const stepper = page.locator('attn-stepper').first();
  const cost = page.locator('attn-cost').first();
  await started(stepper);
  await started(cost);
  const texts = {
    'lab page footer': page.locator('.site-footer'),
    'lab page contents heading': page.locator('.toc h2'),
    'stepper table caption': stepper.locator('table.matrix caption').first(),
    'stepper column head': stepper.locator('table.matrix th').first(),
    'stepper In words': stepper.locator('.in-words'),
    'cost "Download" label': cost.locator('.figure-downloads-label').first(),
  };
  const ratios = {};
  for (const [name, locator] of Object.entries(texts)) {
    const { color, background } = await colours(locator);
    ratios[name] = contrastRatio(color, background);
  }
  return ratios;
}

for (const colorScheme of ['light', 'dark']) {
  test.describe(`more contrast, ${colorScheme}`, () => {
    test.use({ contrast: 'more', colorScheme });

    test('grey text reaches 7:1 (AAA), cell rules 3:1, and a disabled button is not faded', async ({ page }) => {
      await page.goto('/#by-hand');
      for (const [name, ratio] of Object.entries(await greyText(page))) expect(ratio, name).toBeGreaterThanOrEqual(7);

      const stepper = page.locator('attn-stepper').first();
      // A computed cell's rule against the cell's shade, a typed cell's field edge against the page's.
      const cell = await colours(stepper.getByRole('grid', { name: 'Q' }).locator('td:not(.corner)').first());
      expect(contrastRatio(cell.border, cell.fill), 'the rule around a cell').toBeGreaterThanOrEqual(3);
      const field = await colours(stepper.locator('table.matrix input').first());
      expect(contrastRatio(field.border, field.background), 'a typed cell\'s edge').toBeGreaterThanOrEqual(4.5);

      // At step 1 there is no step back: the button says so at full strength, in a dashed border.
      const back = stepper.getByRole('button', { name: '← Back' });
      await expect(back).toBeDisabled();
      const look = await colours(back);
      expect(look.opacity).toBe('1');
      expect(contrastRatio(look.color, look.background), 'the disabled button\'s word').toBeGreaterThanOrEqual(7);
      expect(await back.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('dashed');
    });
  });
}

test('without the preference the greys are the theme\'s own (the override is only for more contrast)', async ({ page }) => {
  await page.goto('/#by-hand');
  const ratios = await greyText(page);
  // --attn-muted #5b6675 on #ffffff, --page-muted on --page-bg: under 7:1, as designed.
  expect(ratios['stepper In words']).toBeCloseTo(5.83, 1);
  expect(ratios['lab page footer']).toBeCloseTo(5.64, 1);
});
