// chart-print.js — Chart.js charts redrawn to fit on paper. Chart.js does not resize a chart for
// printing by itself (its docs, "Printing Resizable Charts": resize on beforeprint): a chart drawn
// across a wide screen would be squeezed into the page's narrower text width, its lettering shrunk
// or its shape stretched. Before printing, every chart wider than PRINT_CHART_WIDTH is redrawn at
// that width (its height kept); after printing, each takes its box's size again. The three chart
// wrappers (line-chart.js, log-chart.js, histogram-chart.js) call this once Chart.js is loaded.

/** CSS pixels a chart may span on paper: an A4 or Letter page's text width (about 720 px at the
 *  browser's default margins) less a widget's padding and border, with room to spare. */
export const PRINT_CHART_WIDTH = 600;

let installed = false;

/** Installs the beforeprint / afterprint handlers once, for every chart `Chart` has made. */
export function fitChartsForPrint(Chart) {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const charts = () => Object.values(Chart.instances);
  window.addEventListener('beforeprint', () => {
    for (const chart of charts()) if (chart.width > PRINT_CHART_WIDTH) chart.resize(PRINT_CHART_WIDTH, chart.height);
  });
  window.addEventListener('afterprint', () => { for (const chart of charts()) chart.resize(); });
}
