// train.spec.js — <attn-train> on the lab page: the shipped model loads with its recorded
// validation loss; training runs in a worker, the curve draws and the loss falls; pause and
// resume; probing a text gives maps whose upper triangle is exactly zero; save and load
// round-trip to the same validation loss; bad input keeps the current model.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.js';

const record = JSON.parse(readFileSync(new URL('../../web/models/default-small.json', import.meta.url), 'utf8'));

async function openTrainer(page) {
  await page.goto('/#lab');
  const widget = page.locator('attn-train');
  await widget.scrollIntoViewIfNeeded();
  await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 20_000 });
  return widget;
}

const stat = (widget, name) => widget.locator(`dd[data-stat="${name}"]`);

/** A tiny model so that training moves quickly on a shared machine. */
async function buildTiny(widget) {
  for (const [label, value] of [['Layers', '1'], ['Heads', '2'], ['d_model', '32'], ['Context', '32'], ['Batch', '4'], ['Learning rate', '0.003']]) {
    await widget.getByLabel(label, { exact: true }).fill(value);
  }
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 20_000 });
}

test('the shipped model loads with its recorded validation loss, and its maps are causal', async ({ page }) => {
  const widget = await openTrainer(page);
  await expect(widget.getByText(`Loaded the shipped model: step ${record.steps}, validation loss ${record.valLoss.toFixed(4)} nats per character.`)).toBeVisible();
  await expect(stat(widget, 'val')).toHaveText(record.valLoss.toFixed(4));
  await expect(stat(widget, 'unigram')).toHaveText(record.unigram.toFixed(4));
  await expect(stat(widget, 'floor')).toHaveText(record.floor.toFixed(4));
  await expect(widget.getByText(/Largest weight above the diagonal: 0 exactly/)).toBeVisible();
  await expect(widget.getByRole('img', { name: /Layer 1, head 1: attention weights/ })).toBeVisible();
});

test('training draws the curve, the loss falls, pause and resume work', async ({ page }) => {
  test.setTimeout(120_000);
  const widget = await openTrainer(page);
  await buildTiny(widget);
  await widget.getByRole('button', { name: 'Start' }).click();
  await expect(widget.getByRole('button', { name: 'Pause' })).toBeEnabled();
  await expect.poll(async () => Number(await stat(widget, 'step').textContent()), { timeout: 60_000 }).toBeGreaterThanOrEqual(60);
  const points = await widget.evaluate((el) => el.chart.count('training loss'));
  expect(points).toBeGreaterThanOrEqual(60);
  // The loss falls below the unigram baseline shown beside it.
  const unigram = Number(await stat(widget, 'unigram').textContent());
  await expect.poll(async () => Number(await stat(widget, 'train').textContent()), { timeout: 60_000 }).toBeLessThan(unigram);
  const tokens = await stat(widget, 'tokens').textContent();
  expect(Number(tokens.replace(/,/g, '').split(' ')[0])).toBeGreaterThan(0);
  // With two or more cores, a second worker takes half of each batch.
  if (await page.evaluate(() => navigator.hardwareConcurrency >= 2)) expect(tokens).toContain('(2 workers)');

  await widget.getByRole('button', { name: 'Pause' }).click();
  await expect(widget.getByText(/^Paused at step \d+/)).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Start' })).toBeEnabled();
  const paused = Number(await stat(widget, 'step').textContent());
  await page.waitForTimeout(500);
  expect(Number(await stat(widget, 'step').textContent())).toBe(paused);

  await widget.getByRole('button', { name: 'Start' }).click();
  await expect.poll(async () => Number(await stat(widget, 'step').textContent()), { timeout: 60_000 }).toBeGreaterThan(paused);
  await widget.getByRole('button', { name: 'Pause' }).click();
  await expect(widget.getByRole('button', { name: 'Start' })).toBeEnabled();

  // Samples come from the model's characters.
  await widget.getByRole('button', { name: 'Sample' }).click();
  await expect(widget.getByLabel('Sampled text')).toHaveText(/^the .{20,}/s);
});

test('probing a text: every layer and head has an exactly zero upper triangle', async ({ page }) => {
  const widget = await openTrainer(page);
  await widget.getByLabel('Probe text', { exact: true }).fill('the children said "we are brave."');
  await widget.getByRole('button', { name: 'Show attention' }).click();
  await expect(widget.getByText(/^33 characters\. Largest weight above the diagonal: 0 exactly/)).toBeVisible();
  for (const layer of ['Layer 1', 'Layer 2']) {
    for (const head of ['Head 1', 'Head 2', 'Head 3', 'Head 4']) {
      await widget.getByLabel('Layer', { exact: true }).selectOption({ label: layer });
      await widget.getByLabel('Head', { exact: true }).selectOption({ label: head });
      await expect(widget.getByRole('img', { name: new RegExp(`^${layer}, ${head.toLowerCase()}: attention`) })).toBeVisible();
      await expect(widget.getByText(/Largest weight above the diagonal: 0 exactly/)).toBeVisible();
    }
  }
  // The focused cell names its weight and the two characters it links; arrows move it.
  const map = widget.getByRole('img', { name: /^Layer 2, head 4/ });
  await map.focus();
  await page.keyboard.press('Home');
  await expect(widget.getByText(/^query 5 “c” → key 1 “t”: \d\.\d{3}$/)).toBeVisible();
  await page.keyboard.press('End');
  await expect(widget.getByText(/^query 5 “c” → key 33 “"”: 0\.000$/)).toBeVisible();
});

test('save and load round-trip to the same validation loss; bad input keeps the model', async ({ page }) => {
  test.setTimeout(120_000);
  const widget = await openTrainer(page);
  await buildTiny(widget);
  await widget.getByRole('button', { name: 'Start' }).click();
  await expect.poll(async () => Number(await stat(widget, 'step').textContent()), { timeout: 60_000 }).toBeGreaterThanOrEqual(10);
  await widget.getByRole('button', { name: 'Pause' }).click();
  const paused = widget.getByText(/^Paused at step (\d+), validation loss (\d\.\d{4})/);
  await expect(paused).toBeVisible();
  const [, step, loss] = (await paused.textContent()).match(/step (\d+), validation loss (\d\.\d{4})/);

  const [download] = await Promise.all([page.waitForEvent('download'), widget.getByRole('button', { name: 'Download weights' }).click()]);
  const path = await download.path();
  await widget.getByRole('button', { name: 'Load the shipped model' }).click();
  await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible();
  await widget.getByLabel('Load a weights file').setInputFiles(path);
  expect(download.suggestedFilename()).toBe(`attention-lab-step-${step}.attnlab`);
  await expect(widget.getByText(new RegExp(`^Loaded the weights file \\S+: step ${step}, validation loss ${loss} nats per character\\.$`))).toBeVisible();

  // The last model was kept in IndexedDB at the pause.
  await widget.getByRole('button', { name: 'Restore last model' }).click();
  await expect(widget.getByText(`Loaded the last model kept in this browser: step ${step}, validation loss ${loss} nats per character.`)).toBeVisible();

  // A damaged file and a one-character text are refused; the model stays.
  await widget.getByLabel('Load a weights file').setInputFiles({ name: 'broken.attnlab', mimeType: 'application/octet-stream', buffer: Buffer.from('not a model at all') });
  await expect(widget.getByRole('alert')).toHaveText(/This weights file cannot be used: it is not a model saved by this lab/);
  await widget.getByLabel('My own text').check();
  await widget.getByLabel('Your text').fill('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz');
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByRole('alert')).toHaveText(/only one distinct character/);
  await widget.getByLabel('Your text').fill('');
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByRole('alert')).toHaveText(/The text is empty/);
  await widget.getByLabel('Your text').fill('abcdefghij'.repeat(5));
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByRole('alert')).toHaveText(/too short for a context of 32/);
  await widget.getByLabel('Heads', { exact: true }).fill('3');
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByRole('alert')).toHaveText(/divisible by heads/);
  for (const [label, value] of [['Heads', '4'], ['Layers', '12'], ['d_model', '512'], ['Context', '256'], ['Batch', '64']]) {
    await widget.getByLabel(label, { exact: true }).fill(value);
  }
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByRole('alert')).toHaveText(/would need about [\d,]+ MiB to train/);
  await expect(stat(widget, 'step')).toHaveText(step);
  await expect(stat(widget, 'val')).toHaveText(loss);
});

test('a text of the learner’s own, pasted or from a file, trains with its own baseline', async ({ page }) => {
  test.setTimeout(90_000);
  const widget = await openTrainer(page);
  const text = Array.from({ length: 300 }, (_, i) => `line ${i % 7}: the cat sat on mat number ${i % 5}.\n`).join('');
  await widget.getByLabel('or a .txt file (up to 5 MB)').setInputFiles({ name: 'mine.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect(widget.getByText(`Read mine.txt: ${text.length} characters. Press “Build model” to train on it.`)).toBeVisible();
  await expect(widget.getByLabel('My own text')).toBeChecked();
  await buildTiny(widget);
  await expect(stat(widget, 'floor')).toHaveText('— (unknown for your own text)');
  await expect(stat(widget, 'model')).toContainText('characters');
  await widget.getByRole('button', { name: 'Start' }).click();
  await expect.poll(async () => Number(await stat(widget, 'step').textContent()), { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
  await widget.getByRole('button', { name: 'Pause' }).click();
  await expect(widget.getByText(/^Paused at step \d+, validation loss \d\.\d{4}/)).toBeVisible();
  await widget.getByLabel('Probe text', { exact: true }).fill('the dog');
  await widget.getByRole('button', { name: 'Show attention' }).click();
  // The sentence stands beside the probe field (its description), and the last good maps stay.
  const probeField = widget.getByLabel('Probe text', { exact: true });
  const problem = widget.locator('.probe-problem');
  await expect(problem).toHaveText(/The probe text has the character "d" \(at 5\), which the model never saw.* The maps of the last probe stay\./);
  await expect(probeField).toHaveAttribute('aria-describedby', await problem.getAttribute('id'));
  await expect(probeField).toHaveAttribute('aria-invalid', 'true');
  await expect(widget.getByText(/Largest weight above the diagonal: 0 exactly/)).toBeVisible();
});
