// data-table.spec.js — every chart has a "Show data as a table" view (web/ui/data-table.js): a
// real table with a caption and scoped headers, opened and closed from the keyboard, holding the
// very numbers the chart draws (read from the chart's datasets and compared exactly, through each
// cell's data-value). Heatmaps have one too, beside their focused-cell sentence.
import { test, expect } from './helpers/fixtures.js';
import { started } from './helpers/a11y-pages.js';

/** Focuses a toggle and presses a key on it (Enter or Space): the keyboard path. */
async function pressToggle(page, button, key = 'Enter') {
  await button.focus();
  await page.keyboard.press(key);
}

/** The table's caption, column headers, rows (data-value as numbers; labels as text) and notes. */
function readTable(table) {
  return table.evaluate((t) => {
    const value = (cell) => {
      const v = cell.dataset.value;
      return v === '' ? null : Number.isNaN(Number(v)) && v !== 'NaN' ? v : Number(v);
    };
    return {
      caption: t.caption?.textContent ?? null,
      headers: [...t.tHead.rows[0].cells].map((c) => ({ text: c.textContent, scope: c.getAttribute('scope'), tag: c.localName })),
      rows: [...t.tBodies[0].rows].map((r) => [...r.cells].map(value)),
      rowHeaders: [...t.tBodies[0].rows].map((r) => r.cells[0].localName + ':' + r.cells[0].getAttribute('scope')),
      notes: t.tFoot ? [...t.tFoot.rows].map((r) => [r.cells[0].textContent, value(r.cells[1])]) : [],
    };
  });
}

/** Checks the structure every data table shares: caption, th scope=col, th scope=row. */
function expectWellFormed(data) {
  expect(data.caption).toBeTruthy();
  expect(data.headers.every((h) => h.tag === 'th' && h.scope === 'col')).toBe(true);
  expect(data.rows.length).toBeGreaterThan(0);
  expect(new Set(data.rowHeaders)).toEqual(new Set(['th:row']));
}

/** Opens the table view that follows `anchor` in its widget, by keyboard; returns its table. */
async function openTable(page, anyToggle) {
  const id = await anyToggle.getAttribute('aria-controls');
  const toggle = anyToggle.page().locator(`[aria-controls="${id}"]`); // stays found when its name changes
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await pressToggle(page, toggle, 'Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toHaveText('Hide the data table');
  const box = toggle.page().locator(`#${id}`);
  await expect(box).toBeVisible();
  return box.locator('table');
}

test('the histograms: bars and curve in the table are the chart’s own numbers', async ({ page }) => {
  await page.goto('/');
  const widget = page.locator('attn-variance');
  await started(widget);
  await expect(widget.getByRole('img', { name: /^Histogram of 20,000 raw scores/ })).toBeVisible();
  const toggles = widget.getByRole('button', { name: /data table|data as a table/ });
  await expect(toggles).toHaveCount(2);
  for (const [index, key] of [[0, 'raw'], [1, 'scaled']]) {
    const toggle = page.locator(`[aria-controls="${await toggles.nth(index).getAttribute('aria-controls')}"]`);
    const table = await openTable(page, toggle);
    const data = await readTable(table);
    expectWellFormed(data);
    const chart = await widget.evaluate((el, k) => {
      const [bars, curve] = el.charts[k].chart.chart.data.datasets;
      return { bars: bars.data.map((p) => [p.x, p.y]), centres: curve.data.filter((_, i) => i % 4 === 2).map((p) => [p.x, p.y]), label: curve.label };
    }, key);
    expect(data.headers.map((h) => h.text)).toEqual([expect.stringMatching(/^bin centre/), 'from', 'to', 'count', 'measured density', chart.label]);
    expect(data.rows.map((r) => [r[0], r[4]])).toEqual(chart.bars);
    expect(data.rows.map((r) => [r[0], r[5]])).toEqual(chart.centres);
    // Each row's centre lies between its edges, and the counts add up to at most the draws.
    for (const r of data.rows) expect(r[1] < r[0] && r[0] < r[2]).toBe(true);
    expect(data.notes).toEqual([['total draws', 20000]]);
    expect(data.rows.reduce((s, r) => s + r[3], 0)).toBeLessThanOrEqual(20000);
    // Space closes it again.
    await pressToggle(page, toggle, 'Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(table).toBeHidden();
  }

  // A new head width redraws the chart, and the open table follows.
  const table = await openTable(page, toggles.first());
  const before = await readTable(table);
  await widget.getByRole('button', { name: 'd_k = 32' }).focus();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('img', { name: /^Histogram of 20,000 raw scores at d_k = 32/ })).toBeVisible();
  await expect.poll(async () => (await readTable(table)).rows).not.toEqual(before.rows);
  const after = await readTable(table);
  const bars = await widget.evaluate((el) => el.charts.raw.chart.chart.data.datasets[0].data.map((p) => [p.x, p.y]));
  expect(after.rows.map((r) => [r[0], r[4]])).toEqual(bars);
});

test('the cost charts: every series point and the crossover marker, as the chart has them', async ({ page }) => {
  await page.goto('/');
  const widget = page.locator('attn-cost');
  await started(widget);
  const canvas = widget.getByRole('img', { name: 'Log–log chart of the cost terms against N' });
  await expect(canvas).toHaveAttribute('data-drawn', '512/8');
  const table = await openTable(page, widget.getByRole('button', { name: 'Show data as a table' }).first());
  const data = await readTable(table);
  expectWellFormed(data);
  const chart = await widget.evaluate((el) => el.chart.chart.data.datasets.map((d) => ({ label: d.label, points: d.data.map((p) => [p.x, p.y]) })));
  const marker = chart.pop();
  expect(data.headers.map((h) => h.text)).toEqual(['N (tokens)', ...chart.map((d) => d.label)]);
  chart.forEach((series, i) => {
    const fromTable = data.rows.filter((r) => r[i + 1] !== null).map((r) => [r[0], r[i + 1]]);
    expect(fromTable).toEqual(series.points);
  });
  expect(data.notes).toEqual([[marker.label, marker.points[0][0]]]);
  expect(marker.label).toBe('crossover N = 1,024');

  // The measured chart gets its table too, once measured (started from the keyboard).
  await widget.getByRole('button', { name: 'Measure in my browser' }).focus();
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^Done: \d+ sizes measured/)).toBeVisible({ timeout: 90_000 });
  // The first chart's button now reads "Hide the data table"; the measured chart's comes next,
  // before the cost-variants chart below it.
  const measured = await openTable(page, widget.getByRole('button', { name: 'Show data as a table' }).first());
  const m = await readTable(measured);
  expectWellFormed(m);
  const mChart = await widget.evaluate((el) => el.measureChart.chart.data.datasets.slice(0, -1).map((d) => d.data.map((p) => [p.x, p.y])));
  mChart.forEach((points, i) => expect(m.rows.filter((r) => r[i + 1] !== null).map((r) => [r[0], r[i + 1]])).toEqual(points));
});

test('the loss chart: the table lists its points and reference lines, and grows with training', async ({ page }) => {
  await page.goto('/#lab');
  const widget = page.locator('attn-train');
  await started(widget);
  const toggle = widget.getByRole('button', { name: 'Show data as a table' }).first();
  const table = await openTable(page, toggle);
  const read = async () => {
    const data = await readTable(table);
    const chart = await widget.evaluate((el) => el.chart.chart.data.datasets.map((d) => ({ label: d.label, horizontal: d.horizontal, points: d.data.map((p) => [p.x, p.y]) })));
    return { data, chart };
  };
  const { data, chart } = await read();
  expectWellFormed(data);
  const curves = chart.filter((d) => d.horizontal === undefined);
  expect(data.headers.map((h) => h.text)).toEqual(['step', ...curves.map((d) => d.label)]);
  curves.forEach((series, i) => expect(data.rows.filter((r) => r[i + 1] !== null).map((r) => [r[0], r[i + 1]])).toEqual(series.points));
  expect(data.notes).toEqual(chart.filter((d) => d.horizontal !== undefined).map((d) => [d.label, d.horizontal]));
  expect(data.notes.map(([label]) => label)).toEqual(['unigram baseline', 'corpus floor']);

  // Train (started and paused from the keyboard): the open table now holds the training points.
  // A far target, so that training is still running when Pause is pressed (the shipped model
  // reaches the default 2,000 steps in well under a minute).
  await widget.getByLabel('Train until step').fill('100000');
  await widget.getByRole('button', { name: 'Start' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => widget.evaluate((el) => el.chart.count('training loss')), { timeout: 60_000 }).toBeGreaterThan(2);
  await widget.getByRole('button', { name: 'Pause' }).focus();
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^Paused at step \d+/)).toBeVisible({ timeout: 30_000 });
  // Paused, the training curve no longer grows. Grown past a thousand rows, the open table is
  // rebuilt at most once per ten times its building time (data-table.js): it shows the last points
  // a moment after the chart does.
  const training = await widget.evaluate((el) => el.chart.chart.data.datasets.find((d) => d.label === 'training loss').data.map((p) => [p.x, p.y]));
  expect(training.length).toBeGreaterThan(1000); // the shipped model's curve, then the steps trained here
  await expect.poll(async () => (await readTable(table)).rows.filter((r) => r[1] !== null).map((r) => [r[0], r[1]]), { timeout: 10_000 }).toEqual(training);
});

test('heatmaps: the table beside the focused-cell sentence holds every value drawn', async ({ page }) => {
  await page.goto('/');
  for (const tag of ['attn-masks', 'attn-heads', 'attn-train']) {
    const widget = page.locator(tag);
    await started(widget);
    const toggle = widget.locator('figure.heatmap').first().getByRole('button', { name: 'Show data as a table' });
    const table = await openTable(page, toggle);
    const data = await readTable(table);
    expectWellFormed(data);
    const drawn = await widget.evaluate((el) => {
      const map = { 'attn-masks': el.views?.heatmap, 'attn-heads': el.maps?.[0], 'attn-train': el.heatmap }[el.localName];
      return Array.from(map.values, String);
    });
    const cols = data.headers.length - 1;
    expect(data.rows.length * cols).toBe(drawn.length);
    expect(data.rows.flatMap((r) => r.slice(1).map(String))).toEqual(drawn);
    expect(typeof data.rows[0][0]).toBe('string'); // row headers are the row labels
  }
});

test('every chart and heatmap on the lab page has its table view and its words', async ({ page }) => {
  await page.goto('/');
  for (const tag of ['attn-variance', 'attn-masks', 'attn-heads', 'attn-cost', 'attn-train']) {
    const widget = page.locator(tag);
    await started(widget);
    const missing = await widget.evaluate((el) => {
      const root = el.shadowRoot;
      const charts = [...root.querySelectorAll('canvas[role="img"]')].filter((c) => !c.closest('[hidden]'));
      const lacking = charts.filter((c) => !(c.getAttribute('aria-label') && c.parentElement.nextElementSibling?.classList.contains('data-table-view')) && !c.closest('.line-chart-view')?.querySelector('.data-table-view'));
      const maps = [...root.querySelectorAll('figure.heatmap')].filter((f) => !f.querySelector('.data-table-view') || !f.querySelector('.heatmap-readout'));
      return { charts: charts.length, lacking: lacking.length, maps: maps.length, words: Boolean(root.querySelector('.in-words')?.textContent.trim()) };
    });
    expect(missing.lacking, `${tag}: charts without a table view or a name`).toBe(0);
    expect(missing.maps, `${tag}: heatmaps without a table or a readout`).toBe(0);
    expect(missing.words).toBe(true);
  }
});
