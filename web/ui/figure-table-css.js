// figure-table-css.js — the CSS of a small table of figures (a caption, row headers on the left,
// numbers right-aligned in the monospace font) in a sideways-scrolling box, shared by the
// widgets that print such tables in their own sheets: figureTableCss('.decode-table').

export function figureTableCss(table) {
  return `
    .table-scroll { max-width: 100%; overflow-x: auto; }
    ${table} { border-collapse: collapse; font-size: calc(0.88 * var(--attn-em)); margin: 0.4rem 0; }
    ${table} caption { text-align: left; color: var(--attn-muted); padding-bottom: 0.2rem; }
    ${table} th, ${table} td { border-bottom: 1px solid var(--attn-border); padding: 0.2rem 0.6rem; text-align: right; white-space: nowrap; }
    ${table} th[scope="row"] { text-align: left; font-weight: 500; }
    ${table} td { font-family: var(--attn-mono); }`;
}
