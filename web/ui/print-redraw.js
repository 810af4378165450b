// print-redraw.js — redraws a canvas view when printing starts and ends. A heatmap draws its labels
// in the theme's colours (--attn-fg, --attn-muted), which the print rules change (a dark widget
// prints black on white): drawn once on a dark screen, its labels would print pale on paper. One
// listener on matchMedia('print') for the whole page; views no longer in the document are let go
// (looked for after each task that added a view, so a view is placed before it is judged).
//
//   redrawForPrint({ element: figure, redraw: () => this.draw() });

const views = new Set(); // { element, redraw }
let listening = false, pruning = false;

function letGoOfRemoved() {
  pruning = false;
  for (const view of views) if (!view.element.isConnected) views.delete(view);
}

/** Calls `view.redraw()` whenever the page enters or leaves print, while `view.element` is in the document. */
export function redrawForPrint(view) {
  views.add(view);
  if (!pruning) { pruning = true; setTimeout(letGoOfRemoved, 0); }
  if (listening || typeof matchMedia !== 'function') return;
  listening = true;
  matchMedia('print').addEventListener('change', () => {
    letGoOfRemoved();
    for (const each of views) each.redraw();
  });
}
