// bottleneck.spec.js — <attn-bottleneck> in the browser: measured live in its worker (a progress
// bar, the curves filling in, the page's core never loaded), the known outcome (at 40 tokens a
// summary of width 64 recovers at least 0.5 fewer of the tokens than attention, which stays
// above 0.95 at every length), a wider summary breaking later (at the chapter's sizes, 512 numbers and
// 40 tokens, it keeps most letters but fewer than at 5, as the lab page says), the alignment map (diagonal when
// copying, anti-diagonal when reversing) and the example, the same numbers for the same seed,
// Cancel, and bad settings refused beside their field with the last measurement kept.
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { openWidget } from './helpers/open.js';

async function open(page, query = '') {
  await page.goto(`/embed.html?widget=bottleneck${query}`);
  const widget = page.locator('attn-bottleneck');
  await whenStarted(widget);
  await measured(widget);
  return widget;
}

/** Waits for the measurement to finish; returns its status sentence. */
async function measured(widget, timeout = 30_000) {
  await expect(widget.getByRole('status').filter({ hasText: /^Measured \d+ lengths/ })).toBeVisible({ timeout });
  return widget.getByRole('status').filter({ hasText: /^Measured/ }).textContent();
}

/** The chart's points, by series: { length: [summary, attention] }. */
const points = (widget) => widget.evaluate((el) => {
  const [summary, attention] = el.chart.chart.data.datasets;
  return Object.fromEntries(summary.data.map((p, i) => [p.x, [p.y, attention.data[i].y]]));
});

async function type(widget, label, value) {
  const box = widget.getByLabel(label, { exact: true });
  await box.fill(value);
  await box.press('Enter');
}

test('the default measurement: the summary falls behind, attention stays above 0.95, in the chart and in words', async ({ page }) => {
  const widget = await open(page);
  const byLength = await points(widget);
  expect(Object.keys(byLength).map(Number)).toEqual([5, 10, 15, 20, 25, 30, 35, 40]);
  for (const [, [, attention]] of Object.entries(byLength)) expect(attention).toBeGreaterThanOrEqual(0.95);
  const [summary40, attention40] = byLength[40];
  expect(attention40 - summary40).toBeGreaterThanOrEqual(0.5);
  expect(byLength[5][0]).toBeGreaterThan(summary40 + 0.4);
  // The lab page: "narrow it to 64 and it loses most of them".
  expect(summary40).toBeLessThan(0.5);
  await expect(widget.getByText(new RegExp(`^At 40 tokens the summary of width 64 recovers ${Math.round(100 * summary40)}% of the tokens, attention 100%\\.`))).toBeVisible();
  await expect(widget.getByRole('progressbar')).toBeHidden();
  // Its numbers came from its worker: the page's core was never fetched by the page.
  const cores = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /attn(-mt)?-[^/]*\.wasm$/.test(n)));
  expect(cores).toEqual([]);
});

test('a wider summary breaks later; the narrowest fails almost at once', async ({ page }) => {
  const widget = await open(page);
  const breakAt = async () => {
    const text = await widget.getByText(/The summary (first falls below 90% at \d+ tokens|stays at 90% or more|is already below 90%)/).textContent();
    const [, fell] = text.match(/below 90% at (?:the shortest source, )?(\d+) tokens|90% or more up to (\d+) tokens/);
    return fell ? Number(fell) : Infinity; // no fall: it held up to the longest
  };
  const at64 = Number(await breakAt());
  await widget.getByRole('button', { name: 'd = 512' }).click();
  await expect(widget).toHaveAttribute('width', '512');
  await measured(widget);
  await expect(widget.getByText(/^At 40 tokens the summary of width 512/)).toBeVisible();
  const at512 = Number(await breakAt());
  expect(at512).toBeGreaterThan(at64);
  // The chapter's sizes, a 512-number summary of a 40-token source: the lab page says this easier
  // summary "still gets most of a 40-letter source right, though already fewer than of a short one".
  const wide = await points(widget);
  expect(wide[40][0]).toBeGreaterThanOrEqual(0.5);
  expect(wide[40][0]).toBeLessThan(wide[5][0]);
  await widget.getByRole('button', { name: 'd = 16' }).click();
  await measured(widget);
  // 5 tokens is the shortest source measured: the summary did not fall there, it started below.
  const at5 = Math.round(100 * (await points(widget))[5][0]);
  expect(at5).toBeLessThan(90);
  await expect(widget.getByText(new RegExp(`The summary is already below 90% at the shortest source, 5 tokens \\(${at5}%\\);`))).toBeVisible();
  await expect(widget.getByText(/first falls below 90% at 5 tokens/)).toHaveCount(0);
});

test('the alignment map: a diagonal when copying, the anti-diagonal when reversing; the example beside it', async ({ page }) => {
  const widget = await open(page, '&example=8');
  const map = widget.getByRole('application', { name: /^Alignment: each output step’s attention weights over the 8 source positions/ });
  await expect(map).toBeVisible();
  const argmax = () => widget.evaluate((el) => {
    const values = Array.from(el.map.heatmap.values);
    return Array.from({ length: 8 }, (_, i) => { const row = values.slice(8 * i, 8 * i + 8); return row.indexOf(Math.max(...row)); });
  });
  expect(await argmax()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  await map.focus();
  await page.keyboard.press('Home');
  await expect(widget.getByText(/^step 1 “[A-Z]” → source 1 “[A-Z]”: 0\.9\d$/)).toBeVisible();
  await widget.getByRole('radio', { name: 'reverse it' }).check();
  await expect(widget).toHaveAttribute('task', 'reverse');
  await measured(widget);
  await expect.poll(argmax).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
  // The example: the wanted output is the source backwards, attention gets all 8.
  const rows = await widget.getByRole('table', { name: /^The example: a source of 8 letters/ }).locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.firstChild.textContent)));
  expect(rows[1]).toEqual([...rows[0]].reverse());
  expect(rows[3]).toEqual(rows[1]);
  await expect(widget.getByText('by attention (8 of 8 right)')).toBeVisible();
});

test('the same seed gives the same numbers; another seed others', async ({ page }) => {
  const widget = await open(page, '&seed=7&longest=20');
  const first = await points(widget);
  await widget.evaluate((el) => el.setAttribute('seed', '8'));
  await measured(widget);
  await expect.poll(() => points(widget)).not.toEqual(first);
  await widget.evaluate((el) => el.setAttribute('seed', '7'));
  await measured(widget);
  await expect.poll(() => points(widget)).toEqual(first);
});

test('Cancel stops a long measurement; bad settings are refused beside their field, the last measurement kept', async ({ page }) => {
  const widget = await open(page);
  const kept = await points(widget);
  for (const [label, value, message] of [
    ['Summary width d', '8', /d, the summary’s width, must be a whole number from 16 to 512, but it is “8”/],
    ['Summary width d', '1e9', /d, the summary’s width, must be a whole number from 16 to 512/],
    ['Longest source', '81', /The longest source must be a whole number from 10 to 80 tokens, but it is “81”/],
    ['Sources per length', '0', /Sources per length must be a whole number from 1 to 200, but it is “0”/],
    ['Example’s length', '1', /The example’s length must be a whole number from 2 to 80 tokens, but it is “1”/],
    ['Seed', '-1', /seed must be a whole number from 0 to 4,294,967,295, but it is “-1”/],
  ]) {
    await type(widget, label, value);
    const box = widget.getByLabel(label, { exact: true });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(widget.getByRole('alert').filter({ hasText: /⚠/ })).toHaveText(message);
    // Said right under its own field: the box's next message line is this one.
    expect(await box.evaluate((input) => input.closest('.field-row').nextElementSibling?.textContent)).toMatch(message);
    expect(await points(widget)).toEqual(kept);
    await box.fill(String(await widget.evaluate((el, name) => el[name], { 'Summary width d': 'width', 'Longest source': 'longest', 'Sources per length': 'trials', 'Example’s length': 'example', Seed: 'seed' }[label])));
    await box.press('Enter');
    await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  }
  // A long one, stopped.
  await widget.evaluate((el) => { el.setAttribute('trials', '200'); el.setAttribute('longest', '80'); el.setAttribute('width', '512'); });
  await expect(widget.getByRole('progressbar', { name: 'Measuring' })).toBeVisible();
  await widget.getByRole('button', { name: 'Cancel' }).click();
  await expect(widget.getByText(/^Cancelled\. The chart shows the lengths measured before\./)).toBeVisible();
  await expect(widget.getByRole('progressbar')).toBeHidden();
  // It still works.
  await widget.evaluate((el) => { el.setAttribute('trials', '8'); el.setAttribute('longest', '10'); el.setAttribute('width', '64'); });
  await measured(widget);
  expect(Object.keys(await points(widget)).map(Number)).toEqual([5, 10]);
});

test('the analytic view says it is not trained, in its title', async ({ page }) => {
  const widget = await openWidget(page, 'bottleneck');
  await expect(widget.getByRole('heading', { name: 'The bottleneck, analytic (not trained): a summary against attention' })).toBeVisible();
});
