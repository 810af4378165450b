// heads-fresh.spec.js — reading models built in <attn-train>: a small model
// built fresh is said to have near-uniform rows in every head at step 0 (the chapter's flat rows, the
// core's diagnosis), then trained gets a point on the specialisation chart per evaluation, whose
// first and last values are the core's (recomputed in node on the same weights); and a 12-layer × 16-head model
// (the grid's upper limit; tiny d_model, untrained) gets 192 cells, every one reachable by the
// arrow keys, a data table of 192 rows holding the core's scores under a row of their chance
// levels, and Enter opens a cell large.
import { readFileSync } from 'node:fs';
import { test, expect } from './helpers/fixtures.js';
import { openTrainer } from './helpers/trainer.js';
import { loadAttn } from '../../web/lib/attn.js';
import { HeadScore } from '../../web/lib/abi.js';
import { flatDiagnosis } from '../../web/lib/model/head-roles.js';

const attn = await loadAttn({ wasmBytes: readFileSync(new URL('../../web/generated/attn.wasm', import.meta.url)) });
const S = HeadScore.count;

/** Opens the training lab's embed page, builds a model of `config` (on the default corpus) and waits for its measurement. */
async function buildMeasured(page, config) {
  const widget = await openTrainer(page);
  const labels = { layers: 'Layers', heads: 'Heads', dModel: 'd_model', context: 'Context', batch: 'Batch', lr: 'Learning rate', seed: 'Seed' };
  for (const [name, label] of Object.entries(labels)) await widget.getByLabel(label, { exact: true }).fill(String(config[name]));
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 30_000 });
  const count = config.layers * config.heads;
  await expect(widget.getByText(new RegExp(`^Measured ${count} heads over 128 windows of ${config.context} characters \\(seed 1\\) at step 0\\.$`))).toBeVisible({ timeout: 120_000 });
  return widget;
}

test('a model trained fresh: the specialisation chart gets a point per evaluation, the core’s scores', async ({ page }) => {
  const config = { layers: 1, heads: 2, dModel: 32, context: 32, batch: 4, lr: 0.003, seed: 7 };
  const widget = await buildMeasured(page, config);
  // The chapter: "uniformly flat rows across all heads and layers mean the scores carry no signal".
  // At step 0 the core finds every head's rows near-uniform, and the panel says so and why.
  const fresh = attn.createModel(config);
  try {
    expect(flatDiagnosis(fresh.headStats({ windows: 128, seed: 1, similarity: false }).records).kind).toBe('all');
  } finally {
    fresh.dispose();
  }
  await expect(widget.getByText(/^Every head’s rows are nearly uniform: the scores carry no signal, and each head returns an average of everything before it\. At step 0 that is the initialisation/)).toBeVisible();
  // The worker trains in chunks of at most 64 steps and evaluates when a chunk crosses a multiple
  // of 50, and at the last step: 120 steps make at least two evaluations.
  const until = 120;
  await widget.getByLabel('Train until step').fill(String(until));
  await widget.getByRole('button', { name: 'Start' }).click();
  await expect(widget.getByText(`Trained to step ${until}.`)).toBeVisible({ timeout: 180_000 });

  // One score for every head: a line per head.
  await widget.locator('.specialisation select').selectOption({ label: 'previous token' });
  const { lines, validation } = await widget.evaluate((el) => ({
    lines: el.specialisation.chart.chart.data.datasets.map((d) => ({ name: d.label, points: d.data.map((p) => [p.x, p.y]) })),
    validation: el.chart.chart.data.datasets.find((d) => d.label === 'validation loss').data.map((p) => p.x),
  }));
  expect(lines.map((l) => l.name)).toEqual(['L1 H1', 'L1 H2']);
  // A point at step 0 (the model as built) and one at each evaluation the loss chart shows.
  const steps = [...new Set([0, ...validation])].sort((a, b) => a - b);
  expect(steps.length).toBeGreaterThanOrEqual(3);
  expect(steps[steps.length - 1]).toBe(until);
  for (const line of lines) expect(line.points.map(([x]) => x)).toEqual(steps);

  // The first point: the same model built in node (same seed) and measured by the core; the last:
  // the widget's trained weights measured by the core. The record keeps 4 decimals.
  const near = (shown, mean) => expect(Math.abs(shown - mean)).toBeLessThanOrEqual(0.5e-4 + 1e-6);
  const built = attn.createModel(config);
  try {
    const first = built.recordHeadScores();
    lines.forEach((line, g) => near(line.points[0][1], first.scores[g * S + HeadScore.previous]));
  } finally {
    built.dispose();
  }
  const bytes = await widget.evaluate(async (el) => Array.from(await el.modelWeights()));
  const trained = attn.loadModel(Uint8Array.from(bytes));
  try {
    expect(trained.steps).toBe(until);
    const { summary } = trained.headStats({ windows: 16, seed: 1, similarity: false });
    lines.forEach((line, g) => near(line.points[line.points.length - 1][1], summary[(g * S + HeadScore.previous) * 2]));
    // Every point is the record saved with the weights, step by step.
    expect(trained.headHistory.entries.map((e) => e.step)).toEqual(steps);
    lines.forEach((line, g) => line.points.forEach(([, y], i) => expect(y).toBe(trained.headHistory.entries[i].scores[g * S + HeadScore.previous])));
  } finally {
    trained.dispose();
  }
  await expect(widget.locator('.specialisation .message')).toHaveText(`${steps.length} measurements, from step 0 to step ${until}, each over 16 windows.`);
});

test('12 layers × 16 heads: 192 cells, each reached by keyboard, a data table of every head, Enter opens one large', async ({ page }) => {
  test.slow();
  const config = { layers: 12, heads: 16, dModel: 32, context: 16, batch: 2, lr: 0.003, seed: 1 };
  const widget = await buildMeasured(page, config);
  await widget.getByLabel('Probe text', { exact: true }).fill('the cat sat.');
  await widget.getByRole('button', { name: 'Show attention' }).click();
  await expect(widget.getByText(/^12 characters\. Largest weight above the diagonal: 0 exactly/)).toBeVisible({ timeout: 30_000 });

  const cells = widget.locator('.heads-grid .cell-button');
  await expect(cells).toHaveCount(192);
  const cell = (l, hd) => widget.getByRole('button', { name: new RegExp(`^L${l} H${hd} `) });
  // One tab stop: the first cell; then the arrow keys reach every cell, layer by layer.
  expect(await cells.evaluateAll((list) => list.filter((b) => b.tabIndex === 0).length)).toBe(1);
  await cell(1, 1).focus();
  for (let l = 1; l <= 12; l++) {
    if (l > 1) {
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Home');
    }
    for (let hd = 1; hd <= 16; hd++) {
      if (hd > 1) await page.keyboard.press('ArrowRight');
      await expect(cell(l, hd)).toBeFocused();
    }
  }

  // The data table: a row of chance levels, then a row per head, its scores the core's (the same model built in node).
  const panel = widget.locator('.heads-panel');
  await panel.getByRole('button', { name: 'Show data as a table' }).first().click();
  const table = panel.locator('table').filter({ has: page.locator('caption', { hasText: /^Every head’s scores over 128 windows/ }) });
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({
    head: tr.querySelector('th').textContent,
    previous: Number(tr.querySelectorAll('td')[1].dataset.value),
  })));
  expect(rows.length).toBe(1 + 192);
  const model = attn.createModel(config);
  try {
    const { summary, chance } = model.headStats({ windows: 128, seed: 1, similarity: false });
    const [chanceRow, ...headRows] = rows;
    expect(chanceRow.head).toBe('chance (even spread)');
    expect(Math.abs(chanceRow.previous - chance[HeadScore.previous])).toBeLessThanOrEqual(1e-6);
    headRows.forEach((row, g) => {
      expect(row.head).toBe(`L${Math.floor(g / 16) + 1} H${(g % 16) + 1}`);
      expect(Math.abs(row.previous - summary[(g * S + HeadScore.previous) * 2])).toBeLessThanOrEqual(1e-6);
    });
  } finally {
    model.dispose();
  }

  // Enter on the last cell opens it large; Escape gives focus back.
  await cell(12, 16).focus();
  await page.keyboard.press('Enter');
  const dialog = widget.getByRole('dialog', { name: 'Layer 12, head 16 on the probe text' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.heatmap-readout')).toHaveText(/^query \d+ “.+” → key \d+ “.+”: \d\.\d{3}$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cell(12, 16)).toBeFocused();
});
