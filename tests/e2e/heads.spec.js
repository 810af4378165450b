// heads.spec.js — <attn-heads> on its embed page: the four hand-set heads on the chapter's
// sentence (numbers from the core), keyboard navigation of heads and cells, the all-four
// overview, the stacked tensor, concatenation and W^O, the causal mask, learner sentences.
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { openWidget } from './helpers/open.js';
import { loadWasmAttn } from '../wasm/helpers.mjs';

/** The number at the end of a heatmap readout ("… : 0.94", "… : −0.44"). */
async function readoutValue(figure) {
  const text = await figure.locator('.heatmap-readout').textContent();
  return Number(text.split(': ').at(-1).replace('−', '-'));
}

test('the chapter’s sentence: each head follows its rule, computed by the core', async ({ page }) => {
  const widget = await openWidget(page, 'heads');
  await expect(widget.getByRole('textbox', { name: 'Sentence' })).toHaveValue('The animal didn\'t cross the street because it was tired');
  await expect(widget.getByRole('tab', { name: 'Head 1' })).toHaveAttribute('aria-selected', 'true');
  await expect(widget.getByRole('application', { name: 'Head 1: Previous word' })).toBeVisible();
  await expect(widget.getByText('query 8 “it” → key 2 “animal”: 0.01')).toBeVisible();
  await expect(widget.getByText('query 8 “it” → key 7 “because”: 0.94')).toBeHidden();

  await widget.getByRole('tab', { name: 'Head 2' }).click();
  await expect(widget.getByRole('application', { name: 'Head 2: Pronoun → noun' })).toBeVisible();
  await expect(widget.getByText('query 8 “it” → key 2 “animal”: 0.94')).toBeVisible();
  await expect(widget.getByText('Rule: a pronoun looks at the first noun before it.')).toBeVisible();

  await widget.getByRole('tab', { name: 'Head 3' }).click();
  await expect(widget.getByText('query 8 “it” → key 2 “animal”: 0.01')).toBeVisible();
  const map3 = widget.getByRole('application', { name: 'Head 3: Verb → subject' });
  await map3.focus();
  await map3.press('ArrowDown'); // "was" → "animal"
  await map3.press('ArrowRight'); // "was" → "didn't"
  for (let i = 0; i < 5; i++) await map3.press('ArrowRight');
  await expect(widget.getByText('query 9 “was” → key 8 “it”: 0.94')).toBeVisible();

  await widget.getByRole('tab', { name: 'Head 4' }).click();
  await expect(widget.getByText('Rule: every word looks at the first word and at “because”.')).toBeVisible();
  const map4 = widget.getByRole('application', { name: 'Head 4: Start and “because”' });
  await map4.focus();
  await map4.press('Home');
  await expect(widget.getByText('query 9 “was” → key 1 “The”: 0.47')).toBeVisible();
});

test('keyboard alone: arrow keys move between heads and through a head’s cells', async ({ page }) => {
  const widget = await openWidget(page, 'heads');
  const first = widget.getByRole('tab', { name: 'Head 1' });
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(widget.getByRole('tab', { name: 'Head 2' })).toBeFocused();
  await expect(widget.getByRole('tab', { name: 'Head 2' })).toHaveAttribute('aria-selected', 'true');
  await expect(widget).toHaveAttribute('head', '2');
  await page.keyboard.press('End');
  await expect(widget.getByRole('tab', { name: 'All four' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(widget).toHaveAttribute('head', '1');
  await page.keyboard.press('Tab'); // into the heatmap
  const map = widget.getByRole('application', { name: 'Head 1: Previous word' });
  await expect(map).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Home');
  await expect(widget.getByText('query 7 “because” → key 1 “The”: 0.01')).toBeVisible();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(widget.getByText('query 7 “because” → key 6 “street”: 0.94')).toBeVisible();
  // The stacked tensor follows the focused cell, and each row sums to 1.
  await expect(widget.getByText(/shape \(4, 10, 10\): 4 slices of 10 × 10, one per head \(not layers of a model\), 400 numbers\. Outlined: head 1, row 7 \(“because”\), column 6 \(“street”\) = 0\.943; that row sums to 1\.000\./)).toBeVisible();
});

test('the overview shows all four heads side by side', async ({ page }) => {
  const widget = await openWidget(page, 'heads');
  await widget.getByRole('tab', { name: 'All four' }).click();
  await expect(widget).toHaveAttribute('head', 'all');
  for (const name of ['Head 1: Previous word', 'Head 2: Pronoun → noun', 'Head 3: Verb → subject', 'Head 4: Start and “because”']) {
    await expect(widget.getByRole('application', { name })).toBeVisible();
  }
  await expect(widget.locator('.heatmap-readout').filter({ hasText: '“it” → key 2 “animal”: 0.94' })).toHaveCount(1);
});

test('concatenation and W^O: with W^O the identity the output is the joined vector', async ({ page }) => {
  const widget = await openWidget(page, 'heads');
  await expect(widget.getByText('It mixes the heads.')).toBeVisible();
  await expect(widget.getByText('It writes back into the whole vector.')).toBeVisible();
  // The chapter's third point about W^O: it fixes the shape when h·d_v ≠ d_model.
  await expect(widget.getByRole('list', { name: 'Why W^O is needed' }).getByRole('listitem').nth(1))
    .toContainText('It also fixes the shape: here 4 heads × 16 = 64 is already the model’s width, but when h·d_v differs from d_model, WO (h·d_v × d_model) is what brings the joined vector back to it.');
  const joined = widget.locator('figure.heatmap').filter({ hasText: 'Joined head outputs for “it”' });
  const after = widget.locator('figure.heatmap').filter({ hasText: 'for “it” (1 × 64)' }).last();
  await expect(joined).toBeVisible();
  const mixedJoined = await readoutValue(joined), mixedOut = await readoutValue(after);
  expect(mixedOut).not.toBeCloseTo(mixedJoined, 2);

  await widget.getByRole('checkbox', { name: /identity/ }).check();
  await expect(widget).toHaveAttribute('wo', 'identity');
  await expect(widget.getByText(/Here WO is the identity/)).toBeVisible();
  await expect.poll(async () => (await readoutValue(after)) - (await readoutValue(joined))).toBe(0);
  expect(await readoutValue(joined)).toBe(mixedJoined); // W^O does not change the heads
});

test('the causal mask blocks later words', async ({ page }) => {
  const widget = await openWidget(page, 'heads');
  const map = widget.getByRole('application', { name: 'Head 1: Previous word' });
  await map.focus();
  await map.press('End');
  await expect(widget.getByText('query 8 “it” → key 10 “tired”: 0.01')).toBeVisible();
  await widget.getByRole('checkbox', { name: 'Causal mask' }).check();
  await expect(widget).toHaveAttribute('mask', 'causal');
  await expect(widget.getByText('query 8 “it” → key 10 “tired”: 0.00')).toBeVisible();
  await expect(widget.getByText('Words before “because” cannot see it, so head 4 gives them only the start.')).toBeVisible();
});

test('a learner’s sentence: the rules apply where they can and say where they find nothing', async ({ page }) => {
  const widget = await openWidget(page, 'heads');
  const box = widget.getByRole('textbox', { name: 'Sentence' });
  await box.fill('Run fast, Sam!');
  await box.press('Enter');
  await expect(widget).toHaveAttribute('sentence', 'Run fast, Sam!');
  await expect(widget.getByRole('status').filter({ hasText: /^The heads read/ })).toHaveText('The heads read the words “Run” “fast” “Sam”; “,” “!” are left out (the punctuation around a word is not part of it).');
  await expect(widget.getByText('No pronoun (it, he, she, they…) in this sentence: the rule finds nothing, and every word looks at itself.')).toBeVisible();
  await expect(widget.getByText('“Run” has no noun or pronoun before it, so it looks at itself.')).toBeVisible();
  await expect(widget.getByText('No linking word (because, and, but, so…) in this sentence: every word looks at the start only.')).toBeVisible();
  await expect(widget.getByText(/shape \(4, 3, 3\)/)).toBeVisible();

  await box.fill('Hello');
  await widget.getByRole('button', { name: 'Read it' }).click();
  await expect(widget.getByRole('alert')).toHaveText('⚠ Type a sentence of at least 2 words.');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await box.fill('a b c d e f g h i j k l m n o p q');
  await box.press('Enter');
  await expect(widget.getByRole('alert')).toHaveText('⚠ Up to 16 words, please: this sentence has 17.');

  await widget.getByRole('button', { name: 'Chapter’s sentence' }).click();
  await expect(widget.getByRole('alert')).toBeHidden();
  await expect(widget.getByText(/shape \(4, 10, 10\)/)).toBeVisible();
  // Learner text is shown as text, never as markup.
  await box.fill('<b>bold</b> <i>words</i>');
  await box.press('Enter');
  await expect(widget.locator('b, i')).toHaveCount(0);
  await expect(widget.getByText(/shape \(4, 2, 2\)/)).toBeVisible();
});

test('“In words” is the accessible description; attributes are observed and fire change', async ({ page }) => {
  const widget = await openWidget(page, 'heads');
  await expect(widget.getByRole('article', { name: 'Four heads read one sentence' }))
    .toHaveAccessibleDescription(/Four attention heads read the same sentence at once/);
  // The pronoun head's rule as it is, not as a reader would wish it: the first noun before it.
  await expect(widget.getByRole('article', { name: 'Four heads read one sentence' }))
    .toHaveAccessibleDescription(/one sends a pronoun to the first noun before it \(a fixed rule, which cannot read meaning: in “The trophy would not fit in the suitcase because it was too small” it still picks “trophy”\)/);
  const events = widget.evaluate((el) => new Promise((resolve) => {
    el.addEventListener('change', (event) => resolve(event.detail), { once: true });
  }));
  await widget.evaluate((el) => { el.setAttribute('sentence', 'The dog and the cat'); });
  expect(await events).toEqual({ sentence: 'The dog and the cat', head: '1', mask: 'none', wo: 'mix' });
  await expect(widget.getByRole('textbox', { name: 'Sentence' })).toHaveValue('The dog and the cat');
  await widget.evaluate((el) => { el.setAttribute('head', '4'); });
  await expect(widget.getByRole('application', { name: 'Head 4: Start and “and”' })).toBeVisible();
});

// ---------------------------------------------------------------- what a learner meets

/** For each heatmap of the widget: does its drawing fit the box it is shown in (no word cut off)? */
function mapsFit(widget) {
  return widget.locator('.heatmap-surface').evaluateAll((surfaces) => surfaces.map((surface) => {
    const canvas = surface.querySelector('canvas');
    return surface.getClientRects().length === 0 || (canvas.getBoundingClientRect().right <= surface.getBoundingClientRect().right + 0.5
      && surface.scrollWidth <= surface.clientWidth);
  }));
}

for (const width of [1280, 390]) {
  test(`“All four” shows every word of every head at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const widget = await openWidget(page, 'heads');
    await widget.getByRole('tab', { name: 'All four' }).click();
    await expect(widget.getByRole('application', { name: /^Head 4:/ })).toBeVisible();
    expect(await mapsFit(widget)).not.toContain(false);
    // Sixteen words, one head and all four.
    await widget.getByRole('textbox', { name: 'Sentence' }).fill('the old man and the young dog walked along the river because it was very warm');
    await widget.getByRole('button', { name: 'Read it' }).click();
    await expect(widget.getByText(/shape \(4, 16, 16\)/)).toBeVisible();
    expect(await mapsFit(widget)).not.toContain(false);
    await widget.getByRole('tab', { name: 'Head 2' }).click();
    expect(await mapsFit(widget)).not.toContain(false);
  });
}

test('each word’s class is shown, and said to come from the demo’s own lists', async ({ page }) => {
  const widget = await openWidget(page, 'heads');
  const classes = widget.getByRole('list', { name: 'The class the demo gave each word' });
  await expect(classes.getByRole('listitem')).toHaveText(['The determiner', 'animal noun (guessed)', "didn't verb", 'cross verb',
    'the determiner', 'street noun (guessed)', 'because linking word', 'it pronoun', 'was verb', 'tired adjective']);
  await widget.getByRole('textbox', { name: 'Sentence' }).fill('The girl asked because she was tired');
  await widget.getByRole('button', { name: 'Read it' }).click();
  // "asked" is a verb in English, but not in the demo's list: the widget says so, in those words.
  await expect(classes.getByRole('listitem').nth(2)).toHaveText('asked other (not in the lists)');
  await expect(widget.getByText(/from the demo’s own short lists \(about 150 words\), not from a grammar of English.*“asked” is in none of the lists, so it is “other” here, whatever it is in English\./)).toBeVisible();
  await widget.getByRole('textbox', { name: 'Sentence' }).fill('the girl asked him');
  await widget.getByRole('button', { name: 'Read it' }).click();
  await expect(widget.getByText('No word of this sentence is in the demo’s verb list: the rule finds nothing, and every word looks at itself.')).toBeVisible();
});

test('the heatmaps take the keyboard as an interactive element with a key map; “In words” states the map in view', async ({ page }) => {
  const widget = await openWidget(page, 'heads');
  const map = widget.getByRole('application', { name: 'Head 1: Previous word' });
  await expect(map).toHaveAttribute('aria-roledescription', 'heatmap');
  await expect(map).toHaveAccessibleDescription(/^Arrow keys move the focused cell; Home and End go to the first and last key of the row\..*query 8 “it” → key 2 “animal”: 0\.01$/);
  const article = widget.getByRole('article', { name: 'Four heads read one sentence' });
  await expect(article).toHaveAccessibleDescription(/Now: head 1 is shown, on “The animal didn't cross the street because it was tired”\. In head 1 \(Previous word\), “it” gives its largest weight, 0\.94, to “because”\.$/);
  await widget.getByRole('tab', { name: 'Head 2' }).click();
  await expect(article).toHaveAccessibleDescription(/In head 2 \(Pronoun → noun\), “it” gives its largest weight, 0\.94, to “animal”\.$/);
  // The focused query moves with the arrow keys, and "In words" follows it at once.
  const map2 = widget.getByRole('application', { name: /^Head 2:/ });
  await map2.focus();
  await page.keyboard.press('ArrowDown');
  await expect(map2).toHaveAccessibleDescription(/query 9 “was” → key 2 “animal”: [\d.]+$/);
  await expect(article).toHaveAccessibleDescription(/In head 2 \(Pronoun → noun\), “was” gives its largest weight, [\d.]+, to “[^”]+”\.$/);
});

test('a typed sentence is never lost: a head tab, a switch or leaving the field applies it first', async ({ page }) => {
  const widget = await openWidget(page, 'heads');
  const field = widget.getByRole('textbox', { name: 'Sentence' });
  await field.fill('the cat sat on the mat');
  await widget.getByRole('tab', { name: 'Head 2' }).click();
  await expect(widget).toHaveAttribute('sentence', 'the cat sat on the mat');
  await expect(widget).toHaveAttribute('head', '2');
  await expect(field).toHaveValue('the cat sat on the mat');
  await expect(widget.getByText(/shape \(4, 6, 6\)/)).toBeVisible();
  await field.fill('a dog ran home');
  await widget.getByRole('checkbox', { name: 'Causal mask' }).check();
  await expect(widget).toHaveAttribute('sentence', 'a dog ran home');
  await expect(widget).toHaveAttribute('mask', 'causal');
  await field.fill('she was tired');
  await field.blur();
  await expect(widget).toHaveAttribute('sentence', 'she was tired');
  await expect(widget.getByText(/shape \(4, 3, 3\)/)).toBeVisible();
});

test('6.1’s trophy links open the heads on both sentences: the fixed pronoun rule picks “trophy” each time', async ({ page }) => {
  // The lab text's opening example: where "it" looks depends on the last word, which a rule on word
  // classes cannot see. Each link sets the sentence and Head 2 and brings the widget into view.
  await page.goto('/');
  const widget = page.locator('attn-heads');
  for (const ending of ['large', 'small']) {
    await page.locator('#trophy').getByRole('link', { name: `too ${ending}` }).click();
    await expect(widget).toHaveAttribute('sentence', `The trophy would not fit in the suitcase because it was too ${ending}`);
    await expect(widget.getByRole('tab', { name: 'Head 2' })).toHaveAttribute('aria-selected', 'true');
    await expect(widget).toBeInViewport();
    await whenStarted(widget);
    // The readout opens on the row the link is about: "it" and the noun the rule sends it to.
    await expect(widget.getByText('query 10 “it” → key 2 “trophy”: 0.93')).toBeVisible();
    const map = widget.getByRole('application', { name: 'Head 2: Pronoun → noun' });
    await map.focus();
    for (let i = 0; i < 13; i++) await map.press('ArrowUp'); // row 1, wherever the focus was
    for (let i = 0; i < 9; i++) await map.press('ArrowDown'); // row 10, "it"
    await map.press('Home');
    await map.press('ArrowRight'); // key 2, "trophy"
    await expect(widget.getByText('query 10 “it” → key 2 “trophy”: 0.93')).toBeVisible();
    for (let i = 0; i < 6; i++) await map.press('ArrowRight'); // key 8, "suitcase"
    await expect(widget.getByText(/^query 10 “it” → key 8 “suitcase”: 0\.0\d$/)).toBeVisible();
  }
});

test('a sentence with punctuation stays as typed in the field; the line beside it names the words read and what was left out', async ({ page }) => {
  const widget = await openWidget(page, 'heads');
  const box = widget.getByRole('textbox', { name: 'Sentence' });
  const line = widget.getByRole('status').filter({ hasText: /^The heads read/ });
  await expect(line).toBeHidden(); // the chapter's sentence is read as typed
  await box.fill('Hello, world! (really) — yes');
  await widget.getByRole('button', { name: 'Read it' }).click();
  await expect(box).toHaveValue('Hello, world! (really) — yes');
  await expect(widget).toHaveAttribute('sentence', 'Hello, world! (really) — yes');
  await expect(line).toHaveText('The heads read the words “Hello” “world” “really” “yes”; “,” “!” “(” “)” “—” are left out (the punctuation around a word is not part of it).');
  await expect(widget.getByText(/shape \(4, 4, 4\)/)).toBeVisible();
  await expect(widget.getByRole('listitem').filter({ hasText: /^really/ })).toHaveCount(1); // the word classes list the bare words
  // A word's own apostrophe is part of it; a sentence read as typed takes the line away.
  await box.fill('the dog didn\'t bark');
  await box.press('Enter');
  await expect(box).toHaveValue('the dog didn\'t bark');
  await expect(line).toBeHidden();
});

test('the demo’s sizes beside the chapter’s (8 heads × 64 in a width of 512), counted by the core for the sentence shown', async ({ page }) => {
  const widget = await openWidget(page, 'heads', { query: { sentence: 'the cat sat because it was tired' } });
  const attn = await loadWasmAttn();
  const table = widget.getByRole('table', { name: 'This demo beside the chapter’s sizes, for this sentence of 7 words (N = 7)' });
  const row = (name) => table.getByRole('row', { name }).getByRole('cell');
  const demo = attn.cost({ n: 7, dModel: 64, heads: 4 }), chapter = attn.cost({ n: 7, dModel: 512, heads: 8 });
  const shown = (x) => x.toLocaleString('en-US');
  await expect(row(/^heads h/)).toHaveText(['4', '8']);
  await expect(row(/^features per head/)).toHaveText(['16', '64']);
  await expect(row(/^model width/)).toHaveText(['64', '512']);
  await expect(row(/^projection multiply-adds/)).toHaveText([shown(demo.linear), shown(chapter.linear)]);
  await expect(row(/^score-table entries/)).toHaveText([shown(demo.layerEntries), shown(chapter.layerEntries)]);
  expect([demo.linear, chapter.layerEntries]).toEqual([4 * 7 * 64 * 64, 8 * 7 * 7]);
});
