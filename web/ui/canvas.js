// canvas.js — sizes a canvas for crisp drawing on any screen: `width` × `height` CSS pixels,
// backed by devicePixelRatio times as many device pixels, with the 2D context scaled to match;
// and the font its text is drawn in: the widget's own (--attn-font), as its other text.

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

/** The font for canvas text of `size` CSS pixels, in the family of a computed style (an element in a
 *  widget computes --attn-font there, as it is when the canvas is drawn): `12px Georgia, serif`. */
export function canvasFont(styles, size, { bold = false } = {}) {
  return `${bold ? 'bold ' : ''}${size}px ${styles.fontFamily || 'system-ui, sans-serif'}`;
}
