// svg.js — writes SVG documents as text for the figures a learner downloads (chart-svg.js,
// heatmap-svg.js). Every piece of text, a learner's words included, is escaped: an SVG file is
// markup, and a word such as <b> must stay a word. Numbers are rounded to 0.01 px. The title line
// raises a ^X superscript (W^Q); the document's name (<title>, aria-label) keeps the ^.

import { superscriptParts } from './dom.js';

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as SVG/XML character data or attribute value. */
export function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const round = (x) => (Number.isFinite(x) ? Math.round(x * 100) / 100 : 0);

/** One element: tag('rect', { x: 1, fill: '#fff' }) or tag('text', { x, y }, 'label'). */
export function tag(name, attributes = {}, content = null) {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([key, value]) => ` ${key}="${escapeXml(typeof value === 'number' ? round(value) : value)}"`).join('');
  if (content === null) return `<${name}${attrs}/>`;
  const inner = Array.isArray(content) ? content.join('') : escapeXml(content);
  return `<${name}${attrs}>${inner}</${name}>`;
}

/** Children written as they are (already SVG): for groups, defs and the document. */
export function group(name, attributes, children) {
  return tag(name, attributes, children.flat(Infinity).filter(Boolean));
}

/** The lab's text font (theme.js's --attn-font), for a figure given no font of its own. */
const LAB_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/**
 * A standalone SVG document of width × height with a background, a title line at the top and
 * the figure's body (SVG text) under it, shifted down by the title band; its text in `font` (the
 * widget's --attn-font, as figure-files.js's themeColours reads it).
 */
export function svgDocument({ width, height, title, background, foreground, font = LAB_FONT, body, band = 30 }) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${group('svg', {
    xmlns: 'http://www.w3.org/2000/svg', width: width, height: height + band,
    viewBox: `0 0 ${round(width)} ${round(height + band)}`, 'font-family': font, role: 'img', 'aria-label': title,
  }, [
    tag('title', {}, title),
    tag('rect', { x: 0, y: 0, width, height: height + band, fill: background }),
    tag('text', { x: 10, y: 20, 'font-size': 14, 'font-weight': 600, fill: foreground }, superscriptParts(title).map(({ text, raised }) => (raised
      ? tag('tspan', { 'baseline-shift': 'super', 'font-size': 10 }, text)
      : escapeXml(text)))),
    group('g', { transform: `translate(0 ${band})` }, body),
  ])}\n`;
}

/** A dash pattern from a canvas line dash ([6, 4] → "6 4"), or null for a solid line. */
export function dashArray(dash) {
  return Array.isArray(dash) && dash.length ? dash.join(' ') : null;
}
