// hostile.spec.js — hostile text in every text input of every widget, and in the URL state of
// the lab and the embed page: HTML and script payloads, a javascript: URL, right-to-left and
// zero-width characters, a 1 MB string. Each must be shown as text where it is echoed (its
// literal characters in textContent), create no element (no img, script, svg, iframe, b from
// it), never run (window.__pwned stays undefined), log no console error (fixtures.js), and the
// widget must keep computing its known numbers afterwards.
import { test, expect, whenStarted } from './helpers/fixtures.js';

const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '"><svg onload=window.__pwned=1>',
  'javascript:window.__pwned=1',
  '\u202Eevil\u200B \u200Fword\u2066 <b>bold</b>',
];
const MEGA = 'ab '.repeat(350_000); // about 1 MB

// Every payload in every input, a 1 MB string among them: longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

async function open(page, name) {
  await page.goto(`/embed.html?widget=${name}`);
  const widget = page.locator(`attn-${name}`);
  await whenStarted(widget);
  return widget;
}

/** Elements made from a payload, in the document and every shadow root: any element with an
 *  on… attribute, an img / script / svg / iframe / object / embed that mentions the payload, a
 *  <b> holding "bold". */
async function madeFromPayload(page) {
  return page.evaluate(() => {
    const found = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        const html = el.outerHTML.slice(0, 200);
        if (el.getAttributeNames().some((name) => name.startsWith('on'))) found.push(html);
        else if (/^(img|script|svg|iframe|object|embed)$/i.test(el.localName) && /pwned|src="?x/.test(html)) found.push(html);
        else if (el.localName === 'b' && el.textContent === 'bold') found.push(html);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return found;
  });
}

/** After a payload: nothing ran, no element was made from it. */
async function expectInert(page, what) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => window.__pwned), `${what}: the payload ran`).toBeUndefined();
  expect(await madeFromPayload(page), `${what}: the payload made an element`).toEqual([]);
}

/** The widget's visible text (shadow DOM included). */
const shadowText = (widget) => widget.evaluate((el) => el.shadowRoot.textContent);

test('stepper: hostile matrix cells are refused as text, the example still computes', async ({ page }) => {
  const widget = await open(page, 'stepper');
  const cell = widget.getByRole('textbox', { name: 'X, row x₁, column 1' });
  for (const payload of [...PAYLOADS, MEGA]) {
    await cell.fill(payload);
    await cell.press('Enter');
    await expect(cell).toHaveAttribute('aria-invalid', 'true');
    const alert = await widget.getByRole('alert').textContent();
    expect(alert).toMatch(/is not a number/);
    if (payload !== MEGA) expect(alert).toContain(`“${payload}”`);
    else expect(alert).toMatch(/^⚠ “(ab ){13}a…” is not a number/); // a 1 MB entry is quoted by its start
    await expectInert(page, `stepper cell ${payload.slice(0, 20)}`);
  }
  await cell.fill('1');
  await cell.press('Enter');
  await widget.getByRole('button', { name: /^\d\. Output$/ }).click();
  await expect(widget.getByRole('grid', { name: 'Output', exact: true })).toContainText('0.804');
});

test('masks: hostile sentences are words shown as text; the 4-token causal mask still works', async ({ page }) => {
  const widget = await open(page, 'masks');
  await widget.evaluate((el) => el.setAttribute('masks', 'causal padding'));
  for (const label of ['Sentence', 'Second sentence of the batch']) {
    const box = widget.getByRole('textbox', { name: label, exact: true });
    for (const payload of [...PAYLOADS, MEGA]) {
      await box.fill(payload);
      await box.press('Enter');
      await expectInert(page, `masks ${label} ${payload.slice(0, 20)}`);
      const words = payload.trim().split(/\s+/);
      if (words.length >= 2 && words.length <= 12 && label === 'Sentence') {
        const text = await shadowText(widget);
        for (const word of words) expect(text).toContain(word);
      }
    }
    await box.fill(label === 'Sentence' ? 'we like green tea' : 'we like');
    await box.press('Enter');
  }
  await expect(widget.getByRole('alert')).toBeHidden();
  await widget.evaluate((el) => el.setAttribute('masks', 'causal'));
  await expect(widget.getByRole('table', { name: 'Mask' }).locator('tbody tr').first()).toHaveText(/0\s*−∞\s*−∞\s*−∞/);
});

test('shuffle: hostile sentences are shown as text; the dog still keeps its output', async ({ page }) => {
  const widget = await open(page, 'shuffle');
  const field = widget.getByLabel('Sentence (up to 16 words)');
  for (const payload of [...PAYLOADS, MEGA]) {
    await field.fill(payload);
    await field.press('Enter');
    await expectInert(page, `shuffle ${payload.slice(0, 20)}`);
    if (payload !== MEGA) {
      const text = await shadowText(widget);
      for (const word of payload.trim().split(/\s+/)) expect(text).toContain(word);
    }
  }
  await field.fill('The dog bit the man');
  await field.press('Enter');
  await expect(widget.getByRole('alert').filter({ hasText: /./ })).toHaveCount(0);
  await expect(widget.locator('.vec-numbers').first()).toHaveText(/^\[(−?\d\.\d\d, )+−?\d\.\d\d\]$/);
});

test('heads: hostile sentences are read as words, never markup; the chapter’s sentence still works', async ({ page }) => {
  const widget = await open(page, 'heads');
  const box = widget.getByRole('textbox', { name: 'Sentence' });
  for (const payload of [...PAYLOADS, MEGA]) {
    await box.fill(payload);
    await box.press('Enter');
    await expectInert(page, `heads ${payload.slice(0, 20)}`);
  }
  await widget.getByRole('button', { name: 'Chapter’s sentence' }).click();
  await expect(widget.getByText(/shape \(4, 10, 10\)/)).toBeVisible();
});

test('cost and variance: hostile values set as attributes (as URL state does) are refused as text', async ({ page }) => {
  for (const [name, attribute, check] of [['cost', 'n', 'Crossover at N = 1,024'], ['variance', 'dk', null]]) {
    const widget = await open(page, name);
      for (const payload of [...PAYLOADS, MEGA]) {
      await widget.evaluate((el, [a, v]) => el.setAttribute(a, v), [attribute, payload]);
      await expectInert(page, `${name} ${attribute} ${payload.slice(0, 20)}`);
    }
    if (check) {
      await widget.evaluate((el) => { el.setAttribute('n', '1024'); el.setAttribute('d-model', '512'); el.setAttribute('heads', '8'); });
      await expect(widget.getByText(new RegExp(check))).toBeVisible();
    }
  }
});

test('train: hostile corpus, .txt upload, probe text and prompt are text; the model still samples', async ({ page }) => {
  test.slow();
  const widget = await open(page, 'train');
  await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });

  // Probe text and prompt on the shipped model: characters it never saw are named, as text.
  const probe = widget.getByLabel('Probe text', { exact: true });
  const prompt = widget.getByLabel('Prompt', { exact: true });
  for (const payload of [...PAYLOADS, MEGA]) {
    await probe.fill(payload);
    await widget.getByRole('button', { name: 'Show attention' }).click();
    await prompt.fill(payload);
    await widget.getByRole('button', { name: 'Sample' }).click();
    await expectInert(page, `train probe/prompt ${payload.slice(0, 20)}`);
  }
  await expect(widget.getByLabel('Sampled text')).not.toBeEmpty(); // the 1 MB prompt is all known characters

  // A corpus made of the payloads, pasted and uploaded: a model is built on it, its probe shows them.
  const corpus = PAYLOADS.join('\n').repeat(40);
  await widget.getByLabel('My own text').check();
  await widget.getByLabel('Your text').fill(corpus);
  await widget.getByLabel('or a .txt file (up to 5 MB)').setInputFiles({ name: '<img src=x onerror=window.__pwned=1>.txt', mimeType: 'text/plain', buffer: Buffer.from(corpus) });
  await expect(widget.getByText(/^Read <img src=x onerror=window.__pwned=1>\.txt: \d+ characters/)).toBeVisible();
  for (const [label, value] of [['Layers', '1'], ['Heads', '2'], ['d_model', '16'], ['Context', '16'], ['Batch', '2']]) {
    await widget.getByLabel(label, { exact: true }).fill(value);
  }
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 30_000 });
  await probe.fill(PAYLOADS[0]);
  await widget.getByRole('button', { name: 'Show attention' }).click();
  await expect(widget.getByText(/Largest weight above the diagonal: 0 exactly/)).toBeVisible();
  await prompt.fill(PAYLOADS[1]);
  await widget.getByRole('button', { name: 'Sample' }).click();
  await expect(widget.getByLabel('Sampled text')).toContainText(PAYLOADS[1]);
  await expectInert(page, 'train on a hostile corpus');

  // A weights file named like markup, holding markup.
  await widget.getByLabel('Load a weights file').setInputFiles({ name: '"><svg onload=window.__pwned=1>.attnlab', mimeType: 'application/octet-stream', buffer: Buffer.from(PAYLOADS.join('')) });
  // Said beside the file field, the file's name as text.
  const beside = widget.locator('.field-problem:not([hidden])').filter({ hasText: 'This weights file cannot be used' });
  await expect(beside).toContainText('The weights file "><svg onload=window.__pwned=1>.attnlab could not be loaded');
  await expectInert(page, 'train weights file');
});

test('editor: hostile code and its error output are text; the built-in still passes', async ({ page }) => {
  const widget = await open(page, 'editor');
  await expect(widget.getByRole('button', { name: 'Check against reference' })).toBeEnabled({ timeout: 20_000 });
  const box = widget.getByRole('textbox', { name: 'Your attention function (JavaScript)' });
  for (const payload of PAYLOADS) {
    await box.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(`function attention(ops, q) {\n  // ${payload}\n  throw new Error(${JSON.stringify(payload)});\n}`);
    await widget.getByRole('button', { name: 'Check against reference' }).click();
    await expect(widget.getByText(/^Line 3: /).first()).toBeVisible({ timeout: 20_000 });
    expect(await shadowText(widget)).toContain(payload);
    await expectInert(page, `editor ${payload.slice(0, 20)}`);
  }
  await widget.getByRole('button', { name: /^Reset/ }).click();
  await widget.getByRole('button', { name: 'Check against reference' }).click();
  await expect(widget.getByText('Check passed.')).toBeVisible({ timeout: 30_000 });
});

test('URL state: hostile hash parameters in the lab and query parameters in embed.html are text', async ({ page }) => {
  for (const payload of PAYLOADS) {
    const value = encodeURIComponent(payload);
    await page.goto(`/#s6-4&masks.sentence=${value}&heads.sentence=${value}&shuffle.sentence=${value}&stepper.step=${value}&cost.n=${value}&${value}.${value}=${value}`);
    for (const tag of ['attn-masks', 'attn-heads', 'attn-shuffle', 'attn-stepper', 'attn-cost']) {
      const widget = page.locator(tag);
      await widget.scrollIntoViewIfNeeded();
      await whenStarted(widget);
    }
    await expectInert(page, `lab hash ${payload.slice(0, 20)}`);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    await page.goto(`/embed.html?widget=masks&sentence=${value}&${value}=${value}`);
    await whenStarted(page.locator('attn-masks'));
    await expectInert(page, `embed query ${payload.slice(0, 20)}`);
    if (payload.trim().split(/\s+/).length >= 2) await expect(page.locator('attn-masks')).toHaveAttribute('sentence', payload);
  }
  await page.goto(`/embed.html?widget=${encodeURIComponent(PAYLOADS[0])}`);
  await expect(page.getByRole('alert')).toContainText(`There is no widget called “${PAYLOADS[0]}”`);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  expect(await page.locator('img').count()).toBe(0);
});
