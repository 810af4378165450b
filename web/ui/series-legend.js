// series-legend.js — legend entries that look like what they name, for the line charts
// (line-chart.js, log-chart.js). A series drawn as a line gets a short stretch of that line,
// dashed as the line is: the dash, not the colour alone, tells the series apart, so the sample
// has to show it (a box showed the dash only as a ragged outline, and a point shape not at all,
// on a line drawn without points). A series drawn as points only keeps its point's shape.
// chart-svg.js draws the same samples in an exported SVG.

/**
 * Chart.js's `plugins.legend.labels` options for a line chart.
 * @param {typeof import('chart.js').Chart} Chart  the Chart class (for its default labels)
 * @param {string} colour  the legend's text colour
 * @param {object} [more]  further label options (filter, sort, …)
 */
export function seriesLegendLabels(Chart, colour, more = {}) {
  return {
    color: colour,
    usePointStyle: true,
    pointStyleWidth: 28,
    generateLabels: (chart) => Chart.defaults.plugins.legend.labels.generateLabels(chart).map((item) => {
      const dataset = chart.data.datasets[item.datasetIndex];
      if (dataset.showLine === false) return item; // points only: the sample is the point
      return { ...item, pointStyle: 'line', lineDash: dataset.borderDash ?? [], lineWidth: dataset.borderWidth, strokeStyle: dataset.borderColor };
    }),
    ...more,
  };
}
