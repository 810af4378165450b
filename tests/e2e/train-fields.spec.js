// train-fields.spec.js — <attn-train>'s own fields refuse what they cannot take beside the field
// (marked invalid, described by the sentence), never at the top of the widget and never by
// changing the value silently: the sample's prompt and length, "Train until step" (and a target
// already reached trains nothing), the model form's number fields holding text that is not a
// number, a file that is not a weights file, and a text file over 5 MB. With a model at step 0, the charts' step axes
// count whole steps from 0.
import { readFileSync } from 'node:fs';
import { test, expect } from './helpers/fixtures.js';
import { openTrainer } from './helpers/trainer.js';

const record = JSON.parse(readFileSync(new URL('../../web/models/default-small.json', import.meta.url), 'utf8'));

/** The visible sentences describing `input` (its aria-describedby), joined. */
const described = (input) => input.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ')
  .map((id) => el.getRootNode().getElementById(id)).filter((node) => node && !node.hidden).map((node) => node.textContent).join(' '));

/** `input` is refused with `sentence` beside it, and nothing is said at the top of the widget. */
async function refusedBeside(widget, input, sentence) {
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => described(input)).toBe(sentence);
  await expect(widget.locator('.error:not(.field-problem)').filter({ hasText: /\S/ })).toHaveCount(0);
}

test('a prompt with a character the model never saw is refused beside the prompt, and the old sample is taken away', async ({ page }) => {
  const widget = await openTrainer(page);
  const output = widget.getByRole('group', { name: 'Sampled text' });
  await expect(output).toContainText(/\S/);
  const prompt = widget.getByLabel('Prompt', { exact: true });
  await prompt.fill('The Queen');
  await widget.getByRole('button', { name: 'Sample' }).click();
  await refusedBeside(widget, prompt, 'Sampling failed: The prompt has the character "T" (at 1), which the model never saw in its training text.');
  await expect(output).toHaveText('');
  // A prompt the model can read samples again, and the sentence goes.
  await prompt.fill('the queen');
  await widget.getByRole('button', { name: 'Sample' }).click();
  await expect(output).toContainText('the queen');
  await expect(prompt).not.toHaveAttribute('aria-invalid');
  expect(await described(prompt)).toBe('');
});

test('a sample length the field cannot take is refused beside it with the range, and nothing is sampled', async ({ page }) => {
  const widget = await openTrainer(page);
  const output = widget.getByRole('group', { name: 'Sampled text' });
  const length = widget.getByLabel('Length', { exact: true });
  const sample = widget.getByRole('button', { name: 'Sample' });
  for (const [typed, sentence] of [
    ['0', 'Length must be a whole number from 1 to 2,000, but it is 0.'],
    ['-3', 'Length must be a whole number from 1 to 2,000, but it is -3.'],
    ['2.5', 'Length must be a whole number from 1 to 2,000, but it is 2.5.'],
    ['100000', 'Length must be a whole number from 1 to 2,000, but it is 100000.'],
    ['', 'Length must be a whole number from 1 to 2,000, but the field is empty.'],
  ]) {
    await length.fill('5');
    await sample.click();
    await expect(output).toContainText(/\S/);
    await length.fill(typed);
    await sample.click();
    await refusedBeside(widget, length, sentence);
    await expect(length).toHaveValue(typed); // what was typed stays
    await expect(output).toHaveText('');
  }
});

test('"Train until step" refuses what it cannot take beside the field, and nothing trains', async ({ page }) => {
  const widget = await openTrainer(page);
  const until = widget.getByLabel('Train until step');
  const start = widget.getByRole('button', { name: 'Start' });
  for (const [typed, sentence] of [
    ['0', 'Train until step must be a whole number from 1 to 100,000, but it is 0.'],
    ['-5', 'Train until step must be a whole number from 1 to 100,000, but it is -5.'],
    ['1.5', 'Train until step must be a whole number from 1 to 100,000, but it is 1.5.'],
    ['100001', 'Train until step must be a whole number from 1 to 100,000, but it is 100001.'],
    ['', 'Train until step must be a whole number from 1 to 100,000, but the field is empty.'],
  ]) {
    await until.fill(typed);
    await start.click();
    await refusedBeside(widget, until, sentence);
    await expect(start).toBeEnabled();
    await expect(widget.getByRole('button', { name: 'Pause' })).toBeDisabled();
    await expect(widget.locator('dd[data-stat="step"]')).toHaveText(String(record.steps));
  }
});

test('Start with the target already reached trains no step and says so beside the target', async ({ page }) => {
  await page.addInitScript(() => {
    window.runningSeen = false;
    document.addEventListener('progress', (event) => { if (event.detail.running) window.runningSeen = true; });
  });
  const widget = await openTrainer(page);
  const until = widget.getByLabel('Train until step');
  for (const [target, sentence] of [
    [500, `Already at step ${record.steps}, past the target 500: raise Train until step to go on.`],
    [record.steps, `Already at step ${record.steps}, the target: raise Train until step to go on.`],
  ]) {
    await until.fill(String(target));
    await widget.getByRole('button', { name: 'Start' }).click();
    await refusedBeside(widget, until, sentence);
  }
  // The worker answers that it trained nothing: the model is where it was.
  expect(await widget.evaluate(async (el) => (await el.client.request('info')).steps)).toBe(record.steps);
  expect(await page.evaluate(() => window.runningSeen)).toBe(false);
  await expect(widget.getByText(/^Trained to step/)).toHaveCount(0);
  // startTraining(), <attn-editor>'s way in, resolves to false.
  expect(await widget.evaluate((el) => el.startTraining())).toBe(false);
});

test('a model field holding text that is not a number says so, not that it is empty', async ({ page }) => {
  const widget = await openTrainer(page);
  const layers = widget.getByLabel('Layers', { exact: true });
  await layers.fill('');
  await layers.pressSequentially('2e');
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(layers).toHaveAttribute('aria-invalid', 'true');
  await expect(widget.locator('.field-problem:not([hidden])')).toHaveText(['Layers: what was typed cannot be read as a number: it is too large (such as 1e309) or not written with digits, a decimal point and -.']);
});

test('a file that is not a weights file is refused beside the file field, naming it, until the next choice', async ({ page }) => {
  const widget = await openTrainer(page);
  const upload = widget.getByLabel('Load a weights file');
  await upload.setInputFiles({ name: 'notes.attnlab', mimeType: 'application/octet-stream', buffer: Buffer.from('this is not a weights file') });
  await expect(upload).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => described(upload)).toMatch(/^The weights file notes\.attnlab could not be loaded: ./);
  await expect(widget.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  await expect(widget.getByText(`Loaded the shipped model: step ${record.steps}`, { exact: false })).toBeVisible();
  // The next choice, a real weights file, loads and takes the sentence away.
  await upload.setInputFiles(new URL('../../web/models/default-small.attnlab', import.meta.url).pathname);
  await expect(widget.getByText(/^Loaded the weights file default-small\.attnlab: step /)).toBeVisible({ timeout: 20_000 });
  await expect(upload).not.toHaveAttribute('aria-invalid');
  expect(await described(upload)).toBe('');
});

test('a text file over 5 MB is refused beside its field, naming it, until the next choice', async ({ page }) => {
  const widget = await openTrainer(page);
  const file = widget.getByLabel('or a .txt file (up to 5 MB)');
  await file.setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(6 * 2 ** 20, 'a') });
  await expect(file).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => described(file)).toBe('Your file big.txt: it is 6.0 MB; the lab takes texts up to 5 MB.');
  await expect(widget.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  await expect(widget.getByLabel('Your text')).toHaveValue('');
  // A file the lab can take is read, and the sentence goes.
  await file.setInputFiles({ name: 'small.txt', mimeType: 'text/plain', buffer: Buffer.from('to be or not to be\n') });
  await expect(widget.getByText('Read small.txt: 19 characters. Press “Build model” to train on it.')).toBeVisible();
  await expect(file).not.toHaveAttribute('aria-invalid');
  expect(await described(file)).toBe('');
});

test('after Build, the loss and head charts count whole steps from 0', async ({ page }) => {
  const widget = await openTrainer(page);
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 20_000 });
  for (const chart of ['chart', 'specialisation']) {
    await expect.poll(() => widget.evaluate((el, which) => {
      const { x } = (which === 'chart' ? el.chart : el.specialisation.chart).chart.scales;
      return { min: x.min, whole: x.ticks.every((t) => Number.isInteger(t.value)), reaches: x.max >= 100 };
    }, chart), chart).toEqual({ min: 0, whole: true, reaches: true });
  }
});
