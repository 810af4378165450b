// attributes.spec.js — every widget's attributes come from one declaration (static
// declaredAttributes, web/ui/attribute-types.js): the live element observes exactly what it
// declares (the element reference's tables are made from the same declarations and checked in
// node, tests/package/element-docs.test.mjs); the declaration gives the properties;
// one action fires one `change` and an unchanged value fires none; a bad value from a link or the
// embed URL is refused with a visible message, never dropped in silence.
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { WIDGETS } from '../../web/widgets/registry.js';

test('each live element observes exactly the attributes it declares, its own and those every widget has', async ({ page }) => {
  await page.goto('/examples/course.html');
  // A widget loaded on demand (the exercises, "Check yourself") may be defined after the page's
  // load event: wait for every one.
  await page.evaluate((tags) => Promise.all(tags.map((tag) => customElements.whenDefined(tag))), WIDGETS.map((widget) => widget.tag));
  const declared = await page.evaluate((tags) => Object.fromEntries(tags.map((tag) => {
    const Widget = customElements.get(tag);
    const own = Object.keys(Widget.declaredAttributes);
    const common = Object.keys(Widget.declarations).filter((name) => !own.includes(name));
    return [tag, { own, common, observed: Widget.observedAttributes }];
  })), WIDGETS.map((widget) => widget.tag));
  for (const { tag } of WIDGETS) {
    expect(declared[tag].observed, `<${tag}> observes what it declares`).toEqual([...declared[tag].own, ...declared[tag].common]);
    expect(declared[tag].common, `<${tag}>'s attributes every widget has`).toEqual(['theme', 'embed-code', 'heading-level']);
  }
});

/** [tag, attribute, text, the property's value for that text, the text the property writes back]. */
const EXAMPLES = [
  ['attn-stepper', 'step', '4', 4],
  ['attn-stepper', 'scale', 'false', false],
  ['attn-stepper', 'wv', '1,0,0,1,0,0,1,3', [1, 0, 0, 1, 0, 0, 1, 3]],
  ['attn-variance', 'threshold', '0.5', 0.5],
  ['attn-masks', 'masks', 'window causal', ['causal', 'window'], 'causal window'],
  ['attn-masks', 'compare', 'yes', true, ''],
  ['attn-shuffle', 'order', '4,3,2,1,0', [4, 3, 2, 1, 0]],
  ['attn-heads', 'head', 'all', 'all'],
  ['attn-cost', 'd-model', '0256', 256, '256'],
  ['attn-train', 'preset', 'nanogpt', 'nanogpt'],
  ['attn-editor', 'timeout', '2.5', 2.5],
  ['attn-cost', 'theme', 'dark', 'dark'],
];

test('each declared attribute is a property: reading parses the attribute, writing reflects it', async ({ page }) => {
  await page.goto('/examples/course.html');
  for (const [tag, attribute, text, value, written = text] of EXAMPLES) {
    const result = await page.locator(tag).first().evaluate((el, [name, typed]) => {
      const property = name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
      const before = el.getAttribute(name);
      el.setAttribute(name, typed);
      const read = el[property];
      el.removeAttribute(name);
      el[property] = read; // and back through the setter
      const reflected = el.getAttribute(name);
      if (before === null) el.removeAttribute(name); else el.setAttribute(name, before);
      return { read: read instanceof Set ? [...read] : read, reflected };
    }, [attribute, text]);
    expect(result.read, `${tag}.${attribute} for "${text}"`).toEqual(value);
    expect(result.reflected, `${tag}: the ${attribute} property written back`).toBe(written);
  }
});

test('a property set from a script takes an array or the attribute’s text, and refuses anything else with a sentence', async ({ page }) => {
  // The `change` detail gives masks as an array; an author hands it back, or writes the attribute's
  // words. Neither may throw from inside the widget (it threw "t.has is not a function").
  await page.goto('/embed.html?widget=masks');
  const masks = page.locator('attn-masks');
  await whenStarted(masks);
  const set = (widget, property, value) => widget.evaluate((el, [name, v]) => {
    try { el[name] = v; } catch (error) { return `threw ${error.message}`; }
    return el.getAttribute(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
  }, [property, value]);
  expect(await set(masks, 'masks', ['window', 'causal'])).toBe('causal window');
  expect(await set(masks, 'masks', 'padding causal')).toBe('padding causal');
  expect([...await masks.evaluate((el) => [...el.masks])]).toEqual(['causal', 'padding']);
  expect(await set(masks, 'masks', ['causal', 'sideways'])).toBe('causal sideways');
  await expect(masks.getByText('⚠ masks may hold', { exact: false })).toContainText('but it is “causal sideways”');
  expect(await masks.evaluate((el) => [...el.masks])).toEqual(['causal', 'padding']); // the last good value
  // null (or undefined) removes the attribute: the default holds again, with nothing refused.
  expect(await set(masks, 'masks', null)).toBe(null);
  await expect(masks.getByText('⚠ masks may hold', { exact: false })).toHaveCount(0);
  expect(await masks.evaluate((el) => [...el.masks])).toEqual(await masks.evaluate((el) => [...el.constructor.declarations.masks.fallback]));
  expect(await set(masks, 'edits', '1:0:1=allowed')).toBe('1:0:1=allowed');
  // A value no list of masks can be (it was read as none at all): refused, the attribute kept.
  expect(await set(masks, 'masks', true)).toBe(null);
  await expect(masks.getByText('⚠ masks may hold', { exact: false })).toContainText('but it is “true”');
  expect(await masks.evaluate((el) => [...el.masks])).toEqual(['causal']);
  expect(await set(masks, 'masks', 'causal')).toBe('causal'); // the same text again takes it back
  await expect(masks.getByText('⚠ masks may hold', { exact: false })).toHaveCount(0);

  // A point, and a memory of points: an array, or the attribute's text.
  await page.goto('/embed.html?widget=lookup');
  const lookup = page.locator('attn-lookup');
  await whenStarted(lookup);
  expect(await set(lookup, 'query', '1,2')).toBe('1,2');
  expect(await lookup.evaluate((el) => el.query)).toEqual([1, 2]);
  expect(await set(lookup, 'query', [2, -1])).toBe('2,-1');
  expect(await set(lookup, 'keys', 5)).toBe('5');
  await expect(lookup.getByText('keys must be points “x,y”', { exact: false })).toContainText('“5” is not one');
  expect(await lookup.evaluate((el) => el.query)).toEqual([2, -1]);
  // A point of the wrong length is refused as written, not cut to two numbers or said as “undefined”.
  expect(await set(lookup, 'query', [1, 2, 3])).toBe('1,2,3');
  await expect(lookup.getByText('query must be one point “x,y”', { exact: false })).toContainText('but it is “1,2,3”.');
  expect(await set(lookup, 'query', [])).toBe('');
  await expect(lookup.getByText('query must be one point “x,y”', { exact: false })).toContainText('but it is “”.');
  expect(await lookup.evaluate((el) => el.query)).toEqual([2, -1]);

  // A true/false setting takes the attribute's words as well: 'false' is false, not a truthy string.
  await page.goto('/embed.html?widget=stepper');
  const stepper = page.locator('attn-stepper');
  await whenStarted(stepper);
  expect(await set(stepper, 'scale', 'false')).toBe('false');
  expect(await stepper.evaluate((el) => el.scale)).toBe(false);
  expect(await set(stepper, 'scale', true)).toBe('true');
  expect(await set(stepper, 'scale', 'no')).toBe('no');
  await expect(stepper.getByText('scale must be “true” or “false”, but it is “no”.', { exact: false })).toBeVisible();
  expect(await stepper.evaluate((el) => el.scale)).toBe(true);

  // A text attribute set to null is not the word “null”: its default sentence is read again.
  await page.goto('/embed.html?widget=heads');
  const heads = page.locator('attn-heads');
  await whenStarted(heads);
  const sentence = await heads.evaluate((el) => el.sentence);
  expect(await set(heads, 'sentence', 'The cat sat')).toBe('The cat sat');
  expect(await set(heads, 'sentence', null)).toBe(null);
  expect(await heads.evaluate((el) => el.sentence)).toBe(sentence);
  expect(await set(heads, 'sentence', undefined)).toBe(null);
  // An object is not the words “[object Object]”.
  expect(await set(heads, 'sentence', { text: 'a cat' })).toBe(null);
  await expect(heads.getByText('sentence must be text, but it is “{"text":"a cat"}”.')).toBeVisible();
  expect(await heads.evaluate((el) => el.sentence)).toBe(sentence);
});

/** Counts `change` events of one widget from now on (in window.changes). */
async function countChanges(widget) {
  await widget.evaluate((el) => {
    window.changes = [];
    el.addEventListener('change', (event) => window.changes.push(event.detail));
  });
  return () => widget.page().evaluate(() => window.changes);
}

test('“Reset example” after edits is one change; a value the widget already has is none', async ({ page }) => {
  await page.goto('/embed.html?widget=stepper');
  const stepper = page.locator('attn-stepper');
  await whenStarted(stepper);
  for (const [name, value] of [['X, row x₁, column 1', '2'], ['W^Q, row 1, column 1', '4'], ['W^V, row 4, column 2', '3']]) {
    const cell = stepper.getByRole('textbox', { name });
    await cell.fill(value);
    await cell.press('Enter');
  }
  await stepper.evaluate((el) => { el.mask = 'none'; el.step = 3; });
  const changes = await countChanges(stepper);
  await stepper.getByRole('button', { name: 'Reset example' }).click();
  expect(await changes()).toEqual([{ step: 3, mask: 'none', scale: true, scaling: 1, reset: true }]);
  for (const name of ['x', 'wq', 'wk', 'wv']) await expect(stepper).not.toHaveAttribute(name);

  // Nothing left to reset, a step it already shows, a mask it already has: no event at all.
  await stepper.getByRole('button', { name: 'Reset example' }).click();
  await stepper.getByRole('button', { name: '3. Scale' }).click();
  await stepper.evaluate((el) => { el.mask = 'none'; el.setAttribute('step', '03'); });
  expect(await changes()).toHaveLength(1);
});

test('a good value set after a refused one is one change, as a property, as null and as text', async ({ page }) => {
  // It fired two: the attribute's own callback announced the value, then the property's setter
  // announced taking back the refusal again.
  for (const [widget, name, property, refused, good] of [['stepper', 'step', 'step', 9, 2], ['cost', 'heads', 'heads', 0, 4]]) {
    await page.goto(`/embed.html?widget=${widget}`);
    const el = page.locator(`attn-${widget}`);
    await whenStarted(el);
    await el.evaluate((node) => {
      window.heard = [];
      for (const type of ['change', 'problems']) node.addEventListener(type, () => window.heard.push(type));
    });
    /** Sets `how` (a property value, or { text } as attribute text) after a refusal; what was heard. */
    const afterRefusal = (how) => el.evaluate(async (node, [prop, attr, bad, set]) => {
      node[prop] = bad;
      await new Promise((resolve) => setTimeout(resolve)); // the refusal's `problems` event comes after the action
      window.heard = [];
      if (set && typeof set === 'object') node.setAttribute(attr, set.text);
      else node[prop] = set;
      await new Promise((resolve) => setTimeout(resolve));
      return { heard: window.heard, problems: node.problems, value: node[prop] };
    }, [property, name, refused, how]);
    const fallback = await el.evaluate((node, attr) => node.constructor.declarations[attr].fallback, name);
    expect(await afterRefusal(good), `${widget}: ${property} = ${good}`).toEqual({ heard: ['change', 'problems'], problems: [], value: good });
    expect(await afterRefusal(null), `${widget}: ${property} = null`).toEqual({ heard: ['change', 'problems'], problems: [], value: fallback });
    expect(await afterRefusal({ text: String(good) }), `${widget}: setAttribute`).toEqual({ heard: ['change', 'problems'], problems: [], value: good });
    // The default again while the attribute is absent, after a value that never became text.
    await el.evaluate((node, prop) => { node[prop] = null; }, property);
    expect(await el.evaluate(async (node, [prop, value]) => {
      node[prop] = {};
      await new Promise((resolve) => setTimeout(resolve));
      window.heard = [];
      node[prop] = value;
      await new Promise((resolve) => setTimeout(resolve));
      return { heard: window.heard, problems: node.problems };
    }, [property, fallback]), `${widget}: ${property} = {} then its default`).toEqual({ heard: ['change', 'problems'], problems: [] });
  }
});

test('one change per action in every widget that reacts to the learner', async ({ page }) => {
  // Masks: a typed sentence and a switch, in one action (the switch commits the text first).
  await page.goto('/embed.html?widget=masks&edits=1:0:1%3Dallowed');
  const masks = page.locator('attn-masks');
  await whenStarted(masks);
  let changes = await countChanges(masks);
  await masks.getByRole('textbox', { name: 'Sentence', exact: true }).fill('we like green tea');
  await masks.evaluate((el) => el.shadowRoot.querySelector('input[type="checkbox"]').dispatchEvent(new Event('change'))); // no blur
  const [detail, ...more] = await changes();
  expect(more).toEqual([]);
  expect(detail).toMatchObject({ sentence: 'we like green tea', edits: 0 }); // the edits went with the old sentence

  // Shuffle: a new sentence drops the old arrangement, in the same change.
  await page.goto('/embed.html?widget=shuffle&order=4,3,2,1,0');
  const shuffle = page.locator('attn-shuffle');
  await whenStarted(shuffle);
  changes = await countChanges(shuffle);
  const field = shuffle.getByLabel('Sentence (up to 16 words)');
  await field.fill('a cat sat');
  await field.press('Enter');
  expect(await changes()).toMatchObject([{ sentence: 'a cat sat', order: [0, 1, 2] }]);
  await expect(shuffle).not.toHaveAttribute('order');
});

test('bad values in the lab’s hash and the embed URL are refused with a visible message', async ({ page }) => {
  await page.goto('/#s6-2&stepper.x=%5B%5B&stepper.step=9&shuffle.order=9,9,x&heads.head=7');
  const message = (tag) => page.locator(tag).locator('[aria-live="polite"].attribute-problems');
  await expect(message('attn-stepper')).toHaveText('⚠ step must be a whole number from 1 to 6, but it is “9”. ⚠ x must be 8 numbers from −1,000,000 to 1,000,000 separated by commas, but it is “[[”.');
  await expect(message('attn-shuffle')).toHaveText('⚠ order must list places from 0 to 15, each at most once, separated by commas, but it is “9,9,x”.');
  await expect(message('attn-heads')).toHaveText('⚠ head must be “1”, “2”, “3”, “4” or “all”, but it is “7”.');
  // The last good values stay in use.
  const stepper = page.locator('attn-stepper');
  await whenStarted(stepper);
  await expect(stepper.getByText('Step 1 of 6: Inputs')).toBeVisible();
  await expect(stepper.getByRole('textbox', { name: 'X, row x₁, column 1' })).toHaveValue('1');

  // An order that is a fine list but does not fit the sentence (5 words), from the embed URL.
  await page.goto('/embed.html?widget=shuffle&order=2,1,0');
  const shuffle = page.locator('attn-shuffle');
  await whenStarted(shuffle);
  await expect(shuffle.getByText('⚠ order “2,1,0” does not fit the sentence: it must list each of its 5 words once, by their places from 0 to 4. The words are shown as typed.')).toBeVisible();
  await expect(shuffle.getByText('The words are in their original order.', { exact: false })).toBeVisible();
  // A good value clears the message.
  await shuffle.evaluate((el) => el.setAttribute('order', '4,3,2,1,0'));
  await expect(shuffle.getByText(/does not fit the sentence/)).toBeHidden();
  await expect(shuffle.getByText(/Every output moved with its word/)).toBeVisible();
});
