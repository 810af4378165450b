// box-width.js — the width a box offers its content, measured once per box and kept current by
// one shared ResizeObserver. A view redrawn on every recomputation (a heatmap) reads its width
// here without forcing a layout each time; when the box is resized, the views that asked are
// told, and those no longer in the document are let go.
//
//   const width = contentWidth(box, { element: figure, resized: () => redraw() });

const widths = new WeakMap();   // box → content width (px, padding excluded)
const watchers = new WeakMap(); // box → Set of { element, resized }

const measure = (box) => {
  const style = getComputedStyle(box);
  return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
};

const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver((entries) => {
  for (const { target } of entries) {
    const width = measure(target);
    if (width === widths.get(target)) continue;
    widths.set(target, width);
    for (const watcher of watchers.get(target) ?? []) {
      if (watcher.element.isConnected) watcher.resized();
      else watchers.get(target).delete(watcher);
    }
  }
});

/** The content width of `box` (0 while it is not laid out); `watcher.resized()` is called when it
 *  changes, for as long as `watcher.element` is in the document. */
export function contentWidth(box, watcher) {
  let set = watchers.get(box);
  if (!set) {
    set = new Set();
    watchers.set(box, set);
    widths.set(box, measure(box));
    observer?.observe(box);
  }
  for (const other of set) if (!other.element.isConnected) set.delete(other);
  set.add(watcher);
  return widths.get(box);
}
