// train-heads.spec.js — reading the shipped model in <attn-train> like a researcher: every head
// measured in the training worker (roles as README.md's table quotes them, from the core), the
// grid of every head by keyboard (arrows, Enter opens a head large, Escape gives focus back), the
// map panel's note, and a knock-out whose change of loss is README.md's.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.js';

/** README.md's table of the shipped model's heads: head name → { role, delta }. */
function readmeHeads() {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const rows = new Map();
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (!/^L\d H\d$/.test(cells[1] ?? '')) continue;
    rows.set(cells[1], { role: cells[2], delta: Number(cells[10].replace('−', '-')) });
  }
  return rows;
}

async function openMeasured(page) {
  await page.goto('/#lab');
  const widget = page.locator('attn-train');
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 20_000 });
  await expect(widget.getByText(/^Measured 8 heads over 128 windows of \d+ characters \(seed 1\)/)).toBeVisible({ timeout: 90_000 });
  return widget;
}

test('every head of the shipped model, measured: README’s roles, the grid by keyboard, a head opened large', async ({ page }) => {
  test.setTimeout(180_000);
  const widget = await openMeasured(page);
  const heads = readmeHeads();
  expect(heads.size).toBe(8);
  // Each grid cell names its head and the role the core measured: README's, shortened.
  const first = widget.getByRole('button', { name: /^L1 H1 / });
  const expected = heads.get('L1 H1').role.match(/^no clear role \(strongest: (.+), (\d\.\d\d)\)$/);
  await expect(first).toHaveAccessibleName(`L1 H1 no clear role (${expected[1]} ${expected[2]}) Open it large.`);
  await expect(widget.getByText('0 of 8 heads have a clear role at the thresholds below; 8 have none.')).toBeVisible();
  await expect(widget.getByText('A row shows which earlier characters this head mixed into that position at this one layer', { exact: false })).toBeVisible();

  // Keyboard alone: focus the first cell, move right and down, open it large, close it.
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(widget.getByRole('button', { name: /^L2 H2 / })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = widget.getByRole('dialog', { name: 'Layer 2, head 2 on the probe text' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Over 128 windows: no clear role \(strongest: stripes/)).toBeVisible();
  await expect(dialog.locator('.heatmap-readout')).toHaveText(/^query \d+ “.+” → key \d+ “.+”: \d\.\d{3}$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(widget.getByRole('button', { name: /^L2 H2 / })).toBeFocused();
});

test('knocking a head out of the shipped model changes the validation loss by README’s amount', async ({ page }) => {
  test.setTimeout(180_000);
  const widget = await openMeasured(page);
  const delta = readmeHeads().get('L1 H2').delta;
  await widget.getByLabel('Head to knock out').selectOption({ label: 'L1 H2' });
  await widget.getByRole('button', { name: 'Knock it out' }).click();
  const result = widget.locator('.knockout-result');
  await expect(result).toHaveText(/^L1 H2 replaced by zeros: validation loss \d\.\d{4} → \d\.\d{4} nats per character \([+−]\d\.\d{4}\)\. The prediction needs this head\.$/, { timeout: 60_000 });
  const [, before, after, shown] = (await result.textContent()).match(/loss (\d\.\d{4}) → (\d\.\d{4}) .*\(([+−]\d\.\d{4})\)/);
  expect(Math.abs(Number(shown.replace('−', '-')) - delta)).toBeLessThanOrEqual(0.0006);
  expect(Math.abs(Number(after) - Number(before) - Number(shown.replace('−', '-')))).toBeLessThanOrEqual(0.00011);
});
