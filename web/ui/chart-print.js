// chart-print.js — Chart.js charts redrawn for paper. Chart.js does not resize a chart for
// printing by itself (its docs, "Printing Resizable Charts": resize on beforeprint): a chart drawn
// across a wide screen would be squeezed into the page's narrower text width, its lettering shrunk
// or its shape stretched. Before printing, every chart wider than PRINT_CHART_WIDTH is redrawn at
// that width (its height kept); after printing, each takes its box's size again. A chart also
// reads its text and grid colours once, when it is made: drawn in a dark scheme, its axes would
// print pale grey on white. While the page is in print media, each chart's text takes its
// canvas's print colour (black) and its grid the print theme's border colour; back on screen,
// the colours it had return. The three chart wrappers (line-chart.js, log-chart.js,
// histogram-chart.js) call this once Chart.js is loaded.

/** CSS pixels a chart may span on paper: an A4 or Letter page's text width (about 720 px at the
 *  browser's default margins) less a widget's padding and border, with room to spare. */
export const PRINT_CHART_WIDTH = 600;

let installed = false;
const screenColours = new WeakMap(); // chart → [[path in its options, the value it had]]

/** The object at `path` (all but the last key) in the chart's own options, and the last key:
 *  written there, not in chart.options, which Chart.js makes afresh (scales) at every update. */
function place(chart, path) {
  let object = chart.config.options;
  for (const key of path.slice(0, -1)) object = object?.[key];
  return [object, path.at(-1)];
}

/** Sets each chart's axis, title, grid and legend colours from its canvas's computed print style. */
function takePrintColours(chart) {
  const style = getComputedStyle(chart.canvas);
  const text = style.color, grid = style.getPropertyValue('--attn-border').trim();
  const kept = [];
  const set = (path, value) => {
    const [object, key] = place(chart, path);
    if (!object || !value || object[key] === undefined) return;
    kept.push([path, object[key]]);
    object[key] = value;
  };
  for (const id of Object.keys(chart.config.options.scales ?? {})) {
    set(['scales', id, 'ticks', 'color'], text);
    set(['scales', id, 'title', 'color'], text);
    set(['scales', id, 'grid', 'color'], grid);
  }
  set(['plugins', 'legend', 'labels', 'color'], text);
  screenColours.set(chart, kept);
  chart.update('none');
}

function giveBackScreenColours(chart) {
  for (const [path, value] of screenColours.get(chart) ?? []) {
    const [object, key] = place(chart, path);
    if (object) object[key] = value;
  }
  screenColours.delete(chart);
  chart.update('none');
}

/** Installs the print handlers once, for every chart `Chart` has made. */
export function fitChartsForPrint(Chart) {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const charts = () => Object.values(Chart.instances);
  window.addEventListener('beforeprint', () => {
    for (const chart of charts()) if (chart.width > PRINT_CHART_WIDTH) chart.resize(PRINT_CHART_WIDTH, chart.height);
  });
  window.addEventListener('afterprint', () => { for (const chart of charts()) chart.resize(); });
  // The print style is in force only while the media is print (beforeprint comes before it).
  matchMedia('print').addEventListener('change', ({ matches }) => {
    for (const chart of charts()) (matches ? takePrintColours : giveBackScreenColours)(chart);
  });
}
