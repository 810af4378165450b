// bad-input.spec.js — the browser side of tests/wasm/bad-input.test.mjs: bad values typed into
// every widget's inputs (matrix cells, number inputs, text boxes, file inputs) and set through
// its attributes and the URL (embed.html query, the lab's hash). Each must be answered with a
// readable message beside the control (or ignored, for the URL), never a console error
// (fixtures.js) or a broken widget: afterwards each widget recomputes a known value.
import { test, expect, whenStarted, holdCore } from './helpers/fixtures.js';

// Many values per input, each recomputed: longer than the default 30 s on a shared machine.
test.describe.configure({ timeout: 120_000 });

/** Values no number input should take. */
const BAD_NUMBERS = ['', 'abc', 'NaN', 'Infinity', '-1', '0', '1.5', '1e999', '2147483648', '9007199254740993', '-0'];
/** Attribute values no widget should take (a URL can carry any of them). */
const BAD_ATTRIBUTES = ['', 'abc', 'NaN', 'Infinity', '-1', '0', '1.5', '1e999', '2147483648', 'null', 'undefined', '[object Object]', '{"a":1}', '9'.repeat(400)];

async function open(page, name, query = '') {
  await page.goto(`/embed.html?widget=${name}${query}`);
  const widget = page.locator(`attn-${name}`);
  await whenStarted(widget);
  return widget;
}

/** Types `value` into `input` and commits it (Enter; number inputs take text through their value). */
async function type(input, value) {
  await input.evaluate((el, v) => { el.value = v; el.dispatchEvent(new Event('input', { bubbles: true })); }, value);
  await input.press('Enter');
  await input.evaluate((el) => el.dispatchEvent(new Event('change', { bubbles: true })));
}

/** Sets every attribute in `names` to every bad value in turn, on the widget itself. */
async function badAttributes(widget, names) {
  for (const name of names) {
    for (const value of BAD_ATTRIBUTES) await widget.evaluate((el, [n, v]) => el.setAttribute(n, v), [name, value]);
    await widget.evaluate((el, n) => el.removeAttribute(n), name);
  }
}

/** A message is shown for the last bad value: an alert with text, or the input marked invalid. */
async function expectRefused(widget, input, what) {
  const invalid = await input.getAttribute('aria-invalid');
  const alerts = await widget.getByRole('alert').allTextContents();
  expect(invalid === 'true' || alerts.some((text) => text.trim().length > 10), `${what}: no message`).toBe(true);
}

test('stepper: bad matrix cells, steps and flags are refused; the chapter’s output comes back', async ({ page }) => {
  const widget = await open(page, 'stepper', '&step=abc&mask=zzz&scale=maybe&x=%5B1%2C2&wq=NaN');
  for (const name of ['X, row x₁, column 1', 'W^Q, row 2, column 2', 'W^V, row 4, column 2']) {
    const cell = widget.getByRole('textbox', { name });
    for (const value of ['', 'abc', 'NaN', 'Infinity', '-Infinity', '1e999', '1e39', '3e38', '--1', '1,2,3', '0x10']) {
      await cell.fill(value);
      await cell.press('Enter');
      // 3e38 fits a 32-bit float; whether its products overflow depends on the cell, and an
      // overflow is refused with a message. Every other value is refused outright.
      if (value !== '3e38') await expectRefused(widget, cell, `${name} = ${value}`);
      // Whatever happened, every table shows numbers (or the chapter's NaN for an empty row), never "undefined".
      expect(await widget.evaluate((el) => el.shadowRoot.textContent)).not.toMatch(/undefined|\[object/);
    }
    await cell.fill(name.startsWith('X') ? '1' : name.startsWith('W^Q') ? '1' : '1');
    await cell.press('Enter');
  }
  await badAttributes(widget, ['step', 'mask', 'scale', 'x', 'wq', 'wk', 'wv']);
  await widget.getByRole('button', { name: 'Reset example' }).click();
  await widget.evaluate((el) => { el.setAttribute('step', '6'); el.setAttribute('mask', 'causal'); });
  await expect(widget.getByRole('grid', { name: 'Output', exact: true }).locator('tbody tr').last()).toHaveText(/0\.804\s*1\.413/);
});

test('cost: bad numbers in every input and attribute; the chapter’s crossover comes back', async ({ page }) => {
  const widget = await open(page, 'cost', '&n=abc&d-model=-1&heads=1e999');
  for (const label of ['N (tokens)', 'd_model (model width)', 'h (heads)']) {
    const input = widget.getByLabel(label, { exact: true });
    for (const value of BAD_NUMBERS) {
      await type(input, value);
      await expectRefused(widget, input, `${label} = ${value}`);
    }
  }
  await badAttributes(widget, ['n', 'd-model', 'heads']);
  await widget.evaluate((el) => { el.setAttribute('n', '1024'); el.setAttribute('d-model', '512'); el.setAttribute('heads', '8'); });
  await expect(widget.getByText('8 heads × 64 features = d_model 512. Crossover at N = 1,024: at N = 1,024 the two terms are equal.')).toBeVisible();
});

test('variance: bad numbers in every input and attribute; a d_k = 64 histogram comes back', async ({ page }) => {
  const widget = await open(page, 'variance', '&dk=abc&draws=-5&seed=1.5&threshold=2');
  await expect(widget.getByText(/variance ÷ d_k = \d/)).toBeVisible({ timeout: 20_000 }); // “…” until measured
  for (const label of ['Head width d_k', 'Draws', 'Seed', 'Keys per trial', 'Saturation threshold']) {
    const input = widget.getByLabel(label);
    // A seed may be 0 and up to 2^32 − 1.
    for (const value of BAD_NUMBERS.filter((v) => !(label === 'Seed' && ['0', '-0', '2147483648'].includes(v)))) {
      await type(input, value);
      await expectRefused(widget, input, `${label} = ${value}`);
    }
    await type(input, await input.evaluate((el) => el.defaultValue || el.getAttribute('value') || ''));
  }
  const names = await widget.evaluate((el) => el.constructor.observedAttributes);
  await badAttributes(widget, names);
  const dk = widget.getByLabel('Head width d_k');
  await type(dk, '64');
  await expect(widget.getByText(/^d_k = 64, [\d,]+ draws:/)).toBeVisible({ timeout: 30_000 });
});

test('masks: bad windows, sentences, edits and attributes; the causal mask comes back', async ({ page }) => {
  const widget = await open(page, 'masks', '&masks=zzz&window=-3&edits=9%3A9%2Cx&scores=%3F&sequence=7&compare=maybe');
  const box = widget.getByRole('textbox', { name: 'Sentence', exact: true });
  for (const value of ['', '   ', 'one', Array(13).fill('w').join(' '), 'a'.repeat(100_000)]) {
    await box.fill(value);
    await box.press('Enter');
    await expectRefused(widget, box, `sentence "${value.slice(0, 20)}"`);
  }
  await badAttributes(widget, ['masks', 'window', 'edits', 'scores', 'sequence', 'compare', 'second', 'sentence']);
  await box.fill('we like green tea');
  await box.press('Enter');
  await widget.evaluate((el) => { el.setAttribute('masks', 'causal'); });
  await expect(widget.getByRole('table', { name: 'Mask' }).locator('tbody tr')).toHaveCount(4);
  await expect(widget.getByRole('table', { name: 'Mask' }).locator('tbody tr').first()).toHaveText(/0\s*−∞\s*−∞\s*−∞/);
  await expect(widget.getByRole('table', { name: 'Row diagnostics' })).toContainText('1.0986'); // ln 3, row 3
});

test('shuffle: bad widths, offsets, orders and sentences; the outputs come back', async ({ page }) => {
  const widget = await open(page, 'shuffle', '&width=abc&offset=-1&order=9%2C9%2Cx&positions=zzz&mask=zzz');
  for (const label of ['Width d', 'First position']) {
    const input = widget.getByLabel(label);
    for (const value of BAD_NUMBERS.filter((v) => !(label === 'First position' && (v === '0' || v === '-0')))) {
      await type(input, value);
      await expectRefused(widget, input, `${label} = ${value}`);
    }
  }
  await badAttributes(widget, ['width', 'offset', 'order', 'positions', 'mask', 'sentence']);
  const field = widget.getByLabel('Sentence (up to 16 words)');
  await field.fill('The dog bit the man');
  await field.press('Enter');
  await widget.evaluate((el) => { el.setAttribute('width', '8'); el.setAttribute('offset', '0'); el.setAttribute('positions', 'none'); });
  await expect(widget.locator('.vec-numbers').first()).toHaveText(/^\[(−?\d\.\d\d, ){7}−?\d\.\d\d\]$/);
});

test('heads: bad heads, masks and sentences; the chapter’s sentence comes back', async ({ page }) => {
  const widget = await open(page, 'heads', '&head=99&mask=zzz&wo=zzz&sentence=x');
  const box = widget.getByRole('textbox', { name: 'Sentence' });
  for (const value of ['', 'one', Array(17).fill('w').join(' '), '!!! ???']) {
    await box.fill(value);
    await box.press('Enter');
    await expectRefused(widget, box, `sentence "${value}"`);
  }
  await badAttributes(widget, ['head', 'mask', 'wo', 'sentence']);
  await widget.getByRole('button', { name: 'Chapter’s sentence' }).click();
  await expect(widget.getByText(/shape \(4, 10, 10\)/)).toBeVisible();
});

test('train: bad settings, texts, files and attributes; the shipped model still samples', async ({ page }) => {
  test.slow();
  const widget = await open(page, 'train', '&preset=zzz&probe=%00');
  await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  const build = widget.getByRole('button', { name: 'Build model' });
  for (const label of ['Layers', 'Heads', 'd_model', 'Context', 'Batch', 'Learning rate']) {
    const input = widget.getByLabel(label, { exact: true });
    const good = await input.inputValue();
    for (const value of ['', 'abc', '-1', '0', '1.5', '1e999', '2147483648']) {
      if (label === 'Learning rate' && value === '') continue;
      await input.fill(value).catch(() => input.evaluate((el, v) => { el.value = v; }, value));
      await build.click();
      if (label === 'Learning rate' && value === '1.5') continue; // not a whole number is fine for a rate; 1.5 is refused below
      await expect(widget.getByRole('alert'), `${label} = ${value}`).not.toBeEmpty();
    }
    await input.fill(good);
  }
  const upload = widget.getByLabel('Load a weights file');
  await upload.setInputFiles({ name: 'empty.attnlab', mimeType: 'application/octet-stream', buffer: Buffer.alloc(0) });
  await expect(upload).toHaveAttribute('aria-invalid', 'true'); // said beside the file field
  await expect(widget.locator('.field-problem:not([hidden])').filter({ hasText: 'This weights file cannot be used' })).toBeVisible();
  await widget.getByLabel('or a .txt file (up to 5 MB)').setInputFiles({ name: 'binary.txt', mimeType: 'text/plain', buffer: Buffer.from([0, 255, 254, 0, 1, 2]) });
  await widget.getByLabel('Probe text', { exact: true }).fill('');
  await widget.getByRole('button', { name: 'Show attention' }).click();
  await expect(widget.locator('.probe-problem')).toHaveText(/The probe text is empty/); // beside the probe field
  const names = await widget.evaluate((el) => el.constructor.observedAttributes);
  await badAttributes(widget, names);
  await widget.getByRole('button', { name: 'Load the shipped model' }).click();
  await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  await widget.getByLabel('Prompt', { exact: true }).fill('the ');
  await widget.getByRole('button', { name: 'Sample' }).click();
  await expect(widget.getByLabel('Sampled text')).toHaveText(/^Prompt: the  Generated: .+/s);
});

test('editor: bad attributes and empty code are answered; the built-in still passes', async ({ page }) => {
  const widget = await open(page, 'editor', '&timeout=-5&train=zzz');
  await expect(widget.getByRole('button', { name: 'Check against reference' })).toBeEnabled({ timeout: 20_000 });
  await badAttributes(widget, ['timeout', 'train']);
  const box = widget.getByRole('textbox', { name: 'Your attention function (JavaScript)' });
  for (const code of ['', 'function attention() {}', '42', 'function attention(ops, q) { return ops.softmax(q, 99); }']) {
    await box.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    if (code) await page.keyboard.insertText(code);
    await widget.getByRole('button', { name: 'Check against reference' }).click();
    await expect(widget.getByRole('status').filter({ hasText: /failed\.$/ })).toBeVisible({ timeout: 20_000 });
  }
  await widget.getByRole('button', { name: /^Reset/ }).click();
  await widget.getByRole('button', { name: 'Check against reference' }).click();
  await expect(widget.getByText('Check passed.')).toBeVisible({ timeout: 30_000 });
});

test('the lab’s hash with bad values for every widget: each ignores or refuses them, and still works', async ({ page }) => {
  const bad = ['stepper.step=99', 'stepper.x=%5B%5B', 'masks.window=-1', 'masks.masks=zzz', 'shuffle.width=1e999', 'heads.head=-1', 'cost.n=NaN', 'cost.heads=0', 'variance.dk=abc', 'train.preset=zzz', 'editor.timeout=abc', 'nobody.x=1', '.=', '%E0%A4%A=1'];
  await page.goto(`/#s6-2&${bad.join('&')}`);
  for (const tag of ['attn-stepper', 'attn-masks', 'attn-shuffle', 'attn-heads', 'attn-cost']) {
    const widget = page.locator(tag);
    await widget.scrollIntoViewIfNeeded();
    await whenStarted(widget);
  }
  const cost = page.locator('attn-cost');
  await cost.evaluate((el) => { el.setAttribute('n', '1024'); el.setAttribute('d-model', '512'); el.setAttribute('heads', '8'); });
  await expect(cost.getByText('8 heads × 64 features = d_model 512. Crossover at N = 1,024: at N = 1,024 the two terms are equal.')).toBeVisible();
});

// A value refused before the widget has started (its core still on its way): the message says
// so at once; once the widget has started, it shows the last good state, and the message then
// says that too. (The format of each message reads whether a good state is shown.) Decode's
// last good state comes later than its start, with its model.
for (const { name, label, value, kept } of [
  { name: 'cross', label: 'Target (decoder)', value: '', kept: 'The last good map is still shown.' },
  { name: 'lookup', label: 'Sharpness s', value: '−2', kept: 'The last good state is still shown.' },
  { name: 'decode', label: 'Prompt', value: '', kept: 'The last good state is still shown.' },
  { name: 'bottleneck', label: 'Seed', value: '-1', kept: 'The last good measurement is still shown.' },
]) {
  test(`${name}: refused before the start, then the last good state is shown and the message says so`, async ({ page }) => {
    const release = await holdCore(page); // until the entry is made
    await page.goto(`/embed.html?widget=${name}`);
    const widget = page.locator(`attn-${name}`);
    const field = widget.getByLabel(label, { exact: true });
    await field.fill(value);
    await field.press('Enter');
    const alert = widget.getByRole('alert').filter({ hasText: '⚠' });
    await expect(alert).toHaveCount(1);
    await expect(alert).not.toContainText(kept); // nothing is shown yet
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    release();
    await whenStarted(widget);
    await expect(alert).toContainText(kept, { timeout: 60_000 });
    await expect(field).toHaveValue(value);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  });
}

test('a number field holding what is not a number says so, naming the field and the value still in use', async ({ page }) => {
  const widget = await open(page, 'variance');
  const field = widget.getByLabel('Head width d_k');
  await field.focus();
  await field.press('Control+A');
  await field.pressSequentially('1e'); // the browser keeps the text and reports its value as ''
  expect(await field.evaluate((el) => [el.value, el.validity.badInput])).toEqual(['', true]);
  await field.press('Enter');
  await expect(widget.getByText(/what was typed/)).toHaveText(/Head width d_k: what was typed cannot be read as a number: it is too large \(such as 1e309\) or not written with digits, a decimal point and -\. The last good value, 128, is still in use\./);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.press('Control+A');
  await field.pressSequentially('64');
  await field.press('Enter');
  await expect(widget).toHaveAttribute('dk', '64');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
});

/** The text of what describes `field` (its aria-describedby), as a screen reader hears it. */
const described = (field) => field.evaluate((el) => {
  const root = el.getRootNode();
  return (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
    .map((id) => root.getElementById(id)).filter((line) => line && !line.hidden).map((line) => line.textContent).join(' ');
});

test('a number field of the page itself gets no extra `change` from the lab', async ({ page }) => {
  await open(page, 'variance');
  const changes = await page.evaluate(async () => {
    const field = Object.assign(document.createElement('input'), { type: 'number' });
    document.body.append(field);
    let count = 0;
    field.addEventListener('change', () => { count += 1; });
    field.focus();
    field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    field.blur();
    field.remove();
    return count;
  });
  expect(changes).toBe(0);
});

test('every number field answers what it holds when the focus leaves it: "1e309" after an empty field, and empty after "1e309"', async ({ page }) => {
  test.slow();
  // The browser reads "1e309" (too large) as it reads an empty field, value '': it fired no `change`
  // between the two, and the sentence beside the field stayed about the text before.
  for (const name of ['variance', 'cost', 'shuffle', 'cross', 'decode', 'bottleneck']) {
    const widget = await open(page, name);
    const fields = widget.locator('input[type="number"]');
    let checked = 0;
    for (let i = 0; i < await fields.count(); i++) {
      const field = fields.nth(i);
      if (!(await field.isVisible())) continue;
      const label = await field.evaluate((el) => (el.labels?.[0]?.textContent ?? el.getAttribute('aria-label')).trim());
      const good = await field.inputValue();
      const typeThenLeave = async (text) => {
        await field.focus();
        await field.press('Control+A');
        await field.press('Delete');
        if (text) await field.pressSequentially(text);
        await field.press('Tab');
      };
      await typeThenLeave('');
      await typeThenLeave('1e309');
      await expect.poll(() => described(field), { message: `${name}: ${label} after "1e309"` })
        .toMatch(/: what was typed cannot be read as a number: it is too large \(such as 1e309\) or not written with digits, a decimal point and -\. The last good value, .+, is still in use\./);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await typeThenLeave('');
      await expect.poll(() => described(field), { message: `${name}: ${label} emptied after "1e309"` }).not.toMatch(/cannot be read as a number/);
      await typeThenLeave(good);
      await expect(field).not.toHaveAttribute('aria-invalid', 'true');
      checked += 1;
    }
    expect(checked, `${name}: number fields checked`).toBeGreaterThan(0);
  }
});
