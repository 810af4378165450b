// attn-stepper.js — <attn-stepper>: the §6.2 walk through scaled dot-product attention on two
// tokens, one step at a time (inputs, scores, scale, mask, softmax, output). Every number is
// computed by the C core; editing an input or flipping a toggle recomputes every step.
//
// Attributes (declared below; observed and reflected as properties):
//   step   1–6, the step shown (default 1)
//   mask   "causal" (default) or "none"
//   scale  "true" (default) or "false": divide scores by √d_k
//   x, wq, wk, wv   the inputs X (2×4) and W^Q, W^K, W^V (4×2), row-major, comma-separated
//          (default: the chapter's example). Editing a cell writes the whole matrix here, so an
//          edited example travels in a link; "Reset example" removes them. A value that is not
//          8 finite numbers is refused with a message, and the last good matrix stays.
// Events: `change` (bubbles), once per action (a step, a toggle, an edit, "Reset example");
//         detail = { step, mask, scale }, plus edited (the matrix) or reset: true.
// Keyboard: ← / → (or Back / Next) move between steps; Home and End jump to the ends.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { integer, choice, boolean, numbers } from '../../ui/attribute-types.js';
import { event, CONTROL_PARTS, MATRIX_PARTS } from '../../ui/element-declarations.js';
import { h, replaceChildren, withSuperscripts } from '../../ui/dom.js';
import { MatrixView } from '../../ui/matrix-view.js';
import { sig } from '../../ui/format.js';
import { EXAMPLE, TOKENS, MODEL_WIDTH, HEAD_WIDTH } from './stepper-example.js';
import { MATRICES, STEPS } from './stepper-steps.js';

const KEY_LABELS = { rowLabels: ['q₁', 'q₂'], colLabels: ['k₁', 'k₂'] };
const INPUT_NAMES = ['x', 'wq', 'wk', 'wv'];

/** An input matrix of the example: 8 numbers, absent while it is the chapter's. */
const example = (key, shown) => numbers({ count: EXAMPLE[key].length, fallback: EXAMPLE[key], omitDefault: true, label: key, shown });

export class AttnStepper extends AttnWidget {
  static title = 'Scaled dot-product attention, step by step';
  static declaredAttributes = {
    step: integer({ min: 1, max: STEPS.length, fallback: 1, label: 'step' }),
    mask: choice(['causal', 'none'], { label: 'mask' }),
    scale: boolean({ fallback: true, label: 'scale' }),
    x: example('x', 'the chapter\'s X'),
    wq: example('wq', 'the chapter\'s example'),
    wk: example('wk', 'the chapter\'s example'),
    wv: example('wv', 'the chapter\'s example'),
  };
  static declaredEvents = {
    change: event({
      when: 'the step, a toggle or an entry changed; “Reset example” (one event)',
      detail: { step: 'number', mask: this.declaredAttributes.mask.type, scale: 'boolean', 'edited?': "'x' | 'wq' | 'wk' | 'wv'", 'reset?': 'true' },
    }),
  };
  static declaredParts = { ...CONTROL_PARTS, ...MATRIX_PARTS };

  inWords() {
    return 'Two tokens go through attention one step at a time. Their queries, keys and values come from '
      + 'the input rows; each query is scored against each key; the scores are scaled, masked and turned '
      + 'into weights by a softmax; the weights average the values into one output per token. At every '
      + 'step the entries being combined are marked, and a sentence spells out the arithmetic. The causal '
      + 'mask and the scaling can be switched off to see what they change.';
  }

  changeDetail() {
    return { step: this.step, mask: this.mask, scale: this.scale };
  }

  build(body) {
    this.focusedCells = STEPS.map((step) => ({ ...step.focus }));

    this.backButton = h('button', { type: 'button', className: 'secondary', onclick: () => this.move(-1) }, '← Back');
    this.nextButton = h('button', { type: 'button', onclick: () => this.move(1) }, 'Next →');
    this.indicator = h('p', { className: 'step-indicator', 'aria-live': 'polite' });
    this.stepList = h('ol', { className: 'step-list', 'aria-label': 'Steps' },
      STEPS.map((step, index) => h('li', {}, h('button', {
        type: 'button', className: 'secondary', onclick: () => this.goTo(index + 1),
      }, `${index + 1}. ${step.title}`))));
    this.causalBox = h('input', { type: 'checkbox', onchange: () => this.act(() => { this.mask = this.causalBox.checked ? 'causal' : 'none'; }) });
    this.scaleBox = h('input', { type: 'checkbox', onchange: () => this.act(() => { this.scale = this.scaleBox.checked; }) });
    const reset = h('button', { type: 'button', className: 'secondary', onclick: () => this.reset() }, 'Reset example');

    this.panels = STEPS.map((step, index) => this.#buildPanel(step, index));
    body.append(
      h('div', { className: 'stepper-nav' }, this.stepList),
      h('div', { className: 'toolbar' }, this.backButton, this.nextButton, this.indicator),
      h('div', { className: 'toolbar' },
        h('label', {}, this.causalBox, ' Causal mask'),
        h('label', {}, this.scaleBox, ' Scale by 1/√d_k'),
        reset),
      ...this.panels.map((panel) => panel.element));
    this.root.addEventListener('keydown', (event) => this.#onKey(event));
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, stepperSheet()];
  }

  #buildPanel(step, index) {
    const views = {};
    for (const key of step.shows) {
      const spec = MATRICES[key];
      views[key] = new MatrixView({
        name: spec.name ?? key.toUpperCase(),
        caption: spec.caption,
        rows: spec.rows,
        cols: spec.cols,
        rowLabels: spec.keyed ? KEY_LABELS.rowLabels : spec.rowLabels,
        colLabels: spec.keyed ? KEY_LABELS.colLabels : undefined,
        format: spec.format ?? sig,
        onEdit: spec.editable ? (r, c, value) => this.#edit(key, r * spec.cols + c, value) : undefined,
        onFocusCell: step.focusable.includes(key) ? (i, j) => this.#setFocus(index, key, i, j) : undefined,
      });
    }
    const summary = h('p', { className: 'summary' });
    const explanation = h('p', { className: 'explanation', 'aria-live': 'polite' });
    const element = h('div', { className: 'step-panel', role: 'group', 'aria-label': `Step ${index + 1}: ${step.title}` },
      summary,
      h('div', { className: 'matrices' }, Object.values(views).map((view) => view.element)),
      explanation);
    return { element, views, summary, explanation };
  }

  /** The chapter's example again: one action, one `change` (with reset: true). */
  reset() {
    this.act(() => { for (const key of INPUT_NAMES) this[key] = EXAMPLE[key]; }, { reset: true });
  }

  /** Shows step `step` (clamped to 1–6). */
  goTo(step) {
    this.act(() => { this.step = Math.min(Math.max(step, 1), STEPS.length); });
  }

  move(delta) {
    this.goTo(this.step + delta);
  }

  /** Typed matrix entries are applied before any other action too. */
  commitTyped() {
    super.commitTyped();
    for (const panel of this.panels) for (const view of Object.values(panel.views)) view.commitTyped();
  }

  #onKey(event) {
    if (event.target instanceof HTMLInputElement && event.target.type === 'text') return;
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) this.move(moves[event.key]);
    else if (event.key === 'Home') this.goTo(1);
    else if (event.key === 'End') this.goTo(STEPS.length);
    else return;
    event.preventDefault();
  }

  #inputs() {
    return { x: this.x, wq: this.wq, wk: this.wk, wv: this.wv };
  }

  #edit(key, index, value) {
    const next = [...this[key]];
    next[index] = value;
    // Throws the core's AttnError when the projections would overflow (the cell shows it).
    if (this.attn) this.#compute({ ...this.#inputs(), [key]: next });
    this.act(() => { this[key] = next; }, { edited: key });
  }

  #setFocus(stepIndex, matrix, i, j) {
    this.focusedCells[stepIndex] = { matrix, i, j };
    this.#drawPanel(stepIndex);
  }

  /** Recomputes everything through the core, then draws the current step. */
  render() {
    const current = this.step - 1;
    this.causalBox.checked = this.mask === 'causal';
    this.scaleBox.checked = this.scale;
    this.backButton.disabled = current === 0;
    this.nextButton.disabled = current === STEPS.length - 1;
    this.indicator.textContent = `Step ${current + 1} of ${STEPS.length}: ${STEPS[current].title}`;
    this.stepList.querySelectorAll('button').forEach((button, index) => {
      if (index === current) button.setAttribute('aria-current', 'step');
      else button.removeAttribute('aria-current');
    });
    this.panels.forEach((panel, index) => { panel.element.hidden = index !== current; });
    if (!this.attn) return;
    try {
      this.state = this.#compute(this.#inputs());
      this.setProblem('core', null);
    } catch (error) {
      if (error?.name !== 'AttnError') throw error;
      // Inputs set by attribute that overflow the core's floats: keep the last good state.
      this.setProblem('core', `These inputs cannot be computed: ${error.message} The last good state is still shown.`);
    }
    this.#drawPanel(current);
  }

  #compute(inputs) {
    const { matmul, attention } = this.attn;
    const { x, wq, wk, wv } = inputs;
    const project = (w) => matmul({ a: x, b: w, m: TOKENS, k: MODEL_WIDTH, n: HEAD_WIDTH });
    const q = project(wq), k = project(wk), v = project(wv);
    const result = attention({
      q, k, v, n: TOKENS, m: TOKENS, dk: HEAD_WIDTH, dv: HEAD_WIDTH,
      scale: this.scale, mask: this.mask,
    });
    // result.mask is the mask the core added to the scaled scores (its `mask` step).
    return { ...inputs, q, k, v, ...result, causal: this.mask === 'causal', scale: this.scale };
  }

  #drawPanel(index) {
    if (!this.state) return;
    const step = STEPS[index], panel = this.panels[index];
    const { text, marks } = step.explain(this.state, this.focusedCells[index]);
    for (const [key, view] of Object.entries(panel.views)) view.update(this.state[key], marks[key]);
    replaceChildren(panel.summary, withSuperscripts(step.summary(this.state)));
    replaceChildren(panel.explanation, withSuperscripts(text));
  }
}

let sheet = null;
function stepperSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .step-list { display: flex; flex-wrap: wrap; gap: 0.35rem; list-style: none; padding: 0; margin: 0.5rem 0; }
    .step-list button { padding: 0.2rem 0.6rem; font-size: 0.85rem; }
    .step-list button[aria-current="step"] { background: var(--attn-accent); color: var(--attn-accent-fg); font-weight: 700; }
    .step-indicator { margin: 0; font-weight: 600; }
    .summary { margin-top: 0.8rem; }
    .explanation { font-family: var(--attn-mono); font-size: 0.88rem; background: var(--attn-surface);
                   border-left: 4px solid var(--attn-involved-border); padding: 0.45rem 0.7rem; overflow-wrap: anywhere; }
  `);
  return sheet;
}

defineWidget('attn-stepper', AttnStepper);
