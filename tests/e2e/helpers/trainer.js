// trainer.js — the steps the trainer's browser tests share: opening <attn-train> on its own page
// (`embed.html?widget=train`, one widget and one core, not the whole lab) and waiting until the
// shipped model has loaded, and, for the heads tests, until its heads are measured.
//
//   const widget = await openTrainer(page);
//   const measured = await openMeasuredTrainer(page);
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
