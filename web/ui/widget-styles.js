// widget-styles.js — the stylesheet every widget's shadow root adopts. Colours, fonts, corners
// and spacing come from the theme's custom properties (theme.js: --attn-*, registered with the
// page, so a course page sets them on :root, on a section or on one tag); the dark scheme
// follows prefers-color-scheme, and a widget's theme="light" or theme="dark" attribute overrides it.

import { registerThemeProperties, darkDeclarations, moreContrastDeclarations, fallbackDeclarations } from './theme.js';
import { printRules } from './print-styles.js';

// Three rules keep a widget inside a 320 px column (each comment lives here, not in the shipped CSS):
// .table-scroll is position: relative, the containing block of its cells' hidden .sr-only text,
// which would otherwise escape the scrolling box and widen the page; a Chart.js canvas is capped
// at its box (it is 300 px wide until its chart sizes it); .figure-tools has contain: inline-size,
// so the row of table and download buttons wraps within its figure and never widens it.
// The dark scheme is for screens only: on paper every widget is light (print-styles.js).
// Every text size is a share of the widget's own (--attn-font-size, by default the page's text
// size around it): calc(0.85 * var(--attn-em)), never a rem (the page's root size, so a title
// came out smaller than the labels in a page with 20px text) and never an em (which multiplies
// inside an element that set a size too). theme.js says what --attn-em is.
const css = (registered) => `
:host {
  ${registered ? '' : fallbackDeclarations()}
  color-scheme: light;
  display: block;
  font-family: var(--attn-font);
  font-size: var(--attn-font-size);
  --attn-em: 1em;
  color: var(--attn-fg);
  background: var(--attn-bg);
  border: 1px solid var(--attn-border);
  border-radius: var(--attn-radius);
  padding: var(--attn-padding);
  max-width: 100%;
  min-width: 0;
  box-sizing: border-box;
  line-height: 1.45;
  overflow-wrap: break-word;
}
@media screen and (prefers-color-scheme: dark) {
  :host(:not([theme="light"])) {
    ${darkDeclarations()}
    color-scheme: dark;
  }
}
@media screen {
  :host([theme="dark"]) {
    ${darkDeclarations()}
    color-scheme: dark;
  }
}
/* More contrast (prefers-contrast: more): the grey tokens darken towards the text (theme.js). The
   selector weighs as much as the dark scheme's and comes after it, so it wins in both schemes. */
@media (prefers-contrast: more) {
  :host(:is([theme], :not([theme]))) {
    ${moreContrastDeclarations()}
  }
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
h3, .widget-title { margin: 0 0 0.25rem; font-size: calc(1.05 * var(--attn-em)); }
:is(h2, h3, h4, h5, h6):not(.widget-title) { font-size: calc(0.95 * var(--attn-em)); }
p { margin: 0.4rem 0; }
button {
  font: inherit;
  padding: 0.35rem 0.8rem;
  border-radius: var(--attn-radius-small);
  border: 1px solid var(--attn-accent);
  background: var(--attn-accent);
  color: var(--attn-accent-fg);
  cursor: pointer;
}
button:is([disabled], [aria-disabled="true"]) { opacity: 0.45; cursor: not-allowed; }
button.secondary { background: transparent; color: var(--attn-accent); }
/* The button that is on: a pressed preset or toggle, the selected tab, the current step (filled). */
button:is([aria-pressed="true"], [aria-current="step"], [role="tab"][aria-selected="true"]) {
  background: var(--attn-accent); color: var(--attn-accent-fg); font-weight: 700; }
:focus-visible { outline: 3px solid var(--attn-accent); outline-offset: 2px; }
label { cursor: pointer; }
.toolbar { display: flex; flex-wrap: wrap; gap: var(--attn-gap) calc(2 * var(--attn-gap)); align-items: center; margin: 0.6rem 0; }
.matrices { display: flex; flex-wrap: wrap; gap: 0.75rem 1.25rem; align-items: flex-start; margin: 0.6rem 0; }
.matrix-block { max-width: 100%; overflow-x: auto; }
table.matrix { border-collapse: collapse; font-family: var(--attn-mono); font-size: calc(0.9 * var(--attn-em)); }
table.matrix caption { font-family: var(--attn-font); font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); text-align: left; padding-bottom: 0.2rem; white-space: nowrap; }
/* A table in a box that scrolls sideways: its caption wraps within the visible width and stays in
   view while the numbers scroll; the column a lesson is about (th/td.verdict, the last one) stays
   at the box's right edge, so a verdict is read without scrolling sideways on a phone. */
.table-scroll { max-width: 100%; overflow-x: auto; container-type: inline-size; position: relative; }
:is(.line-chart, .chart-box, .chart) > canvas { max-width: 100%; }
/* A chart's place before it is drawn (the widget has not started): the panel's shade. */
:is(.line-chart, .chart-box).waiting { background: var(--attn-surface); border-radius: var(--attn-radius-small); }
.table-scroll caption, .table-scroll table.matrix caption { white-space: normal; max-width: 100cqi; position: sticky; left: 0; }
.table-scroll :is(th, td).verdict { position: sticky; right: 0; z-index: 1; background: var(--attn-bg);
  box-shadow: -8px 0 8px -8px color-mix(in srgb, var(--attn-fg) 40%, transparent); }
table.matrix th { font-weight: 500; color: var(--attn-muted); padding: 0.1rem 0.35rem; font-size: calc(0.8 * var(--attn-em)); }
table.matrix td { border: 1px solid var(--attn-border); padding: 0.2rem 0.45rem; text-align: right; min-width: 3.6rem; background: var(--attn-surface); }
table.matrix td.corner { border: none; background: none; min-width: 0; }
table.matrix td.involved { background: var(--attn-involved); outline: 2px solid var(--attn-involved-border); outline-offset: -2px; font-weight: 700; }
/* The keyboard's cell: a ring in the accent colour outside the cell, never the operands' orange
   inside it (a focused cell may also be an operand). */
table.matrix td:focus-visible, table.matrix td.involved:focus-visible, table.matrix input:focus-visible {
  outline: 3px solid var(--attn-accent); outline-offset: 2px; position: relative; z-index: 2; }
/* A cell the last action changed: Δ in its corner and a bar under its number. */
table.matrix td.changed { position: relative; box-shadow: inset 0 -3px 0 var(--attn-accent); }
table.matrix td.changed::before { content: "Δ" / "changed"; position: absolute; top: 0; left: 0.15rem;
  font: 700 calc(0.62 * var(--attn-em)) var(--attn-font); color: var(--attn-accent); }
/* A typed cell looks like a field, in both schemes: the page's background (white in light) inside
   a muted border (over 3:1 against both), where a computed cell is shaded and borderless inside. */
table.matrix td:has(input) { padding: 2px; background: var(--attn-bg); }
table.matrix input { font: inherit; width: 4.2rem; border: 1px solid var(--attn-muted); border-radius: 3px; background: var(--attn-bg);
  color: inherit; text-align: right; padding: 0.15rem 0.35rem; }
table.matrix input[aria-invalid="true"] { outline: 2px dashed var(--attn-error); }
.cell-error { color: var(--attn-error); font-size: calc(0.85 * var(--attn-em)); margin: 0.3rem 0 0; max-width: 32rem; }
caption { overflow-wrap: anywhere; }
.in-words { border-top: 1px solid var(--attn-border); margin-top: 0.8rem; padding-top: 0.5rem; font-size: calc(0.92 * var(--attn-em)); color: var(--attn-muted); }
.in-words strong { color: var(--attn-fg); }
.status { font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); }
.error { color: var(--attn-error); }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* the "Copy embed code" control (widget-base.js) */
.embed { border-top: 1px dashed var(--attn-border); margin-top: 0.6rem; padding-top: 0.2rem; font-size: calc(0.88 * var(--attn-em)); }
.embed .toolbar { margin: 0.3rem 0; }
.embed-done { color: var(--attn-muted); }
.embed-details summary { cursor: pointer; color: var(--attn-muted); }
.embed-details label { display: block; margin-top: 0.4rem; color: var(--attn-muted); }
.embed-details textarea { display: block; width: 100%; font: calc(0.8 * var(--attn-em)) var(--attn-mono); color: var(--attn-fg);
  background: var(--attn-surface); border: 1px solid var(--attn-border); border-radius: 4px; padding: 0.3rem; resize: vertical; }
/* heatmap.js */
  .heatmap { margin: 0.5rem 0; max-width: 100%; }
  .heatmap figcaption { font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); margin-bottom: 0.2rem; }
  .heatmap-surface { display: inline-block; max-width: 100%; overflow: auto; border-radius: 4px; }
  .heatmap-legend { display: flex; align-items: center; gap: 0.4rem; font-size: calc(0.75 * var(--attn-em)); color: var(--attn-muted); margin-top: 0.2rem; }
  .heatmap-ramp { display: inline-block; width: 8rem; height: 0.6rem; border-radius: 3px;
    background: linear-gradient(90deg, rgb(68 1 84), rgb(59 81 139), rgb(33 144 141), rgb(92 200 99), rgb(253 231 37)); }
  .heatmap-key-item { display: inline-flex; align-items: center; gap: 0.3rem; margin-right: 0.6rem; }
  .heatmap-swatch { display: inline-block; width: 0.9rem; height: 0.9rem; border: 1px solid var(--attn-border); border-radius: 2px; }
  .heatmap-swatch.blocked { background: repeating-linear-gradient(135deg, var(--attn-muted) 0 1px, transparent 1px 4px); }
  .heatmap-swatch.marked { border: 2px dashed var(--attn-fg, currentColor); background: transparent; }
  .heatmap-readout { font-family: var(--attn-mono); font-size: calc(0.85 * var(--attn-em)); margin: 0.25rem 0 0; }
@media (max-width: 480px) {
  :host { padding: min(var(--attn-padding), 0.7rem); }
  table.matrix td { min-width: 2.4rem; padding: 0.15rem 0.3rem; }
  table.matrix input { width: 2.9rem; padding: 0.1rem 0.2rem; }
  table.matrix th { padding: 0.1rem 0.2rem; }
}
/* data-table.js and figure-export.js: every chart's "Show data as a table" view and downloads */
.data-table-view { margin: 0.3rem 0 0.6rem; }
.figure-tools { display: flex; flex-wrap: wrap; align-items: center; gap: var(--attn-gap) calc(2 * var(--attn-gap)); contain: inline-size; }
.figure-downloads { display: inline-flex; flex-wrap: wrap; align-items: center; gap: calc(0.6 * var(--attn-gap)); font-size: calc(0.85 * var(--attn-em)); }
.figure-downloads-label { color: var(--attn-muted); }
.figure-downloads button { padding: 0.15rem 0.5rem; font-size: calc(0.85 * var(--attn-em)); }
.figure-status { color: var(--attn-muted); font-size: calc(0.8 * var(--attn-em)); }
.figure-status:empty { display: none; }
.data-table-box { max-width: 100%; max-height: 20rem; overflow: auto; margin-top: 0.3rem; }
table.data-table { border-collapse: collapse; font-size: calc(0.85 * var(--attn-em)); }
table.data-table caption { text-align: left; color: var(--attn-muted); padding-bottom: 0.2rem; }
.data-table-box { container-type: inline-size; }
.data-table-box caption { max-width: 100cqi; position: sticky; left: 0; }
table.data-table th, table.data-table td { border-bottom: 1px solid var(--attn-border); padding: 0.15rem 0.5rem; text-align: right; white-space: nowrap; }
table.data-table td, table.data-table tbody th { font-family: var(--attn-mono); font-weight: 400; }
table.data-table thead th { position: sticky; top: 0; background: var(--attn-bg); }
/* More contrast: a disabled button is not faded (its text was 0.45 opaque on the accent) but drawn
   in the muted colour on the background, inside a dashed border; a disabled field is not faded. */
@media (prefers-contrast: more) {
  button:is([disabled], [aria-disabled="true"]) { opacity: 1; background: var(--attn-bg); color: var(--attn-muted); border: 1px dashed var(--attn-muted); }
  :is(input, select, textarea):disabled { opacity: 1 !important; }
}
/* Forced colours (Windows High Contrast): the browser paints every colour with the learner's system
   colours, drops backgrounds, gradients and shadows, and keeps outlines, borders and text. What a
   background or a shadow alone marked is marked again here with system colours: the pressed preset,
   the selected tab and the current step (Highlight), a disabled button (GrayText), the bar under a
   changed cell (a border), and the heatmaps' colour scale, whose colours are the data (kept as drawn,
   inside a CanvasText frame). The button that is on opts out of forcing (forced-color-adjust: none),
   or the browser paints a Canvas backplate behind its HighlightText and the word vanishes; its
   colours are then all system colours, its focus ring included. Widgets add rules for their own
   elements. */
@media (forced-colors: active) {
  button:is([aria-pressed="true"], [aria-current="step"], [role="tab"][aria-selected="true"]) {
    forced-color-adjust: none; background: Highlight; color: HighlightText; border-color: Highlight; }
  button:is([aria-pressed="true"], [aria-current="step"], [role="tab"][aria-selected="true"]):focus-visible { outline-color: CanvasText; }
  button:is([disabled], [aria-disabled="true"]) { color: GrayText; border-color: GrayText; opacity: 1; }
  table.matrix td.changed { border-bottom: 3px solid CanvasText; }
  table.matrix td.involved { outline-color: Highlight; }
  .heatmap-ramp, .heatmap-swatch { forced-color-adjust: none; border: 1px solid CanvasText; }
}
${printRules}
/* prefers-reduced-motion: no transitions or animations anywhere in a widget (motion.js does the charts) */
@media (prefers-reduced-motion: reduce) {
  *, ::before, ::after { transition: none !important; animation: none !important; scroll-behavior: auto !important; }
}
`;

let sheet = null;

/** The shared CSSStyleSheet (made once, adopted by every widget). */
export function widgetStyles() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css(registerThemeProperties()));
  }
  return sheet;
}
