// cross-styles.js — <attn-cross>'s own styles (the shared ones are ui/widget-styles.js).

import { figureTableCss } from '../../ui/figure-table-css.js';

let sheet = null;

export function crossSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    :is(h2, h3, h4, h5, h6):not(.widget-title) { margin: 1rem 0 0.3rem; font-size: calc(0.95 * var(--attn-em)); }
    .modes { border: 1px solid var(--attn-border); border-radius: 6px; display: flex; flex-wrap: wrap; gap: 0.3rem 1.2rem; padding: 0.4rem 0.8rem 0.6rem; }
    .modes legend { font-weight: 700; padding: 0 0.3rem; }
    .fields { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.4rem 0.8rem; align-items: center; max-width: 38rem; margin: 0.6rem 0; }
    input[type="text"], input[type="number"] { font: inherit; padding: 0.25rem 0.4rem; border: 1px solid var(--attn-border);
      border-radius: 6px; background: var(--attn-bg); color: inherit; max-width: 100%; min-width: 0; }
    input[type="number"] { width: 8rem; }
    input[disabled] { opacity: 0.55; }
    input[aria-invalid="true"] { outline: 2px dashed var(--attn-error); }
    .note { font-size: calc(0.88 * var(--attn-em)); color: var(--attn-muted); }
    .mono { font-family: var(--attn-mono); }
    .diagram { margin: 0.6rem 0; padding: 0.5rem 0.7rem; background: var(--attn-surface); border: 1px solid var(--attn-border); border-radius: 8px; }
    .diagram figcaption { font-weight: 700; margin-top: 0.3rem; }
    .diagram-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.35rem 0.5rem; margin: 0.25rem 0; }
    .box { border: 1px solid var(--attn-border); background: var(--attn-bg); border-radius: 6px; padding: 0.15rem 0.5rem; }
    .box-label { font-size: calc(0.78 * var(--attn-em)); color: var(--attn-muted); }
    .box-text { font-family: var(--attn-mono); }
    .arrow, .plus { font-weight: 700; }
    .role { font-family: var(--attn-mono); font-weight: 700; min-width: 1.8rem; text-align: center; border-radius: 4px; padding: 0.05rem 0.35rem; }
    .role.q { border: 2px solid var(--attn-accent); }
    .role.k { border: 2px dashed var(--attn-fg); }
    .role.v { border: 3px double var(--attn-fg); }
    ${figureTableCss('.cross-table')}
    @media print { .cross-table td.word { overflow-wrap: anywhere; } } /* paper: a word of up to 60 characters breaks, not the page */
    .step-line { font-size: calc(0.9 * var(--attn-em)); }
    .toolbar[hidden], .maps[hidden] { display: none; }
    .maps { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: flex-start; }
    @media (max-width: 480px) { .fields { grid-template-columns: minmax(0, 1fr); gap: 0.15rem; } .fields label { margin-top: 0.3rem; } }
  `);
  return sheet;
}
