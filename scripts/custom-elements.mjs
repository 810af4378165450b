// custom-elements.mjs — builds custom-elements.json (the web components' standard manifest,
// schema 2.1.0) from the widgets' own declarations: for each registered element its attributes
// and their properties (attribute-types.js), its events with their detail and its parts
// (element-declarations.js), and the theme's custom properties (theme.js). Also the same
// elements as VS Code's HTML custom data, so an editor completes tags, attributes and values.
// Nothing here is written by hand: a widget that declares something new appears on the next build.
//
//   node scripts/custom-elements.mjs [dist]   writes dist/custom-elements.json and
//                                             dist/html-custom-data.json
// Its functions are also used by element-types.mjs and the tests.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { widgetClasses } from './lib/widget-classes.mjs';
import { propertyName } from '../web/ui/attribute-types.js';
import { COMMON_MEMBERS, detailType } from '../web/ui/element-declarations.js';
import { themeInputs } from '../web/ui/theme.js';

const MODULE = 'dist/attention-lab.js';

/** Markdown's `code` marks out of a README cell, for plain-text descriptions. */
const plain = (markdown) => String(markdown).replace(/\\\|/g, '|').replace(/`/g, '');

/** An attribute's text as a TypeScript type: its words where it has a fixed list, else string. */
function attributeType(kind) {
  if (kind.kind === 'choice') return kind.options.map((o) => `'${o}'`).join(' | ');
  if (kind.kind === 'boolean') return "'true' | 'false'";
  if (kind.kind === 'presence') return 'boolean';
  return 'string';
}

/** "values; default" as one sentence, for the manifest's and the editor's descriptions. */
const describeKind = (kind) => `Values: ${plain(kind.values)}. Default: ${plain(kind.shown)}.`;

/** A widget's "In words" text, where it does not depend on the widget's state; else its title. */
function description(Widget) {
  try {
    return Widget.prototype.inWords.call(Object.create(Widget.prototype)) || Widget.title;
  } catch {
    return Widget.title;
  }
}

/** Checks what a widget must declare: every event with a detail, `change` among them; every
 *  declared method one the element has. */
function checkDeclarations(tag, Widget) {
  for (const name of Object.keys(Widget.declaredMethods)) {
    if (typeof Widget.prototype[name] !== 'function') throw new Error(`<${tag}> declares the method ${name}(), but its class has no such method.`);
  }
  const events = Widget.events;
  if (!events || !events.change) throw new Error(`<${tag}> declares no \`change\` event: add static declaredEvents = { change: event({ … }) } (web/ui/element-declarations.js).`);
  for (const [name, declared] of Object.entries(events)) {
    if (typeof declared?.when !== 'string' || typeof declared.detail !== 'object') throw new Error(`<${tag}>'s event "${name}" is not made with event({ when, detail }).`);
    for (const [key, type] of Object.entries(declared.detail)) {
      if (typeof type !== 'string' || type === '') throw new Error(`<${tag}>'s event "${name}" gives no type for detail.${key}.`);
    }
  }
}

/** One element's class declaration in the manifest. */
function declaration({ tag, Widget }) {
  checkDeclarations(tag, Widget);
  const attributes = Object.entries(Widget.declarations);
  return {
    kind: 'class',
    name: Widget.name,
    tagName: tag,
    customElement: true,
    summary: Widget.title,
    description: description(Widget),
    superclass: { name: 'HTMLElement', package: 'global:' },
    attributes: attributes.map(([name, kind]) => ({
      name,
      type: { text: attributeType(kind) },
      default: JSON.stringify(kind.format(kind.fallback) ?? ''),
      description: describeKind(kind),
      fieldName: propertyName(name),
    })),
    members: [
      ...attributes.map(([name, kind]) => ({
        kind: 'field',
        name: propertyName(name),
        type: { text: kind.type },
        // Beyond schema 2.1.0 (one type per field): what the setter takes, its value or the
        // attribute's text, or null or undefined to remove the attribute (element-types.mjs
        // declares the property with separate get and set types).
        writeType: { text: `${kind.accepts} | null | undefined` },
        description: `The ${name} attribute's value (setting it sets the attribute; a value, the attribute's text, or null to remove it): ${describeKind(kind)}`,
        attribute: name,
        reflects: true,
      })),
      ...Object.entries(COMMON_MEMBERS).map(([name, { type, description: about }]) => ({
        kind: 'field', name, type: { text: type }, readonly: true, description: about,
      })),
      ...Object.entries(Widget.declaredMethods).map(([name, { does, parameters, returns }]) => ({
        kind: 'method',
        name,
        description: `${does[0].toUpperCase()}${does.slice(1)}.`,
        parameters: Object.entries(parameters).map(([parameter, type]) => ({
          name: parameter.replace(/\?$/, ''), type: { text: type }, ...(parameter.endsWith('?') ? { optional: true } : {}),
        })),
        return: { type: { text: returns } },
      })),
    ],
    events: Object.entries(Widget.events).map(([name, event]) => ({
      name,
      type: { text: `CustomEvent<${detailType(event.detail)}>` },
      description: `${event.when}${event.bubbles ? ' (bubbles' : ''}${event.composed ? ', from inside the widget)' : event.bubbles ? ')' : ''}.`,
    })),
    cssParts: Object.entries(Widget.parts).map(([name, about]) => ({ name, description: about })),
    cssProperties: themeInputs().map(({ name, initial, description: about }) => ({ name, default: initial, description: about })),
  };
}

/** The manifest object for every registered widget. */
export async function customElementsManifest() {
  const widgets = await widgetClasses();
  const declarations = widgets.map(declaration);
  // A widget loaded on demand (registry.js's onDemand) defines its element, but the entry does
  // not export its class.
  const exported = new Set(widgets.filter((widget) => !widget.onDemand).map((widget) => widget.tag));
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: [{
      kind: 'javascript-module',
      path: MODULE,
      declarations,
      exports: declarations.flatMap((d) => [
        ...(exported.has(d.tagName) ? [{ kind: 'js', name: d.name, declaration: { name: d.name, module: MODULE } }] : []),
        { kind: 'custom-element-definition', name: d.tagName, declaration: { name: d.name, module: MODULE } },
      ]),
    }],
  };
}

/** VS Code's HTML custom data (html.customData) for the same elements. */
export function htmlCustomData(manifest) {
  const elements = manifest.modules.flatMap((m) => m.declarations);
  return {
    version: 1.1,
    tags: elements.map((element) => ({
      name: element.tagName,
      description: `${element.summary}. ${element.description}`,
      attributes: element.attributes.map((attribute) => {
        const words = /^'/.test(attribute.type.text) ? attribute.type.text.split(' | ').map((w) => ({ name: w.slice(1, -1) })) : undefined;
        return { name: attribute.name, description: attribute.description, ...(words ? { values: words } : {}) };
      }),
    })),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url)));
  mkdirSync(dist, { recursive: true });
  const manifest = await customElementsManifest();
  writeFileSync(join(dist, 'custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dist, 'html-custom-data.json'), `${JSON.stringify(htmlCustomData(manifest), null, 2)}\n`);
  const count = manifest.modules[0].declarations.length;
  console.log(`custom-elements.json: ${count} elements`);
}
