// head-dialog.js — one head's map opened large (from the grid of every head, or a window of the
// consistency view): a modal <dialog> with the lab's heatmap and its focused-cell readout, the
// head's measured scores, and the reminder that a map shows what was mixed, not what caused the
// prediction. Escape or "Close" shuts it and gives focus back to what opened it. Close stays at
// the top, in view, and the map is sized to fit the dialog in the window (dialogCellSize).
//
//   const dialog = new HeadDialog('h4');  root.append(dialog.element);
//   dialog.open({ title, weights, t, chars, lines: ['…', '…'], actions: [button, …] });

import { h, replaceChildren, uniqueId } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { Heatmap } from '../../ui/heatmap.js';
import { fixed } from '../../ui/format.js';
import { cellSizeFor, shownChar } from './probe-map.js';

export const CAUSAL_NOTE = 'A row shows which earlier characters this head mixed into that position at this one layer, '
  + 'not what caused the model’s prediction. Knocking the head out (below the grid) is the causal test.';

/** Pixels of the dialog's height that are not the map's cells: its title bar, the note above
 *  the map, the map's column labels, legend and readout, and the dialog's margins. */
const AROUND_MAP = 250;
const SMALLEST_CELL = 6; // the heatmap's own smallest

/**
 * The largest cell at which a (t, t) map fits the dialog at once, across and down, in the
 * window as it is now (1280 × 800: a 43-character probe at 12 px; a phone: smaller, the labels
 * thinned by the heatmap). The heatmap shrinks it further if its box is narrower.
 */
export function dialogCellSize(t, width = globalThis.innerWidth ?? 800, height = globalThis.innerHeight ?? 800) {
  const across = cellSizeFor(Math.min(width, 960) - 64, t);
  const down = Math.floor((height - AROUND_MAP) / t);
  return Math.max(SMALLEST_CELL, Math.min(across, down));
}

export class HeadDialog {
  /** @param {string} heading  the title's tag (a level under the widget's title) */
  constructor(heading = 'h4') {
    const titleId = uniqueId('head-dialog-title');
    this.title = h(heading, { className: 'dialog-title', id: titleId });
    this.body = h('div', { className: 'dialog-body' });
    this.close = actionButton({ className: 'secondary', onclick: () => this.element.close() }, 'Close');
    this.element = h('dialog', { className: 'head-dialog', 'aria-labelledby': titleId },
      h('div', { className: 'dialog-head' }, this.title, this.close), this.body);
    this.element.addEventListener('close', () => this.opener?.focus?.());
    this.heatmap = null;
  }

  /** Shows `weights` (t, t) of one head large, with `lines` of text and `actions` (buttons) under it. */
  open({ title, label, weights, t, chars, lines = [], actions = [] }) {
    this.opener = this.element.getRootNode().activeElement;
    this.title.textContent = title;
    const labels = chars.map(shownChar);
    this.heatmap = new Heatmap({ label, rowLabels: labels, colLabels: labels, min: 0, max: 1, format: (x) => fixed(x, 3), cellSize: dialogCellSize(t) });
    replaceChildren(this.body,
      h('p', { className: 'map-note' }, CAUSAL_NOTE),
      this.heatmap.element,
      lines.map((line) => h('p', {}, line)),
      actions.length ? h('div', { className: 'toolbar' }, actions) : null);
    this.heatmap.update(weights);
    this.heatmap.setFocus(Math.min(t - 1, 4), Math.min(t - 1, 3));
    if (!this.element.open) this.element.showModal();
    this.heatmap.surface.focus();
  }
}
