// narrow.spec.js — what a phone shows: on the lab page at 390 px, the column
// each lesson is about is on screen without scrolling sideways (shuffle's same / changed,
// variance's "within 1 ± 0.015?" and "as expected?", masks' entropy beside ln k), and no
// caption is cut: each wraps within the box its table scrolls in.
import { test, expect } from './helpers/fixtures.js';
import { started } from './helpers/a11y-pages.js';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * For the cells `selector` matches in `widget`: whether each lies inside its scrolling box's
 * visible part and inside the window, with the box scrolled to its start (as a page opens).
 */
function onScreen(widget, selector) {
  return widget.evaluate((host, css) => Array.from(host.shadowRoot.querySelectorAll(css), (cell) => {
    let box = cell.parentElement;
    while (box && !/auto|scroll/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
    const r = cell.getBoundingClientRect(), b = (box ?? host).getBoundingClientRect();
    const left = Math.max(b.left, 0), right = Math.min(b.right, window.innerWidth);
    return { text: cell.textContent.trim(), shown: (box?.scrollLeft ?? 0) === 0 && r.left >= left - 0.5 && r.right <= right + 0.5 };
  }), selector);
}

/** Every caption of the widget that is not shown whole (wider than what is visible of it). */
function cutCaptions(widget) {
  return widget.evaluate((host) => Array.from(host.shadowRoot.querySelectorAll('caption'))
    .filter((caption) => caption.getClientRects().length > 0)
    .filter((caption) => {
      let box = caption.parentElement;
      while (box && !/auto|scroll/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
      const r = caption.getBoundingClientRect(), b = (box ?? host).getBoundingClientRect();
      return r.right > Math.min(b.right, window.innerWidth) + 0.5 || caption.scrollWidth > caption.clientWidth + 0.5;
    })
    .map((caption) => caption.textContent));
}

test('shuffle: every word’s verdict is on screen, and the caption wraps', async ({ page }) => {
  await page.goto('/#s6-5');
  const widget = page.locator('attn-shuffle');
  await started(widget);
  await widget.getByRole('button', { name: 'Swap dog and man' }).click();
  const verdicts = await onScreen(widget, 'table.outputs .verdict');
  expect(verdicts.map((v) => v.text)).toEqual(['Largest |difference|', '0same', '0same', '0same', '0same', '0same']);
  expect(verdicts.filter((v) => !v.shown)).toEqual([]);
  expect(await cutCaptions(widget)).toEqual([]);
});

test('variance: the chapter tables’ verdicts are on screen, and their captions wrap', async ({ page }) => {
  await page.goto('/#s6-3');
  const widget = page.locator('attn-variance');
  await started(widget);
  const verdicts = await onScreen(widget, 'table.results .verdict');
  expect(verdicts.map((v) => v.text)).toEqual(['within 1 ± 0.015?', '—', '—', '—', '—', 'as expected?', '—', '—', '—']);
  expect(verdicts.filter((v) => !v.shown)).toEqual([]);
  expect(await cutCaptions(widget)).toEqual([]);
});

test('masks: each row’s entropy is on screen beside its ln k, and the caption wraps', async ({ page }) => {
  await page.goto('/#s6-4');
  const widget = page.locator('attn-masks');
  await started(widget);
  const table = widget.getByRole('table', { name: 'Row diagnostics' });
  await expect(table).toBeVisible();
  const columns = await onScreen(widget, 'table.stats-table tr > :is(th, td):is(:nth-child(2), :nth-child(3))');
  expect(columns.slice(0, 2).map((c) => c.text)).toEqual(['Entropy H (nats)', 'ln k (even spread)']);
  expect(columns.filter((c) => !c.shown)).toEqual([]);
  // With the comparison on, the bug's sums stay on screen too.
  await widget.getByRole('checkbox', { name: 'Compare with masking after the softmax (a bug)' }).check();
  const bug = await onScreen(widget, 'table.stats-table .verdict');
  expect(bug[0].text).toBe('Sum, masked after softmax');
  expect(bug.filter((c) => !c.shown)).toEqual([]);
  expect(await cutCaptions(widget)).toEqual([]);
});

test('no caption of the lab’s first six widgets is cut at 390 px', async ({ page }) => {
  await page.goto('/');
  for (const tag of ['attn-stepper', 'attn-variance', 'attn-masks', 'attn-shuffle', 'attn-heads', 'attn-cost']) {
    const widget = page.locator(tag);
    await started(widget);
    expect(await cutCaptions(widget), tag).toEqual([]);
  }
});

test('decode’s work chart keeps a readable plot at 390 px under its four-line legend', async ({ page }) => {
  await page.goto('/');
  const widget = page.locator('attn-decode');
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.getByText(/^t = \d+ of \d+/)).toBeVisible({ timeout: 30_000 });
  // The plot's height (Chart.js's chart area, between the legend and the x axis), in CSS pixels.
  const plot = () => widget.evaluate((el) => { const chart = el.charts.work?.chart; return chart ? { height: chart.chartArea.bottom - chart.chartArea.top, legendLines: chart.legend.lineWidths.length } : null; });
  await expect.poll(async () => (await plot())?.legendLines).toBeGreaterThanOrEqual(3);
  expect((await plot()).height, 'the plot under the legend').toBeGreaterThanOrEqual(150);
});

test('cost: on a phone each label sits above its control, so the recurrent layer’s choice is read whole', async ({ page }) => {
  await page.goto('/');
  const widget = page.locator('attn-cost');
  await widget.scrollIntoViewIfNeeded();
  await started(widget);
  const select = widget.getByRole('combobox', { name: 'Recurrent layer' });
  const [label, box] = await Promise.all([widget.getByText('Recurrent layer', { exact: true }).boundingBox(), select.boundingBox()]);
  expect(label.y + label.height).toBeLessThanOrEqual(box.y + 1);
  // The option's text fits the box (its width at least the text's).
  const fits = await select.evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.font = getComputedStyle(el).font;
    probe.textContent = el.selectedOptions[0].textContent;
    document.body.append(probe);
    const wide = probe.getBoundingClientRect().width;
    probe.remove();
    return el.clientWidth >= wide;
  });
  expect(fits).toBe(true);
});
