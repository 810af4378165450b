// element-docs.mjs — writes the element reference, docs/elements/: one page per widget and an
// index, each made of the widget's declarations (the same source as custom-elements.json:
// attributes with their values and defaults, events, methods, parts) and its hand-written prose,
// web/widgets/<name>/<tag>.md (the index's: web/widgets/elements.md). Nothing in docs/elements/ is
// written by hand; tests/package/element-docs.test.mjs fails when the committed pages differ
// from what this makes.
//
//   node scripts/element-docs.mjs [docs/elements]   (build.sh runs it beside the manifest)
//
// A prose file is Markdown. Its table headed `| attribute | meaning |` names each attribute (a
// row may name several that share their values and default) and says what it means; this script
// adds the values and defaults the declarations give, and fails when a declared attribute is
// missing or the table names one that is not declared. In a widget's page the sections Events,
// Methods and Parts follow the attributes; the index's markers <!-- events -->, <!-- parts -->,
// <!-- theme --> and <!-- widgets --> are replaced by those tables. A prose file may not name a
// method of the widget's class that the widget does not declare (declaredMethods).

import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { customElementsManifest } from './custom-elements.mjs';
import { widgetClasses } from './lib/widget-classes.mjs';
import { commonEventsTable, elementPartsTable, elementsOf, eventsTable, methodsTable, partsTable, themeTable } from './lib/element-tables.mjs';

const ROOT = new URL('../', import.meta.url);
const cell = (text) => String(text).replace(/(?<!\\)\|/g, '\\|');

/** The prose source of a widget (or of the index, for name null), as its path and text. */
export function proseSource(name, tag) {
  const path = name === null ? 'web/widgets/elements.md' : `web/widgets/${name}/${tag}.md`;
  return { path, text: readFileSync(new URL(path, ROOT), 'utf8') };
}

/** Replaces the prose's `| attribute | meaning |` table by the full table for `kinds`
 *  ({ name: attribute kind }); `where` names the source in errors. */
export function fillAttributes(text, kinds, where) {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^\| attribute \| meaning \|/.test(line));
  if (start < 0) throw new Error(`${where} has no table headed | attribute | meaning |.`);
  let end = start + 2;
  while (lines[end]?.startsWith('|')) end++;
  const named = new Set();
  const rows = lines.slice(start + 2, end).map((line) => {
    const [names, meaning] = line.slice(1, -1).split(/(?<!\\)\|/).map((part) => part.trim());
    const group = [...names.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    for (const name of group) {
      if (!kinds[name]) throw new Error(`${where} describes the attribute ${name}, which is not declared.`);
      named.add(name);
    }
    const [first, ...others] = group.map((name) => kinds[name]);
    for (const kind of others) {
      if (kind.values !== first.values || kind.shown !== first.shown) throw new Error(`${where}: ${names} share a row but not their values and default.`);
    }
    return `| ${names} | ${cell(first.values)} | ${cell(first.shown)} | ${meaning} |`;
  });
  const missing = Object.keys(kinds).filter((name) => !named.has(name));
  if (missing.length) throw new Error(`${where} does not describe the declared attribute(s) ${missing.join(', ')}.`);
  // The declared order, so the table reads as the declarations do.
  const order = Object.keys(kinds);
  const firstName = (row) => /`([^`]+)`/.exec(row)[1];
  rows.sort((a, b) => order.indexOf(firstName(a)) - order.indexOf(firstName(b)));
  const table = ['| attribute | values | default | meaning |', '| --- | --- | --- | --- |', ...rows];
  return [...lines.slice(0, start), ...table, ...lines.slice(end)].join('\n');
}

/** Fails when prose names `name(` for a method of the class that is not declared. */
export function checkMethods(text, Widget, tag, where) {
  for (const [, name] of text.matchAll(/`([A-Za-z]\w*)\(/g)) {
    if (typeof Widget.prototype[name] === 'function' && !Object.hasOwn(Widget.declaredMethods, name)) {
      throw new Error(`${where} names ${name}(), which <${tag}> does not declare (declaredMethods).`);
    }
  }
}

/** The generated sections that follow a widget's attributes. */
function declaredSections(element) {
  const sections = ['## Events', '', 'Besides `problems`, which every widget fires ([the index](README.md#events-every-widget-fires)):', '', eventsTable(element)];
  const methods = methodsTable(element);
  if (methods) {
    sections.push('', '## Methods', '', 'For a page\'s script (in the types and custom-elements.json too); a call at a bad time or with a bad '
      + 'argument throws, or rejects with, an `AttnError` saying why.', '', methods);
  }
  sections.push('', '## Parts', '', 'For `::part()` rules (see [Theming](../authors.md#theming)):', '', elementPartsTable(element));
  return sections.join('\n');
}

const header = (source) => `<!-- Made by scripts/element-docs.mjs from the widgets' declarations and ${source}: edit those, then run bash build.sh. -->`;

/** One widget's page. */
function widgetPage({ name, tag, section, Widget }, element) {
  const source = proseSource(name, tag);
  checkMethods(source.text, Widget, tag, source.path);
  let text = fillAttributes(source.text.trim(), Widget.declaredAttributes, source.path);
  const lines = text.split('\n');
  const attributes = lines.findIndex((line) => line === '## Attributes');
  if (attributes < 0) throw new Error(`${source.path} has no section "## Attributes".`);
  let next = lines.findIndex((line, i) => i > attributes && /^## /.test(line));
  if (next < 0) next = lines.length;
  text = [...lines.slice(0, next), declaredSections(element), '', ...lines.slice(next)].join('\n');
  const where = /^\d/.test(section) ? `section ${section} of the chapter` : `the lab page's \`${section}\` section`;
  return `${header(source.path)}\n\n# \`<${tag}>\`: ${Widget.title}\n\nIn ${where}; [every element](README.md).\n\n${text.trim()}\n`;
}

/** The index: the prose of web/widgets/elements.md with the tables every widget shares. */
function indexPage(widgets, manifest) {
  const source = proseSource(null);
  const first = widgets[0].Widget;
  const common = Object.fromEntries(Object.entries(first.declarations).filter(([name]) => !Object.hasOwn(first.declaredAttributes, name)));
  for (const { tag, Widget } of widgets) {
    const theirs = Object.keys(Widget.declarations).filter((name) => !Object.hasOwn(Widget.declaredAttributes, name));
    if (theirs.join() !== Object.keys(common).join()) throw new Error(`<${tag}>'s common attributes differ from <${widgets[0].tag}>'s.`);
  }
  const list = ['| element | what it is | iframe name |', '| --- | --- | --- |',
    ...widgets.map(({ name, tag, Widget }) => `| [\`<${tag}>\`](${tag}.md) | ${cell(Widget.title)} | \`${name}\` |`)].join('\n');
  const tables = { widgets: list, events: commonEventsTable(manifest), parts: partsTable(manifest), theme: themeTable() };
  let text = fillAttributes(source.text.trim(), common, source.path);
  for (const [marker, table] of Object.entries(tables)) {
    if (!text.includes(`<!-- ${marker} -->`)) throw new Error(`${source.path} has no <!-- ${marker} --> marker.`);
    text = text.replace(`<!-- ${marker} -->`, table);
  }
  return `${header(source.path)}\n\n${text}\n`;
}

/** Every page of docs/elements/: Map(file name → text). */
export async function elementDocs() {
  const widgets = await widgetClasses();
  const manifest = await customElementsManifest();
  const elements = new Map(elementsOf(manifest).map((element) => [element.tagName, element]));
  const pages = new Map([['README.md', indexPage(widgets, manifest)]]);
  for (const widget of widgets) pages.set(`${widget.tag}.md`, widgetPage(widget, elements.get(widget.tag)));
  return pages;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = resolve(process.argv[2] ?? fileURLToPath(new URL('../docs/elements/', import.meta.url)));
  const pages = await elementDocs();
  mkdirSync(folder, { recursive: true });
  for (const file of readdirSync(folder)) if (!pages.has(file)) rmSync(join(folder, file));
  for (const [file, text] of pages) writeFileSync(join(folder, file), text);
  console.log(`docs/elements: ${pages.size} pages`);
}
