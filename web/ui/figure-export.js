// figure-export.js — the downloads every chart and heatmap offers beside "Show data as a table"
// (data-table.js builds the row): PNG (the drawing as the learner sees it, on the widget's
// background, with the figure's title above), SVG (vector, with axis labels and the title:
// chart-svg.js, heatmap-svg.js) and CSV (the data table's own columns, rows and notes, numbers in
// full). Three buttons, reachable by keyboard; the file is made when its button is pressed.
//
//   const downloads = figureDownloads({ figure, read: () => table.read() });
//   row.append(downloads);
//
// figure: { title(): string, canvas(): HTMLCanvasElement, svg(colours): Promise<string> }, where
// colours are the widget's theme: { bg, fg, muted, grid, font }. The SVG writers load only when
// a learner asks for an SVG (they are not part of the embed bundle's size).

import { h } from './dom.js';

/** One CSV field: numbers in full (as the table's data-value), text quoted when it must be, and
 *  text that a spreadsheet would run as a formula (=, +, −, @ first) prefixed with '. */
function csvField(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A data table ({ columns, rows, notes }, data-table.js) as CSV: a header line of the column
 *  labels, a line per row, then a line per note (its label, then its value). */
export function csvText({ columns, rows, notes = [] }) {
  const lines = [columns.map((column) => csvField(column.label)).join(',')];
  for (const row of rows) lines.push(Array.from(row, csvField).join(','));
  for (const note of notes) lines.push(`${csvField(note.label)},${csvField(note.value)}`);
  return `${lines.join('\r\n')}\r\n`;
}

/** The widget's theme colours, as the element inside it computes them. */
export function themeColours(element) {
  const style = getComputedStyle(element);
  const read = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  return {
    bg: read('--attn-bg', '#ffffff'), fg: read('--attn-fg', '#1c2430'),
    muted: read('--attn-muted', '#5b6675'), grid: read('--attn-border', '#d5dae1'),
    font: read('--attn-font', 'system-ui, sans-serif'),
  };
}

/** The canvas on the theme's background, with `title` in a band above it, as a PNG Blob. */
function pngBlob(canvas, title, colours) {
  const ratio = canvas.width / (canvas.clientWidth || canvas.width) || 1;
  const band = Math.round(30 * ratio);
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height + band;
  const ctx = out.getContext('2d');
  ctx.fillStyle = colours.bg;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = colours.fg;
  ctx.font = `600 ${Math.round(14 * ratio)}px ${colours.font}`;
  ctx.textBaseline = 'middle';
  ctx.fillText(title, Math.round(10 * ratio), band / 2, out.width - Math.round(20 * ratio));
  ctx.drawImage(canvas, 0, band);
  return new Promise((resolve, reject) => out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The figure could not be drawn as a PNG.'))), 'image/png'));
}

/** A file name from the widget's tag and the figure's title: masks-attention-weights.svg. */
function fileName(element, title, extension) {
  const host = element.getRootNode()?.host?.localName?.replace(/^attn-/, '') ?? 'attention-lab';
  const words = title.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return `${host}-${words || 'figure'}.${extension}`;
}

/** Saves `blob` as `name` through a temporary link (a blob: URL: nothing leaves the page). */
function save(element, blob, name) {
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: name, hidden: true });
  element.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const FORMATS = {
  PNG: { extension: 'png', make: (figure, colours) => pngBlob(figure.canvas(), figure.title(), colours) },
  SVG: { extension: 'svg', make: async (figure, colours) => new Blob([await figure.svg(colours)], { type: 'image/svg+xml' }) },
  CSV: { extension: 'csv', make: (figure, colours, read) => new Blob([csvText(read())], { type: 'text/csv' }) },
};

/** The figure a Chart.js wrapper (line-chart.js, log-chart.js, histogram-chart.js) hands its
 *  data table: its title (the enclosing figure's caption, else the canvas's name), its canvas and
 *  its SVG (chart-svg.js). `chart()` gives the Chart.js chart once it exists. Marks the chart's
 *  box as the part "figure". */
export function chartFigure(canvas, chart) {
  (canvas.closest('figure') ?? canvas.parentElement)?.part.add('figure');
  const title = () => canvas.closest('figure')?.querySelector('figcaption')?.textContent.trim() || canvas.getAttribute('aria-label') || 'Chart';
  return {
    title,
    canvas: () => canvas,
    svg: async (colours) => {
      if (!chart()) throw new Error('the chart is not drawn yet');
      const { chartSvg } = await import('./chart-svg.js');
      return chartSvg(chart(), { title: title(), colours });
    },
  };
}

/** The "Download: PNG SVG CSV" group for one figure; `read` gives the data table's numbers. */
export function figureDownloads({ figure, read }) {
  const status = h('span', { className: 'figure-status', role: 'status' });
  const group = h('span', { className: 'figure-downloads', role: 'group' });
  const button = (format) => h('button', {
    type: 'button', className: 'secondary figure-download',
    onclick: async () => {
      try {
        const { extension, make } = FORMATS[format];
        const title = figure.title();
        const name = fileName(group, title, extension);
        save(group, await make(figure, themeColours(group), read), name);
        status.textContent = `Saved ${name}.`;
      } catch (error) {
        status.textContent = `The ${format} could not be made: ${error.message}`;
      }
    },
  }, format);
  group.append(h('span', { className: 'figure-downloads-label', 'aria-hidden': 'true' }, 'Download'), ...Object.keys(FORMATS).map(button), status);
  // The group is named with the figure's title, which a screen reader reads on entering it.
  const retitle = (title) => group.setAttribute('aria-label', `Download “${title}” as`);
  retitle(figure.title());
  const buttons = [...group.querySelectorAll('button')];
  /** Offers the downloads (once the figure is drawn) or not (before). */
  const enable = (on) => { for (const b of buttons) b.disabled = !on; };
  return { element: group, retitle, enable };
}
