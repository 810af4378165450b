// theme.js — the CSS custom properties a course page themes every widget with, declared once:
// the widgets' stylesheet (widget-styles.js) reads them, the custom-elements manifest and the
// README list them, and tests set them from outside and read the styles inside the shadow roots.
//
// Each is registered with the page (CSS.registerProperty: inherited, with the lab's own look as
// its initial value), so a value set anywhere above a widget reaches it: on :root for every
// widget, on a section, or on one tag (`attn-masks { … }`). A colour has a second property for
// the dark scheme, --attn-dark-<name>: a widget in the dark scheme (the reader prefers dark and
// the widget has no theme="light", or it has theme="dark") uses it instead, so one stylesheet
// themes both schemes without media queries:
//
//   :root { --attn-accent: #9a4d00; --attn-dark-accent: #ffb454; --attn-font: Georgia, serif; }
//
// No DOM needed to read the table (node builds the manifest from it). A value typed in a URL is
// checked by theme-values.js (embed.html's, kept out of the embed bundle).

/** [name (without --attn-), light value, dark value or null, what it colours or sizes]. A
 *  property with a dark value is a colour; font and mono are font lists; the rest are lengths
 *  (font-size may be a percentage of the page's text too). */
const TABLE = [
  ['font', 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', null, 'the text font, also of the text drawn in heatmaps, charts and the figures a learner downloads'],
  ['mono', 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace', null, 'the font of numbers in matrices, tables and code'],
  ['font-size', '100%', null, 'the size of the widget’s text, which all its text follows (its title 1.05 times it, captions 0.85); 100%: the size of the page’s text around it'],
  ['bg', '#ffffff', '#161b22', 'the widget’s background'],
  ['surface', '#f6f7f9', '#1f252e', 'panels, matrix cells and table headers'],
  ['fg', '#1c2430', '#e6e9ee', 'text, axis labels, the focused cell’s outline'],
  ['muted', '#5b6675', '#9aa4b2', 'captions, notes and secondary text'],
  ['border', '#d5dae1', '#39424e', 'borders, rules and chart grid lines'],
  ['accent', '#1d5fbf', '#6ea8ff', 'buttons, the focus ring, selected tabs, a chart’s first series'],
  ['accent-fg', '#ffffff', '#0b1220', 'text on the accent colour'],
  ['involved', '#fff1c2', '#4a3a12', 'the background of the cells a step uses'],
  ['involved-border', '#b7791f', '#e3b341', 'the outline of those cells; a chart’s reference curve'],
  ['error', '#b42318', '#ff8a80', 'refusals and warnings'],
  ['radius', '10px', null, 'the corners of the widget’s box'],
  ['radius-small', '6px', null, 'the corners of buttons and fields'],
  ['padding', '1rem', null, 'the space inside the widget’s box (at most 0.7rem on a phone)'],
  ['gap', '0.5rem', null, 'the space between controls in a row'],
];

const FONTS = new Set(['font', 'mono']);

/** A reader who asked for more contrast (prefers-contrast: more: macOS "Increase contrast", Windows
 *  contrast themes): the grey tokens move towards the text colour, [name, share of --attn-fg mixed
 *  with --attn-bg]. Made of the theme's own fg and bg, so they follow a course page's colours and
 *  the dark scheme: 85 % puts captions and notes at 8:1 or more against the background and the
 *  panels (7:1 is WCAG AAA) in the lab's and the example course's themes, 60 % puts borders and
 *  rules at 3.7:1 or more (3:1 is what a field's edge needs). */
const MORE_CONTRAST = [['muted', 85], ['border', 60]];

/** Every themable property: { name: '--attn-x', light, dark (null: one value for both),
 *  description, kind: 'colour' | 'font' | 'length' }. */
export const THEME_PROPERTIES = Object.freeze(TABLE.map(([name, light, dark, description]) =>
  Object.freeze({ name: `--attn-${name}`, light, dark, description, kind: dark !== null ? 'colour' : FONTS.has(name) ? 'font' : 'length' })));

/** The dark scheme's twin of a colour property: --attn-accent → --attn-dark-accent. */
export const darkName = (name) => name.replace(/^--attn-/, '--attn-dark-');

/** Every property a page may set, each with its initial value and kind: the light ones and the dark twins. */
export function themeInputs() {
  return THEME_PROPERTIES.flatMap((p) => [
    { name: p.name, initial: p.light, kind: p.kind, description: p.dark === null ? p.description : `${p.description} (light scheme)` },
    ...(p.dark === null ? [] : [{ name: darkName(p.name), initial: p.dark, kind: p.kind, description: `${p.description} (dark scheme)` }]),
  ]);
}

/** The widget's em: its own font size (--attn-font-size, on its box) as a length that every element
 *  inside inherits unchanged, so that `calc(0.85 * var(--attn-em))` is 0.85 of the widget's text
 *  however deep it is (an em would multiply inside an element that already set a size; a rem
 *  follows the page's root, not the widget). Registered as a '<length>', which is what turns the
 *  box's 1em into pixels there; its initial value must not depend on the page, hence 16px
 *  (widget-styles.js sets it on every widget's box). Not a theme property: set --attn-font-size. */
export const WIDGET_EM = { name: '--attn-em', syntax: '<length>', inherits: true, initialValue: '16px' };

let registered = null;

/** The grammar each kind is registered with. A colour is a '<color>': a value the browser cannot
 *  read as one (a typo, `darkorang`) counts as not set there, so the widget takes the colour set
 *  further up (on a section, on :root, or the lab's own) instead of painting with nothing. Fonts and
 *  lengths take any value ('*'): a length's initial value may be in rem, which a registered
 *  '<length>' cannot have (an initial value must not depend on the page). */
const SYNTAX = { colour: '<color>', font: '*', length: '*' };

/**
 * Registers every theme input with the page once (an inherited property with its initial value).
 * True when the browser could: then a value set on :root reaches the widgets. Where it cannot
 * (a browser without CSS.registerProperty), the stylesheet declares the defaults on each widget
 * instead, and only values set on the elements themselves apply.
 */
export function registerThemeProperties() {
  if (registered !== null) return registered;
  registered = typeof CSS !== 'undefined' && typeof CSS.registerProperty === 'function';
  if (!registered) return registered;
  const properties = themeInputs().map(({ name, initial, kind }) => ({ name, syntax: SYNTAX[kind], inherits: true, initialValue: initial }));
  for (const property of [...properties, WIDGET_EM]) {
    try {
      CSS.registerProperty(property);
    } catch {
      // Already registered (a second copy of the lab on the page, or the page's own rule): keep it.
    }
  }
  return registered;
}

/** The declarations a widget in the dark scheme makes: each colour takes its dark twin. They are
 *  !important so that they win over a light value the page set on the element itself. */
export function darkDeclarations() {
  return THEME_PROPERTIES.filter((p) => p.dark !== null)
    .map((p) => `${p.name}: var(${darkName(p.name)}) !important;`).join('\n    ');
}

/** The declarations a widget makes when the reader prefers more contrast (MORE_CONTRAST), after
 *  the dark ones and !important like them, so they win over both schemes' greys. */
export function moreContrastDeclarations() {
  return MORE_CONTRAST.map(([name, share]) =>
    `--attn-${name}: color-mix(in srgb, var(--attn-fg) ${share}%, var(--attn-bg)) !important;`).join('\n    ');
}

/** Where properties cannot be registered: every light value declared on the widget itself. */
export function fallbackDeclarations() {
  return themeInputs().map(({ name, initial }) => `${name}: ${initial};`).join('\n    ');
}
