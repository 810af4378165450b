// element-tables.mjs — the Markdown tables of the element reference (docs/elements/), made from
// the custom-elements manifest (itself made from the widgets' declarations): each widget's
// attributes, events, methods and parts, the events and parts every widget has, and the theme's
// custom properties. scripts/element-docs.mjs puts them into the pages with the widgets' prose.

import { THEME_PROPERTIES, darkName } from '../../web/ui/theme.js';
import { COMMON_EVENTS } from '../../web/ui/element-declarations.js';
import { memberLines } from '../element-types.mjs';

const cell = (text) => String(text).replace(/\|/g, '\\|');
const code = (text) => `\`${cell(text)}\``;

/** The elements of a manifest, in registry order. */
export const elementsOf = (manifest) => manifest.modules.flatMap((module) => module.declarations);

/** | event | when | `detail` | for `events` (manifest entries). */
function eventRows(events) {
  const rows = events.map((event) => {
    const bubbles = / \(bubbles(, from inside the widget)?\)\.$/.exec(event.description);
    const when = event.description.replace(/ \(bubbles(, from inside the widget)?\)\.$/, '').replace(/\.$/, '');
    const detail = event.type.text.replace(/^CustomEvent<(.*)>$/, '$1');
    const how = bubbles ? (bubbles[1] ? ' (bubbles, from inside)' : ' (bubbles)') : '';
    return `| ${code(event.name)}${how} | ${cell(when)} | ${code(detail)} |`;
  });
  return ['| event | when | `detail` |', '| --- | --- | --- |', ...rows].join('\n');
}

/** One widget's own events (those every widget fires are in commonEventsTable). */
export const eventsTable = (element) => eventRows(element.events.filter((event) => !Object.hasOwn(COMMON_EVENTS, event.name)));

/** The events every widget fires, as the first element of the manifest declares them. */
export const commonEventsTable = (manifest) => eventRows(elementsOf(manifest)[0].events.filter((event) => Object.hasOwn(COMMON_EVENTS, event.name)));

/** The methods a widget declares: | method | what it does |, or '' for a widget with none. */
export function methodsTable(element) {
  const methods = element.members.filter((member) => member.kind === 'method');
  if (methods.length === 0) return '';
  const rows = methods.map((m) => `| ${code(memberLines(m)[0])} | ${cell(m.description)} |`);
  return ['| method | what it does |', '| --- | --- |', ...rows].join('\n');
}

/** One widget's parts: | part | what it is |. */
export function elementPartsTable(element) {
  const rows = element.cssParts.map((part) => `| ${code(part.name)} | ${cell(part.description)} |`);
  return ['| part | what it is |', '| --- | --- |', ...rows].join('\n');
}

/** Every part any widget exposes, with what it is and which widgets have it. */
export function partsTable(manifest) {
  const elements = elementsOf(manifest);
  const parts = new Map();
  for (const element of elements) {
    for (const part of element.cssParts) {
      if (!parts.has(part.name)) parts.set(part.name, { about: part.description, tags: [] });
      parts.get(part.name).tags.push(element.tagName);
    }
  }
  const rows = [...parts].map(([name, { about, tags }]) => {
    const where = tags.length === elements.length ? 'every widget' : tags.map((tag) => code(tag)).join(', ');
    return `| ${code(name)} | ${cell(about)} | ${where} |`;
  });
  return ['| part | what it is | in |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The theme's custom properties: | property | light | dark | what it sets |. */
export function themeTable() {
  const rows = THEME_PROPERTIES.map((p) => `| ${code(p.name)} | ${code(p.light)} | ${p.dark === null ? 'the same' : `${code(p.dark)} (${code(darkName(p.name))})`} | ${cell(p.description)} |`);
  return ['| property | light scheme | dark scheme | what it sets |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
