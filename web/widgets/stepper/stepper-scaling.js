// stepper-scaling.js — the stepper's scaling control (§6.3's "too small flattens towards uniform,
// too large saturates"): a slider and a number field from 0 to 2 × 1/√d_k, 1/√d_k marked on
// the slider, and a line under them with each row's entropy (from the core's attn.rowStats; from
// the Softmax step on, where the rows are weights) against ln k, the entropy of a uniform row (attn.allowedKeys). The <attn-stepper> element owns
// the `scaling` attribute; this draws its control and says what the multiplier does.

import { h, uniqueId } from '../../ui/dom.js';
import { fixed, sig } from '../../ui/format.js';

/** The score multiplier: scaling × 1/√d_k with scale on, 1 with it off. */
export function multiplierOf(scale, scaling, dk) {
  return scale ? scaling / Math.sqrt(dk) : 1;
}

/** "0.5 × 1/√d_k = 0.3536" (or "1, no scaling"). */
export function multiplierText({ scale, scaling, multiplier }) {
  return scale ? `${fixed(scaling, 2)} × 1/√d_k = ${sig(multiplier)}` : '1 (no scaling)';
}

/** What the multiplier does to the rows, compared with the chapter's 1/√d_k. */
export function multiplierEffect({ scale, scaling }) {
  if (!scale) return 'larger than 1/√d_k, so the rows are sharper, towards one-hot (saturated)';
  if (scaling === 0) return 'zero, so every score is 0 and every row is uniform: attention averages everything';
  if (scaling < 1) return 'below 1/√d_k, so the rows flatten towards uniform';
  if (scaling > 1) return 'above 1/√d_k, so the rows sharpen towards one-hot (saturated)';
  return 'the chapter’s 1/√d_k';
}

/** The rows' entropies are of the weights, which exist from the Softmax step on. */
const NO_WEIGHTS_YET = 'Row entropy: from step 5, Softmax, where the rows become weights.';

/** Each row's entropy against a uniform row's, e.g. "token 1 0.000 of 0.000 nats, token 2 …". */
function entropyText(state) {
  return Array.from(state.entropy, (h, i) => `token ${i + 1} ${fixed(h)} of ${fixed(state.lnK[i])} nats`).join(', ');
}

/** The sentence "In words" ends with; `weights`: the step shown has the weights (Softmax or later). */
export function scalingInWords(state, weights = true) {
  return `The scores are multiplied by ${multiplierText(state)}: ${multiplierEffect(state)}. `
    + (weights ? `Row entropy (a uniform row has the most): ${entropyText(state)}.` : NO_WEIGHTS_YET);
}

export class ScalingControl {
  /** @param {HTMLElement} widget  the <attn-stepper> (its `scaling` and `scale` properties, act, bindField) */
  constructor(widget) {
    this.widget = widget;
    const numberId = uniqueId('scaling-number');
    const listId = uniqueId('scaling-marks');
    this.slider = h('input', {
      type: 'range', min: '0', max: '2', step: '0.05', list: listId,
      'aria-label': 'Scaling, times 1/√d_k (slider)',
      oninput: () => widget.act(() => { widget.scaling = Number(this.slider.value); }),
    });
    this.number = widget.bindField('scaling', h('input', {
      id: numberId, type: 'text', inputmode: 'decimal', size: '5', // text: anything typed gets its sentence
    }));
    const error = h('p', { className: 'field-error error', 'aria-live': 'polite' });
    widget.routeProblems(error, ['scaling']);
    this.rows = h('p', { className: 'scaling-rows', 'aria-live': 'polite' });
    this.element = h('div', { className: 'scaling', role: 'group', 'aria-label': 'Scaling' },
      h('label', { for: numberId }, 'Scaling, × 1/√d_k'),
      h('div', { className: 'scaling-row' },
        h('span', { className: 'scaling-slider' }, this.slider,
          h('datalist', { id: listId }, h('option', { value: '0' }), h('option', { value: '1', label: '1/√d_k' }), h('option', { value: '2' })),
          // The marks, in text: 1/√d_k is the chapter's scaling, in the middle of the slider.
          h('span', { className: 'scaling-marks', 'aria-hidden': 'true' },
            h('span', {}, '0'), h('span', { className: 'chapter-mark' }, '▲ 1/√d_k'), h('span', {}, '2/√d_k'))),
        this.number),
      error,
      this.rows);
  }

  /** The controls follow the attributes; with scaling off the multiplier is 1 and they rest. */
  render(scale, scaling) {
    this.slider.value = String(scaling);
    this.slider.disabled = !scale;
    this.number.disabled = !scale;
    if (!this.widget.hasProblem('scaling') && this.widget.shadowRoot.activeElement !== this.number) {
      this.number.value = String(scaling);
    }
  }

  /** Before the widget starts: the same line, the row entropies “…” (the multiplier needs no core). */
  reserveRows(scale, scaling, dk, weights = true) {
    const state = { scale, scaling, multiplier: multiplierOf(scale, scaling, dk) };
    const entropies = ['token 1', 'token 2'].map((token) => `${token} … of … nats`).join(', ');
    this.rows.textContent = `Multiplier ${multiplierText(state)}: ${multiplierEffect(state)}. `
      + (weights ? `Row entropy: ${entropies}.` : NO_WEIGHTS_YET);
  }

  /** The multiplier and, on a step that has the weights, each row's entropy, under the controls. */
  showRows(state, weights = true) {
    if (!state) return;
    this.rows.textContent = `Multiplier ${multiplierText(state)}: ${multiplierEffect(state)}. `
      + (weights ? `Row entropy: ${entropyText(state)}.` : NO_WEIGHTS_YET);
  }
}

let sheet = null;
/** The control's look (adopted by the stepper with its own sheet). */
export function scalingSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .scaling { display: flex; flex-direction: column; gap: 0.2rem; margin: 0.4rem 0; }
    .scaling label { font-size: calc(0.85 * var(--attn-em)); font-weight: 600; }
    .scaling-row { display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: flex-start; }
    .scaling-slider { display: inline-flex; flex-direction: column; width: min(18rem, 100%); }
    .scaling-slider input { width: 100%; margin: 0; accent-color: var(--attn-accent); }
    .scaling-marks { display: flex; justify-content: space-between; font-size: calc(0.78 * var(--attn-em)); color: var(--attn-muted); }
    .scaling-marks .chapter-mark { color: var(--attn-fg); font-weight: 600; }
    .scaling input[type="text"] { font: inherit; width: 5.5rem; padding: 0.2rem 0.35rem; border: 1px solid var(--attn-border);
                                    border-radius: var(--attn-radius-small); background: var(--attn-bg); color: var(--attn-fg); }
    .scaling input[aria-invalid="true"] { border: 2px dashed var(--attn-error); }
    .scaling input:disabled { opacity: 0.55; }
    .scaling .field-error { font-size: calc(0.82 * var(--attn-em)); margin: 0; }
    .scaling .field-error:empty { display: none; }
    .scaling-rows { font-size: calc(0.85 * var(--attn-em)); font-family: var(--attn-mono); margin: 0.1rem 0; overflow-wrap: anywhere; }
  `);
  return sheet;
}
