// keyboard.spec.js — every widget operated with the keyboard alone: Tab and Shift+Tab to move,
// Enter and Space to press, the arrow keys inside sliders, radio groups, tabs, selects, grids
// and heatmaps, and typed characters in text and number fields. No clicks, no fill(), no
// programmatic focus: each test starts at the top of embed.html?widget=<name> and tabs in.
// Every stop passed on the way must show a focus ring (an outline or a box-shadow).
import { test, expect } from './helpers/fixtures.js';
import { started } from './helpers/a11y-pages.js';
import { focused, tabTo, named, tabStops } from './helpers/keyboard-helpers.js';

async function open(page, name, query = '') {
  await page.goto(`/embed.html?widget=${name}${query}`);
  const widget = page.locator(`attn-${name}`);
  await started(widget);
  return widget;
}

/** Selects a text field's content and types over it (keys only). */
async function typeOver(page, text) {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** The sentence under the heatmap that has focus. */
function focusedReadout(page) {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el?.closest('figure.heatmap')?.querySelector('.heatmap-readout')?.textContent ?? null;
  });
}

/** In a focused heatmap: Home goes to key 1, and an arrow moves to the next or previous query. */
async function heatmapByArrows(page) {
  await page.keyboard.press('Home');
  await expect.poll(() => focusedReadout(page)).toMatch(/^query \d+ “.+” → key 1 “.+”: /);
  const query = Number((await focusedReadout(page)).match(/^query (\d+)/)[1]);
  const next = query > 1 ? query - 1 : query + 1;
  await page.keyboard.press(query > 1 ? 'ArrowUp' : 'ArrowDown');
  await expect.poll(() => focusedReadout(page)).toMatch(new RegExp(`^query ${next} “.+” → key 1 “.+”: `));
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => focusedReadout(page)).toMatch(new RegExp(`^query ${next} “.+” → key 2 “.+”: `));
}

/** Cell texts of a MatrixView table (a grid where its cells take the keyboard). */
function matrix(widget, name) {
  return widget.getByRole('grid', { name, exact: true }).or(widget.getByRole('table', { name, exact: true })).locator('tbody tr').evaluateAll((rows) => rows.map((row) =>
    Array.from(row.querySelectorAll('td'), (td) => (td.querySelector('input')?.value ?? td.textContent).trim())));
}

test('every widget: each tab stop shows a focus ring, and Shift+Tab walks back the same way', async ({ page }) => {
  test.slow();
  for (const name of ['stepper', 'variance', 'masks', 'shuffle', 'heads', 'cost', 'train', 'editor', 'check', 'exercise']) {
    await open(page, name);
    const forward = await tabStops(page, `attn-${name}`); // tabStops checks nothing itself: check here
    expect(forward.length, name).toBeGreaterThan(3);
    for (const stop of forward) expect(stop.ring, `${name}: ${JSON.stringify(stop)}`).toBe(true);
    // Back from past the end: the same stops in reverse.
    const back = [];
    for (let i = 0; i < forward.length; i++) {
      await page.keyboard.press('Shift+Tab');
      back.push(await focused(page));
    }
    expect(back.reverse().map((s) => s.name), name).toEqual(forward.map((s) => s.name));
  }
});

test('stepper: Next, the step list, arrow keys, both toggles, typing a cell, Reset', async ({ page }) => {
  const widget = await open(page, 'stepper');
  await tabTo(page, named('Next →'));
  await page.keyboard.press('Enter');
  await expect(widget.getByText('Step 2 of 6: Scores')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(widget.getByText('Step 3 of 6: Scale')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(widget.getByText('Step 4 of 6: Mask')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(widget.getByText('Step 3 of 6: Scale')).toBeVisible();
  await page.keyboard.press('End');
  await expect(widget.getByText('Step 6 of 6: Output')).toBeVisible();
  // The step list is one tab stop, the current step's button; ← moves to step 5 and focus follows.
  await tabTo(page, named('6. Output'), { back: true });
  await page.keyboard.press('ArrowLeft');
  await expect(focused(page)).resolves.toMatchObject({ name: '5. Softmax' });
  await page.keyboard.press('Enter');
  await expect(widget.getByText('Step 5 of 6: Softmax')).toBeVisible();
  expect(await matrix(widget, 'Weights')).toEqual([['1.000', '0.000'], ['0.196', '0.804']]);
  // The causal mask off (Space on the checkbox): token 1 now puts its weight on token 2.
  await tabTo(page, named('Causal mask'));
  await page.keyboard.press('Space');
  await expect(widget).toHaveAttribute('mask', 'none');
  await expect.poll(() => matrix(widget, 'Weights')).toEqual([['0.000', '1.000'], ['0.196', '0.804']]);
  await page.keyboard.press('Space');
  await expect.poll(() => matrix(widget, 'Weights')).toEqual([['1.000', '0.000'], ['0.196', '0.804']]);
  // Scaling off.
  await tabTo(page, named('Scale by 1/√d_k'));
  await page.keyboard.press('Space');
  await expect(widget).toHaveAttribute('scale', /off|false|none/);
  await page.keyboard.press('Space');
  // Typing into a cell of X: x₁ = [2, 0, 1, −1] gives q₁ = [6, 5].
  await page.keyboard.press('Home');
  await tabTo(page, named('X, row x₁, column 1'));
  await typeOver(page, '2');
  await page.keyboard.press('Enter');
  await expect.poll(() => matrix(widget, 'Q')).toEqual([['6', '5'], ['1', '−1']]);
  await tabTo(page, named('Reset example'), { back: true });
  await page.keyboard.press('Enter');
  await expect.poll(() => matrix(widget, 'Q')).toEqual([['3', '3'], ['1', '−1']]);
});

test('variance: the width buttons, typing a width, the data table, the saturation fields', async ({ page }) => {
  const widget = await open(page, 'variance');
  await tabTo(page, named('d_k = 32'));
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: 'd_k = 32' })).toHaveAttribute('aria-pressed', 'true');
  await expect(widget.getByText(/^d_k = 32, 20,000 draws/)).toBeVisible();
  await tabTo(page, named('Head width d_k'), { back: true });
  await typeOver(page, '16');
  await page.keyboard.press('Enter');
  await expect(widget).toHaveAttribute('dk', '16');
  await expect(widget.getByText(/^d_k = 16, 20,000 draws/)).toBeVisible();
  await tabTo(page, named('Show data as a table'));
  await page.keyboard.press('Space');
  await expect(widget.getByRole('table', { name: /Histogram of score q·k$/ })).toBeVisible();
  await tabTo(page, named('Keys per trial'));
  await typeOver(page, '8');
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/with 8 keys; saturated means/)).toBeVisible();
  await tabTo(page, named('Reproduce the chapter'));
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: /^Cancel/ })).toBeVisible();
  // The button disables itself while it runs: the focus goes to Cancel, not to the page.
  await expect.poll(async () => (await focused(page))?.name).toMatch(/^Cancel/);
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^Cancelled\./)).toBeVisible({ timeout: 20_000 });
  // Cancel is hidden with its box: the focus comes back to the button, enabled again.
  await expect.poll(async () => (await focused(page))?.name).toBe('Reproduce the chapter');
});

test('masks: sentence, switches, the window slider, radios, the mask grid and the heatmap', async ({ page }) => {
  const widget = await open(page, 'masks');
  await tabTo(page, named('Sentence'));
  await typeOver(page, 'we like green tea');
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: /^query 4 “tea”, key 4 “tea”/ })).toBeVisible();
  // Sliding window on (Space), then its slider by arrows.
  await tabTo(page, named('Sliding window'));
  await page.keyboard.press('Space');
  await expect(widget.getByRole('checkbox', { name: 'Sliding window' })).toBeChecked();
  const slider = await tabTo(page, (f) => f.type === 'range');
  const before = await widget.getByRole('slider').inputValue();
  await page.keyboard.press('ArrowRight');
  await expect(widget.getByRole('slider')).not.toHaveValue(before);
  expect(slider.ring).toBe(true);
  // Scores: the radio group by arrows.
  await tabTo(page, named('from the words'));
  await page.keyboard.press('ArrowRight');
  await expect(widget.getByRole('radio', { name: 'all equal' })).toBeChecked();
  // The grid: Enter on a cell flips it; arrows move.
  await tabTo(page, named(/^query 1 “we”, key 1 “we”/));
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).resolves.toMatchObject({ name: expect.stringMatching(/^query 2 “like”, key 1 “we”/) });
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: /^query 2 “like”, key 1 “we”: −∞, blocked \(your edit\)$/ })).toBeVisible();
  // The heatmap: one tab stop; arrows move its cell and its sentence follows.
  await tabTo(page, named('Attention weights (mask before the softmax)'));
  await expect(widget.getByText(/^query 1 “we” → key 1 “we”: 1\.00$/)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(widget.getByText(/^query 2 “like” → key 1 “we”: /)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(widget.getByText(/^query 2 “like” → key 2 “like”: 1\.00$/)).toBeVisible();
  // Clear my edits (appears once there is an edit), then the numbers' details by Enter.
  await tabTo(page, named('Clear my edits'), { back: true });
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: /^query 2 “like”, key 1 “we”: 0, allowed$/ })).toBeVisible();
  await tabTo(page, named('The weights as numbers'));
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('table', { name: 'Weights', exact: true })).toBeVisible();
});

test('shuffle: sentence, shuffle and swap, moving a word with arrows, positions, mask, numbers', async ({ page }) => {
  const widget = await open(page, 'shuffle');
  const order = () => widget.locator('.chip, [data-word], button[aria-label*="place"]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')?.split(',')[0] ?? el.textContent));
  await tabTo(page, named('Swap dog and man'));
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: /^man, place 2 of 5/ })).toBeVisible();
  await tabTo(page, named(/^The, place 1 of 5/));
  await page.keyboard.press('ArrowRight');
  await expect(focused(page)).resolves.toMatchObject({ name: expect.stringMatching(/^man, place 2 of 5/) });
  await page.keyboard.press('Shift+ArrowRight');
  await expect(widget.getByRole('button', { name: /^man, place 3 of 5/ })).toBeVisible();
  await tabTo(page, named('None'));
  await page.keyboard.press('ArrowRight');
  await expect(widget.getByRole('radio', { name: /Sinusoidal/ })).toBeChecked();
  await expect(widget).toHaveAttribute('positions', 'sinusoidal');
  await tabTo(page, named('Causal mask'));
  await page.keyboard.press('Space');
  await expect(widget.getByRole('checkbox', { name: 'Causal mask' })).toBeChecked();
  await tabTo(page, named('Width d'));
  await typeOver(page, '6');
  await page.keyboard.press('Enter');
  await expect(widget).toHaveAttribute('width', '6');
  await tabTo(page, named('What the positions add'));
  await page.keyboard.press('Enter');
  await expect(widget.locator('details').filter({ hasText: 'What the positions add' })).toHaveAttribute('open', '');
  // Back up to the sentence, type a new one, Enter.
  await tabTo(page, named('Sentence (up to 16 words)'), { back: true });
  await typeOver(page, 'a cat saw a dog');
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: /^cat, place 2 of 5/ })).toBeVisible();
  await tabTo(page, named('Shuffle'));
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: /was \d/ }).first()).toBeVisible();
  void order;
});

test('heads: sentence, mask and W^O switches, head tabs by arrows, the heatmap by arrows', async ({ page }) => {
  const widget = await open(page, 'heads');
  await tabTo(page, named('Head 1'));
  await page.keyboard.press('ArrowRight');
  await expect(widget).toHaveAttribute('head', '2');
  await page.keyboard.press('Tab');
  const map = await focused(page);
  expect(map.role).toBe('application');
  await heatmapByArrows(page);
  await tabTo(page, named('Causal mask'), { back: true });
  await page.keyboard.press('Space');
  await expect(widget.getByRole('checkbox', { name: 'Causal mask' })).toBeChecked();
  await tabTo(page, named('Make WO the identity (no mixing)'));
  await page.keyboard.press('Space');
  await expect(widget.getByRole('checkbox', { name: /identity/ })).toBeChecked();
  await tabTo(page, named('Sentence'), { back: true });
  await typeOver(page, 'the cat sat on the mat');
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('application', { name: /^Head 2/ })).toBeVisible();
  await expect(widget.getByText(/“mat”/).first()).toBeVisible();
  await tabTo(page, named('Chapter’s sentence'));
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/“because”/).first()).toBeVisible();
});

test('cost: the N slider by arrows, typed sizes, the chart’s table, measuring', async ({ page }) => {
  const widget = await open(page, 'cost');
  await tabTo(page, (f) => f.type === 'range');
  await page.keyboard.press('ArrowRight');
  await expect(widget).toHaveAttribute('n', '2048');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(widget).toHaveAttribute('n', '512');
  await tabTo(page, named('d_model (model width)'));
  await typeOver(page, '256');
  await page.keyboard.press('Enter');
  await expect(widget).toHaveAttribute('d-model', '256');
  await tabTo(page, named('h (heads)'));
  await typeOver(page, '4');
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/4 heads × 64 features = d_model 256/)).toBeVisible();
  await tabTo(page, named('Show data as a table'));
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('table', { name: /multiply-adds against N/ })).toBeVisible();
  await tabTo(page, named('Measure in my browser'));
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^Done: \d+ sizes measured/)).toBeVisible({ timeout: 60_000 });
});

test('train: preset by arrows, a tiny model built and trained, started and paused, sampled, probed', async ({ page }) => {
  const widget = await open(page, 'train');
  // A tiny model, typed field by field.
  for (const [label, value] of [['Layers', '1'], ['Heads', '2'], ['d_model', '32'], ['Context', '32'], ['Batch', '4']]) {
    await tabTo(page, named(label));
    await typeOver(page, value);
  }
  await expect(widget.getByRole('combobox', { name: 'Preset' })).toHaveValue('custom');
  await tabTo(page, named('Build model'));
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 30_000 });
  // Far enough that it is still training when paused: this model can run the default 2,000 steps
  // in a few seconds on a fast machine.
  await tabTo(page, named('Train until step'));
  await typeOver(page, '100000');
  await tabTo(page, named('Start'), { back: true, limit: 6 });
  await page.keyboard.press('Enter');
  await expect(widget.getByText('Training…')).toBeVisible();
  await expect.poll(() => widget.evaluate((el) => el.chart.count('training loss')), { timeout: 60_000 }).toBeGreaterThan(3);
  // Pause is next to Start (Start is disabled while training, so focus moved on or stayed near).
  await tabTo(page, named('Pause'), { limit: 6 }).catch(() => tabTo(page, named('Pause'), { back: true, limit: 6 }));
  await page.keyboard.press('Space');
  await expect(widget.getByText(/^Paused at step \d+/)).toBeVisible({ timeout: 30_000 });
  await tabTo(page, named('Temperature'));
  await page.keyboard.press('ArrowLeft');
  await expect(widget.getByRole('slider', { name: 'Temperature' })).toHaveValue('0.75');
  await tabTo(page, named('Sample'));
  await page.keyboard.press('Enter');
  await expect(widget.getByLabel('Sampled text')).toHaveText(/^Prompt: the  Generated: .{10,}/s);
  await tabTo(page, named('Probe text'));
  await typeOver(page, 'the cat sat');
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^11 characters\./)).toBeVisible();
  await tabTo(page, named('Head'));
  await page.keyboard.press('ArrowDown');
  await expect(widget.getByRole('application', { name: /^Layer 1, head 2: attention weights/ })).toBeVisible();
  await page.keyboard.press('Tab');
  expect((await focused(page)).role).toBe('application');
  await heatmapByArrows(page);
  // The weights panel: the shipped model again, by Enter.
  await tabTo(page, named('Load the shipped model'));
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  // Back to the preset: arrows choose one, and the fields follow.
  await tabTo(page, named('Preset'), { back: true, limit: 120 });
  await page.keyboard.press('ArrowUp');
  await expect(widget.getByRole('combobox', { name: 'Preset' })).not.toHaveValue('custom');
});

test('editor: a bug button, typing in the editor, Tab out, the check and the causality check', async ({ page }) => {
  const widget = await open(page, 'editor');
  await tabTo(page, named('Drop the scale'));
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^Inserted the bug “Drop the scale”/)).toBeVisible();
  await tabTo(page, named('Check against reference'));
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/Diagnosis: The scale 1\/√d_head is dropped/)).toBeVisible({ timeout: 30_000 });
  // Into the code (a tab stop), undo the bug with the editor's own key, then Tab out.
  await tabTo(page, named('Your attention function (JavaScript)'), { back: true });
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n// checked by keyboard\n');
  await expect(widget.getByRole('textbox', { name: /Your attention function/ })).toContainText('// checked by keyboard');
  await tabTo(page, named('The ops you can use'), { limit: 2 });
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^ops\./).first()).toBeVisible();
  await tabTo(page, named('Check against reference'));
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^Pass: your function agrees with the reference/)).toBeVisible({ timeout: 30_000 });
  await tabTo(page, named('Causality check'));
  await page.keyboard.press('Space');
  await expect(widget.getByText(/^No leak: for every position p/)).toBeVisible({ timeout: 30_000 });
  await tabTo(page, named('Reset to the built-in code'));
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^The editor holds the built-in attention again/)).toBeVisible();
  await expect(widget.getByRole('textbox', { name: /Your attention function/ })).not.toContainText('// checked by keyboard');
});

test('the lab page: skip link, sections, and a widget’s embed-code controls', async ({ page }) => {
  await page.goto('/?authors');
  await page.keyboard.press('Tab');
  await expect(focused(page)).resolves.toMatchObject({ tag: 'a', name: 'Skip to the lab', ring: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  const stepper = page.locator('attn-stepper');
  await tabTo(page, (f) => f.host === 'attn-stepper' && f.name === 'Copy embed code', { limit: 120 });
  await page.keyboard.press('Tab');
  await expect(focused(page)).resolves.toMatchObject({ tag: 'summary', name: 'Show the embed code', ring: true });
  await page.keyboard.press('Enter');
  await expect(stepper.getByLabel('Script and element')).toBeVisible();
  await expect(stepper.getByLabel('Script and element')).toHaveValue(/<attn-stepper/);
});

test('a button that disables itself hands the focus to the nearest control, never to the page', async ({ page }) => {
  // decode: Play by Enter → Pause has the focus, and Enter pauses.
  const decode = await open(page, 'decode');
  await tabTo(page, named('Play'));
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page))?.name).toBe('Pause');
  await page.keyboard.press('Enter');
  await expect(decode.getByRole('button', { name: 'Play' })).toBeEnabled();
  // (The stepper's Next and Back are never disabled: at either end they keep the focus, marked
  // unavailable; stepper.spec.js holds them.)
  // shuffle: Original order, once the words are back → the control beside it.
  const shuffle = await open(page, 'shuffle');
  await tabTo(page, named('Shuffle'));
  await page.keyboard.press('Enter');
  await tabTo(page, named('Original order'));
  await page.keyboard.press('Enter');
  await expect(shuffle.getByText(/^The words are in their original order/)).toBeVisible();
  const now = await focused(page);
  expect(now?.host, 'the focus stays in the widget').toBe('attn-shuffle');
  expect(now.ring).toBe(true);
});
