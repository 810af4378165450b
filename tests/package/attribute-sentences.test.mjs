// attribute-sentences.test.mjs — a refused attribute says which setting it is about. Every
// declared attribute of every widget (web/ui/attribute-types.js kinds, read in node through
// scripts/lib/widget-classes.mjs) is given bad text; each refusal must have a named subject (the
// attribute, or the words of its field), never a nameless “the value must be …”, which an author
// reading el.problems or a page of several settings cannot place. A kind that makes its own
// sentence therefore cannot be declared without a `label` (or a `message` of its own).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { widgetClasses } from '../../scripts/lib/widget-classes.mjs';
import { choice, choices, integer } from '../../web/ui/attribute-types.js';

/** Text no kind takes (a text kind with a check refuses some of it; a presence none). */
const BAD_TEXTS = ['zz', '', '-1', '1e9', 'x'.repeat(300)];

/** The subject of a refusal, when it is a nameless one. */
const NAMELESS = /^(the value|undefined|null)\b/i;

test('every declared attribute’s refusal names its setting', async () => {
  const nameless = [];
  let refusals = 0;
  for (const { tag, Widget } of await widgetClasses()) {
    for (const [name, kind] of Object.entries(Widget.declarations)) {
      for (const text of BAD_TEXTS) {
        const { error } = kind.parse(text);
        if (error === undefined) continue;
        refusals += 1;
        if (NAMELESS.test(error.replace(/^“[^”]*” is not allowed: /, ''))) nameless.push(`<${tag} ${name}="${text.slice(0, 8)}">: ${error.slice(0, 70)}`);
      }
    }
  }
  assert.ok(refusals > 100, `bad text was refused ${refusals} times: the widgets were read`);
  assert.deepEqual(nameless, []);
});

test('the two that were nameless name themselves: <attn-check questions> and <attn-lookup order>', async () => {
  const widgets = new Map((await widgetClasses()).map(({ tag, Widget }) => [tag, Widget]));
  assert.equal(widgets.get('attn-check').declarations.questions.parse('zz').error,
    'questions may hold projections, scaling, variance, mask-order, low-loss, entries, crossover, heads, blend, cross, kv-cache and maps, separated by spaces, but it is “zz”.');
  assert.equal(widgets.get('attn-lookup').declarations.order.parse('zz').error, 'order must be “entry” or “weight”, but it is “zz”.');
});

test('a kind that makes its own sentence is not declared without a label or a message', () => {
  assert.throws(() => choice(['a', 'b']), /choice\(\): give `label`/);
  assert.throws(() => choices(['a', 'b']), /choices\(\): give `label`/);
  assert.throws(() => integer({ min: 1, fallback: 1 }), /integer\(\): give `label`/);
  assert.equal(choice(['a', 'b'], { label: 'mode' }).parse('c').error, 'mode must be “a” or “b”, but it is “c”.');
  assert.equal(integer({ min: 1, fallback: 1, message: 'Use 1 or more.' }).parse('0').error, 'Use 1 or more.');
});
