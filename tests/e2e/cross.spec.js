// cross.spec.js — <attn-cross> on its embed page: in cross-attention every French word puts most
// of its weight on its English translation wherever it stands, every row sums to 1, and the
// shorter source of the batch is padded with weight 0 on its padded columns; the cache mode walks
// word by word with the cached row equal to causal self-attention's; an empty sentence is
// refused with a sentence while the last good map stays.
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { openWidget } from './helpers/open.js';

/** The rows table as [[query, most weight on, its weight, row sum]]. */
const rows = (widget) => widget.getByRole('table', { name: /^Each query’s row of weights/ }).locator('tbody tr')
  .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent)));

test('cross-attention: each French word finds its English one, rows sum to 1, padded columns get 0', async ({ page }) => {
  const widget = await openWidget(page, 'cross');
  const table = await rows(widget);
  expect(table.map(([query, best]) => [query, best])).toEqual([
    ['“le”', '“the”'], ['“chat”', '“cat”'], ['“noir”', '“black”'], ['“dort”', '“sleeps”'],
  ]);
  for (const row of table) expect(row[3]).toBe('1.000000');
  await expect(widget.getByText('The batch holds this source (4 words) and the other one (7 words), so this source is padded to 7: a padding mask adds −∞ to the scores of columns 5–7, and their weights are exactly 0.')).toBeVisible();
});

test('the cache mode: word by word, the cached row is causal self-attention’s', async ({ page }) => {
  const widget = await openWidget(page, 'cross');
  await widget.getByRole('radio').nth(2).check();
  await expect(widget).toHaveAttribute('mode', 'cache');
  await widget.getByRole('button', { name: 'Next word →' }).click();
  await expect(widget).toHaveAttribute('step', '3');
  await expect(widget.getByText('Word 3 of 4: “noir”; next: “dort”')).toBeVisible();
  const [cached, causal] = await widget.getByRole('table', { name: 'Row 3: with the cache, and recomputed' }).locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  expect(cached).toHaveLength(3);
  expect(cached).toEqual(causal);
  expect(cached.reduce((sum, x) => sum + Number(x), 0)).toBeCloseTo(1, 3);
  // Back to the first word: one of everything, said in the singular.
  await widget.getByRole('button', { name: '← Previous word' }).click();
  await widget.getByRole('button', { name: '← Previous word' }).click();
  await expect(widget).toHaveAttribute('step', '1');
  await expect(widget.getByText(/^The cache now holds 1 key and 1 value of \d+ numbers, one row per word decoded\. .* over the 1 word computed all at once:$/)).toBeVisible();
  await expect(widget.getByText('one new query, against the 1 cached key', { exact: true })).toBeVisible();
  await expect(widget.getByRole('img', { name: /^A key\/value cache, step 1\. The cache is empty before it; .* attending over its own key alone\.$/ })).toBeVisible();
  await expect(widget.getByRole('application', { name: /^Weights decoded so far with the cache \(1 row\): row t is word t’s query against the word cached then/ })).toBeVisible();
});

test('a mode offers only the sentences it reads, and names the unknown words of those alone', async ({ page }) => {
  const widget = await openWidget(page, 'cross');
  const [source, target, second] = ['Source (encoder)', 'Target (decoder)', 'Other source in the batch'].map((label) => widget.getByLabel(label));
  await source.fill('the zorg cat sleeps');
  await source.press('Enter');
  await expect(widget.getByText(/Not in the lab’s vocabulary \(marked \*\): “zorg”/)).toBeVisible();
  await widget.getByRole('radio', { name: 'Self-attention' }).check();
  await expect(source).toBeEnabled();
  await expect(target).toBeDisabled();
  await expect(second).toBeDisabled();
  await expect(widget.getByText(/Not in the lab’s vocabulary \(marked \*\): “zorg”/)).toBeVisible();
  // The cache decodes the target alone: the source's unknown word is not its concern.
  await widget.getByRole('radio').nth(2).check();
  await expect(widget).toHaveAttribute('mode', 'cache');
  await expect(source).toBeDisabled();
  await expect(target).toBeEnabled();
  await expect(second).toBeDisabled();
  await expect(widget.getByText(/Not in the lab’s vocabulary/)).toBeHidden();
  await expect(widget).toHaveAttribute('source', 'the zorg cat sleeps'); // kept for the other modes
});

test('an empty target is refused with a sentence, and the last good map stays; an unknown word is named', async ({ page }) => {
  const widget = await openWidget(page, 'cross');
  const target = widget.getByLabel('Target (decoder)');
  await target.fill('');
  await target.press('Enter');
  await expect(widget.getByRole('alert')).toContainText('The last good map is still shown.');
  expect((await rows(widget))[2][1]).toBe('“black”');
  await target.fill('le chat zorg dort');
  await target.press('Enter');
  await expect(widget.getByRole('alert')).toBeHidden();
  await expect(widget.getByText(/Not in the lab’s vocabulary \(marked \*\): “zorg”/)).toBeVisible();
});

test('a source of unknown words: the note does not promise spread rows where the map shows a row on one word', async ({ page }) => {
  const widget = await openWidget(page, 'cross');
  const source = widget.getByLabel('Source (encoder)');
  await source.fill('abc xyz');
  await source.press('Enter');
  const note = widget.getByText(/Not in the lab’s vocabulary \(marked \*\): “abc”, “xyz”/);
  await expect(note).toBeVisible();
  // Two keys that mean nothing: by chance, a row can still put almost all of its weight on one.
  await expect.poll(async () => Math.max(...(await rows(widget)).map((row) => Number(row[2])))).toBeGreaterThan(0.9);
  await expect(note).toContainText('any other weight it takes or gets is chance');
  await expect(note).not.toContainText('spreads its weight');
});

test('self-attention: the note says which words put most weight on themselves, as the table shows', async ({ page }) => {
  const widget = await openWidget(page, 'cross');
  await widget.getByRole('radio', { name: 'Self-attention' }).check();
  await expect(widget).toHaveAttribute('mode', 'self');
  // "the black cat sleeps": every word on itself, in the table and in the note.
  await expect.poll(async () => (await rows(widget)).map(([query, best]) => query === best)).toEqual([true, true, true, true]);
  await expect(widget.getByText(/^One sentence alone: no batch, no padding, no mask\. Here each word puts most weight on itself: /)).toBeVisible();
  // "small" and "little" share a meaning (one vector in the lab's vocabulary): the note must not
  // claim every word looks at itself, and names the words that do not, as the table does.
  const field = widget.getByLabel('Source (encoder)');
  await field.fill('the small dog eats the little fish');
  await field.press('Enter');
  await expect.poll(async () => (await rows(widget)).length).toBe(7);
  const table = await rows(widget);
  const elsewhere = table.filter(([query, best]) => query !== best);
  expect(elsewhere.map(([query]) => query)).toContain('“small”');
  const note = widget.getByText(/^One sentence alone: no batch, no padding, no mask\. Here \d of 7 words put most weight on themselves/);
  await expect(note).toBeVisible();
  const text = await note.textContent();
  // A repeated word ("the") may put most on its twin: the same text in the table, named by place in the note.
  expect(Number(text.match(/Here (\d) of 7/)[1])).toBeLessThanOrEqual(7 - elsewhere.length);
  expect(text).toContain('“small” puts most on “little”');
  expect(text).not.toMatch(/“the” puts most on “the”/);
});

test('a word too long for the core is refused in the widget’s words beside its field, which is marked', async ({ page }) => {
  const widget = await openWidget(page, 'cross');
  const target = widget.getByLabel('Target (decoder)');
  await target.fill(`le ${'a'.repeat(300)} dort`);
  await target.press('Enter');
  const said = '⚠ The target sentence has a word too long: a word can have at most 60 characters; “aaaaaaaaaaaa…” has 300. The last good map is still shown.';
  await expect(widget.getByRole('alert')).toHaveText(said);
  await expect(target).toHaveAttribute('aria-invalid', 'true');
  await expect(target).toHaveAccessibleDescription(said);
  expect((await rows(widget))[2][1]).toBe('“black”');
  await target.fill(`le ${'a'.repeat(60)} dort`); // the longest word taken
  await target.press('Enter');
  await expect(widget.getByRole('alert')).toBeHidden();
  await expect(target).not.toHaveAttribute('aria-invalid', 'true');
});

test('long words: the map’s labels are whole (or shortened in the middle), with the out-of-vocabulary mark; the note says words as typed', async ({ page }) => {
  const widget = await openWidget(page, 'cross');
  await widget.evaluate((el) => {
    el.source = 'the extraordinarily magnificent black cat sleeps';
    el.target = `le magnifiquement <b>x</b> ${'z'.repeat(40)} noir dort`;
  });
  await expect(widget.getByText(/^Not in the lab’s vocabulary/)).toContainText(`(marked *): “extraordinarily”, “magnificent”, “magnifiquement”, “<b>x</b>”, “${'z'.repeat(40)}”.`);
  const labels = await widget.evaluate((el) => el.map.drawnLabels);
  expect(labels.cols.slice(0, 3)).toEqual(['the', 'extraordinarily*', 'magnificent*']);
  expect(labels.rows.slice(0, 3)).toEqual(['le', 'magnifiquement*', '<b>x</b>*']);
  expect(labels.rows[3]).toMatch(/^z+…z*\*$/); // too long for its margin: shortened in the middle, the mark kept
  await expect(widget.getByRole('application', { name: /^Cross-attention weights/ }).locator('canvas')).toHaveAttribute('data-label-step', '1');
});

test('the padding mask’s legend names what is drawn: 0 allowed, hatching −∞ blocked (no ramp)', async ({ page }) => {
  const widget = await openWidget(page, 'cross');
  const mask = widget.getByRole('figure', { name: /^The padding mask/ }).or(widget.locator('figure.heatmap').nth(1));
  const legend = mask.first().locator('.heatmap-legend');
  await expect(legend).toHaveText('0: allowedhatched, −∞: blocked (padding)');
  await expect(legend.locator('.heatmap-ramp')).toHaveCount(0);
  await expect(legend.locator('.heatmap-swatch.blocked')).toHaveCount(1);
});

test('its In words says the alignment is built in, not learned, and where the trained one is', async ({ page }) => {
  const widget = await openWidget(page, 'cross');
  expect(await widget.evaluate((el) => el.inWords())).toMatch(/That alignment is built in by how the vectors are made, not learned; the trained translation experiment .* shows an alignment that emerges from training\./);
});
