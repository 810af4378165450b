// properties.spec.js — every declared attribute of every widget, set the way a course author's
// script sets it: through its property (el.dModel = …) and through setAttribute. Driven by the
// declarations (customElements.get(tag).declarations, kinds of web/ui/attribute-types.js), one
// page per widget. For each attribute:
//   (a) the value the property reads, set back: nothing changes, no `change`, nothing refused;
//   (b) a valid value other than the current one (derived from the declaration where it can be):
//       one `change`, and the property reads it;
//   (c) hostile values ({}, NaN, Infinity, -1, '', [], a nested array, '  ', 10,000 characters,
//       true), as a property and as attribute text: nothing thrown from the setter, no error
//       logged (fixtures.js), and either accepted (the property reads a valid value of its kind,
//       and a value of the wrong type is not quietly read as something else) or refused with a
//       visible sentence while the property reads the last good value.
// Afterwards the widget still computes: with every attribute as it was, nothing is refused, its
// "In words" text is there, and one valid set fires one `change`.
import { test, expect, whenStarted } from './helpers/fixtures.js';
import { WIDGETS } from '../../web/widgets/registry.js';

/** Runs every case on `el` in the page; returns what went wrong, one line each. Self-contained
 *  (it is sent to the page as text). */
function runCases(el) {
  const failures = [];
  const Widget = el.constructor;
  const propertyOf = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  const changes = [];
  el.addEventListener('change', (event) => changes.push(event.detail));
  let current = '';
  const errors = [];
  window.addEventListener('error', (event) => errors.push(`${current}: ${event.message}`));

  /** A value as comparable text (Sets, Maps, arrays, -Infinity included). */
  const show = (value) => {
    if (value instanceof Set) return `Set ${JSON.stringify([...value])}`;
    if (value instanceof Map) return `Map ${JSON.stringify([...value].map(([k, v]) => [k, String(v)]))}`;
    if (Array.isArray(value)) return `[${value.map(show).join(',')}]`;
    return typeof value === 'string' ? JSON.stringify(value) : String(value);
  };
  const described = (value) => (typeof value === 'string' && value.length > 20 ? `“${value.slice(0, 10)}…” (${value.length} characters)` : show(value));

  /** The property's value is one its kind holds. */
  const validOfKind = (kind, value) => {
    switch (kind.kind) {
      case 'integer': return Number.isInteger(value) && value >= kind.min && value <= kind.max;
      case 'decimal': return Number.isFinite(value) && value >= kind.min && value <= kind.max;
      case 'choice': return kind.options.includes(value) || (value === '' && kind.fallback === '');
      case 'choices': return value instanceof Set && [...value].every((word) => kind.options.includes(word));
      case 'boolean': case 'presence': return typeof value === 'boolean';
      case 'numbers': return Array.isArray(value) && value.length === kind.count && value.every(Number.isFinite);
      case 'arrangement': return value === null || (Array.isArray(value) && value.every(Number.isInteger));
      case 'text': return typeof value === 'string';
      default: { // custom: its own text form reads back as itself
        const text = kind.format(value);
        return text === null || !('error' in kind.parse(text));
      }
    }
  };

  /** A value of the wrong type that a kind must refuse rather than read as something else. */
  const mustRefuse = (kind, value) => {
    if (kind.kind === 'boolean' || kind.kind === 'presence') return false; // true/false by truthiness, as a DOM boolean property
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return true; // {}
    if (Array.isArray(value)) {
      if (kind.kind === 'choices') return value.some((item) => typeof item !== 'string');
      if (kind.kind === 'numbers' || kind.kind === 'arrangement') return value.some((item) => typeof item !== 'number');
      return kind.kind !== 'custom';
    }
    if (kind.kind === 'text') return false; // a number or a boolean is its text, as a DOM string property
    return value === true || (typeof value === 'number' && !Number.isFinite(value));
  };

  /** The refusals on screen: the text of every visible problem line of the widget. */
  const visibleText = () => [...el.shadowRoot.querySelectorAll('[role="alert"], .attribute-problems, .error')]
    .filter((node) => node.checkVisibility() && node.textContent.trim() !== '').map((node) => node.textContent).join('\n');

  /** Sets `value` on `name` (as the property, or with `asText` as attribute text) and checks the
   *  outcome; `expect`: 'same' (nothing may change), 'accept' (must be taken), or 'either'. */
  const attempt = (name, value, { asText = false, expect = 'either' } = {}) => {
    const kind = Widget.declarations[name];
    const property = propertyOf(name);
    current = `${name} ${asText ? 'setAttribute' : '='} ${described(value)}`;
    const before = show(el[property]);
    const attributeBefore = el.getAttribute(name);
    const changesBefore = changes.length;
    const shownBefore = visibleText();
    const errorsBefore = errors.length;
    try {
      if (asText) el.setAttribute(name, String(value));
      else el[property] = value;
    } catch (error) {
      failures.push(`${current}: threw ${error?.name}: ${error?.message}`);
    }
    const after = el[property];
    const refused = el.hasProblem(name);
    // A script reads the same refusal, with the sentence shown.
    const listed = el.problems.find((problem) => problem.key === name);
    if (Boolean(listed) !== refused) failures.push(`${current}: el.problems ${refused ? 'does not list' : 'lists'} ${name}`);
    else if (listed && !visibleText().includes(listed.message)) failures.push(`${current}: el.problems says “${listed.message.slice(0, 60)}…”, which is not on screen`);
    if (errors.length > errorsBefore) failures.push(...errors.slice(errorsBefore));
    if (expect === 'same') {
      if (refused) failures.push(`${current}: the value it reads was refused`);
      if (show(after) !== before) failures.push(`${current}: reads ${show(after)}, was ${before}`);
      if (changes.length !== changesBefore) failures.push(`${current}: fired ${changes.length - changesBefore} change(s) for no change`);
    } else if (refused) {
      if (expect === 'accept') failures.push(`${current}: refused a valid value`);
      if (show(after) !== before) failures.push(`${current}: refused, but the property reads ${described(after)}, not the last good ${before}`);
      // The kind's sentence for the attribute's text; a value refused before it became text (an
      // object…) leaves the attribute as it was, and a new sentence must be on screen.
      const text = el.getAttribute(name);
      const sentence = text === null ? undefined : kind.parse(text).error;
      const shown = visibleText();
      if (sentence ? !shown.includes(sentence) : shown === shownBefore) failures.push(`${current}: refused with no visible sentence${sentence ? ` (“${sentence.slice(0, 60)}…”)` : ''}`);
    } else {
      if (!validOfKind(kind, after)) failures.push(`${current}: accepted, but the property reads ${described(after)}, not a valid ${kind.kind}`);
      else if (!asText && mustRefuse(kind, value)) failures.push(`${current}: accepted as ${described(after)} (a ${kind.kind} cannot be that)`);
      if (expect === 'accept' && show(after) === before) failures.push(`${current}: accepted, but nothing changed`);
      // One `change` for a setting; none for the page furniture every widget has (theme, …).
      const fired = Object.hasOwn(Widget.declaredAttributes, name) ? 1 : 0;
      if (expect === 'accept' && changes.length !== changesBefore + fired) failures.push(`${current}: fired ${changes.length - changesBefore} changes, not ${fired}`);
    }
    return attributeBefore;
  };

  /** Puts attribute `name` back to `text` (null: absent); it must then be in force, unrefused. */
  const restore = (name, text, value) => {
    current = `${name} restored`;
    if (text === null) el[propertyOf(name)] = null; else el.setAttribute(name, text); // removing an absent attribute would do nothing
    if (el.hasProblem(name)) failures.push(`${current}: still refused after putting back ${JSON.stringify(text)}`);
    if (show(el[propertyOf(name)]) !== value) failures.push(`${current}: reads ${show(el[propertyOf(name)])}, not ${value}`);
  };

  /** A valid value other than `value`, from the declaration (undefined where none is derived). */
  const another = (kind, value) => {
    switch (kind.kind) {
      case 'integer': case 'decimal': {
        const candidates = [value * 2, value + 1, value - 1, kind.min, (kind.min + (Number.isFinite(kind.max) ? kind.max : kind.min + 2)) / 2];
        return candidates.find((x) => x !== value && !('error' in kind.parse(String(x))));
      }
      case 'choice': return [...kind.options, ''].find((o) => o !== value && !('error' in kind.parse(o)));
      case 'choices': return value.size === 1 && value.has(kind.options[0]) ? [kind.options[1]] : [kind.options[0]];
      case 'boolean': case 'presence': return !value;
      case 'numbers': return value.map((x, i) => (i === 0 ? x + 1 : x));
      case 'arrangement': return value === null ? undefined : value.length > 1 ? [...value].reverse() : undefined;
      case 'text': {
        const words = value.trim().split(/\s+/);
        return words.length > 1 ? words.reverse().join(' ') : undefined;
      }
      default: return undefined;
    }
  };

  const long = 'x'.repeat(10_000);
  const hostile = [{}, NaN, Infinity, -1, '', [], [[1, 2], [3]], '  ', long, true];
  const initialProblems = visibleText();

  for (const name of Object.keys(Widget.declarations)) {
    const kind = Widget.declarations[name];
    const property = propertyOf(name);
    const original = el.getAttribute(name);
    const originalValue = show(el[property]);
    // (a) the value it reads, set back (twice: a first set may write an absent attribute)
    attempt(name, el[property], { expect: 'same' });
    attempt(name, el[property], { expect: 'same' });
    restore(name, original, originalValue);
    // (b) a valid other value, as the property and as its text
    const other = another(kind, el[property]);
    if (other !== undefined) {
      attempt(name, other, { expect: 'accept' });
      restore(name, original, originalValue);
      const text = kind.format(kind.kind === 'choices' ? new Set(other) : other);
      if (text !== null) {
        attempt(name, text, { asText: true, expect: 'accept' });
        restore(name, original, originalValue);
      }
    }
    // (c) hostile values, as the property and as attribute text
    for (const value of hostile) {
      attempt(name, value);
      restore(name, original, originalValue);
      attempt(name, value, { asText: true });
      restore(name, original, originalValue);
    }
  }
  current = 'afterwards';
  if (visibleText() !== initialProblems) failures.push(`afterwards: still says ${visibleText()}`);
  // Still computing: one valid set of its first setting is one `change`.
  const [first] = Object.keys(Widget.declaredAttributes).filter((name) => another(Widget.declarations[name], el[propertyOf(name)]) !== undefined);
  attempt(first, another(Widget.declarations[first], el[propertyOf(first)]), { expect: 'accept' });
  return failures;
}

/** The heavy widgets' attributes are only ever set here, never acted on: <attn-train>'s preset
 *  fills its form and its probe draws maps only once a model exists (none does in this test);
 *  <attn-editor>'s timeout and train id are read when a check runs (none does here). */
for (const { name, tag } of WIDGETS) {
  test(`<${tag}>: every property and attribute takes what a script sets, or refuses it with a sentence`, async ({ page }) => {
    await page.goto(`/embed.html?widget=${name}`);
    const widget = page.locator(tag).first();
    await whenStarted(widget);
    const words = await widget.evaluate((el) => el.shadowRoot.querySelector('[part="in-words"]').textContent);
    expect(words.length, `<${tag}> has its "In words" text`).toBeGreaterThan(40);
    expect(await widget.evaluate(runCases), `<${tag}>`).toEqual([]);
    // Still describing itself in words (of its new setting).
    await expect(widget.locator('[part="in-words"]')).toContainText(/^In words\. .{40}/);
  });
}

test('<attn-cost>: heads that do not fit d_model are kept as set, said beside h, and the numbers shown say whose they are', async ({ page }) => {
  // An author may set heads before d_model: each value is valid alone, so both properties keep what
  // was set (a refused h would have lost the 6 by the time d_model made it fit). Until they fit,
  // the sentence under h says so and which settings the numbers on screen (and "In words") are for.
  await page.goto('/embed.html?widget=cost');
  const widget = page.locator('attn-cost');
  await whenStarted(widget);
  const words = widget.locator('[part="in-words"]');
  const detail = () => widget.evaluate((el) => new Promise((resolve) => el.addEventListener('change', (event) => resolve(event.detail), { once: true })));
  let changed = detail();
  await widget.evaluate((el) => { el.heads = 6; });
  expect(await changed).toMatchObject({ heads: 6, dModel: 512 });
  expect(await widget.evaluate((el) => [el.heads, el.dModel])).toEqual([6, 512]);
  await expect(widget.getByRole('alert')).toHaveText('⚠ h = 6 does not divide d_model = 512: every head gets the same whole number of features, d_model ÷ h, '
    + 'and 512 ÷ 6 = 85.3333 is not a whole number. Choose an h that divides d_model. The numbers shown are still those of N = 1,024, d_model = 512, h = 8.');
  await expect(widget.getByLabel('h (heads)', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(widget.getByText(/^8 heads × 64 features = d_model 512\./)).toBeVisible();
  await expect(words).toContainText('Now: N = 1,024, d_model = 512, 8 heads: 2,147,483,648 multiply-adds in all');
  // A d_model that does not fit either, and a new N: the numbers (and "In words") stay those that fit.
  await widget.evaluate((el) => { el.dModel = 500; el.n = 2048; });
  await expect(widget.getByRole('alert')).toContainText('h = 6 does not divide d_model = 500');
  await expect(widget.getByRole('alert')).toContainText('The numbers shown are still those of N = 1,024, d_model = 512, h = 8.');
  await expect(words).toContainText('Now: N = 1,024, d_model = 512, 8 heads:');
  // d_model set next, to fit: nothing refused, the numbers are those of what was set.
  changed = detail();
  await widget.evaluate((el) => { el.dModel = 384; });
  expect(await changed).toMatchObject({ n: 2048, heads: 6, dModel: 384 });
  await expect(widget.getByRole('alert')).toBeHidden();
  await expect(widget.getByText(/^6 heads × 64 features = d_model 384\./)).toBeVisible();
  await expect(words).toContainText('Now: N = 2,048, d_model = 384, 6 heads:');
});

/** A course author's page at `path` of the lab's origin (the tests' server has no such file: the
 *  route answers with `body`), loading the lab with the embed script after what `body` holds. */
async function authorPage(page, path, body) {
  await page.route((url) => url.pathname === path, (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A course page</title></head><body><main>${body}`
      + '<script type="module" src="/attention-lab.js"></script></main></body></html>',
  }));
  await page.goto(path);
}

test('a property set before the element is defined is taken up (or refused with its sentence), defined at once or on demand', async ({ page }) => {
  // A plain script before the module: the values were own properties of the element, hiding the
  // class's accessors, so the props read 4 and 2048 while the widget computed with the defaults.
  await authorPage(page, '/author-early-properties.html', '<attn-cost id="cost"></attn-cost><attn-cost id="bad"></attn-cost><script>'
    + 'const cost = document.getElementById("cost"); cost.heads = 4; cost.n = 2048;'
    + 'document.getElementById("bad").dModel = "wide";</script>');
  const cost = page.locator('#cost');
  await whenStarted(cost);
  expect(await cost.evaluate((el) => [el.heads, el.n, el.getAttribute('heads'), el.getAttribute('n'), el.problems])).toEqual([4, 2048, '4', '2048', []]);
  await expect(cost.locator('[part="in-words"]')).toContainText('Now: N = 2,048, d_model = 512, 4 heads:');
  await expect(cost.getByLabel('h (heads)', { exact: true })).toHaveValue('4');
  const bad = page.locator('#bad');
  await bad.scrollIntoViewIfNeeded();
  await whenStarted(bad);
  const sentence = 'd_model must be a whole number between 1 and 16,384.';
  expect(await bad.evaluate((el) => [el.dModel, el.problems])).toEqual([512, [{ key: 'd-model', message: sentence }]]);
  await expect(bad.getByText(sentence, { exact: false })).toBeVisible();

  // <attn-check> is defined on demand, when the page first has one: it threw “this.questions.has
  // is not a function” and showed nothing.
  const made = await page.evaluate(async () => {
    if (customElements.get('attn-check')) throw new Error('<attn-check> is defined already: this is not the route on demand');
    const check = document.createElement('attn-check');
    check.questions = 'variance kv-cache';
    const refused = document.createElement('attn-check');
    refused.questions = 'variance sideways';
    document.querySelector('main').append(check, refused);
    await customElements.whenDefined('attn-check');
    const read = (el) => ({ questions: [...el.questions], attribute: el.getAttribute('questions'), problems: el.problems, shown: el.shadowRoot.querySelectorAll('[part="question"]').length });
    return [read(check), read(refused)];
  });
  expect(made[0]).toEqual({ questions: ['variance', 'kv-cache'], attribute: 'variance kv-cache', problems: [], shown: 2 });
  expect(made[1]).toMatchObject({ questions: await page.evaluate(() => [...customElements.get('attn-check').declarations.questions.fallback]), attribute: 'variance sideways', shown: 12 });
  expect(made[1].problems).toEqual([{ key: 'questions', message: expect.stringMatching(/^questions may hold projections, .* but it is “variance sideways”\.$/) }]);
  const check = page.locator('attn-check').first();
  await check.scrollIntoViewIfNeeded();
  await expect(check.getByRole('group')).toHaveCount(2);
});
