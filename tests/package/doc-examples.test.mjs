// doc-examples.test.mjs — every widget example in the docs (README.md, docs/*.md, docs/elements/*.md)
// shows what it sets: each attribute of an `<attn-…>` tag or an `embed.html?widget=…` URL is one
// the widget declares, its value parses, it differs from the default (an example that "sets" the
// default shows nothing), and a setting that only acts with a switch on has that switch on in the
// same example (a window width with the sliding window, a second sentence with padding). Read in
// node from the widgets' own declarations (scripts/lib/widget-classes.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { widgetClasses } from '../../scripts/lib/widget-classes.mjs';

const DOCS = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...readdirSync('docs/elements').filter((f) => f.endsWith('.md')).map((f) => `docs/elements/${f}`)];
/** Page furniture and the theme, which change how a widget looks, not what it computes. */
const FURNITURE = new Set(['theme', 'heading-level', 'embed-code']);

/** Settings that act only when another setting allows them: tag → attribute → (values) → allowed. */
const IN_USE = {
  'attn-masks': {
    window: (values) => /\bwindow\b/.test(values.get('masks') ?? ''),
    second: (values) => /\bpadding\b/.test(values.get('masks') ?? ''),
    sequence: (values) => /\bpadding\b/.test(values.get('masks') ?? ''),
  },
};

/** Every example in `text`: { tag, values: Map(attribute → text), where }. */
function examples(text, file) {
  const found = [];
  for (const [whole, name, query] of text.matchAll(/embed\.html\?widget=([a-z]+)((?:&(?:amp;)?[a-z-]+=[^&\s"'`)<]*)*)/g)) {
    const values = new Map([...new URLSearchParams(query.replace(/&amp;/g, '&'))].filter(([key]) => !key.startsWith('attn-')));
    found.push({ tag: `attn-${name}`, values, where: `${file}: ${whole}` });
  }
  for (const [whole, tag, attributes] of text.matchAll(/<(attn-[a-z]+)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*>/g)) {
    const values = new Map([...attributes.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key, value ?? '']));
    found.push({ tag, values, where: `${file}: ${whole}` });
  }
  return found;
}

test('every example in the docs sets what it shows', async () => {
  const widgets = new Map((await widgetClasses()).map(({ tag, Widget }) => [tag, Widget]));
  const wrong = [];
  let checked = 0;
  for (const file of DOCS) {
    for (const { tag, values, where } of examples(readFileSync(file, 'utf8'), file)) {
      const Widget = widgets.get(tag);
      if (!Widget) continue; // a tag named in prose (<attn-…>), not a widget
      for (const [name, text] of values) {
        if (FURNITURE.has(name)) continue;
        checked += 1;
        const kind = Widget.declarations[name];
        if (!kind) { wrong.push(`${where}: <${tag}> has no attribute ${name}`); continue; }
        const parsed = kind.parse(text);
        if ('error' in parsed) { wrong.push(`${where}: ${parsed.error}`); continue; }
        if (kind.format(parsed.value) === kind.format(kind.fallback)) wrong.push(`${where}: ${name}="${text}" is the default, so it shows nothing`);
        const inUse = IN_USE[tag]?.[name];
        if (inUse && !inUse(values)) wrong.push(`${where}: ${name} changes nothing unless the setting it belongs to is on`);
      }
    }
  }
  assert.ok(checked >= 10, `only ${checked} example settings were found: the pattern no longer reads the docs`);
  assert.deepEqual(wrong, []);
});
