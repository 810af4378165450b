// editor-report.js — the stylesheet of <attn-editor> (results, out of date marks, the training
// readout) and how it shows an error with its line. The check's report is check-report.js's.
// Text only (learner-derived strings are set as text, never as markup).

import { h } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';

const css = `
:host {
  --attn-code-comment: #5b6675; --attn-code-keyword: #8a2be2; --attn-code-number: #116329;
  --attn-code-string: #a3390d; --attn-code-definition: #1d4ed8; --attn-code-property: #0b6e75;
}
@media (prefers-color-scheme: dark) {
  :host {
    --attn-code-comment: #9aa4b2; --attn-code-keyword: #d2a8ff; --attn-code-number: #7ee787;
    --attn-code-string: #ffa657; --attn-code-definition: #79c0ff; --attn-code-property: #56d4dd;
  }
}
.toolbar { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.5rem 0; }
.toolbar[hidden] { display: none; }
.toolbar .label { color: var(--attn-muted); margin-right: 0.2rem; }
/* As tall as what it holds (the preview, then the editor): no reserved height, so a short text leaves no gap under it. */
.editor-host { margin: 0.5rem 0; }
.editor-host .cm-editor { max-width: 100%; }
/* The code before the editor loads, as the editor will show it (its font, lines, gutter and cap). */
.code-preview { margin: 0; font-family: var(--attn-mono); font-size: calc(0.9 * var(--attn-em)); line-height: 1.4; white-space: pre-wrap;
  overflow-wrap: anywhere; max-height: 28rem; overflow: hidden; padding: 4px 8px 4px 46px; border: 1px solid var(--attn-border);
  border-radius: 6px; background: linear-gradient(to right, var(--attn-surface) 38px, var(--attn-bg) 38px); color: var(--attn-muted); }
.verdict { font-weight: 600; }
.verdict.pass::before { content: "✓ "; }
.verdict.fail::before { content: "✗ "; }
.verdict.fail, .error { color: var(--attn-error); }
.first-failure { border-left: 4px solid var(--attn-error); background: var(--attn-surface); padding: 0.4rem 0.6rem; border-radius: 4px; overflow-wrap: anywhere; }
.diagnosis { border-left: 4px solid var(--attn-involved-border); background: var(--attn-involved); padding: 0.4rem 0.6rem; border-radius: 4px; }
table.cases { border-collapse: collapse; font-size: calc(0.85 * var(--attn-em)); width: 100%; margin: 0.4rem 0; }
table.cases th, table.cases td { border: 1px solid var(--attn-border); padding: 0.2rem 0.4rem; text-align: left; vertical-align: top; }
table.cases td.num { font-family: var(--attn-mono); white-space: nowrap; }
.ops { font-size: calc(0.85 * var(--attn-em)); }
.ops code { font-family: var(--attn-mono); }
.results { overflow-x: auto; }
.result.stale { border: 2px dashed var(--attn-involved-border); border-radius: 6px; padding: 0 0.4rem 0.2rem; }
.stale-note { font-weight: 600; border-left: 4px solid var(--attn-involved-border); background: var(--attn-involved); padding: 0.3rem 0.6rem; border-radius: 4px; }
.stale-note::before { content: "⚠ "; }
.train-readout { border: 1px solid var(--attn-border); border-radius: 6px; padding: 0.2rem 0.7rem; margin: 0.4rem 0; }
.race .line-chart { position: relative; height: 260px; width: 100%; }
.race-summary { font-weight: 600; }
.train-readout .readout { font-family: var(--attn-mono); font-size: calc(0.88 * var(--attn-em)); overflow-wrap: anywhere; }
.loss-note { border-left: 4px solid var(--attn-error); background: var(--attn-surface); padding: 0.4rem 0.6rem; border-radius: 4px; }
.loss-note strong { color: var(--attn-error); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
button.small { padding: 0.05rem 0.45rem; font-size: 0.85em; }
@media (max-width: 560px) {
  table.cases td.num { white-space: normal; }
  table.cases, table.cases tbody, table.cases tr, table.cases td { display: block; width: 100%; }
  table.cases thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.cases tr { margin-bottom: 0.5rem; border: 1px solid var(--attn-border); border-radius: 4px; }
  table.cases td { border: none; }
  table.cases td::before { content: attr(data-label) ": "; color: var(--attn-muted); }
}
`;

let sheet = null;
export function editorSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  return sheet;
}

/** An error with a button that selects its line in the editor. */
export function errorNode(error, onLine) {
  return h('span', { className: 'error' }, error.message,
    error.line && onLine ? [' ', actionButton({ className: 'secondary small', onclick: () => onLine(error.line) }, `Go to line ${error.line}`)] : null);
}
