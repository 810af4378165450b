// elements.spec.js — custom-elements.json (made from the widgets' declarations) agrees with what
// the live elements do: each element observes exactly the manifest's attributes and has a
// property for each; every event a widget fires while a reader uses it (recorded at
// dispatchEvent, inside its shadow root too) is in the manifest, with a detail of the declared
// keys and types, and every declared event is seen; every part drawn is declared, and every
// declared part is drawn. A widget that fires or shows something it does not declare fails here.
// (<attn-check> and <attn-exercise> are used too: an answer checked, an exercise started and solved.)
import { readFileSync } from 'node:fs';
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { startAll, trainThenPause, checkPasses } from './helpers/a11y-pages.js';

const manifest = JSON.parse(readFileSync(new URL('../../dist/custom-elements.json', import.meta.url), 'utf8'));
const ELEMENTS = new Map(manifest.modules.flatMap((m) => m.declarations).map((d) => [d.tagName, d]));

/** Records every CustomEvent an attn-* element dispatches, or that leaves its shadow root. */
function recordEvents(page) {
  return page.addInitScript(() => {
    window.__events = [];
    const describe = (value) => {
      if (value instanceof Set) return { set: [...value] };
      if (ArrayBuffer.isView(value)) return { typed: value.constructor.name };
      if (Array.isArray(value)) return value.map(describe);
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, describe(v)]));
      return value === undefined ? { undefined: true } : value;
    };
    const dispatch = EventTarget.prototype.dispatchEvent;
    EventTarget.prototype.dispatchEvent = function (event) {
      if (event instanceof CustomEvent) {
        let host = this.localName?.startsWith('attn-') ? this : null;
        if (!host && event.composed && event.bubbles && this.getRootNode) {
          let root = this.getRootNode();
          while (root?.host && !root.host.localName.startsWith('attn-')) root = root.host.getRootNode();
          host = root?.host ?? null;
        }
        if (host) window.__events.push({ tag: host.localName, type: event.type, bubbles: event.bubbles, detail: describe(event.detail) });
      }
      return dispatch.call(this, event);
    };
  });
}

/** Splits a TypeScript type at its top-level `|`s. */
function alternatives(type) {
  const parts = [];
  let depth = 0, start = 0;
  for (let i = 0; i < type.length; i++) {
    if ('{[(<'.includes(type[i])) depth += 1;
    else if ('}])>'.includes(type[i])) depth -= 1;
    else if (type[i] === '|' && depth === 0) { parts.push(type.slice(start, i).trim()); start = i + 1; }
  }
  parts.push(type.slice(start).trim());
  return parts;
}

/** Whether a recorded value (see describe above) is of a declared TypeScript type. */
function fits(value, type) {
  return alternatives(type).some((t) => {
    if (/^'.*'$/.test(t)) return value === t.slice(1, -1);
    if (t === 'number') return typeof value === 'number';
    if (t === 'string') return typeof value === 'string';
    if (t === 'boolean') return typeof value === 'boolean';
    if (t === 'true') return value === true;
    if (t === 'null') return value === null;
    if (t === 'unknown') return true;
    if (/^(Float32Array|Int32Array|Float64Array)$/.test(t)) return value?.typed === t;
    if (/^Set<.*>$/.test(t)) return Array.isArray(value?.set);
    // An array of anything (tuples too: [number, number][]) before a tuple, which ends in ] as well.
    if (/\[\]$/.test(t)) return Array.isArray(value) && value.every((item) => fits(item, t.replace(/^\((.*)\)\[\]$/, '$1').replace(/\[\]$/, '')));
    if (/^\[.*\]$/.test(t)) return Array.isArray(value) && value.length === alternatives(t.slice(1, -1).replace(/,/g, '|')).length;
    if (/^\{.*\}$/.test(t)) return value !== null && typeof value === 'object' && !Array.isArray(value);
    throw new Error(`elements.spec cannot check the type ${t}`);
  });
}

/** The declared detail keys: { key: { type, optional } } from the manifest's CustomEvent<{ … }>. */
function declaredDetail(event) {
  const body = event.type.text.replace(/^CustomEvent<\{ (.*) \}>$/, '$1');
  const keys = {};
  let depth = 0, start = 0;
  const fields = [];
  for (let i = 0; i < body.length; i++) {
    if ('{[(<'.includes(body[i])) depth += 1;
    else if ('}])>'.includes(body[i])) depth -= 1;
    else if (body[i] === ';' && depth === 0) { fields.push(body.slice(start, i).trim()); start = i + 1; }
  }
  fields.push(body.slice(start).trim());
  for (const field of fields) {
    const [, key, optional, type] = /^([\w]+)(\?)?: (.*)$/.exec(field);
    keys[key] = { type, optional: Boolean(optional) };
  }
  return keys;
}

/** Every recorded event is declared for its element, with a detail of the declared shape. */
function checkRecorded(events) {
  for (const { tag, type, bubbles, detail } of events) {
    const element = ELEMENTS.get(tag);
    const declared = element?.events.find((e) => e.name === type);
    expect(declared, `<${tag}> fired "${type}", which its manifest entry does not declare`).toBeTruthy();
    expect(bubbles, `<${tag}>'s ${type} bubbles`).toBe(declared.description.includes('(bubbles'));
    const keys = declaredDetail(declared);
    for (const key of Object.keys(detail)) expect(keys[key], `<${tag}>'s ${type} detail has "${key}", which is not declared`).toBeTruthy();
    for (const [key, { type: want, optional }] of Object.entries(keys)) {
      if (!(key in detail)) { expect(optional, `<${tag}>'s ${type} detail lacks "${key}"`).toBe(true); continue; }
      expect(fits(detail[key], want), `<${tag}>'s ${type} detail.${key} = ${JSON.stringify(detail[key])} is not ${want}`).toBe(true);
    }
  }
}

test('each element observes the manifest’s attributes and has a property for each, the read-only ones and its methods', async ({ page }) => {
  await page.goto('/');
  for (const [tag, element] of ELEMENTS) {
    const live = await page.locator(tag).first().evaluate((el, names) => ({
      observed: [...el.constructor.observedAttributes],
      properties: Object.fromEntries(names.map((name) => [name, name in el && (typeof el[name] === 'function' ? 'method' : 'field')])),
    }), element.members.map((member) => member.name));
    expect(live.observed, tag).toEqual(element.attributes.map((a) => a.name));
    for (const member of element.members) expect(live.properties[member.name], `${tag}.${member.name}`).toBe(member.kind);
  }
});

test('every event a reader’s actions fire is declared, with its detail; every part drawn is declared, and drawn', async ({ page }) => {
  test.slow();
  await recordEvents(page);
  await page.goto('/?authors'); // the embed parts are drawn too
  await startAll(page);
  const w = (tag) => page.locator(tag);
  // A setting changed from outside, and a control used, in every widget.
  await w('attn-stepper').getByRole('button', { name: 'Next →' }).click();
  await w('attn-stepper').evaluate((el) => { el.mask = 'none'; });
  await w('attn-variance').evaluate((el) => { el.draws = 5000; });
  await w('attn-masks').getByRole('checkbox', { name: /window/i }).first().check();
  await w('attn-masks').getByRole('application', { name: 'Attention weights (mask before the softmax)' }).focus();
  await page.keyboard.press('ArrowDown');
  await w('attn-shuffle').getByRole('button', { name: 'Shuffle' }).click();
  await w('attn-shuffle').evaluate((el) => { el.positions = 'sinusoidal'; }); // its matrix of position vectors
  await w('attn-heads').getByRole('tab', { name: 'Head 2' }).click();
  await w('attn-heads').getByRole('application', { name: /^Head 2/ }).focus();
  await page.keyboard.press('ArrowRight');
  await w('attn-cost').evaluate((el) => { el.n = 2048; });
  await w('attn-train').evaluate((el) => { el.probe = 'the cat sat'; });
  const train = w('attn-train');
  await trainThenPause(train, 1002);
  await train.getByRole('application', { name: /^Layer 1, head 1: attention weights/ }).focus();
  await page.keyboard.press('ArrowDown');
  const editor = w('attn-editor');
  await checkPasses(editor);
  await editor.evaluate((el) => { el.timeout = 7; });
  // The lookup: a preset (change, with preset), an arrow key on the keys' plane (change), a drag of
  // the query (input while it moves, change when released).
  const lookup = w('attn-lookup');
  await lookup.getByRole('button', { name: 'Two near-duplicates' }).click();
  const plane = lookup.getByRole('application', { name: 'Keys and the query' });
  await plane.focus();
  await page.keyboard.press('ArrowUp');
  const box = await plane.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4, { steps: 3 });
  await page.mouse.up();
  // The bottleneck: a setting (a new measurement, then measured) and its alignment map's keys.
  const bottleneck = w('attn-bottleneck');
  await bottleneck.evaluate((el) => { el.trials = 4; });
  await expect(bottleneck.getByText(/^Measured \d+ lengths from 5 to \d+ tokens, 4 random sources each/)).toBeVisible({ timeout: 60_000 });
  await bottleneck.locator('[aria-roledescription="heatmap"]').first().focus();
  await page.keyboard.press('ArrowDown');
  // The trained translation: settings for a tiny run (change), Train (trained), a map's keys.
  const translation = w('attn-translation');
  await translation.evaluate((el) => { el.steps = 10; el.evalEvery = 10; });
  await translation.getByRole('button', { name: 'Train both models' }).click();
  await expect(translation.getByRole('status')).toHaveText(/^Trained here/, { timeout: 60_000 });
  await translation.locator('[aria-roledescription="heatmap"]').first().focus();
  await page.keyboard.press('ArrowDown');
  // Cross-attention: a setting, and its weights map's keys.
  const cross = w('attn-cross');
  await cross.evaluate((el) => { el.noise = 0.5; });
  await cross.locator('[aria-roledescription="heatmap"]').first().focus();
  await page.keyboard.press('ArrowRight');
  // Decoding: one step (change), a cache map's keys, and "Measure" (measured).
  const decode = w('attn-decode');
  await decode.getByRole('button', { name: 'Step', exact: true }).click();
  await decode.locator('[aria-roledescription="heatmap"]').first().focus();
  await page.keyboard.press('ArrowRight');
  await decode.getByRole('button', { name: 'Measure', exact: true }).click();
  // The cost's memory measurement, on the smallest sizes only.
  await w('attn-cost').evaluate((el) => { el.memoryMax = '1024'; });
  await w('attn-cost').getByRole('button', { name: 'Measure memory' }).click();
  // The two long actions, whose events carry results.
  await w('attn-variance').getByRole('button', { name: 'Reproduce the chapter' }).click();
  await w('attn-cost').getByRole('button', { name: 'Measure in my browser' }).click();
  await expect(w('attn-variance').getByText(/^Done, with seed/)).toBeVisible({ timeout: 200_000 });
  await expect(w('attn-cost').getByText(/^Done: 6 sizes measured\./)).toBeVisible({ timeout: 200_000 });
  await expect(w('attn-cost').getByText(/^Done: the tiled kernel ran to N = /)).toBeVisible({ timeout: 200_000 });
  await expect(decode.getByText(/^The cache decoded .* times as fast on this machine/)).toBeVisible({ timeout: 200_000 });
  // Check yourself: an answer checked (answered), then a question list set (change).
  const check = w('attn-check');
  const projections = check.locator('li[data-question="projections"]');
  await projections.getByRole('radio').first().check();
  await projections.getByRole('button', { name: 'Check answer' }).click();
  await check.evaluate((el) => el.setAttribute('questions', 'projections variance crossover'));
  // An exercise: its task changed (change) on one not started; another started and solved
  // (solved) through its own <attn-cost>: crossover at N = 1,536 with d_model / h = 64. Last, so
  // the page's first copy of each widget stays the lab's own one.
  await page.locator('#ex-6-2').evaluate((el) => { el.task = 'mask-nan-row'; });
  const exercise = page.locator('#ex-6-6');
  await exercise.getByRole('button', { name: 'Start the exercise' }).click();
  const own = exercise.locator('attn-cost');
  await whenStarted(own);
  await own.evaluate((el) => { el.dModel = 768; el.heads = 12; });
  await expect(exercise.getByText('✓ Solved: every condition holds.')).toBeVisible();
  // Every widget: a theme it cannot use is refused, then the theme it had is back (two `problems`).
  for (const tag of ELEMENTS.keys()) {
    await w(tag).first().evaluate(async (el) => {
      const theme = el.getAttribute('theme');
      el.setAttribute('theme', 'purple');
      await Promise.resolve(); // the event comes after the action
      if (theme === null) el.removeAttribute('theme');
      else el.setAttribute('theme', theme);
      await Promise.resolve();
    });
  }

  const events = await page.evaluate(() => window.__events);
  checkRecorded(events);
  for (const [tag, element] of ELEMENTS) {
    for (const event of element.events) {
      expect(events.some((e) => e.tag === tag && e.type === event.name), `<${tag}> declares "${event.name}": it was never fired`).toBe(true);
    }
  }

  // Parts: what each widget draws is what it declares (the lab page with ?authors shows the embed controls, but
  // for <attn-train> and <attn-editor>, which have no embed-code: their embed parts are not drawn).
  for (const [tag, element] of ELEMENTS) {
    const { drawn, embedCode } = await w(tag).first().evaluate((el) => ({ // five exercises: the first
      drawn: [...new Set([...el.shadowRoot.querySelectorAll('[part]')].flatMap((node) => [...node.part]))].sort(),
      embedCode: el.hasAttribute('embed-code'),
    }));
    const declared = element.cssParts.map((p) => p.name).filter((name) => embedCode || !['embed', 'embed-button'].includes(name));
    expect(drawn, `<${tag}>: the parts drawn are the parts declared`).toEqual(declared.sort());
  }
});

test('a script reads what a widget refuses in `problems`, and hears each change of it once, after the action', async ({ page }) => {
  await page.goto('/embed.html?widget=cost');
  const cost = page.locator('attn-cost');
  await whenStarted(cost);
  const seen = await cost.evaluate(async (el) => {
    const heard = [];
    el.addEventListener('problems', (event) => heard.push(event.detail.problems.map(({ key }) => key)));
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    const before = el.problems;
    el.heads = 7; // 512 ÷ 7 is not whole: kept as set, and said
    const atOnce = el.problems.map(({ key, message }) => [key, message]);
    const heardAtOnce = heard.length;
    await tick();
    el.dModel = 448; // 7 × 64: the rule holds again
    await tick();
    el.n = -3; // refused as a value …
    el.n = 1024; // … and taken back in the same task: nothing to tell
    await tick();
    el.setAttribute('n', 'many');
    await tick();
    const shown = el.shadowRoot.querySelector('[aria-invalid="true"]')?.getAttribute('aria-describedby');
    const line = shown ? el.shadowRoot.getElementById(shown).textContent : null;
    return { before, atOnce, heardAtOnce, heard, last: el.problems, line, frozen: Object.isFrozen(el.problems[0]) };
  });
  expect(seen.before).toEqual([]);
  expect(seen.atOnce).toHaveLength(1);
  expect(seen.atOnce[0][0]).toBe('heads-shape');
  expect(seen.atOnce[0][1]).toContain('h = 7 does not divide d_model = 512');
  expect(seen.heardAtOnce).toBe(0);
  expect(seen.heard).toEqual([['heads-shape'], [], ['n']]);
  expect(seen.last).toHaveLength(1);
  expect(seen.last[0].key).toBe('n');
  expect(seen.line).toContain(seen.last[0].message); // the sentence on screen, word for word
  expect(seen.frozen).toBe(true);
});

test('a widget embedded on its own fires its change with the declared detail, from a setting and a property', async ({ page }) => {
  await recordEvents(page);
  await page.goto('/embed.html?widget=stepper');
  const stepper = page.locator('attn-stepper');
  await whenStarted(stepper);
  await stepper.getByRole('textbox', { name: 'X, row x₁, column 1' }).fill('2');
  await stepper.getByRole('textbox', { name: 'X, row x₁, column 1' }).press('Enter');
  await stepper.getByRole('button', { name: 'Reset example' }).click();
  await stepper.evaluate((el) => { el.headingLevel = 2; });
  const events = await page.evaluate(() => window.__events);
  expect(events.map((e) => e.detail)).toEqual([
    { step: 1, mask: 'causal', scale: true, scaling: 1, edited: 'x' },
    { step: 1, mask: 'causal', scale: true, scaling: 1, reset: true },
  ]);
  checkRecorded(events);
  // heading-level is furniture: no change, but the title is now an h2.
  await expect(stepper.getByRole('heading', { level: 2, name: 'Scaled dot-product attention, step by step' })).toBeVisible();
});
