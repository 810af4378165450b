// masks.spec.js — <attn-masks> on its embed page: the §6.4 known outputs (4-token causal mask,
// window w = 2, padding [5, 3], combined masks, 1/k and ln k with equal scores, the bug of masking
// after the softmax, a fully blocked row), toggling cells by mouse and keyboard, and bad input.
import { test, expect, whenStarted, holdCore } from './helpers/fixtures.js';
import { openWidget } from './helpers/open.js';

const INF = '−∞';

/** The mask grid as rows of cell texts. */
async function maskGrid(widget) {
  return widget.getByRole('table', { name: 'Mask' }).locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent.trim())));
}

/** One column of the row diagnostics, by its header. */
async function statsColumn(widget, header) {
  const table = widget.getByRole('table', { name: 'Row diagnostics' });
  return table.evaluate((el, wanted) => {
    const headers = Array.from(el.querySelectorAll('thead th'), (th) => th.textContent.trim());
    const index = headers.indexOf(wanted);
    return Array.from(el.querySelectorAll('tbody tr'), (tr) => tr.children[index].textContent.trim());
  }, header);
}

async function setSentence(widget, text, label = 'Sentence') {
  const box = widget.getByRole('textbox', { name: label, exact: true });
  await box.fill(text);
  await box.press('Enter');
}

async function setSwitches(widget, { causal, window, padding }) {
  for (const [name, on] of [['Causal mask', causal], ['Sliding window', window], ['Padding mask', padding]]) {
    if (on !== undefined) await widget.getByRole('checkbox', { name }).setChecked(on);
  }
}

test('the 4-token causal mask: row i allows keys 1..i; equal scores give 1/k and ln k', async ({ page }) => {
  const widget = await openWidget(page, 'masks');
  await setSentence(widget, 'we like green tea');
  expect(await maskGrid(widget)).toEqual([
    ['0', INF, INF, INF],
    ['0', '0', INF, INF],
    ['0', '0', '0', INF],
    ['0', '0', '0', '0'],
  ]);
  await expect(widget.getByText('M = causal', { exact: true })).toBeVisible();
  await widget.getByRole('radio', { name: 'all equal' }).check();
  expect(await statsColumn(widget, 'Allowed keys k')).toEqual(['1', '2', '3', '4']);
  expect(await statsColumn(widget, 'Sum of weights')).toEqual(['1.000000', '1.000000', '1.000000', '1.000000']);
  expect(await statsColumn(widget, 'Entropy H (nats)')).toEqual(['0.0000', '0.6931', '1.0986', '1.3863']);
  expect(await statsColumn(widget, 'ln k (even spread)')).toEqual(['0.0000', '0.6931', '1.0986', '1.3863']);
  // The weights themselves are 1/k.
  await widget.getByText('The weights as numbers').click();
  const weights = await widget.getByRole('table', { name: 'Weights' }).locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent.trim())));
  expect(weights).toEqual([
    ['1.000', '0.000', '0.000', '0.000'],
    ['0.500', '0.500', '0.000', '0.000'],
    ['0.333', '0.333', '0.333', '0.000'],
    ['0.250', '0.250', '0.250', '0.250'],
  ]);
  await expect(widget.getByText('Rows with no allowed key: 0')).toBeVisible();
  await expect(page.locator('attn-masks')).toHaveAttribute('scores', 'equal');
});

test('window w = 2 on 5 tokens, set by keyboard on the slider', async ({ page }) => {
  const widget = await openWidget(page, 'masks');
  await setSentence(widget, 'one two three four five');
  await setSwitches(widget, { causal: false, window: true });
  const slider = widget.getByRole('slider', { name: 'Window width w' });
  await slider.focus();
  await page.keyboard.press('ArrowRight'); // 2 → 3
  await expect(page.locator('attn-masks')).toHaveAttribute('window', '3');
  await page.keyboard.press('ArrowLeft'); // back to 2
  await expect(page.locator('attn-masks')).toHaveAttribute('window', '2');
  expect(await maskGrid(widget)).toEqual([
    ['0', INF, INF, INF, INF],
    ['0', '0', INF, INF, INF],
    [INF, '0', '0', INF, INF],
    [INF, INF, '0', '0', INF],
    [INF, INF, INF, '0', '0'],
  ]);
  await expect(widget.getByText('M = window (w = 2)', { exact: true })).toBeVisible();
  await widget.getByRole('radio', { name: 'all equal' }).check();
  expect(await statsColumn(widget, 'Entropy H (nats)')).toEqual(['0.0000', '0.6931', '0.6931', '0.6931', '0.6931']);
});

test('padding with lengths [5, 3] blocks key columns 4 and 5 of the second sentence; masks add', async ({ page }) => {
  const widget = await openWidget(page, 'masks');
  await setSentence(widget, 'the cat chased the mouse');
  // Ticking padding shows the sentence it pads (the shorter, 3 words of 5): its <pad> keys are blocked.
  await setSwitches(widget, { causal: false, padding: true });
  await expect(widget.getByRole('radio', { name: 'sentence 2' })).toBeChecked();
  await expect(widget.getByText('Both sentences are padded to 5 tokens; their real lengths are 5 and 3. Showing sentence 2: '
    + 'its last 2 tokens are <pad>, and the padding mask blocks those keys (−∞ in their columns) for every query.')).toBeVisible();
  expect(await maskGrid(widget)).toEqual(Array(5).fill(['0', '0', '0', INF, INF]));
  await expect(widget.getByText(/With padding on, the shorter sentence is shown/).first()).toBeAttached();
  // The longer sentence has nothing to pad, and says so.
  await widget.getByRole('radio', { name: 'sentence 1' }).check();
  await expect(widget.getByText('Showing sentence 1, the longer: it has no padding. Show sentence 2 to see its <pad> keys blocked.', { exact: false })).toBeVisible();
  expect(await maskGrid(widget)).toEqual(Array(5).fill(['0', '0', '0', '0', '0']));
  await widget.getByRole('radio', { name: 'sentence 2' }).check();
  expect(await maskGrid(widget)).toEqual(Array(5).fill(['0', '0', '0', INF, INF]));
  await expect(widget.getByRole('button', { name: /^query 1 “dogs”, key 4 “<pad>”: −∞, blocked$/ })).toBeVisible();
  await expect(widget.getByText('M = padding (lengths 5, 3)', { exact: true })).toBeVisible();

  // Causal + padding: the elementwise sum of the two grids.
  await setSwitches(widget, { causal: true });
  await expect(widget.getByText('M = causal + padding (lengths 5, 3)', { exact: true })).toBeVisible();
  expect(await maskGrid(widget)).toEqual([
    ['0', INF, INF, INF, INF],
    ['0', '0', INF, INF, INF],
    ['0', '0', '0', INF, INF],
    ['0', '0', '0', INF, INF],
    ['0', '0', '0', INF, INF],
  ]);
  // + window w = 2: row 5 (a padding token) keeps no key at all.
  await setSwitches(widget, { window: true });
  expect(await maskGrid(widget)).toEqual([
    ['0', INF, INF, INF, INF],
    ['0', '0', INF, INF, INF],
    [INF, '0', '0', INF, INF],
    [INF, INF, '0', INF, INF],
    [INF, INF, INF, INF, INF],
  ]);
  await expect(widget.getByText('Rows with no allowed key: 1')).toBeVisible();
  await expect(page.locator('attn-masks')).toHaveAttribute('masks', 'causal window padding');
  await expect(page.locator('attn-masks')).toHaveAttribute('sequence', '2');
});

test('masking after the softmax leaves rows that sum to less than 1', async ({ page }) => {
  const widget = await openWidget(page, 'masks');
  await setSentence(widget, 'we like green tea');
  await widget.getByRole('radio', { name: 'all equal' }).check();
  await widget.getByRole('checkbox', { name: 'Compare with masking after the softmax (a bug)' }).check();
  expect(await statsColumn(widget, 'Sum, masked after softmax')).toEqual([
    '0.250000 (below 1)', '0.500000 (below 1)', '0.750000 (below 1)', '1.000000']);
  expect(await statsColumn(widget, 'Sum of weights')).toEqual(Array(4).fill('1.000000'));
  await expect(widget.getByText(/row 1 \(“we”\) sums to 0\.250000 instead of 1/)).toBeVisible();
  await expect(widget.getByRole('application', { name: 'Weights masked after the softmax (the bug)' })).toBeVisible();
  await expect(page.locator('attn-masks')).toHaveAttribute('compare', '');
});

test('Enter on a focused mask cell toggles it: a fully blocked row is NaN, counted once, and explained', async ({ page }) => {
  const widget = await openWidget(page, 'masks');
  await setSentence(widget, 'we like green tea');
  await widget.getByRole('radio', { name: 'all equal' }).check();
  // Row 2 allows keys 1 and 2. Reach the grid by keyboard, move to (2, 1), block it, then (2, 2).
  const first = widget.getByRole('button', { name: /^query 1 “we”, key 1 “we”/ });
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await expect(widget.getByRole('button', { name: /^query 2 “like”, key 1 “we”/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: /^query 2 “like”, key 1 “we”: −∞, blocked \(your edit\)$/ })).toBeVisible();
  expect(await statsColumn(widget, 'Allowed keys k')).toEqual(['1', '1', '3', '4']);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  expect((await maskGrid(widget))[1]).toEqual([INF, INF, INF, INF]);

  await expect(widget.getByText('Rows with no allowed key: 1')).toBeVisible();
  const why = widget.getByText(/Row 2 \(“like”\) has no allowed key\..*0 ÷ 0 has no answer/);
  await expect(why).toBeVisible();
  // The exponents are raised, not written with a caret (e^−∞).
  await expect(why.locator('sup')).toHaveText(['score(j)', 'score', '−∞']);
  await expect(why).not.toContainText('^');
  expect(await statsColumn(widget, 'Sum of weights')).toEqual(['1.000000', 'NaN', '1.000000', '1.000000']);
  expect(await statsColumn(widget, 'Entropy H (nats)')).toEqual(['0.0000', 'NaN', '1.0986', '1.3863']);
  expect(await statsColumn(widget, 'ln k (even spread)')).toEqual(['0.0000', 'none (k = 0)', '1.0986', '1.3863']);
  await expect(widget.getByText('M = causal + your 2 edits (an edit sets its cell to 0 or −∞)')).toBeVisible();
  // The heatmap's readout names the NaN.
  const heatmap = widget.getByRole('application', { name: 'Attention weights (mask before the softmax)' });
  await heatmap.focus();
  await page.keyboard.press('ArrowDown');
  await expect(widget.getByText('query 2 “like” → key 1 “we”: NaN (no allowed key in this row)')).toBeVisible();

  // Space gives the key back; Clear my edits restores the causal mask.
  const cell = widget.getByRole('button', { name: /^query 2 “like”, key 2 “like”/ });
  await cell.focus();
  await page.keyboard.press('Space');
  await expect(widget.getByText('Rows with no allowed key: 0')).toBeVisible();
  await expect(widget.getByText(/has no allowed key/)).toBeHidden();
  await widget.getByRole('button', { name: 'Clear my edits' }).click();
  expect((await maskGrid(widget))[1]).toEqual(['0', '0', INF, INF]);
});

test('clicking a cell toggles it, and the change event reports it', async ({ page }) => {
  const widget = await openWidget(page, 'masks');
  await setSentence(widget, 'we like green tea');
  await page.locator('attn-masks').evaluate((el) => {
    window.maskEvents = [];
    el.addEventListener('change', (event) => window.maskEvents.push(event.detail));
  });
  await widget.getByRole('button', { name: /^query 1 “we”, key 4 “tea”/ }).click();
  expect((await maskGrid(widget))[0]).toEqual(['0', INF, INF, '0']);
  expect(await statsColumn(widget, 'Allowed keys k')).toEqual(['2', '2', '3', '4']);
  const events = await page.evaluate(() => window.maskEvents);
  expect(events.at(-1)).toMatchObject({ toggled: [1, 4], edits: 1, emptyRows: 0 });
});

test('bad input: clear messages, last good state kept', async ({ page }) => {
  const widget = await openWidget(page, 'masks');
  await setSentence(widget, 'we like green tea');
  const good = await maskGrid(widget);
  const alert = widget.getByRole('alert');

  await setSentence(widget, 'one two three four five six seven eight nine ten eleven twelve thirteen');
  await expect(alert).toHaveText('⚠ The sentence has 13 words; use 2 to 12 words, separated by spaces. The last good state is still shown.');
  await expect(widget.getByRole('textbox', { name: 'Sentence', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(widget.getByRole('textbox', { name: 'Sentence', exact: true })).toHaveAccessibleDescription(/The sentence has 13 words/);
  expect(await maskGrid(widget)).toEqual(good);

  await setSentence(widget, 'alone');
  await expect(alert).toContainText('The sentence has 1 word; use 2 to 12 words');
  expect(await maskGrid(widget)).toEqual(good);

  // w < 1, set by attribute (the slider cannot go there).
  await setSentence(widget, 'we like green tea');
  await expect(alert).toBeHidden();
  await page.locator('attn-masks').evaluate((el) => { el.setAttribute('window', '0'); el.setAttribute('masks', 'window'); });
  await expect(alert).toHaveText('⚠ window must be at least 1, but it is 0. The last good state is still shown.');
  expect(await maskGrid(widget)).toEqual(good);
  await page.locator('attn-masks').evaluate((el) => el.setAttribute('window', '1'));
  await expect(alert).toBeHidden();
  expect((await maskGrid(widget))[3]).toEqual([INF, INF, INF, '0']);

  // The padding batch's second sentence: too long.
  await setSwitches(widget, { padding: true });
  await setSentence(widget, Array(13).fill('w').join(' '), 'Second sentence of the batch');
  await expect(alert).toContainText('The second sentence has 13 words; use 1 to 12 words');
});

test('a sentence refused before the core has loaded: once started, its message says the last good state is shown', async ({ page }) => {
  const release = await holdCore(page); // until the entry is made
  await page.goto('/embed.html?widget=masks');
  const widget = page.locator('attn-masks');
  const box = widget.getByRole('textbox', { name: 'Sentence', exact: true });
  await expect(box).toBeVisible(); // laid out before the start
  await box.fill('one two three four five six seven eight nine ten eleven twelve thirteen');
  await box.press('Enter');
  const alert = widget.getByRole('alert');
  // Nothing is computed yet, so the message does not claim a state is shown.
  await expect(alert).toHaveText('⚠ The sentence has 13 words; use 2 to 12 words, separated by spaces.');
  release();
  await whenStarted(widget);
  // The widget started on the last good sentence (the default), and the message now says so.
  await expect(alert).toHaveText('⚠ The sentence has 13 words; use 2 to 12 words, separated by spaces. The last good state is still shown.');
  expect((await maskGrid(widget)).map((row) => row.length)).toEqual([5, 5, 5, 5, 5]); // “the cat chased the mouse”
  await expect(box).toHaveValue('one two three four five six seven eight nine ten eleven twelve thirteen');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
});

test('the JS face in the page: attn.mask, combineMasks and rowStats, and their errors', async ({ page }) => {
  await page.goto('/embed.html?widget=masks');
  const result = await page.evaluate(async () => {
    const { loadAttn } = await import('/attention-lab.js');
    const attn = await loadAttn();
    const caught = (fn) => { try { fn(); return 'no error'; } catch (error) { return `${error.name}: ${error.message}`; } };
    const causal = attn.mask({ kind: 'causal', n: 4 });
    const padding = attn.mask({ kind: 'padding', n: 5, lengths: [5, 3] });
    const zeros = new Float32Array(8);
    const weights = attn.attention({ q: zeros, k: zeros, v: zeros, n: 4, m: 4, dk: 2, dv: 2, mask: causal }).weights;
    return {
      causal: Array.from(causal, (x) => (x === 0 ? '.' : 'x')).join(''),
      padded: Array.from(padding.subarray(25, 30), (x) => (x === 0 ? '.' : 'x')).join(''),
      entropy3: attn.rowStats({ weights, n: 4, m: 4 }).entropy[2].toFixed(4),
      mismatched: caught(() => attn.combineMasks(causal, padding)),
      tooLong: caught(() => attn.mask({ kind: 'padding', n: 5, lengths: [6, 3] })),
      badWindow: caught(() => attn.mask({ kind: 'window', n: 5, window: 0 })),
    };
  });
  expect(result).toEqual({
    causal: '.xxx..xx...x....',
    padded: '...xx',
    entropy3: '1.0986',
    mismatched: 'AttnError: combineMasks needs two masks of the same shape, but a holds 16 numbers and b holds 50.',
    tooLong: 'AttnError: lengths[0] must be between 1 and m = 5 (a sequence has at least one real token and cannot be longer than the padded length), but it is 6.',
    badWindow: 'AttnError: window must be at least 1, but it is 0.',
  });
});

test('the widget has an "In words" accessible description', async ({ page }) => {
  const widget = await openWidget(page, 'masks');
  const region = widget.getByRole('article', { name: 'Masks: build them, combine them, break them' });
  await expect(region).toHaveAccessibleDescription(/In the mask grid each cell is 0 where a query token may look/);
});

// ---------------------------------------------------------------- what a learner meets

test('the bug’s weights sit beside the correct ones', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const widget = await openWidget(page, 'masks');
  await widget.getByRole('checkbox', { name: 'Compare with masking after the softmax (a bug)' }).check();
  const box = (name) => widget.getByRole('application', { name }).boundingBox();
  const right = await box('Weights masked after the softmax (the bug)');
  const left = await box('Attention weights (mask before the softmax)');
  expect(Math.abs(right.y - left.y)).toBeLessThanOrEqual(2); // the same row
  expect(right.x).toBeGreaterThan(left.x + left.width);
  expect(right.x - (left.x + left.width)).toBeLessThan(60); // next to it, not a screen away
  const stats = await widget.getByRole('table', { name: 'Row diagnostics' }).boundingBox();
  expect(right.y).toBeLessThan(stats.y);
});

test('twelve words: the heatmap prints no value that would not fit its cell', async ({ page }) => {
  const widget = await openWidget(page, 'masks');
  const values = () => widget.getByRole('application', { name: 'Attention weights (mask before the softmax)' }).locator('canvas').getAttribute('data-values');
  expect(await values()).toBe('printed'); // five words: every value fits
  await setSentence(widget, 'one two three four five six seven eight nine ten eleven twelve');
  await expect(widget.getByRole('table', { name: 'Mask' }).locator('tbody tr')).toHaveCount(12);
  await expect.poll(values).toBe('omitted'); // the readout and the data table still give every value
  await expect(widget.getByRole('application', { name: 'Attention weights (mask before the softmax)' })).toHaveAccessibleDescription(/query 1 “one” → key 1 “one”: 1\.00$/);
});

test('“In words” states the current result', async ({ page }) => {
  const widget = await openWidget(page, 'masks');
  const article = widget.getByRole('article', { name: 'Masks: build them, combine them, break them' });
  await expect(article).toHaveAccessibleDescription(/Now: causal on “the cat chased the mouse”\. All 5 rows sum to 1, and 1 of 5 spreads its weight evenly \(entropy equal to ln k\)\.$/);
  await widget.getByRole('radio', { name: 'all equal' }).check();
  await expect(article).toHaveAccessibleDescription(/Now: causal on “the cat chased the mouse”\. All 5 rows sum to 1, and 5 of 5 spread their weight evenly/);
  await widget.getByRole('button', { name: /^query 1 “the”, key 1 “the”/ }).click();
  await expect(article).toHaveAccessibleDescription(/Now: causal and 1 flipped cell on “the cat chased the mouse”\. 1 of 5 rows has no allowed key and is NaN; the others sum to 1, and 4 of 4 spread their weight/);
});
