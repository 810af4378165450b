// element-docs.test.mjs — the element reference (docs/elements/) is what scripts/element-docs.mjs
// makes from the widgets' declarations and their prose, page for page; the generator refuses
// prose that describes an attribute or names a method the widget does not declare; every widget
// declares `problems`; the authors' guide's iframe section names every widget of the registry,
// and the gzipped size it quotes for what a page downloads is the size report's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkMethods, elementDocs, fillAttributes } from '../../scripts/element-docs.mjs';
import { customElementsManifest } from '../../scripts/custom-elements.mjs';
import { elementsOf } from '../../scripts/lib/element-tables.mjs';
import { WIDGETS } from '../../web/widgets/registry.js';
import { root } from './packed.mjs';

const folder = join(root, 'docs/elements');
const hint = 'run node scripts/element-docs.mjs (bash build.sh does) and commit docs/elements/';

test('docs/elements/ holds exactly the pages the generator makes, each as it makes it', async () => {
  const pages = await elementDocs();
  assert.deepEqual(readdirSync(folder).sort(), [...pages.keys()].sort(), `the pages of docs/elements/ (${hint})`);
  for (const [file, text] of pages) assert.equal(readFileSync(join(folder, file), 'utf8'), text, `docs/elements/${file} (${hint})`);
  assert.deepEqual([...pages.keys()].slice(1), WIDGETS.map((widget) => `${widget.tag}.md`), 'a page per widget of the registry');
});

test('a page’s attribute table has each declared attribute with its values and default, and nothing else', () => {
  const kinds = { step: { values: '`1`–`6`', shown: '`1`' }, mask: { values: '`causal`, `none`', shown: '`causal`' } };
  const prose = '## Attributes\n\n| attribute | meaning |\n| --- | --- |\n| `mask` | the mask |\n| `step` | the step |\n';
  assert.equal(fillAttributes(prose, kinds, 'prose'), '## Attributes\n\n| attribute | values | default | meaning |\n| --- | --- | --- | --- |\n'
    + '| `step` | `1`–`6` | `1` | the step |\n| `mask` | `causal`, `none` | `causal` | the mask |\n');
  assert.throws(() => fillAttributes(prose.replace('| `mask` | the mask |\n', ''), kinds, 'prose'), /does not describe the declared attribute\(s\) mask/);
  assert.throws(() => fillAttributes(`${prose}| \`window\` | a width |\n`, kinds, 'prose'), /describes the attribute window, which is not declared/);
});

test('prose may not name a method of the class that the widget does not declare', () => {
  class Widget { static declaredMethods = { reset: {} }; reset() {} startTraining() {} }
  assert.doesNotThrow(() => checkMethods('Call `reset()` or `attn.matmul(…)`.', Widget, 'attn-x', 'prose'));
  // <attn-train>'s prose once named startTraining() and three more that no type or manifest had.
  assert.throws(() => checkMethods('Call `startTraining()`.', Widget, 'attn-x', 'prose'), /names startTraining\(\), which <attn-x> does not declare/);
});

test('every widget declares the `problems` event and property', async () => {
  for (const element of elementsOf(await customElementsManifest())) {
    assert.ok(element.events.some((event) => event.name === 'problems'), `<${element.tagName}> declares the problems event`);
    assert.ok(element.members.some((member) => member.name === 'problems'), `<${element.tagName}> declares the problems property`);
  }
});

const authors = readFileSync(join(root, 'docs/authors.md'), 'utf8');

test('the authors’ iframe section names every widget of the registry', () => {
  const line = authors.split('\n').find((text) => text.startsWith('The names are those of'));
  assert.ok(line, 'docs/authors.md says which names there are');
  const names = [...line.replace(/^[^:]*\): /, '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
  assert.deepEqual(names, WIDGETS.map((widget) => widget.name));
});

test('the gzipped size docs/performance.md quotes for what a page downloads is the size report’s, within 5%', () => {
  const performance = readFileSync(join(root, 'docs/performance.md'), 'utf8');
  const stated = /a page loads one of them\), about (\d+) KB/.exec(performance);
  assert.ok(stated, 'docs/performance.md says what the size report counts ("a page loads one of them), about N KB")');
  const report = execFileSync(process.execPath, [join(root, 'scripts/size-report.mjs'), join(root, 'dist')], { encoding: 'utf8' });
  const total = Number(/([\d.]+) KB\s+total/.exec(report)[1]);
  assert.ok(Math.abs(total - Number(stated[1])) <= 0.05 * total, `docs/performance.md says about ${stated[1]} KB; the size report counts ${total} KB`);
});
