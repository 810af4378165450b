// forced-colors.spec.js — the lab for learners who use forced colours (Windows High Contrast) or
// their own text spacing (WCAG 1.4.12). In forced colours the browser drops backgrounds, gradients
// and shadows: every state that one of those marked must still be marked, in system colours (the
// pressed preset, the selected tab, the current step, a disabled button, the section in view, a
// weight's bar, the heatmap's colour scale). With a learner's spacing (line height 1.5, paragraphs
// 2 em apart, letters 0.12 em, words 0.16 em) no field may be cut off at 320 px.
import { test, expect } from './helpers/fixtures.js';
import { started } from './helpers/a11y-pages.js';
import { contrastRatio } from './helpers/contrast.js';

/** Opens one widget on the embed page and waits until it has started. */
async function openWidget(page, name, tag) {
  await page.goto(`/embed.html?widget=${name}`);
  const widget = page.locator(tag);
  await started(widget);
  return widget;
}

/** What a system colour keyword (Highlight, CanvasText…) computes to on this page, as a background. */
const systemColour = (page, keyword) => page.evaluate((colour) => {
  const probe = document.createElement('div');
  probe.style.backgroundColor = colour;
  document.body.append(probe);
  const value = getComputedStyle(probe).backgroundColor;
  probe.remove();
  return value;
}, keyword);

const style = (locator, ...names) => locator.evaluate((el, props) => {
  const computed = getComputedStyle(el);
  return Object.fromEntries(props.map((name) => [name, computed.getPropertyValue(name)]));
}, names);

for (const scheme of ['dark', 'light']) {
  test.describe(`forced colours, ${scheme}`, () => {
    test.use({ forcedColors: 'active', colorScheme: scheme });

    test('the button that is on (pressed preset, selected tab, current step) keeps a Highlight fill; a disabled one is GrayText', async ({ page }) => {
      const on = [
        ['bottleneck', 'attn-bottleneck', (w) => w.getByRole('button', { name: 'd = 64' })],
        ['heads', 'attn-heads', (w) => w.getByRole('tab', { name: 'Head 1' })],
        ['stepper', 'attn-stepper', (w) => w.getByRole('button', { name: '1. Inputs' })],
      ];
      for (const [name, tag, find] of on) {
        const widget = await openWidget(page, name, tag);
        const highlight = await systemColour(page, 'Highlight');
        const button = find(widget);
        const look = await style(button, 'background-color', 'forced-color-adjust');
        expect(look, `${name}: the button that is on`).toEqual({ 'background-color': highlight, 'forced-color-adjust': 'none' });
        // The buttons that are off stay on the page's background: the fill is what tells them apart.
        if (name === 'stepper') {
          expect((await style(widget.getByRole('button', { name: '2. Scores' }), 'background-color'))['background-color']).not.toBe(highlight);
          // At step 1 there is no step back: disabled, in GrayText, not faded to nothing.
          const back = widget.getByRole('button', { name: '← Back' });
          await expect(back).toBeDisabled();
          expect(await style(back, 'color', 'opacity')).toEqual({ color: await systemColour(page, 'GrayText'), opacity: '1' });
        }
        // Its focus ring is drawn (an outline, in the text's system colour) when the keyboard reaches it.
        await button.focus();
        const ring = await style(button, 'outline-style', 'outline-width', 'outline-color');
        expect(ring['outline-style']).toBe('solid');
        expect(parseFloat(ring['outline-width'])).toBeGreaterThanOrEqual(2);
        expect(ring['outline-color']).toBe(await systemColour(page, 'CanvasText'));
      }
    });

    test('weight bars, shuffle bars and the heatmap colour scale stay visible', async ({ page }) => {
      const lookup = await openWidget(page, 'lookup', 'attn-lookup');
      const canvasText = await systemColour(page, 'CanvasText');
      // Each weight's bar is filled in the text's colour (it was the page's background: no bar).
      const bar = lookup.locator('.bar').first();
      expect((await style(bar, 'background-color'))['background-color']).toBe(canvasText);
      expect((await bar.boundingBox()).width).toBeGreaterThan(10);

      const shuffle = await openWidget(page, 'shuffle', 'attn-shuffle');
      const bars = shuffle.locator('.vec-line').first();
      expect((await style(bars.locator('.bar:not(.negative)').first(), 'background-color'))['background-color']).toBe(await systemColour(page, 'CanvasText'));
      expect((await style(bars.locator('.bar.negative').first(), 'background-color'))['background-color']).toBe(await systemColour(page, 'Highlight'));
      // the zero line each bar stands on
      expect((await style(bars.locator('.bar-slot').first(), 'background-image'))['background-image']).toMatch(/gradient/);

      const bottleneck = await openWidget(page, 'bottleneck', 'attn-bottleneck');
      const ramp = bottleneck.locator('.heatmap-ramp').first();
      const look = await style(ramp, 'background-image', 'forced-color-adjust', 'border-top-style');
      expect(look['forced-color-adjust']).toBe('none');
      expect(look['background-image']).toMatch(/^linear-gradient\(/);
      expect(look['border-top-style']).toBe('solid');
    });

    test('a changed cell keeps its bar; the contents mark only the section in view; a glossary target is outlined', async ({ page }) => {
      const stepper = await openWidget(page, 'stepper', 'attn-stepper');
      await stepper.getByRole('checkbox', { name: 'Causal mask' }).uncheck();
      await stepper.getByRole('button', { name: 'Show step 5, Softmax' }).click();
      const changed = stepper.getByRole('grid', { name: 'Weights' }).locator('td.changed').first();
      const bar = await style(changed, 'border-bottom-width', 'border-bottom-style');
      expect(bar).toEqual({ 'border-bottom-width': '3px', 'border-bottom-style': 'solid' });

      await page.goto('/#masks');
      const current = page.locator('.toc a[aria-current="location"]');
      await expect(current).toHaveCount(1);
      expect((await style(current, 'border-left-color'))['border-left-color']).toBe(await systemColour(page, 'Highlight'));
      const other = page.locator('.toc a:not([aria-current])').first();
      expect((await style(other, 'border-left-color'))['border-left-color']).toBe(await systemColour(page, 'Canvas'));

      // A glossary entry a link led to was shaded (dropped): it is outlined instead.
      await page.goto('/#g-query');
      const entry = page.locator('#g-query');
      expect(await style(entry, 'outline-style', 'outline-color')).toEqual({ 'outline-style': 'solid', 'outline-color': await systemColour(page, 'Highlight') });
    });
  });
}

/** Records the colour each canvas text is drawn in (heatmap labels, chart titles): a test cannot
 *  read text back from a canvas. */
const recordCanvasText = (page) => page.addInitScript(() => {
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  window.canvasText = [];
  CanvasRenderingContext2D.prototype.fillText = function record(text, ...where) {
    window.canvasText.push([String(text), this.fillStyle]);
    return fillText.call(this, text, ...where);
  };
});
const drawnIn = (page, text) => page.evaluate((wanted) => window.canvasText.findLast(([drawn]) => drawn === wanted)?.[1], text);

// The pages a course author ships: embed.html in an iframe and a course page like
// examples/course.html, where a widget may carry the other scheme's theme attribute (the course's
// heads are theme="dark"). The reader's system colours still rule: a canvas's text (drawn on a
// transparent canvas, over Canvas) is in CanvasText, not in the theme's --attn-fg.
for (const scheme of ['dark', 'light']) {
  const other = scheme === 'dark' ? 'light' : 'dark';
  test.describe(`forced colours, ${scheme}, on the pages a course author ships`, () => {
    test.use({ forcedColors: 'active', colorScheme: scheme });

    test(`embed.html with theme=${other}: heatmap labels and chart titles are drawn in the system text colour`, async ({ page }) => {
      await recordCanvasText(page);
      await openWidget(page, `heads&theme=${other}`, 'attn-heads');
      const canvas = await systemColour(page, 'Canvas');
      expect(await page.locator('attn-heads').getAttribute('theme')).toBe(other);
      expect(contrastRatio(await drawnIn(page, 'animal'), canvas), 'a heatmap row label').toBeGreaterThanOrEqual(4.5);
      await openWidget(page, `cost&theme=${other}`, 'attn-cost');
      expect(contrastRatio(await drawnIn(page, 'N (tokens)'), canvas), 'a chart axis title').toBeGreaterThanOrEqual(4.5);
    });

    test('course page: the theme switch by keyboard, with a ring; the widgets keep their marks and labels in both themes', async ({ page }) => {
      await recordCanvasText(page);
      await page.goto('/examples/course.html');
      await page.keyboard.press('Tab');
      const paper = page.getByRole('radio', { name: 'Paper' });
      await expect(paper).toBeFocused();
      expect((await style(paper, 'outline-style'))['outline-style']).not.toBe('none');
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio', { name: 'Slate' })).toBeChecked();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'slate');
      for (const theme of ['slate', 'paper']) {
        if (theme === 'paper') await page.getByRole('radio', { name: 'Paper' }).check();
        const heads = page.locator('attn-heads');
        await started(heads);
        await heads.getByRole('tab', { name: 'Head 2' }).click();
        expect((await style(heads.getByRole('tab', { name: 'Head 2' }), 'background-color'))['background-color'], theme)
          .toBe(await systemColour(page, 'Highlight'));
        // the course's heads are theme="dark": their labels were light on a light Canvas
        expect(contrastRatio(await drawnIn(page, 'animal'), await systemColour(page, 'Canvas')), `${theme}: a heatmap label`).toBeGreaterThanOrEqual(4.5);
      }
    });
  });
}

/** A learner's text spacing (WCAG 1.4.12), on the page and in every widget's shadow root. */
async function spaceText(page) {
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
      p { margin-bottom: 2em !important; }`);
    const add = (root) => {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) add(el.shadowRoot);
    };
    add(document);
  });
}

test.describe('text spacing at 320 px', () => {
  test.use({ viewport: { width: 320, height: 800 } });

  for (const tag of ['attn-lookup', 'attn-bottleneck']) {
    test(`${tag} on the lab page: every field and choice stays inside the widget`, async ({ page }) => {
      await page.goto('/');
      const widget = page.locator(tag);
      await started(widget);
      await spaceText(page);
      const controls = widget.locator('.controls').first();
      const sizes = await controls.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(sizes.scroll, 'the fields need no more width than they have').toBeLessThanOrEqual(sizes.client);
      const right = await widget.evaluate((el) => el.getBoundingClientRect().right);
      for (const field of await controls.locator('input, label').all()) {
        const box = await field.boundingBox();
        if (box) expect(box.x + box.width, await field.evaluate((el) => el.outerHTML.slice(0, 80))).toBeLessThanOrEqual(right);
      }
    });
  }

  test('shuffle: the vector labels are not cut', async ({ page }) => {
    const widget = await openWidget(page, 'shuffle', 'attn-shuffle');
    await spaceText(page);
    for (const label of await widget.locator('.vec-label').all()) {
      const sizes = await label.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, text: el.textContent }));
      expect(sizes.scroll, sizes.text).toBeLessThanOrEqual(sizes.client);
    }
  });
});
