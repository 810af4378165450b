// line-chart.js — a small wrapper over Chart.js for loss curves: named series of (x, y)
// points and horizontal reference lines. Chart.js is imported the first time `ready` is read
// (when the widget starts, i.e. once it is scrolled into view), so pages without a visible chart
// never load it.
//
//   const chart = new LineChart({ label: 'Loss', xTitle: 'step', yTitle: 'nats per character' });
//   (yRange: [0, 1] fixes the y axis instead of fitting it to the points; steps: 100 makes the x
//   axis a count of steps: from 0, whole numbers only, at least up to 100 while the points stop
//   short of it, so a chart of a model at step 0 does not read 0, 0.1 … 1 or −1 … 1)
//   host.append(chart.element);
//   await chart.ready;
//   chart.setSeries([{ name: 'training', colour: '#1d5fbf' }, ...]);
//   chart.add('training', [[1, 3.2], [2, 3.1]]);  chart.setLine('unigram', 2.88); chart.reset();

import { h } from './dom.js';
import { DataTable } from './data-table.js';
import { chartAnimation } from './motion.js';
import { chartFigure } from './figure-export.js';
import { seriesLegendLabels } from './series-legend.js';
import { fitChartsForPrint } from './chart-print.js';
import { inWidgetFont } from './chart-font.js';

export class LineChart {
  #ready = null;

  constructor({ label, xTitle = 'x', yTitle = 'y', yRange = null, steps = null }) {
    this.canvas = h('canvas', { role: 'img', 'aria-label': label });
    // Shaded (class "waiting") until Chart.js draws in it: the chart's place, kept from the start.
    const box = h('div', { className: 'line-chart waiting' }, this.canvas);
    // "Show data as a table" (data-table.js): every point of every series, from the datasets.
    this.table = new DataTable({ caption: `${label}: every point, by ${xTitle}`, figure: chartFigure(this.canvas, () => this.chart) });
    this.element = h('div', { className: 'line-chart-view' }, box, this.table.element);
    this.series = new Map();
    this.titles = { xTitle, yTitle };
    this.yRange = yRange;
    this.steps = steps;
  }

  /** Resolves once Chart.js is loaded and the chart exists (the first read starts the load). */
  get ready() {
    const { xTitle, yTitle } = this.titles;
    const box = this.canvas.parentElement;
    this.#ready ??= import('chart.js/auto').then(({ default: Chart }) => {
      fitChartsForPrint(Chart);
      // Text and grid in the widget's colours (--attn-*), so both themes read.
      const styles = getComputedStyle(this.canvas);
      const colour = (name, fallback) => styles.getPropertyValue(name).trim() || fallback;
      // Text in the canvas's text colour (--attn-fg; CanvasText in forced colours, as in heatmap.js).
      const fg = styles.color || '#1c2430', grid = colour('--attn-border', '#d5dae1');
      const axis = (text) => ({ type: 'linear', title: { display: true, text, color: fg }, ticks: { color: fg }, grid: { color: grid } });
      const stepAxis = this.steps === null ? {} : { min: 0, suggestedMax: this.steps, ticks: { color: fg, precision: 0 } };
      this.chart = new Chart(this.canvas, {
        type: 'line',
        data: { datasets: [] },
        options: inWidgetFont({
          animation: chartAnimation(this.canvas),
          responsive: true,
          maintainAspectRatio: false,
          parsing: false,
          normalized: true,
          interaction: { mode: 'nearest', intersect: false },
          scales: { x: { ...axis(xTitle), ...stepAxis }, y: { ...axis(yTitle), ...(this.yRange ? { min: this.yRange[0], max: this.yRange[1] } : {}) } },
          plugins: {
            legend: {
              position: 'bottom',
              // Each entry's sample is a short stretch of its line, dashed when the line is
              // (series-legend.js); the legend keeps the declared order (a series drawn in front
              // does not move first).
              labels: seriesLegendLabels(Chart, fg, { sort: (a, b) => a.datasetIndex - b.datasetIndex }),
            },
          },
        }, this.canvas),
      });
      box.classList.remove('waiting');
    });
    return this.#ready;
  }

  /** Declares the series (in legend order): { name, colour, dashed, line (horizontal), points
   *  (dots at the points), front (drawn over the others) }. */
  setSeries(list) {
    this.series = new Map(list.map((s, i) => [s.name, i]));
    if (!this.chart) return;
    this.chart.data.datasets = list.map((s) => ({
      label: s.name, data: [], borderColor: s.colour, backgroundColor: s.colour,
      borderDash: s.dashed ? [6, 4] : [], pointRadius: s.points ? 2 : 0, borderWidth: s.line ? 1.5 : 2,
      tension: 0, order: s.front ? -1 : 0,
      clip: 4, // a line along the top or bottom of a fixed range stays whole
    }));
    this.chart.update();
    this.#fillTable();
  }

  /** Appends [x, y] points to a series. */
  add(name, points) {
    const dataset = this.#dataset(name);
    if (!dataset) return;
    for (const [x, y] of points) {
      if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error(`LineChart.add: (${x}, ${y}) is not a finite point.`);
      dataset.data.push({ x, y });
    }
    this.#extendLines();
    this.chart.update('none');
    this.#fillTable();
  }

  /** A horizontal line at y across the plotted x range (null hides it). */
  setLine(name, y) {
    const dataset = this.#dataset(name);
    if (!dataset) return;
    dataset.horizontal = y;
    this.#extendLines();
    this.chart.update('none');
    this.#fillTable();
  }

  /** Number of points in a series (what tests and readouts count). */
  count(name) { return this.#dataset(name)?.data.length ?? 0; }

  /** A step axis that runs from 0 to at least `steps` (a chart made with `steps`). */
  setSteps(steps) {
    this.steps = steps;
    if (this.chart?.options.scales.x.suggestedMax !== undefined) this.chart.options.scales.x.suggestedMax = steps;
  }

  reset() {
    if (!this.chart) return;
    for (const dataset of this.chart.data.datasets) dataset.data = [];
    this.chart.update('none');
    this.#fillTable();
  }

  /** The table view: the curves' points by x, the horizontal lines as single values. */
  #fillTable() {
    const datasets = this.chart.data.datasets;
    this.table.setSeries({
      x: { label: this.titles.xTitle },
      series: datasets.filter((d) => d.horizontal === undefined).map((d) => ({ label: d.label, points: d.data })),
      notes: datasets.filter((d) => d.horizontal !== undefined && d.horizontal !== null).map((d) => ({ label: d.label, value: d.horizontal })),
    });
  }

  #dataset(name) {
    const index = this.series.get(name);
    return index === undefined || !this.chart ? null : this.chart.data.datasets[index];
  }

  #extendLines() {
    let maxX = this.steps ?? 1; // across the whole step axis, even before the points reach its end
    for (const d of this.chart.data.datasets) if (d.horizontal === undefined && d.data.length) maxX = Math.max(maxX, d.data[d.data.length - 1].x);
    for (const d of this.chart.data.datasets) {
      if (d.horizontal === undefined) continue;
      d.data = d.horizontal === null ? [] : [{ x: 0, y: d.horizontal }, { x: maxX, y: d.horizontal }];
    }
  }
}
