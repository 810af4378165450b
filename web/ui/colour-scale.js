// colour-scale.js — a perceptually even, colour-blind-safe sequential scale (viridis, sampled
// at 9 stops and interpolated) for heatmaps. Text labels always accompany colour.

const VIRIDIS = [
  [68, 1, 84], [71, 44, 122], [59, 81, 139], [44, 113, 142], [33, 144, 141],
  [39, 173, 129], [92, 200, 99], [170, 220, 50], [253, 231, 37],
];

/** The colour of t in [0, 1] as [r, g, b]; values outside are clamped. */
function viridis(t) {
  const x = Math.min(Math.max(Number.isFinite(t) ? t : 0, 0), 1) * (VIRIDIS.length - 1);
  const i = Math.min(Math.floor(x), VIRIDIS.length - 2), f = x - i;
  return VIRIDIS[i].map((c, k) => Math.round(c + (VIRIDIS[i + 1][k] - c) * f));
}

/** CSS colour string for t in [0, 1]. */
export function viridisCss(t) {
  const [r, g, b] = viridis(t);
  return `rgb(${r} ${g} ${b})`;
}

/** Black or white, whichever reads better on the colour for t. */
export function textOn(t) {
  const [r, g, b] = viridis(t);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 140 ? '#000' : '#fff';
}

/** The colour for t in [0, 1] as #rrggbb (what every SVG reader understands). */
export function viridisHex(t) {
  return `#${viridis(t).map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
