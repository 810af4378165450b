// train-heads.spec.js — reading the shipped model in <attn-train> like a researcher: every head
// measured in the training worker (roles as <attn-train>'s reference table quotes them, from the core, each
// score beside its chance level, the rule stated), the
// grid of every head by keyboard (arrows, Enter opens a head large, Escape gives focus back), the
// map panel's note, how alike the heads are (the lab text: identical heads have not specialised; the
// most alike pair and the verdict are the core's), a knock-out whose change of loss is the reference's, every head knocked out in
// turn (the sorted table) and a window of the consistency view opened large, both equal to what
// the core returns for the same request in node; a window count out of range refused beside its
// field with the last measurement kept; a model of context 1 (the core's smallest) is told why its
// heads have no record, not that its file is old.
import { readFileSync } from 'node:fs';
import { test, expect } from './helpers/fixtures.js';
import { openTrainer, openMeasuredTrainer } from './helpers/trainer.js';
import { loadAttn } from '../../web/lib/attn.js';
import { HeadScore } from '../../web/lib/abi.js';

const attn = await loadAttn({ wasmBytes: readFileSync(new URL('../../web/generated/attn.wasm', import.meta.url)) });
/** The shipped model in node, on the same core: what the widget's worker must agree with. */
const shippedModel = () => attn.loadModel(readFileSync(new URL('../../web/models/default-small.attnlab', import.meta.url)));

/** The table of the shipped model's heads in <attn-train>'s reference prose: head name → { role, delta }. */
function readmeHeads() {
  const readme = readFileSync(new URL('../../web/widgets/train/attn-train.md', import.meta.url), 'utf8');
  const rows = new Map();
  for (const line of readme.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (!/^L\d H\d$/.test(cells[1] ?? '')) continue;
    rows.set(cells[1], { role: cells[2], delta: Number(cells[10].replace('−', '-')) });
  }
  return rows;
}

test('every head of the shipped model, measured: the reference’s roles, the grid by keyboard, a head opened large', async ({ page }) => {
  const widget = await openMeasuredTrainer(page);
  const heads = readmeHeads();
  expect(heads.size).toBe(8);
  // Each grid cell names its head and the role the core measured: the reference's, shortened.
  const first = widget.getByRole('button', { name: /^L1 H1 / });
  const expected = heads.get('L1 H1').role.match(/^no clear role \(strongest: (.+), (\d\.\d\d)\)$/);
  await expect(widget.getByText('0 of 8 heads have a clear role under the rule below; 8 have none.')).toBeVisible();
  await expect(widget.getByText(/^Each score is shown beside its chance level/)).toBeVisible();
  await expect(widget.getByText('A row shows which earlier characters this head mixed into that position at this one layer', { exact: false })).toBeVisible();

  // The lab text: "If two heads look identical, the model has not needed to specialise them yet."
  // The shipped model's two most alike heads, and the verdict, are the core's over the same windows.
  const model = shippedModel();
  let similar;
  try {
    const { similarity, layers, heads: perLayer, chance } = model.headStats({ windows: 128, seed: 1 });
    const count = layers * perLayer;
    similar = { value: -1 };
    for (let a = 0; a < count; a++) for (let b = a + 1; b < count; b++) {
      if (similarity[a * count + b] > similar.value) similar = { a, b, value: similarity[a * count + b] };
    }
    // Beside the strongest score, its chance level: the core's, a head spreading its weight evenly over the same windows.
    expect(expected[1]).toBe('previous token');
    await expect(first).toHaveAccessibleName(`L1 H1 no clear role (${expected[1]} ${expected[2]} (chance ${chance[HeadScore.previous].toFixed(2)})) Open it large.`);
  } finally {
    model.dispose();
  }
  expect(similar.value).toBeLessThan(0.9);
  await expect(widget.getByText('No two heads are 0.9 alike or more: each has a map of its own.')).toBeVisible();
  await expect(widget.getByText(/^Every head’s rows are nearly uniform/)).toHaveCount(0); // trained: not flat
  const similarityMap = widget.getByRole('application', { name: /^Similarity of every two heads’ maps/ });
  await similarityMap.focus();
  for (let i = 0; i < similar.a; i++) await page.keyboard.press('ArrowDown');
  for (let i = 0; i < similar.b; i++) await page.keyboard.press('ArrowRight');
  const name = (g) => `L${Math.floor(g / 4) + 1}H${(g % 4) + 1}`;
  await expect(widget.getByText(`head ${similar.a + 1} “${name(similar.a)}” → head ${similar.b + 1} “${name(similar.b)}”: ${similar.value.toFixed(2)}`)).toBeVisible();

  // Keyboard alone: focus the first cell, move right and down, open it large, close it.
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(widget.getByRole('button', { name: /^L2 H2 / })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = widget.getByRole('dialog', { name: 'Layer 2, head 2 on the probe text' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Over 128 windows: no clear role \(strongest: stripes \(shared keys\), \d\.\d{3} \(chance \d\.\d{3}\)\)\. Previous token \d\.\d{3} \(chance \d\.\d{3}\)/)).toBeVisible();
  await expect(dialog.locator('.heatmap-readout')).toHaveText(/^query \d+ “.+” → key \d+ “.+”: \d\.\d{3}$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(widget.getByRole('button', { name: /^L2 H2 / })).toBeFocused();
});

test('knocking a head out of the shipped model changes the validation loss by the reference’s amount', async ({ page }) => {
  const widget = await openMeasuredTrainer(page);
  const delta = readmeHeads().get('L1 H2').delta;
  await widget.getByLabel('Head to knock out').selectOption({ label: 'L1 H2' });
  await widget.getByRole('button', { name: 'Knock it out' }).click();
  const result = widget.locator('.knockout-result');
  await expect(result).toHaveText(/^L1 H2 replaced by zeros: validation loss \d\.\d{4} → \d\.\d{4} nats per character \([+−]\d\.\d{4}\)\. More than 0\.01 nats per character: the prediction needs this head\.$/, { timeout: 60_000 });
  const [, before, after, shown] = (await result.textContent()).match(/loss (\d\.\d{4}) → (\d\.\d{4}) .*\(([+−]\d\.\d{4})\)/);
  expect(Math.abs(Number(shown.replace('−', '-')) - delta)).toBeLessThanOrEqual(0.0006);
  expect(Math.abs(Number(after) - Number(before) - Number(shown.replace('−', '-')))).toBeLessThanOrEqual(0.00011);
});

test('knocking out every head: the sorted table holds what the core returns for every head', async ({ page }) => {
  test.slow();
  const widget = await openMeasuredTrainer(page);
  await widget.getByRole('button', { name: 'Knock out every head' }).click();
  await expect(widget.locator('.knockout-result')).toHaveText(/^Every head knocked out in turn \(replaced by zeros\); the validation loss is \d\.\d{4} with every head in place\. (\d) of 8 heads raise it by more than 0\.01 nats per character when knocked out; the prediction needs L\d H\d most \(\+\d\.\d{4}\)\.$/, { timeout: 180_000 });
  const shown = await widget.locator('.knockout-table tbody tr').evaluateAll((rows) => rows.map((row) => ({
    head: row.querySelector('th').textContent,
    loss: Number(row.querySelectorAll('td')[2].dataset.value),
    delta: Number(row.querySelectorAll('td')[3].dataset.value),
  })));
  const model = shippedModel();
  try {
    const expected = model.ablateAll({ mode: 'zero' });
    expect(shown.map((r) => r.head)).toEqual(expected.rows.map((r) => `L${r.layer + 1} H${r.head + 1}`));
    expected.rows.forEach((r, i) => {
      expect(Math.abs(shown[i].loss - r.loss)).toBeLessThanOrEqual(1e-6);
      expect(Math.abs(shown[i].delta - r.delta)).toBeLessThanOrEqual(1e-6);
    });
    // Sorted: the largest rise first.
    for (let i = 1; i < shown.length; i++) expect(shown[i].delta).toBeLessThanOrEqual(shown[i - 1].delta);
    // The sentence's count of needed heads is the core's: rises above the threshold it names.
    const [, needed] = (await widget.locator('.knockout-result').textContent()).match(/(\d) of 8 heads raise/);
    expect(Number(needed)).toBe(expected.rows.filter((r) => r.delta > 0.01).length);
    await expect(widget.locator('.knockout-table caption')).toHaveText(`Every head knocked out (replaced by zeros), the largest rise in validation loss first; intact: ${expected.baseline.toFixed(4)}`);
  } finally {
    model.dispose();
  }
});

test('a window of the consistency view opened large: its score and its map are the core’s', async ({ page }) => {
  const widget = await openMeasuredTrainer(page);
  const g = 1; // L1 H2
  await widget.getByLabel('Head to check').selectOption({ label: 'L1 H2' });
  await widget.getByLabel('Score', { exact: true }).selectOption({ label: 'previous token' });
  const highest = widget.locator('.window-figure').filter({ has: page.locator('figcaption', { hasText: /^The highest score/ }) });
  await expect(highest.locator('figcaption')).toHaveText(/^The highest score: \d\.\d{3} on window \d+$/, { timeout: 60_000 });
  const [, score, window] = (await highest.locator('figcaption').textContent()).match(/(\d\.\d{3}) on window (\d+)$/);
  // The histogram has no density curve, so its legend names the bars only (no struck-through entry).
  const legend = await widget.evaluate((el) => el.headsPanel.consistency.chart.chart.legend.legendItems.map((item) => ({ text: item.text, hidden: item.hidden })));
  expect(legend).toEqual([{ text: 'windows', hidden: false }]);
  const k = Number(window) - 1;

  const model = shippedModel();
  let stats, map;
  try {
    stats = model.headStats({ windows: 128, seed: 1, similarity: false });
    const t = stats.t, count = stats.layers * stats.heads;
    const scores = Array.from({ length: stats.windows }, (_, w) => stats.scores[(w * count + g) * HeadScore.count + HeadScore.previous]);
    // The window shown as the highest is the core's highest, with the core's score.
    expect(scores[k]).toBe(Math.max(...scores));
    expect(scores[k].toFixed(3)).toBe(score);
    await expect(highest.locator('.window-text')).toHaveText(stats.windowTexts[k]);
    map = Array.from(model.attentionMaps(stats.windowTexts[k]).weights.subarray(g * t * t, (g + 1) * t * t));
  } finally {
    model.dispose();
  }

  await highest.getByRole('button', { name: `Open window ${k + 1} large` }).click();
  const dialog = widget.getByRole('dialog', { name: `L1 H2 on window ${k + 1} (the highest score, ${score})` });
  await expect(dialog).toBeVisible();
  const drawn = await widget.evaluate((el) => Array.from(el.headsPanel.dialog.heatmap.values));
  expect(drawn.length).toBe(map.length);
  expect(Math.max(...drawn.map((x, i) => Math.abs(x - map[i])))).toBeLessThanOrEqual(1e-6);
  // The focused cell's readout says the core's weight (query 5, key 4 as the dialog opens).
  const t = Math.sqrt(map.length);
  await expect(dialog.locator('.heatmap-readout')).toHaveText(new RegExp(`: ${map[4 * t + 3].toFixed(3)}$`));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(highest.getByRole('button', { name: `Open window ${k + 1} large` })).toBeFocused();
});

test('a window count out of range is refused beside its field; the last measurement stays', async ({ page }) => {
  const widget = await openMeasuredTrainer(page);
  const field = widget.getByLabel('Windows to measure');
  const roleOfFirst = await widget.getByRole('button', { name: /^L1 H1 / }).textContent();
  for (const [typed, said] of [['0', 'it is 0'], ['4097', 'it is 4097']]) {
    await field.fill(typed);
    await field.press('Enter');
    await expect(widget.getByText(`The heads could not be measured: windows must be between 1 and 4096, but ${said}. The last measurement stays.`)).toBeVisible({ timeout: 30_000 });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(widget.getByRole('button', { name: /^L1 H1 / })).toHaveText(roleOfFirst);
    await expect(widget.getByText(/^L1 H1, previous token over 128 windows of the validation text: mean \d\.\d{3}/)).toBeVisible();
  }
  // An empty field is said to be empty (not "the text \"\""), marked ⚠ as every refusal beside a
  // field is, and the sentence describes the field.
  await field.fill('');
  await field.press('Enter');
  const line = widget.getByText('The heads could not be measured: windows must be a whole number, but the field is empty. The last measurement stays.');
  await expect(line).toBeVisible({ timeout: 30_000 });
  expect(await line.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"⚠ "');
  await expect(field).toHaveAccessibleDescription(/but the field is empty/);
  // A good count measures again and clears the mark.
  await field.fill('16');
  await field.press('Enter');
  await expect(widget.getByText(/^Measured 8 heads over 16 windows of \d+ characters \(seed 1\)/)).toBeVisible({ timeout: 60_000 });
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
});

test('a model of context 1 builds, and "Heads specialising" and the heads panel say why its heads cannot be measured', async ({ page }) => {
  const widget = await openTrainer(page);
  for (const [label, value] of [['Layers', '1'], ['Heads', '1'], ['d_model', '8'], ['Context', '1'], ['Batch', '1']]) {
    await widget.getByLabel(label, { exact: true }).fill(value);
  }
  await widget.getByRole('button', { name: 'Build model' }).click();
  await expect(widget.getByText(/^Built a new model: step 0/)).toBeVisible({ timeout: 20_000 });
  await expect(widget.locator('.specialisation .message')).toHaveText('This model reads one character at a time (context 1), so each head can only attend to that one character: '
    + 'there is no choice of position to measure, and no scores are recorded. Build it with a context of 2 or more to follow its heads.');
  await expect(widget.getByText(/No record of head scores/)).toHaveCount(0);
  await expect(widget.getByText('The heads could not be measured: This model reads one character at a time (context 1): a head needs at least 2 to be measured.')).toBeVisible({ timeout: 20_000 });
  await expect(widget.locator('.probe-problem')).toHaveText(/^⚠ The probe text has \d+ characters, but this model reads at most 1 \(its context\): shorten it by \d+\./);
});
