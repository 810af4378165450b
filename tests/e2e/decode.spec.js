// decode.spec.js — <attn-decode> on its embed page with the shipped model (2 layers, d_model 64):
// Step adds one character and the work table shows 2·L·t·d with the cache against 2·L·t²·d
// recomputing, and the cache's 2·L·t·d·4 bytes; a prompt with a character the model never saw
// is refused with a sentence, and the last good state stays.
import { test, expect } from './helpers/fixtures.js';
import { openWidget } from './helpers/open.js';

async function openDecode(page) {
  const widget = await openWidget(page, 'decode', { ready: 'none' });
  await expect(widget.getByText(/^Decoding with the shipped model: 2 layers/)).toBeVisible({ timeout: 30000 });
  return widget;
}

const work = (widget) => widget.getByRole('table', { name: /^Step t = / }).locator('tbody tr')
  .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));

test('Step: one more character, the counts and the cache’s bytes follow the formulas', async ({ page }) => {
  const widget = await openDecode(page);
  // the prompt "the queen said " is 15 characters: t = 15
  expect((await work(widget))[0]).toEqual(['3,840', '57,600', '15×']);
  await widget.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(widget).toHaveAttribute('step', '1');
  await expect(widget.getByText(/^t = 16 of \d+: the prompt’s 15 characters and 1 new one\./)).toBeVisible();
  expect((await work(widget))[0]).toEqual(['4,096', '65,536', '16×']);
  await expect(widget.getByText(/2 · 2 · 16 · 64 · 4 bytes = 16,384 bytes/)).toBeVisible();
  // The sentence under the table carries the whole step's ratio too (on a phone the table's last
  // column is scrolled out of sight): the table's own figures.
  const [, total, ratio] = (await work(widget))[2]; // the whole step: cached, recomputed, ratio
  await expect(widget.getByText(new RegExp(`^The decoder counted 4,096 attention multiply-adds and [\\d,]+ in all at this step; recomputing the whole prefix would take ${ratio} as many \\(${total}\\)\\. `))).toBeVisible();
});

test('a character the model never saw is refused with a sentence; the last good state stays', async ({ page }) => {
  const widget = await openDecode(page);
  await widget.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(widget).toHaveAttribute('step', '1');
  const prompt = widget.getByLabel('Prompt');
  await prompt.fill('the ✓');
  await prompt.press('Enter');
  await expect(widget.getByRole('alert')).toContainText('The last good state is still shown.');
  await expect(widget.getByText(/^t = 16 of /)).toBeVisible();
  await prompt.fill('');
  await prompt.press('Enter');
  await expect(widget.getByRole('alert')).toContainText('The prompt is empty');
});

test('the training lab’s model where it cannot be had: refused, and the shipped model stays in use, said and pressed', async ({ page }) => {
  await page.goto('/embed.html?widget=decode'); // a page with no training lab
  const widget = page.locator('attn-decode');
  await expect(widget.getByText(/^Decoding with the shipped model: 2 layers/)).toBeVisible({ timeout: 30000 });
  await widget.getByRole('button', { name: 'The training lab’s model' }).click();
  await expect(widget.getByRole('alert')).toHaveText('⚠ The training lab’s model could not be used: there is no training lab (<attn-train>) on this page. The last good state is still shown.');
  await expect(widget.getByText(/^Decoding with the shipped model: 2 layers/)).toBeVisible();
  await expect(widget.getByRole('button', { name: 'The shipped model' })).toHaveAttribute('aria-pressed', 'true');
  await expect(widget.getByRole('button', { name: 'The training lab’s model' })).toHaveAttribute('aria-pressed', 'false');
  await expect(widget).toHaveAttribute('source', 'shipped');
  await widget.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(widget.getByText(/^t = 16 of \d+: the prompt’s 15 characters and 1 new one\./)).toBeVisible();
});

test('a prompt is said of once: a refusal of what the field shows replaces what was said of the prompt before', async ({ page }) => {
  const widget = await openDecode(page);
  const field = widget.getByLabel('Prompt');
  await field.fill('a'.repeat(70)); // a good attribute, but longer than the model's context of 64
  await field.press('Enter');
  await expect(widget.getByRole('alert')).toHaveText('⚠ The prompt has 70 characters, but this model’s context holds 64: shorten it. The last good state is still shown.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('a'.repeat(300)); // refused as an attribute: the message about 70 characters goes
  await field.press('Enter');
  await expect(widget.getByRole('alert')).toHaveText('⚠ The prompt must be at most 256 characters, but it has 300. The last good state is still shown.');
  await field.fill('the cat');
  await field.press('Enter');
  await expect(widget.getByRole('alert')).toBeHidden();
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
});

test('a step beyond the context is refused, and the last good step stays: Step goes on from it', async ({ page }) => {
  const widget = await openDecode(page);
  await widget.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(widget.getByText(/^t = 16 of 64:/)).toBeVisible();
  await widget.evaluate((el) => el.setAttribute('step', '60')); // 15 + 60 = 75 > 64
  await expect(widget.getByRole('alert')).toHaveText('⚠ A step of 60 does not fit: the prompt’s 15 characters and 60 new ones would be 75, '
    + 'and this model’s context holds 64 (its learned positions end there), so the step can be at most 49. The last good state is still shown.');
  expect(await widget.evaluate((el) => el.step)).toBe(1);
  await widget.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(widget).toHaveAttribute('step', '2');
  await expect(widget.getByText(/^t = 17 of 64:/)).toBeVisible();
  await expect(widget.getByRole('alert')).toBeHidden();
});

test('a step beyond the context, set by the page: refused once the model loads, and Step starts from the last good step', async ({ page }) => {
  const widget = await openWidget(page, 'decode', { query: 'step=60', ready: 'none' });
  await expect(widget.getByRole('alert')).toContainText('⚠ A step of 60 does not fit', { timeout: 30000 });
  await expect(widget.getByText(/^t = 15 of 64:/)).toBeVisible();
  expect(await widget.evaluate((el) => el.step)).toBe(0);
  await widget.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(widget.getByText(/^t = 16 of 64:/)).toBeVisible();
  await expect(widget.getByRole('alert')).toBeHidden();
});

test('at the end of the context: Step and Play disabled, a plain sentence says why; every row of the weights named; the chart sentence says t = 64 once', async ({ page }) => {
  const widget = await openDecode(page);
  await widget.evaluate((el) => { el.step = 48; });
  await expect(widget.getByText(/^t = 63 of 64:/)).toBeVisible();
  await widget.getByRole('button', { name: 'Play' }).click(); // plays one step to the end, then stops
  await expect(widget.getByText(/^t = 64 of 64:/)).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Step', exact: true })).toBeDisabled();
  await expect(widget.getByRole('button', { name: 'Play' })).toBeDisabled();
  await expect(widget.getByRole('button', { name: 'Pause' })).toBeDisabled();
  await expect(widget.getByRole('status').filter({ hasText: 'The context is full' })).toHaveText('The context is full: t = 64 of 64, where this model’s '
    + 'learned positions end, so the decoder stops here (model.sample would slide its window and rebuild the cache). '
    + 'Press Reset to decode again, or change the prompt, temperature or seed.');
  await expect(widget.getByRole('alert')).toBeHidden();
  expect(await widget.evaluate((el) => el.problems)).toEqual([]);
  const chart = await widget.locator('.chart-text').textContent();
  expect(chart.match(/t = 64/g)).toHaveLength(1);
  expect(chart).toContain('Now, at t = 64, recomputing costs 64.0 times the cached step, and the cache holds 64 KiB: the context is full.');
  // 2 layers × 4 heads: every row labelled, and every cached character over its column
  const weights = widget.getByRole('application', { name: /^The new query’s weights over the 64 cached characters/ }).locator('canvas');
  await expect(weights).toHaveAttribute('data-label-step', '1');
  // The probabilities in a column of their own, the bars after them.
  const rows = await widget.getByRole('table', { name: /likeliest characters/ }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
  for (const row of rows) {
    expect(row).toHaveLength(4);
    expect(row[1]).toMatch(/^\d\.\d{3}$/);
    expect(row[2]).toBe('');
  }
  await widget.getByRole('button', { name: 'Reset' }).click();
  await expect(widget.getByText(/^t = 15 of 64:/)).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Play' })).toBeEnabled();
  await expect(widget.getByRole('status').filter({ hasText: 'The context is full' })).toHaveCount(0);
});

test('a pasted prompt longer than the limit is refused with its real length, and the field keeps it', async ({ page }) => {
  const widget = await openDecode(page);
  const field = widget.getByLabel('Prompt');
  await field.fill('a'.repeat(5000));
  await field.press('Enter');
  await expect(widget.getByRole('alert')).toHaveText('⚠ The prompt must be at most 256 characters, but it has 5,000. The last good state is still shown.');
  expect(await field.inputValue()).toHaveLength(5000);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
});

// The shipped model has 2 layers of 4 heads: a layer or head beyond them is refused like a step
// beyond the context, beside the Layer and Head selects, naming the largest that fits.
const NO_LAYER_9 = '⚠ There is no layer 9: this model has 2 layers, so the layer can be at most 2. The last good state is still shown.';
const NO_HEAD_5 = '⚠ There is no head 5: this model has 4 heads in each layer, so the head can be at most 4. The last good state is still shown.';
const keysMap = (widget, layer, head) => widget.getByRole('application', { name: new RegExp(`^Cached keys, layer ${layer}, head ${head} `) });

test('a layer beyond the model (the attribute) is refused beside the Layer select; the last good layer stays', async ({ page }) => {
  const widget = await openDecode(page);
  const layer = widget.getByLabel('Layer', { exact: true });
  await layer.selectOption('2');
  await expect(keysMap(widget, 2, 1)).toBeVisible();
  await widget.evaluate((el) => el.setAttribute('layer', '9'));
  await expect(layer).toHaveAccessibleDescription(NO_LAYER_9);
  await expect(layer).toHaveAttribute('aria-invalid', 'true');
  await expect(widget.locator('.attribute-problems')).toBeHidden(); // not the generic line under the title
  expect(await widget.evaluate((el) => [el.layer, el.problems.map((p) => p.key)])).toEqual([2, ['layer']]);
  await expect(layer).toHaveValue('2');
  await expect(keysMap(widget, 2, 1)).toBeVisible();
  await layer.selectOption('1'); // a layer the model has takes the refusal back
  await expect(keysMap(widget, 1, 1)).toBeVisible();
  await expect(widget).toHaveAttribute('layer', '1');
  await expect(layer).not.toHaveAttribute('aria-invalid', 'true');
  await expect(widget.getByRole('alert')).toBeHidden();
  expect(await widget.evaluate((el) => el.problems)).toEqual([]);
});

test('a head beyond the model (the property) is refused beside the Head select; the last good head stays', async ({ page }) => {
  const widget = await openDecode(page);
  const head = widget.getByLabel('Head', { exact: true });
  await widget.evaluate((el) => { el.head = 3; });
  await expect(keysMap(widget, 1, 3)).toBeVisible();
  await widget.evaluate((el) => { el.head = 5; });
  await expect(head).toHaveAccessibleDescription(NO_HEAD_5);
  await expect(head).toHaveAttribute('aria-invalid', 'true');
  expect(await widget.evaluate((el) => el.head)).toBe(3);
  await expect(keysMap(widget, 1, 3)).toBeVisible();
  await widget.getByRole('button', { name: 'Step', exact: true }).click(); // the widget goes on working
  await expect(widget.getByText(/^t = 16 of 64:/)).toBeVisible();
  await expect(head).toHaveAccessibleDescription(NO_HEAD_5);
  await widget.evaluate((el) => { el.head = 4; });
  await expect(keysMap(widget, 1, 4)).toBeVisible();
  await expect(head).not.toHaveAttribute('aria-invalid', 'true');
  expect(await widget.evaluate((el) => el.problems)).toEqual([]);
});

test('a layer and head beyond the model, set by the page: refused once the model loads, beside their selects, and layer 1, head 1 are shown', async ({ page }) => {
  const widget = await openWidget(page, 'decode', { query: 'layer=9&head=5', ready: 'none' });
  await expect(widget.getByText(/^t = 15 of 64:/)).toBeVisible({ timeout: 30000 });
  await expect(widget.getByLabel('Layer', { exact: true })).toHaveAccessibleDescription(`${NO_LAYER_9} ${NO_HEAD_5}`);
  await expect(widget.getByLabel('Head', { exact: true })).toHaveAccessibleDescription(`${NO_LAYER_9} ${NO_HEAD_5}`);
  await expect(widget.locator('.attribute-problems')).toBeHidden();
  expect(await widget.evaluate((el) => [el.layer, el.head, el.problems.map((p) => p.key)])).toEqual([1, 1, ['layer', 'head']]);
  await expect(keysMap(widget, 1, 1)).toBeVisible();
  await widget.getByLabel('Head', { exact: true }).selectOption('2');
  await expect(keysMap(widget, 1, 2)).toBeVisible();
  await expect(widget.getByLabel('Layer', { exact: true })).toHaveAccessibleDescription(NO_LAYER_9);
  await expect(widget.getByLabel('Head', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
});
