// trainer.js — the steps the trainer's browser tests share: opening <attn-train> on its own page
// (`embed.html?widget=train`, one widget and one core, not the whole lab) and waiting until the
// shipped model has loaded, and, for the heads tests, until its heads are measured; building a
// tiny model, training it to a step, pressing Build model or Reset over a trained model (the lab
// asks first) and forgetting the model the browser kept.
//
//   const widget = await openTrainer(page);
//   const measured = await openMeasuredTrainer(page);
//   await buildModel(widget);  await trainTo(widget, 60);  await buildModel(widget, { discard: true });
//   await pressDiscarding(widget, 'Reset');  await forgetKeptModel(page);
import { expect } from './fixtures.js';
import { openWidget } from './open.js';

/** Opens <attn-train> alone (`query` as openWidget takes it) and waits for "Loaded the shipped model". */
export async function openTrainer(page, { query = '' } = {}) {
  const widget = await openWidget(page, 'train', { query, ready: 'none' });
  await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 20_000 });
  return widget;
}

/** openTrainer, then waits until the worker has measured the shipped model's 8 heads. */
export async function openMeasuredTrainer(page) {
  const widget = await openTrainer(page);
  await expect(widget.getByText(/^Measured 8 heads over 128 windows of \d+ characters \(seed 1\)/)).toBeVisible({ timeout: 90_000 });
  return widget;
}

/** The fields of a tiny model: training runs hundreds of steps a second even on a busy machine. */
export const TINY = [['Layers', '1'], ['Heads', '2'], ['d_model', '32'], ['Context', '32'], ['Batch', '4'], ['Learning rate', '0.003']];

/**
 * Presses `button` ('Build model' or 'Reset') while the lab holds a model the learner trained:
 * the lab asks first (discard-dialog.js), and this answers by throwing the model away.
 */
export async function pressDiscarding(widget, button = 'Build model') {
  await widget.getByRole('button', { name: button, exact: true }).click();
  const dialog = widget.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button === 'Reset' ? 'Reset it' : 'Build the new model' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Fills the form with `fields` ([label, value] pairs; TINY by default) and builds the model;
 * `discard`: a trained model is in use, so the lab asks first, and the answer throws it away.
 * Waits for "Built a new model: step 0".
 */
export async function buildModel(widget, { fields = TINY, discard = false } = {}) {
  for (const [label, value] of fields) await widget.getByLabel(label, { exact: true }).fill(value);
  if (discard) await pressDiscarding(widget, 'Build model');
  else await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 20_000 });
}

/** Trains the model in use to step `steps` (Train until step, then Start) and waits until it is
 *  there and kept in this browser ("Trained to step N. The model is kept in this browser."). */
export async function trainTo(widget, steps) {
  await widget.getByLabel('Train until step').fill(String(steps));
  await widget.getByRole('button', { name: 'Start' }).click();
  await expect(widget.getByText(`Trained to step ${steps}. The model is kept in this browser.`)).toBeVisible({ timeout: 60_000 });
}

/** Forgets the model this browser kept (model-store.js's database), so the next load opens the shipped model. */
export async function forgetKeptModel(page) {
  await page.evaluate(() => new Promise((resolve, reject) => {
    const request = indexedDB.open('attention-lab', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('models');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction('models', 'readwrite');
      tx.objectStore('models').delete('last');
      tx.oncomplete = () => { db.close(); resolve(); };
      tx.onerror = () => { db.close(); reject(tx.error); };
    };
  }));
}
