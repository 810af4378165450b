// theme.spec.js — theming a course page from outside (web/ui/theme.js): the --attn-* custom
// properties set on :root reach inside every registered widget's shadow root (read back as
// computed styles of its box, title, buttons), --attn-dark-* take over in the dark scheme and
// under theme="dark", a value set on one element wins over :root for that element alone, the
// example course page's two themes style all of its widgets, and the iframe form takes the
// properties from its URL and refuses a value that is not one.
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { WIDGETS } from '../../web/widgets/registry.js';

const TAGS = WIDGETS.map((widget) => widget.tag);

/** The computed styles the theme sets, read inside one widget: its box, title and first button. */
function themed(page, tag, index = 0) {
  return page.locator(tag).nth(index).evaluate((el) => {
    const box = getComputedStyle(el);
    const button = el.shadowRoot.querySelector('button');
    const title = el.shadowRoot.querySelector('[part~="title"]');
    return {
      background: box.backgroundColor, colour: box.color, radius: box.borderTopLeftRadius, padding: box.paddingTop,
      font: getComputedStyle(title).fontFamily, buttonBorder: button ? getComputedStyle(button).borderTopColor : null,
      buttonRadius: button ? getComputedStyle(button).borderTopLeftRadius : null,
    };
  });
}

/** Sets custom properties on an element's inline style (CSSOM: allowed by the page's CSP). */
const setProperties = (locator, properties) => locator.evaluate((el, values) => {
  for (const [name, value] of Object.entries(values)) el.style.setProperty(name, value);
}, properties);

test('properties set on :root reach inside every widget, light and dark; one element’s own value wins for it alone', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await setProperties(page.locator('html'), {
    '--attn-accent': 'rgb(1, 2, 3)', '--attn-dark-accent': 'rgb(4, 5, 6)',
    '--attn-bg': 'rgb(250, 240, 230)', '--attn-dark-bg': 'rgb(10, 20, 30)',
    '--attn-fg': 'rgb(7, 8, 9)', '--attn-font': 'Georgia, serif', '--attn-radius': '3px',
    '--attn-radius-small': '1px', '--attn-padding': '21px',
  });
  for (const tag of TAGS) {
    expect(await themed(page, tag), tag).toEqual({
      background: 'rgb(250, 240, 230)', colour: 'rgb(7, 8, 9)', radius: '3px', padding: '21px',
      font: 'Georgia, serif', buttonBorder: 'rgb(1, 2, 3)', buttonRadius: '1px',
    });
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const tag of TAGS) {
    expect(await themed(page, tag), tag).toMatchObject({ background: 'rgb(10, 20, 30)', buttonBorder: 'rgb(4, 5, 6)', radius: '3px', font: 'Georgia, serif' });
  }
  // theme="light" on one widget: the light values there, the dark ones elsewhere.
  await page.locator('attn-masks').evaluate((el) => { el.theme = 'light'; });
  expect(await themed(page, 'attn-masks')).toMatchObject({ background: 'rgb(250, 240, 230)', buttonBorder: 'rgb(1, 2, 3)' });
  expect(await themed(page, 'attn-stepper')).toMatchObject({ background: 'rgb(10, 20, 30)' });

  // A value on one element (as `attn-cost { … }` would set it) is that element's alone; in the
  // dark scheme its dark twin still applies.
  await page.emulateMedia({ colorScheme: 'light' });
  await setProperties(page.locator('attn-cost'), { '--attn-accent': 'rgb(200, 0, 100)', '--attn-radius': '0px' });
  expect(await themed(page, 'attn-cost')).toMatchObject({ buttonBorder: 'rgb(200, 0, 100)', radius: '0px' });
  expect(await themed(page, 'attn-heads')).toMatchObject({ buttonBorder: 'rgb(1, 2, 3)', radius: '3px' });
  await page.locator('attn-cost').evaluate((el) => { el.theme = 'dark'; });
  expect(await themed(page, 'attn-cost')).toMatchObject({ buttonBorder: 'rgb(4, 5, 6)', radius: '0px' });
});

test('a chart drawn after the page themed the widgets takes the theme’s colours', async ({ page }) => {
  await page.goto('/embed.html?widget=cost&attn-accent=%23123456&attn-fg=%23222222');
  const cost = page.locator('attn-cost');
  await whenStarted(cost);
  await expect(cost.getByRole('img', { name: /cost terms/ })).toHaveAttribute('data-drawn', /\d/);
  const first = await cost.evaluate((el) => el.chart.chart.data.datasets[0].borderColor);
  expect(first).toBe('rgb(18, 52, 86)'); // #123456, as the browser computes a registered colour
});

for (const scheme of ['light', 'dark']) {
  test(`the course page’s two themes style all of its widgets (${scheme} scheme)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/examples/course.html');
    // Paper, the default: the course's brown accent in every widget, even those its stylesheet never names.
    const paper = scheme === 'light' ? 'rgb(154, 77, 0)' : 'rgb(255, 180, 84)';
    for (const tag of TAGS) {
      for (let i = 0; i < await page.locator(tag).count(); i++) {
        const wantsDark = await page.locator(tag).nth(i).evaluate((el, dark) => el.getAttribute('theme') === 'dark' || (dark && el.getAttribute('theme') !== 'light'), scheme === 'dark');
        expect((await themed(page, tag, i)).buttonBorder, `${tag} #${i + 1}`).toBe(wantsDark ? 'rgb(255, 180, 84)' : 'rgb(154, 77, 0)');
        expect((await themed(page, tag, i)).radius, `${tag} #${i + 1}`).toBe('4px');
      }
    }
    expect((await themed(page, 'attn-masks')).buttonBorder).toBe(paper);
    // Slate, chosen with the page's switch (by keyboard): teal, round corners, pill buttons, more room
    // (1.25rem of the page's 16.8 px root font).
    await page.getByRole('radio', { name: 'Slate' }).focus();
    await page.keyboard.press('Space');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'slate');
    await expect(page).toHaveURL(/\?theme=slate$/);
    const slate = scheme === 'light' ? 'rgb(15, 118, 110)' : 'rgb(94, 234, 212)';
    for (const tag of TAGS) {
      expect(await themed(page, tag), tag).toMatchObject({ radius: '16px', padding: '21px', buttonRadius: '999px' });
    }
    expect((await themed(page, 'attn-train')).buttonBorder).toBe(slate);
    expect((await themed(page, 'attn-heads')).buttonBorder).toBe('rgb(94, 234, 212)'); // theme="dark"
    expect((await themed(page, 'attn-shuffle')).buttonBorder).toBe('rgb(15, 118, 110)'); // theme="light"
  });
}

test('the iframe form takes the theme from its URL, and refuses what is not a theme value', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/embed.html?widget=masks&attn-accent=%23123456&attn-dark-accent=%23abcdef&attn-radius=2px&attn-font=Georgia,serif');
  await expect(page.locator('attn-masks')).toHaveCount(1);
  expect(await themed(page, 'attn-masks')).toMatchObject({ buttonBorder: 'rgb(18, 52, 86)', radius: '2px', font: 'Georgia, serif' });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await themed(page, 'attn-masks')).toMatchObject({ buttonBorder: 'rgb(171, 205, 239)' });

  // A value that could load a file, one that is not a length, and a word that is no colour (the
  // browser's own parser says so): refused with a sentence each, the lab's values kept.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/embed.html?widget=masks&attn-bg=url(https://example.com/x.png)&attn-padding=lots&attn-accent=notacolour');
  await expect(page.locator('attn-masks')).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: '--attn-bg' })).toHaveText('Ignored a theme value: --attn-bg must be a colour, such as #9a4d00, but it is “url(https://example.com/x.png)”.');
  await expect(page.getByRole('alert').filter({ hasText: '--attn-padding' })).toHaveText('Ignored a theme value: --attn-padding must be a length, such as 4px or 0.5rem, but it is “lots”.');
  await expect(page.getByRole('alert').filter({ hasText: '--attn-accent' })).toHaveText('Ignored a theme value: --attn-accent must be a colour, such as #9a4d00, but it is “notacolour”.');
  expect(await themed(page, 'attn-masks')).toMatchObject({ background: 'rgb(255, 255, 255)', padding: '16px', buttonBorder: 'rgb(29, 95, 191)' });
});

test('a colour the browser cannot read, in the page’s own stylesheet, leaves the colour the widget had', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  // A typo on :root (the lab's accent stays) and on one tag (the accent set further up, on its
  // section, stays), as a course page's stylesheet would have them (a constructed sheet: CSSOM,
  // allowed by the CSP).
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(':root { --attn-accent: darkorang; --attn-bg: #fffffg; } #s6-6 { --attn-accent: rgb(1, 2, 3); } attn-cost { --attn-accent: blu; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  const cost = page.locator('attn-cost');
  await cost.scrollIntoViewIfNeeded();
  await whenStarted(cost);
  const measure = cost.getByRole('button', { name: 'Measure in my browser' });
  const look = (button) => button.evaluate((el) => { const style = getComputedStyle(el); return [style.backgroundColor, style.color]; });
  expect(await look(measure)).toEqual(['rgb(1, 2, 3)', 'rgb(255, 255, 255)']);
  expect(await themed(page, 'attn-masks')).toMatchObject({ buttonBorder: 'rgb(29, 95, 191)', background: 'rgb(255, 255, 255)' });
});

/** A course author's page whose text is 20px serif (its root stays at the browser's 16px). */
const TWENTY_PIXEL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A course page</title>
<link rel="icon" href="data:,"><style>body { font: 20px serif; }</style>
<script type="module" src="/attention-lab.js"></script></head>
<body><p>The course's own text.</p><attn-stepper></attn-stepper><attn-masks></attn-masks></body></html>`;

/** The computed font sizes, in pixels, of a widget's title, its first step tab or preset button,
 *  a matrix caption, its "In words" line and its plain text (a label). */
const textSizes = (widget) => widget.evaluate((el) => {
  const size = (css) => parseFloat(getComputedStyle(el.shadowRoot.querySelector(css)).fontSize);
  return { title: size('[part~="title"]'), body: size('label'), caption: size('table.matrix caption'), inWords: size('.in-words') };
});

test('a widget’s text sizes follow one base, its own: in a page of 20px text the title is the largest and captions are smaller', async ({ page }) => {
  await page.route('**/course-20px.html', (route) => route.fulfill({ contentType: 'text/html', body: TWENTY_PIXEL_PAGE }));
  await page.goto('/course-20px.html');
  const stepper = page.locator('attn-stepper');
  await stepper.scrollIntoViewIfNeeded();
  await whenStarted(stepper);
  // By default the widget's text is the page's (20px), and every size is a share of it.
  const sizes = await textSizes(stepper);
  expect(sizes).toEqual({ title: 21, body: 20, caption: 17, inWords: 18.4 });
  expect(sizes.title).toBeGreaterThan(sizes.body);
  expect(sizes.caption).toBeLessThan(sizes.body);
  // --attn-font-size sets that base: on one widget, all its sizes follow, in the same proportions.
  await setProperties(stepper, { '--attn-font-size': '16px' });
  expect(await textSizes(stepper)).toEqual({ title: 16.8, body: 16, caption: 13.6, inWords: 14.72 });
  expect(await textSizes(page.locator('attn-masks'))).toMatchObject({ title: 21, body: 20 });
});

/** Records every font a canvas's 2D context is given (window.canvasFonts(canvas): the fonts, as the
 *  context read them back), before the page's scripts run. */
function recordCanvasFonts() {
  const fonts = new WeakMap();
  const font = Object.getOwnPropertyDescriptor(CanvasRenderingContext2D.prototype, 'font');
  Object.defineProperty(CanvasRenderingContext2D.prototype, 'font', {
    ...font,
    set(value) {
      font.set.call(this, value);
      if (!fonts.has(this.canvas)) fonts.set(this.canvas, new Set());
      fonts.get(this.canvas).add(this.font);
    },
  });
  window.canvasFonts = (canvas) => [...(fonts.get(canvas) ?? [])];
}

const GEORGIA_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A course page</title>
<link rel="icon" href="data:,"><style>:root { --attn-font: Georgia, serif; }</style>
<script type="module" src="/attention-lab.js"></script></head>
<body><attn-stepper></attn-stepper><attn-heads></attn-heads><attn-lookup></attn-lookup><attn-cost></attn-cost><attn-bottleneck></attn-bottleneck></body></html>`;

test('text drawn on canvas is in the widget’s font (--attn-font): heatmaps, the heads’ stack, the lookup plane, Chart.js charts', async ({ page }) => {
  await page.addInitScript(recordCanvasFonts);
  await page.route('**/course-georgia.html', (route) => route.fulfill({ contentType: 'text/html', body: GEORGIA_PAGE }));
  await page.goto('/course-georgia.html');
  for (const tag of ['attn-stepper', 'attn-heads', 'attn-lookup', 'attn-cost', 'attn-bottleneck']) {
    await page.locator(tag).scrollIntoViewIfNeeded();
    await whenStarted(page.locator(tag));
  }
  await expect(page.locator('attn-cost').getByRole('img', { name: 'Log–log chart of the cost terms against N' })).toHaveAttribute('data-drawn', /\d/);
  /** Each widget's canvases that drew text: [its class or name, the families it drew in]. */
  const drawn = () => page.evaluate(() => Object.fromEntries(['attn-stepper', 'attn-heads', 'attn-lookup', 'attn-cost', 'attn-bottleneck'].map((tag) => {
    const canvases = [...document.querySelector(tag).shadowRoot.querySelectorAll('canvas')].filter((canvas) => window.canvasFonts(canvas).length);
    const kind = (canvas) => (canvas.className || 'chart');
    return [tag, [...new Set(canvases.map((canvas) => `${kind(canvas)}: ${[...new Set(window.canvasFonts(canvas).map((font) => font.replace(/^(bold )?\d+px /, '')))].join(' | ')}`))].sort()];
  })));
  await expect.poll(drawn).toEqual({
    'attn-stepper': ['heatmap-canvas: Georgia, serif'],
    'attn-heads': ['heatmap-canvas: Georgia, serif', 'stack-canvas: Georgia, serif'],
    'attn-lookup': ['plane-canvas: Georgia, serif'],
    'attn-cost': ['chart: Georgia, serif'],
    'attn-bottleneck': ['chart: Georgia, serif', 'heatmap-canvas: Georgia, serif'],
  });
});

