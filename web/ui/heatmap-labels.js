// heatmap-labels.js — how a heatmap writes its column labels, asked by both of its drawings:
// the canvas on the page (heatmap.js) and the SVG figure (heatmap-svg.js).

/** Column labels of one character each are written upright; longer ones are turned. */
export function uprightColumns(labels) {
  return labels.length > 0 && labels.every((label) => [...String(label)].length <= 1);
}
