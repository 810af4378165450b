// chart-font.js — a Chart.js chart's text in the widget's font (--attn-font, as its canvas computes
// it) instead of Chart.js's own default (Helvetica Neue): the axes' ticks and titles, the legend
// and the tooltips. Only the family: the sizes stay Chart.js's. Read when the chart is made, as its
// colours are (line-chart.js, log-chart.js, histogram-chart.js).
//
//   new Chart(canvas, { type: 'line', data, options: inWidgetFont({ scales: { x, y }, plugins }, canvas) });

/** `options` (Chart.js's, with its scales and plugins), each text in the family `canvas` computes. */
export function inWidgetFont(options, canvas) {
  const font = { family: getComputedStyle(canvas).fontFamily || 'system-ui, sans-serif' };
  for (const scale of Object.values(options.scales ?? {})) {
    scale.ticks = { ...scale.ticks, font };
    scale.title = { ...scale.title, font };
  }
  const plugins = options.plugins ?? {};
  options.plugins = {
    ...plugins,
    legend: { ...plugins.legend, labels: { ...plugins.legend?.labels, font } },
    tooltip: { ...plugins.tooltip, titleFont: font, bodyFont: font, footerFont: font },
  };
  return options;
}
