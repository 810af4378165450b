// decode-styles.js — <attn-decode>'s own styles (the shared ones are ui/widget-styles.js).

import { figureTableCss } from '../../ui/figure-table-css.js';

let sheet = null;

export function decodeSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    :is(h2, h3, h4, h5, h6):not(.widget-title) { margin: 1rem 0 0.3rem; font-size: calc(0.95 * var(--attn-em)); }
    .fields { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.4rem 0.8rem; align-items: center; max-width: 34rem; }
    input[type="text"], input[type="number"], select { font: inherit; padding: 0.25rem 0.4rem; border: 1px solid var(--attn-border);
      border-radius: 6px; background: var(--attn-bg); color: inherit; max-width: 100%; }
    input[type="number"] { width: 8rem; }
    :is(input, select)[aria-invalid="true"] { outline: 2px dashed var(--attn-error); }
    .note { font-size: calc(0.88 * var(--attn-em)); color: var(--attn-muted); }
    .decoded { font-family: var(--attn-mono); white-space: pre-wrap; background: var(--attn-surface); border: 1px solid var(--attn-border);
      border-radius: 6px; padding: 0.4rem 0.6rem; min-height: 2.2rem; }
    .decoded .prompt-text { color: var(--attn-muted); }
    .decoded .generated-text { font-weight: 700; }
    .decoded mark { background: var(--attn-involved); color: var(--attn-fg); outline: 2px solid var(--attn-involved-border);
      font-weight: 700; text-decoration: underline; }
    .summary, .chart-text, .work-line { font-size: calc(0.9 * var(--attn-em)); }
    .cache-maps { display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; align-items: flex-start; }
    ${figureTableCss('.decode-table')}
    .decode-table td.formula { font-family: var(--attn-font); color: var(--attn-muted); }
    .decode-table tr.total { font-weight: 700; }
    .next-table td.bar-cell { text-align: left; width: 6.2rem; padding-left: 0.2rem; }
    .end-line:empty { margin: 0; }
    .bar { display: inline-block; height: 0.7rem; background: var(--attn-accent); border-radius: 2px; vertical-align: middle; }
    /* Forced colours drop backgrounds: a probability bar is painted in the text's system colour. */
    @media (forced-colors: active) { .bar { background: CanvasText; } }
    .decode-charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 0.5rem 1.25rem; container-type: inline-size; }
    .decode-charts .chart-text { grid-column: 1 / -1; }
    .chart-box { position: relative; height: 240px; }
    /* One narrow column (a phone): the work chart's legend wraps to four lines, so the box grows
       to keep the plot as tall as beside its neighbour. */
    @container (max-width: 30rem) { .chart-box { height: 320px; } }
    .chart-box canvas { max-width: 100%; }
    @media (max-width: 480px) { .fields { grid-template-columns: minmax(0, 1fr); gap: 0.15rem; } .fields label { margin-top: 0.3rem; } }
  `);
  return sheet;
}
