// print-redraw.js — redraws a canvas view when printing starts and ends. A heatmap draws its labels
// in the theme's colours (--attn-fg, --attn-muted), which the print rules change (a dark widget
// prints black on white): drawn once on a dark screen, its labels would print pale on paper. One
// listener on matchMedia('print') for the whole page. A view is registered each time it draws
// (the same object again changes nothing), once it is in the document, and views that have left
// the document are let go as the next one registers, as box-width.js does its watchers: the set
// holds only views on the page, however many a widget makes and drops.
//
//   redrawForPrint(this.printView);   // in draw(); printView = { element: figure, redraw: () => this.draw() }

const views = new Set(); // { element, redraw }
let listening = false;

function keep(view) {
  for (const other of views) if (!other.element.isConnected) views.delete(other);
  views.add(view);
}

/** Calls `view.redraw()` whenever the page enters or leaves print, while `view.element` is in the
 *  document (a view drawn before it is placed is registered once it is, after the current task's
 *  microtasks). */
export function redrawForPrint(view) {
  if (view.element.isConnected) keep(view);
  else queueMicrotask(() => { if (view.element.isConnected) keep(view); });
  if (listening || typeof matchMedia !== 'function') return;
  listening = true;
  matchMedia('print').addEventListener('change', () => {
    for (const each of views) if (each.element.isConnected) each.redraw(); else views.delete(each);
  });
}
