// train.spec.js — <attn-train> on its own page (embed.html?widget=train): the shipped model loads with its recorded
// validation loss; training runs in a worker, the curve draws and the loss falls; pause and
// resume; probing a text gives maps whose upper triangle is exactly zero, drawn in the scale's
// darkest colour (the lab text's "black upper triangle"); save and load
// round-trip to the same validation loss; bad input keeps the current model. The shipped model
// comes with its recorded curve; a failed build leaves no "Building…" behind and marks the form's
// settings that are not applied; samples mark the prompt off; a model that overfits gets the
// overfitting note under the chart. A value a build refuses is refused beside its field
// (invalid, described by the sentence), a reason of no single field beside Build model; the fields'
// min and max are the model's limits; the Training loss shown is the editor's figure (fix-e).
import { readFileSync } from 'node:fs';
import { test, expect } from './helpers/fixtures.js';
import { openTrainer, pressDiscarding, forgetKeptModel } from './helpers/trainer.js';
import { loadAttn } from '../../web/lib/attn.js';
import { ModelLimits } from '../../web/lib/abi.js';
import { viridisHex } from '../../web/ui/colour-scale.js';

const record = JSON.parse(readFileSync(new URL('../../web/models/default-small.json', import.meta.url), 'utf8'));

const stat = (widget, name) => widget.locator(`dd[data-stat="${name}"]`);

/** A tiny model so that training moves quickly on a shared machine. */
async function buildTiny(widget) {
  for (const [label, value] of [['Layers', '1'], ['Heads', '2'], ['d_model', '32'], ['Context', '32'], ['Batch', '4'], ['Learning rate', '0.003']]) {
    await widget.getByLabel(label, { exact: true }).fill(value);
  }
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 20_000 });
  // Far past any step a test here waits for before it pauses: this model runs hundreds of steps a
  // second, and on a busy machine a Pause came after the default 2,000 were done ("Trained to
  // step 2000", so nothing to pause, and a later Start could not go on).
  await widget.getByLabel('Train until step').fill('100000');
}

test('the shipped model loads with its recorded validation loss, and its maps are causal', async ({ page }) => {
  const widget = await openTrainer(page);
  await expect(widget.getByText(`Loaded the shipped model: step ${record.steps}, validation loss ${record.valLoss.toFixed(4)} nats per character.`)).toBeVisible();
  await expect(stat(widget, 'val')).toHaveText(record.valLoss.toFixed(4));
  await expect(stat(widget, 'unigram')).toHaveText(record.unigram.toFixed(4));
  await expect(stat(widget, 'floor')).toHaveText(record.floor.toFixed(4));
  await expect(widget.getByText(/Largest weight above the diagonal: 0 exactly/)).toBeVisible();
  await expect(widget.getByRole('application', { name: /Layer 1, head 1: attention weights/ })).toBeVisible();
});

test('the `progress` event of the shipped model states its step, losses and baselines, no note, and that it stopped for a new model', async ({ page }) => {
  await page.addInitScript(() => {
    window.progressEvents = [];
    document.addEventListener('progress', (event) => {
      if (event.target.localName === 'attn-train') window.progressEvents.push(event.detail);
    });
  });
  await openTrainer(page);
  const events = await page.evaluate(() => window.progressEvents);
  expect(events.length).toBeGreaterThan(0);
  for (const detail of events) {
    expect(detail).toEqual({
      step: record.steps, since: record.steps, running: false, learner: false, trainLoss: expect.any(Number), valLoss: record.valLoss,
      floor: record.floor, unigram: record.unigram, note: null, stopped: { reason: 'model', step: record.steps },
    });
  }
});

test('the shipped model’s chart is its whole recorded curve, not one dot at its last step', async ({ page }) => {
  const widget = await openTrainer(page);
  const { train, validation } = record.curve;
  await expect.poll(() => widget.evaluate((el) => el.chart.count('training loss'))).toBe(train.length);
  expect(train.length).toBe(record.steps);
  expect(await widget.evaluate((el) => el.chart.count('validation loss'))).toBe(validation.length);
  // The table view holds the recorded numbers: the first step's training loss, every validation loss.
  await widget.getByRole('button', { name: 'Show data as a table' }).first().click();
  const table = widget.getByRole('table', { name: /^Loss curves/ });
  await expect(table.locator('tbody tr')).toHaveCount(train.length);
  await expect(table.locator('tbody tr').first().locator(`td[data-value="${train[0]}"]`)).toHaveCount(1);
  for (const [step, loss] of [validation[0], validation.at(-1)]) {
    await expect(table.locator('tbody tr').nth(step - 1).locator(`td[data-value="${loss}"]`)).toHaveCount(1);
  }
  // No note: the shipped curve neither peeks nor overfits.
  await expect(widget.getByText(/^(Peeking|Overfitting):/)).toHaveCount(0);
});

test('a failed build leaves the running model, says so, and marks the settings that are not applied', async ({ page }) => {
  const widget = await openTrainer(page);
  const before = `Loaded the shipped model: step ${record.steps}, validation loss ${record.valLoss.toFixed(4)} nats per character.`;
  await expect(widget.getByText(before)).toBeVisible();
  await widget.getByLabel('Heads', { exact: true }).fill('3');
  await expect(widget.getByText(/^Not applied yet: the fields marked ≠ \(Heads\) differ from the model running\./)).toBeVisible();
  await widget.getByRole('button', { name: 'Build model' }).click();
  // The learner's words (d_model, not dModel), and the running model named.
  await expect(widget.getByRole('alert')).toHaveText(`⚠ The model could not be built: d_model (64) must be divisible by heads (3): each head gets d_model / heads dimensions. The model running is unchanged (step ${record.steps}).`);
  await expect(widget.getByText('Building the model…')).toHaveCount(0);
  await expect(widget.getByText(before)).toBeVisible();
  await expect(widget.getByText(/^Not applied: the build failed, and the model from before is still running\. Its own values are shown under the fields marked ≠ \(Heads\)\.$/)).toBeVisible();
  await expect(widget.getByText('running model: 4')).toBeVisible();
  // The typed value stays until the learner asks for the running model's settings.
  await expect(widget.getByLabel('Heads', { exact: true })).toHaveValue('3');
  await widget.getByRole('button', { name: 'Use the running model’s settings' }).click();
  await expect(widget.getByLabel('Heads', { exact: true })).toHaveValue('4');
  await expect(widget.getByLabel('Preset')).toHaveValue('small');
  await expect(widget.getByText(/^Not applied/)).toBeHidden();
  await expect(widget.getByText('running model: 4')).toBeHidden();
});

/** The sentence beside `input`: its accessible description, with the ≠ note it may also hold. */
const described = (input) => input.evaluate((el) => el.getAttribute('aria-describedby').split(' ')
  .map((id) => el.getRootNode().getElementById(id)).filter((node) => !node.hidden).map((node) => node.textContent).join(' '));

test('a failed build says why beside the field at fault (invalid, described by the sentence), keeping the typed value', async ({ page }) => {
  const widget = await openTrainer(page);
  const build = widget.getByRole('button', { name: 'Build model' });
  const cases = [
    ['Learning rate', '5', 'Learning rate must be a number strictly between 0 and 1, but it is 5.'],
    ['d_model', '63', 'd_model (63) must be divisible by heads (4): each head gets d_model / heads dimensions.'],
    ['Batch', '1.5', 'Batch must be a whole number, but it is 1.5.'],
    ['Seed', '-1', 'Seed must be between 0 and 4294967295, but it is -1.'],
    ['Context', '', 'Context must be a whole number, but the field is empty.'],
  ];
  for (const [label, value, sentence] of cases) {
    const input = widget.getByLabel(label, { exact: true });
    const good = await input.inputValue();
    await input.fill(value);
    await build.click();
    await expect(widget.getByRole('alert')).toHaveText(`⚠ The model could not be built: ${sentence} The model running is unchanged (step ${record.steps}).`);
    await expect(input, label).toHaveAttribute('aria-invalid', 'true');
    expect(await described(input)).toBe(`${sentence} running model: ${good}`);
    await expect(widget.locator('.field-problem:not([hidden])')).toHaveText([sentence]);
    await expect(input).toHaveValue(value);
    await expect(widget.locator('.build-problem')).toBeHidden();
    // Typing again takes the sentence (about the value refused) away.
    await input.fill(good);
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(widget.locator('.field-problem:not([hidden])')).toHaveCount(0);
  }
  // A reason of no single field (the memory of the whole model) is given beside Build model.
  for (const [label, value] of [['Layers', '64'], ['Heads', '64'], ['d_model', '4096'], ['Context', '4096'], ['Batch', '1024']]) {
    await widget.getByLabel(label, { exact: true }).fill(value);
  }
  await build.click();
  const memory = 'This model would need about 3,549,426,433 MiB to train, more than the 1,430 MiB the lab allows: make it smaller (fewer layers, a smaller d_model, context or batch).';
  await expect(widget.locator('.build-problem')).toHaveText(memory);
  await expect(build).toHaveAccessibleDescription(`⚠ ${memory}`); // the mark is the stylesheet's
  await expect(widget.locator('[aria-invalid=true]')).toHaveCount(0);
});

test('the fields’ min and max are the model’s limits, and a value past one is refused in the same words', async ({ page }) => {
  const widget = await openTrainer(page);
  const limits = { Layers: [1, ModelLimits.layers], Heads: [1, ModelLimits.heads], d_model: [1, ModelLimits.dModel], Context: [1, ModelLimits.context], Batch: [1, ModelLimits.batch], 'Learning rate': [0, ModelLimits.lr], Seed: [0, 2 ** 32 - 1] };
  for (const [label, [min, max]] of Object.entries(limits)) {
    await expect(widget.getByLabel(label, { exact: true })).toHaveAttribute('min', String(min));
    await expect(widget.getByLabel(label, { exact: true })).toHaveAttribute('max', String(max));
  }
  expect(ModelLimits.heads).toBe(64);
  const heads = widget.getByLabel('Heads', { exact: true });
  await heads.fill('65');
  await widget.getByRole('button', { name: 'Build model' }).click();
  expect(await described(heads)).toBe('Heads must be between 1 and 64, but it is 65. running model: 4');
});

test('the shipped model’s Training loss is its recorded curve’s mean over the last 50 steps, the figure the editor shows', async ({ page }) => {
  const widget = await openTrainer(page);
  const last50 = record.curve.train.slice(-50);
  await expect(widget.locator('dt', { hasText: /^Training loss/ })).toHaveText('Training loss (mean of the last 50 steps)');
  await expect(stat(widget, 'train')).toHaveText((last50.reduce((a, b) => a + b, 0) / 50).toFixed(4));
  expect((last50.reduce((a, b) => a + b, 0) / 50).toFixed(4)).toBe('0.3721');
});

test('a sample marks the prompt off from the text the model generated', async ({ page }) => {
  const widget = await openTrainer(page);
  await widget.getByLabel('Prompt', { exact: true }).fill('she was ');
  await widget.getByRole('button', { name: 'Sample' }).click();
  const sample = widget.getByLabel('Sampled text');
  await expect(sample.locator('.prompt')).toHaveText('Prompt: she was ');
  await expect(sample.locator('.generated')).toHaveText(/^ Generated: .{20,}/s);
  await expect(widget.getByText(/your prompt; the rest the model wrote\.$/)).toBeVisible();
  // Marked by more than colour: underlined.
  await expect(sample.locator('.prompt')).toHaveCSS('text-decoration-line', 'underline');
});

test('a model that overfits a short text gets the overfitting note under its chart', async ({ page }) => {
  test.slow();
  // 1,000 characters of the default corpus: a small model memorises them (tests/wasm/loss-notes.test.mjs
  // measures the same run in node: the validation loss is lowest near step 200, then climbs).
  const attn = await loadAttn({ wasmBytes: readFileSync(new URL('../../web/generated/attn.wasm', import.meta.url)) });
  const { text } = attn.defaultCorpus({ length: 1000, seed: 5 });
  const widget = await openTrainer(page);
  await widget.getByLabel('My own text').check();
  await widget.getByLabel('Your text').fill(text);
  for (const [label, value] of [['Layers', '1'], ['Heads', '2'], ['d_model', '64'], ['Context', '32'], ['Batch', '8'], ['Learning rate', '0.01'], ['Seed', '1']]) {
    await widget.getByLabel(label, { exact: true }).fill(value);
  }
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 20_000 });
  await widget.getByLabel('Train until step').fill('600');
  await widget.getByRole('button', { name: 'Start' }).click();
  await expect(widget.getByText(/^Overfitting: The validation loss has risen from \d\.\d{3} \(step \d+\) to \d\.\d{3} \(step \d+\) while the training loss fell to \d\.\d{3}, so the gap between them grew from −?\d\.\d{3} to \d\.\d{3}\. The model is memorising its training text/)).toBeVisible({ timeout: 150_000 });
});

/** Trains the widget's model until it is past `steps` more steps, pauses, and returns the tokens-per-second text. */
async function trainAWhile(widget, steps = 10) {
  const from = Number(await stat(widget, 'step').textContent()) || 0;
  await widget.getByRole('button', { name: 'Start' }).click();
  await expect.poll(async () => Number(await stat(widget, 'step').textContent()), { timeout: 60_000 }).toBeGreaterThanOrEqual(from + steps);
  await widget.getByRole('button', { name: 'Pause' }).click();
  await expect(widget.getByRole('button', { name: 'Start' })).toBeEnabled();
  return stat(widget, 'tokens').textContent();
}

test('“Use two cores” trains on a second worker where the page is not isolated, on two threads on this isolated page, and on one thread unchecked', async ({ page }) => {
  test.skip(await page.evaluate(() => navigator.hardwareConcurrency < 2), 'one core: nothing to share');
  // The widget's page without its isolation headers, as a course host that sends none would serve
  // it: only the first opening is served so; the second has the headers.
  await page.route((url) => url.pathname === '/embed.html', async (route) => {
    const response = await route.fetch();
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !/^cross-origin-(opener|embedder)-policy$/.test(name)));
    await route.fulfill({ response, headers });
  }, { times: 1 });
  for (const [isolated, way] of [[false, '2 workers'], [true, '2 threads']]) {
    const widget = await openTrainer(page);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(isolated);
    await buildTiny(widget);
    const cores = widget.getByRole('checkbox', { name: 'Use two cores' });
    await expect(cores).toBeChecked();
    expect(await trainAWhile(widget)).toMatch(new RegExp(`^[\\d,]+ \\(${way}\\)$`));
    await cores.uncheck();
    expect(await trainAWhile(widget)).toMatch(/^[\d,]+$/);
    // The next opening starts from the shipped model, not the one paused here: once the pause has
    // kept it (its save is asynchronous), forget it.
    await expect(widget.getByText(/The model is kept in this browser\.$/)).toBeVisible();
    await forgetKeptModel(page);
  }
});

test('training draws the curve, the loss falls, pause and resume work', async ({ page }) => {
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
  // With two or more cores, both are used: on this cross-origin isolated page the kernels run
  // on two threads; elsewhere a second worker takes half of each batch (train-embed.spec).
  const { cores, isolated } = await page.evaluate(() => ({ cores: navigator.hardwareConcurrency, isolated: crossOriginIsolated }));
  if (cores >= 2) expect(tokens).toContain(isolated ? '(2 threads)' : '(2 workers)');

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
  await expect(widget.getByLabel('Sampled text')).toHaveText(/^Prompt: the  Generated: .{20,}/s);
});

/** Keeps every `progress` event of the training lab in window.progress, from the page's start. */
function recordProgressEvents(page) {
  return page.addInitScript(() => {
    window.progress = [];
    document.addEventListener('progress', (event) => {
      if (event.target.localName === 'attn-train') window.progress.push(event.detail);
    });
  });
}

test('the validation loss measured at a pause is a point of the chart at its step, in its table, CSV and SVG', async ({ page }) => {
  await recordProgressEvents(page);
  const widget = await openTrainer(page);
  // The worker trains in chunks (a few steps of the shipped model each) and measures the
  // validation loss after each chunk that passes a multiple of 50; a pause answers after the
  // chunk under way, with the loss measured then. Paused until the last chunk passed no multiple
  // of 50: the pause's loss is then the only one at its step.
  let paused = null;
  for (let attempt = 0; attempt < 6 && !paused; attempt++) {
    const from = Number(await stat(widget, 'step').textContent());
    await page.evaluate(() => { window.progress = []; });
    await widget.getByRole('button', { name: 'Start' }).click();
    await expect.poll(async () => Number(await stat(widget, 'step').textContent()), { timeout: 60_000 }).toBeGreaterThan(from);
    await widget.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => page.evaluate(() => window.progress.some((detail) => detail.stopped?.reason === 'pause')), { timeout: 30_000 }).toBe(true);
    await expect(widget.getByRole('button', { name: 'Start' })).toBeEnabled();
    const events = await page.evaluate(() => window.progress);
    const pause = events.find((detail) => detail.stopped?.reason === 'pause');
    const before = Math.max(from, ...events.filter((detail) => detail.running && detail.step < pause.stopped.step).map((detail) => detail.step));
    if (Math.floor(before / 50) === Math.floor(pause.stopped.step / 50)) paused = pause;
  }
  expect(paused, 'a pause after a chunk that passed no multiple of 50').toBeTruthy();
  const { step, valLoss } = paused.stopped;
  expect(paused.valLoss).toBe(valLoss); // the event reports the loss just drawn
  await expect(widget.getByText(`Paused at step ${step}, validation loss ${valLoss.toFixed(4)} nats per character.`)).toBeVisible();
  const drawn = await widget.evaluate((el) => el.chart.chart.data.datasets.find((d) => d.label === 'validation loss').data.map(({ x, y }) => [x, y]));
  expect(drawn.at(-1)).toEqual([step, valLoss]);
  const steps = drawn.map(([x]) => x);
  expect(steps).toEqual([...new Set(steps)].sort((a, b) => a - b)); // in step order, one loss a step

  await widget.getByRole('button', { name: 'Show data as a table' }).first().click();
  const table = widget.getByRole('table', { name: /^Loss curves/ });
  const headers = await table.locator('thead th').allTextContents();
  const column = headers.indexOf('validation loss');
  const row = table.locator('tbody tr').filter({ has: page.locator(`th[data-value="${step}"]`) });
  await expect(row.locator('td').nth(column - 1)).toHaveAttribute('data-value', String(valLoss));

  const tools = widget.getByRole('group', { name: /^Download “Loss curves/ });
  const [csv] = await Promise.all([page.waitForEvent('download'), tools.getByRole('button', { name: 'CSV' }).click()]);
  const line = readFileSync(await csv.path(), 'utf8').split(/\r?\n/).find((l) => l.startsWith(`${step},`));
  expect(line.split(',')[column]).toBe(String(valLoss));
  const [svg] = await Promise.all([page.waitForEvent('download'), tools.getByRole('button', { name: 'SVG' }).click()]);
  const dots = readFileSync(await svg.path(), 'utf8').match(/<circle [^>]*fill="#c2410c"/g) ?? [];
  expect(dots).toHaveLength(drawn.length); // one per validation loss (the legend’s sample is not a circle)
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
      await expect(widget.getByRole('application', { name: new RegExp(`^${layer}, ${head.toLowerCase()}: attention`) })).toBeVisible();
      await expect(widget.getByText(/Largest weight above the diagonal: 0 exactly/)).toBeVisible();
    }
  }
  // The lab text's "black upper triangle": the cells above the diagonal are drawn in the scale's
  // darkest colour, the one for weight 0. Read from the canvas where the last column's first
  // row is drawn (one-character column labels stand upright in an 18 px band above the cells).
  const corner = await widget.getByRole('application', { name: /^Layer 2, head 4/ }).locator('canvas').evaluate((canvas) => {
    const rows = 33, cssWidth = canvas.clientWidth, scale = canvas.width / cssWidth;
    const size = (canvas.clientHeight - 20) / rows;
    const x = Math.round((cssWidth - 2 - size / 2) * scale), y = Math.round((18 + 2) * scale);
    return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3));
  });
  expect(`#${corner.map((c) => c.toString(16).padStart(2, '0')).join('')}`).toBe(viridisHex(0));
  expect(0.2126 * corner[0] + 0.7152 * corner[1] + 0.0722 * corner[2]).toBeLessThan(40); // dark: near black
  // The focused cell names its weight and the two characters it links; arrows move it.
  const map = widget.getByRole('application', { name: /^Layer 2, head 4/ });
  await map.focus();
  await page.keyboard.press('Home');
  await expect(widget.getByText(/^query 5 “c” → key 1 “t”: \d\.\d{3}$/)).toBeVisible();
  await page.keyboard.press('End');
  await expect(widget.getByText(/^query 5 “c” → key 33 “"”: 0\.000$/)).toBeVisible();
});

test('save and load round-trip to the same validation loss; bad input keeps the model', async ({ page }) => {
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
  // (beside the file field, which it describes: train-fields.spec.js)
  await expect.poll(() => described(widget.getByLabel('Load a weights file'))).toMatch(/This weights file cannot be used: it is not a model saved by this lab/);
  await widget.getByLabel('My own text').check();
  await widget.getByLabel('Your text').fill('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz');
  await pressDiscarding(widget, 'Build model'); // the model restored is the learner's: the lab asks once
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

test('startTraining() during useAttention() waits for the switch and trains with the new function; pauseTraining() then pauses it', async ({ page }) => {
  await recordProgressEvents(page);
  const widget = await openTrainer(page);
  const source = `function attention(ops, q, k, v, { heads }) {
  const [qh, kh, vh] = [q, k, v].map((x) => ops.splitHeads(x, heads));
  const weights = ops.softmax(ops.causalMask(ops.scale(ops.bmm(qh, kh, { transposeB: true }), 1 / Math.sqrt(qh.shape[3]))), -1);
  return { out: ops.mergeHeads(ops.bmm(weights, vh)), weights };
}`;
  // Both called at once, as a page's script (or a learner's quick clicks) may: the start waits.
  const started = await widget.evaluate(async (el, code) => {
    window.progress = [];
    const switching = el.useAttention(code);
    const start = el.startTraining();
    await switching;
    return start;
  }, source);
  expect(started).toBe(true);
  await expect(widget.getByText(/^Training…/)).toBeVisible({ timeout: 60_000 });
  expect(await widget.evaluate((el) => el.usingLearnerAttention)).toBe(true);
  await expect.poll(async () => Number(await stat(widget, 'step').textContent()), { timeout: 60_000 }).toBeGreaterThan(record.steps);
  await widget.evaluate((el) => el.pauseTraining());
  await expect(widget.getByText(/^Paused at step \d+/)).toBeVisible({ timeout: 30_000 });
  // Up to the switch every report is at the shipped model's step (nothing trained by the function
  // being replaced); after it, training ran with the new one.
  const events = await page.evaluate(() => window.progress);
  const switched = events.findIndex((detail) => detail.stopped?.reason === 'model');
  expect(switched).toBeGreaterThanOrEqual(0);
  for (const detail of events.slice(0, switched + 1)) expect(detail.step).toBe(record.steps);
  expect(events.slice(switched + 1).some((detail) => detail.running && detail.learner && detail.step > record.steps)).toBe(true);
});
