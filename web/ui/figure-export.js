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
// a learner asks for an SVG (they are not part of the embed bundle's size); so do the PNG and CSV
// makers (figure-files.js).

import { h } from './dom.js';
import { actionButton } from './action-button.js';
import { saveFile } from './save-file.js';

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

/** The "figure" of a table whose numbers no single chart draws (a widget's own table of
 *  results): a title and nothing to draw, so its downloads are the CSV alone. */
export function tableOnly(title) {
  return { title: () => title };
}

/** The "Download: PNG SVG CSV" group for one figure (the CSV alone for tableOnly's); `read`
 *  gives the data table's numbers. */
export function figureDownloads({ figure, read }) {
  const drawn = typeof figure.canvas === 'function';
  const status = h('span', { className: 'figure-status', role: 'status' });
  const group = h('span', { className: 'figure-downloads', role: 'group' });
  const button = (format) => actionButton({
    type: 'button', className: 'secondary figure-download',
    onclick: async () => {
      try {
        const { FORMATS, fileName, themeColours } = await import('./figure-files.js');
        const { extension, make } = FORMATS[format];
        const title = figure.title();
        const name = fileName(group, title, extension);
        saveFile(group, await make(figure, themeColours(group), read), name);
        status.textContent = `Saved ${name}.`;
      } catch (error) {
        status.textContent = `The ${format} could not be made: ${error.message}`;
      }
    },
  }, format);
  group.append(h('span', { className: 'figure-downloads-label', 'aria-hidden': 'true' }, 'Download'), ...(drawn ? ['PNG', 'SVG', 'CSV'] : ['CSV']).map(button), status);
  // The group is named with the figure's title, which a screen reader reads on entering it.
  const retitle = (title) => group.setAttribute('aria-label', drawn ? `Download “${title}” as` : `Download the table “${title}” as`);
  retitle(figure.title());
  const buttons = [...group.querySelectorAll('button')];
  /** Offers the downloads (once the figure is drawn) or not (before). */
  const enable = (on) => { for (const b of buttons) b.disabled = !on; };
  return { element: group, retitle, enable };
}
