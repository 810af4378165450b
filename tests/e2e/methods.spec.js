// methods.spec.js — every method a widget declares (static declaredMethods), called as a course
// author's script calls it: it does what its button does, and a call at a bad time (the element
// not on the page, the widget not started, busy, the context full) or with a bad argument throws
// or rejects with an AttnError whose sentence says why, never a silent no-op or a TypeError from
// deep inside. The methods that were public and are not declared are gone from the element.
// (<attn-train>'s startTraining, pauseTraining, useAttention and showLossChart are also driven by
// <attn-editor>: editor.spec.js.)
import { test, expect, holdCore, whenStarted } from './helpers/fixtures.js';

/** Opens widget `name` alone; with `held`, its core is held back, so it is built but not started. */
async function open(page, name, { held = false } = {}) {
  const release = held ? await holdCore(page) : null;
  await page.goto(`/embed.html?widget=${name}`);
  const widget = page.locator(`attn-${name}`).first();
  if (held) await expect.poll(() => widget.evaluate((el) => el.built === true)).toBe(true);
  else await whenStarted(widget, 60_000);
  return { widget, release };
}

/** Calls el[name](...args) in the page (on a fresh, unconnected element for `fresh`); returns
 *  { value } or { error, message } (the error's name and sentence). */
function call(target, name, args = [], { fresh = null } = {}) {
  return target.evaluate(async (el, [method, params, tag]) => {
    const on = tag ? document.createElement(tag) : el;
    try {
      const value = await on[method](...params);
      return { value: value instanceof Uint8Array ? `bytes ${value.length > 0}` : value instanceof HTMLElement ? `<${value.localName}>` : (value ?? null) };
    } catch (error) {
      return { error: error.name, message: error.message };
    }
  }, [name, args, fresh]);
}

/** The `change` details `el` fires while `fn` runs in the page, and what fn returned. */
const changes = (widget, fn, arg) => widget.evaluate(async (el, [body, value]) => {
  const seen = [];
  const listen = (event) => { if (event.target === el) seen.push(event.detail); };
  el.addEventListener('change', listen);
  try {
    await new Function('el', 'value', body)(el, value);
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 50));
    el.removeEventListener('change', listen);
  }
  return seen;
}, [fn, arg]);

const notStarted = (tag, call, core = true) => ({
  error: 'AttnError',
  message: `${call} cannot run yet: <${tag}> starts when it first comes into view${core ? ' and the attention core has loaded' : ''}.`,
});
const notOnPage = (tag, call) => ({ error: 'AttnError', message: `${call} cannot run yet: <${tag}> is not on the page; add it to the document first.` });

test('<attn-stepper>.reset(): the chapter’s example again, one change; on an element not yet on the page it still takes', async ({ page }) => {
  const { widget } = await open(page, 'stepper');
  expect(await widget.evaluate((el) => [typeof el.goTo, typeof el.move])).toEqual(['undefined', 'undefined']); // the step is a property
  await widget.evaluate((el) => { el.x = '1,2,3,4,5,6,7,8'; el.step = 4; });
  const seen = await changes(widget, 'el.reset()');
  expect(seen).toEqual([expect.objectContaining({ reset: true, step: 4 })]);
  expect(await widget.evaluate((el) => el.hasAttribute('x'))).toBe(false);
  await expect(widget.getByRole('button', { name: /^Reset example/ })).toBeVisible();
  // Before the element is in a document (it crashed on its panels, not built yet).
  expect(await widget.evaluate((el) => {
    const fresh = document.createElement('attn-stepper');
    fresh.wq = '1,1,1,1,1,1,1,1';
    fresh.reset();
    return fresh.hasAttribute('wq');
  })).toBe(false);
});

test('<attn-masks>.clearEdits(): the flipped cells go, one change; nothing flipped, no change; before the start it still takes', async ({ page }) => {
  const { widget, release } = await open(page, 'masks', { held: true });
  expect(await widget.evaluate((el) => typeof el.toggleCell)).toBe('undefined'); // flipping is the edits property
  await widget.evaluate((el) => { el.edits = '1:1:2=allowed'; });
  expect(await call(widget, 'clearEdits')).toEqual({ value: null });
  expect(await widget.evaluate((el) => el.hasAttribute('edits'))).toBe(false);
  release();
  await whenStarted(widget);
  await widget.evaluate((el) => { el.edits = '1:1:2=allowed'; });
  expect(await changes(widget, 'el.clearEdits()')).toEqual([expect.objectContaining({ cleared: true })]);
  expect(await changes(widget, 'el.clearEdits()')).toEqual([]);
});

test('<attn-lookup>.usePreset(name): the preset, one change; another name is refused with the presets named, and nothing changes', async ({ page }) => {
  const { widget } = await open(page, 'lookup');
  expect(await widget.evaluate((el) => [typeof el.addEntry, typeof el.removeEntry, typeof el.refreshTied])).toEqual(['undefined', 'undefined', 'undefined']);
  const seen = await changes(widget, 'el.usePreset("duplicates")');
  expect(seen).toEqual([expect.objectContaining({ preset: 'duplicates', tied: false })]);
  const keys = await widget.evaluate((el) => JSON.stringify(el.keys));
  for (const bad of ['nope', 'toString', 7]) {
    expect(await call(widget, 'usePreset', [bad])).toEqual({
      error: 'AttnError',
      message: `usePreset(): there is no preset ${typeof bad === 'string' ? `“${bad}”` : bad}; the presets are “spread”, “duplicates”, “outlier”, “gap”.`,
    });
  }
  expect(await changes(widget, 'try { el.usePreset("gone"); } catch {}')).toEqual([]);
  expect(await widget.evaluate((el) => JSON.stringify(el.keys))).toBe(keys);
});

test('<attn-cost>.measure(): refused before the start and while measuring; resolves to the measured points', async ({ page }) => {
  const { widget, release } = await open(page, 'cost', { held: true });
  expect(await call(widget, 'measure')).toEqual(notStarted('attn-cost', 'measure()'));
  release();
  await whenStarted(widget);
  const [points, second] = await widget.evaluate(async (el) => {
    const first = el.measure();
    const again = await el.measure().then(() => 'resolved', (error) => `${error.name}: ${error.message}`);
    return [await first, again];
  });
  expect(second).toBe('AttnError: measure(): a measurement is already running: wait for it (its `measured` event).');
  expect(points.map((p) => p.n)).toEqual([128, 256, 512, 1024, 2048, 4096]);
  for (const p of points) expect(p.ms).toBeGreaterThan(0);
  await expect(widget.getByText(/^Done: 6 sizes measured\./)).toBeVisible();
});

test('<attn-variance>.reproduce(): refused off the page and while it runs; a cancelled run rejects with a sentence', async ({ page }) => {
  const { widget } = await open(page, 'variance');
  expect(await call(widget, 'reproduce', [], { fresh: 'attn-variance' })).toEqual(notOnPage('attn-variance', 'reproduce()'));
  const outcome = await widget.evaluate(async (el) => {
    const said = (promise) => promise.then(() => 'resolved', (error) => `${error.name}: ${error.message}`);
    const first = said(el.reproduce());
    const again = await said(el.reproduce());
    el.shadowRoot.querySelector('progress[aria-label="Reproducing the chapter"]').closest('*:not(progress)').querySelector('button').click();
    return [again, await first];
  });
  expect(outcome).toEqual([
    'AttnError: reproduce(): the chapter is already being reproduced: wait for it (its `reproduce` event).',
    'AttnError: reproduce(): it was cancelled; the tables keep their last complete results.',
  ]);
  await expect(widget.getByText('Cancelled. The tables keep their last complete results.')).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Reproduce the chapter' })).toBeEnabled();
});

test('<attn-decode>: its methods refuse before the start, then step, play, pause, switch model and measure; a full context is said', async ({ page }) => {
  const { widget, release } = await open(page, 'decode', { held: true });
  for (const name of ['stepOnce', 'play', 'measure']) expect(await call(widget, name)).toEqual(notStarted('attn-decode', `${name}()`));
  expect(await call(widget, 'pause')).toEqual({ value: null });
  expect(await call(widget, 'useModel', ['elsewhere'])).toEqual({ error: 'AttnError', message: 'useModel(): the source must be “shipped” or “train”, not “elsewhere”.' });
  release();
  await whenStarted(widget);
  await expect(widget.getByText(/^Decoding with the shipped model: 2 layers/)).toBeVisible({ timeout: 30_000 });
  expect(await call(widget, 'stepOnce')).toEqual({ value: 1 });
  expect(await call(widget, 'stepOnce')).toEqual({ value: 2 });
  await expect(widget.getByText(/^t = 17 of \d+:/)).toBeVisible();
  await widget.evaluate((el) => el.play());
  await expect.poll(() => widget.evaluate((el) => el.step)).toBeGreaterThan(2);
  await expect(widget.getByRole('button', { name: 'Pause' })).toBeEnabled();
  await widget.evaluate((el) => el.pause());
  await expect(widget.getByRole('button', { name: 'Pause' })).toBeDisabled();
  const paused = await widget.evaluate((el) => el.step);
  await page.waitForTimeout(600);
  expect(await widget.evaluate((el) => el.step)).toBe(paused);
  // The context full: Step and Play are refused with the sentence, not ignored.
  const context = await widget.evaluate((el) => el.run.context);
  await widget.evaluate((el, steps) => { el.step = steps; }, context - 15);
  await expect(widget.getByText(/^The context is full/)).toBeVisible();
  for (const name of ['stepOnce', 'play']) {
    expect(await call(widget, name)).toEqual({ error: 'AttnError', message: `${name}(): the context is full (t = ${context}): reset the step to decode again.` });
  }
  // No training lab on this page: said on the widget, and the shipped model stays.
  expect(await call(widget, 'useModel', ['train'])).toEqual({ value: null });
  await expect(widget.getByRole('alert')).toContainText('The training lab’s model could not be used: there is no training lab (<attn-train>) on this page.');
  await expect.poll(() => widget.evaluate((el) => el.source)).toBe('shipped');
  const measured = await widget.evaluate(async (el) => {
    const first = el.measure();
    const again = await el.measure().then(() => 'resolved', (error) => `${error.name}: ${error.message}`);
    const result = await first;
    return { again, length: result.length, ratio: result.ratio > 0, cached: result.cached.ms > 0 };
  });
  expect(measured).toEqual({ again: 'AttnError: measure(): a measurement is already running: wait for it (its `measured` event).', length: expect.any(Number), ratio: true, cached: true });
});

test('<attn-check>.clearProgress(): refused off the page; on it, every answer kept is forgotten and the fields emptied', async ({ page }) => {
  const { widget } = await open(page, 'check');
  expect(await widget.evaluate((el) => [typeof el.check, typeof el.newNumbers])).toEqual(['undefined', 'undefined']);
  expect(await call(widget, 'clearProgress', [], { fresh: 'attn-check' })).toEqual(notOnPage('attn-check', 'clearProgress()'));
  const first = widget.locator('fieldset').first();
  await first.getByRole('radio').first().check();
  await first.getByRole('button', { name: 'Check answer' }).click();
  await expect(first.locator('[part="feedback"]')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('attention-lab:progress'))).toContain('check/');
  expect(await call(widget, 'clearProgress')).toEqual({ value: null });
  await expect(widget.getByText(/^Your answers were cleared from this browser\. 0 of 12 answered right\./)).toBeVisible();
  await expect(first.locator('[part="feedback"]')).toBeHidden();
  expect(await first.getByRole('radio').evaluateAll((radios) => radios.some((radio) => radio.checked))).toBe(false);
});

test('<attn-exercise>: start() refused before the start, then opens the widget; showHint() counts and stops at the last; forget()', async ({ page }) => {
  const { widget, release } = await open(page, 'exercise', { held: true });
  expect(await widget.evaluate((el) => typeof el.mark)).toBe('undefined');
  expect(await call(widget, 'start')).toEqual(notStarted('attn-exercise', 'start()'));
  expect(await call(widget, 'forget', [], { fresh: 'attn-exercise' })).toEqual(notOnPage('attn-exercise', 'forget()'));
  expect(await call(widget, 'showHint')).toEqual({ value: 1 }); // hints need no core
  release();
  await whenStarted(widget);
  expect(await call(widget, 'start')).toEqual({ value: '<attn-stepper>' });
  await expect(widget.locator('attn-stepper')).toHaveCount(1);
  expect(await call(widget, 'showHint')).toEqual({ value: 2 });
  expect(await call(widget, 'showHint')).toEqual({ value: 3 });
  expect(await call(widget, 'showHint')).toEqual({ error: 'AttnError', message: 'showHint(): every hint of this exercise is shown already (3 of 3).' });
  await expect(widget.getByRole('list', { name: 'Hints' }).getByRole('listitem')).toHaveCount(3);
  expect(await call(widget, 'forget')).toEqual({ value: null });
  await expect(widget.getByRole('list', { name: 'Hints' })).toBeHidden();
  await expect(widget.locator('attn-stepper')).toHaveCount(0); // the widget it added goes; Start is offered again
  await expect(widget.getByRole('button', { name: 'Start the exercise' })).toBeVisible();
});

test('<attn-train>: its methods refuse off the page and before the start; modelWeights() gives the model; useAttention() takes only text or null', async ({ page }) => {
  await page.goto('/embed.html?widget=train');
  const widget = page.locator('attn-train');
  for (const name of ['startTraining', 'pauseTraining', 'modelWeights']) {
    expect(await call(widget, name, [], { fresh: 'attn-train' })).toEqual(notOnPage('attn-train', `${name}()`));
  }
  expect(await call(widget, 'showLossChart', [], { fresh: 'attn-train' })).toEqual(notOnPage('attn-train', 'showLossChart()'));
  // On the page, below the fold: built, not started.
  const below = await page.evaluate(async () => {
    const spacer = document.createElement('div');
    spacer.style.height = '5000px';
    const lab = document.createElement('attn-train');
    document.body.append(spacer, lab);
    const said = (run) => Promise.resolve().then(run).then(() => 'resolved', (error) => `${error.name}: ${error.message}`);
    const out = [await said(() => lab.startTraining()), await said(() => lab.modelWeights()), await said(() => lab.useAttention(null))];
    lab.remove();
    spacer.remove();
    return out;
  });
  expect(below).toEqual(['startTraining()', 'modelWeights()', 'useAttention()'].map((name) => {
    const { error, message } = notStarted('attn-train', name, false);
    return `${error}: ${message}`;
  }));
  await whenStarted(widget, 60_000);
  await expect(widget.getByText(/^Loaded the shipped model/)).toBeVisible({ timeout: 60_000 });
  expect(await call(widget, 'modelWeights')).toEqual({ value: 'bytes true' });
  expect(await call(widget, 'useAttention', [42])).toEqual({
    error: 'AttnError', message: 'useAttention(): the attention function must be given as its source text (a string), or null for the built-in one, not 42.',
  });
  expect(await call(widget, 'pauseTraining')).toEqual({ value: null }); // not running: nothing to pause
});
