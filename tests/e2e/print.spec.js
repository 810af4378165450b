// print.spec.js — what a learner gets when they print the lab or save it as PDF (print media
// emulated): the controls that only act on a screen are gone, the numbers, tables and "In words"
// stay, every widget is black on white whatever its theme, figures and tables are not split across
// pages, and a chart drawn across a wide screen is redrawn narrow enough for paper on beforeprint.
import { test, expect } from './helpers/fixtures.js';
import { started, startAll } from './helpers/a11y-pages.js';

const computed = (locator, name) => locator.evaluate((el, property) => getComputedStyle(el).getPropertyValue(property), name);
const WHITE = 'rgb(255, 255, 255)', BLACK = 'rgb(0, 0, 0)';

test.describe('printing the lab page', () => {
  test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });

  test('keeps the numbers, the tables and In words; drops the controls; keeps figures whole; fits the chart', async ({ page }) => {
    await page.goto('/?authors'); // the embed code's controls on, to see them left off paper
    const widget = page.locator('attn-bottleneck');
    await started(widget);
    const canvas = widget.locator('.line-chart canvas');
    const width = () => canvas.evaluate((c) => c.getBoundingClientRect().width);
    // Chart.js sizes its canvas to the box on its first resize (300 px until then): wait for it.
    await expect.poll(width, { message: 'the chart spans the wide screen' }).toBeGreaterThan(600);
    const screenWidth = await width();

    // Chart.js reads its colours once: on the dark screen, pale text and dark grid lines.
    const chartColours = () => canvas.evaluate((c) => {
      const chart = c.getRootNode().host.chart.chart; // <attn-bottleneck>'s LineChart, its Chart.js chart
      const { x } = chart.options.scales;
      return { ticks: x.ticks.color, title: x.title.color, grid: x.grid.color, legend: chart.options.plugins.legend.labels.color };
    });
    const onScreen = await chartColours();
    expect(onScreen.ticks, 'pale text on the dark screen').not.toBe(BLACK);

    await page.emulateMedia({ media: 'print' });
    // The chart's text prints black, its grid in the light border colour; back on screen, as it was.
    const inPrint = await chartColours();
    expect(inPrint.ticks).toBe(BLACK);
    expect(inPrint.title).toBe(BLACK);
    expect(inPrint.legend).toBe(BLACK);
    expect(inPrint.grid).not.toBe(onScreen.grid);
    // The page, in the reader's dark scheme, prints black on white.
    expect(await computed(page.locator('html'), 'background-color')).toBe(WHITE);
    expect(await computed(page.locator('main p').first(), 'color')).toBe(BLACK);
    // Navigation and screen-only controls are not printed.
    await page.locator('a.to-sections').evaluate((a) => { a.hidden = false; });
    for (const furniture of [page.locator('nav.toc'), page.locator('a.to-sections'), page.locator('.author-switch'), widget.locator('.embed'), widget.locator('.figure-tools').first()]) {
      expect(await computed(furniture, 'display')).toBe('none');
    }
    // What a reader needs is still there.
    await expect(widget.locator('.in-words')).toBeVisible();
    await expect(widget.locator('table.example-table')).toBeVisible();
    await expect(canvas).toBeVisible();
    expect(await computed(widget, 'background-color')).toBe(WHITE);
    expect(await computed(widget.locator('.in-words'), 'color')).toBe('rgb(51, 51, 51)');
    // Figures, tables and their rows are not split across pages; a title stays with what follows.
    for (const whole of [widget.locator('figure.heatmap'), widget.locator('table.example-table'), widget.locator('.line-chart')]) {
      expect(await computed(whole, 'break-inside')).toBe('avoid');
    }
    expect(await computed(widget.locator('.widget-title'), 'break-after')).toBe('avoid');
    // The heatmap's colours are its data: printed as drawn.
    expect(await computed(widget.locator('.heatmap-ramp').first(), 'print-color-adjust')).toBe('exact');
    // A link leaving the page is followed by its address; one inside the page is not.
    const away = page.locator('main a[href^="https://arxiv.org"]').first();
    expect(await away.evaluate((a) => getComputedStyle(a, '::after').content)).toContain('arxiv.org');
    expect(await page.locator('main a[href^="#"]').first().evaluate((a) => getComputedStyle(a, '::after').content)).toBe('none');

    // beforeprint: the chart is redrawn at most 600 px wide (A4's text width less a widget's
    // padding), drawn at that size (not stretched), inside its widget; afterprint: full width again.
    const size = () => canvas.evaluate((c) => {
      const box = c.getBoundingClientRect(), host = c.getRootNode().host.getBoundingClientRect();
      return { width: box.width, ratio: box.width / box.height, drawnRatio: c.width / c.height, inside: box.right <= host.right && box.left >= host.left };
    });
    await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
    const printed = await size();
    expect(printed.width).toBeLessThanOrEqual(600);
    expect(printed.inside).toBe(true);
    expect(Math.abs(printed.ratio - printed.drawnRatio)).toBeLessThan(0.02);
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => dispatchEvent(new Event('afterprint')));
    expect((await size()).width).toBeCloseTo(screenWidth, 0);
    expect(await chartColours()).toEqual(onScreen);
  });

  test('an instruction only a screen can follow is not printed; the words and fields it is about are', async ({ page }) => {
    await page.goto('/');
    const shuffle = page.locator('attn-shuffle'), stepper = page.locator('attn-stepper');
    await started(shuffle);
    await started(stepper);
    const dragHint = shuffle.getByText(/^Drag a word to move it/), typeHint = stepper.getByText(/are boxed fields: type a number/).first();
    await expect(dragHint).toBeVisible();
    await expect(typeHint).toBeAttached();
    await page.emulateMedia({ media: 'print' });
    expect(await computed(dragHint, 'display')).toBe('none');
    expect(await computed(typeHint, 'display')).toBe('none');
    await expect(shuffle.getByRole('list', { name: 'Word order' })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(dragHint).toBeVisible();
  });
});

test('a widget with theme="dark" prints light: white background, black text, heatmap labels redrawn', async ({ page }) => {
  await page.goto('/embed.html?widget=heads&theme=dark');
  const widget = page.locator('attn-heads');
  await started(widget);
  const labelColour = () => widget.locator('figure.heatmap canvas').first().evaluate((canvas) => {
    // The canvas's left 40 px hold only the row labels (the words): their darkest opaque pixel.
    const strip = Math.round(40 * canvas.width / canvas.getBoundingClientRect().width);
    const { data } = canvas.getContext('2d').getImageData(0, 0, strip, canvas.height);
    let darkest = 255 * 3;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200) darkest = Math.min(darkest, data[i] + data[i + 1] + data[i + 2]);
    return darkest;
  });
  expect(await computed(widget, 'background-color')).not.toBe(WHITE);
  expect(await labelColour(), 'pale labels on the dark screen').toBeGreaterThan(500);
  await page.emulateMedia({ media: 'print' });
  expect(await computed(widget, 'background-color')).toBe(WHITE);
  expect(await computed(widget, 'color')).toBe(BLACK);
  expect(await computed(widget.locator('.widget-title'), 'color')).toBe(BLACK);
  // A pressed button prints as a bold word in a heavier frame, not white on a fill the printer drops.
  const pressed = widget.locator('[role="tab"][aria-selected="true"]');
  expect(await computed(pressed, 'background-color')).toBe('rgba(0, 0, 0, 0)');
  expect(await computed(pressed, 'color')).toBe(BLACK);
  // The heatmaps' labels are redrawn in black (drawn pale for the dark screen, they would print pale).
  await expect.poll(labelColour).toBeLessThan(60);
});

/** Every table shown in a widget, printed: where it is, its right edge, its widget's, and its widths. */
function printedTables(page) {
  return page.evaluate(() => {
    const found = [];
    for (const host of document.querySelectorAll('*')) {
      for (const table of host.shadowRoot?.querySelectorAll('table') ?? []) {
        const box = table.getBoundingClientRect(), widget = host.getBoundingClientRect();
        if (box.width === 0) continue; // not shown
        found.push({ where: `${host.localName} ${table.className}: ${(table.caption?.textContent ?? table.getAttribute('aria-label') ?? '').slice(0, 50)}`,
          right: box.right, widgetRight: widget.right, scrollWidth: table.scrollWidth, width: table.clientWidth || box.width });
      }
    }
    return found;
  });
}

/** A table cut at the edge of A4's 718 px of text, or wider than its widget or its own box. */
const isCut = (t) => t.right > t.widgetRight + 0.5 || t.right > 718 || t.scrollWidth > Math.ceil(t.width) + 1;

test.describe('printing on A4 (718 CSS px of text width)', () => {
  test.use({ viewport: { width: 718, height: 1000 } });

  test('every table fits its widget and the page: nothing is cut at the paper\'s edge', async ({ page }) => {
    test.slow();
    await page.goto('/');
    await startAll(page);
    // Every chart's "Show data as a table", opened: a learner's open tables print too.
    const opened = await page.evaluate(() => {
      let count = 0;
      for (const host of document.querySelectorAll('*')) {
        for (const toggle of host.shadowRoot?.querySelectorAll('button.data-table-toggle[aria-expanded="false"]:not([disabled])') ?? []) { toggle.click(); count += 1; }
      }
      return count;
    });
    expect(opened).toBeGreaterThan(20);
    await page.emulateMedia({ media: 'print' });
    const tables = await printedTables(page);
    expect(tables.length).toBeGreaterThan(30);
    const cut = tables.filter(isCut);
    expect(cut, 'tables wider than their widget or the page').toEqual([]);
  });

  test('long words fit the page too: <attn-masks> with twelve long words, <attn-cross> with 60-character words', async ({ page }) => {
    const words = (count, make) => encodeURIComponent(Array.from({ length: count }, (_, i) => make(i)).join(' '));
    const long = words(12, () => 'internationalisation');
    const source = words(10, (i) => `${'x'.repeat(58)}${i}`), target = words(10, (i) => `${'y'.repeat(58)}${i}`);
    for (const query of [`masks&sentence=${long}&second=${long}&compare=`, `cross&mode=cache&source=${source}&target=${target}&step=10`]) {
      await page.emulateMedia({ media: 'screen' });
      await page.goto(`/embed.html?widget=${query}`);
      const widget = page.locator(`attn-${query.split('&')[0]}`);
      await started(widget);
      await expect(widget.locator('table').filter({ visible: true }).first()).toBeVisible();
      await page.emulateMedia({ media: 'print' });
      const tables = await printedTables(page);
      expect(tables.length, query.slice(0, 20)).toBeGreaterThan(1);
      expect(tables.filter(isCut), `tables cut in ${query.slice(0, 20)}`).toEqual([]);
    }
  });

  test('buttons that only act are not printed; buttons that show a choice or a state are', async ({ page }) => {
    await page.goto('/');
    for (const tag of ['attn-stepper', 'attn-shuffle', 'attn-heads', 'attn-variance', 'attn-decode', 'attn-cost', 'attn-masks', 'attn-train', 'attn-check']) await started(page.locator(tag).first());
    await page.emulateMedia({ media: 'print' });
    // A button carries information when it shows a choice or a state: pressed or not (a preset, a
    // toggle), a tab, the list of steps with the current one, a word chip, a cell of a grid.
    const INFORMATION = '[aria-pressed], [role="tab"], .step-list button, .word-strip button, .mask-cell, .cell-button';
    const buttons = await page.evaluate((information) => {
      const found = [];
      for (const host of document.querySelectorAll('*')) {
        for (const button of host.shadowRoot?.querySelectorAll('button') ?? []) {
          if (button.closest('[hidden], .figure-tools, .embed')) continue; // not on screen either, or hidden with its row
          found.push({ where: `${host.localName}: ${button.textContent.trim().slice(0, 40)}`, information: button.matches(information), printed: getComputedStyle(button).display !== 'none' });
        }
      }
      return found;
    }, INFORMATION);
    expect(buttons.filter((b) => b.information).length).toBeGreaterThan(20);
    expect(buttons.filter((b) => !b.information && b.printed).map((b) => b.where), 'action-only buttons printed').toEqual([]);
    expect(buttons.filter((b) => b.information && !b.printed).map((b) => b.where), 'information buttons hidden').toEqual([]);
    for (const [tag, name] of [['attn-stepper', 'Next →'], ['attn-shuffle', 'Shuffle'], ['attn-train', 'Start'], ['attn-cost', 'Measure in my browser'], ['attn-decode', 'Reset']]) {
      expect(await computed(page.locator(tag).getByRole('button', { name, exact: true, includeHidden: true }).first(), 'display'), `${tag} ${name}`).toBe('none');
    }
    await expect(page.locator('attn-shuffle').getByRole('button', { name: /dog/ }).first()).toBeVisible();
    await expect(page.locator('attn-heads').getByRole('tab', { selected: true })).toBeVisible();
    await expect(page.locator('attn-variance').locator('button[aria-pressed="true"]').first()).toBeVisible();
  });
});
