// translation.spec.js — <attn-translation> in the browser: the recorded run it ships drawn before
// anyone trains (the two curves, the maps at step 0 and at the last step with the true alignment
// outlined, the scores, the step times), each number equal to web/models/translation-run.json;
// Train on a tiny run (10 steps, measured at 0 and 10) with both workers' progress, the curves
// and the sentence redrawn from what was trained; Cancel; a refused setting said beside its field.
// The long training and the numbers' logic are node tests (tests/wasm/translation-readings.test.mjs).
import { readFileSync } from 'node:fs';
import { test, expect } from './helpers/fixtures.js';
import { openWidget } from './helpers/open.js';

const record = JSON.parse(readFileSync(new URL('../../web/models/translation-run.json', import.meta.url), 'utf8'));
const { bottleneck, attention } = record.runs;
const percent = (x) => `${Math.round(100 * x)}%`;

/** The chart's points, by series: [[x, y], …] of (a) and of (b), once Chart.js (loaded on
 *  demand, after the status line is written) has drawn both. */
async function curves(widget) {
  await expect.poll(() => widget.evaluate((el) => el.chart?.chart?.data?.datasets?.length >= 2 && el.chart.chart.data.datasets.every((d) => d.data.length > 0))).toBe(true);
  return widget.evaluate((el) => el.chart.chart.data.datasets.map((d) => d.data.map((p) => [p.x, p.y])));
}

async function recorded(page, query = '') {
  const widget = await openWidget(page, 'translation', { query });
  await expect(widget.getByRole('status')).toHaveText(/^The recorded run: both models trained 1,500 steps/);
  return widget;
}

test('the recorded run: curves, maps, scores and step times equal the shipped record, and In words says them', async ({ page }) => {
  const widget = await recorded(page);
  const [a, b] = await curves(widget);
  expect(a.map(([, y]) => y)).toEqual(bottleneck.checkpoints.at(-1).accuracy);
  expect(b.map(([, y]) => y)).toEqual(attention.checkpoints.at(-1).accuracy);
  expect(a.map(([x]) => x)).toEqual(bottleneck.lengths.map(([lo, hi]) => (lo + hi) / 2));
  const last = bottleneck.checkpoints.at(-1).accuracy;
  const fall = `(a) the bottleneck falls from ${percent(last[0])} at length 3–8 to ${percent(last.at(-1))} at 34–40.`;
  await expect(widget.getByText(fall).first()).toBeVisible();

  // The two maps' scores: the mean weight on the true cells, computed here from the record.
  const { sentence } = attention;
  const length = sentence.alignment.length;
  const score = (map) => sentence.alignment.reduce((sum, source, j) => sum + map[j * length + source], 0) / length;
  const first = score(attention.checkpoints[0].map), end = score(attention.checkpoints.at(-1).map);
  await expect(widget.getByText(`Step 0: ${first.toFixed(2)} of each target word’s weight on its true source word, against ${(1 / length).toFixed(3)} by chance`, { exact: false })).toBeVisible();
  await expect(widget.getByText(`Step 1500: ${end.toFixed(2)} of each target word’s weight`, { exact: false })).toBeVisible();
  // The outline is named in words: the legend, and the readout of a true cell.
  const after = widget.getByRole('application', { name: /at the latest step measured/ });
  await expect(widget.getByText('outlined: the true source word').first()).toBeVisible();
  await after.focus();
  await page.keyboard.press('ArrowDown'); // target 2 "enots" → source 1 "a": not its true word
  await expect(widget.getByText(/^target word 2 “enots” → source word 1 “a”: \d\.\d\d$/)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(widget.getByText(/^target word 2 “enots” → source word 2 “stone”: \d\.\d\d \(outlined: the true source word\)$/)).toBeVisible();

  // The step times, with twice the length of sequential steps.
  const table = widget.getByRole('table', { name: /milliseconds per training step/ });
  const row40 = record.timing.rows.at(-1);
  await expect(table.getByRole('row', { name: new RegExp(`^40 80 ${(1000 * row40.bottleneck).toFixed(1)} ${(1000 * row40.attention).toFixed(1)}$`) })).toBeVisible();
  await expect(widget.getByText('node scripts/seq2seq-experiment.mjs', { exact: true })).toBeVisible();
  const words = await widget.evaluate((el) => el.inWords());
  expect(words).toContain(fall);
  expect(words).toContain(`${end.toFixed(2)} of each word’s weight on its true source word`);
});

test('Train runs both models a few steps in their workers; the curves, maps and words follow; Cancel stops a run', async ({ page }) => {
  const widget = await recorded(page, 'steps=10&eval-every=10');
  await widget.getByRole('button', { name: 'Train both models' }).click();
  await expect(widget.getByRole('progressbar', { name: /Training \(a\)/ })).toBeVisible();
  await expect(widget.getByRole('progressbar', { name: /Training \(b\)/ })).toBeVisible();
  await expect(widget.getByRole('status')).toHaveText(/^Trained here: both models, 10 steps each \(seed 1, 1 measurement after step 0\), in [\d.]+ s side by side/, { timeout: 60_000 });
  await expect(widget.getByRole('progressbar')).toHaveCount(0);
  const [a, b] = await curves(widget);
  expect(a).toHaveLength(6);
  expect(b).toHaveLength(6);
  const result = await widget.evaluate((el) => el.shown.runs);
  expect(result.attention.checkpoints.map((c) => c.step)).toEqual([0, 10]);
  expect(b.map(([, y]) => y)).toEqual(result.attention.checkpoints.at(-1).accuracy);
  await expect(widget.getByText(/^Trained here, step 10:/)).toBeVisible();
  await expect(widget.getByText(/^Step 10: \d\.\d\d of each target word’s weight/)).toBeVisible();
  await expect(widget.getByText(/^This training, lengths 3–40 mixed, two workers at once: \(a\) [\d.]+ ms per step/)).toBeVisible();
  expect(await widget.evaluate((el) => el.inWords())).toMatch(/Trained here, at step 10: \(a\) the bottleneck/);

  await widget.evaluate((el) => { el.steps = 3000; });
  await widget.getByRole('button', { name: 'Train both models' }).click();
  await expect(widget.getByText(/^Training here, step 0:/)).toBeVisible({ timeout: 30_000 });
  await widget.getByRole('button', { name: 'Cancel' }).click();
  await expect(widget.getByRole('status')).toHaveText(/^Cancelled\./);
  await expect(widget.getByRole('button', { name: 'Train both models' })).toBeEnabled();

  // By keyboard: Train hands the focus to Cancel, and Cancel, hiding itself, hands it back.
  await widget.getByRole('button', { name: 'Train both models' }).focus();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('status')).toHaveText(/^Cancelled\./);
  await expect(widget.getByRole('button', { name: 'Train both models' })).toBeFocused();
});

test('a setting out of range is refused beside its field, and the run on screen stays', async ({ page }) => {
  const widget = await recorded(page);
  const steps = widget.getByLabel('Training steps', { exact: true });
  await steps.fill('5');
  await steps.press('Enter');
  await expect(widget.getByRole('alert').filter({ hasText: 'Training steps must be a whole number from 10 to 3,000, but it is “5”. The run on screen stays.' })).toBeVisible();
  await expect(steps).toHaveAttribute('aria-invalid', 'true');
  expect(await widget.evaluate((el) => el.steps)).toBe(1500);
  await expect(widget.getByRole('status')).toHaveText(/^The recorded run/);
});
