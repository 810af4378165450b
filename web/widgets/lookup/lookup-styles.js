// lookup-styles.js — the stylesheet of <attn-lookup>: the two planes side by side (one above the
// other on a narrow screen), the controls, the weight bars, the checks and the memory table.
// Keys are drawn in the accent colour, values in an orange of their own; shapes and labels
// tell them apart too (circles k1…, squares v1…).

const dark = '--lookup-value: #fb923c;';

let sheet = null;

export function lookupSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    :host { --lookup-key: var(--attn-accent); --lookup-value: #c2410c; }
    @media screen and (prefers-color-scheme: dark) { :host(:not([theme="light"])) { ${dark} } }
    @media screen { :host([theme="dark"]) { ${dark} } }
    .presets { gap: 0.4rem 0.5rem; }
    .panels { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: flex-start; }
    .plane { margin: 0; flex: 1 1 15rem; max-width: 320px; min-width: 0; }
    .side { flex: 1 1 20rem; min-width: 0; max-width: 40rem; }
    .side > :first-child { margin-top: 0; }
    .plane-column { flex: 1 1 15rem; max-width: 320px; min-width: 0; }
    .plane-column .plane { max-width: none; }
    .plane figcaption { font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); margin-bottom: 0.2rem; }
    .plane-box { width: 100%; }
    .plane-canvas { display: block; border-radius: 6px; border: 1px solid var(--attn-border); touch-action: none; }
    .plane-canvas[role="application"] { cursor: crosshair; }
    .readout { font-family: var(--attn-mono); font-size: calc(0.88 * var(--attn-em)); }
    .controls { display: grid; grid-template-columns: fit-content(40%) minmax(0, 1fr); gap: 0.4rem 0.8rem; align-items: center; max-width: 34rem; }
    .controls input[type="text"] { font: inherit; padding: 0.25rem 0.4rem; border: 1px solid var(--attn-border); border-radius: 6px;
      background: var(--attn-bg); color: inherit; width: 7.5rem; max-width: 100%; }
    .sharpness { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
    .sharpness input[type="range"] { flex: 1; min-width: 8rem; }
    input[aria-invalid="true"] { outline: 2px dashed var(--attn-error); }
    .note { font-size: calc(0.88 * var(--attn-em)); color: var(--attn-muted); }
    .tied-note { max-width: 44rem; }
    .bars { list-style: none; padding: 0; margin: 0.3rem 0; max-width: 36rem; }
    .bar-row { display: grid; grid-template-columns: 4.5rem minmax(0, 1fr) 7.5rem; gap: 0.5rem; align-items: center; font-size: calc(0.85 * var(--attn-em)); }
    .bar-label, .bar-value { font-family: var(--attn-mono); }
    .bar-value { text-align: right; }
    .bar-track { height: 0.8rem; background: var(--attn-surface); border: 1px solid var(--attn-border); border-radius: 3px; overflow: hidden; }
    .bar { display: block; height: 100%; background: var(--lookup-key); }
    /* Forced colours drop backgrounds: a weight's bar is painted in the text's system colour. */
    @media (forced-colors: active) { .bar { background: CanvasText; } }
    .row-shape p { max-width: 44rem; }
    .checks { list-style: none; padding: 0; margin: 0.3rem 0; }
    .checks li { margin: 0.2rem 0; max-width: 44rem; }
    .checks .mark { display: inline-block; width: 1.2rem; font-weight: 700; }
    .checks .fails { color: var(--attn-error); }
    .memory summary { cursor: pointer; margin-top: 0.6rem; }
    .table-scroll { max-width: 100%; overflow-x: auto; }
    .memory-table { border-collapse: collapse; font-size: calc(0.85 * var(--attn-em)); margin: 0.4rem 0; }
    .memory-table caption { text-align: left; color: var(--attn-muted); padding-bottom: 0.2rem; }
    .memory-table th, .memory-table td { padding: 0.15rem 0.3rem; border-bottom: 1px solid var(--attn-border); }
    .memory-table input { font: inherit; font-family: var(--attn-mono); width: 4.2rem; padding: 0.15rem 0.3rem;
      border: 1px solid var(--attn-border); border-radius: 4px; background: var(--attn-bg); color: inherit; }
    .memory-table input:disabled { opacity: 0.6; }
    .memory-table button { padding: 0.15rem 0.5rem; font-size: calc(0.8 * var(--attn-em)); }
    @media (max-width: 480px) {
      .bar-row { grid-template-columns: 4rem minmax(0, 1fr) 6.5rem; }
    }
  `);
  return sheet;
}
