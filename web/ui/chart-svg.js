// chart-svg.js — a Chart.js chart as an SVG document: the same axes, ticks, grid, axis titles,
// series and legend, in vector form, with the figure's title above. It reads the layout Chart.js
// computed for the canvas (scales, element positions, legend boxes), so the file matches what the
// learner sees, whichever wrapper drew it (line-chart.js, log-chart.js, histogram-chart.js).
//
//   const text = chartSvg(chart, { title: 'Loss curves', colours: { bg, fg, grid, font } });

import { dashArray, group, svgDocument, tag } from './svg.js';


/** The colour a dataset draws with (a string; Chart.js also allows functions and gradients). */
const paint = (value, fallback) => (typeof value === 'string' ? value : fallback);

/** A coordinate to two decimals (what a file needs). */
const round = (v) => Math.round(v * 100) / 100;

/** The final position of a chart element (not a frame of an animation under way). */
const finalProps = (element, keys) => (element.getProps ? element.getProps(keys, true) : element);

/** One tick label as text (Chart.js allows an array of lines). */
const tickText = (label) => (Array.isArray(label) ? label.join(' ') : String(label ?? ''));

function axisMarks(scale, area, colours) {
  const marks = [];
  const horizontal = scale.isHorizontal();
  scale.ticks.forEach((tick, index) => {
    const at = scale.getPixelForTick(index);
    if (!Number.isFinite(at)) return;
    if (horizontal) {
      marks.push(tag('line', { x1: at, x2: at, y1: area.top, y2: area.bottom, stroke: colours.grid, 'stroke-width': 1 }));
      const text = tickText(tick.label);
      if (text) marks.push(tag('text', { x: at, y: area.bottom + 16, 'text-anchor': 'middle', 'font-size': 11, fill: colours.fg }, text));
    } else {
      marks.push(tag('line', { x1: area.left, x2: area.right, y1: at, y2: at, stroke: colours.grid, 'stroke-width': 1 }));
      const text = tickText(tick.label);
      if (text) marks.push(tag('text', { x: area.left - 6, y: at + 4, 'text-anchor': 'end', 'font-size': 11, fill: colours.fg }, text));
    }
  });
  const title = scale.options.title?.display ? tickText(scale.options.title.text) : '';
  if (title) {
    marks.push(horizontal
      ? tag('text', { x: (area.left + area.right) / 2, y: scale.bottom - 4, 'text-anchor': 'middle', 'font-size': 12, fill: colours.fg, class: 'axis-title' }, title)
      : tag('text', { x: 0, y: 0, transform: `translate(${scale.left + 12} ${(area.top + area.bottom) / 2}) rotate(-90)`, 'text-anchor': 'middle', 'font-size': 12, fill: colours.fg, class: 'axis-title' }, title));
  }
  return marks;
}

function seriesMarks(chart, index) {
  const meta = chart.getDatasetMeta(index);
  const dataset = chart.data.datasets[index];
  if (!chart.isDatasetVisible(index) || meta.hidden) return [];
  const colour = paint(dataset.borderColor, paint(dataset.backgroundColor, '#888'));
  const points = meta.data.map((element) => finalProps(element, ['x', 'y', 'base', 'width', 'skip']));
  if (meta.type === 'bar') {
    const fill = paint(dataset.backgroundColor, colour);
    return points.filter((p) => Number.isFinite(p.y) && Number.isFinite(p.base)).map((p) => tag('rect', {
      x: p.x - p.width / 2, y: Math.min(p.y, p.base), width: p.width, height: Math.abs(p.base - p.y), fill,
    }));
  }
  const drawn = points.filter((p) => !p.skip && Number.isFinite(p.x) && Number.isFinite(p.y));
  const marks = [];
  if (dataset.showLine !== false && drawn.length > 1) {
    marks.push(tag('polyline', {
      points: drawn.map((p) => `${round(p.x)},${round(p.y)}`).join(' '),
      fill: 'none', stroke: colour, 'stroke-width': dataset.borderWidth ?? 2, 'stroke-dasharray': dashArray(dataset.borderDash),
    }));
  }
  const radius = typeof dataset.pointRadius === 'number' ? dataset.pointRadius : 0;
  if (radius > 0) for (const p of drawn) marks.push(pointMark(dataset.pointStyle, p.x, p.y, radius, paint(dataset.backgroundColor, colour)));
  return marks;
}

/**
 * A point of radius r in one of Chart.js's point styles (a circle for any other style). A legend
 * sample is stretched to its width, as Chart.js stretches it: `halfWidth` is half of that width.
 */
function pointMark(style, x, y, r, fill, halfWidth = r) {
  const polygon = (corners) => tag('polygon', { points: corners.map(([cx, cy]) => `${round(x + cx)},${round(y + cy)}`).join(' '), fill });
  const side = r * Math.SQRT1_2;
  switch (style) {
    case 'rect': { const half = halfWidth === r ? side : halfWidth; return polygon([[-half, -side], [half, -side], [half, side], [-half, side]]); }
    case 'rectRot': return polygon([[0, -r], [halfWidth, 0], [0, r], [-halfWidth, 0]]);
    case 'triangle': return polygon([[0, -r], [halfWidth * 0.866, r / 2], [-halfWidth * 0.866, r / 2]]);
    default: return halfWidth === r ? tag('circle', { cx: round(x), cy: round(y), r: round(r), fill }) : tag('ellipse', { cx: round(x), cy: round(y), rx: round(halfWidth), ry: round(r), fill });
  }
}

function legendMarks(chart, colours) {
  const legend = chart.legend;
  if (!legend?.options?.display || !legend.legendItems) return [];
  return legend.legendItems.map((item, i) => {
    const box = legend.legendHitBoxes?.[i];
    if (!box || !item.text) return '';
    const colour = paint(item.strokeStyle, paint(item.fillStyle, colours.fg));
    const middle = box.top + box.height / 2;
    // A line chart's entries are a stretch of their line, dashed as it is, or the point of a
    // series of points (series-legend.js); others (a histogram's) a box.
    const usePointStyle = legend.options.labels.usePointStyle;
    const line = usePointStyle && item.pointStyle === 'line';
    const width = usePointStyle ? legend.options.labels.pointStyleWidth ?? 28 : 14;
    const sample = line
      ? tag('line', { x1: box.left, y1: middle, x2: box.left + width, y2: middle, stroke: colour, 'stroke-width': item.lineWidth ?? 2, 'stroke-dasharray': item.lineDash?.length ? item.lineDash.join(' ') : null })
      : usePointStyle
        ? pointMark(item.pointStyle, box.left + width / 2, middle, (legend.options.labels.boxHeight ?? 12) * Math.SQRT1_2, paint(item.fillStyle, colour), width / 2)
        : tag('rect', { x: box.left, y: middle - 5, width, height: 10, fill: paint(item.fillStyle, colour), stroke: colour });
    return group('g', {}, [
      sample,
      tag('text', { x: box.left + width + 6, y: middle + 4, 'font-size': 12, fill: colours.fg, 'text-decoration': item.hidden ? 'line-through' : null }, item.text),
    ]);
  });
}

/** The chart as an SVG document (text). colours: { bg, fg, grid, font } of the widget's theme. */
export function chartSvg(chart, { title, colours }) {
  const area = chart.chartArea;
  const clipId = 'plot-area';
  const body = [
    group('defs', {}, [group('clipPath', { id: clipId }, [tag('rect', { x: area.left, y: area.top, width: area.right - area.left, height: area.bottom - area.top })])]),
    ...Object.values(chart.scales).flatMap((scale) => axisMarks(scale, area, colours)),
    tag('rect', { x: area.left, y: area.top, width: area.right - area.left, height: area.bottom - area.top, fill: 'none', stroke: colours.grid }),
    // Chart.js's own drawing order: the sorted metas from last to first (a low `order` on top).
    group('g', { 'clip-path': `url(#${clipId})` }, chart.getSortedVisibleDatasetMetas().reverse().map((meta) => seriesMarks(chart, meta.index))),
    ...legendMarks(chart, colours),
  ];
  return svgDocument({ width: chart.width, height: chart.height, title, background: colours.bg, foreground: colours.fg, font: colours.font, body });
}

