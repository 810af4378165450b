// widgets.spec.js — what every widget in the registry shares: el.focus() works once it has started
// (no widget hides HTMLElement.prototype.focus); text typed in a field is applied before any
// other action of the widget, never put back; and a widget whose numbers come from its own
// worker (needsCore = false) does not load the page's core on the main thread.
import { test, expect } from './helpers/fixtures.js';
import { started } from './helpers/a11y-pages.js';
import { WIDGETS } from '../../web/widgets/registry.js';

/** embed.html with one widget, started (and drawn). */
async function open(page, name) {
  await page.goto(`/embed.html?widget=${name}`);
  const widget = page.locator(`attn-${name}`);
  await started(widget);
  return widget;
}

test('every widget can be focused with el.focus() once it has started', async ({ page }) => {
  test.slow();
  for (const { name, tag } of WIDGETS) {
    const widget = await open(page, name);
    const result = await widget.evaluate((el) => {
      const own = el.focus === HTMLElement.prototype.focus;
      el.focus(); // not focusable without a tabindex: nothing happens, and nothing throws
      el.tabIndex = -1; // what an author does to move focus to a widget
      el.focus();
      return { own, focused: document.activeElement === el };
    });
    expect(result, tag).toEqual({ own: true, focused: true });
  }
});

/** The WASM cores and helper thread the page's main thread fetched (resource timing). */
function coresFetched(page) {
  return page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)
    .filter((path) => /\/attn(-mt)?-[^/]*\.wasm$|\/attn-helper-[^/]*\.js$/.test(path)));
}

test('a widget whose numbers come from its worker does not load the page’s core', async ({ page }) => {
  const train = await open(page, 'train'); // its worker has loaded a core and the shipped model
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true); // where the page's core would bring a helper thread
  await train.getByRole('button', { name: 'Sample' }).click();
  await expect(train.getByLabel('Sampled text')).toHaveText(/\S/);
  expect(await coresFetched(page)).toEqual([]);

  for (const name of ['editor', 'variance']) {
    await open(page, name);
    expect(await coresFetched(page), name).toEqual([]);
  }
  // The control: a widget that computes on the page loads the threaded core and its helper.
  await open(page, 'stepper');
  await expect.poll(() => coresFetched(page)).toEqual([expect.stringMatching(/attn-mt-.*\.wasm$/), expect.stringMatching(/attn-helper-.*\.js$/)]);
});

test('text typed in a field is applied before any other action of its widget, never put back', async ({ page }) => {
  // Each case: a field, what is typed (no Enter, no leaving the field), then another control
  // of the same widget pressed while the field still has the focus: a click that does not take
  // the focus, as on browsers where buttons are not focused by a click.
  const press = (control) => control.evaluate((el) => el.click());

  const shuffle = await open(page, 'shuffle');
  await shuffle.getByLabel('Sentence (up to 16 words)').fill('a small cat sat on the warm mat');
  await press(shuffle.getByRole('button', { name: 'Shuffle' }));
  await expect(shuffle).toHaveAttribute('sentence', 'a small cat sat on the warm mat');
  await expect(shuffle.getByRole('list', { name: 'Word order' }).getByRole('button')).toHaveCount(8);
  await expect(shuffle.getByLabel('Sentence (up to 16 words)')).toHaveValue('a small cat sat on the warm mat');
  await expect(shuffle).toHaveAttribute('order', /^\d(,\d){7}$/);

  const heads = await open(page, 'heads');
  await heads.getByRole('textbox', { name: 'Sentence' }).fill('The dog chased it because it ran');
  await press(heads.getByRole('tab', { name: 'Head 2' }));
  await expect(heads).toHaveAttribute('sentence', 'The dog chased it because it ran');
  await expect(heads).toHaveAttribute('head', '2');
  await expect(heads.getByText(/shape \(4, 7, 7\)/)).toBeVisible();

  const masks = await open(page, 'masks');
  await masks.getByRole('textbox', { name: 'Sentence', exact: true }).fill('we like green tea');
  await press(masks.getByRole('checkbox', { name: 'Sliding window' }));
  await expect(masks).toHaveAttribute('sentence', 'we like green tea');
  await expect(masks).toHaveAttribute('masks', 'causal window');
  await expect(masks.getByRole('table', { name: 'Mask' }).locator('tbody tr')).toHaveCount(4);

  const stepper = await open(page, 'stepper');
  await stepper.getByRole('textbox', { name: 'X, row x₁, column 1' }).fill('2');
  await press(stepper.getByRole('button', { name: 'Next →' }));
  await expect(stepper).toHaveAttribute('x', '2,0,1,-1,0,1,1,1');
  await expect(stepper.getByText('Step 2 of 6: Scores')).toBeVisible();
  // x₁ = [2, 0, 1, −1]: q₁ = [6, 5], and the scores follow.
  await expect(stepper.getByRole('table', { name: 'Q', exact: true }).locator('tbody tr').first()).toHaveText(/6\s*5/);

  const cost = await open(page, 'cost');
  await cost.getByLabel('d_model (model width)', { exact: true }).fill('256');
  await cost.getByLabel('h (heads)', { exact: true }).fill('4');
  // The N slider moved by a script, the way a slider's `input` event comes without a blur.
  await cost.getByRole('slider', { name: /^N, tokens/ }).evaluate((el) => { el.value = '11'; el.dispatchEvent(new Event('input')); });
  await expect(cost).toHaveAttribute('d-model', '256');
  await expect(cost).toHaveAttribute('heads', '4');
  await expect(cost).toHaveAttribute('n', '2048');
  await expect(cost.getByText(/^4 heads × 64 features = d_model 256\./)).toBeVisible();

  const variance = await open(page, 'variance');
  await variance.getByLabel('Seed').fill('7');
  await press(variance.getByRole('button', { name: 'd_k = 32' }));
  await expect(variance).toHaveAttribute('seed', '7');
  await expect(variance).toHaveAttribute('dk', '32');

  const train = await open(page, 'train');
  await train.getByLabel('Probe text', { exact: true }).fill('the cat');
  await press(train.getByRole('button', { name: 'Sample' }));
  await expect(train).toHaveAttribute('probe', 'the cat');
  await expect(train.getByText(/^7 characters\. /)).toBeVisible();
});
