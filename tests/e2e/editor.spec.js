// editor.spec.js — <attn-editor> on its embed page, and on the lab page with the training lab: the built-in code passes the check; each
// "Break it on purpose" bug is caught and named; two correct variants written differently pass;
// an infinite loop is stopped; syntax and runtime errors carry their line; the learner's code
// cannot reach the network; a leak is flagged by the causality check; the code is kept across
// a reload; and "Use my attention" trains the lab with the learner's function (the loss falls).
// Errors from the workers reach the page with a real status code. Places count from 1;
// a result about code that changed is marked out of date, never shown under a newer one; a
// planted bug's lines are marked, and on a phone they are on screen; the leaking bug trains from
// the editor to a loss below the corpus floor, and both widgets say why. Before the lab
// has started, "Use my attention" says so (not that compiling failed); code typed over a selection
// sets no inline style (the CSP); a short text leaves no gap under the editor; after "Use my
// attention" the editor's training loss is the lab's (fix-e).
import { readdirSync, readFileSync } from 'node:fs';
import { test, expect } from './helpers/fixtures.js';
import { openEditor, openEditorInLab, setCode } from './helpers/editor.js';
import { pressDiscarding } from './helpers/trainer.js';

const record = JSON.parse(readFileSync(new URL('../../web/models/default-small.json', import.meta.url), 'utf8'));

const check = (widget) => widget.getByRole('button', { name: 'Check against reference' }).click();

test('the built-in code passes: outputs and gradients agree within the stated tolerance', async ({ page }) => {
  const widget = await openEditor(page);
  await expect(widget.getByRole('textbox', { name: /Your attention function/ })).toContainText('ops.bmm(qh, kh, { transposeB: true })');
  await check(widget);
  await expect(widget.getByText(/^Pass: your function agrees with the reference in every case, outputs and gradients \(largest disagreement (0|\d\.\de−\d), tolerance 1\.0e−4\)\.$/)).toBeVisible();
  await expect(widget.getByRole('cell', { name: 'B = 2, T = 5, 2 heads of d_head = 4' })).toBeVisible();
  await expect(widget.getByRole('cell', { name: 'B = 1, T = 4, 1 head of d_head = 4' })).toBeVisible();
  // A disagreement of exactly 0 has no place (not "batch 0, position 0, feature 0").
  await expect(widget.getByRole('cell', { name: 'nowhere: every value agrees exactly' }).first()).toBeVisible();
  await expect(widget.getByRole('cell', { name: /batch 0|position 0|feature 0/ })).toHaveCount(0);
  await widget.getByRole('button', { name: 'Causality check' }).click();
  await expect(widget.getByText(/^No leak: for every position p/)).toBeVisible();
});

const BUGS = [
  ['Mask after softmax', /Diagnosis: The mask is applied after the softmax\. Rows no longer sum to 1 \(your rows sum to between 0\.\d+ and 1\.000\)/],
  ['Forget the transpose', /Diagnosis: The transpose is missing in Q·Kᵀ\. When T ≠ d_head, Q·K is a shape error.*silently wrong/],
  ['Drop the scale', /Diagnosis: The scale 1\/√d_head is dropped\. The scores are too large by a factor √d_head/],
  ['Softmax over the wrong axis', /Diagnosis: The softmax runs over the wrong axis\. Columns sum to 1 instead of rows/],
];

test('each classic bug, inserted by its button, is caught and named by the check', async ({ page }) => {
  const widget = await openEditor(page);
  for (const [label, diagnosis] of BUGS) {
    await widget.getByRole('button', { name: 'Reset to the built-in code' }).click();
    await widget.getByRole('group', { name: 'Break it on purpose' }).getByRole('button', { name: label }).click();
    await expect(widget.getByText(`Inserted the bug “${label}”`, { exact: false })).toBeVisible();
    await check(widget);
    // Places count from 1, as everywhere in the lab.
    await expect(widget.getByText(/^Fail \(tolerance 1\.0e−4\): .*the largest disagreement is (\d\.\de−\d|\d+(\.\d+)?), in the (output|gradient d[qkv]) at batch [1-9], position [1-9], feature [1-9]\d*/)).toBeVisible();
    await expect(widget.getByText(diagnosis)).toBeVisible();
    if (label === 'Forget the transpose') {
      // A shape error with its line where T ≠ d_head.
      await expect(widget.getByText(/^Line 10: bmm cannot multiply \(2, 2, 5, 4\) by \(2, 2, 5, 4\)/)).toBeVisible();
      await expect(widget.getByRole('button', { name: 'Go to line 10' }).first()).toBeVisible();
      await expect(widget.getByText(/^Fail \(tolerance 1\.0e−4\): 2 of 4 cases stopped with an error; where it ran, the largest/)).toBeVisible();
    }
  }
});

test('“In words” counts and names every button under “Break it on purpose”', async ({ page }) => {
  const widget = await openEditor(page);
  const labels = await widget.getByRole('group', { name: 'Break it on purpose' }).getByRole('button').allTextContents();
  expect(labels.length).toBeGreaterThanOrEqual(5);
  const words = await widget.locator('p.in-words').textContent(); // the widget's accessible description
  expect(words).toContain(`Each of the ${labels.length} buttons under “Break it on purpose”`);
  for (const label of labels) expect(words).toContain(label.toLowerCase());
});

test('only the learner worker’s script may eval; the page may not', async ({ page }) => {
  await page.goto('/');
  const pageCsp = (await page.request.get('/')).headers()['content-security-policy'];
  expect(pageCsp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(pageCsp).not.toMatch(/'unsafe-eval'/);
  const worker = readdirSync(new URL('../../dist/assets/', import.meta.url)).find((f) => /^learner-worker-.*\.js$/.test(f));
  const workerCsp = (await page.request.get(`/assets/${worker}`)).headers()['content-security-policy'];
  expect(workerCsp).toBe("default-src 'none'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; connect-src 'self'");
});

test('correct functions written differently pass (scale first; an explicit loop with a large negative mask)', async ({ page }) => {
  const widget = await openEditor(page);
  await setCode(page, widget, `function attention(ops, q, k, v, { heads }) {
  const qh = ops.splitHeads(q, heads), kh = ops.splitHeads(k, heads), vh = ops.splitHeads(v, heads);
  const qs = ops.scale(qh, 1 / Math.sqrt(qh.shape[3]));
  const weights = ops.softmax(ops.causalMask(ops.bmm(qs, kh, { transposeB: true })), 3);
  return ops.mergeHeads(ops.bmm(weights, vh));
}`);
  await check(widget);
  await expect(widget.getByText(/^Pass: /)).toBeVisible();
  await setCode(page, widget, `const attention = (ops, q, k, v, options) => {
  const [qh, kh, vh] = [q, k, v].map((x) => ops.splitHeads(x, options.heads));
  let s = ops.bmm(qh, kh, { transposeB: true });
  for (let i = 0; i < 2; i++) s = ops.scale(s, qh.shape[3] ** -0.25);
  const weights = ops.softmax(ops.causalMask(s, -1e9));
  return { out: ops.mergeHeads(ops.bmm(weights, vh)), weights };
};`);
  await check(widget);
  await expect(widget.getByText(/^Pass: /)).toBeVisible();
});

test('an infinite loop is stopped after the time limit, and the editor keeps working', async ({ page }) => {
  const widget = await openEditor(page);
  await widget.evaluate((el) => el.setAttribute('timeout', '2'));
  await setCode(page, widget, 'function attention(ops, q, k, v) {\n  while (true) {}\n}');
  await check(widget);
  await expect(widget.getByText(/^Stopped: your code ran for more than 2 seconds without finishing \(an infinite loop\?\)/)).toBeVisible({ timeout: 15_000 });
  await widget.getByRole('button', { name: 'Reset to the built-in code' }).click();
  await check(widget);
  await expect(widget.getByText(/^Pass: /)).toBeVisible({ timeout: 15_000 });
});

test('syntax and runtime errors are shown with their line; the learner cannot reach the network', async ({ page }) => {
  const widget = await openEditor(page);
  await setCode(page, widget, 'function attention(ops, q, k, v, { heads }) {\n  const qh = ops.splitHeads(q, heads);\n  return qh.(;\n}');
  await check(widget);
  await expect(widget.getByText(/^Line 3: syntax error: Unexpected token/)).toBeVisible();
  await widget.getByRole('button', { name: 'Go to line 3' }).click();
  await setCode(page, widget, 'function attention(ops, q, k, v) {\n  const x = 1;\n  fetch("/steal?" + x);\n  return q;\n}');
  await check(widget);
  await expect(widget.getByText(/^Line 3: fetch is not a function/).first()).toBeVisible();
  await setCode(page, widget, 'function attention(ops, q, k, v) {\n  return globalThis.document.body;\n}');
  await check(widget);
  await expect(widget.getByText(/^Line 2: Cannot read properties of undefined/).first()).toBeVisible();
});

test('the causality check flags a function that leaks the future', async ({ page }) => {
  const widget = await openEditor(page);
  const text = await widget.evaluate((el) => el.editor.value);
  await setCode(page, widget, text.replace('const masked = ops.causalMask(scaled);', 'const masked = scaled;'));
  await widget.getByRole('button', { name: 'Causality check' }).click();
  await expect(widget.getByText(/^Leak: the output at position [1-5] changed by \d\.\d+ when only positions [2-6]–6 \(its future\) were changed/)).toBeVisible();
  await check(widget);
  await expect(widget.getByText(/Diagnosis: The causal mask is missing/)).toBeVisible();
});

test('the last code that ran is kept across a reload, and Reset brings back the built-in', async ({ page }) => {
  const widget = await openEditor(page);
  await widget.getByRole('button', { name: 'Drop the scale' }).click();
  await check(widget);
  await expect(widget.getByText(/^Fail \(tolerance/)).toBeVisible();
  await page.reload();
  const again = await openEditor(page);
  await expect(again.getByRole('textbox', { name: /Your attention function/ })).toContainText('const scaled = scores;');
  await again.getByRole('button', { name: 'Reset to the built-in code' }).click();
  await expect(again.getByRole('textbox', { name: /Your attention function/ })).toContainText('ops.scale(scores, 1 / Math.sqrt(d))');
});

test('“Use my attention”: the training lab trains with the learner’s function and the loss falls', async ({ page }) => {
  await page.goto('/#lab');
  const lab = page.locator('attn-train');
  await lab.scrollIntoViewIfNeeded();
  await expect(lab.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  for (const [label, value] of [['Layers', '1'], ['Heads', '2'], ['d_model', '32'], ['Context', '32'], ['Batch', '4'], ['Learning rate', '0.003']]) {
    await lab.getByLabel(label, { exact: true }).fill(value);
  }
  await lab.getByRole('button', { name: 'Build model' }).click();
  await expect(lab.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 20_000 });

  const widget = await openEditorInLab(page);
  await setCode(page, widget, `function attention(ops, q, k, v, { heads }) {
  const [qh, kh, vh] = [q, k, v].map((x) => ops.splitHeads(x, heads));
  const s = ops.scale(ops.bmm(qh, kh, { transposeB: true }), 1 / Math.sqrt(qh.shape[3]));
  const weights = ops.softmax(ops.causalMask(s), -1);
  return { out: ops.mergeHeads(ops.bmm(weights, vh)), weights };
}`);
  await widget.getByRole('button', { name: 'Use my attention' }).click();
  await expect(widget.getByText(/^The training lab now runs your function/)).toBeVisible({ timeout: 20_000 });
  await expect(lab.getByText(/^Now using your attention: step 0/)).toBeVisible();
  await expect(lab.getByText(/^Training runs your attention function from the editor/)).toBeVisible();

  const stat = (name) => lab.locator(`dd[data-stat="${name}"]`);
  await lab.getByRole('button', { name: 'Start' }).click();
  await expect.poll(async () => Number(await stat('step').textContent()), { timeout: 90_000 }).toBeGreaterThanOrEqual(10);
  const first = await lab.evaluate((el) => el.chart.count('training loss'));
  expect(first).toBeGreaterThanOrEqual(10);
  const unigram = Number(await stat('unigram').textContent());
  await expect.poll(async () => Number(await stat('train').textContent()), { timeout: 90_000 }).toBeLessThan(unigram);
  await lab.getByRole('button', { name: 'Pause' }).click();
  await expect(lab.getByText(/^Paused at step \d+/)).toBeVisible({ timeout: 20_000 });
  // The maps come from the learner's code: still causal.
  await expect(lab.getByText(/Largest weight above the diagonal: 0 exactly/)).toBeVisible();

  await widget.getByRole('button', { name: 'Use the built-in' }).click();
  await expect(lab.getByText(/^Back to the built-in attention: step \d+/)).toBeVisible({ timeout: 20_000 });
});

test('a learner function that loops during training is stopped and the lab goes back to the built-in', async ({ page }) => {
  test.slow();
  await page.goto('/#lab');
  const lab = page.locator('attn-train');
  await lab.scrollIntoViewIfNeeded();
  await expect(lab.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  const widget = await openEditorInLab(page);
  // Endless on the model's context of 64 (not on the check's small shapes): the switch measures the
  // model through it, so the lab never starts using it, and says why next to the button.
  await setCode(page, widget, `function attention(ops, q, k, v, { heads }) {
  while (q.shape[1] > 32) {}
  const [qh, kh, vh] = [q, k, v].map((x) => ops.splitHeads(x, heads));
  const weights = ops.softmax(ops.causalMask(ops.scale(ops.bmm(qh, kh, { transposeB: true }), 1 / Math.sqrt(qh.shape[3]))), -1);
  return { out: ops.mergeHeads(ops.bmm(weights, vh)), weights };
}`);
  await widget.getByRole('button', { name: 'Use my attention' }).click();
  await expect(widget.getByRole('group', { name: 'Training lab' }).getByText(/^Your attention function ran for more than 10 seconds without finishing a step \(an infinite loop\?\), so its worker was stopped\./)).toBeVisible({ timeout: 40_000 });
  expect(await lab.evaluate((el) => el.usingLearnerAttention)).toBe(false);
  // Endless only after its first 200 calls: it is used, trains, then loops during training.
  await setCode(page, widget, `let calls = 0;
function attention(ops, q, k, v, { heads }) {
  calls += 1;
  while (calls > 200) {}
  const [qh, kh, vh] = [q, k, v].map((x) => ops.splitHeads(x, heads));
  const weights = ops.softmax(ops.causalMask(ops.scale(ops.bmm(qh, kh, { transposeB: true }), 1 / Math.sqrt(qh.shape[3]))), -1);
  return { out: ops.mergeHeads(ops.bmm(weights, vh)), weights };
}`);
  await widget.getByRole('button', { name: 'Use my attention' }).click();
  await expect(widget.getByText(/^The training lab now runs your function/)).toBeVisible({ timeout: 30_000 });
  await widget.getByRole('button', { name: 'Start training' }).click();
  await expect(lab.getByText(/ran for more than 10 seconds without finishing a step \(an infinite loop\?\), so its worker was stopped\. The lab went back to the built-in attention\./)).toBeVisible({ timeout: 60_000 });
  await expect(lab.getByText(/^Back to the built-in attention and the model as it was when you switched/)).toBeVisible();
  await expect(widget.getByText(/^The training lab stopped using your function: Your attention function ran for more than 10 seconds/)).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Use the built-in' })).toBeDisabled();
  await expect(widget.getByRole('group', { name: 'Training with your attention' })).toBeHidden();
});

test('the leaking bug, used and trained from the editor, drives the loss below the corpus floor; both widgets say why', async ({ page }) => {
  // A tiny model with a short context and a quick learning rate on the lab's corpus: through the
  // leaking function the mean training loss of the last 50 steps falls below the corpus floor
  // (0.231) by step 300 (measured in node; a context of 64 takes about 650). The shipped model's
  // 800 steps to the same place are tested in node (tests/wasm/editor.test.mjs); here the page's
  // wiring and words.
  test.slow();
  await page.goto('/#lab');
  const lab = page.locator('attn-train');
  await lab.scrollIntoViewIfNeeded();
  await expect(lab.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  for (const [label, value] of [['Layers', '1'], ['Heads', '2'], ['d_model', '32'], ['Context', '16'], ['Batch', '8'], ['Learning rate', '0.01'], ['Seed', '1']]) {
    await lab.getByLabel(label, { exact: true }).fill(value);
  }
  await lab.getByRole('button', { name: 'Build model' }).click();
  await expect(lab.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 20_000 });
  // A probe the context of 16 can read.
  await lab.getByLabel('Probe text', { exact: true }).fill('the queen said "');
  await lab.getByLabel('Probe text', { exact: true }).press('Enter');
  await expect(lab.getByText(/^16 characters\. Largest weight above the diagonal: 0 exactly\./)).toBeVisible();
  const widget = await openEditorInLab(page);
  await widget.getByRole('button', { name: 'Reset to the built-in code' }).click();
  await widget.getByRole('group', { name: 'Break it on purpose' }).getByRole('button', { name: 'Forget the causal mask' }).click();
  await widget.getByRole('button', { name: 'Use my attention' }).click();
  await expect(widget.getByText(/^The training lab now runs your function/)).toBeVisible({ timeout: 30_000 });
  // Training starts from the editor; its numbers come to the editor.
  const controls = widget.getByRole('group', { name: 'Training with your attention' });
  await controls.getByRole('button', { name: 'Start training' }).click();
  await expect(controls.getByRole('button', { name: 'Pause training' })).toBeEnabled();
  await expect(controls.getByText(new RegExp(`^Step [\\d,]+ \\(training\\): training loss \\d\\.\\d{4} \\(mean of the last 50 steps, (all|the last \\d+ of them) trained with the function in use\\), validation loss \\d\\.\\d{4} \\(measured through the function in use\\), corpus floor ${record.floor.toFixed(4).replace('.', '\\.')}\\.$`))).toBeVisible({ timeout: 30_000 });
  // Below the floor: the note, in the editor and under the lab's chart.
  await expect(controls.getByText(/^Peeking: The (training|validation) loss \(0\.\d{3}.*\) is below the corpus floor \(0\.231\)\..*Your attention must let positions see the future/)).toBeVisible({ timeout: 120_000 });
  await expect(lab.getByText(/^Peeking: .*below the corpus floor/)).toBeVisible();
  await controls.getByRole('button', { name: 'Pause training' }).click();
  await expect(lab.getByText(/^Paused at step \d+/)).toBeVisible({ timeout: 20_000 });
  await expect(controls.getByRole('button', { name: 'Start training' })).toBeEnabled();
  // The maps come from the learner's code, and show the leak above the diagonal.
  await expect(lab.getByText(/Largest weight above the diagonal: 0\.\d{6}/)).toBeVisible();
  // "Show the loss chart" takes the learner to the chart, with the focus.
  await controls.getByRole('button', { name: 'Show the loss chart' }).click();
  await expect(lab.getByRole('img', { name: /^Loss curves/ })).toBeFocused();
  await expect(lab.getByRole('img', { name: /^Loss curves/ })).toBeInViewport();
});

test('a result about code that has changed is marked out of date, and never sits under a newer result', async ({ page }) => {
  const widget = await openEditor(page);
  await widget.getByRole('button', { name: 'Reset to the built-in code' }).click();
  await widget.getByRole('button', { name: 'Forget the causal mask' }).click();
  await widget.getByRole('button', { name: 'Causality check' }).click();
  await expect(widget.getByText(/^Leak: the output at position/)).toBeVisible();
  // An edit: the leak verdict stays, marked as being about the code before the edit.
  const box = widget.getByRole('textbox', { name: 'Your attention function (JavaScript)' });
  await box.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText('\n)(');
  await expect(widget.getByText(/^Out of date: your code has changed since this ran\. Run the causality check again/)).toBeVisible();
  // Undo: the code is the one that ran again, and the mark goes.
  await page.keyboard.press('Control+z');
  await expect(widget.getByText(/^Out of date:/)).toHaveCount(0);
  await page.keyboard.press('Control+y');
  await expect(widget.getByText(/^Out of date:/)).toBeVisible();
  // A check of the new code: its syntax error, and no old leak verdict beneath it.
  await check(widget);
  // The code ends in a line break, so ")(" is on line 18 (Chrome's own editing, used before fix-e,
  // dropped the typed line break on the empty last line and put it on line 17).
  expect(await widget.evaluate((el) => el.editor.value.split('\n').length)).toBe(18);
  await expect(widget.getByText(/^Line 18: syntax error: Unexpected token/)).toBeVisible();
  await expect(widget.getByText(/^Leak:/)).toHaveCount(0);
  await expect(widget.getByText(/^Out of date:/)).toHaveCount(0);
});

test('a planted bug marks the lines it changed, until an undo takes it out', async ({ page }) => {
  const widget = await openEditor(page);
  await widget.getByRole('button', { name: 'Reset to the built-in code' }).click();
  const labels = widget.locator('.cm-planted-label');
  await expect(labels).toHaveCount(0);
  await widget.getByRole('button', { name: 'Mask after softmax' }).click();
  await expect(widget.getByText(/^Inserted the bug “Mask after softmax” on lines 12–13, marked “planted bug”\./)).toBeVisible();
  await expect(labels).toHaveCount(2);
  await expect(labels.first()).toHaveText('◀ planted bug');
  expect(await widget.evaluate((el) => el.editor.plantedLines)).toEqual([12, 13]);
  await widget.getByRole('button', { name: 'Drop the scale' }).click(); // another bug: its own line only
  await expect(widget.getByText(/^Inserted the bug “Drop the scale” on line 11,/)).toBeVisible();
  expect(await widget.evaluate((el) => el.editor.plantedLines)).toEqual([11]);
  await widget.getByRole('textbox', { name: 'Your attention function (JavaScript)' }).focus();
  await page.keyboard.press('Control+z');
  await expect(labels).toHaveCount(0);
  await expect(widget.getByRole('textbox', { name: /Your attention function/ })).toContainText('ops.scale(scores, 1 / Math.sqrt(d))');
});

test('on a phone (390 px) the code wraps: the planted line is on screen, with no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const widget = await openEditor(page);
  await widget.getByRole('button', { name: 'Reset to the built-in code' }).click();
  await widget.getByRole('button', { name: 'Softmax over the wrong axis' }).click();
  const scroller = widget.locator('.cm-scroller');
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const line = widget.locator('.cm-planted');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('ops.softmax(masked, -2)');
  await expect(line).toBeInViewport();
  const box = await line.boundingBox();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});

test('keyboard alone: undo takes an inserted bug out, Tab leaves the editor, Enter runs the check', async ({ page }) => {
  const widget = await openEditor(page);
  const box = widget.getByRole('textbox', { name: 'Your attention function (JavaScript)' });
  await widget.getByRole('button', { name: 'Drop the scale' }).focus();
  await page.keyboard.press('Enter');
  await expect(box).toContainText('const scaled = scores;');
  await box.focus();
  await page.keyboard.press('Control+z');
  await expect(box).toContainText('ops.scale(scores, 1 / Math.sqrt(d))');
  await page.keyboard.press('Tab');           // out of the editor: the ops list
  await page.keyboard.press('Tab');           // then the check
  await expect(widget.getByRole('button', { name: 'Check against reference' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(widget.getByText(/^Pass: /)).toBeVisible();
});

test('CodeMirror loads only when the editor is shown', async ({ page }) => {
  const loaded = [];
  page.on('request', (request) => { if (/code-editor-[\w-]+\.js$/.test(request.url())) loaded.push(request.url()); });
  await page.goto('/');
  await expect(page.locator('attn-stepper').getByRole('button', { name: /Next/ }).first()).toBeVisible({ timeout: 20_000 });
  expect(loaded).toEqual([]);
  await openEditorInLab(page);
  expect(loaded.length).toBe(1);
});

test('errors from the workers carry a real status: a learner’s compile error (with its line), an unknown request', async ({ page }) => {
  await page.goto('/#lab');
  const lab = page.locator('attn-train');
  await lab.scrollIntoViewIfNeeded();
  await expect(lab.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  const refusal = (call) => lab.evaluate(async (el, call) => {
    try {
      await (call === 'compile' ? el.useAttention('function attention(ops, q, k, v) {\n  const x = 1;\n  return q.(;\n}') : el.client.request('nonsense'));
      return null;
    } catch (error) {
      return { name: error.name, code: error.code, line: error.line ?? null, message: error.message };
    }
  }, call);
  // Through the learner's worker: its own class, ARGUMENT (5), and the editor's line.
  const compile = await refusal('compile');
  expect(compile).toMatchObject({ name: 'LearnerFailure', code: 5, line: 3 });
  expect(compile.message).toMatch(/^Line 3: syntax error: Unexpected token/);
  // Through the training worker: ARGUMENT, naming what the worker answers.
  const unknown = await refusal('unknown');
  expect(unknown).toMatchObject({ name: 'AttnError', code: 5, line: null });
  expect(unknown.message).toMatch(/^The training worker has no request "nonsense"; it answers /);
  // The lab stays on the built-in attention, and its worker still answers.
  expect(await lab.evaluate(async (el) => ({ learner: el.usingLearnerAttention, steps: (await el.client.request('info')).steps })))
    .toEqual({ learner: false, steps: record.steps });
});

test('“Use my attention” before the training lab has started (after a jump from the contents) starts the lab and uses the function', async ({ page }) => {
  const widget = await openEditorInLab(page);
  const lab = page.locator('attn-train');
  expect(await lab.evaluate((el) => el.started)).toBe(false);
  await check(widget);
  await expect(widget.getByText('Check passed.')).toBeVisible({ timeout: 30_000 });
  await widget.getByRole('button', { name: 'Use my attention' }).click();
  await expect(widget.getByRole('status').filter({ hasText: /^Using your attention\.$/ })).toBeVisible({ timeout: 60_000 });
  await expect(widget.getByRole('group', { name: 'Training lab' })).toContainText('The training lab now runs your function.');
  expect(await lab.evaluate((el) => ({ started: el.started, learner: el.usingLearnerAttention }))).toEqual({ started: true, learner: true });
  await expect(lab.getByText(/^Now using your attention: step \d+/)).toHaveCount(1);
});

test('code typed over a selection (select all, insert) sets no inline style: no CSP violation, and undo brings the code back', async ({ page }) => {
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.violations.push(event.violatedDirective));
  });
  const widget = await openEditor(page);
  const box = widget.getByRole('textbox', { name: 'Your attention function (JavaScript)' });
  const before = await widget.evaluate((el) => el.editor.value);
  expect(before).toMatch(/^\/\//); // the template opens with a comment: italic, coloured
  await box.click();
  await page.keyboard.press('Control+A');
  const code = 'function attention(ops, q) {\n  return q;\n}';
  await page.keyboard.insertText(code);
  await expect.poll(() => widget.evaluate((el) => el.editor.value)).toBe(code);
  // One character over a selection too; then undo, twice, gives the template back.
  await page.keyboard.press('Shift+Home');
  await page.keyboard.insertText('x');
  await expect.poll(() => widget.evaluate((el) => el.editor.value)).toBe('function attention(ops, q) {\n  return q;\nx');
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+Z');
  await expect.poll(() => widget.evaluate((el) => el.editor.value)).toBe(before);
  expect(await page.evaluate(() => window.violations)).toEqual([]);
  expect(await widget.evaluate((el) => el.shadowRoot.querySelectorAll('.cm-content [style*="italic"]').length)).toBe(0);
});

test('three lines of code and a check: the editor shrinks, with no empty gap above “The ops you can use”', async ({ page }) => {
  const widget = await openEditor(page);
  await setCode(page, widget, 'function attention(ops, q) {\n  return q;\n}');
  await check(widget);
  await expect(widget.getByText('Checking against the reference failed.')).toBeVisible({ timeout: 30_000 });
  const { host, editor, gap } = await widget.evaluate((el) => {
    const box = (selector) => el.shadowRoot.querySelector(selector).getBoundingClientRect();
    return { host: box('.editor-host').height, editor: box('.cm-editor').height, gap: box('details.ops').top - box('.cm-editor').bottom };
  });
  expect(editor).toBeLessThan(100);
  expect(Math.abs(host - editor)).toBeLessThan(1);
  expect(gap).toBeLessThanOrEqual(16); // the host's margin, 0.5rem
});

test('after “Use my attention” on the shipped model, the editor’s training loss is the lab’s (the recorded curve’s last 50 steps)', async ({ page }) => {
  await page.goto('/#lab');
  const lab = page.locator('attn-train');
  await lab.scrollIntoViewIfNeeded();
  await expect(lab.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 30_000 });
  const mean = record.curve.train.slice(-50).reduce((a, b) => a + b, 0) / 50;
  await expect(lab.locator('dd[data-stat="train"]')).toHaveText(mean.toFixed(4));
  const widget = await openEditorInLab(page);
  await widget.getByRole('button', { name: 'Use my attention' }).click();
  await expect(widget.getByText(/^The training lab now runs your function/)).toBeVisible({ timeout: 40_000 });
  await expect(widget.locator('.readout')).toHaveText(new RegExp(`^Step 1,000: training loss ${mean.toFixed(4)} \\(mean of the last 50 steps, all trained before the function in use\\), validation loss \\d\\.\\d{4} \\(measured through the function in use\\), corpus floor ${record.floor.toFixed(4)}\\.$`));
  expect(mean.toFixed(3)).toBe('0.372');
  // The same validation loss, to the same digits, as the lab's own table shows.
  const validation = await lab.locator('dd[data-stat="val"]').textContent();
  await expect(widget.locator('.readout')).toContainText(`validation loss ${validation} (measured through the function in use), `);
  await expect(lab.locator('dd[data-stat="train"]')).toHaveText(mean.toFixed(4));
});

test('the editor’s status follows the training: running, stopped at the lab’s target, paused from the lab, a new model (editorcheck)', async ({ page }) => {
  await page.goto('/#lab');
  const lab = page.locator('attn-train');
  await lab.scrollIntoViewIfNeeded();
  await expect(lab.getByText(/^Loaded the shipped model: step 1000/)).toBeVisible({ timeout: 30_000 });
  await lab.getByLabel('Train until step').fill('1010');
  const widget = await openEditorInLab(page);
  await widget.getByRole('button', { name: 'Reset to the built-in code' }).click();
  await widget.getByRole('button', { name: 'Use my attention' }).click();
  await expect(widget.getByText(/^The training lab now runs your function/)).toBeVisible({ timeout: 40_000 });
  const controls = widget.getByRole('group', { name: 'Training with your attention' });
  const status = widget.locator('.editor-status');
  const validation = () => lab.locator('dd[data-stat="val"]').textContent();

  // Started here, stopped by the lab at its target: the status says so, with the lab's numbers.
  await controls.getByRole('button', { name: 'Start training' }).click();
  await expect(lab.getByText(/^Trained to step 1010\./)).toBeVisible({ timeout: 90_000 });
  await expect(status).toHaveText(`Trained with your attention to step 1,010; validation loss ${await validation()}.`);
  await expect(controls.getByRole('button', { name: 'Start training' })).toBeEnabled();
  await expect(controls.getByRole('button', { name: 'Pause training' })).toBeDisabled();

  // Started and paused from the lab: the editor follows both, with the validation loss of the pause.
  await lab.getByLabel('Train until step').fill('100000');
  await lab.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(status).toHaveText('Training with your attention.');
  await expect(controls.getByRole('button', { name: 'Pause training' })).toBeEnabled();
  await lab.getByRole('button', { name: 'Pause', exact: true }).click();
  const paused = lab.getByText(/^Paused at step \d+, validation loss \d\.\d{4} nats per character\./);
  await expect(paused).toBeVisible({ timeout: 30_000 });
  const [, step, loss] = (await paused.textContent()).match(/^Paused at step (\d+), validation loss (\d\.\d{4})/);
  await expect(status).toHaveText(`Training paused at step ${Number(step).toLocaleString('en')}; validation loss ${loss}.`);
  await expect(controls.getByRole('button', { name: 'Start training' })).toBeEnabled();
  await expect(controls.getByRole('button', { name: 'Pause training' })).toBeDisabled();

  // The lab's Reset builds a new model: still the learner's attention, at step 0.
  await pressDiscarding(lab, 'Reset'); // it trained: the lab asks first
  await expect(lab.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 30_000 });
  await expect(status).toHaveText('The training lab has a new model, at step 0: Start training trains it with your attention.');
});

test('“Use my attention” with a train id that names nothing, or not a training lab, says so and which id the lab has', async ({ page }) => {
  // It said “There is no training lab (<attn-train>) on this page”, with one on the page.
  const widget = await openEditorInLab(page);
  const panel = widget.getByRole('group', { name: 'Training lab' });
  const use = widget.getByRole('button', { name: 'Use my attention' });
  await page.locator('attn-train').evaluate((el) => { el.id = 't'; });
  await widget.evaluate((el) => { el.train = 'nope'; });
  await use.click();
  await expect(panel).toHaveText('No element on this page has id “nope”, which the editor’s train attribute names. The training lab on this page has id “t”.');
  await expect(widget.getByRole('status').filter({ hasText: /^Not used/ })).toHaveText('Not used: the train attribute names no training lab.');
  await widget.evaluate((el) => { el.train = 'main'; });
  await use.click();
  await expect(panel).toHaveText('The element with id “main” is a <main>, not a training lab (<attn-train>): the editor’s train attribute must name an <attn-train>. '
    + 'The training lab on this page has id “t”.');
  // Without ids: the lab may be given the one the editor names.
  await page.locator('attn-train').evaluate((el) => el.removeAttribute('id'));
  await widget.evaluate((el) => { el.train = 'my-lab'; });
  await use.click();
  await expect(panel).toHaveText('No element on this page has id “my-lab”, which the editor’s train attribute names. '
    + 'The training lab on this page has no id: give it the id “my-lab”, or remove the train attribute to use the first.');
  await widget.evaluate((el) => { el.train = 'main'; });
  await use.click();
  await expect(panel).toHaveText('The element with id “main” is a <main>, not a training lab (<attn-train>): the editor’s train attribute must name an <attn-train>. '
    + 'The training lab on this page has no id: give it an id (one no other element has) and name it in train, or remove the train attribute to use the first.');
  // The id named: the lab is found; it has not started, so it is started, and takes the function.
  await widget.evaluate((el) => { el.train = 'my-lab'; });
  await page.locator('attn-train').evaluate((el) => { el.id = 'my-lab'; });
  await use.click();
  await expect(widget.getByRole('status').filter({ hasText: /^Using your attention\.$/ })).toBeVisible({ timeout: 60_000 });
  expect(await page.locator('attn-train').evaluate((el) => el.started)).toBe(true);
});

test('Start training pressed while the editor switches the lab to new code waits for the switch, then trains; no figure at a step comes from another function', async ({ page }) => {
  test.slow();
  await page.addInitScript(() => {
    window.progress = [];
    document.addEventListener('progress', (event) => {
      if (event.target.localName === 'attn-train') window.progress.push(event.detail);
    });
  });
  await page.goto('/#lab');
  const lab = page.locator('attn-train');
  await lab.scrollIntoViewIfNeeded();
  await expect(lab.getByText(/^Loaded the shipped model: step 1000/)).toBeVisible({ timeout: 30_000 });
  const mean = record.curve.train.slice(-50).reduce((a, b) => a + b, 0) / 50;
  const widget = await openEditorInLab(page);
  await widget.getByRole('button', { name: 'Reset to the built-in code' }).click();
  await widget.getByRole('group', { name: 'Break it on purpose' }).getByRole('button', { name: 'Drop the scale' }).click();
  await widget.getByRole('button', { name: 'Use my attention' }).click();
  await expect(widget.getByText(/^The training lab now runs your function/)).toBeVisible({ timeout: 40_000 });
  const controls = widget.getByRole('group', { name: 'Training with your attention' });
  const readout = controls.locator('.readout');
  // The validation loss measured through the function without the scale, said to be its.
  await expect(readout).toHaveText(new RegExp(`^Step 1,000: training loss ${mean.toFixed(4)} \\(mean of the last 50 steps, all trained before the function in use\\), `
    + 'validation loss 1\\.\\d{4} \\(measured through the function in use\\), corpus floor \\d\\.\\d{4}\\.$'));

  // The built-in code again; Start pressed while it compiles.
  await widget.getByRole('button', { name: 'Reset to the built-in code' }).click();
  await widget.getByRole('button', { name: 'Use my attention' }).click();
  await expect(widget.locator('.editor-status')).toHaveText('Compiling your function for the training lab…');
  const start = controls.getByRole('button', { name: 'Start training' });
  await expect(start).toBeEnabled();
  const clicked = await page.evaluate(() => window.progress.length);
  await start.click();
  // Until the switch is done, the numbers are said to be the function's used before.
  await expect(readout).toHaveText(/^Switching to the code in the editor; until then the function in use is the one before\. Step 1,000: .*validation loss 1\.\d{4} \(measured through the function in use\)/);
  await expect(controls.getByText('Training starts once the training lab runs the code in the editor.')).toBeVisible();
  // Honoured: the lab switches, then trains with the new code.
  await expect(widget.getByText(/^The training lab now runs your function/)).toBeVisible({ timeout: 60_000 });
  await expect(controls.getByRole('button', { name: 'Pause training' })).toBeEnabled({ timeout: 60_000 });
  await expect.poll(async () => Number(await lab.locator('dd[data-stat="step"]').textContent()), { timeout: 60_000 }).toBeGreaterThan(1000);
  await controls.getByRole('button', { name: 'Pause training' }).click();
  await expect(lab.getByText(/^Paused at step \d+/)).toBeVisible({ timeout: 30_000 });

  // Nothing was trained by the function being replaced: up to the switch (a new model for the
  // lab at step 1,000) every report is at step 1,000 with the shipped model's training loss;
  // after it, training runs and the steps go on from there.
  const events = (await page.evaluate(() => window.progress)).slice(clicked);
  const switched = events.findIndex((detail) => detail.stopped?.reason === 'model');
  expect(switched).toBeGreaterThanOrEqual(0);
  for (const detail of events.slice(0, switched + 1)) {
    expect(detail.step).toBe(1000);
    expect(detail.trainLoss.toFixed(4)).toBe(mean.toFixed(4));
  }
  const after = events.slice(switched + 1);
  expect(after.some((detail) => detail.running && detail.step > 1000)).toBe(true);
  const steps = after.map((detail) => detail.step);
  expect(steps).toEqual([...steps].sort((a, b) => a - b));
});
