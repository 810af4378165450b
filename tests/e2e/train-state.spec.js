// train-state.spec.js — the training lab keeps the learner's model and tells the truth while it
// trains: a model trained here comes back after a reload (weights, loss curve, step, own text),
// said at the top of the lab with a way back to the shipped model, and an old record (the weights
// alone) still comes back; Build model and Reset ask before they throw a trained model away
// (an alert dialog, "Keep it" focused, no axe violation, Tab kept inside, Escape keeps); while training runs the
// samples, the map and the heads grid are drawn again and say the step they are of; the head
// dialog shows Close and its whole map at once on a laptop and a phone. Tiny models, few steps.
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './helpers/fixtures.js';
import { openTrainer, buildModel, trainTo, pressDiscarding, TINY } from './helpers/trainer.js';

const stat = (widget, name) => widget.locator(`dd[data-stat="${name}"]`);
const OWN_TEXT = 'the cat sat on the mat. the dog ate the log. '.repeat(40);

test('a model trained on my own text comes back after a reload, with its curve, step and text; an old record of the weights alone comes back too', async ({ page }) => {
  let widget = await openTrainer(page);
  await widget.getByLabel('My own text').check();
  await widget.getByLabel('Your text').fill(OWN_TEXT);
  await buildModel(widget);
  await trainTo(widget, 60);
  const before = await widget.evaluate((el) => el.lossCurve.points());
  expect(before.train).toHaveLength(60);
  expect(before.validation.at(-1)[0]).toBe(60);

  await page.reload();
  await expect(widget.getByText(/^Loaded the model you trained, kept in this browser: step 60, validation loss \d\.\d{4}/)).toBeVisible({ timeout: 20_000 });
  const line = widget.locator('.kept-line');
  await expect(line).toContainText(/^This is the model you trained, kept in this browser: step 60, kept on \d{1,2} \w+ \d{4} at \d\d:\d\d\. Its loss curve came back with it\. /);
  await expect(line).toContainText(`It was trained on your own text, which came back with it (${OWN_TEXT.length.toLocaleString('en-GB')} characters)`);
  await expect(stat(widget, 'step')).toHaveText('60');
  expect(await widget.evaluate((el) => el.lossCurve.points())).toEqual(before);
  // The form shows the model's settings and text, so Build model builds what it says.
  await expect(widget.getByLabel('Layers', { exact: true })).toHaveValue('1');
  await expect(widget.getByLabel('Your text')).toHaveValue(OWN_TEXT);
  await expect(widget.getByLabel('My own text')).toBeChecked();
  // With its text, it trains on.
  await trainTo(widget, 70);

  // A record kept by an older lab: the weights file's bytes alone.
  await page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open('attention-lab', 1);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('models', 'readwrite');
      const store = tx.objectStore('models');
      store.get('last').onsuccess = (event) => store.put(event.target.result.bytes, 'last');
      tx.oncomplete = () => { db.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
  }));
  await page.reload();
  widget = page.locator('attn-train');
  await expect(line).toContainText('This is the model you trained, kept in this browser: step 70. Its loss curve was not kept with it');
  await expect(line).toContainText('which was not kept with it');
  await expect(stat(widget, 'step')).toHaveText('70');

  // Back to the shipped model: the line goes; the kept model stays kept.
  await line.getByRole('button', { name: 'Back to the shipped model' }).click();
  await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 20_000 });
  await expect(line).toBeHidden();
});

test('Build model and Reset ask before they throw a trained model away: “Keep it” focused, Tab kept inside, Escape keeps it', async ({ page }) => {
  const widget = await openTrainer(page);
  await buildModel(widget); // over the shipped model, untrained here: no question
  await trainTo(widget, 20);
  const reset = widget.getByRole('button', { name: 'Reset', exact: true });
  await reset.click();
  const dialog = widget.getByRole('alertdialog', { name: 'Throw away the model trained to step 20?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(/^A new model starts from step 0\. The model trained to step 20 stays kept in this browser only until/);
  const keep = dialog.getByRole('button', { name: 'Keep it' });
  const resetIt = dialog.getByRole('button', { name: 'Reset it' });
  await expect(keep).toBeFocused();
  const audit = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(audit.violations.map((v) => `${v.id} ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(resetIt).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(keep).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(resetIt).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(reset).toBeFocused();
  await expect(widget.getByText('Kept the model trained to step 20; nothing was built.')).toBeVisible();
  await expect(stat(widget, 'step')).toHaveText('20');
  // "Keep it" by keyboard keeps it too.
  await page.keyboard.press('Enter');
  await expect(keep).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(stat(widget, 'step')).toHaveText('20');
  // Build model asks the same, and its own button builds.
  await buildModel(widget, { discard: true });
  await expect(stat(widget, 'step')).toHaveText('0');
  // A model at step 0 has nothing to lose: Reset builds at once.
  await reset.click();
  await expect(widget.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  // Trained again, Reset asks, and "Reset it" resets.
  await trainTo(widget, 10);
  await pressDiscarding(widget, 'Reset');
  await expect(widget.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 20_000 });
});

test('while training runs, the sample, the map and the heads grid are drawn again and say the step they are of', async ({ page }) => {
  const widget = await openTrainer(page);
  const sampleStep = widget.locator('fieldset:has(> legend:text-is("Samples")) .as-of');
  const mapStep = widget.locator('fieldset:has(> legend:text-is("Attention maps")) .as-of');
  const gridStep = widget.locator('.heads-panel .as-of');
  await buildModel(widget, { fields: [...TINY, ['Context', '64']] }); // the probe text (43 characters) fits
  await expect(sampleStep).toHaveText('As of step 0.');
  await expect(mapStep).toHaveText('As of step 0.');
  await widget.getByLabel('Train until step').fill('100000');
  await widget.getByRole('button', { name: 'Start' }).click();
  // An evaluation (every 50 steps) redraws them from the model as it is then.
  const running = /^As of step [1-9][\d,]* \(redrawn at each evaluation while training runs\)\.$/;
  await expect(sampleStep).toHaveText(running, { timeout: 30_000 });
  await expect(mapStep).toHaveText(running, { timeout: 30_000 });
  await expect(gridStep).toHaveText(/^Maps: As of step [1-9][\d,]* \(redrawn at each evaluation while training runs\)\. Roles under them: measured at step 0 \(measured again when training pauses or stops\)\.$/, { timeout: 30_000 });
  await widget.getByRole('button', { name: 'Pause' }).click();
  await expect(widget.getByText(/^Paused at step \d+/)).toBeVisible();
  const step = (await stat(widget, 'step').textContent()).trim();
  const shown = Number(step).toLocaleString('en-GB');
  await expect(sampleStep).toHaveText(`As of step ${shown}.`);
  await expect(mapStep).toHaveText(`As of step ${shown}.`);
  await expect(gridStep).toHaveText(`Maps: As of step ${shown}. Roles under them: measured at step ${shown}.`, { timeout: 30_000 });
});

test('the head dialog shows Close and its whole map at once, on a laptop (1280 × 800) and a phone (390 × 844)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const widget = await openTrainer(page);
  await expect(widget.getByText(/Largest weight above the diagonal: 0 exactly/)).toBeVisible();
  const cell = widget.locator('.cell-button').first();
  const dialog = widget.getByRole('dialog', { name: 'Layer 1, head 1 on the probe text' });
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await cell.scrollIntoViewIfNeeded();
    await cell.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
    const box = await dialog.boundingBox();
    const map = await dialog.locator('canvas').first().boundingBox();
    expect(map.x, `${viewport.width} px`).toBeGreaterThanOrEqual(box.x);
    expect(map.x + map.width, `${viewport.width} px`).toBeLessThanOrEqual(box.x + box.width);
    expect(map.y, `${viewport.width} px`).toBeGreaterThanOrEqual(box.y);
    expect(map.y + map.height, `${viewport.width} px`).toBeLessThanOrEqual(box.y + box.height);
    expect(box.y + box.height, `${viewport.width} px`).toBeLessThanOrEqual(viewport.height);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
