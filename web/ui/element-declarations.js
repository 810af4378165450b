// element-declarations.js — what a widget declares besides its attributes, in the same style as
// attribute-types.js: the events it fires (with the shape of their detail), the public methods a
// page may call and the CSS parts it exposes. widget-base.js adds the parts every widget has; scripts/custom-elements.mjs turns
// these, the attributes and the theme's properties (theme.js) into custom-elements.json and the
// elements' TypeScript types; tests hold the README and the live elements to them. No DOM here.
//
//   static declaredEvents = {
//     change: event({ when: 'a setting changed', detail: { ...settingsDetail(this.declaredAttributes), 'reset?': 'true' } }),
//     measured: event({ when: '“Measure” finished', detail: { points: '{ n: number; ms: number }[]' } }),
//   };
//   static declaredParts = { ...FIGURE_PARTS, controls: 'the rows of settings' };
//   static declaredMethods = {
//     startTraining: method({ does: 'starts training; resolves to whether it runs', returns: 'Promise<boolean>' }),
//   };
//
// A detail is { key: TypeScript type }; a key ending in "?" is present only sometimes. So is a
// method's parameter: { 'source?': 'string' }.

import { propertyName } from './attribute-types.js';

/** An event a widget fires: when it fires, its detail's keys and types, whether it bubbles out
 *  of the widget (composed: from inside the shadow root, such as a heatmap's). */
export function event({ when, detail = {}, bubbles = true, composed = false }) {
  if (typeof when !== 'string' || when === '') throw new TypeError('An event declaration needs `when`, a sentence.');
  return Object.freeze({ when, detail: Object.freeze({ ...detail }), bubbles, composed });
}

/** A public method of a widget (beyond HTMLElement's): what it does, in a sentence; its
 *  parameters, { name: TypeScript type } in order; the TypeScript type it returns. */
export function method({ does, parameters = {}, returns = 'void' }) {
  if (typeof does !== 'string' || does === '') throw new TypeError('A method declaration needs `does`, a sentence.');
  return Object.freeze({ does, parameters: Object.freeze({ ...parameters }), returns });
}

/** The detail of a `change` that reports every declared setting by its property name (the
 *  default changeDetail of widget-base.js), with each attribute kind's type. */
export function settingsDetail(declaredAttributes) {
  return Object.fromEntries(Object.entries(declaredAttributes).map(([name, kind]) => [propertyName(name), kind.type]));
}

/** A detail as a TypeScript object type: { step: number; edited?: 'x' | 'wq' }. */
export function detailType(detail) {
  const entries = Object.entries(detail);
  if (entries.length === 0) return 'null';
  return `{ ${entries.map(([key, type]) => `${key}: ${type}`).join('; ')} }`;
}

/** Read-only properties every widget has (widget-base.js), beside one per attribute. */
export const COMMON_MEMBERS = Object.freeze({
  problems: Object.freeze({
    type: 'readonly Readonly<{ key: string; message: string }>[]',
    description: 'What the widget refuses now, [] when nothing: each entry is the attribute refused (or the widget’s own key for a rule '
      + 'between settings or a failure) and the sentence shown.',
  }),
});

/** Events every widget fires (widget-base.js), beside its own declaredEvents. */
export const COMMON_EVENTS = Object.freeze({
  problems: event({
    when: 'what the widget refuses changed: a value refused or taken back, a rule between two settings broken or met again, '
      + 'the core or a run failed; once per action, after it',
    detail: { problems: '{ key: string; message: string }[]' },
  }),
});

/** Parts every widget has (widget-base.js builds them). */
export const COMMON_PARTS = Object.freeze({
  root: 'the widget’s box (an article)',
  title: 'its heading',
  status: 'the “Loading the attention core…” line',
  body: 'everything between the title and “In words”',
  'in-words': 'the “In words” paragraph',
  embed: 'the “Copy embed code” control (shown with the embed-code attribute)',
  'embed-button': 'its button',
});

/** Parts of every chart and heatmap (figure-tools.js, heatmap.js, the chart wrappers). */
export const FIGURE_PARTS = Object.freeze({
  figure: 'a chart or heatmap with its caption',
  'figure-tools': 'the row under it: “Show data as a table” and the downloads',
  'data-table': 'the table of its numbers, when shown',
});

/** Parts of the matrices a widget prints (matrix-view.js). */
export const MATRIX_PARTS = Object.freeze({
  matrix: 'a matrix of numbers (a table)',
});

/** Parts of a widget's rows of settings. */
export const CONTROL_PARTS = Object.freeze({
  controls: 'a row of buttons and settings',
});

/** The event every heatmap fires from inside the widget when its focused cell changes. */
export const HEATMAP_EVENTS = Object.freeze({
  'cell-focus': event({
    when: 'the focused cell of a heatmap moved (arrow keys, a click or the pointer)',
    detail: { row: 'number', col: 'number', value: 'number' },
    composed: true,
  }),
});
