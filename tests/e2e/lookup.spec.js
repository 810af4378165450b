// lookup.spec.js — <attn-lookup> in the browser: the chapter's known outputs as a reader sees
// them (sharpness 0: every weight 1/6 and the output the mean of the values, entropy = ln 6; the
// preset "A score gap of 20": a ratio of 4.85 × 10⁸ beside e^20; a very large sharpness: the
// best key's value), the query dragged with the pointer and moved with the arrow keys (input
// while dragging, one change when released), the four checks stated and holding wherever the
// query goes, the keys = values switch and its sentence, sorted bars, the memory edited, and
// bad input refused beside its field with the last good state kept.
import { test, expect, whenStarted } from './helpers/fixtures.js';

async function open(page, query = '') {
  await page.goto(`/embed.html?widget=lookup${query}`);
  const widget = page.locator('attn-lookup');
  await whenStarted(widget);
  await expect(widget.getByText(/^Query q = /)).toBeVisible();
  return widget;
}

/** The bars as [label, weight text], in the order shown. */
const bars = (widget) => widget.getByRole('list', { name: 'Weights, one per entry' }).locator('li').evaluateAll((items) =>
  items.map((li) => [li.querySelector('.bar-label').textContent, li.querySelector('.bar-value').textContent]));
const readout = (widget) => widget.getByText(/^Query q = /);
const checks = (widget) => widget.getByRole('list', { name: 'The checks, on this update' }).locator('li');

async function type(widget, label, value) {
  const box = widget.getByLabel(label, { exact: true });
  await box.fill(value);
  await box.press('Enter');
}

test('sharpness 0: every weight is exactly 1/6, the output is the mean of the values, the entropy is ln 6', async ({ page }) => {
  const widget = await open(page);
  await type(widget, 'Sharpness s', '0');
  await expect(widget).toHaveAttribute('sharpness', '0');
  expect((await bars(widget)).map(([, w]) => w)).toEqual(Array(6).fill('0.166667'));
  // The values of "Evenly spread": their mean is (−1/6, −1/12).
  await expect(readout(widget)).toHaveText('Query q = (1.50, 0.50) → output = (−0.17, −0.08), with weights from softmax(s · q·kᵢ) at s = 0.');
  await expect(widget.getByText(/^Entropy of the row: 1\.7918 nats, beside ln 6 = 1\.7918, .* At s = 0 it is exactly there: every weight is 1\/6/)).toBeVisible();
  await expect(widget.getByRole('slider', { name: /^Sharpness s/ })).toHaveValue('0');
  // The exact numbers, from the data table: every weight is the float32 1/6, the output the mean to 1e-6.
  const data = await widget.evaluate((el) => ({ weights: Array.from(el.result.weights), out: Array.from(el.result.out) }));
  for (const w of data.weights) expect(w).toBe(Math.fround(1 / 6));
  expect(Math.abs(data.out[0] + 1 / 6)).toBeLessThan(1e-6);
  expect(Math.abs(data.out[1] + 1 / 12)).toBeLessThan(1e-6);
});

test('the preset “A score gap of 20”: the two largest weights differ by e^20 = 4.85 × 10⁸', async ({ page }) => {
  const widget = await open(page, '&sharpness=7');
  await widget.getByRole('button', { name: 'A score gap of 20' }).click();
  await expect(widget).not.toHaveAttribute('sharpness'); // back to the preset's s = 1
  await expect(widget).toHaveAttribute('query', '4,0');
  await expect(widget.getByText(/^The two largest weights: entry 1 \(1\.000000\) and entry 2 \(2\.06 × 10⁻⁹\)\. Their ratio is 4\.85 × 10⁸\. The gap between their sharpened scores is s·\(q·k − q·k′\) = 20, and e20 = 4\.85 × 10⁸: /)).toBeVisible();
  expect(await bars(widget)).toEqual([['k1 → v1', '1.000000'], ['k2 → v2', '2.06 × 10⁻⁹'], ['k3 → v3', '6.91 × 10⁻¹³'], ['k4 → v4', '3.78 × 10⁻¹¹']]);
});

test('a very large sharpness hands over the best key’s value: a hard lookup', async ({ page }) => {
  const widget = await open(page);
  await type(widget, 'Sharpness s', '1000000');
  // The query (1.5, 0.5) matches k1 = (2, 0) best; its value is v1 = (−3, 2).
  await expect(readout(widget)).toHaveText(/^Query q = \(1\.50, 0\.50\) → output = \(−3\.00, 2\.00\)/);
  await expect(widget.getByText(/^Entropy of the row: 0\.0000 nats.*Near 0: the query found one entry/)).toBeVisible();
  const out = await widget.evaluate((el) => Array.from(el.result.out));
  expect(Math.abs(out[0] + 3)).toBeLessThan(1e-5);
  expect(Math.abs(out[1] - 2)).toBeLessThan(1e-5);
  await expect(widget.getByRole('slider', { name: /^Sharpness s/ })).toHaveValue('81'); // the far right
});

test('dragging the query: input while it moves, one change when released, and the numbers follow', async ({ page }) => {
  const widget = await open(page);
  await widget.evaluate((el) => {
    window.events = [];
    el.addEventListener('input', (e) => window.events.push(['input', e.detail.query]));
    el.addEventListener('change', (e) => window.events.push(['change', e.detail.query]));
  });
  const plane = widget.getByRole('application', { name: /^Keys and the query/ });
  const box = await plane.boundingBox();
  const at = (x, y) => [box.x + box.width / 2 + (x / 4) * (box.width / 2), box.y + box.height / 2 - (y / 4) * (box.height / 2)];
  await page.mouse.move(...at(1.5, 0.5));
  await page.mouse.down();
  await page.mouse.move(...at(0, 1.5), { steps: 5 });
  await page.mouse.move(...at(-1.6, 1.8), { steps: 5 });
  await page.mouse.up();
  const events = await page.evaluate(() => window.events);
  expect(events.filter(([kind]) => kind === 'input').length).toBeGreaterThan(3);
  expect(events.filter(([kind]) => kind === 'change')).toHaveLength(1);
  const query = (await widget.getAttribute('query')).split(',').map(Number);
  expect(query).toEqual(events.at(-1)[1]);
  expect(query[0]).toBeLessThan(-1);
  expect(query[1]).toBeGreaterThan(1.4);
  // k3 = (−1, 1.73) now matches best.
  expect((await bars(widget)).reduce((best, row) => (Number(row[1]) > Number(best[1]) ? row : best))[0]).toBe('k3 → v3');
  await expect(checks(widget).filter({ hasText: /^✓ Holds/ })).toHaveCount(4);
});

test('a listener on the element hears only the widget’s own input event, with its query: not the slider’s or a field’s', async ({ page }) => {
  // The inner fields' native input events are composed: they crossed the shadow root, with detail
  // undefined (0 for the slider's), and a handler written as documented threw a TypeError.
  const widget = await open(page);
  await widget.evaluate((el) => {
    window.heard = [];
    el.addEventListener('input', (event) => { const [x, y] = event.detail.query; window.heard.push([x, y]); });
    document.addEventListener('input', (event) => { if (event.target === el) return; window.heard.push(`document: ${event.target.localName}`); });
  });
  const before = await widget.evaluate((el) => el.sharpness);
  await widget.getByRole('slider', { name: /^Sharpness s/ }).press('ArrowRight');
  await expect.poll(() => widget.evaluate((el) => el.sharpness)).not.toBe(before); // the slider still works
  await type(widget, 'Sharpness s', '2');
  await type(widget, 'Query q (x, y)', '1,1');
  await widget.getByText('Edit the memory').click();
  await type(widget, 'Key 1, x', '0.5');
  expect(await widget.evaluate((el) => [el.sharpness, el.query, el.keys[0][0]])).toEqual([2, [1, 1], 0.5]);
  expect(await page.evaluate(() => window.heard)).toEqual([]);
  // Its own, while the query is dragged: heard, with the query.
  const plane = widget.getByRole('application', { name: /^Keys and the query/ });
  await plane.scrollIntoViewIfNeeded();
  const box = await plane.boundingBox();
  await page.mouse.move(box.x + box.width * 0.625, box.y + box.height * 0.375);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 3 });
  await page.mouse.up();
  const heard = await page.evaluate(() => window.heard);
  expect(heard.length).toBeGreaterThan(0);
  for (const query of heard) expect(query).toEqual([expect.any(Number), expect.any(Number)]);
});

test('the arrow keys move the query (Shift for larger steps), each key one change, the readout says where', async ({ page }) => {
  const widget = await open(page);
  const plane = widget.getByRole('application', { name: /^Keys and the query/ });
  await plane.focus();
  await page.keyboard.press('ArrowRight');
  await expect(widget).toHaveAttribute('query', '1.6,0.5');
  await page.keyboard.press('Shift+ArrowUp');
  await expect(widget).toHaveAttribute('query', '1.6,1.5');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await expect(widget).toHaveAttribute('query', '1.5,1.4');
  await expect(readout(widget)).toHaveText(/^Query q = \(1\.50, 1\.40\) → output = /);
  await expect(plane).toHaveAttribute('aria-label', /the query q is at \(1\.50, 1\.40\)/);
  await expect(widget.getByLabel('Query q (x, y)', { exact: true })).toHaveValue('1.5, 1.4');
});

test('the checks are stated and hold wherever the query goes, at every sharpness and preset', async ({ page }) => {
  const widget = await open(page);
  for (const preset of ['Evenly spread', 'Two near-duplicates', 'One outlier value', 'A score gap of 20']) {
    await widget.getByRole('button', { name: preset }).click();
    for (const [query, sharpness] of [['-9,9', '0'], ['3,-2', '0.05'], ['0.5,0.5', '2'], ['10,10', '300']]) {
      await widget.evaluate((el, [q, s]) => { el.setAttribute('query', q); el.setAttribute('sharpness', s); }, [query, sharpness]);
      await expect(checks(widget)).toHaveCount(4);
      await expect(checks(widget).filter({ hasText: /^✓ Holds/ })).toHaveCount(4);
      await expect(checks(widget).nth(2)).toHaveText(/the output lies in the convex hull of the \d+ values/);
    }
  }
});

test('values equal keys: the switch, its sentence, and the output among the keys', async ({ page }) => {
  const widget = await open(page);
  await expect(widget.getByText(/^Keys and values are different things/)).toBeVisible();
  await widget.getByRole('checkbox', { name: 'Values equal keys' }).check();
  await expect(widget).toHaveAttribute('tied', '');
  await expect(widget.getByText(/^Each value now equals its key\. What you match on is what you hand over/)).toBeVisible();
  // The output is a blend of the keys: at s = 1 with q = (1.5, 0.5) it leans towards k1 = (2, 0).
  const { out, keys } = await widget.evaluate((el) => ({ out: Array.from(el.result.out), keys: el.result.keys }));
  expect(keys).toEqual(await widget.evaluate((el) => el.keys));
  expect(out[0]).toBeGreaterThan(0.5);
  await widget.getByText('Edit the memory').click();
  await expect(widget.getByRole('textbox', { name: 'Value 1, x' })).toBeDisabled();
  await widget.getByRole('checkbox', { name: 'Values equal keys' }).uncheck();
  await expect(widget.getByText(/^Keys and values are different things/)).toBeVisible();
});

test('sorted bars, the near-duplicates split their weight, and the memory edited, added to and shortened', async ({ page }) => {
  const widget = await open(page);
  await widget.getByRole('button', { name: 'Two near-duplicates' }).click();
  await widget.getByRole('checkbox', { name: 'Sort the bars by weight' }).check();
  await expect(widget).toHaveAttribute('order', 'weight');
  const sorted = await bars(widget);
  expect(sorted.slice(0, 2).map(([label]) => label)).toEqual(['k2 → v2', 'k1 → v1']);
  expect(Number(sorted[0][1]) + Number(sorted[1][1])).toBeGreaterThan(0.99);
  expect(Number(sorted[1][1])).toBeGreaterThan(0.4); // found two things: their average
  await widget.getByText('Edit the memory').click();
  const cell = widget.getByRole('textbox', { name: 'Value 1, x' });
  await cell.fill('2');
  await cell.press('Enter');
  await expect(widget).toHaveAttribute('values', /^2,3 3,3 /);
  await widget.getByRole('button', { name: 'Add an entry' }).click();
  await expect(widget.getByRole('list', { name: 'Weights, one per entry' }).locator('li')).toHaveCount(6);
  await widget.getByRole('button', { name: 'Remove entry 1' }).click();
  await widget.getByRole('button', { name: 'Remove entry 1' }).click();
  await expect(widget.getByRole('list', { name: 'Weights, one per entry' }).locator('li')).toHaveCount(4);
  await expect(widget.getByRole('button', { name: 'Remove entry 1' })).toBeDisabled(); // 4 is the fewest
  await expect(checks(widget).filter({ hasText: /^✓ Holds/ })).toHaveCount(4);
});

test('bad input is refused beside its field, the last good state stays, and the widget keeps working', async ({ page }) => {
  const widget = await open(page);
  const before = await readout(widget).textContent();
  const alert = widget.getByRole('alert').filter({ hasText: /⚠/ }).first();
  for (const [attribute, value, message] of [
    ['keys', '', /The memory is empty: keys must list 4 to 12 points/],
    ['keys', Array(13).fill('1,1').join(' '), /keys must hold 4 to 12 entries, but it holds 13: too many entries/],
    ['values', '1,1 NaN,2 3,3 4,4 5,5 6,6', /values must be points “x,y” with finite coordinates from −10 to 10, separated by spaces; “NaN,2” is not one/],
    ['query', 'Infinity,0', /query must be one point “x,y” with finite coordinates from −10 to 10, but it is “Infinity,0”/],
    ['sharpness', '-1', /sharpness must be 0 or more: it multiplies the scores, and a negative one would favour the worst match; it is “-1”/],
  ]) {
    await widget.evaluate((el, [a, v]) => el.setAttribute(a, v), [attribute, value]);
    await expect(alert).toHaveText(message);
    await expect(readout(widget)).toHaveText(before);
    await widget.evaluate((el, a) => el.removeAttribute(a), attribute);
    await expect(widget.getByRole('alert').filter({ hasText: /⚠/ })).toHaveCount(0);
  }
  // Typed: a negative sharpness, beside its field and marked invalid; then a good one works.
  const field = widget.getByLabel('Sharpness s', { exact: true });
  await field.fill('−2');
  await field.press('Enter');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(alert).toHaveText(/sharpness must be 0 or more/);
  await expect(readout(widget)).toHaveText(before);
  await field.fill('0');
  await field.press('Enter');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(readout(widget)).toHaveText(/output = \(−0\.17, −0\.08\)/);
  // Values and keys of different lengths: said, and the last good state kept.
  await widget.evaluate((el) => el.setAttribute('values', '1,1 2,2 3,3 4,4 5,5'));
  await expect(alert).toHaveText(/keys hold 6 entries but values hold 5: every entry needs both a key and a value/);
  // A typed coordinate out of range in the memory table.
  await widget.getByText('Edit the memory').click();
  await widget.evaluate((el) => el.removeAttribute('values'));
  const cell = widget.getByRole('textbox', { name: 'Key 2, y' });
  await cell.fill('11');
  await cell.press('Enter');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(widget.getByText(/Key 2’s y must be a number from −10 to 10, but it is “11”\. The memory in use is unchanged\./)).toBeVisible();
  await expect(cell).toHaveAccessibleDescription('⚠ Key 2’s y must be a number from −10 to 10, but it is “11”. The memory in use is unchanged.');
  await expect(widget).not.toHaveAttribute('keys');
  await cell.fill('1.5'); // fixed: neither invalid nor described by a sentence that is gone
  await cell.press('Enter');
  await expect(cell).not.toHaveAttribute('aria-invalid', 'true');
  await expect(cell).not.toHaveAttribute('aria-describedby');
});

test('the keyboard keeps its place when an entry is removed; the slider reaches the largest sharpness; a bad query is quoted as typed', async ({ page }) => {
  const widget = await open(page);
  await widget.getByText('Edit the memory').click();
  await widget.getByRole('button', { name: 'Add an entry' }).click();
  await widget.getByRole('button', { name: 'Add an entry' }).click(); // 8 entries
  await widget.getByRole('button', { name: 'Remove entry 3' }).focus();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('list', { name: 'Weights, one per entry' }).locator('li')).toHaveCount(7);
  await expect(widget.getByRole('button', { name: 'Remove entry 3' })).toBeFocused(); // the row now in its place
  await widget.getByRole('button', { name: 'Remove entry 7' }).focus();
  await page.keyboard.press('Enter');
  await expect(widget.getByRole('button', { name: 'Remove entry 6' })).toBeFocused(); // the last row's
  // The slider's far right is the field's largest value, 10⁶.
  const slider = widget.getByRole('slider', { name: /^Sharpness s/ });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(widget).toHaveAttribute('sharpness', '1000000');
  // "1 2" (a space, no comma) is refused quoting what was typed; "1, 2" (a space after the comma) is taken.
  const query = widget.getByLabel('Query q (x, y)');
  await query.fill('1 2');
  await query.press('Enter');
  await expect(widget.getByRole('alert').filter({ hasText: /⚠/ }).first()).toHaveText(/but it is “1 2”/);
  await query.fill('1, 2');
  await query.press('Enter');
  await expect(widget).toHaveAttribute('query', '1,2');
  await expect(query).not.toHaveAttribute('aria-invalid', 'true');
});

/** The labels a plane of the widget drew last, as { text: [left, top, right, bottom] } in px. */
const planeLabels = (widget, plane) => widget.evaluate((el, name) =>
  Object.fromEntries(el[name].labels.map((l) => [l.text, [l.left, l.top, l.right, l.bottom]])), plane);
/** The area two [left, top, right, bottom] boxes share. */
const sharedArea = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
/** Every pair of labels that overlap, as 'a/b'. */
const overlapping = (labels) => Object.keys(labels).flatMap((a, i) => Object.keys(labels).slice(i + 1)
  .filter((b) => sharedArea(labels[a], labels[b]) > 0).map((b) => `${a}/${b}`));

test('the output’s label moves aside from the value it lands on (a score gap of 20: out = v1), and no label covers another', async ({ page }) => {
  const widget = await open(page);
  await widget.getByRole('button', { name: 'A score gap of 20' }).click();
  await expect(widget).toHaveAttribute('query', '4,0');
  // The premise: the output is v1 = (1, 2), to float32 rounding, so their labels would coincide.
  const out = await widget.evaluate((el) => Array.from(el.result.out));
  expect(Math.abs(out[0] - 1) + Math.abs(out[1] - 2)).toBeLessThan(1e-5);
  const values = await planeLabels(widget, 'valuesPlane');
  expect(Object.keys(values)).toEqual(['v1', 'v2', 'v3', 'v4', 'out']);
  expect(sharedArea(values.out, values.v1)).toBe(0);
  expect(overlapping(values)).toEqual([]);
  // Every label is inside the plane.
  const side = await widget.locator('canvas.plane-canvas').nth(1).evaluate((canvas) => canvas.clientWidth);
  for (const [text, [left, top, right, bottom]] of Object.entries(values)) {
    expect([left >= 0, top >= 0, right <= side, bottom <= side], text).toEqual([true, true, true, true]);
  }
  // The near-duplicates, with the query on k1: q, k1 and k2 share one spot, and are written apart.
  await widget.getByRole('button', { name: 'Two near-duplicates' }).click();
  await expect(widget).toHaveAttribute('query', '2,1');
  expect(overlapping(await planeLabels(widget, 'keysPlane'))).toEqual([]);
  expect(overlapping(await planeLabels(widget, 'valuesPlane'))).toEqual([]);
});

test('with the query near k2, no label covers another mark: “q” clear of k2, “out” clear of v2', async ({ page }) => {
  const widget = await open(page);
  await widget.evaluate((el) => { el.query = [1.4, 1.5]; });
  await expect(widget).toHaveAttribute('query', '1.4,1.5');
  for (const plane of ['keysPlane', 'valuesPlane']) {
    const { labels, marks } = await widget.evaluate((el, name) => ({ labels: el[name].labels, marks: el[name].marks }), plane);
    const box = (b) => [b.left, b.top, b.right, b.bottom];
    const covering = labels.flatMap((label) => marks.filter((mark) => mark.text !== label.text && sharedArea(box(label), box(mark)) > 0)
      .map((mark) => `${label.text} over ${mark.text}`));
    expect(covering, plane).toEqual([]);
    expect(marks).toHaveLength(labels.length);
  }
});
