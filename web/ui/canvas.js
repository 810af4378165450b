// canvas.js — sizes a canvas for crisp drawing on any screen: `width` × `height` CSS pixels,
// backed by devicePixelRatio times as many device pixels, with the 2D context scaled to match.

/** Resizes `canvas` to width × height CSS pixels; returns its scaled 2D context, or null. */
export function sizeCanvas(canvas, width, height) {
  const ratio = globalThis.devicePixelRatio || 1;
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}
