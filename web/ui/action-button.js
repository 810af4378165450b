// action-button.js — a button that only acts: Next →, Shuffle, Start, Pause, Measure, Reset,
// Show a hint, Copy embed code, … On paper such a button is an outlined word that does nothing,
// so the print rules (print-styles.js) hide every button made here, by the one attribute it
// carries. A button whose look carries information is made with h('button') and prints: a pressed
// preset or toggle (aria-pressed), the selected tab, the stepper's list of steps with the current
// one, a word chip of <attn-shuffle>, a cell of <attn-masks>'s mask or of the heads grid.
//
//   actionButton({ className: 'secondary', onclick: () => this.reset() }, 'Reset')

import { h } from './dom.js';

/** The attribute that marks a button as action-only (its value is empty). */
export const ACTION_ONLY = 'data-action-only';

/** A <button type="button"> (props may say type: 'submit') marked as action-only; props and
 *  children as h()'s. */
export function actionButton(props = {}, ...children) {
  return h('button', { type: 'button', ...props, [ACTION_ONLY]: true }, ...children);
}
