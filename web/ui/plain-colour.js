// plain-colour.js — the colours of a downloaded SVG figure as plain sRGB numbers. A figure's
// writer (chart-svg.js, heatmap-svg.js) copies the theme's colours as the page gives them, and a
// theme colour may be any CSS colour: color-mix() (the "more contrast" greys, theme.js), a named
// colour, oklch(), a page's own var(). A standalone viewer (Inkscape, rsvg, an older browser) knows
// only the plain ones, so at export time the browser computes each colour in the widget's own
// scope (a probe element's computed colour) and a one-pixel canvas turns what it computed
// (color(srgb …) for a mix) into rgb(r, g, b), or rgba(r, g, b, a) when it is see-through.
//
//   const text = plainColours(await figure.svg(colours), group);   // group: an element in the widget

/** The attributes of an SVG document that hold a colour. */
const COLOUR_ATTRIBUTE = /\b(fill|stroke|stop-color|flood-color|lighting-color|color)="([^"]*)"/g;
/** Values that are already plain, or are not colours: #hex, rgb()/rgba(), url(#…), none. */
const PLAIN = /^(#[0-9a-f]{3,8}|rgba?\([\d.,\s%]*\)|url\(#[^)]*\)|none|transparent)$/i;

let pixel = null;

/** One CSS colour (as the page would read it in `scope`, an element) as rgb()/rgba() text. */
export function plainColour(value, scope) {
  const probe = document.createElement('span');
  probe.style.color = value;
  scope.append(probe);
  const computed = getComputedStyle(probe).color;
  probe.remove();
  if (/^rgba?\(/.test(computed)) return computed;
  pixel ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  pixel.canvas.width = pixel.canvas.height = 1;
  pixel.clearRect(0, 0, 1, 1);
  pixel.fillStyle = computed;
  pixel.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = pixel.getImageData(0, 0, 1, 1).data;
  return a === 255 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${Math.round((a / 255) * 1000) / 1000})`;
}

/** An SVG document (text) with every colour attribute that is not plain made plain (plainColour). */
export function plainColours(svg, scope) {
  const known = new Map();
  return svg.replace(COLOUR_ATTRIBUTE, (whole, name, value) => {
    if (PLAIN.test(value.trim())) return whole;
    if (!known.has(value)) known.set(value, plainColour(unescapeXml(value), scope));
    return `${name}="${known.get(value)}"`;
  });
}

/** An attribute's text as it was before svg.js escaped it. */
const unescapeXml = (text) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, code) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[code]);
