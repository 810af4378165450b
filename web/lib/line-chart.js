// line-chart.js — a small wrapper over Chart.js for loss curves: named series of (x, y)
// points and horizontal reference lines. Chart.js is imported the first time `ready` is read
// (when the widget starts, i.e. once it is scrolled into view), so pages without a visible chart
// never load it.
//
//   const chart = new LineChart({ label: 'Loss', xTitle: 'step', yTitle: 'nats per character' });
//   host.append(chart.element);
//   await chart.ready;
//   chart.setSeries([{ name: 'training', colour: '#1d5fbf' }, ...]);
//   chart.add('training', [[1, 3.2], [2, 3.1]]);  chart.setLine('unigram', 2.88); chart.reset();

import { h } from './dom.js';

export class LineChart {
  #ready = null;

  constructor({ label, xTitle = 'x', yTitle = 'y' }) {
    this.canvas = h('canvas', { role: 'img', 'aria-label': label });
    this.element = h('div', { className: 'line-chart' }, this.canvas);
    this.series = new Map();
    this.titles = { xTitle, yTitle };
  }

  /** Resolves once Chart.js is loaded and the chart exists (the first read starts the load). */
  get ready() {
    const { xTitle, yTitle } = this.titles;
    this.#ready ??= import('chart.js/auto').then(({ default: Chart }) => {
      this.chart = new Chart(this.canvas, {
        type: 'line',
        data: { datasets: [] },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          parsing: false,
          normalized: true,
          interaction: { mode: 'nearest', intersect: false },
          scales: {
            x: { type: 'linear', title: { display: true, text: xTitle } },
            y: { type: 'linear', title: { display: true, text: yTitle } },
          },
          plugins: { legend: { position: 'bottom' } },
        },
      });
    });
    return this.#ready;
  }

  /** Declares the series (in legend order): { name, colour, dashed, line } (line: horizontal). */
  setSeries(list) {
    this.series = new Map(list.map((s, i) => [s.name, i]));
    if (!this.chart) return;
    this.chart.data.datasets = list.map((s) => ({
      label: s.name, data: [], borderColor: s.colour, backgroundColor: s.colour,
      borderDash: s.dashed ? [6, 4] : [], pointRadius: s.points ? 2 : 0, borderWidth: s.line ? 1.5 : 2,
      tension: 0,
    }));
    this.chart.update();
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
  }

  /** A horizontal line at y across the plotted x range (null hides it). */
  setLine(name, y) {
    const dataset = this.#dataset(name);
    if (!dataset) return;
    dataset.horizontal = y;
    this.#extendLines();
    this.chart.update('none');
  }

  /** Number of points in a series (what tests and readouts count). */
  count(name) { return this.#dataset(name)?.data.length ?? 0; }

  reset() {
    if (!this.chart) return;
    for (const dataset of this.chart.data.datasets) dataset.data = [];
    this.chart.update('none');
  }

  #dataset(name) {
    const index = this.series.get(name);
    return index === undefined || !this.chart ? null : this.chart.data.datasets[index];
  }

  #extendLines() {
    let maxX = 1;
    for (const d of this.chart.data.datasets) if (d.horizontal === undefined && d.data.length) maxX = Math.max(maxX, d.data[d.data.length - 1].x);
    for (const d of this.chart.data.datasets) {
      if (d.horizontal === undefined) continue;
      d.data = d.horizontal === null ? [] : [{ x: 0, y: d.horizontal }, { x: maxX, y: d.horizontal }];
    }
  }
}
