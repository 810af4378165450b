// head-dialog.js — one head's map opened large (from the grid of every head, or a window of the
// consistency view): a modal <dialog> with the lab's heatmap and its focused-cell readout, the
// head's measured scores, and the reminder that a map shows what was mixed, not what caused the
// prediction. Escape or "Close" shuts it and gives focus back to what opened it.
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
    const width = Math.min(globalThis.innerWidth ?? 800, 960) - 80;
    this.heatmap = new Heatmap({ label, rowLabels: labels, colLabels: labels, min: 0, max: 1, format: (x) => fixed(x, 3), cellSize: cellSizeFor(width, t) });
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
