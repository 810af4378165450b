// figure-files.js — the files a figure's download buttons make (figure-export.js loads this
// module when a button is first pressed, so it is not part of the embed bundle): the PNG (the
// canvas on the widget's background under the figure's title), the SVG (the figure's own
// writer) and the CSV (the data table's columns, rows and notes, numbers in full). save-file.js
// saves them.

import { superscriptParts } from './dom.js';
import { plainColours } from './plain-colour.js';

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

/** The widget's theme colours, as the element inside it computes them, and that element (scope),
 *  where plain-colour.js computes any colour that is not plain. */
export function themeColours(element) {
  const style = getComputedStyle(element);
  const read = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  return {
    bg: read('--attn-bg', '#ffffff'), fg: read('--attn-fg', '#1c2430'),
    muted: read('--attn-muted', '#5b6675'), grid: read('--attn-border', '#d5dae1'),
    font: read('--attn-font', 'system-ui, sans-serif'), scope: element,
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
  ctx.textBaseline = 'middle';
  drawTitle(ctx, title, { x: Math.round(10 * ratio), y: band / 2, size: Math.round(14 * ratio), font: colours.font, maxWidth: out.width - Math.round(20 * ratio) });
  ctx.drawImage(canvas, 0, band);
  return new Promise((resolve, reject) => out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The figure could not be drawn as a PNG.'))), 'image/png'));
}

/** Draws `title` at (x, y), its ^X superscripts smaller and raised (W^Q as W with Q above),
 *  narrowed to `maxWidth` when it is wider (as fillText's own maxWidth does). */
function drawTitle(ctx, title, { x, y, size, font, maxWidth }) {
  const pieces = superscriptParts(title).map(({ text, raised }) => {
    ctx.font = `600 ${raised ? Math.round(size * 0.7) : size}px ${font}`;
    return { text, raised, font: ctx.font, width: ctx.measureText(text).width };
  });
  const width = pieces.reduce((sum, piece) => sum + piece.width, 0);
  ctx.save();
  ctx.translate(x, 0);
  ctx.scale(Math.min(1, maxWidth / width), 1);
  let at = 0;
  for (const piece of pieces) {
    ctx.font = piece.font;
    ctx.fillText(piece.text, at, piece.raised ? y - size * 0.35 : y);
    at += piece.width;
  }
  ctx.restore();
}

/** A file name from the widget's tag and the figure's title: masks-attention-weights.svg. */
export function fileName(element, title, extension) {
  const host = element.getRootNode()?.host?.localName?.replace(/^attn-/, '') ?? 'attention-lab';
  // An apostrophe joins its word ("head’s" → "heads", not "head-s").
  const words = title.normalize('NFKD').toLowerCase().replace(/(\p{L})['’](\p{L})/gu, '$1$2').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return `${host}-${words || 'figure'}.${extension}`;
}

export const FORMATS = {
  PNG: { extension: 'png', make: (figure, colours) => pngBlob(figure.canvas(), figure.title(), colours) },
  // Every colour plain rgb(), computed in the widget (colours.scope), for viewers that know no color-mix().
  SVG: { extension: 'svg', make: async (figure, colours) => new Blob([plainColours(await figure.svg(colours), colours.scope)], { type: 'image/svg+xml' }) },
  CSV: { extension: 'csv', make: (figure, colours, read) => new Blob([csvText(read())], { type: 'text/csv' }) },
};
