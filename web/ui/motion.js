// motion.js — the reader's prefers-reduced-motion setting, in one place. Chart wrappers ask
// chartAnimation() for Chart.js's `animation` option: off when the reader asks for less motion,
// a short transition otherwise. (CSS transitions and animations are switched off by the
// stylesheets' own prefers-reduced-motion rules; see widget-styles.js.)

const QUERY = '(prefers-reduced-motion: reduce)';

/** True when the reader has asked for reduced motion. */
function prefersReducedMotion() {
  return typeof matchMedia === 'function' && matchMedia(QUERY).matches;
}

/**
 * Chart.js's `animation` option for a new chart: false under reduced motion, else a short
 * transition. Marks the canvas data-animation="off" | "on" so a test can see which it got.
 */
export function chartAnimation(canvas) {
  const reduce = prefersReducedMotion();
  if (canvas) canvas.dataset.animation = reduce ? 'off' : 'on';
  return reduce ? false : { duration: 250 };
}
