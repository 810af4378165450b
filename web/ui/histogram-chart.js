// histogram-chart.js — a histogram drawn with Chart.js, with the density a measurement should
// follow drawn over it as a line. Chart.js is imported on first use (and only its bar and line
// parts), so a page without charts never loads it.
//
//   const chart = await HistogramChart.create(canvas, { xLabel: 'score q·k', colours });
//   chart.update({ edges, counts, density: (x) => normalPdf(x, 0, dk), densityLabel: 'N(0, d_k)' });
//   chart.destroy();
//
// Bars are counts turned into a density (count ÷ (total · bin width)), so bars and curve share
// one y axis whatever the number of draws. The canvas gets role="img" and an aria-label the
// caller writes; numbers a learner needs are printed beside the chart as text, not only drawn,
// and a "Show data as a table" view (data-table.js, placed after the canvas's box) lists every
// bin: its edges, its count, the bar's height and the curve's value at the bin centre.

import { chartTable } from './placed-chart-table.js';
import { chartAnimation } from './motion.js';
import { fitChartsForPrint } from './chart-print.js';
import { inWidgetFont } from './chart-font.js';

let chartModule = null;

/** Chart.js with just the parts a histogram needs, registered once. */
function loadChartJs() {
  chartModule ??= import('chart.js').then((m) => {
    m.Chart.register(m.BarController, m.BarElement, m.LineController, m.LineElement, m.PointElement,
      m.LinearScale, m.Legend, m.Tooltip);
    fitChartsForPrint(m.Chart);
    return m.Chart;
  }).catch((error) => {
    chartModule = null; // let a later call try again
    throw error;
  });
  return chartModule;
}

/** A number for an axis tick: at most 3 significant figures, with a true minus sign. */
function tick(x) {
  return String(Number(x.toPrecision(3))).replace('-', '\u2212');
}

export class HistogramChart {
  /**
   * @param {HTMLCanvasElement} canvas  already in the document, inside a sized container
   * @param {object} o
   * @param {string} o.xLabel          the x axis title
   * @param {string} [o.barLabel]      the bars' legend entry
   * @param {{ bar: string, line: string, text: string, grid: string }} o.colours
   */
  static async create(canvas, options) {
    const Chart = await loadChartJs();
    return new HistogramChart(Chart, canvas, options);
  }

  constructor(Chart, canvas, { xLabel, barLabel = 'measured', colours, tableCaption = `Histogram of ${xLabel}` }) {
    if (!(canvas instanceof HTMLCanvasElement)) throw new TypeError('HistogramChart needs a canvas element.');
    this.canvas = canvas;
    this.xLabel = xLabel;
    this.barLabel = barLabel;
    canvas.setAttribute('role', 'img');
    // (a row placed before, by placeChartTable, is taken as it is)
    this.table = chartTable(canvas, tableCaption, () => this.chart);
    const { bar, line, text, grid } = colours;
    this.chart = new Chart(canvas, {
      data: {
        datasets: [
          { type: 'bar', label: barLabel, data: [], backgroundColor: bar, borderWidth: 0, barPercentage: 1, categoryPercentage: 1, order: 2 },
          { type: 'line', label: 'density', data: [], borderColor: line, borderWidth: 2, pointRadius: 0, tension: 0.3, fill: false, order: 1 },
        ],
      },
      options: inWidgetFont({
        animation: chartAnimation(canvas),
        responsive: true,
        maintainAspectRatio: true,
        aspectRatio: 1.5,
        interaction: { mode: 'nearest', axis: 'x', intersect: false },
        plugins: {
          // A histogram drawn without a density has no curve to name: no legend entry for it
          // (Chart.js would list it struck through, as if the reader had hidden it).
          legend: { labels: { color: text, boxWidth: 14, filter: (item, data) => data.datasets[item.datasetIndex].data.length > 0 } },
          tooltip: { callbacks: { title: (items) => `score ${tick(items[0].parsed.x)}`, label: (item) => `${item.dataset.label}: ${tick(item.parsed.y)}` } },
        },
        scales: {
          x: { type: 'linear', title: { display: true, text: xLabel, color: text }, ticks: { color: text, maxRotation: 0, includeBounds: false, callback: (v) => tick(Number(v)) }, grid: { color: grid } },
          y: { title: { display: true, text: 'density', color: text }, ticks: { color: text, callback: (v) => tick(Number(v)) }, grid: { color: grid }, beginAtZero: true },
        },
      }, canvas),
    });
  }

  /**
   * Draws a new histogram.
   * @param {object} o
   * @param {ArrayLike<number>} o.edges   BINS + 1 increasing bin edges
   * @param {ArrayLike<number>} o.counts  BINS counts
   * @param {number} o.total              the number of draws (counts may miss a few outside the edges)
   * @param {(x: number) => number} [o.density]  drawn as a line at every bin centre
   * @param {string} [o.densityLabel]
   * @param {string} [o.description]      the canvas's accessible name
   */
  update({ edges, counts, total, density, densityLabel = 'density', description }) {
    const bins = counts.length;
    if (edges.length !== bins + 1) throw new RangeError(`A histogram of ${bins} bins needs ${bins + 1} edges, not ${edges.length}.`);
    if (!(total > 0)) throw new RangeError('A histogram needs a positive total.');
    const heights = [], curve = [];
    for (let b = 0; b < bins; b++) {
      const width = edges[b + 1] - edges[b];
      heights.push({ x: (edges[b] + edges[b + 1]) / 2, y: counts[b] / (total * width) });
    }
    if (density) {
      // Four points a bin, edge to edge, so the curve is smooth; the third is the bin's centre
      // (the bar's x), which the data table reads.
      for (let b = 0; b < bins; b++) {
        const width = edges[b + 1] - edges[b];
        for (let k = 0; k < 4; k++) {
          const x = k === 2 ? heights[b].x : edges[b] + (width * k) / 4;
          curve.push({ x, y: density(x) });
        }
      }
      curve.push({ x: edges[bins], y: density(edges[bins]) });
    }
    const [bars, line] = this.chart.data.datasets;
    this.chart.options.scales.x.min = edges[0];
    this.chart.options.scales.x.max = edges[bins];
    bars.data = heights;
    line.data = curve;
    line.label = densityLabel;
    line.hidden = !density;
    this.chart.update();
    if (description) this.canvas.setAttribute('aria-label', description);
    this.table.set({
      columns: [{ label: `bin centre (${this.xLabel})` }, { label: 'from' }, { label: 'to' }, { label: 'count' },
        { label: `${this.barLabel} density` }, ...(density ? [{ label: densityLabel }] : [])],
      rows: heights.map((bar, b) => [bar.x, edges[b], edges[b + 1], counts[b], bar.y, ...(density ? [curve[4 * b + 2].y] : [])]),
      notes: [{ label: 'total draws', value: total }],
    });
  }

  destroy() {
    this.chart.destroy();
  }
}

/** The normal density N(mean, variance) at x. */
export function normalDensity(x, mean = 0, variance = 1) {
  return Math.exp(-((x - mean) ** 2) / (2 * variance)) / Math.sqrt(2 * Math.PI * variance);
}
