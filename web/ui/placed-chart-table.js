// placed-chart-table.js — the "Show data as a table" row of a Chart.js chart, put in place before
// Chart.js loads (a widget not started yet: the row keeps its place, so nothing moves when the
// chart arrives), and taken by the chart made later on the same canvas.
//
//   placeChartTable(canvas, 'Loss against step');                       // in build()
//   this.table = chartTable(canvas, 'Loss against step', () => chart);   // in the chart wrapper

import { DataTable } from './data-table.js';
import { chartFigure } from './figure-export.js';

/** canvas → { table, holder }: the table placed for it, and how to reach its chart. */
const PLACED = new WeakMap();

/** Puts the data-table row for the chart to come on `canvas` after the canvas's box. */
export function placeChartTable(canvas, caption) {
  const holder = { chart: () => null };
  const table = new DataTable({ caption, figure: chartFigure(canvas, () => holder.chart()) });
  (canvas.parentElement ?? canvas).after(table.element);
  PLACED.set(canvas, { table, holder });
}

/** The chart's data table: the one placed for `canvas`, or a new one after the canvas's box.
 *  `chart()` gives the Chart.js chart (for the figure's downloads). */
export function chartTable(canvas, caption, chart) {
  if (!PLACED.has(canvas)) placeChartTable(canvas, caption);
  const placed = PLACED.get(canvas);
  placed.holder.chart = chart;
  return placed.table;
}
