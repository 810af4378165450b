// readme.test.mjs — the README tells authors what the elements are, from the same declarations:
// each widget's event and method tables, the parts table and the theme's properties equal what
// scripts/lib/readme-tables.mjs makes from the manifest, and the iframe section names every
// widget of the registry. (The attribute tables are checked by tests/e2e/attributes.spec.js.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commonEventsTable, elementsOf, eventsTable, methodsTable, partsTable, themeTable } from '../../scripts/lib/readme-tables.mjs';
import { widgetClasses } from '../../scripts/lib/widget-classes.mjs';
import { WIDGETS } from '../../web/widgets/registry.js';
import { root } from './packed.mjs';

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(join(root, 'dist/custom-elements.json'), 'utf8'));

/** The README's section under `### heading`, up to the next heading. */
function section(heading) {
  const start = readme.indexOf(`\n### ${heading}\n`);
  assert.ok(start >= 0, `README has a section ### ${heading}`);
  const rest = readme.slice(start + heading.length + 6);
  return rest.slice(0, rest.search(/\n##+ /) >= 0 ? rest.search(/\n##+ /) : undefined);
}

/** The names of an element's events, as a string to search. */
const eventRowsOf = (element) => element.events.map((event) => `\`${event.name}\``).join(' ');

const hint = 'run node scripts/lib/readme-tables.mjs and paste its table';

test('each widget’s section has its event table, made from its declarations', () => {
  for (const element of elementsOf(manifest)) {
    assert.ok(section(`\`<${element.tagName}>\``).includes(eventsTable(element)), `README's events of <${element.tagName}> (${hint})`);
  }
});

test('each widget’s section has its methods’ table, and names no method of its class that is not declared', async () => {
  // <attn-train>'s section named useAttention(), startTraining(), pauseTraining() and
  // showLossChart(), which neither the types nor custom-elements.json had.
  const classes = new Map((await widgetClasses()).map(({ tag, Widget }) => [tag, Widget]));
  for (const element of elementsOf(manifest)) {
    const text = section(`\`<${element.tagName}>\``);
    const table = methodsTable(element);
    if (table) assert.ok(text.includes(table), `README's methods of <${element.tagName}> (${hint})`);
    const declared = new Set(element.members.filter((m) => m.kind === 'method').map((m) => m.name));
    const Widget = classes.get(element.tagName);
    for (const [, name] of text.matchAll(/`([A-Za-z]\w*)\(/g)) {
      if (typeof Widget.prototype[name] === 'function') assert.ok(declared.has(name), `README names <${element.tagName}>.${name}(), which it does not declare (declaredMethods)`);
    }
  }
});

test('the events every widget fires are in one table, made from the declarations, and every widget declares them', () => {
  const common = commonEventsTable(manifest);
  assert.ok(section('Events every widget fires').includes(common), `README's events every widget fires (${hint})`);
  for (const element of elementsOf(manifest)) {
    assert.ok(eventRowsOf(element).includes('`problems`'), `<${element.tagName}> declares problems`);
  }
});

test('the theming section lists every custom property and every part', () => {
  const theming = section('Theming');
  assert.ok(theming.includes(themeTable()), `README's custom properties (${hint})`);
  assert.ok(theming.includes(partsTable(manifest)), `README's parts (${hint})`);
});

test('the iframe section names every widget of the registry', () => {
  const line = section('As an iframe').split('\n').find((text) => text.startsWith('The names are those of'));
  assert.ok(line, 'the iframe section says which names there are');
  const names = [...line.replace(/^[^:]*\): /, '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
  assert.deepEqual(names, WIDGETS.map((widget) => widget.name));
});

test('the README’s gzipped size of what a page downloads is the size report’s, within 5%', () => {
  const stated = /a page loads one of them\), about (\d+) KB today/.exec(readme);
  assert.ok(stated, 'README says what the size report counts ("about N KB today")');
  const report = execFileSync(process.execPath, [join(root, 'scripts/size-report.mjs'), join(root, 'dist')], { encoding: 'utf8' });
  const total = Number(/([\d.]+) KB\s+total/.exec(report)[1]);
  assert.ok(Math.abs(total - Number(stated[1])) <= 0.05 * total, `README says about ${stated[1]} KB; the size report counts ${total} KB`);
});
