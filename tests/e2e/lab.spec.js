// lab.spec.js — the lab page around the widgets: the table of contents lists every
// section from 6.1 and marks the one in view; on a phone a "↑ Sections" link leads back to it;
// and settings are not history: a widget's changes rewrite the current entry, a new entry comes
// only from moving to another section, and Back leaves the page after walking the sections.
import { test, expect } from './helpers/fixtures.js';
import { started, startAll } from './helpers/a11y-pages.js';

test('the contents list 6.1 and mark the section in view', async ({ page }) => {
  await page.goto('/');
  const toc = page.getByRole('navigation', { name: 'Sections' });
  await expect(toc.getByRole('link').first()).toHaveText('6.1 The question attention answers');
  await page.locator('#s6-4').scrollIntoViewIfNeeded();
  await page.evaluate(() => document.getElementById('s6-4').scrollIntoView());
  await expect(toc.getByRole('link', { name: '6.4 Masks' })).toHaveAttribute('aria-current', 'location');
  await expect(toc.locator('[aria-current]')).toHaveCount(1);
  // The bottleneck is a section of its own: reading it marks it, not the lookup above it.
  await page.evaluate(() => document.querySelector('attn-bottleneck').scrollIntoView());
  await expect(toc.getByRole('link', { name: 'Why attention was invented' })).toHaveAttribute('aria-current', 'location');
  await expect(toc.locator('[aria-current]')).toHaveCount(1);
  await page.evaluate(() => document.getElementById('s6-2').scrollIntoView());
  await expect(toc.getByRole('link', { name: '6.2 Attention by hand' })).toHaveAttribute('aria-current', 'location');
  // Marked by weight and a bar, not by colour alone.
  const style = await toc.getByRole('link', { name: '6.2 Attention by hand' }).evaluate((a) => {
    const s = getComputedStyle(a);
    return { weight: s.fontWeight, bar: s.borderLeftStyle };
  });
  expect(style).toEqual({ weight: '700', bar: 'solid' });
});

test('on a phone, “↑ Sections” appears once the contents scroll away and the reader scrolls back up (or tabs to it), and leads back to them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const back = page.getByRole('link', { name: '↑ Sections' });
  await expect(back).toBeHidden(); // the contents are on screen
  await page.evaluate(() => document.getElementById('s6-5').scrollIntoView());
  // Reading on, it waits below the window, off the text; scrolling back up a little brings it.
  await expect(back).not.toBeInViewport();
  await page.mouse.wheel(0, -200);
  await expect(back).toBeInViewport();
  await page.mouse.wheel(0, 400);
  await expect(back).not.toBeInViewport();
  // A keyboard reader reaches it by Tab wherever it is: focused, it is on screen.
  await back.focus();
  await expect(back).toBeInViewport();
  await page.mouse.wheel(0, -200);
  // It floats over the text, so it takes as little of it as a touch target may: 44 × 44 px.
  const box = await back.boundingBox();
  expect(box.width).toBeLessThanOrEqual(48);
  expect(box.height).toBeLessThanOrEqual(48);
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(40);
  await back.click();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeInViewport();
  await expect(back).toBeHidden();
});

test('settings rewrite the current entry; a section link adds one; Back walks sections, never settings', async ({ page }) => {
  await page.goto('/');
  const length = () => page.evaluate(() => history.length);
  const start = await length();
  const stepper = page.locator('attn-stepper');
  await started(stepper);
  await stepper.getByRole('button', { name: 'Next →' }).click();
  await stepper.getByRole('button', { name: 'Next →' }).click();
  await stepper.getByRole('checkbox', { name: 'Causal mask' }).uncheck();
  await expect(page).toHaveURL(/#s6-2&stepper\.step=3&stepper\.mask=none$/);
  expect(await length()).toBe(start); // three changes, no new entry
  const masks = page.locator('attn-masks');
  await started(masks);
  await masks.getByRole('checkbox', { name: 'Sliding window' }).check();
  await expect(page).toHaveURL(/#s6-4&.*masks\.masks=causal\+window/);
  expect(await length()).toBe(start);

  // Moving to another section is a new entry, and keeps every setting.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: '6.6 Multi-head attention' }).click();
  await expect(page).toHaveURL(/#s6-6&.*stepper\.mask=none.*masks\.masks=causal\+window/);
  expect(await length()).toBe(start + 1);
  const cost = page.locator('attn-cost');
  await started(cost);
  await cost.getByLabel('N (tokens)', { exact: true }).fill('4096');
  await cost.getByLabel('N (tokens)', { exact: true }).press('Enter');
  expect(await length()).toBe(start + 1);

  // Back returns to the section before, with the settings as they are now; Back again leaves the page.
  await page.goBack();
  await expect(page).toHaveURL(/#s6-4&/);
  await expect(cost).toHaveAttribute('n', '4096');
  await expect(stepper).toHaveAttribute('mask', 'none');
  await expect(masks).toHaveAttribute('masks', 'causal window');
  await expect(page).toHaveURL(/cost\.n=4096/); // the entry now records the current state
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
});

test('no widget shows a superscript written as ^X: W^Q, W^K, W^V and W^O are seen with the letter raised', async ({ page }) => {
  test.slow();
  await page.goto('/');
  await startAll(page);
  const shown = await page.evaluate(() => {
    const found = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
      const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const { parentElement: parent } = node;
        if (/\^[A-Za-z]/.test(node.data) && !['SCRIPT', 'STYLE'].includes(parent.tagName) && parent.checkVisibility()) {
          found.push(`${root.host?.localName ?? 'page'}: ${node.data.trim().slice(0, 80)}`);
        }
      }
    };
    walk(document);
    return found;
  });
  expect(shown).toEqual([]);
  // Where the letters were seen as ^Q, ^K, ^O before: raised now.
  await expect(page.locator('attn-stepper [part="in-words"] sup')).toHaveText(['Q', 'K']);
  await expect(page.locator('attn-exercise').first().locator('[part="in-words"] sup')).toHaveText(['Q', 'K']);
  await expect(page.locator('attn-train').getByText(/^A map shows what a head mixed/).locator('sup')).toHaveText(['O']);
});
