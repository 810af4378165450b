// embed.spec.js — the embedding mechanisms on one origin: embed.html configured by its URL (and
// refusing what it does not know, as text), the iframe sizing itself, two instances of a widget
// staying independent, its widget's files asked for at once, the lab's URL hash (a permalink restores every widget; back and forward
// work), "Copy embed code" copying both forms with the current settings, and the theme attribute.
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { WIDGETS } from '../../web/widgets/registry.js';

/** Waits until a widget has loaded the core (its loading line is hidden). */
async function started(widget) {
  await widget.scrollIntoViewIfNeeded();
  await whenStarted(widget);
}

test('embed.html?widget=cost&n=512&d-model=256&heads=4 shows that widget with those settings', async ({ page }) => {
  await page.goto('/embed.html?widget=cost&n=512&d-model=256&heads=4');
  const widget = page.locator('attn-cost');
  await started(widget);
  await expect(page.locator('attn-cost')).toHaveCount(1);
  await expect(widget).toHaveAttribute('n', '512');
  await expect(widget).toHaveAttribute('d-model', '256');
  await expect(widget.getByText('4 heads × 64 features = d_model 256. Crossover at N = 512: at N = 512 the two terms are equal.')).toBeVisible();
  await expect(page).toHaveTitle('What attention costs as the sequence grows — Attention Lab');
});

test('embed.html shows every widget in the registry by its name', async ({ page }) => {
  for (const { name, tag } of WIDGETS) {
    await page.goto(`/embed.html?widget=${name}&theme=dark`);
    const widget = page.locator(tag);
    await started(widget);
    await expect(widget).toHaveAttribute('theme', 'dark');
  }
});

test('embed.html asks at once for every file its widget’s module needs, and each exists', async ({ page }) => {
  // The shipped scripts preload nothing on their own (a bundler renames the files they would
  // name): embed.html's list, written by the build, stands in for that on the lab's own page.
  const missing = [];
  page.on('response', (response) => { if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`); });
  for (const { name, tag } of WIDGETS) {
    await page.goto(`/embed.html?widget=${name}`);
    await page.waitForFunction((t) => customElements.get(t), tag);
    const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname));
    expect(preloaded.some((path) => path.startsWith(`/assets/${tag}-`)), `${name}: its module is asked for before the import`).toBe(true);
    expect(preloaded.some((path) => path.startsWith('/assets/widget-base-')), `${name}: and what it imports`).toBe(true);
  }
  expect(missing).toEqual([]);
});

test('embed.html refuses unknown widgets and settings with a message, and keeps text as text', async ({ page }) => {
  await page.goto('/embed.html?widget=nonesuch');
  await expect(page.getByRole('alert')).toHaveText(`There is no widget called “nonesuch”. The widgets are: ${WIDGETS.map((w) => w.name).join(', ')}.`);

  await page.goto('/embed.html?widget=stepper&step=4&colour=red&onclick=alert(1)');
  const stepper = page.locator('attn-stepper');
  await started(stepper);
  await expect(stepper.getByText('Step 4 of 6: Mask')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Ignored “colour”, “onclick”: <attn-stepper> understands step, mask, scale');
  expect(await stepper.evaluate((el) => el.hasAttribute('onclick') || el.hasAttribute('colour'))).toBe(false);

  const sentence = '<img src=x> <b>bold</b> cat';
  await page.goto(`/embed.html?widget=masks&sentence=${encodeURIComponent(sentence)}`);
  const masks = page.locator('attn-masks');
  await started(masks);
  await expect(masks.getByRole('textbox', { name: 'Sentence', exact: true })).toHaveValue(sentence);
  expect(await masks.evaluate((el) => el.shadowRoot.querySelectorAll('img, b').length)).toBe(0);
});

test('embed.html fits a 320 px frame without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const { name, tag } of WIDGETS) {
    await page.goto(`/embed.html?widget=${name}`);
    await started(page.locator(tag));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} is wider than 320 px`).toBeLessThanOrEqual(0);
  }
});

test('the lab and the course page fit a 320 px column once every widget has started', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  for (const path of ['/', '/examples/course.html']) {
    await page.goto(path);
    for (const { tag } of WIDGETS) {
      for (const widget of await page.locator(tag).all()) await started(widget);
    }
    // A widget may still be laying out its first chart when it reports started: wait for the page
    // to settle, and name what sticks out if it does not.
    await expect.poll(() => page.evaluate(widestOverflow), { message: `${path} scrolls sideways at 320 px` }).toBe('');
  }
});

/** '' when the page is no wider than its viewport, else its width and the elements past the edge. */
function widestOverflow() {
  const limit = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= limit) return '';
  const past = [];
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.getBoundingClientRect().right > limit + 0.5) past.push(`${el.localName}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  return `${document.documentElement.scrollWidth} px wide: ${past.slice(-5).join(', ')}`;
}

test('an iframe of embed.html takes the height of its widget (no inner scrollbar)', async ({ page }) => {
  await page.goto('/examples/course.html');
  const iframe = page.locator('iframe');
  await iframe.scrollIntoViewIfNeeded();
  const frame = page.frameLocator('iframe');
  await expect(frame.locator('attn-cost').getByText('4 heads × 64 features = d_model 256.', { exact: false })).toBeVisible();
  // Started and drawn (the sentence above is laid out before the start, with "…" for its numbers).
  await expect(frame.locator('attn-cost').getByRole('img', { name: 'Log–log chart of the cost terms against N' })).toHaveAttribute('data-drawn', /\d/);
  const content = page.frames().find((f) => f.url().includes('embed.html'));
  await expect.poll(async () => content.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(1);
  const height = (await iframe.boundingBox()).height;
  const inner = await content.evaluate(() => Math.ceil(document.getElementById('widget').getBoundingClientRect().bottom));
  expect(Math.abs(height - inner)).toBeLessThanOrEqual(2);
  expect(height).toBeGreaterThan(400); // grew from the 400 px it was given
});

test('two instances of a widget on one page are independent', async ({ page }) => {
  await page.goto('/examples/course.html');
  const [left, right] = [page.locator('.pair attn-stepper').nth(0), page.locator('.pair attn-stepper').nth(1)];
  // The stepper above the pair starts when it scrolls into view and grows as it does; the click
  // on "Next →" below scrolls it into view, and a click landing during that layout shift misses.
  await started(page.locator('#by-hand > attn-stepper'));
  await started(left);
  await started(right);
  const weights = (widget) => widget.getByRole('grid', { name: 'Weights', exact: true }).locator('tbody tr').first().locator('td')
    .evaluateAll((tds) => tds.map((td) => td.textContent.trim()));
  expect(await weights(left)).toEqual(['1.000', '0.000']);
  expect(await weights(right)).toEqual(['0.000', '1.000']);

  await left.getByRole('button', { name: 'Next →' }).click();
  await expect(left.getByText('Step 6 of 6: Output')).toBeVisible();
  await expect(right.getByText('Step 5 of 6: Softmax')).toBeVisible();
  await right.getByRole('checkbox', { name: 'Causal mask' }).check();
  expect(await weights(right)).toEqual(['1.000', '0.000']);
  await expect(left.getByRole('checkbox', { name: 'Causal mask' })).toBeChecked();
  await left.getByRole('checkbox', { name: 'Causal mask' }).uncheck();
  await expect(left).toHaveAttribute('mask', 'none');
  await expect(right).toHaveAttribute('mask', 'causal');
  await expect(right.getByRole('checkbox', { name: 'Causal mask' })).toBeChecked();
  expect(await weights(right)).toEqual(['1.000', '0.000']);
});

test('the lab keeps every widget in the hash: a permalink restores it, and Back does not undo settings', async ({ page, context }) => {
  await page.goto('/');
  const stepper = page.locator('attn-stepper');
  await started(stepper);
  await stepper.getByRole('button', { name: 'Next →' }).click();
  await stepper.getByRole('button', { name: 'Next →' }).click();
  await expect(page).toHaveURL(/#s6-2&stepper\.step=3$/);
  await stepper.getByRole('button', { name: '1. Inputs' }).click();
  await stepper.getByRole('textbox', { name: 'W^V, row 4, column 2' }).fill('3');
  await stepper.getByRole('textbox', { name: 'W^V, row 4, column 2' }).press('Enter');
  await expect(stepper).toHaveAttribute('wv', '1,0,0,1,0,0,1,3');

  const masks = page.locator('attn-masks');
  await started(masks);
  await masks.getByRole('checkbox', { name: 'Sliding window' }).check();
  await masks.getByRole('button', { name: /^query 1 “the”, key 1 “the”/ }).click();
  await expect(masks).toHaveAttribute('edits', '1:0:0=blocked');
  const cost = page.locator('attn-cost');
  await started(cost);
  await cost.getByLabel('N (tokens)', { exact: true }).fill('4096');
  await cost.getByLabel('N (tokens)', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/^[^#]*#s6-6&/);
  const link = page.url();

  // The permalink, opened fresh, shows the same state.
  const other = await context.newPage();
  await other.goto(link);
  const stepper2 = other.locator('attn-stepper');
  await started(stepper2);
  await expect(stepper2.getByText('Step 1 of 6: Inputs')).toBeVisible();
  await expect(stepper2.getByRole('textbox', { name: 'W^V, row 4, column 2' })).toHaveValue('3');
  const masks2 = other.locator('attn-masks');
  await started(masks2);
  await expect(masks2.getByRole('checkbox', { name: 'Sliding window' })).toBeChecked();
  await expect(masks2).toHaveAttribute('edits', '1:0:0=blocked');
  await expect(other.locator('attn-cost')).toHaveAttribute('n', '4096');
  await other.close();

  // Settings are not history: Back leaves the lab instead of undoing them one by one
  // (lab.spec.js walks the sections), and Forward reopens it as it was: the entry kept the state.
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
  await page.goForward();
  await started(cost);
  await expect(cost).toHaveAttribute('n', '4096');
  await started(masks);
  await expect(masks).toHaveAttribute('edits', '1:0:0=blocked');

  // A link to a section keeps the state.
  await page.locator('nav.toc').getByRole('link', { name: '6.4 Masks' }).click();
  await expect(page).toHaveURL(/#s6-4&.*masks\.edits=1%3A0%3A0%3Dblocked/);
  await expect(masks).toHaveAttribute('edits', '1:0:0=blocked');
});

test('“Copy embed code” copies both forms with the current settings, and each form works', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?authors');
  const stepper = page.locator('attn-stepper');
  await started(stepper);
  await stepper.getByRole('button', { name: 'Next →' }).click();
  await stepper.getByRole('checkbox', { name: 'Causal mask' }).uncheck();
  await stepper.getByRole('button', { name: 'Copy embed code' }).click();
  await expect(stepper.getByText('Copied both forms to the clipboard.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const origin = new URL(page.url()).origin;
  expect(copied).toContain(`<script type="module" src="${origin}/attention-lab.js"></script>\n<attn-stepper step="2" mask="none"></attn-stepper>`);
  const src = copied.match(/<iframe src="([^"]+)"/)[1].replace(/&amp;/g, '&');
  expect(src).toBe(`${origin}/embed.html?widget=stepper&step=2&mask=none`);
  expect(copied).toContain(`<script src="${origin}/embed-resize.js" defer></script>`);

  // The same text is shown for copying by hand.
  await stepper.getByText('Show the embed code').click();
  await expect(stepper.getByRole('textbox', { name: 'Script and element' })).toHaveValue(/<attn-stepper step="2" mask="none"><\/attn-stepper>/);

  // The iframe form opens the widget as it was.
  await page.goto(src);
  const embedded = page.locator('attn-stepper');
  await started(embedded);
  await expect(embedded.getByText('Step 2 of 6: Scores')).toBeVisible();
  await expect(embedded.getByRole('checkbox', { name: 'Causal mask' })).not.toBeChecked();
});

test('“Copy embed code” after a refused value copies the settings in force, not the refused text', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?authors');
  const stepper = page.locator('attn-stepper');
  await started(stepper);
  const copyElementForm = async () => {
    await stepper.getByRole('button', { name: 'Copy embed code' }).click();
    await expect(stepper.getByText('Copied both forms to the clipboard.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    return copied.match(/<attn-stepper[^>]*><\/attn-stepper>/)[0];
  };
  // A refused step while the step in force is the default: the code has no step at all.
  await stepper.evaluate((el) => el.setAttribute('step', '99'));
  await expect.poll(() => stepper.evaluate((el) => el.problems.map((p) => p.key))).toEqual(['step']);
  expect(await copyElementForm()).toBe('<attn-stepper></attn-stepper>');
  // A refused step after a good one: the good one is copied.
  await stepper.evaluate((el) => { el.step = 2; el.mask = 'none'; el.setAttribute('step', 'two'); });
  await expect(stepper.getByText('Step 2 of 6: Scores')).toBeVisible();
  expect(await copyElementForm()).toBe('<attn-stepper step="2" mask="none"></attn-stepper>');
  // The embed code shown for copying by hand says the same.
  await stepper.getByText('Show the embed code').click();
  await expect(stepper.getByRole('textbox', { name: 'Script and element' })).toHaveValue(/<attn-stepper step="2" mask="none"><\/attn-stepper>/);
});

test('the author tools: off for a learner; the header’s switch gives every widget but the learner’s workspace (training lab, editor) a “Copy embed code” control, remembered on reload', async ({ page }) => {
  await page.goto('/');
  const authors = page.getByRole('checkbox', { name: 'For course authors: show each widget’s embed code' });
  await expect(authors).not.toBeChecked();
  await expect(page.locator('attn-stepper').getByRole('button', { name: 'Copy embed code' })).toHaveCount(0);
  await authors.check();
  const workspace = ['attn-train', 'attn-editor'];
  for (const { tag } of WIDGETS) {
    const copies = await page.locator(tag).all(); // one of each, but five exercises
    for (const widget of copies) {
      await widget.scrollIntoViewIfNeeded();
      await expect(widget.getByText(/^In words\./).first()).toBeVisible({ timeout: 20_000 });
      await expect(widget.getByRole('button', { name: 'Copy embed code' })).toHaveCount(workspace.includes(tag) ? 0 : 1);
    }
  }
  await page.reload();
  await expect(authors).toBeChecked();
  await expect(page.locator('attn-stepper').getByRole('button', { name: 'Copy embed code' })).toHaveCount(1);
  await authors.uncheck();
  await expect(page.locator('attn-stepper').getByRole('button', { name: 'Copy embed code' })).toHaveCount(0);
});

test('themes: the reader’s colour scheme by default, theme="light|dark" overrides it', async ({ page }) => {
  // The lab's own page sets no theme: its widgets show the lab's light and dark colours.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const background = (locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background(page.locator('attn-masks'))).toBe('rgb(22, 27, 34)');
  await page.locator('attn-shuffle').evaluate((el) => { el.theme = 'light'; });
  expect(await background(page.locator('attn-shuffle'))).toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await background(page.locator('attn-masks'))).toBe('rgb(255, 255, 255)');
  await page.locator('attn-heads').evaluate((el) => { el.theme = 'dark'; });
  expect(await background(page.locator('attn-heads'))).toBe('rgb(22, 27, 34)');
  // An author's ::part rule reaches into the shadow root (the course page's title font).
  await page.goto('/examples/course.html');
  const titleFont = await page.locator('attn-masks').evaluate((el) => getComputedStyle(el.shadowRoot.querySelector('[part="title"]')).fontFamily);
  expect(titleFont).toContain('Georgia');
});
