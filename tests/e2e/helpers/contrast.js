// contrast.js — the WCAG contrast ratio of two CSS colours as the browser reports them (a computed
// rgb()/rgba(), a color(srgb …) from color-mix(), or a canvas's #rrggbb), for the specs that
// measure text against its background (contrast-more, forced-colors).

/** [r, g, b] in 0…255 of a computed or canvas colour string. */
export function channels(colour) {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (hex) return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const numbers = colour.match(/[\d.]+/g).map(Number);
  return colour.startsWith('color(srgb') ? numbers.slice(0, 3).map((x) => x * 255) : numbers.slice(0, 3);
}

/** WCAG 2 relative luminance (0 black … 1 white). */
function luminance(colour) {
  const [r, g, b] = channels(colour).map((x) => {
    const c = x / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 … 21. */
export function contrastRatio(a, b) {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}
