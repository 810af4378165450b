// stepper.spec.js — <attn-stepper> on its embed page: the chapter's §6.2 numbers at every step,
// the mask and scaling toggles, keyboard-only navigation, editing and refusing bad entries.
import { readFileSync } from 'node:fs';
import { test, expect, whenStarted, holdCore } from './helpers/fixtures.js';
import { openWidget } from './helpers/open.js';

/** The visible matrix with this accessible name: a grid where its cells take the keyboard, else a
 *  table. */
const matrixNamed = (stepper, name) => stepper.getByRole('grid', { name, exact: true }).or(stepper.getByRole('table', { name, exact: true }));

/** The visible matrix with this accessible name, read as rows of cell texts. */
async function matrix(stepper, name) {
  const table = matrixNamed(stepper, name);
  await expect(table).toBeVisible();
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) =>
    Array.from(row.querySelectorAll('td'), (td) => (td.querySelector('input')?.value ?? td.textContent).trim())));
}

/** Presses Tab (at most 120 times: the lookup section's controls come first) until `target` has focus; fails if it never does. */
async function tabTo(page, target) {
  for (let i = 0; i < 120; i++) {
    if (await target.evaluate((el) => el.getRootNode().activeElement === el)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

async function goToStep(stepper, title) {
  await stepper.getByRole('button', { name: new RegExp(`^\\d\\. ${title}$`) }).click();
  await expect(stepper.getByText(new RegExp(`^Step \\d of 6: ${title}$`))).toBeVisible();
}

test('shows the chapter’s numbers at each step', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');

  await expect(stepper.getByText('Step 1 of 6: Inputs')).toBeVisible();
  expect(await matrix(stepper, 'W^V')).toEqual([['1', '0'], ['0', '1'], ['0', '0'], ['1', '1']]);
  expect(await matrix(stepper, 'V')).toEqual([['0', '−1'], ['1', '2']]);
  expect(await matrix(stepper, 'Q')).toEqual([['3', '3'], ['1', '−1']]);
  expect(await matrix(stepper, 'K')).toEqual([['−3', '−3'], ['1', '−1']]);

  await stepper.getByRole('button', { name: 'Next →' }).click();
  await expect(stepper.getByText('Step 2 of 6: Scores')).toBeVisible();
  expect(await matrix(stepper, 'Scores')).toEqual([['−18', '0'], ['0', '2']]);
  await expect(stepper.getByText('q₁·k₁ = 3·(−3) + 3·(−3) = −9 − 9 = −18.')).toBeVisible();

  await stepper.getByRole('button', { name: 'Next →' }).click();
  expect(await matrix(stepper, 'Scaled')).toEqual([['−12.73', '0'], ['0', '1.414']]);
  await expect(stepper.getByText(/√d_k = √2 ≈ 1\.414/)).toBeVisible();

  await stepper.getByRole('button', { name: 'Next →' }).click();
  expect(await matrix(stepper, 'Mask')).toEqual([['0', '−∞'], ['0', '0']]);
  expect(await matrix(stepper, 'Masked')).toEqual([['−12.73', '−∞'], ['0', '1.414']]);

  await stepper.getByRole('button', { name: 'Next →' }).click();
  expect(await matrix(stepper, 'Weights')).toEqual([['1.000', '0.000'], ['0.196', '0.804']]);
  await expect(stepper.getByText(/exp\(0\) = 1, exp\(1\.414\) = 4\.113; their sum is 5\.113, so weight \(2, 2\) = 4\.113 ÷ 5\.113 = 0\.804/)).toBeVisible();

  await stepper.getByRole('button', { name: 'Next →' }).click();
  await expect(stepper.getByText('Step 6 of 6: Output')).toBeVisible();
  expect(await matrix(stepper, 'Output')).toEqual([['0.000', '−1.000'], ['0.804', '1.413']]);
  await expect(stepper.getByRole('button', { name: 'Next →' })).toBeDisabled();
});

test('at either end Next and Back keep the focus, marked unavailable: a second Enter does not undo the step', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper', { query: 'step=5' });
  const next = stepper.getByRole('button', { name: 'Next →' });
  const back = stepper.getByRole('button', { name: '← Back' });
  const focused = () => stepper.evaluate((el) => el.shadowRoot.activeElement?.textContent);
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(stepper.getByText('Step 6 of 6: Output')).toBeVisible();
  await expect(next).toBeDisabled(); // aria-disabled: the screen reader hears it unavailable
  expect(await focused()).toBe('Next →');
  await page.keyboard.press('Enter');
  await expect(stepper.getByText('Step 6 of 6: Output')).toBeVisible();
  expect(await focused()).toBe('Next →');
  for (let step = 5; step >= 1; step--) {
    await back.focus();
    await page.keyboard.press('Enter');
    await expect(stepper.getByText(new RegExp(`^Step ${step} of 6:`))).toBeVisible();
  }
  await expect(back).toBeDisabled();
  expect(await focused()).toBe('← Back');
  await page.keyboard.press('Enter');
  await expect(stepper.getByText(/^Step 1 of 6:/)).toBeVisible();
});

test('turning the mask off gives row 1 the weights [0.000, 1.000]', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await goToStep(stepper, 'Softmax');
  await stepper.getByRole('checkbox', { name: 'Causal mask' }).uncheck();
  expect(await matrix(stepper, 'Weights')).toEqual([['0.000', '1.000'], ['0.196', '0.804']]);
  // More than 0.9999 of token 1's weight goes to token 2.
  await stepper.getByRole('grid', { name: 'Weights' }).getByRole('gridcell', { name: /row q₁, column k₂/ }).focus();
  const precise = await stepper.getByText(/weight \(1, 2\) = .* = 1\.000 \(more exactly 0\.99999\d\)/).textContent();
  expect(Number(precise.match(/more exactly ([\d.]+)/)[1])).toBeGreaterThan(0.9999);
  await goToStep(stepper, 'Mask');
  expect(await matrix(stepper, 'Mask')).toEqual([['0', '0'], ['0', '0']]);
  await goToStep(stepper, 'Output');
  expect(await matrix(stepper, 'Output')).toEqual([['1.000', '2.000'], ['0.804', '1.413']]);
  await expect(page.locator('attn-stepper')).toHaveAttribute('mask', 'none');
});

test('turning scaling off changes the softmax step', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await goToStep(stepper, 'Softmax');
  await stepper.getByRole('checkbox', { name: 'Scale by 1/√d_k' }).uncheck();
  // Unscaled row 2 is [0, 2]: weights 1/(1+e²) = 0.119 and 0.881.
  expect(await matrix(stepper, 'Weights')).toEqual([['1.000', '0.000'], ['0.119', '0.881']]);
  await goToStep(stepper, 'Scale');
  expect(await matrix(stepper, 'Scaled')).toEqual([['−18', '0'], ['0', '2']]);
  await expect(stepper.getByText(/Scaling is off/).first()).toBeVisible();
});

test('keyboard alone walks every step and toggles', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  // From the top of the page, Tab until the widget's first control has focus.
  await page.evaluate(() => window.scrollTo(0, 0));
  const first = stepper.getByRole('button', { name: '1. Inputs' });
  await tabTo(page, first);
  for (const title of ['Scores', 'Scale', 'Mask', 'Softmax', 'Output']) {
    await page.keyboard.press('ArrowRight');
    await expect(stepper.getByText(new RegExp(`^Step \\d of 6: ${title}$`))).toBeVisible();
  }
  await page.keyboard.press('ArrowLeft');
  await expect(stepper.getByText('Step 5 of 6: Softmax')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(stepper.getByText('Step 1 of 6: Inputs')).toBeVisible();
  await page.keyboard.press('End');
  await expect(stepper.getByText('Step 6 of 6: Output')).toBeVisible();

  // Tab to the Back button and press Enter; Tab to the mask toggle and press Space.
  await tabTo(page, stepper.getByRole('button', { name: '← Back' }));
  await page.keyboard.press('Enter');
  await expect(stepper.getByText('Step 5 of 6: Softmax')).toBeVisible();
  await tabTo(page, stepper.getByRole('checkbox', { name: 'Causal mask' }));
  await page.keyboard.press('Space');
  expect(await matrix(stepper, 'Weights')).toEqual([['0.000', '1.000'], ['0.196', '0.804']]);
});

test('focusing a score highlights the query row and key row involved', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await goToStep(stepper, 'Scores');
  await stepper.getByRole('grid', { name: 'Scores' }).getByRole('gridcell', { name: /row q₂, column k₁/ }).focus();
  await expect(stepper.getByText('q₂·k₁ = 1·(−3) + (−1)·(−3) = −3 + 3 = 0.')).toBeVisible();
  const involved = (name) => matrixNamed(stepper, name).locator('td.involved');
  await expect(involved('Q')).toHaveText(['1', '−1']);
  await expect(involved('K')).toHaveText(['−3', '−3']);
});

test('a matrix cell reached by the keyboard keeps its number: typing adds to it, nothing is selected', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const first = stepper.getByRole('textbox', { name: 'W^V, row 4, column 1' });
  await expect(first).toHaveValue('1');
  await first.focus();
  await page.keyboard.press('ArrowRight'); // the caret is at the end: → leaves for the next cell
  const cell = stepper.getByRole('textbox', { name: 'W^V, row 4, column 2' });
  await expect(cell).toBeFocused();
  await page.keyboard.type('2');
  await expect(cell).toHaveValue('12');
  // Tab from the cell before it, as a keyboard user comes in.
  await first.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  expect(await first.evaluate((input) => [input.selectionStart, input.selectionEnd])).toEqual([1, 1]);
});

test('editing a cell recomputes every step', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  // W^V row 4 from [1, 1] to [1, 3]: v₂ = x₂·Wⱽ becomes [1, 4] (x₂ = [0, 1, 1, 1]) and v₁ = [0, −3].
  const cell = stepper.getByRole('textbox', { name: 'W^V, row 4, column 2' });
  await cell.fill('3');
  await cell.press('Enter');
  expect(await matrix(stepper, 'V')).toEqual([['0', '−3'], ['1', '4']]);
  await goToStep(stepper, 'Output');
  // out₂ = 0.1956·[0, −3] + 0.8044·[1, 4] = [0.804, 2.631]
  expect(await matrix(stepper, 'Output')).toEqual([['0.000', '−3.000'], ['0.804', '2.631']]);
  await stepper.getByRole('button', { name: 'Reset example' }).click();
  expect(await matrix(stepper, 'Output')).toEqual([['0.000', '−1.000'], ['0.804', '1.413']]);
});

test('an invalid entry shows its message and keeps the last good state', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const cell = stepper.getByRole('textbox', { name: 'X, row x₁, column 1' });
  await cell.fill('abc');
  await cell.press('Enter');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(stepper.getByRole('alert')).toHaveText('⚠ “abc” is not a number. Type a number such as 1.5 or −2; the last good value, 1, is still in use.');
  expect(await matrix(stepper, 'Q')).toEqual([['3', '3'], ['1', '−1']]);

  await cell.fill('');
  await cell.press('Enter');
  await expect(stepper.getByRole('alert')).toContainText('An empty cell is not a number');

  await cell.fill('2');
  await cell.press('Enter');
  await expect(cell).not.toHaveAttribute('aria-invalid', 'true');
  await expect(stepper.getByRole('alert')).toBeHidden();
  // x₁ = [2, 0, 1, −1]: q₁ = 2·[3, 2] + [1, 1] − [1, 0] = [6, 5].
  expect(await matrix(stepper, 'Q')).toEqual([['6', '5'], ['1', '−1']]);
});

test('the widget has an "In words" accessible description', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const group = stepper.getByRole('article', { name: 'Scaled dot-product attention, step by step' });
  await expect(group).toHaveAccessibleDescription(/Two tokens go through attention one step at a time/);
});

test('the step can be set by attribute, and the page makes no request outside its origin', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await stepper.evaluate((el) => el.setAttribute('step', '5'));
  await expect(stepper.getByText('Step 5 of 6: Softmax')).toBeVisible();
  // The fixture asserts after the test that every request stayed on the origin.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
});

test('a bad entry typed before the core has loaded gets its message, and the widget starts normally', async ({ page }) => {
  const release = await holdCore(page); // until the entry is made
  await page.goto('/embed.html?widget=stepper');
  const stepper = page.locator('attn-stepper');
  const cell = stepper.getByRole('textbox', { name: 'X, row x₁, column 1' });
  await cell.fill('');
  await cell.press('Enter');
  // The inputs are shown before the start (the widget lays itself out), so the value kept is named.
  await expect(stepper.getByRole('alert')).toHaveText('⚠ An empty cell is not a number. Type a number such as 1.5 or −2; the last good value, 1, is still in use.');
  release();
  // The core arrives: the chapter's Q, computed from the last good X; the refused entry stays
  // in its cell, marked, for the learner to correct.
  await expect.poll(() => matrix(stepper, 'Q'), { timeout: 20_000 }).toEqual([['3', '3'], ['1', '−1']]);
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
});

// ---------------------------------------------------------------- what a learner meets

test('the mask switched at step 1 says where it acts, and step 5 shows the change on row 1, marked', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await expect(stepper.getByText('Step 1 of 6: Inputs')).toBeVisible();
  await stepper.getByRole('checkbox', { name: 'Causal mask' }).uncheck();
  // Nothing at step 1 depends on the mask: the widget says so, and where it acts.
  await expect(stepper.getByText('Switching the causal mask off changes nothing shown at this step. It changed the numbers at steps 4 (Mask), 5 (Softmax) and 6 (Output):')).toBeVisible();
  await stepper.getByRole('button', { name: 'Show step 5, Softmax' }).click();
  await expect(stepper.getByText('Step 5 of 6: Softmax')).toBeVisible();
  // The button's panel is hidden: the focus is on step 5 in the step list, not lost.
  await expect(stepper.getByRole('button', { name: '5. Softmax' })).toBeFocused();
  // The cells that changed are marked, and named with their old and new values.
  const weights = stepper.getByRole('grid', { name: 'Weights' });
  await expect(weights.locator('td.changed')).toHaveText(['0.000', '1.000']);
  await expect(matrixNamed(stepper, 'Masked').locator('td.changed')).toHaveText(['0']);
  await expect(stepper.getByText(/^Switching the causal mask off changed, at this step: Masked \(1, 2\) −∞ → 0; Weights \(1, 1\) 1\.000 → 0\.000 and \(1, 2\) 0\.000 → 1\.000\./)).toBeVisible();
  // The highlight and the sentence moved to row 1, where the weight went (it was on row 2).
  await expect(weights.locator('td.involved')).toHaveText(['1.000']);
  await expect(weights.getByRole('gridcell', { name: /row q₁, column k₂: 1\.000, changed$/ })).toBeVisible();
  await expect(stepper.getByText(/^Row 1: exp\(−12\.73\) = .*so weight \(1, 2\) = 1 ÷ 1 = 1\.000 \(more exactly 0\.99999\d\)/)).toBeVisible();
  // Switched at step 5 itself, the marks follow the new change; moving between steps keeps them.
  await stepper.getByRole('checkbox', { name: 'Causal mask' }).check();
  await expect(weights.locator('td.changed')).toHaveText(['1.000', '0.000']);
  await goToStep(stepper, 'Output');
  await expect(stepper.getByRole('grid', { name: 'Output' }).locator('td.changed')).toHaveText(['0.000', '−1.000']);
  await goToStep(stepper, 'Scores');
  // The scores do not depend on the mask: nothing is marked at this step (other panels are hidden).
  await expect(stepper.locator('.step-panel:not([hidden]) td.changed')).toHaveCount(0);
  await expect(stepper.locator('.step-panel:not([hidden]) td')).not.toHaveCount(0);
  await expect(stepper.getByRole('button', { name: 'Show step 4, Mask' })).toBeVisible();
});

test('typing in a cell recomputes at once, and a refused entry moves no matrix', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await expect(stepper.getByText(/every step recomputes as you type/).first()).toBeVisible();
  const cell = stepper.getByRole('textbox', { name: 'X, row x₁, column 1' });
  // x₁ = [2, 0, 1, −1]: q₁ = [6, 5], with no Enter and the cell still focused.
  await cell.fill('2');
  expect(await matrix(stepper, 'Q')).toEqual([['6', '5'], ['1', '−1']]);
  await expect(cell).toBeFocused();
  await expect(stepper).toHaveAttribute('x', '2,0,1,-1,0,1,1,1');
  await expect(stepper.getByRole('grid', { name: 'Q' }).locator('td.changed')).toHaveText(['6', '5']);
  // Text on its way to a number waits quietly; a refusal is said under the matrices, in place of
  // the hint, and no matrix moves or widens.
  const boxes = () => stepper.locator('.step-panel:not([hidden]) .matrix-block').evaluateAll((blocks) =>
    blocks.map((b) => { const r = b.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.width)]; }));
  const before = await boxes();
  await cell.fill('−');
  await expect(stepper.getByRole('alert')).toBeHidden();
  await cell.fill('abc');
  await expect(stepper.getByRole('alert')).toHaveText('⚠ “abc” is not a number. Type a number such as 1.5 or −2; the last good value, 2, is still in use.');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  expect(await boxes()).toEqual(before);
  expect(await matrix(stepper, 'Q')).toEqual([['6', '5'], ['1', '−1']]);
  await cell.fill('1');
  await expect(stepper.getByRole('alert')).toBeHidden();
  expect(await matrix(stepper, 'Q')).toEqual([['3', '3'], ['1', '−1']]);
});

test('the softmax sentence writes tiny numbers as powers of ten, never 1.523e-8', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await goToStep(stepper, 'Softmax');
  await stepper.getByRole('checkbox', { name: 'Scale by 1/√d_k' }).uncheck();
  await stepper.getByRole('checkbox', { name: 'Causal mask' }).uncheck();
  await stepper.getByRole('grid', { name: 'Weights' }).getByRole('gridcell', { name: /row q₁, column k₁/ }).focus();
  const sentence = stepper.getByText(/^Row 1: exp\(−18\) = 1\.523 × 10⁻⁸, exp\(0\) = 1;/);
  await expect(sentence).toBeVisible();
  expect(await sentence.textContent()).not.toMatch(/\de[-+]\d/);
});

test('keyboard: focus follows the step, and the widget has one tab stop per matrix, not per cell', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await page.evaluate(() => window.scrollTo(0, 0));
  await tabTo(page, stepper.getByRole('button', { name: '1. Inputs' }));
  await page.keyboard.press('ArrowRight');
  await expect(stepper.getByRole('button', { name: '2. Scores' })).toBeFocused();
  await page.keyboard.press('Enter'); // stays at step 2 (it jumped back to step 1 when focus stayed behind)
  await expect(stepper.getByText('Step 2 of 6: Scores')).toBeVisible();
  await page.keyboard.press('Home');
  await expect(stepper.getByRole('button', { name: '1. Inputs' })).toBeFocused();
  // Count the stops from the step list to the end of the widget at step 1 (it had about 56).
  const stops = await stepper.evaluate((el) => {
    const all = [...el.shadowRoot.querySelectorAll('button, input, [tabindex]')]
      .filter((node) => node.tabIndex >= 0 && !node.disabled && node.getClientRects().length > 0);
    return all.length;
  });
  // 16 for the walk; the scaling slider and its field (2); the stability panel's field and two
  // sideways-scrolling tables (3); the two asymmetry heatmaps, each with its table button and
  // PNG, SVG, CSV downloads (10). Still one stop per matrix, not one per cell.
  expect(stops).toBeLessThanOrEqual(31);
  // Inside a matrix the arrow keys move between cells; a typed cell keeps its caret moves.
  await stepper.getByRole('textbox', { name: 'W^Q, row 1, column 1' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(stepper.getByRole('textbox', { name: 'W^Q, row 2, column 1' })).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  await expect(stepper.getByRole('textbox', { name: 'W^Q, row 2, column 2' })).toBeFocused();
  await expect(stepper.getByText('Step 1 of 6: Inputs')).toBeVisible(); // the arrows were the grid's
});

test('a focused computed cell has the accent ring, not the operands’ orange', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await goToStep(stepper, 'Scores');
  await tabTo(page, stepper.getByRole('grid', { name: 'Scores' }).getByRole('gridcell', { name: /row q₁, column k₁/ }));
  const colours = await stepper.evaluate((el) => {
    const cell = el.shadowRoot.activeElement;
    const style = getComputedStyle(cell), host = getComputedStyle(el);
    return { outline: style.outlineColor, offset: style.outlineOffset, involved: cell.classList.contains('involved'),
      accent: host.getPropertyValue('--attn-accent').trim(), orange: host.getPropertyValue('--attn-involved-border').trim() };
  });
  expect(colours.involved).toBe(true); // the focused score is also an operand of its own sum
  // (the theme's colours are registered as colours: they compute to rgb(), as the outline does)
  expect(colours.outline).toBe(colours.accent);
  expect(colours.outline).not.toBe(colours.orange);
  expect(colours.offset).toBe('2px'); // outside the cell, where the operand mark is inside
});

test('“In words” states the current result and follows each change', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const article = stepper.getByRole('article', { name: 'Scaled dot-product attention, step by step' });
  await expect(article).toHaveAccessibleDescription(/Now: step 1 of 6, Inputs; causal mask on, scaling on\. Token 1 gives weight 1\.000 to itself and 0\.000 to token 2, so its output is \[0\.000, −1\.000\]/);
  await stepper.getByRole('checkbox', { name: 'Causal mask' }).uncheck();
  await expect(article).toHaveAccessibleDescription(/Now: step 1 of 6, Inputs; causal mask off, scaling on\. Token 1 gives weight 0\.000 to itself and 1\.000 to token 2, so its output is \[1\.000, 2\.000\]/);
});

// ---------------------------------------------------------------- scaling too small, too large

import { multipliedWeights, entropy } from '../../reference/stability.mjs';

/** Row i of the chapter's unscaled scores [[−18, 0], [0, 2]] through softmax at `scaling` × 1/√2. */
const referenceRows = (scaling, causal) => [[-18, 0], [0, 2]].map((row, i) =>
  multipliedWeights(row, scaling / Math.SQRT2, causal && i === 0 ? [0, -Infinity] : [0, 0]));

test('the scaling slider runs from 0 (uniform rows) past 1/√d_k to 2 × 1/√d_k (sharper rows), against the float64 reference', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await stepper.getByRole('checkbox', { name: 'Causal mask' }).uncheck();
  await goToStep(stepper, 'Softmax');
  const slider = stepper.getByRole('slider', { name: 'Scaling, times 1/√d_k (slider)' });
  await expect(slider).toHaveValue('1');
  await expect(stepper.getByText('▲ 1/√d_k')).toBeVisible(); // the chapter's scaling, marked
  const rowsLine = stepper.getByText(/^Multiplier /);
  for (const scaling of [0, 0.5, 2]) {
    await slider.fill(String(scaling));
    await expect(stepper).toHaveAttribute('scaling', String(scaling));
    const reference = referenceRows(scaling, false);
    const shown = await matrix(stepper, 'Weights');
    shown.forEach((row, i) => row.forEach((text, j) => expect(Number(text)).toBeCloseTo(reference[i][j], 3)));
    const entropies = reference.map(entropy).map((h) => h.toFixed(3));
    await expect(rowsLine).toContainText(`token 1 ${entropies[0]} of 0.693 nats, token 2 ${entropies[1]} of 0.693 nats`);
  }
  // 0: every score is 0, so each row is uniform; 2 × 1/√d_k: sharper than the chapter's.
  await slider.fill('0');
  expect(await matrix(stepper, 'Weights')).toEqual([['0.500', '0.500'], ['0.500', '0.500']]);
  await expect(rowsLine).toContainText('zero, so every score is 0 and every row is uniform');
  await slider.fill('2');
  await expect(rowsLine).toContainText('above 1/√d_k, so the rows sharpen towards one-hot');
  await goToStep(stepper, 'Scale');
  await expect(stepper.getByText(/^Multiply by 2\.00 × 1\/√d_k = 1\.414 instead of the chapter’s 1\/√d_k/)).toBeVisible();
  expect(await matrix(stepper, 'Scaled')).toEqual([['−25.46', '0'], ['0', '2.828']]);
});

test('the scaling in words, by keyboard, by attribute, and scale="false" still the unscaled end', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const article = stepper.getByRole('article', { name: /step by step/ });
  const atOne = entropy(referenceRows(1, true)[1]).toFixed(3); // 0.494
  // Before the Softmax step the rows are no weights yet: no entropy is shown, and it says where.
  await expect(article).toHaveAccessibleDescription(/the chapter’s 1\/√d_k\. Row entropy: from step 5, Softmax, where the rows become weights\./);
  await expect(stepper.getByText(/^Multiplier /)).toHaveText(/Row entropy: from step 5, Softmax, where the rows become weights\.$/);
  await goToStep(stepper, 'Softmax');
  await expect(article).toHaveAccessibleDescription(new RegExp(`The scores are multiplied by 1\\.00 × 1/√d_k = 0\\.7071: the chapter’s 1/√d_k\\. Row entropy \\(a uniform row has the most\\): token 1 0\\.000 of 0\\.000 nats, token 2 ${atOne} of 0\\.693 nats\\. Numerical stability`));
  const slider = stepper.getByRole('slider', { name: 'Scaling, times 1/√d_k (slider)' });
  await slider.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
  await expect(stepper).toHaveAttribute('scaling', '0.5');
  await expect(article).toHaveAccessibleDescription(/multiplied by 0\.50 × 1\/√d_k = 0\.3536: below 1\/√d_k, so the rows flatten towards uniform/);
  const h = entropy(referenceRows(0.5, true)[1]).toFixed(3);
  await expect(article).toHaveAccessibleDescription(new RegExp(`token 2 ${h.replace('.', '\\.')} of 0\\.693 nats\\. Numerical stability`));

  await stepper.evaluate((el) => el.setAttribute('scaling', '1.5'));
  await expect(slider).toHaveValue('1.5');
  await expect(stepper.getByLabel('Scaling, × 1/√d_k')).toHaveValue('1.5');

  // scale="false" is today's other end: multiplier 1, and the scaling controls rest.
  await stepper.getByRole('checkbox', { name: 'Scale by 1/√d_k' }).uncheck();
  await expect(slider).toBeDisabled();
  await expect(article).toHaveAccessibleDescription(/multiplied by 1 \(no scaling\): larger than 1\/√d_k/);
  await goToStep(stepper, 'Softmax');
  expect(await matrix(stepper, 'Weights')).toEqual([['1.000', '0.000'], ['0.119', '0.881']]);
});

test('a bad scaling, typed or set by attribute, gets a sentence beside the control and the last good state stays', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await goToStep(stepper, 'Softmax');
  const field = stepper.getByLabel('Scaling, × 1/√d_k');
  await field.fill('0.5');
  await field.press('Enter');
  await expect(stepper).toHaveAttribute('scaling', '0.5');
  const good = await matrix(stepper, 'Weights');
  for (const typed of ['3', '-1', 'abc']) {
    await field.fill(typed);
    await field.press('Enter');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(stepper.getByText(/^⚠ The scaling must be a number from 0 to 2 \(times 1\/√d_k\), but it is/)).toBeVisible();
    expect(await matrix(stepper, 'Weights')).toEqual(good);
  }
  await stepper.evaluate((el) => el.setAttribute('scaling', 'NaN'));
  await expect(stepper.getByText('The scaling must be a number from 0 to 2 (times 1/√d_k), but it is “NaN”.')).toBeVisible();
  expect(await matrix(stepper, 'Weights')).toEqual(good);
  await field.fill('1');
  await field.press('Enter');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(stepper).not.toHaveAttribute('scaling', /./); // 1 is the default: the attribute goes
});

// ---------------------------------------------------------------- numerical stability (the lab text)

import { naiveSoftmax, stableSoftmax } from '../../reference/stability.mjs';

/** A table of the stability panel as rows of cell texts (the row header first). */
const tableRows = (table) => table.locator('tbody tr').evaluateAll((rows) => rows.map((row) =>
  Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent.trim())));

test('scores near 1,000: without the row maximum exp overflows to ∞ and the weights are NaN; with it, the reference weights', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const softmax = stepper.getByRole('table', { name: 'Softmax of the three scores, computed two ways' });
  await softmax.scrollIntoViewIfNeeded();
  const [scores, exps, naive, stable] = await tableRows(softmax);
  expect(scores).toEqual(['scores', '1000', '999', '995']);
  const reference = naiveSoftmax([1000, 999, 995]);
  expect(reference.exps).toEqual([Infinity, Infinity, Infinity]);
  expect(exps).toEqual(['exp(score), no maximum subtracted', '∞', '∞', '∞']);
  expect(naive).toEqual(['weights, no maximum subtracted', 'NaN', 'NaN', 'NaN']);
  expect(stable[0]).toBe('weights, maximum 1000 subtracted');
  stableSoftmax([1000, 999, 995]).forEach((w, j) => expect(stable[j + 1]).toBe(w.toFixed(3))); // 0.727, 0.268, 0.005
  await expect(stepper.getByText(/^Without the maximum, exp overflowed to ∞ and the weights are not numbers \(∞ ÷ ∞ is NaN\); with it, the largest score becomes 0/)).toBeVisible();

  // Scores a float32 exp can hold: both ways agree.
  const field = stepper.getByLabel('Three scores');
  await field.fill('88, 80, 0');
  await field.press('Enter');
  await expect(stepper).toHaveAttribute('stability', '88,80,0');
  const [, exps2, naive2, stable2] = await tableRows(softmax);
  expect(Math.fround(Math.exp(88)).toPrecision(4)).toBe('1.652e+38'); // finite in float32, just
  expect(exps2[1]).toBe('1.652 × 10³⁸');
  expect(naive2.slice(1)).toEqual(stable2.slice(1));
  await expect(stepper.getByText('For these scores exp neither overflows nor underflows: both ways agree. Try scores near 1,000, or near −1,000.')).toBeVisible();
});

test('−∞ against −1e9 as the mask value: the same weights, until a multiplication by zero makes −∞ NaN', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const table = stepper.getByRole('table', { name: /Key 3 masked, then multiplied by 1 or 0/ });
  await table.scrollIntoViewIfNeeded();
  const rows = await tableRows(table);
  const right = stableSoftmax([1000, 999]).map((w) => w.toFixed(3)); // key 3 blocked
  expect(rows).toEqual([
    ['−∞', '× 1', '1000, 999, −∞', `${right[0]}, ${right[1]}, 0.000`],
    ['−∞', '× 0', '0, 0, NaN', 'NaN, NaN, NaN'],
    ['−1e9', '× 1', '1000, 999, −1000000000', `${right[0]}, ${right[1]}, 0.000`], // the same weights as −∞
    ['−1e9', '× 0', '0, 0, 0', '0.333, 0.333, 0.333'],
  ]);
  await expect(stepper.getByText(/−∞ × 0 is NaN, and one NaN makes the whole row NaN/)).toBeVisible();
  const article = stepper.getByRole('article', { name: /step by step/ });
  await expect(article).toHaveAccessibleDescription(/a mask of −∞ gives 0, 0, NaN and weights NaN, NaN, NaN; −1e9 gives 0, 0, 0 and weights 0\.333, 0\.333, 0\.333\. Asymmetric relevance/);
});

test('a bad set of scores gets a sentence beside its field and the last good tables stay', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const field = stepper.getByLabel('Three scores');
  const softmax = stepper.getByRole('table', { name: 'Softmax of the three scores, computed two ways' });
  const before = await tableRows(softmax);
  for (const typed of ['1000, 999', 'a, b, c', '1, 2, 1e39', '']) {
    await field.fill(typed);
    await field.press('Enter');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(stepper.getByText(/^⚠ The three scores must be 3 finite numbers separated by commas, but it is/)).toBeVisible();
    expect(await tableRows(softmax)).toEqual(before);
  }
  await stepper.evaluate((el) => el.setAttribute('stability', '<b>x</b>'));
  await expect(stepper.getByText('The three scores must be 3 finite numbers separated by commas, but it is “<b>x</b>”.')).toBeVisible();
  await field.fill('1, 2, 3');
  await field.press('Enter');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  expect((await tableRows(softmax))[0]).toEqual(['scores', '1', '2', '3']);
});

// ---------------------------------------------------------------- asymmetric relevance (the lab text)

test('separate W^Q and W^K: “it” finds “cat” and “cat” does not look back; Q = K makes the table symmetric', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const separate = stepper.getByRole('application', { name: 'Scores Q·Kᵀ with separate W^Q and W^K' });
  const tied = stepper.getByRole('application', { name: 'Scores K·Kᵀ, tied: Q = K' });
  await separate.scrollIntoViewIfNeeded();
  await expect(separate).toBeVisible();
  await expect(tied).toBeVisible();
  // The numbers, by hand from the example (stepper-asymmetry.js): q_it = [3, 0], k_cat = [2, 0], q_sat = k_sat = [0, 1].
  await expect(stepper.getByText('max |S − Sᵀ| = 6: “it” looking at “cat” scores 6, “cat” looking at “it” scores 0.', { exact: true })).toBeVisible();
  await expect(stepper.getByText('max |S − Sᵀ| = 0: the table is symmetric, every pair scores the same both ways.', { exact: true })).toBeVisible();
  // The heatmaps' own tables hold every score.
  const table = async (name) => {
    const figure = stepper.getByRole('figure', { name });
    await figure.getByRole('button', { name: 'Show data as a table' }).click();
    return figure.locator('table tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent.trim())));
  };
  expect(await table('Scores Q·Kᵀ with separate W^Q and W^K')).toEqual([
    ['0', '0', '0', '0'], ['0', '0', '0', '0'], ['0', '0', '1', '0'], ['0', '6', '0', '0']]);
  const tiedRows = await table('Scores K·Kᵀ, tied: Q = K');
  expect(tiedRows).toEqual([['0', '0', '0', '0'], ['0', '4', '0', '0'], ['0', '0', '1', '0'], ['0', '0', '0', '0']]);
  tiedRows.forEach((row, i) => row.forEach((x, j) => expect(x).toBe(tiedRows[j][i])));
  const article = stepper.getByRole('article', { name: /step by step/ });
  // The description is “In words” as read: W with a raised Q reads “WQ”, as the panel's heading does.
  await expect(article).toHaveAccessibleDescription(/Asymmetric relevance: with separate WQ and WK, max \|S − Sᵀ\| = 6: “it” looking at “cat” scores 6, “cat” looking at “it” scores 0\. With Q = K, max \|S − Sᵀ\| = 0/);
});

// ---------------------------------------------------------------- what a learner reported

/** The text of the refusal line under the step's matrices. */
const alertLine = (stepper) => stepper.getByRole('alert');

test('typed-in cells look like fields, light and dark, and the hint names them', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  await expect(stepper.locator('.edit-hint').first()).toHaveText('The cells of X, WQ, WK and WV are boxed fields: type a number in any of them '
    + '(from −1,000,000 to 1,000,000), and every step recomputes as you type. In a matrix the arrow keys move between cells.');
  await expect(stepper.locator('.edit-hint sup').first()).toHaveText('Q');
  await expect(stepper.getByText(/white cell/)).toHaveCount(0);
  /** A typed cell's and a computed cell's look, and the contrast of the field's border with what is around it. */
  const looks = () => stepper.evaluate((el) => {
    const root = el.shadowRoot;
    const input = root.querySelector('table[aria-label="X"] input');
    const computed = root.querySelector('table[aria-label="Q"] td:not(.involved):not(.corner)');
    const rgb = (c) => c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
    const lum = (c) => { const v = rgb(c).map((x) => { x /= 255; return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; }); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
    const contrast = (a, b) => { const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };
    const field = getComputedStyle(input), cell = getComputedStyle(computed), host = getComputedStyle(el);
    return {
      field: field.backgroundColor, border: `${field.borderTopWidth} ${field.borderTopStyle}`, computed: cell.backgroundColor,
      borderContrast: Math.min(contrast(field.borderTopColor, field.backgroundColor), contrast(field.borderTopColor, cell.backgroundColor)),
      host: host.backgroundColor,
    };
  });
  const light = await looks();
  expect(light).toMatchObject({ field: 'rgb(255, 255, 255)', border: '1px solid', computed: 'rgb(246, 247, 249)' });
  expect(light.borderContrast).toBeGreaterThanOrEqual(3);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await looks();
  expect(dark).toMatchObject({ field: 'rgb(22, 27, 34)', border: '1px solid', computed: 'rgb(31, 37, 46)', host: 'rgb(22, 27, 34)' });
  expect(dark.borderContrast).toBeGreaterThanOrEqual(3);
});

test('scores near −1,000: every exp underflows to 0 and 0 ÷ 0 is NaN, said from the core’s numbers; a sum that overflows too', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const softmax = stepper.getByRole('table', { name: 'Softmax of the three scores, computed two ways' });
  const field = stepper.getByLabel('Three scores');
  await field.fill('-1000, -999, -995');
  await field.press('Enter');
  const [, exps, naive, stable] = await tableRows(softmax);
  expect(naiveSoftmax([-1000, -999, -995]).exps).toEqual([0, 0, 0]);
  expect(exps).toEqual(['exp(score), no maximum subtracted', '0', '0', '0']);
  expect(naive).toEqual(['weights, no maximum subtracted', 'NaN', 'NaN', 'NaN']);
  expect(stable).toEqual(['weights, maximum −995 subtracted', ...stableSoftmax([-1000, -999, -995]).map((w) => w.toFixed(3))]); // 0.007, 0.018, 0.976
  const note = stepper.locator('.stability .note');
  await expect(note).toHaveText(/^Without the maximum, every exp underflowed to 0 \(these scores are too negative for a 32-bit float\), so every weight is 0 ÷ 0, which is NaN; with it, the largest score becomes 0, exp\(0\) = 1, and the weights are right\./);
  await expect(note).not.toContainText('agree');
  // Three exps just below float32's largest: none overflows, their sum does, and every weight is 0.
  await field.fill('88, 88, 88');
  await field.press('Enter');
  const [, exps2, naive2] = await tableRows(softmax);
  expect(exps2.slice(1)).toEqual(['1.652 × 10³⁸', '1.652 × 10³⁸', '1.652 × 10³⁸']);
  expect(naive2.slice(1)).toEqual(['0.000', '0.000', '0.000']);
  await expect(note).toHaveText(/^Without the maximum, no exp overflowed but their sum did \(∞\), so every weight is a number ÷ ∞ = 0; with it/);
});

test('“Reset example” puts the chapter’s values back in a refused cell and clears its message', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const cell = stepper.getByRole('textbox', { name: 'X, row x₁, column 1' });
  const other = stepper.getByRole('textbox', { name: 'W^K, row 1, column 1' });
  await other.fill('5');
  await other.press('Enter');
  await cell.fill('abc');
  await cell.press('Enter');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(alertLine(stepper)).toBeVisible();
  await stepper.getByRole('button', { name: 'Reset example' }).click();
  await expect(cell).toHaveValue('1');
  await expect(other).toHaveValue('−2');
  await expect(cell).not.toHaveAttribute('aria-invalid', 'true');
  await expect(alertLine(stepper)).toBeHidden();
  await expect(stepper.locator('.edit-hint').first()).toBeVisible();
  expect(await matrix(stepper, 'X')).toEqual([['1', '0', '1', '−1'], ['0', '1', '1', '1']]);
  expect(await matrix(stepper, 'K')).toEqual([['−3', '−3'], ['1', '−1']]);
  await expect(stepper).not.toHaveAttribute('wk');
  // Half-typed text is dropped too, not applied by the reset.
  await cell.fill('2e');
  await stepper.getByRole('button', { name: 'Reset example' }).click();
  await expect(cell).toHaveValue('1');
  await expect(alertLine(stepper)).toBeHidden();
});

test('a typed cell takes numbers from −1,000,000 to 1,000,000; the largest give powers of ten and every sentence stays true', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const cell = stepper.getByRole('textbox', { name: 'X, row x₁, column 1' });
  for (const typed of ['1e20', '3e38', '-1000001']) {
    await cell.fill(typed);
    await expect(alertLine(stepper)).toHaveText(`⚠ “${typed}” is too large: a cell takes numbers from −1,000,000 to 1,000,000; the last good value, 1, is still in use.`);
    await expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(await matrix(stepper, 'Q')).toEqual([['3', '3'], ['1', '−1']]);
  }
  await expect(stepper).not.toHaveAttribute('x');
  // An attribute is held to the same range (its message is under the title).
  await stepper.evaluate((el) => el.setAttribute('x', '1e20,0,1,-1,0,1,1,1'));
  await expect(stepper.getByText('x must be 8 numbers from −1,000,000 to 1,000,000 separated by commas, but it is “1e20,0,1,-1,0,1,1,1”.')).toBeVisible();
  await stepper.evaluate((el) => el.removeAttribute('x'));

  // The largest allowed: x₁ = [10⁶, 0, 1, −1] and W^Q row 1 = [10⁶, 2] give q₁ = [10¹², 2 × 10⁶] (in float32).
  await cell.fill('1000000');
  await expect(alertLine(stepper)).toBeHidden();
  const wq = stepper.getByRole('textbox', { name: 'W^Q, row 1, column 1' });
  await wq.fill('1000000');
  await wq.press('Enter');
  expect(await matrix(stepper, 'Q')).toEqual([['10¹²', '2 × 10⁶'], ['1', '−1']]);
  expect(await matrix(stepper, 'K')).toEqual([['−2 × 10⁶', '−10⁶'], ['1', '−1']]);
  // Every cell of every matrix stays short: no 13-digit numbers stretching them.
  const longest = () => stepper.locator('.step-panel:not([hidden]) table.matrix td').evaluateAll((tds) => Math.max(...tds.map((td) => (td.querySelector('input')?.value ?? td.textContent).trim().length)));
  expect(await longest()).toBeLessThanOrEqual(9);

  await goToStep(stepper, 'Softmax');
  const masked = await matrix(stepper, 'Masked');
  expect(masked[0]).toEqual(['−1.414 × 10¹⁸', '−∞']);
  expect(await matrix(stepper, 'Weights')).toEqual([['1.000', '0.000'], ['0.000', '1.000']]);
  const weights = stepper.getByRole('grid', { name: 'Weights' });
  await weights.getByRole('gridcell', { name: /row q₁, column k₁/ }).focus();
  await expect(stepper.locator('.step-panel:not([hidden]) .explanation')).toHaveText('Row 1: every exp(score) in the row would underflow to 0 (and 0 ÷ 0 is NaN), '
    + 'so the row’s largest score, −1.414 × 10¹⁸, is subtracted first, as the core does (the weights stay the same): exp(0) = 1, exp(−∞) = 0; '
    + 'their sum is 1, so weight (1, 1) = 1 ÷ 1 = 1.000. The row sums to 1.000.');
  // Without the mask, row 1's second score would overflow exp instead.
  await stepper.getByRole('checkbox', { name: 'Causal mask' }).uncheck();
  expect((await matrix(stepper, 'Masked'))[0]).toEqual(['−1.414 × 10¹⁸', '7.071 × 10¹¹']);
  await weights.getByRole('gridcell', { name: /row q₁, column k₂/ }).focus();
  await expect(stepper.locator('.step-panel:not([hidden]) .explanation')).toHaveText('Row 1: exp(7.071 × 10¹¹) would overflow to ∞ (and ∞ ÷ ∞ is NaN), '
    + 'so the row’s largest score, 7.071 × 10¹¹, is subtracted first, as the core does (the weights stay the same): exp(−1.414 × 10¹⁸) = 0, exp(0) = 1; '
    + 'their sum is 1, so weight (1, 2) = 1 ÷ 1 = 1.000. The row sums to 1.000.');
  // No matrix at any step holds NaN (the stability panel's are its lesson).
  await expect(stepper.locator('.step-panel table.matrix td', { hasText: 'NaN' })).toHaveCount(0);
});

test('retyping a refused cell says nothing while a number is on its way; on Enter, on leaving, or at text that is no number, it says what the cell holds', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  const cell = stepper.getByRole('textbox', { name: 'X, row x₁, column 1' });
  const refusal = (typed, lastGood = '1') => `⚠ “${typed}” is not a number. Type a number such as 1.5 or −2; the last good value, ${lastGood}, is still in use.`;
  // By keyboard, as a learner does it: a refusal, then the cell selected and typed over with −5.
  await cell.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');
  await expect(alertLine(stepper)).toHaveText(refusal('abc'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('-');
  // “-” is on its way to a number: the refusal of “abc” goes (it is not about this text) and no
  // other comes; the last good X is still what is computed.
  await expect(alertLine(stepper)).toBeHidden();
  await expect(cell).not.toHaveAttribute('aria-invalid', 'true');
  await expect(cell).toHaveValue('-');
  expect(await matrix(stepper, 'Q')).toEqual([['3', '3'], ['1', '−1']]);
  await page.keyboard.type('5');
  await expect(alertLine(stepper)).toBeHidden();
  // x₁ = [−5, 0, 1, −1]: q₁ = −5·[3, 2] + [1, 1] − [1, 0] = [−15, −9].
  expect(await matrix(stepper, 'Q')).toEqual([['−15', '−9'], ['1', '−1']]);

  // Every unfinished number waits quietly in a refused cell, and is refused when committed.
  await cell.fill('abc');
  await expect(alertLine(stepper)).toHaveText(refusal('abc', '−5'));
  for (const unfinished of ['', '−', '.', '1e', '2e−']) {
    await cell.fill(unfinished);
    await expect(alertLine(stepper), `“${unfinished}” while typing`).toBeHidden();
  }
  await cell.press('Enter');
  await expect(alertLine(stepper)).toHaveText(refusal('2e−', '−5'));
  // Text that can never be a number is said at once, as it is typed.
  await page.keyboard.type('x');
  await expect(alertLine(stepper)).toHaveText(refusal('2e−x', '−5'));
  // Leaving the cell commits what it holds.
  await cell.fill('−');
  await expect(alertLine(stepper)).toBeHidden();
  await page.keyboard.press('Tab');
  await expect(alertLine(stepper)).toHaveText(refusal('−', '−5'));
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  expect(await matrix(stepper, 'Q')).toEqual([['−15', '−9'], ['1', '−1']]);
});

/** Visible text in the widget that still writes a superscript as ^X (W^Q), with where it is. */
const caretsShown = (widget) => widget.evaluate((el) => {
  const walker = document.createTreeWalker(el.shadowRoot, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (/\^[A-Za-z]/.test(node.data) && node.parentElement.checkVisibility()) found.push(`${node.parentElement.localName}: ${node.data.trim().slice(0, 80)}`);
  }
  return found;
});

test('W^Q, W^K and W^V are seen with the letter raised at every step, in “In words”, the asymmetry data table and its SVG', async ({ page }) => {
  const stepper = await openWidget(page, 'stepper');
  for (const step of ['Inputs', 'Scores', 'Scale', 'Mask', 'Softmax', 'Output']) {
    await goToStep(stepper, step);
    expect(await caretsShown(stepper), step).toEqual([]);
  }
  // “In words” ends with the asymmetry's result: “with separate W^Q and W^K, …”.
  const inWords = stepper.locator('[part="in-words"]');
  await expect(inWords).toContainText('with separate WQ and WK, max |S − Sᵀ| = 6');
  await expect(inWords.locator('sup')).toHaveText(['Q', 'K']);
  // The figure's data table, opened, and its SVG title: raised too. Names keep the ^ (not said).
  const figure = stepper.getByRole('figure', { name: 'Scores Q·Kᵀ with separate W^Q and W^K' });
  await figure.getByRole('button', { name: /data as a table/ }).click();
  await expect(figure.locator('table caption sup')).toHaveText(['Q', 'K']);
  expect(await caretsShown(stepper)).toEqual([]);
  const [file] = await Promise.all([page.waitForEvent('download'), figure.getByRole('button', { name: 'SVG' }).click()]);
  const svg = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    const line = doc.querySelector('svg > text');
    return { title: doc.querySelector('title').textContent, line: line.textContent,
      raised: [...line.querySelectorAll('tspan')].map((t) => [t.textContent, t.getAttribute('baseline-shift')]) };
  }, readFileSync(await file.path(), 'utf8'));
  expect(svg).toEqual({ title: 'Scores Q·Kᵀ with separate W^Q and W^K', line: 'Scores Q·Kᵀ with separate WQ and WK', raised: [['Q', 'super'], ['K', 'super']] });
});

test('at 390 px the mask table’s weights column is in view, and the asymmetry captions raise Q and K', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stepper = await openWidget(page, 'stepper');
  const table = stepper.getByRole('table', { name: /Key 3 masked, then multiplied by 1 or 0/ });
  await table.scrollIntoViewIfNeeded();
  const fit = await table.evaluate((el) => {
    const box = el.parentElement.getBoundingClientRect();
    const weights = [...el.querySelectorAll('tr > :last-child')].map((cell) => cell.getBoundingClientRect());
    return { overflow: el.parentElement.scrollWidth - el.parentElement.clientWidth, outside: weights.filter((r) => r.right > box.right + 0.5 || r.left < box.left).length };
  });
  expect(fit).toEqual({ overflow: 0, outside: 0 });
  await expect(table.locator('thead th').last()).toHaveText('weights');
  await expect(table.locator('tbody tr').first().locator('td').last()).toBeInViewport();
  for (const [name, raised] of [['Scores Q·Kᵀ with separate W^Q and W^K', ['Q', 'K']], ['Scores K·Kᵀ, tied: Q = K', []]]) {
    const caption = stepper.getByRole('figure', { name }).locator('figcaption');
    await expect(caption.locator('sup')).toHaveText(raised);
    await expect(caption).not.toContainText('^');
  }
  await expect(stepper.locator('.asymmetry').getByRole('heading')).not.toContainText('^');
});
