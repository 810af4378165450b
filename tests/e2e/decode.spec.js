// decode.spec.js — <attn-decode> on the lab page with the shipped model (2 layers, d_model 64):
// Step adds one character and the work table shows 2·L·t·d with the cache against 2·L·t²·d
// recomputing, and the cache's 2·L·t·d·4 bytes; a prompt with a character the model never saw
// is refused with a sentence, and the last good state stays.
import { test, expect } from './fixtures.js';

async function openDecode(page) {
  await page.goto('/#decode');
  const widget = page.locator('attn-decode');
  await widget.scrollIntoViewIfNeeded();
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
