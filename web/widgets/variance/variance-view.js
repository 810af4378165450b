// variance-view.js — the look of <attn-variance>: its stylesheet and the chart colours it reads
// from the --attn-* custom properties (so a course page's theme reaches the canvas too).

/** Bar, line, text and grid colours for HistogramChart, from the element's computed style. */
export function chartColours(element) {
  const style = getComputedStyle(element);
  const read = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  return {
    bar: translucent(read('--attn-accent', '#1d5fbf'), 0.55),
    line: read('--attn-involved-border', '#b7791f'),
    text: read('--attn-muted', '#5b6675'),
    grid: translucent(read('--attn-border', '#d5dae1'), 0.6),
  };
}

/** A colour as the browser computes a theme colour (rgb(r, g, b): they are registered as colours,
 *  theme.js), or #rrggbb / #rgb, with an alpha; any other colour is returned unchanged. */
function translucent(colour, alpha) {
  const rgb = colour.match(/^rgb\((\d+), (\d+), (\d+)\)$/);
  if (rgb) return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`;
  const hex = colour.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (!hex) return colour;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

let sheet = null;
export function varianceSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .fields { display: flex; flex-wrap: wrap; gap: 0.6rem 1.4rem; align-items: flex-start; margin: 0.6rem 0; }
    .field { display: flex; flex-direction: column; gap: 0.2rem; min-width: 9rem; max-width: 100%; }
    .field label { font-size: calc(0.85 * var(--attn-em)); font-weight: 600; }
    .field-row { display: flex; flex-wrap: wrap; gap: 0.35rem; align-items: center; }
    .field input { font: inherit; width: 8.5rem; padding: 0.25rem 0.4rem; border: 1px solid var(--attn-border);
                   border-radius: var(--attn-radius-small); background: var(--attn-bg); color: var(--attn-fg); }
    .field input[aria-invalid="true"] { border: 2px dashed var(--attn-error); }
    .field-error { font-size: calc(0.82 * var(--attn-em)); margin: 0; max-width: 22rem; }
    .field-error:empty { display: none; }
    .presets { display: inline-flex; flex-wrap: wrap; gap: 0.25rem; }
    .preset { padding: 0.2rem 0.55rem; font-size: calc(0.85 * var(--attn-em)); }
    .progress-row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; font-size: calc(0.9 * var(--attn-em)); margin: 0.4rem 0; }
    .progress-row[hidden] { display: none; }
    .progress-row progress { width: 12rem; max-width: 50vw; accent-color: var(--attn-accent); }
    .progress-text { font-family: var(--attn-mono); min-width: 3rem; }
    .progress-time { color: var(--attn-muted); min-width: 8rem; }
    .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr)); gap: 1rem; margin: 0.6rem 0; }
    figure.chart { margin: 0; min-width: 0; }
    figure.chart figcaption { font-weight: 600; font-size: calc(0.92 * var(--attn-em)); margin-bottom: 0.2rem; }
    .chart-box { position: relative; width: 100%; aspect-ratio: 1.5; } /* HistogramChart's aspect ratio: its place before it is drawn */
    .readout { font-size: calc(0.88 * var(--attn-em)); font-family: var(--attn-mono); overflow-wrap: anywhere; }
    .readout .pending { display: inline-block; text-align: center; }
    .panel { border-top: 1px solid var(--attn-border); margin-top: 1rem; padding-top: 0.4rem; }
    :is(h2, h3, h4, h5, h6):not(.widget-title) { margin: 0.4rem 0; font-size: var(--attn-em); }
    table.results { border-collapse: collapse; margin: 0.6rem 0; font-size: calc(0.9 * var(--attn-em)); }
    table.results caption { text-align: left; font-size: calc(0.85 * var(--attn-em)); color: var(--attn-muted); padding-bottom: 0.2rem; }
    table.results th, table.results td { border: 1px solid var(--attn-border); padding: 0.25rem 0.55rem; text-align: right; }
    table.results th[scope="row"], table.results thead th:first-child { text-align: left; }
    table.results th[scope="row"] { font-weight: 500; }
    table.results thead th { background: var(--attn-surface); font-weight: 600; }
    table.results thead th.verdict { background: var(--attn-surface); }
    table.results td { font-family: var(--attn-mono); white-space: nowrap; }
    .note, .why { font-size: calc(0.9 * var(--attn-em)); }
    .why { background: var(--attn-surface); border-left: 4px solid var(--attn-involved-border); padding: 0.4rem 0.7rem; }
    .status-line { font-size: calc(0.9 * var(--attn-em)); }
  `);
  return sheet;
}
