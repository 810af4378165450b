// a11y-pages.js — shared by the specs that use every widget (axe, keyboard, reduced motion, data
// tables, figures, elements, offline): opens a page and starts every widget on it the way a reader
// would, by scrolling each one into view (the lazy start), then waits for what each widget shows
// once it is ready; trains the train widget and runs the editor's check, the two long actions.
import { expect, whenStarted } from './fixtures.js';
import { WIDGETS } from '../../../web/widgets/registry.js';

export const TAGS = WIDGETS.map((widget) => widget.tag);

/** Waits until one widget has started and drawn what it draws first (its charts included). */
export async function started(widget) {
  await widget.scrollIntoViewIfNeeded();
  await whenStarted(widget);
  const tag = await widget.evaluate((el) => el.localName);
  if (tag === 'attn-train') await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  if (tag === 'attn-train') {
    // The heads are measured in the worker after the model loads; their panel then fills in (the
    // consistency check's windows last): a walk of the tab stops must not race it.
    await expect(widget.getByText(/^Measured \d+ heads over \d+ windows/)).toBeVisible({ timeout: 60_000 });
    await expect(widget.getByRole('button', { name: /^Open window \d+ large$/ }).first()).toBeVisible({ timeout: 60_000 });
  }
  // (their table rows are in place from the start; a drawn histogram is named by what it shows)
  if (tag === 'attn-variance') await expect(widget.getByRole('img', { name: /^Histogram of/ })).toHaveCount(2, { timeout: 20_000 });
  if (tag === 'attn-cost') await expect(widget.getByRole('img', { name: /cost terms/ })).toHaveAttribute('data-drawn', /\d/);
  if (tag === 'attn-translation') await expect(widget.getByRole('img', { name: /^Held-out token accuracy/ })).toHaveAttribute('data-shown', /./, { timeout: 20_000 });
  if (tag === 'attn-editor') await expect(widget.getByRole('button', { name: 'Check against reference' })).toBeEnabled({ timeout: 20_000 });
}

/** Starts every widget on the page, top to bottom. */
export async function startAll(page) {
  for (const tag of TAGS) {
    const all = page.locator(tag);
    for (let i = 0; i < await all.count(); i++) await started(all.nth(i));
  }
}

/** Trains the attn-train widget until its step counter reaches `atLeast`, then pauses it. */
export async function trainThenPause(train, atLeast, timeout = 60_000) {
  await train.getByRole('button', { name: 'Start' }).click();
  await expect.poll(async () => Number(await train.locator('dd[data-stat="step"]').textContent()), { timeout }).toBeGreaterThanOrEqual(atLeast);
  await train.getByRole('button', { name: 'Pause' }).click();
  await expect(train.getByText(/^Paused at step \d+/)).toBeVisible();
}

/** Runs the attn-editor widget's check of the learner's code against the reference; waits for a pass. */
export async function checkPasses(editor, timeout = 30_000) {
  await editor.getByRole('button', { name: 'Check against reference' }).click();
  await expect(editor.getByText('Check passed.')).toBeVisible({ timeout });
}
