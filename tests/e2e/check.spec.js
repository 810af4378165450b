// check.spec.js — <attn-check>, "Check yourself": a wrong and a right answer for every question
// (numbers marked by the core: the variance by sampling, the score table and the crossover by the
// cost model, the KV cache's bytes by the decoding cost); bad and hostile text in every answer field gets a sentence, never an exception;
// progress survives a reload, new numbers are kept, and clearing forgets them; every question is
// reachable and answerable by keyboard alone; its links lead to the section that shows the answer.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, whenStarted, holdCore } from './helpers/fixtures.js';

async function open(page, url = '/embed.html?widget=check') {
  await page.goto(url);
  const widget = page.locator('attn-check').first();
  await whenStarted(widget);
  return widget;
}

const question = (widget, n) => widget.getByRole('group', { name: new RegExp(`^Question ${n}\\. `) });

/** Chooses the option whose text starts with `start` and checks it. */
async function choose(widget, n, start) {
  const group = question(widget, n);
  await group.getByRole('radio', { name: new RegExp(`^${start}`) }).check();
  await group.getByRole('button', { name: 'Check answer' }).click();
  return group;
}

/** Types `text` in a numeric question and checks it. */
async function answer(widget, n, text) {
  const group = question(widget, n);
  await group.getByRole('textbox').fill(text);
  await group.getByRole('button', { name: 'Check answer' }).click();
  return group;
}

const feedback = (group) => group.locator('.feedback');

// [question, a wrong option (start of its text), what its feedback says, the right option, what that says]
const CHOICES = [
  [1, 'Because three smaller', /three projections cost more/, 'So that “should I read', /x·xᵀ would force every score table to be symmetric/],
  [2, 'Nothing: softmax is unchanged', /multiplying them sharpens it/, 'Raw scores grow like', /hard argmax that does not learn/],
  [4, 'It makes no difference', /rows sum to less than 1/, 'Masking after the softmax zeroes', /the row sums fall below 1/],
  [5, 'A lower loss always', /beats the floor/, 'The model may be reading the future', /causality check/],
  [8, 'Much less computation', /about the same arithmetic/, 'Several different weightings', /cannot interfere until WO mixes them/],
  // on the chapter's text on attention's origin
  [9, 'It is the value of the key that best matches', /that is a dictionary, a hard lookup/, 'It is a convex combination of the values', /never leaves the hull the lookup widget draws dashed/],
  [10, 'All three from the source sentence', /that is self-attention/, 'Queries from the decoder’s current step', /removes that bottleneck/],
  [12, 'That the previous character is the reason', /the row shows what was mixed, not what caused the output/, 'Which value vectors this head mixed', /such as the lab’s knock-out/],
];

test('every choice question: a wrong option says why not, the right one says why', async ({ page }) => {
  const widget = await open(page);
  for (const [n, wrong, wrongWhy, right, rightWhy] of CHOICES) {
    let group = await choose(widget, n, wrong);
    await expect(feedback(group)).toHaveText(/^✗ Not yet\./);
    await expect(feedback(group)).toHaveText(wrongWhy);
    group = await choose(widget, n, right);
    await expect(feedback(group)).toHaveText(/^✓ Right \(on try 2\)\./);
    await expect(feedback(group)).toHaveText(rightWhy);
  }
  await expect(widget.getByRole('status').filter({ hasText: 'answered right' })).toHaveText(/^8 of 12 answered right\./);
});

test('the variance question is marked by the core’s sampling, within 5 %', async ({ page }) => {
  const widget = await open(page);
  const group = question(widget, 3);
  await expect(group).toContainText('d_k = 96.'); // seed 0: the issue's own example
  await answer(widget, 3, '48');
  await expect(feedback(group)).toHaveText(/^✗ Not yet\. Not quite: the core’s measurement is not within 5 % of 48\./);
  await answer(widget, 3, '9.8');
  await expect(feedback(group)).toHaveText(/9\.8 is about √d_k, the typical size of a score/); 
  await answer(widget, 3, '1');
  await expect(feedback(group)).toHaveText(/1 is the variance after dividing by √d_k/);
  await answer(widget, 3, '96');
  const text = await feedback(group).textContent();
  expect(text).toMatch(/^✓ Right \(on try 4\)\. The core drew 50,000 random query–key pairs at d_k = 96 and measured a variance of (\d+\.\d\d)/);
  const measured = Number(/variance of (\d+\.\d\d)/.exec(text)[1]);
  expect(Math.abs(measured - 96) / 96).toBeLessThan(0.03); // the sample of 50,000 is within 1 % (3 standard errors)
});

test('the score-table and crossover questions are marked by the core’s cost model', async ({ page }) => {
  const widget = await open(page);
  const entries = question(widget, 6);
  await expect(entries).toContainText('N = 2,048 tokens');
  await answer(widget, 6, '2048');
  await expect(feedback(entries)).toHaveText(/2,048 is one row of the table/);
  await answer(widget, 6, '4,194,304');
  await expect(feedback(entries)).toHaveText(/^✓ Right \(on try 2\)\. 4,194,304 entries.*at N = 4,096 it holds 16,777,216, 4 times as many, and the scores and the weighted sum cost 4 times as much\./);

  const crossover = question(widget, 7);
  await expect(crossover).toContainText('d_model = 768');
  await answer(widget, 7, '768');
  await expect(feedback(crossover)).toHaveText(/At N = 768 the quadratic term is 0\.50 times the linear one: still the smaller, so the crossover is later\./);
  await answer(widget, 7, '4000');
  await expect(feedback(crossover)).toHaveText(/At N = 4,000 the quadratic term is 2\.60 times the linear one: already the larger/);
  await answer(widget, 7, '1536');
  await expect(feedback(crossover)).toHaveText(/^✓ Right \(on try 3\)\. N = 1,536, twice d_model\./);
});

test('the KV cache question is marked by the core’s decoding cost; new numbers ask it again and are marked anew', async ({ page }) => {
  const widget = await open(page);
  const cache = question(widget, 11);
  await expect(cache).toContainText('A decoder of 12 layers with d_model = 768');
  await expect(cache).toContainText('1,024 tokens long');
  await expect(cache.getByRole('link')).toHaveText('Decoding with a KV cache: the widget counts the cache’s bytes and each step’s work');
  await answer(widget, 11, '113,246,208'); // 3·L·t·d·4: the queries cached too
  await expect(feedback(cache)).toHaveText(/^✗ Not yet\. Not quite: 113,246,208 caches the queries too\. A query is used once/);
  await answer(widget, 11, '18874368'); // 2·L·t·d: numbers, not bytes
  await expect(feedback(cache)).toHaveText(/18,874,368 is how many numbers the cache holds/);
  await answer(widget, 11, '75,497,472');
  await expect(feedback(cache)).toHaveText(/^✓ Right \(on try 3\)\. 75,497,472 bytes, about 72 MiB.*18,874,368 multiply-adds of attention, instead of the whole 1,024 × 1,024 table again, 19,327,352,832: 1,024 times fewer\./);

  // New numbers: another cache (seed 1), the old answer is now wrong, the new one right.
  await cache.getByRole('button', { name: 'New numbers' }).click();
  await expect(cache).toContainText('A decoder of 48 layers with d_model = 2,048');
  await expect(cache).toContainText('4,096 tokens long');
  await expect(feedback(cache)).toBeHidden();
  await answer(widget, 11, '75497472');
  await expect(feedback(cache)).toHaveText(/^✗ Not yet\./);
  await answer(widget, 11, '3221225472');
  await expect(feedback(cache)).toHaveText(/^✓ Right \(on try 2\)\. 3,221,225,472 bytes.*4,096 times fewer\./);
  await answer(widget, 11, '1610612736');
  await expect(feedback(cache)).toHaveText(/1,610,612,736 is half of it, the keys alone/);
});

test('bad input in every answer field gets a sentence beside it, and is not counted', async ({ page }) => {
  const widget = await open(page);
  const cases = [
    [3, '', 'Type a variance first'], [3, 'ninety-six', '“ninety-six” is not a number'], [3, '-96', '“-96” is negative, and a variance never is.'],
    [6, '1.5', '“1.5” is not a whole number, and a number of entries is a count.'], [6, '1e400', '“1e400” is not a number'],
    [7, '0x600', '“0x600” is not a number'], [7, '−1536', '“−1536” is negative'],
    [11, '72 MiB', '“72 MiB” is not a number: type a number of bytes'], [11, '0.5', '“0.5” is not a whole number, and a number of bytes is a count.'],
  ];
  for (const [n, text, sentence] of cases) {
    const group = await answer(widget, n, text);
    await expect(group.getByRole('alert')).toContainText(sentence);
    await expect(group.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    await expect(feedback(group)).toBeHidden();
  }
  // A choice question with nothing chosen.
  const first = question(widget, 1);
  await first.getByRole('button', { name: 'Check answer' }).click();
  await expect(first.getByRole('alert')).toHaveText('⚠ Choose one of the answers first.');
  await expect(widget.getByRole('status').filter({ hasText: 'answered right' })).toHaveText(/^0 of 12 answered right\./);
  // A good answer clears the sentence.
  const group = await answer(widget, 7, '1536');
  await expect(group.getByRole('alert')).toBeHidden();
  await expect(group.getByRole('textbox')).not.toHaveAttribute('aria-invalid');
});

test('hostile text in an answer field is quoted as text and runs nothing', async ({ page }) => {
  const widget = await open(page);
  for (const payload of ['<img src=x onerror="window.__pwned=1">', '<script>window.__pwned=1</script>', '\u202Eevil\u200B <b>bold</b>']) {
    const group = await answer(widget, 3, payload);
    await expect(group.getByRole('alert')).toContainText(`“${payload.trim()}” is not a number`);
  }
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(await widget.evaluate((el) => el.shadowRoot.querySelectorAll('img, script:not([src]), b').length)).toBe(0);
  await answer(widget, 3, '96');
  await expect(feedback(question(widget, 3))).toHaveText(/^✓ Right/);
});

test('progress survives a reload, new numbers are kept, and clearing forgets everything', async ({ page }) => {
  let widget = await open(page);
  await choose(widget, 1, 'So that “should I read');
  const variance = question(widget, 3);
  await variance.getByRole('button', { name: 'New numbers' }).click();
  await expect(variance).toContainText('d_k = 160.'); // seed 1
  await expect(variance.getByRole('textbox')).toBeFocused();
  await answer(widget, 3, '160');
  await expect(feedback(variance)).toHaveText(/^✓ Right\. .*d_k = 160 and measured/);
  const events = await widget.evaluate((el) => new Promise((resolve) => {
    el.addEventListener('answered', (event) => resolve(event.detail), { once: true });
    el.shadowRoot.querySelector('[data-question="crossover"] input').value = '1536';
    el.shadowRoot.querySelector('[data-question="crossover"] button').click();
  }));
  expect(events).toEqual({ question: 'crossover', right: true, tries: 1 });

  await page.reload();
  widget = page.locator('attn-check');
  await whenStarted(widget);
  await expect(widget.getByRole('status').filter({ hasText: 'answered right' })).toHaveText('3 of 12 answered right. Kept in this browser only.');
  await expect(question(widget, 1).getByRole('radio', { name: /^So that/ })).toBeChecked();
  await expect(feedback(question(widget, 1))).toHaveText(/^✓ Right\./);
  await expect(question(widget, 3)).toContainText('d_k = 160.');
  await expect(question(widget, 3).getByRole('textbox')).toHaveValue('160');
  // Saved on the lab page too (same origin, same store).
  await page.goto('/#check');
  await whenStarted(page.locator('attn-check'));
  await expect(page.locator('attn-check').getByRole('status').filter({ hasText: 'answered right' })).toHaveText(/^3 of 12/);

  await page.locator('attn-check').getByRole('button', { name: 'Clear my answers' }).click();
  await expect(page.locator('attn-check').getByRole('status').filter({ hasText: 'answered right' })).toHaveText('Your answers were cleared from this browser. 0 of 12 answered right. Kept in this browser only.');
  await page.reload();
  widget = page.locator('attn-check');
  await whenStarted(widget);
  await expect(question(widget, 3)).toContainText('d_k = 96.');
  await expect(question(widget, 3).getByRole('textbox')).toHaveValue('');
  await expect(feedback(question(widget, 1))).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('attention-lab:progress'))).toBeNull();
});

test('a record of another format version is not read, and storage that refuses is said', async ({ page }) => {
  await page.goto('/embed.html?widget=check');
  await page.evaluate(() => localStorage.setItem('attention-lab:progress', JSON.stringify({ version: 99, records: { 'check/variance': { seed: 3 } } })));
  let widget = await open(page);
  await expect(question(widget, 3)).toContainText('d_k = 96.');
  // A page whose storage throws: the answers still work, in memory, and the learner is told.
  await page.addInitScript(() => Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } }));
  widget = await open(page);
  await answer(widget, 7, '1536');
  await expect(widget.getByRole('status').filter({ hasText: 'answered right' })).toHaveText('1 of 12 answered right. This browser does not allow storage here, so your answers last until the page closes.');
});

test('by keyboard alone: choose, check, type a number, get new numbers', async ({ page }) => {
  const widget = await open(page);
  const first = question(widget, 1);
  await first.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowDown'); // moves and selects within the group
  await page.keyboard.press('Tab');
  await expect(first.getByRole('button', { name: 'Check answer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(feedback(first)).toBeVisible();
  const crossover = question(widget, 7);
  await crossover.getByRole('textbox').focus();
  await page.keyboard.type('1536');
  await page.keyboard.press('Enter');
  await expect(feedback(crossover)).toHaveText(/^✓ Right/);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(crossover.getByRole('button', { name: 'New numbers' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(crossover).toContainText('d_model = 2,048');
  await expect(feedback(crossover)).toBeHidden();
  // The questions on attention's origin too: a choice by the arrow keys, the cache's bytes typed and new numbers.
  const maps = question(widget, 12);
  await maps.getByRole('radio').first().focus();
  let chosen = '';
  for (let presses = 0; presses < 4 && !/^Which value vectors/.test(chosen); presses++) {
    await page.keyboard.press('ArrowDown');
    chosen = await maps.getByRole('radio', { checked: true }).evaluate((radio) => radio.labels[0].textContent);
  }
  expect(chosen).toMatch(/^Which value vectors/);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(feedback(maps)).toHaveText(/^✓ Right\./);
  const cache = question(widget, 11);
  await cache.getByRole('textbox').focus();
  await page.keyboard.type('75497472');
  await page.keyboard.press('Enter');
  await expect(feedback(cache)).toHaveText(/^✓ Right\. 75,497,472 bytes/);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(cache.getByRole('button', { name: 'New numbers' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cache).toContainText('A decoder of 48 layers');
  await expect(cache.getByRole('textbox')).toBeFocused();
});

test('the questions attribute chooses the questions; links go to the section that shows the answer', async ({ page }) => {
  await page.goto('/examples/course.html');
  const widget = page.locator('attn-check');
  await widget.scrollIntoViewIfNeeded();
  await whenStarted(widget);
  await expect(widget.getByRole('group')).toHaveCount(3);
  await expect(widget.getByRole('status').filter({ hasText: 'answered right' })).toHaveText(/^0 of 3/);
  // On a course page the link leads to the lab page's section.
  await expect(question(widget, 3).getByRole('link')).toHaveAttribute('href', /\/index\.html#s6-3$/);
  await widget.evaluate((el) => { el.questions = new Set(['heads']); });
  await expect(widget.getByRole('group')).toHaveCount(1);
  await expect(widget).toHaveAttribute('questions', 'heads');

  // On the lab page it is the section on the page itself.
  await page.goto('/#check');
  const lab = page.locator('attn-check');
  await whenStarted(lab);
  await expect(question(lab, 6).getByRole('link')).toHaveAttribute('href', '#s6-6');
  await question(lab, 6).getByRole('link').click();
  await expect(page.locator('#s6-6')).toBeInViewport();
  // The questions on attention's origin link to the sections that show them live, on the page.
  for (const [n, id] of [[9, 'lookup'], [10, 'roles'], [11, 'decode'], [12, 'lab']]) {
    await expect(question(lab, n).getByRole('link')).toHaveAttribute('href', `#${id}`);
    await expect(page.locator(`section#${id}`)).toHaveCount(1);
  }
});

test('answered, with right, wrong, refused and out-of-date feedback showing, it has no axe violations', async ({ page }) => {
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    const widget = await open(page);
    await choose(widget, 1, 'Because three smaller');
    await answer(widget, 3, '96');
    await answer(widget, 6, 'abc');
    await answer(widget, 7, '1536');
    await answer(widget, 7, '1536.5'); // an out-of-date verdict too
    await choose(widget, 10, 'Queries from the encoder');
    await answer(widget, 11, '75497472');
    await expect(feedback(question(widget, 3))).toHaveText(/^✓ Right/);
    await expect(feedback(question(widget, 7))).toHaveText(/^Out of date: /);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(results.violations.map((v) => `${scheme}: ${v.id} ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`)).toEqual([]);
    await page.evaluate(() => localStorage.clear());
  }
});

test('a refused entry after a checked answer marks that answer’s verdict out of date, for every number question (editorcheck)', async ({ page }) => {
  const widget = await open(page);
  const cases = [
    [3, '96', /^✓ Right/, '√96', '“√96” is not a number'],
    [6, '4194304', /^✓ Right/, '4194304.5', '“4194304.5” is not a whole number'],
    [7, '768', /^✗ Not yet/, '0x600', '“0x600” is not a number'],
    [7, '1536', /^✓ Right/, '', 'Type'],
    [11, '75497472', /^✓ Right/, '72 MiB', '“72 MiB” is not a number'],
  ];
  for (const [n, checked, verdict, refused, sentence] of cases) {
    const group = await answer(widget, n, checked);
    await expect(feedback(group)).toHaveText(verdict);
    await expect(feedback(group)).not.toHaveClass(/stale/);
    await answer(widget, n, refused);
    await expect(group.getByRole('alert')).toContainText(sentence);
    // The verdict stays, said to be about the answer it was given for, not the entry refused above it.
    const about = refused ? `Out of date: this is about your earlier answer, “${checked}”, not about “${refused}”.` : `Out of date: this is about your earlier answer, “${checked}”.`;
    await expect(feedback(group)).toHaveText(new RegExp(`^${about.replace(/[.()]/g, '\\$&')}\\s*${verdict.source.slice(1)}`));
    await expect(feedback(group)).toHaveClass(/stale/);
  }
  // A new answer gets a verdict of its own, unmarked.
  const group = await answer(widget, 3, '96');
  await expect(feedback(group)).toHaveText(/^✓ Right/);
  await expect(feedback(group)).not.toHaveClass(/stale/);
});

test('what a learner types or chooses before the widget has started is kept, and a saved verdict it is not about says so', async ({ page }) => {
  // No saved answer: the typed text and the chosen option survive the start and can be checked.
  let release = await holdCore(page);
  await page.goto('/embed.html?widget=check');
  let widget = page.locator('attn-check').first();
  await question(widget, 6).getByRole('textbox').fill('4194304');
  await question(widget, 2).getByRole('radio', { name: /^Raw scores grow like/ }).check();
  release();
  await whenStarted(widget);
  await expect(question(widget, 6).getByRole('textbox')).toHaveValue('4194304');
  await expect(question(widget, 2).getByRole('radio', { name: /^Raw scores grow like/ })).toBeChecked();
  await question(widget, 6).getByRole('button', { name: 'Check answer' }).click();
  await expect(feedback(question(widget, 6))).toHaveText(/^✓ Right/);
  // A saved answer, and other text typed before the next start: the text stays, the old verdict is marked.
  await page.unroute(/\.wasm$/);
  release = await holdCore(page);
  await page.reload();
  widget = page.locator('attn-check').first();
  await question(widget, 6).getByRole('textbox').fill('123');
  release();
  await whenStarted(widget);
  await expect(question(widget, 6).getByRole('textbox')).toHaveValue('123');
  await expect(feedback(question(widget, 6))).toHaveText(/^Out of date: this is about your earlier answer, “4194304”, not about “123”\.\s*✓ Right/);
  await expect(feedback(question(widget, 6))).toHaveClass(/stale/);
});
