// embed.js — embed.html's script: shows the one widget named by ?widget=<name> (see
// widgets/registry.js), with every other query parameter as one of its attributes, and keeps the
// parent page told of its height (embed-resize.js on the parent sizes the iframe to it).
//
//   embed.html?widget=masks&masks=causal+window&window=3&theme=dark&attn-accent=%239a4d00
//
// Parameters are checked against the widget's declared attributes (its recordedAttributes: its
// own and the common `theme`) and the theme's custom properties (ui/theme.js), named without
// their leading dashes (attn-accent, attn-dark-accent, attn-font, attn-radius, …), so a page that
// may only embed iframes can still give the widget its colours, fonts and corners. An unknown
// widget or parameter gets a message saying what is understood; a value the widget cannot use
// gets the widget's own sentence beside it; a theme value that is not a colour, a font list or a
// length (as the property needs) is refused with a sentence. Values are only ever set as
// attribute text or as a checked custom property, never parsed as HTML.

import { WIDGETS, findWidget } from './widgets/registry.js';
import { h } from './ui/dom.js';
import { themeInputs } from './ui/theme.js';
import { readThemeValue } from './ui/theme-values.js';

/** URL parameter → theme property: attn-accent → --attn-accent. */
const THEME_PARAMETERS = new Map(themeInputs().map(({ name }) => [name.slice(2), name]));

const SIZE_MESSAGE = 'attn-lab:size';
const host = document.getElementById('widget');
const params = new URLSearchParams(window.location.search);

/** Tells the parent frame (if any) how tall the content is, whenever that changes, and whether
 *  that is the height of the widget drawn (`ready`: it has started, or the page shows a problem
 *  instead of a widget) or of one still waiting to start (below the fold, or its code on its way),
 *  which embed-resize.js lets a frame grow to but never shrink to. */
function reportHeight(widget) {
  if (window.parent === window) return;
  let last = '';
  const send = () => {
    const height = Math.ceil(host.getBoundingClientRect().bottom + window.scrollY);
    const ready = !widget || widget.started === true;
    if (`${height} ${ready}` === last) return;
    last = `${height} ${ready}`;
    window.parent.postMessage({ type: SIZE_MESSAGE, height, ready, widget: params.get('widget') }, '*');
  };
  // The widget's start hides its loading line, so its height changes then and this sends again.
  new ResizeObserver(send).observe(host);
  send();
}

/** Asks at once for every file the widget's module needs, as the build listed them in the page
 *  (scripts/lib/widget-preloads.mjs), rather than for each import in turn once the last arrived.
 *  The dev server's page has no list. */
function preloadWidget(tag) {
  const list = document.getElementById('widget-modules');
  if (!list) return;
  for (const href of JSON.parse(list.textContent)[tag] ?? []) document.head.append(h('link', { rel: 'modulepreload', href }));
}

function problem(text) {
  return h('p', { className: 'embed-error', role: 'alert' }, text);
}

async function show() {
  const name = params.get('widget');
  const entry = findWidget(name);
  if (!entry) {
    const names = WIDGETS.map((widget) => widget.name).join(', ');
    host.append(problem(name
      ? `There is no widget called “${name}”. The widgets are: ${names}.`
      : `Say which widget to show, for example embed.html?widget=${WIDGETS[0].name}. The widgets are: ${names}.`));
    return null;
  }
  preloadWidget(entry.tag);
  await entry.load();
  const Widget = customElements.get(entry.tag);
  const allowed = Widget.recordedAttributes;
  const element = document.createElement(entry.tag);
  element.setAttribute('heading-level', '1'); // the widget's title is this page's heading
  const ignored = [], refused = [];
  for (const [key, value] of params) {
    if (key === 'widget') continue;
    if (allowed.includes(key)) element.setAttribute(key, value);
    else if (THEME_PARAMETERS.has(key)) {
      const read = readThemeValue(THEME_PARAMETERS.get(key), value);
      if ('error' in read) refused.push(read.error);
      else document.documentElement.style.setProperty(THEME_PARAMETERS.get(key), read.value);
    } else ignored.push(key);
  }
  document.title = `${Widget.title} — Attention Lab`;
  host.setAttribute('aria-label', Widget.title); // tells this page's main landmark from its host page's
  host.append(element);
  if (ignored.length) {
    host.append(problem(`Ignored ${ignored.map((key) => `“${key}”`).join(', ')}: <${entry.tag}> understands `
      + `${allowed.join(', ')}, and the theme's ${[...THEME_PARAMETERS.keys()].join(', ')}.`));
  }
  for (const sentence of refused) host.append(problem(`Ignored a theme value: ${sentence}`));
  return element;
}

// Nothing is posted before the page holds its widget (or a problem): an empty page's height is
// no height for the frame.
show().then(reportHeight, (error) => {
  host.append(problem(`The widget could not be loaded: ${error.message}`));
  reportHeight(null);
});
