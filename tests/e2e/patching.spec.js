// patching.spec.js — <attn-train>'s activation patching panel on the shipped model: a pair from
// the corpus run by keyboard, both heatmaps' readouts and data tables hold what the training
// worker's model.patch returns for the same request, and bad input (prompts of different
// lengths, the same character twice) is said beside its field while the last result stays.
// The numbers themselves are tested in node (tests/wasm/patch.test.mjs).
import { test, expect } from './helpers/fixtures.js';
import { openWidget } from './helpers/open.js';

test('patching a pair on the shipped model: heatmaps and tables are the worker’s, bad input beside its field', async ({ page }) => {
  const widget = await openWidget(page, 'train');
  await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  const panel = widget.locator('fieldset.patch-panel');
  const clean = panel.getByLabel('Clean prompt', { exact: true }), corrupted = panel.getByLabel(/^Corrupted prompt/);
  const good = panel.getByLabel('Next character for the clean prompt'), bad = panel.getByLabel('Next character for the corrupted prompt');
  await expect(clean).toHaveValue('the queen said "');

  // Keyboard alone: Enter in a field runs the patch.
  await good.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByText(/^Patched 8 heads and 32 places of the residual stream/)).toBeVisible({ timeout: 30_000 });

  const args = { clean: 'the queen said "', corrupted: 'the geese said "', metric: { good: 'i', bad: 'w' } };
  const expected = await widget.evaluate(async (el, a) => {
    const heads = await el.client.request('patch', { ...a, over: 'heads' });
    const positions = await el.client.request('patch', { ...a, over: 'positions' });
    return { heads: Array.from(heads.restored), positions: Array.from(positions.restored), clean: heads.clean, corrupted: heads.corrupted };
  }, args);
  expect(expected.heads).toHaveLength(8);
  expect(expected.positions).toHaveLength(32);
  const minus = (x) => x.toFixed(3).replace('-', '−');
  await expect(panel.locator('.patch-metric')).toContainText(`Clean ${expected.clean.toFixed(4).replace('-', '−')}, corrupted ${expected.corrupted.toFixed(4).replace('-', '−')}`);

  // The heads heatmap: its focused-cell readout (L1 H1), then the arrow keys, then its table.
  const [headsMap, positionsMap] = [panel.locator('figure.heatmap').nth(0), panel.locator('figure.heatmap').nth(1)];
  const headsSurface = headsMap.locator('.heatmap-surface');
  await headsSurface.focus();
  await expect(headsMap.locator('.heatmap-readout')).toContainText(minus(expected.heads[0]));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(headsMap.locator('.heatmap-readout')).toContainText(minus(expected.heads[5]));
  await headsMap.getByRole('button', { name: 'Show data as a table' }).click();
  const headRows = headsMap.locator('table.data-table tbody tr');
  await expect(headRows).toHaveCount(2);
  for (let l = 0; l < 2; l++) {
    const cells = await headRows.nth(l).locator('td').allTextContents();
    expect(cells.map((c) => Number(c.replace('−', '-')))).toEqual(expected.heads.slice(l * 4, l * 4 + 4).map((x) => Number(x.toFixed(3))));
  }
  // The positions heatmap: the last layer's last position restores the clean metric whole.
  await positionsMap.getByRole('button', { name: 'Show data as a table' }).click();
  const lastRow = await positionsMap.locator('table.data-table tbody tr').nth(1).locator('td').allTextContents();
  expect(lastRow.map((c) => Number(c.replace('−', '-')))).toEqual(expected.positions.slice(16).map((x) => Number(x.toFixed(3))));
  expect(expected.positions[31]).toBeCloseTo(1, 5);
  await expect(panel.locator('.patch-words')).toContainText(`the last position restores ${minus(expected.positions[31])}`);

  // Bad input: beside its field, the last result kept.
  await corrupted.fill('the geese said');
  await panel.getByRole('button', { name: 'Run patching' }).click();
  const lengthProblem = corrupted.locator('xpath=..').locator('.field-problem');
  await expect(lengthProblem).toContainText('patching needs two prompts of the same length');
  await expect(corrupted).toHaveAttribute('aria-invalid', 'true');
  await expect(headsMap.locator('table.data-table tbody tr')).toHaveCount(2);
  await corrupted.fill(args.corrupted);
  await bad.fill('i');
  await panel.getByRole('button', { name: 'Run patching' }).click();
  await expect(bad.locator('xpath=..').locator('.field-problem')).toContainText('the same character as metric.good');
  await expect(lengthProblem).toBeHidden();
  await expect(panel.getByText('The last result stays.')).toBeVisible();
});
