// print-styles.js — what a widget looks like on paper (Print, Save as PDF): the @media print part
// of the stylesheet every widget adopts (widget-styles.js puts it in). The lab page's own print
// rules are in web/styles/lab.css, the example course's in web/examples/course.css.

import { ACTION_ONLY } from './action-button.js';

/* Black text on white in every theme (the dark scheme is screen only); no fills that only spend
   ink (a button that stays prints as an outlined word, so a pressed preset still shows by its bold
   word and heavier frame). The controls that only act on a screen are hidden: every action-only
   button (action-button.js: Next →, Shuffle, Start, Measure, Reset, …), Copy embed code, "Show data
   as a table", the downloads, and an instruction only a screen can follow (class screen-only:
   "Drag a word…", "type a number"). Kept: numbers, tables (a data table the learner opened prints
   whole), charts, heatmaps, settings, "In words", and the buttons whose look is information (the
   pressed preset, the selected tab, the list of steps, word chips, mask cells).
   The heatmaps' colours are their data, so they keep them (print-color-adjust: exact); a canvas too
   wide for the page shrinks with its proportions kept (a Chart.js chart is also redrawn narrower
   before printing: chart-print.js); a figure, a table and the widget's title never split across
   pages.
   A table fits the page's width: paper cannot scroll sideways, so a box that scrolls on screen
   shows everything, and a table wider than its box wraps instead: its cells' text and a cell's
   line of numbers (such as <attn-shuffle>'s output vectors) break between words and between
   numbers (never inside a number), a header's word too long for its column breaks where it must
   (<attn-masks> with twelve long words), cells lose their screen minimum width, and a table of many
   columns is set smaller and tighter. The rules are !important because the widgets' own sheets
   say nowrap for the screen; hidden screen-reader text (.sr-only, .visually-hidden) keeps its own. */
export const printRules = `
@media print {
  :host { --attn-bg: #fff; --attn-fg: #000; --attn-muted: #333; --attn-surface: #fff;
    color-scheme: light; background: #fff; color: #000; }
  .embed, .figure-tools, button[${ACTION_ONLY}], .screen-only { display: none !important; }
  .data-table-box { max-height: none; overflow: visible; }
  button { background: none !important; color: var(--attn-fg) !important; }
  button:is([aria-pressed="true"], [aria-current="step"], [role="tab"][aria-selected="true"]) { border-width: 2px; }
  .widget-title, :is(h2, h3, h4, h5, h6) { break-after: avoid; }
  :is(figure, .heatmap, .line-chart, .chart-box, .chart, table, tr, .matrix-block) { break-inside: avoid; }
  .heatmap-surface { overflow: visible; }
  :is(.heatmap-surface, .line-chart, .chart-box, .chart) > canvas { max-width: 100%; height: auto !important; }
  .heatmap-surface > canvas, .heatmap-ramp, .heatmap-swatch { print-color-adjust: exact; -webkit-print-color-adjust: exact; }

  :is(.table-scroll, .matrix-block, .data-table-box) { overflow: visible !important; max-width: 100% !important; }
  table { max-width: 100%; }
  :is(caption, th, td), :is(caption, th, td) :not(.sr-only, .visually-hidden) { white-space: normal !important; }
  :is(th, td) :not(.sr-only, .visually-hidden) { flex-wrap: wrap !important; }
  :is(th, td) { min-width: 0 !important; }
  th, th :not(.sr-only, .visually-hidden) { overflow-wrap: anywhere; }
  .table-scroll :is(caption, .verdict), .data-table-box :is(caption, thead th) { position: static !important; box-shadow: none !important; }
  /* A data table prints as rows of cells of one width (data-table.js measures --cell-ch and
     --head-ch): a row wider than the page goes on in a second line, under the first line's columns,
     the row header standing out to the left; a rule under each row. */
  table.data-table { display: block; font-size: calc(0.75 * var(--attn-em)); }
  table.data-table > :is(caption, thead, tbody, tfoot) { display: block; }
  table.data-table tr { --cell-width: calc(var(--cell-ch, 6) * 1ch + 0.5rem); --head-width: calc(var(--head-ch, 6) * 1ch + 0.6rem);
    display: flex; flex-wrap: wrap; padding-left: var(--head-width); border-bottom: 1px solid var(--attn-border); }
  table.data-table tr > :is(th, td) { flex: 0 0 var(--cell-width); font-family: var(--attn-mono); border: none; padding: 0.1rem 0.25rem; }
  table.data-table tr > :first-child { flex-basis: var(--head-width); margin-left: calc(-1 * var(--head-width)); text-align: left; }
  table.data-table tfoot td { flex: 1 1 auto; text-align: left; }
  table:not(.data-table):has(tr > :nth-child(7)) { font-size: calc(0.8 * var(--attn-em)) !important; }
  table:not(.data-table):has(tr > :nth-child(7)) :is(th, td) { padding: 0.1rem 0.25rem !important; }
}
`;
