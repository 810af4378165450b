// heads-styles.js — the look of the training lab's head views (probe map panel, the grid of every
// head, its dialog, consistency, knock-outs, the specialisation chart), adopted by <attn-train>
// beside train-panels.js's sheet. On a narrow widget the specialisation chart's legend takes a
// line per series, and Chart.js gives a legend at most half the box: the box grows with
// --legend-lines (set by specialisation-chart.js), so that 12 layers' lines all show.

let sheet = null;
export function headsSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .map-note { max-width: 48rem; font-size: calc(0.88 * var(--attn-em)); color: var(--attn-muted); border-left: 3px solid var(--attn-involved-border); padding-left: 0.6rem; margin: 0.5rem 0; }
    .map-host { max-width: 100%; min-width: 0; }
    .heads-grid-box { max-width: 100%; overflow: auto; margin: 0.5rem 0; position: relative; } /* holds its cells' .sr-only text */
    table.heads-grid { border-collapse: separate; border-spacing: 0.3rem; }
    table.heads-grid th { font-size: calc(0.8 * var(--attn-em)); font-weight: 500; color: var(--attn-muted); text-align: left; white-space: nowrap; }
    .cell-button { display: flex; flex-direction: column; align-items: center; gap: 0.15rem; width: 7.2rem; padding: 0.3rem;
      background: var(--attn-surface); color: var(--attn-fg); border: 1px solid var(--attn-border); border-radius: 6px; }
    .cell-button:hover { border-color: var(--attn-accent); }
    .cell-name { font-size: calc(0.78 * var(--attn-em)); font-weight: 600; }
    .cell-map { display: block; min-height: 84px; }
    .cell-map.waiting { width: 84px; height: 84px; background: var(--attn-bg); border-radius: 3px; } /* a map's place before the lab starts */
    .cell-role { font-size: calc(0.72 * var(--attn-em)); line-height: 1.25; text-align: center; color: var(--attn-muted); min-height: 2.5em; }
    .cell-role.has-role { color: var(--attn-fg); font-weight: 600; }
    .heads-summary p { margin: 0.3rem 0; }
    .thresholds { font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); }
    .heads-section { border-top: 1px solid var(--attn-border); margin-top: 0.8rem; padding-top: 0.3rem; }
    .field .legend { font-size: calc(0.85 * var(--attn-em)); }
    .consistency-chart { margin: 0.4rem 0; max-width: 34rem; }
    .consistency-chart .chart-box { position: relative; width: 100%; aspect-ratio: 1.5; } /* HistogramChart's: its place before it is drawn */
    .small-map.waiting { display: block; background: var(--attn-surface); border-radius: 3px; }
    pre.window-text.waiting { color: var(--attn-muted); }
    .side-by-side { display: flex; flex-wrap: wrap; gap: 0.8rem; }
    .window-figure { margin: 0; flex: 1 1 12rem; max-width: 20rem; min-width: 0; }
    .window-figure figcaption { font-size: calc(0.85 * var(--attn-em)); margin: 0.2rem 0; }
    pre.window-text { white-space: pre-wrap; overflow-wrap: anywhere; font-family: var(--attn-mono); font-size: calc(0.78 * var(--attn-em)); background: var(--attn-surface); padding: 0.3rem; border-radius: 4px; margin: 0.2rem 0; }
    .knockout-result { font-weight: 600; }
    table.knockout-table td.text-cell { font-family: var(--attn-font); text-align: left; }
    .specialisation { margin: 0.4rem 0 0.8rem; }
    .specialisation { container-type: inline-size; }
    @container (max-width: 40rem) { .specialisation .line-chart { height: max(260px, calc(3rem + 2.9rem * var(--legend-lines, 4))); } }
    dialog.head-dialog { max-width: min(96vw, 60rem); width: 100%; max-height: calc(100dvh - 1.5rem); box-sizing: border-box; background: var(--attn-bg); color: var(--attn-fg); border: 1px solid var(--attn-border); border-radius: 10px; padding: 0.6rem 0.8rem; overflow: hidden; }
    /* Close stays at the top, in view; what is under it scrolls on its own. */
    dialog.head-dialog[open] { display: flex; flex-direction: column; }
    dialog.head-dialog::backdrop { background: rgb(0 0 0 / 0.45); }
    .dialog-head { display: flex; justify-content: space-between; align-items: center; gap: 1rem; flex: none; padding-bottom: 0.4rem; border-bottom: 1px solid var(--attn-border); }
    .head-dialog .dialog-body { overflow: auto; min-height: 0; flex: 1 1 auto; }
    .head-dialog .dialog-body .map-note { margin-top: 0.4rem; }
    .dialog-title { margin: 0; }
    progress { width: 10rem; max-width: 100%; }
  `);
  return sheet;
}
