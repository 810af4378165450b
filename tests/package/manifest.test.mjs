// manifest.test.mjs — custom-elements.json is the widgets' own declarations, nothing else: the
// built file equals what scripts/custom-elements.mjs makes from the registry now (so the build is
// current), and for every registered widget its attributes, properties (with what their setters
// take), methods (each one its class has), events (`change` among them, each detail typed), parts
// and custom properties are the declared ones. The live elements
// are held to the same manifest in the browser (tests/e2e/elements.spec.js). Every method a
// widget's class has is declared, or is widget-base.js's (its helpers and the subclass hooks):
// anything else a page could call from devtools must be private (#) or not on the element.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { customElementsManifest, htmlCustomData } from '../../scripts/custom-elements.mjs';
import { widgetClasses } from '../../scripts/lib/widget-classes.mjs';
import { propertyName } from '../../web/ui/attribute-types.js';
import { themeInputs } from '../../web/ui/theme.js';
import { COMMON_MEMBERS } from '../../web/ui/element-declarations.js';
import { WIDGETS } from '../../web/widgets/registry.js';
import { AttnWidget } from '../../web/ui/widget-base.js';
import { root } from './packed.mjs';

const built = JSON.parse(readFileSync(join(root, 'dist/custom-elements.json'), 'utf8'));
const elements = built.modules.flatMap((module) => module.declarations);

test('dist/custom-elements.json is what the declarations make now (schema 2.1.0)', async () => {
  assert.deepEqual(built, await customElementsManifest());
  assert.equal(built.schemaVersion, '2.1.0');
  assert.deepEqual(JSON.parse(readFileSync(join(root, 'dist/html-custom-data.json'), 'utf8')), htmlCustomData(built));
});

test('every registered widget is in the manifest with its declarations', async () => {
  assert.deepEqual(elements.map((element) => element.tagName), WIDGETS.map((widget) => widget.tag));
  for (const { tag, Widget } of await widgetClasses()) {
    const element = elements.find((e) => e.tagName === tag);
    assert.equal(element.name, Widget.name);
    assert.equal(element.summary, Widget.title);
    assert.deepEqual(element.attributes.map((a) => a.name), Object.keys(Widget.declarations), `${tag}: attributes`);
    assert.deepEqual(element.attributes.map((a) => a.name), [...Widget.observedAttributes], `${tag}: the observed attributes`);
    assert.deepEqual(element.members.filter((m) => m.attribute).map((m) => [m.name, m.attribute, m.type.text]),
      Object.entries(Widget.declarations).map(([name, kind]) => [propertyName(name), name, kind.type]), `${tag}: properties`);
    assert.deepEqual(element.members.filter((m) => m.kind === 'field' && !m.attribute).map((m) => [m.name, m.readonly, m.type.text]),
      Object.entries(COMMON_MEMBERS).map(([name, { type }]) => [name, true, type]), `${tag}: the read-only properties every widget has`);
    for (const member of element.members.filter((m) => m.attribute)) {
      const kind = Widget.declarations[member.attribute];
      assert.equal(member.writeType.text, `${kind.accepts} | null | undefined`, `${tag}.${member.name}: what its setter takes`);
    }
    const methods = element.members.filter((m) => m.kind === 'method');
    assert.deepEqual(methods.map((m) => m.name), Object.keys(Widget.declaredMethods), `${tag}: methods`);
    for (const m of methods) {
      assert.equal(typeof Widget.prototype[m.name], 'function', `${tag}.${m.name}() is a method of its class`);
      assert.equal(m.parameters.length, Widget.prototype[m.name].length, `${tag}.${m.name}() takes the declared parameters`);
    }
    assert.ok(Object.hasOwn(Widget.declaredEvents, 'change'), `${tag} declares change`);
    assert.deepEqual(element.events.map((e) => e.name), Object.keys(Widget.events), `${tag}: events`);
    for (const event of element.events) assert.match(event.type.text, /^CustomEvent<\{ .+ \}>$/, `${tag}: ${event.name}'s detail is typed`);
    assert.deepEqual(element.cssParts.map((p) => p.name), Object.keys(Widget.parts), `${tag}: parts`);
    for (const part of ['root', 'title', 'body', 'in-words']) assert.ok(element.cssParts.some((p) => p.name === part), `${tag} has the part ${part}`);
    assert.deepEqual(element.cssProperties.map((p) => [p.name, p.default]), themeInputs().map((p) => [p.name, p.initial]), `${tag}: custom properties`);
  }
});

/** The subclass contract of widget-base.js (docs/architecture.md, “Adding a widget”): hooks a widget implements. */
const HOOKS = new Set(['inWords', 'build', 'begin', 'render', 'settle', 'changeDetail', 'refusal']);

test('every public method of a widget’s class is declared, or is widget-base.js’s', async () => {
  // <attn-decode> had useModel(), stepOnce(), play(), pause() and measure(), <attn-check> check(),
  // newNumbers() and clearProgress(), <attn-exercise> start(), mark(), showHint() and forget(),
  // <attn-train> modelWeights(), and more: public, but in no manifest, type or reference page.
  const base = new Set(Object.getOwnPropertyNames(AttnWidget.prototype));
  const undeclared = [];
  for (const { tag, Widget } of await widgetClasses()) {
    for (let proto = Widget.prototype; proto !== AttnWidget.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        const { value } = Object.getOwnPropertyDescriptor(proto, name);
        if (typeof value !== 'function' || name === 'constructor' || base.has(name) || HOOKS.has(name)) continue;
        if (!Object.hasOwn(Widget.declaredMethods, name)) undeclared.push(`<${tag}>.${name}()`);
      }
    }
  }
  assert.deepEqual(undeclared, [], 'public methods that are not declared (declare them with method() or make them private)');
});

test('each attribute’s default in the manifest is the text of its declared fallback', async () => {
  for (const { tag, Widget } of await widgetClasses()) {
    const element = elements.find((e) => e.tagName === tag);
    for (const attribute of element.attributes) {
      const kind = Widget.declarations[attribute.name];
      assert.equal(JSON.parse(attribute.default), kind.format(kind.fallback) ?? '', `${tag} ${attribute.name}`);
      if (kind.kind === 'choice') assert.deepEqual(attribute.type.text.split(' | '), kind.options.map((o) => `'${o}'`), `${tag} ${attribute.name}: its words`);
    }
  }
});

test('every property and event detail has a real type: an author’s TypeScript never meets `unknown`', () => {
  // A widget's own kind (custom() in web/ui/attribute-types.js) must say its type: <attn-lookup>'s
  // keys, values and query and <attn-masks>'s edits were `unknown` in the types and the reference.
  for (const element of elements) {
    for (const member of element.members) {
      const types = member.kind === 'method' ? [member.return.type, ...member.parameters.map((p) => p.type)] : [member.type, member.writeType].filter(Boolean);
      for (const type of types) assert.doesNotMatch(type.text, /\bunknown\b|\bany\b/, `<${element.tagName}>.${member.name}`);
    }
    for (const event of element.events) assert.doesNotMatch(event.type.text, /\bunknown\b/, `<${element.tagName}>'s ${event.name}`);
  }
});
