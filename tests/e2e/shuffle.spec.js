// shuffle.spec.js — <attn-shuffle> on its embed page: §6.5's known outputs (dog keeps its output
// without positions and loses it with sinusoidal or rotary ones; PE(0) and PE(1); rotary keeps
// lengths and ignores where counting starts; reordering 16 words changes nothing without
// positions and something with a causal mask), reordering by keyboard and by dragging, bad input.
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { openWidget } from './helpers/open.js';

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** Reads a difference as the widget prints it: 0, 0.0312, 2.4 × 10⁻⁸. */
function parseDifference(text) {
  const match = text.trim().match(/^([\d.]+)(?: × 10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))?/);
  if (!match) throw new Error(`not a difference: "${text}"`);
  if (!match[2]) return Number(match[1]);
  const exponent = Number([...match[2]].map((c) => (c === '⁻' ? '-' : SUPERSCRIPTS.indexOf(c))).join(''));
  return Number(match[1]) * 10 ** exponent;
}

async function openShuffle(page) {
  const widget = await openWidget(page, 'shuffle');
  await expect(widget.getByRole('table', { name: 'Outputs by word' })).toBeVisible();
  return widget;
}

const outputs = (widget) => widget.getByRole('table', { name: 'Outputs by word' });
const rowOf = (widget, word) => outputs(widget).locator('tbody tr')
  .filter({ has: widget.page().getByRole('rowheader', { name: word, exact: true }) });
const strip = (widget) => widget.getByRole('list', { name: 'Word order' });
const chip = (widget, word) => strip(widget).getByRole('button', { name: new RegExp(`^${word},`) });

/** The largest |difference| printed for a word (its row's last cell). */
async function wordDifference(widget, word) {
  return parseDifference(await rowOf(widget, word).locator('td').last().textContent());
}
/** The before and after lines of a word's output, as printed. */
async function beforeAndAfter(widget, word) {
  return rowOf(widget, word).locator('.vec-numbers').allTextContents();
}
/** The largest difference in the summary line. */
async function summaryDifference(widget) {
  const text = await widget.getByText(/the largest difference (over all words )?is /).textContent();
  return parseDifference(text.split(/difference (?:over all words )?is /)[1]);
}
async function chipOrder(widget) {
  return (await strip(widget).getByRole('button').allTextContents()).map((text) => text.replace(/^\d+/, ''));
}

test('without positions, “dog” keeps its output when dog and man swap, and every output moves with its word', async ({ page }) => {
  const widget = await openShuffle(page);
  await expect(widget.getByText('The words are in their original order.', { exact: false })).toBeVisible();
  const dogBefore = await beforeAndAfter(widget, 'dog');
  await widget.getByRole('button', { name: 'Swap dog and man' }).click();

  expect(await chipOrder(widget)).toEqual(['The', 'man', 'bit', 'the', 'dog']);
  await expect(widget).toHaveAttribute('order', '0,4,2,3,1');
  await expect(rowOf(widget, 'dog').locator('td.place')).toHaveText('2 → 5');
  await expect(rowOf(widget, 'man').locator('td.place')).toHaveText('5 → 2');
  await expect(widget.getByText(/Every output moved with its word and kept its value/)).toBeVisible();
  await expect(widget.getByText('Attention cannot tell the two orders apart.', { exact: false })).toBeVisible();
  for (const word of ['The', 'man', 'bit', 'the', 'dog']) {
    expect(await wordDifference(widget, word), word).toBeLessThanOrEqual(1e-6);
    await expect(rowOf(widget, word).locator('td').last()).toContainText('same');
    const [before, after] = await beforeAndAfter(widget, word);
    expect(after).toBe(before);
  }
  // dog's output, read in the original order before the swap, is the one it has after it.
  expect((await beforeAndAfter(widget, 'dog'))[1]).toBe(dogBefore[0]);
  expect(await summaryDifference(widget)).toBeLessThanOrEqual(1e-6);
});

for (const [scheme, label] of [['sinusoidal', /Sinusoidal/], ['rotary', /Rotary/]]) {
  test(`with ${scheme} positions, swapping dog and man changes dog’s output by more than 0.01`, async ({ page }) => {
    const widget = await openShuffle(page);
    await widget.getByRole('radio', { name: label }).check();
    await expect(widget).toHaveAttribute('positions', scheme);
    await widget.getByRole('button', { name: 'Swap dog and man' }).click();
    await expect(widget.getByText(/Reordering changed the outputs: the largest difference is/)).toBeVisible();
    expect(await wordDifference(widget, 'dog')).toBeGreaterThan(1e-2);
    await expect(rowOf(widget, 'dog').locator('td').last()).toContainText('changed');
    expect(await summaryDifference(widget)).toBeGreaterThan(1e-2);
    // Back to no positions: the same order, and nothing changes any more.
    await widget.getByRole('radio', { name: 'None' }).check();
    await expect(widget.getByText(/Every output moved with its word/)).toBeVisible();
    expect(await wordDifference(widget, 'dog')).toBeLessThanOrEqual(1e-6);
  });
}

test('sinusoidal position vectors: PE(0) = [0, 1, 0, 1, …], PE(1, 0) = 0.841, PE(1, 1) = 0.540', async ({ page }) => {
  const widget = await openShuffle(page);
  await widget.getByRole('radio', { name: /Sinusoidal/ }).check();
  await widget.getByText('What the positions add').click();
  const table = widget.getByRole('table', { name: 'Position vectors' });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows.nth(0).locator('td')).toHaveText(['0.000', '1.000', '0.000', '1.000', '0.000', '1.000', '0.000', '1.000']);
  await expect(rows.nth(1).locator('th')).toHaveText('pos 1 · dog');
  await expect(rows.nth(1).locator('td').nth(0)).toHaveText('0.841');
  await expect(rows.nth(1).locator('td').nth(1)).toHaveText('0.540');
});

test('rotary keeps every length and ignores where counting starts; sinusoidal does not', async ({ page }) => {
  const widget = await openShuffle(page);
  await widget.getByRole('radio', { name: /Rotary/ }).check();
  await widget.getByText('What the positions add').click();
  const lengths = widget.getByRole('table', { name: 'Lengths before and after rotation' });
  await expect(lengths.locator('tbody tr')).toHaveCount(5);
  for (const row of await lengths.locator('tbody tr').all()) {
    const [qBefore, qAfter, kBefore, kAfter] = await row.locator('td').allTextContents();
    expect(qAfter).toBe(qBefore);
    expect(kAfter).toBe(kBefore);
    expect(Number(qBefore)).toBeGreaterThan(0);
  }

  const first = widget.getByLabel('First position');
  await first.fill('5');
  await first.press('Enter');
  await expect(widget).toHaveAttribute('offset', '5');
  const rotary = await widget.getByText(/Counting positions from 5 instead of 0 changed the outputs by at most/).textContent();
  expect(parseDifference(rotary.split('at most ')[1])).toBeLessThanOrEqual(1e-5);

  await widget.getByRole('radio', { name: /Sinusoidal/ }).check();
  const sinusoidal = await widget.getByText(/Counting positions from 5 instead of 0 changed the outputs by up to/).textContent();
  expect(parseDifference(sinusoidal.split('up to ')[1])).toBeGreaterThan(1e-2);
  await expect(widget.getByRole('table', { name: 'Position vectors' }).locator('tbody th').first()).toHaveText('pos 5 · The');
});

test('sixteen words shuffled: without positions nothing changes (≤ 1e-5); with a causal mask it does, and the widget says why', async ({ page }) => {
  const widget = await openShuffle(page);
  const sentence = 'every cat that chased a small grey mouse across the kitchen floor finally fell quietly asleep';
  await widget.getByLabel('Sentence (up to 16 words)').fill(sentence);
  await widget.getByRole('button', { name: 'Use sentence' }).click();
  await expect(strip(widget).getByRole('button')).toHaveCount(16);
  for (let trial = 0; trial < 3; trial++) {
    const previous = await widget.getAttribute('order');
    await widget.getByRole('button', { name: 'Shuffle' }).click();
    await expect(widget).not.toHaveAttribute('order', previous ?? '');
    await expect(widget.getByText(/Every output moved with its word/)).toBeVisible();
    expect(await summaryDifference(widget)).toBeLessThanOrEqual(1e-5);
  }
  await widget.getByRole('checkbox', { name: 'Causal mask' }).check();
  await expect(widget).toHaveAttribute('mask', 'causal');
  await expect(widget.getByText(/Reordering changed the outputs/)).toBeVisible();
  expect(await summaryDifference(widget)).toBeGreaterThan(1e-6);
  await expect(widget.getByText(/the mask carries word order by itself/)).toBeVisible();
});

test('keyboard alone reorders the words', async ({ page }) => {
  const widget = await openShuffle(page);
  // Tab from the sentence field until a word has the focus.
  await widget.getByLabel('Sentence (up to 16 words)').focus();
  const the = chip(widget, 'The');
  while (!(await the.evaluate((el) => el.getRootNode().activeElement === el))) await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight'); // focus moves to "dog"
  await expect(chip(widget, 'dog')).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
  expect(await chipOrder(widget)).toEqual(['The', 'bit', 'the', 'man', 'dog']);
  await expect(chip(widget, 'dog')).toBeFocused();
  await expect(chip(widget, 'dog')).toHaveAccessibleName('dog, place 5 of 5, was 2');
  await expect(widget.getByText('“dog” moved to place 5 of 5.')).toBeAttached();
  await expect(rowOf(widget, 'dog').locator('td.place')).toHaveText('2 → 5');
  expect(await wordDifference(widget, 'dog')).toBeLessThanOrEqual(1e-6);

  await page.keyboard.press('Shift+Home');
  expect(await chipOrder(widget)).toEqual(['dog', 'The', 'bit', 'the', 'man']);
  await page.keyboard.press('End'); // focus the last word
  await expect(chip(widget, 'man')).toBeFocused();
  await page.keyboard.press('Shift+ArrowLeft');
  expect(await chipOrder(widget)).toEqual(['dog', 'The', 'bit', 'man', 'the']);

  // Switch on rotary positions by keyboard and see the outputs change.
  const rotary = widget.getByRole('radio', { name: /Rotary/ });
  while (!(await widget.getByRole('radio', { name: 'None' }).evaluate((el) => el.getRootNode().activeElement === el))) await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(rotary).toBeChecked();
  await expect(widget.getByText(/Reordering changed the outputs/)).toBeVisible();

  // Original order, by keyboard.
  const reset = widget.getByRole('button', { name: 'Original order' });
  await reset.focus();
  await page.keyboard.press('Enter');
  expect(await chipOrder(widget)).toEqual(['The', 'dog', 'bit', 'the', 'man']);
});

test('dragging a word onto another moves it there', async ({ page }) => {
  const widget = await openShuffle(page);
  await chip(widget, 'dog').dragTo(chip(widget, 'man'));
  expect(await chipOrder(widget)).toEqual(['The', 'bit', 'the', 'man', 'dog']);
  await expect(rowOf(widget, 'dog').locator('td.place')).toHaveText('2 → 5');
  await chip(widget, 'man').dragTo(chip(widget, 'The'));
  expect(await chipOrder(widget)).toEqual(['man', 'The', 'bit', 'the', 'dog']);
  await expect(widget).toHaveAttribute('order', '4,0,2,3,1');
});

test('bad input gives clear messages and breaks nothing', async ({ page }) => {
  const widget = await openShuffle(page);
  const field = widget.getByLabel('Sentence (up to 16 words)');

  await field.fill('   ');
  await field.press('Enter');
  await expect(widget.getByRole('alert').filter({ hasText: 'Type at least one word.' })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await chipOrder(widget)).toEqual(['The', 'dog', 'bit', 'the', 'man']); // the old sentence stays

  await field.fill(Array.from({ length: 17 }, (_, i) => `w${i}`).join(' '));
  await widget.getByRole('button', { name: 'Use sentence' }).click();
  await expect(widget.getByRole('alert').filter({ hasText: 'Use at most 16 words: this sentence has 17.' })).toBeVisible();
  await expect(strip(widget).getByRole('button')).toHaveCount(5);

  // An odd width with rotary positions: the core's rule, said plainly beside the width, whose
  // field is marked; the last good outputs (width 7, no positions) stay, and so does "In words".
  const width = widget.getByLabel('Width d');
  await width.fill('7');
  await width.press('Enter');
  const lastGood = await rowOf(widget, 'dog').locator('.vec-numbers').first().textContent();
  const lastWords = await widget.evaluate((el) => el.inWords());
  expect(lastWords).toMatch(/Now: “The dog bit the man” in its original order \(positions none, no mask\)\.$/);
  await widget.getByRole('radio', { name: /Rotary/ }).check();
  await expect(widget.getByRole('alert').filter({ hasText: /^⚠ d must be even for rotary embeddings, which turn features in pairs, but it is 7\. The last good outputs are still shown\.$/ })).toBeVisible();
  await expect(width).toHaveAttribute('aria-invalid', 'true');
  await expect(outputs(widget)).toBeVisible();
  await expect(rowOf(widget, 'dog').locator('.vec-numbers').first()).toHaveText(lastGood);
  expect(await widget.evaluate((el) => el.inWords())).toBe(lastWords);
  await widget.getByRole('radio', { name: /Sinusoidal/ }).check();
  await expect(width).not.toHaveAttribute('aria-invalid', 'true');
  await expect(widget.getByRole('alert').filter({ hasText: /d must be even/ })).toBeHidden();
  await expect(outputs(widget)).toBeVisible();
  await expect(rowOf(widget, 'dog').locator('.vec-numbers').first()).toHaveText(/^\[(−?\d\.\d\d, ){6}−?\d\.\d\d\]$/);

  await width.fill('40');
  await width.press('Enter');
  await expect(widget.getByRole('alert').filter({ hasText: 'Width d must be a whole number from 1 to 16.' })).toBeVisible();
  await expect(widget).toHaveAttribute('width', '7');

  // A good sentence afterwards works, and punctuation and case do not change a word's vector.
  await field.fill('The man bit the dog.');
  await field.press('Enter');
  await expect(widget.getByRole('alert').filter({ hasText: 'Use at most' })).toBeHidden();
  await expect(strip(widget).getByRole('button')).toHaveCount(5);
  await widget.getByRole('radio', { name: 'None' }).check();
  const [theRow, otherThe] = await Promise.all([beforeAndAfter(widget, 'The'), beforeAndAfter(widget, 'the')]);
  expect(theRow).toEqual(otherThe);
});

// ---------------------------------------------------------------- what a learner meets

test('“to the last digit”: without positions every word keeps exactly the same output, and the widget says what “same” means', async ({ page }) => {
  const widget = await openShuffle(page);
  await widget.getByRole('button', { name: 'Swap dog and man' }).click();
  for (const word of ['The', 'man', 'bit', 'the', 'dog']) {
    await expect(rowOf(widget, word).locator('td').last()).toHaveText('0same'); // not 6.0 × 10⁻⁸
  }
  await expect(widget.getByText(/kept its value exactly: the largest difference over all words is 0, the very same float32 numbers/)).toBeVisible();
  await expect(widget.getByText(/^“same” means a difference of exactly 0: the very same float32 numbers, to the last bit\./)).toBeVisible();
  // Sixteen words in three random orders: still exactly 0.
  await widget.getByLabel('Sentence (up to 16 words)').fill('every cat that chased a small grey mouse across the kitchen floor finally fell quietly asleep');
  await widget.getByRole('button', { name: 'Use sentence' }).click();
  for (let trial = 0; trial < 3; trial++) {
    await widget.getByRole('button', { name: 'Shuffle' }).click();
    await expect(widget.getByText(/kept its value exactly/)).toBeVisible();
    expect(await summaryDifference(widget)).toBe(0);
  }
});

test('“Swap dog and man” never replaces the learner’s sentence: without both words it is disabled, and says why', async ({ page }) => {
  const widget = await openShuffle(page);
  const field = widget.getByLabel('Sentence (up to 16 words)');
  await field.fill('a cat saw a bird');
  await field.press('Enter');
  const swap = widget.getByRole('button', { name: 'Swap dog and man' });
  await expect(swap).toBeDisabled();
  await expect(swap).toHaveAccessibleDescription('“Swap dog and man” needs both words: this sentence has no “dog” and no “man”. Shuffle, or move a word by dragging it or with the keyboard.');
  await swap.evaluate((el) => el.click()); // even a click that reaches it changes nothing
  await expect(widget).toHaveAttribute('sentence', 'a cat saw a bird');
  await expect(field).toHaveValue('a cat saw a bird');
  // One word: Shuffle is disabled too, so the note does not send the learner there.
  await field.fill('solo');
  await field.press('Enter');
  await expect(widget.getByRole('button', { name: 'Shuffle' })).toBeDisabled();
  await expect(swap).toHaveAccessibleDescription('“Swap dog and man” needs both words: this sentence has no “dog” and no “man”. With one word there is no order to change: type a sentence of two words or more.');
  // With both words it swaps them, in the learner's own sentence.
  await field.fill('my dog likes the man');
  await field.press('Enter');
  await expect(swap).toBeEnabled();
  await swap.click();
  expect(await chipOrder(widget)).toEqual(['my', 'man', 'likes', 'the', 'dog']);
  await expect(widget).toHaveAttribute('sentence', 'my dog likes the man');
});

test('“In words” states the current result', async ({ page }) => {
  const widget = await openShuffle(page);
  const article = widget.getByRole('article', { name: /^Shuffle the words/ });
  await expect(article).toHaveAccessibleDescription(/Now: “The dog bit the man” in its original order \(positions none, no mask\)\.$/);
  await widget.getByRole('button', { name: 'Swap dog and man' }).click();
  await expect(article).toHaveAccessibleDescription(/Now: “The man bit the dog” \(positions none, no mask\)\. 5 of 5 words kept exactly the same output; none changed\.$/);
  await widget.getByRole('radio', { name: /Sinusoidal/ }).check();
  await expect(article).toHaveAccessibleDescription(/Now: “The man bit the dog” \(positions sinusoidal, no mask\)\. \d of 5 words kept exactly the same output; “\w+” changed most, by up to [\d.]+\.$/);
});

test('a typed sentence is never lost: Shuffle, a switch or leaving the field applies it first', async ({ page }) => {
  const widget = await openShuffle(page);
  const field = widget.getByLabel('Sentence (up to 16 words)');
  // Typed, not submitted, then Shuffle: the new sentence is what gets shuffled.
  await field.fill('my cat likes warm milk');
  await widget.getByRole('button', { name: 'Shuffle' }).click();
  await expect(widget).toHaveAttribute('sentence', 'my cat likes warm milk');
  await expect(field).toHaveValue('my cat likes warm milk');
  expect((await chipOrder(widget)).sort()).toEqual(['cat', 'likes', 'milk', 'my', 'warm']);
  // Typed, then a switch pressed without Enter (no blur either): applied, in the same action.
  await field.fill('the bird sang');
  await widget.evaluate((el) => { const box = el.shadowRoot.querySelector('input[type="checkbox"]'); box.checked = true; box.dispatchEvent(new Event('change')); });
  await expect(widget).toHaveAttribute('sentence', 'the bird sang');
  await expect(widget).toHaveAttribute('mask', 'causal');
  // Typed, then the field left: applied.
  await field.fill('one two three');
  await field.blur();
  await expect(widget).toHaveAttribute('sentence', 'one two three');
  expect(await chipOrder(widget)).toEqual(['one', 'two', 'three']);
});
