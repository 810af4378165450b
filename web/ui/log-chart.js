// log-chart.js — a small wrapper around Chart.js for line charts on log–log axes (the §6.6 cost
// plots). Chart.js is imported dynamically, on the first chart, so pages without charts never
// load it. Each series also differs by its dash pattern (a series of points only, by its point's
// shape), and its legend sample shows that dash or shape: never colour alone.
//
//   const chart = await LogChart.create(canvas, { xTitle: 'N', yTitle: 'multiply-adds',
//     series: [{ id: 'total', label: 'total' }, …] });
//   chart.setSeries('total', [{ x: 16, y: 1e6 }, …]);   // x and y must be positive
//   chart.setMarker({ x: 1024, label: 'crossover N = 1,024' });
//   chart.draw();
//   chart.destroy();

import { chartTable } from './placed-chart-table.js';
import { chartAnimation } from './motion.js';
import { seriesLegendLabels } from './series-legend.js';
import { fitChartsForPrint } from './chart-print.js';
import { inWidgetFont } from './chart-font.js';

let chartModule = null;

/** Chart.js's tree-shaken parts, loaded once. */
function loadChartJs() {
  chartModule ??= import('chart.js').then(({ Chart, LineController, LineElement, PointElement,
    LogarithmicScale, Legend, Tooltip }) => {
    Chart.register(LineController, LineElement, PointElement, LogarithmicScale, Legend, Tooltip);
    fitChartsForPrint(Chart);
    return Chart;
  });
  return chartModule;
}

const DASHES = [[], [6, 4], [2, 3], [10, 3, 2, 3], [1, 0]];
const POINTS = ['circle', 'rect', 'triangle', 'rectRot', 'cross'];

export class LogChart {
  /**
   * @param {HTMLCanvasElement} canvas   must already be in the document (for its colours)
   * @param {object} o
   * @param {string} o.xTitle, o.yTitle  axis titles
   * @param {{id: string, label: string, colour?: string}[]} o.series
   * @param {(x:number)=>string} [o.formatX], [o.formatY]  tick and tooltip labels
   * @param {string} [o.xName='N']  the x variable as a tooltip names it ("N = 1,024")
   */
  static async create(canvas, options) {
    const Chart = await loadChartJs();
    return new LogChart(Chart, canvas, options);
  }

  constructor(Chart, canvas, { xTitle, yTitle, series, formatX = String, formatY = String, tableCaption = `${yTitle} against ${xTitle}`, xName = 'N' }) {
    this.titles = { xTitle, yTitle };
    this.format = { x: formatX, y: formatY };
    // "Show data as a table" (data-table.js), after the canvas's box; draw() fills it.
    // (a row placed before, by placeChartTable, is taken as it is)
    this.table = chartTable(canvas, tableCaption, () => this.chart);
    const styles = getComputedStyle(canvas);
    const colour = (name, fallback) => styles.getPropertyValue(name).trim() || fallback;
    // Text in the canvas's text colour (--attn-fg; CanvasText in forced colours, as in heatmap.js).
    const fg = styles.color || '#1c2430', grid = colour('--attn-border', '#d5dae1');
    // On a dark background (a light text colour) the lighter shades keep a 3:1 contrast.
    const dark = luminance(fg) > 0.5;
    const palette = [colour('--attn-accent', '#1d5fbf'), ...(dark ? ['#fb923c', '#4ade80', '#c084fc'] : ['#c2410c', '#15803d', '#7e22ce']), fg];
    this.ids = series.map((s) => s.id);
    const datasets = series.map((s, i) => ({
      label: s.label,
      data: [],
      borderColor: s.colour ?? palette[i % palette.length],
      backgroundColor: s.colour ?? palette[i % palette.length],
      borderDash: DASHES[i % DASHES.length],
      pointStyle: POINTS[i % POINTS.length],
      pointRadius: s.points ?? 0,
      borderWidth: 2,
      showLine: s.line ?? true,
      tension: 0,
    }));
    datasets.push({ label: '', data: [], borderColor: fg, backgroundColor: fg, borderDash: [3, 3],
      borderWidth: 1.5, pointRadius: 0, showLine: true });
    const axis = (title, format) => ({
      type: 'logarithmic',
      title: { display: true, text: title, color: fg },
      ticks: { color: fg, callback: (value) => (isPowerOfTen(value) || isPowerOfTwo(value) ? format(value) : ''), autoSkip: true, maxRotation: 0 },
      grid: { color: grid },
    });
    this.chart = new Chart(canvas, {
      type: 'line',
      data: { datasets },
      options: inWidgetFont({
        animation: chartAnimation(canvas),
        parsing: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'nearest', intersect: false },
        scales: { x: axis(xTitle, formatX), y: axis(yTitle, formatY) },
        plugins: {
          // A line's sample is a stretch of it, dashed as it is; a series of points only, its point
          // (series-legend.js). The marker's entry is hidden while it has no label.
          legend: { labels: seriesLegendLabels(Chart, fg, { filter: (item) => item.text !== '' }) },
          tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label}: ${xName} = ${formatX(ctx.parsed.x)}, ${formatY(ctx.parsed.y)}` } },
        },
      }, canvas),
    });
  }

  /** Replaces one series' points ({x, y}, both positive). */
  setSeries(id, points) {
    const index = this.ids.indexOf(id);
    if (index < 0) throw new Error(`LogChart: no series named ${id}`);
    for (const p of points) {
      if (!(p.x > 0 && p.y > 0)) throw new Error(`LogChart: series ${id} has a point that is not positive on a log axis`);
    }
    this.chart.data.datasets[index].data = points.map((p) => ({ x: p.x, y: p.y }));
  }

  /** Renames the y axis and, by id, series: { yTitle, labels: { id: label } } (the next draw() shows them). */
  retitle({ yTitle, labels = {} }) {
    if (yTitle) {
      this.titles.yTitle = yTitle;
      this.chart.options.scales.y.title.text = yTitle;
      this.tableCaption = `${yTitle} against ${this.titles.xTitle}`;
    }
    for (const [id, label] of Object.entries(labels)) this.chart.data.datasets[this.ids.indexOf(id)].label = label;
  }

  /** A dashed vertical line at x across the plotted range, named `label` in the legend ('' hides it). */
  setMarker({ x, label }) {
    const marker = this.chart.data.datasets.at(-1);
    const ys = this.chart.data.datasets.slice(0, -1).flatMap((d) => d.data.map((p) => p.y));
    if (!(x > 0) || ys.length === 0) { marker.data = []; marker.label = ''; return; }
    marker.data = [{ x, y: Math.min(...ys) }, { x, y: Math.max(...ys) }];
    marker.label = label;
  }

  draw() {
    this.chart.update('none');
    const datasets = this.chart.data.datasets;
    const marker = datasets.at(-1);
    this.table.setSeries({
      x: { label: this.titles.xTitle },
      series: datasets.slice(0, -1).map((d) => ({ label: d.label, points: d.data })),
      notes: marker.data.length ? [{ label: marker.label, value: marker.data[0].x }] : [],
      caption: this.tableCaption, // set by retitle(); else the caption stays
    });
  }

  destroy() {
    this.chart.destroy();
  }
}

/** Relative luminance (0 black … 1 white) of a #rgb, #rrggbb or rgb() colour; 0 for anything else. */
function luminance(colour) {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  const full = hex?.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  // a computed colour is rgb(r, g, b)
  const channels = full ? [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16))
    : /^rgba?\(/.test(colour) ? colour.match(/[\d.]+/g).slice(0, 3).map(Number) : null;
  if (!channels) return 0;
  const [r, g, b] = channels.map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function isPowerOfTen(v) {
  const l = Math.log10(v);
  return Math.abs(l - Math.round(l)) < 1e-9;
}

function isPowerOfTwo(v) {
  const l = Math.log2(v);
  return v < 1e6 && Math.abs(l - Math.round(l)) < 1e-9 && Math.round(l) % 2 === 0;
}
