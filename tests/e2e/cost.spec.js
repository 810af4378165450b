// cost.spec.js — <attn-cost> on its embed page: the chapter's numbers at N = 1,024 and
// d_model = 512, score-table sizes at N = 512 and 32,768, d_model = 510 with 8 heads refused,
// the chart redrawing when a control moves, Chart.js loaded only when a chart is needed, and
// "Measure in my browser" producing increasing times.
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { openWidget } from './helpers/open.js';

/** The multiply-adds table as { part: value }. */
async function costTable(widget) {
  const rows = await widget.getByRole('table', { name: 'Multiply-adds of one attention layer' }).locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector('th').textContent, tr.querySelectorAll('td')[1].textContent]));
  return Object.fromEntries(rows);
}

async function setNumber(widget, label, value) {
  const box = widget.getByLabel(label, { exact: true });
  await box.fill(String(value));
  await box.press('Enter');
}

test('the chapter’s formula at N = 1,024 and d_model = 512: crossover 1,024', async ({ page }) => {
  const widget = await openWidget(page, 'cost');
  await expect(widget.getByText('8 heads × 64 features = d_model 512. Crossover at N = 1,024: at N = 1,024 the two terms are equal.')).toBeVisible();
  expect(await costTable(widget)).toEqual({
    'Projections Q, K, V': '805,306,368',
    'Scores Q·Kᵀ': '536,870,912',
    'Weighted sum A·V': '536,870,912',
    'Output projection Wᴼ': '268,435,456',
    'Linear term': '1,073,741,824',
    'Quadratic term': '1,073,741,824',
    'Total': '2,147,483,648',
  });
  await expect(widget.getByText(/the dashed vertical line marks the crossover, N = 1,024\./)).toBeVisible();
});

test('score tables: 262,144 entries at N = 512, about a billion (4 GiB) at N = 32,768', async ({ page }) => {
  const widget = await openWidget(page, 'cost');
  const slider = widget.getByRole('slider', { name: /^N, tokens/ });
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(widget).toHaveAttribute('n', '512');
  await expect(widget.getByText(/^Score table at N = 512: 262,144 entries per head per layer, 1,048,576 bytes \(1 MiB\) in float32; 2,097,152 entries for all 8 heads of the layer\.$/)).toBeVisible();
  await expect(widget.getByText(/at N = 512 the linear term is still the larger/)).toBeVisible();
  await setNumber(widget, 'N (tokens)', 32768);
  await expect(widget.getByText(/^Score table at N = 32,768: 1,073,741,824 entries per head per layer, 4,294,967,296 bytes \(4 GiB\) in float32;/)).toBeVisible();
  await expect(widget.getByText(/at N = 32,768 the N² term is the larger/)).toBeVisible();
  await expect(widget.getByRole('slider', { name: /^N, tokens/ })).toHaveValue('15');
});

test('d_model = 510 with 8 heads is refused with the reason; bad numbers too', async ({ page }) => {
  const widget = await openWidget(page, 'cost');
  await setNumber(widget, 'h (heads)', 8);
  await setNumber(widget, 'd_model (model width)', 510);
  // In the widget's own names (h, d_model), never the API's (dModel).
  await expect(widget.getByRole('alert')).toHaveText('⚠ h = 8 does not divide d_model = 510: every head gets the same whole number of features, d_model ÷ h, and 510 ÷ 8 = 63.75 is not a whole number. Choose an h that divides d_model. The numbers shown are still those of N = 1,024, d_model = 512, h = 8.');
  await setNumber(widget, 'h (heads)', 6);
  await expect(widget.getByRole('alert')).toBeHidden();
  await expect(widget.getByText(/^6 heads × 85 features = d_model 510\. Crossover at N = 1,020/)).toBeVisible();
  await setNumber(widget, 'N (tokens)', 70000);
  await expect(widget.getByRole('alert')).toHaveText('⚠ N must be a whole number between 16 and 65,536.');
  await expect(widget.getByLabel('N (tokens)', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('the chart redraws when a control moves', async ({ page }) => {
  const widget = await openWidget(page, 'cost');
  const canvas = widget.getByRole('img', { name: 'Log–log chart of the cost terms against N' });
  await expect(canvas).toHaveAttribute('data-drawn', '512/8');
  const before = await canvas.evaluate((c) => c.toDataURL());
  await setNumber(widget, 'd_model (model width)', 128);
  await expect(canvas).toHaveAttribute('data-drawn', '128/8');
  await expect(widget.getByText(/the dashed vertical line marks the crossover, N = 256\./)).toBeVisible();
  expect(await canvas.evaluate((c) => c.toDataURL())).not.toBe(before);
  const middle = await canvas.evaluate((c) => c.toDataURL());
  await widget.getByRole('slider', { name: /^N, tokens/ }).press('ArrowRight'); // the marked N moves
  await expect(widget).toHaveAttribute('n', '2048');
  await expect.poll(() => canvas.evaluate((c) => c.toDataURL())).not.toBe(middle);
});

test('Chart.js is loaded only when a chart is shown', async ({ page }) => {
  // Every request for a Chart.js chunk, and the sizes of those answered: the library itself
  // (tens of KB) must arrive once; Vite may add a re-export facade of a few hundred bytes. Vite
  // names them chart-<8-character hash>.js (or chart.js unbundled); the lab's own small modules
  // about charts (chart-print-<hash>.js, chart-svg-<hash>.js) are not Chart.js.
  const isChartJs = (url) => /\/chart(-[\w-]{8})?\.js$/.test(new URL(url).pathname);
  const chartRequests = [];
  const chartBodies = [];
  page.on('request', (request) => { if (isChartJs(request.url())) chartRequests.push(request.url()); });
  page.on('response', async (response) => {
    if (isChartJs(response.url())) chartBodies.push((await response.body()).length);
  });
  await page.goto('/');
  const stepper = page.locator('attn-stepper');
  await stepper.scrollIntoViewIfNeeded();
  await expect(stepper.getByRole('status')).toBeHidden();
  expect(chartRequests).toEqual([]);
  await page.goto('/#s6-6'); // the same page: only its hash changes
  const cost = page.locator('attn-cost');
  await cost.scrollIntoViewIfNeeded();
  await whenStarted(cost);
  await expect(cost.getByRole('img', { name: 'Log–log chart of the cost terms against N' })).toHaveAttribute('data-drawn', '512/8');
  await expect.poll(() => chartBodies.length).toBe(chartRequests.length);
  expect(chartBodies.filter((bytes) => bytes > 10_000).length, 'Chart.js itself is fetched once').toBe(1);
  expect(chartRequests.length, 'at most the library and one facade').toBeLessThanOrEqual(2);
});

test('“Measure in my browser” times N = 128 … 4,096 and the times increase', async ({ page }) => {
  test.slow();
  const widget = await openWidget(page, 'cost');
  const button = widget.getByRole('button', { name: 'Measure in my browser' });
  await button.click();
  await expect(button).toBeDisabled();
  // The page stays responsive while measuring: the cost controls still work.
  await setNumber(widget, 'd_model (model width)', 256);
  await expect(widget.getByText(/Crossover at N = 512/)).toBeVisible();
  await expect(widget.getByText(/^Done: 6 sizes measured\./)).toBeVisible({ timeout: 170_000 });
  await expect(button).toBeEnabled();
  const rows = await widget.getByRole('table', { name: 'Measured attention times' }).locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)));
  expect(rows.map((r) => r[0])).toEqual(['128', '256', '512', '1,024', '2,048', '4,096']);
  const times = rows.map((r) => Number(r[1]));
  for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
  expect(rows[0][3]).toBe('1.00'); // the model is scaled to the first point
  await expect(widget.getByRole('img', { name: 'Log–log chart of measured and predicted attention times against N' })).toBeVisible();
});

test('“In words” is the accessible description; attributes are observed and fire change', async ({ page }) => {
  const widget = await openWidget(page, 'cost');
  await expect(widget.getByRole('article', { name: 'What attention costs as the sequence grows' }))
    .toHaveAccessibleDescription(/A calculator for one layer of multi-head attention/);
  const events = widget.evaluate((el) => new Promise((resolve) => {
    el.addEventListener('change', (event) => resolve(event.detail), { once: true });
  }));
  await widget.evaluate((el) => { el.setAttribute('heads', '4'); });
  expect(await events).toEqual({ n: 1024, dModel: 512, heads: 4, window: 256, cell: 'lstm', memoryMax: '32768', flops: false });
  await expect(widget.getByText(/^4 heads × 128 features = d_model 512\./)).toBeVisible();
  await expect(widget.getByLabel('h (heads)', { exact: true })).toHaveValue('4');
});

// ---------------------------------------------------------------- what a learner meets

test('changing h changes no multiply-add, and the widget says why; the axes read 10¹², never 1e+12', async ({ page }) => {
  const widget = await openWidget(page, 'cost');
  const before = await costTable(widget);
  await expect(widget.getByText(/^Why h changes no multiply-add: 8 heads of 64 features do the same arithmetic as one head of 512/)).toBeVisible();
  await setNumber(widget, 'h (heads)', 16);
  await expect(widget.getByText(/^16 heads × 32 features = d_model 512\./)).toBeVisible();
  expect(await costTable(widget)).toEqual(before);
  await expect(widget.getByText(/^Why h changes no multiply-add: 16 heads of 32 features do the same arithmetic as one head of 512 \(h · N² · d_model\/h = N² · d_model\)\. What h changes is the number of N × N score tables: 16 per layer/)).toBeVisible();
  await expect(widget.getByText(/16,777,216 entries for all 16 heads of the layer/)).toBeVisible(); // twice 8 heads' 8,388,608
  // The tick labels of the log axes (read from the chart's own formatter).
  await expect(widget.getByRole('img', { name: 'Log–log chart of the cost terms against N' })).toHaveAttribute('data-drawn', '512/16');
  const ticks = await widget.evaluate((el) => [1e12, 1e9, 1e6, 65536, 16].map((y) => el.chart.format.y(y)));
  expect(ticks).toEqual(['10¹²', '10⁹', '10⁶', '65,536', '16']);
});

test('“In words” states the current count', async ({ page }) => {
  const widget = await openWidget(page, 'cost');
  const article = widget.getByRole('article', { name: 'What attention costs as the sequence grows' });
  await expect(article).toHaveAccessibleDescription(/Now: N = 1,024, d_model = 512, 8 heads: 2,147,483,648 multiply-adds in all, and the two terms are equal; each head's score table holds 1,048,576 entries\.$/);
  await setNumber(widget, 'N (tokens)', 4096);
  await expect(article).toHaveAccessibleDescription(/Now: N = 4,096, d_model = 512, 8 heads: .* multiply-adds in all, and the N² term is the larger;/);
});

test('beside a recurrent layer, a sliding window, and memory: the numbers add up', async ({ page }) => {
  const widget = await openWidget(page, 'cost');
  await expect(widget.getByText(/^A recurrent layer of width d reads the tokens one after another through an LSTM \(8 matrices per token\): 8·N·d² = 2,147,483,648 multiply-adds at N = 1,024, against attention’s 2,147,483,648\./)).toBeVisible();
  await expect(widget.getByText('A sliding window of w = 256 keys per query costs 4·N·d² + 2·N·min(w, N)·d = 1,342,177,280, 1.6 times less than full attention at this N.')).toBeVisible();
  // The tiled kernel's memory, taken apart as the sentence takes it: every thread's packed keys
  // and values (N·2·d_k floats, 4 bytes each) and a few tiles.
  const line = await widget.locator('.memory-line').textContent();
  const [, total, threads, floats] = line.match(/whole working memory is ([\d,]+) bytes \([^)]*\): (?:for each of the core’s (\d) threads, )?the keys and values packed, N·2·d_k = ([\d,]+) floats, and a few tiles\.$/);
  const number = (text) => Number(text.replaceAll(',', ''));
  expect(number(floats)).toBe(2 * 1024 * 64);
  const perThread = number(total) / Number(threads ?? 1), packed = 4 * number(floats);
  expect(perThread - packed, 'the tiles of one thread, in bytes').toBeGreaterThan(0);
  expect(perThread - packed).toBeLessThan(0.05 * packed);
  expect(line).toContain('N² × 4 = 4,194,304 bytes (4 MiB)');
});

test('one head of 16,384 features: every chart is counted and redrawn, nothing refused', async ({ page }) => {
  const widget = await openWidget(page, 'cost');
  await setNumber(widget, 'h (heads)', 1);
  await setNumber(widget, 'd_model (model width)', 16384);
  // The tiled kernel's memory at N = 65,536 is more than any allocation may hold; it is counted.
  await expect(widget.locator('.chart-text').nth(1)).toHaveText(/^Chart: attention’s total, the recurrent layer and attention with a window of 256 for N from 16 to 65,536 at d_model = 16,384;/);
  await expect(widget.locator('.memory-line')).toContainText(`N·2·d_k = ${(2 * 1024 * 16384).toLocaleString('en-US')} floats`);
  await expect(widget.getByRole('img', { name: /^Log–log chart of attention’s total/ })).toHaveAttribute('data-drawn', '16384/1/256/lstm');
  await expect(widget.locator('.error:not([hidden])')).toHaveCount(0);
});

test('one head, one key: counted in the singular; heads that do not divide d_model are said of the h field once', async ({ page }) => {
  const widget = await openWidget(page, 'cost');
  await setNumber(widget, 'h (heads)', 1);
  await expect(widget.getByText(/^1 head × 512 features = d_model 512\./)).toBeVisible();
  await expect(widget.getByText(/entries for the layer’s one head\.$/)).toBeVisible();
  await setNumber(widget, 'Window w', 1);
  await expect(widget.getByText(/^A sliding window of w = 1 key per query costs/)).toBeVisible();
  // h = 3 does not divide 512: said, and the h field marked; then h = 0, refused as a number,
  // replaces that sentence (it was about 3, no longer in the field).
  const h = widget.getByLabel('h (heads)', { exact: true });
  await setNumber(widget, 'h (heads)', 3);
  await expect(widget.getByRole('alert')).toHaveText(/^⚠ h = 3 does not divide d_model = 512/);
  await expect(h).toHaveAttribute('aria-invalid', 'true');
  await setNumber(widget, 'h (heads)', 0);
  await expect(widget.getByRole('alert')).not.toContainText('h = 3');
  await expect(h).toHaveAttribute('aria-invalid', 'true');
  await setNumber(widget, 'h (heads)', 4);
  await expect(widget.getByRole('alert')).toBeHidden();
  await expect(h).not.toHaveAttribute('aria-invalid', 'true');
});

test('Measure memory: where both kernels run, the learner sees the tiled output agree with the naive one to float32 rounding', async ({ page }) => {
  const widget = await openWidget(page, 'cost', { query: 'memory-max=1024' });
  await widget.getByRole('button', { name: 'Measure memory' }).click();
  await expect(widget.getByText(/^Done: the tiled kernel ran to N = 1,024/)).toBeVisible({ timeout: 30_000 });
  const table = widget.getByRole('table', { name: 'Measured memory of both kernels' });
  await expect(table.getByRole('columnheader', { name: 'largest |tiled − naive|' })).toBeVisible();
  const cell = await table.getByRole('row', { name: /^1,024/ }).getByRole('cell').last().textContent();
  expect(Number(cell)).toBeGreaterThan(0);
  expect(Number(cell)).toBeLessThan(1e-5);
  await expect(widget.getByText(`Where both ran (N = 1,024 to 1,024), their outputs from the same Q, K and V differ by at most ${cell}: the same attention, up to float32 rounding, without the table.`, { exact: false })).toBeVisible();
});

test('counting a multiply and an add apart (FLOPs) doubles both terms, and the crossover stays at 2·d_model', async ({ page }) => {
  const widget = await openWidget(page, 'cost');
  const table = widget.getByRole('table', { name: 'Multiply-adds of one attention layer' });
  const total = async () => Number((await table.getByRole('row', { name: /^Total/ }).getByRole('cell').last().textContent()).replace(/,/g, ''));
  await expect(table.getByRole('columnheader', { name: 'multiply-adds' })).toBeVisible();
  const multiplyAdds = await total();
  await widget.getByRole('checkbox', { name: 'Count a multiply and an add as two operations (FLOPs)' }).check();
  await expect(widget).toHaveAttribute('flops', '');
  await expect(table.getByRole('columnheader', { name: 'FLOPs' })).toBeVisible();
  expect(await total()).toBe(2 * multiplyAdds);
  await expect(table.getByRole('row', { name: /^Total/ })).toContainText('8·N·d² + 4·N²·d');
  await expect(widget.getByText(/Crossover at N = 1,024: .* Counting a multiply and an add apart doubles both terms, so the crossover does not move\./)).toBeVisible();
  await expect(widget.getByRole('img', { name: /^Log–log chart of the cost terms/ })).toBeVisible();
  expect(await widget.evaluate((el) => el.shadowRoot.querySelector('canvas').closest('.chart-box') !== null)).toBe(true);
  await widget.getByRole('checkbox', { name: /FLOPs/ }).uncheck();
  expect(await total()).toBe(multiplyAdds);
});
