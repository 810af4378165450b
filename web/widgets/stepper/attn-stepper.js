// attn-stepper.js — <attn-stepper>: the §6.2 walk through scaled dot-product attention on two
// tokens, one step at a time (inputs, scores, scale, mask, softmax, output). Every number is
// computed by the C core; typing in an input or flipping a toggle recomputes every step at once,
// and the cells that changed are marked (Δ) at every step until the next change. At a step where
// nothing changed, a line says which steps did, with a button to each.
//
// Attributes (declared below; observed and reflected as properties):
//   step   1–6, the step shown (default 1)
//   mask   "causal" (default) or "none"
//   scale  "true" (default) or "false": divide scores by √d_k
//   scaling  0–2 (default 1): with scale on, the scores are multiplied by scaling × 1/√d_k, so
//          a learner sees rows flatten towards uniform below 1 and saturate above it
//          (scale="false" is multiplier 1, scale="true" alone is 1/√d_k: the two ends links use)
//   stability  the three scores of the "Numerical stability" panel (default 1000,999,995)
//   x, wq, wk, wv   the inputs X (2×4) and W^Q, W^K, W^V (4×2), row-major, comma-separated
//          (default: the chapter's example). Editing a cell writes the whole matrix here, so an
//          edited example travels in a link; "Reset example" removes them (and any refused or
//          half-typed cell). A value that is not 8 numbers from −10⁶ to 10⁶ (INPUT_LIMIT: no score
//          can overflow) is refused with a message, and the last good matrix stays; so is a
//          typed cell, beside the matrices.
// Events: `change` (bubbles), once per action (a step, a toggle, an edit, "Reset example");
//         detail = { step, mask, scale }, plus edited (the matrix) or reset: true.
// Method (declaredMethods): reset(), "Reset example" for a page's script (the step is a property).
// Keyboard: ← / → (or Back / Next) move between steps, and focus follows in the step list (one
//           tab stop); Home and End jump to the ends. Each matrix is one tab stop whose cells
//           the arrow keys move between (matrix-view.js).

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { integer, choice, boolean, decimal, numbers } from '../../ui/attribute-types.js';
import { event, method, CONTROL_PARTS, MATRIX_PARTS, FIGURE_PARTS } from '../../ui/element-declarations.js';
import { h, replaceChildren, withSuperscripts } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { MatrixView, EditLine } from '../../ui/matrix-view.js';
import { fixed, sig, vector } from '../../ui/format.js';
import { EXAMPLE, TOKENS, MODEL_WIDTH, HEAD_WIDTH, INPUT_LIMIT } from './stepper-example.js';
import { MATRICES, STEPS } from './stepper-steps.js';
import { changedCells, describeChange, largestChange } from './stepper-changes.js';
import { ScalingControl, multiplierOf, scalingInWords, scalingSheet } from './stepper-scaling.js';
import { StabilityPanel, stabilityNumbers, stabilityInWords, stabilitySheet } from './stepper-stability.js';
import { AsymmetryPanel, asymmetryNumbers, asymmetryInWords, asymmetrySheet } from './stepper-asymmetry.js';

const KEY_LABELS = { rowLabels: ['q₁', 'q₂'], colLabels: ['k₁', 'k₂'] };
const INPUT_NAMES = ['x', 'wq', 'wk', 'wv'];
/** The step whose rows become weights (Softmax): the rows' entropies mean something from it on. */
const SOFTMAX_STEP = STEPS.findIndex((step) => step.title === 'Softmax') + 1;
/** The editable matrices a step shows, as the hint names them: "X, W^Q, W^K and W^V". */
const editableNames = (step) => {
  const names = step.shows.filter((key) => MATRICES[key].editable).map((key) => MATRICES[key].name ?? key.toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
};

/** An input matrix of the example: 8 numbers, absent while it is the chapter's. */
const example = (key, shown) => numbers({ count: EXAMPLE[key].length, fallback: EXAMPLE[key], limit: INPUT_LIMIT, omitDefault: true, label: key, shown });

export class AttnStepper extends AttnWidget {
  static title = 'Scaled dot-product attention, step by step';
  static declaredAttributes = {
    step: integer({ min: 1, max: STEPS.length, fallback: 1, label: 'step' }),
    mask: choice(['causal', 'none'], { label: 'mask' }),
    scale: boolean({ fallback: true, label: 'scale' }),
    scaling: decimal({ min: 0, max: 2, fallback: 1, omitDefault: true, label: 'The scaling',
      message: (text) => `The scaling must be a number from 0 to 2 (times 1/√d_k), but it is “${String(text).trim()}”.` }),
    stability: numbers({ count: 3, fallback: [1000, 999, 995], omitDefault: true, label: 'The three scores' }),
    x: example('x', 'the chapter\'s X'),
    wq: example('wq', 'the chapter\'s example'),
    wk: example('wk', 'the chapter\'s example'),
    wv: example('wv', 'the chapter\'s example'),
  };
  static declaredEvents = {
    change: event({
      when: 'the step, a toggle or an entry changed; “Reset example” (one event)',
      detail: { step: 'number', mask: this.declaredAttributes.mask.type, scale: 'boolean', scaling: 'number', 'edited?': "'x' | 'wq' | 'wk' | 'wv'", 'reset?': 'true' },
    }),
  };
  static declaredParts = { ...CONTROL_PARTS, ...MATRIX_PARTS, ...FIGURE_PARTS };
  // The step shown is the `step` property; going to one is setting it.
  static declaredMethods = {
    reset: method({ does: 'puts the chapter’s example back, as “Reset example” does: one `change` with reset: true; cells typed and not applied, '
      + 'or refused, are dropped first' }),
  };

  inWords() {
    return 'Two tokens go through attention one step at a time. Their queries, keys and values come from '
      + 'the input rows; each query is scored against each key; the scores are scaled, masked and turned '
      + 'into weights by a softmax; the weights average the values into one output per token. At every '
      + 'step the entries being combined are marked, and a sentence spells out the arithmetic. The causal '
      + 'mask and the scaling can be switched off to see what they change, and the scaling can be turned '
      + 'from 0 to twice 1/√d_k; the numbers that changed are '
      + `marked. ${this.#nowInWords()}`.trim();
  }

  /** The step shown has the weights (Softmax or later), whose rows have an entropy. */
  #hasWeights() {
    return this.step >= SOFTMAX_STEP;
  }

  /** The current state in a sentence: the step, the toggles, each token's weights and output. */
  #nowInWords() {
    const s = this.state;
    if (!s) return '';
    const w = (i) => Array.from(s.weights.slice(i * 2, i * 2 + 2), (x) => fixed(x));
    const out = (i) => vector(s.out.slice(i * 2, i * 2 + 2), fixed);
    return `Now: step ${this.step} of ${STEPS.length}, ${STEPS[this.step - 1].title}; causal mask ${s.causal ? 'on' : 'off'}, `
      + `scaling ${s.scale ? 'on' : 'off'}. Token 1 gives weight ${w(0)[0]} to itself and ${w(0)[1]} to token 2, `
      + `so its output is ${out(0)}; token 2 gives ${w(1)[0]} to token 1 and ${w(1)[1]} to itself, output ${out(1)}. `
      + `${scalingInWords(s, this.#hasWeights())} ${this.stable ? stabilityInWords(this.stable) : ''} ${this.asymmetry ? asymmetryInWords(this.asymmetry) : ''}`.trim();
  }

  changeDetail() {
    return { step: this.step, mask: this.mask, scale: this.scale, scaling: this.scaling };
  }

  build(body) {
    this.focusedCells = STEPS.map((step) => ({ ...step.focus }));

    this.backButton = actionButton({ className: 'secondary', onclick: () => this.#move(-1) }, '← Back');
    this.nextButton = actionButton({ onclick: () => this.#move(1) }, 'Next →');
    this.indicator = h('p', { className: 'step-indicator', 'aria-live': 'polite' });
    // One tab stop: the current step's button (the arrow keys move to the others).
    this.stepButtons = STEPS.map((step, index) => h('button', {
      type: 'button', className: 'secondary', onclick: () => this.#goTo(index + 1),
    }, `${index + 1}. ${step.title}`));
    this.stepList = h('ol', { className: 'step-list', 'aria-label': 'Steps' },
      this.stepButtons.map((button) => h('li', {}, button)));
    this.causalBox = h('input', { type: 'checkbox', onchange: () => this.act(() => { this.mask = this.causalBox.checked ? 'causal' : 'none'; }) });
    this.scaleBox = h('input', { type: 'checkbox', onchange: () => this.act(() => { this.scale = this.scaleBox.checked; }) });
    const reset = actionButton({ className: 'secondary', onclick: () => this.reset() }, 'Reset example');
    this.scalingControl = new ScalingControl(this);
    this.stabilityPanel = new StabilityPanel(this);
    this.asymmetryPanel = new AsymmetryPanel(this);

    this.panels = STEPS.map((step, index) => this.#buildPanel(step, index));
    body.append(
      h('div', { className: 'stepper-nav' }, this.stepList),
      h('div', { className: 'toolbar' }, this.backButton, this.nextButton, this.indicator),
      h('div', { className: 'toolbar' },
        h('label', {}, this.causalBox, ' Causal mask'),
        h('label', {}, this.scaleBox, ' Scale by 1/√d_k'),
        reset),
      this.scalingControl.element,
      ...this.panels.map((panel) => panel.element),
      this.stabilityPanel.element,
      this.asymmetryPanel.element);
    this.root.addEventListener('keydown', (event) => this.#onKey(event));
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, stepperSheet(), scalingSheet(), stabilitySheet(), asymmetrySheet()];
  }

  #buildPanel(step, index) {
    const views = {};
    // Where a refused entry is said: one line under the matrices, in place of the hint, so that
    // a message never widens a matrix or moves the others.
    const editLine = new EditLine();
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
        limit: spec.editable ? INPUT_LIMIT : undefined,
        onFocusCell: step.focusable.includes(key) ? (i, j) => this.#setFocus(index, key, i, j) : undefined,
        editLine,
      });
    }
    const editable = step.shows.some((key) => MATRICES[key].editable);
    const summary = h('p', { className: 'summary' });
    const changes = h('div', { className: 'changes', 'aria-live': 'polite', hidden: true });
    const explanation = h('p', { className: 'explanation', 'aria-live': 'polite' });
    const element = h('div', { className: 'step-panel', role: 'group', 'aria-label': `Step ${index + 1}: ${step.title}` },
      summary,
      h('div', { className: 'matrices' }, Object.values(views).map((view) => view.element)),
      editable ? h('div', { className: 'edit-status' },
        h('p', { className: 'edit-hint screen-only' }, withSuperscripts(`The cells of ${editableNames(step)} are boxed fields: type a number `
          + `in any of them (from −${INPUT_LIMIT.toLocaleString('en-US')} to ${INPUT_LIMIT.toLocaleString('en-US')}), and every step `
          + 'recomputes as you type. In a matrix the arrow keys move between cells.')),
        editLine.element) : null,
      changes,
      explanation);
    return { element, views, summary, changes, explanation };
  }

  /** The chapter's example again: one action, one `change` (with reset: true). A refused or
   *  half-typed cell is dropped first (its message too), so the example's values show in it. */
  reset() {
    for (const panel of this.panels ?? []) for (const view of Object.values(panel.views)) if (view.onEdit) view.discardTyped();
    this.act(() => { for (const key of INPUT_NAMES) this[key] = EXAMPLE[key]; }, { reset: true });
  }

  /** Shows step `step` (clamped to 1–6): Back, Next, the step list and the arrow keys. */
  #goTo(step) {
    this.act(() => { this.step = Math.min(Math.max(step, 1), STEPS.length); });
  }

  #move(delta) {
    this.#goTo(this.step + delta);
  }

  /** Typed matrix entries are applied before any other action too. */
  commitTyped() {
    super.commitTyped();
    for (const panel of this.panels ?? []) for (const view of Object.values(panel.views)) view.commitTyped();
  }

  #onKey(event) {
    if (event.target instanceof HTMLInputElement && ['text', 'range'].includes(event.target.type)) return; // their own arrow keys
    const moves = { ArrowRight: 1, ArrowLeft: -1 };
    if (event.key in moves) this.#move(moves[event.key]);
    else if (event.key === 'Home') this.#goTo(1);
    else if (event.key === 'End') this.#goTo(STEPS.length);
    else return;
    event.preventDefault();
    // In the step list, focus follows the step (Enter then stays where it is).
    if (this.stepButtons.includes(event.target)) this.stepButtons[this.step - 1].focus();
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

  /** Recomputes everything through the core, then draws the current step. `changed` names the
   *  attributes of the action: a toggle or an input marks the cells it changed. */
  render(changed = new Set()) {
    const current = this.step - 1;
    this.causalBox.checked = this.mask === 'causal';
    this.scaleBox.checked = this.scale;
    this.scalingControl.render(this.scale, this.scaling);
    // At either end the button is marked unavailable but keeps the focus (aria-disabled, not
    // disabled): a disabled Next would hand the focus to Back, and the next Enter would undo the step.
    this.backButton.setAttribute('aria-disabled', String(current === 0));
    this.nextButton.setAttribute('aria-disabled', String(current === STEPS.length - 1));
    this.indicator.textContent = `Step ${current + 1} of ${STEPS.length}: ${STEPS[current].title}`;
    this.stepButtons.forEach((button, index) => {
      if (index === current) button.setAttribute('aria-current', 'step');
      else button.removeAttribute('aria-current');
      button.tabIndex = index === current ? 0 : -1;
    });
    this.panels.forEach((panel, index) => { panel.element.hidden = index !== current; });
    if (!this.attn) return this.#reserve(current);
    const before = this.state;
    try {
      this.state = this.#compute(this.#inputs());
      this.setProblem('core', null);
    } catch (error) {
      if (error?.name !== 'AttnError') throw error;
      // Inputs set by attribute that overflow the core's floats: keep the last good state.
      this.setProblem('core', `These inputs cannot be computed: ${error.message} The last good state is still shown.`);
    }
    this.scalingControl.showRows(this.state, this.#hasWeights());
    if (!changed.size || changed.has('stability')) {
      this.stable = stabilityNumbers(this.attn, this.stability);
      this.stabilityPanel.render(this.stable);
    }
    if (!this.asymmetry) { // a fixed example: computed once
      this.asymmetry = asymmetryNumbers(this.attn);
      this.asymmetryPanel.render(this.asymmetry);
    }
    const cause = ['mask', 'scale', 'scaling', ...INPUT_NAMES].filter((name) => changed.has(name));
    if (before && cause.length && this.state !== before) {
      const cells = changedCells(before, this.state, Object.keys(MATRICES));
      // Each step's focused cell moves onto what changed, the first time that step is drawn.
      this.lastChange = { cause, before, state: this.state, cells, unvisited: new Set(STEPS.keys()) };
    }
    this.#drawPanel(current);
  }

  /** Before the widget starts: the step's matrices show the inputs (the attributes) and “…”
   *  for what the core computes, and every panel has its lines and tables in place, so that
   *  starting fills them without moving anything. */
  #reserve(index) {
    this.scalingControl.reserveRows(this.scale, this.scaling, HEAD_WIDTH, this.#hasWeights());
    this.stabilityPanel.reserve(this.stability);
    this.asymmetryPanel.reserve();
    const panel = this.panels[index];
    for (const [key, view] of Object.entries(panel.views)) if (INPUT_NAMES.includes(key)) view.update(this[key]);
    panel.summary.textContent = `Step ${index + 1}, ${STEPS[index].title}: its numbers come from the core, computed once the widget is in view.`;
    panel.explanation.textContent = 'Each entry is explained here once it is computed.';
  }

  #compute(inputs) {
    const { matmul, attention, rowStats, allowedKeys } = this.attn;
    const { x, wq, wk, wv } = inputs;
    const project = (w) => matmul({ a: x, b: w, m: TOKENS, k: MODEL_WIDTH, n: HEAD_WIDTH });
    const q = project(wq), k = project(wk), v = project(wv);
    // scale on at scaling 1, or scale off: the core's own two ends; anything else a multiplier.
    const multiplier = multiplierOf(this.scale, this.scaling, HEAD_WIDTH);
    const scaling = this.scale && this.scaling !== 1 ? { multiplier } : { scale: this.scale };
    const result = attention({
      q, k, v, n: TOKENS, m: TOKENS, dk: HEAD_WIDTH, dv: HEAD_WIDTH, ...scaling, mask: this.mask,
    });
    const { entropy } = rowStats({ weights: result.weights, n: TOKENS, m: TOKENS });
    const { lnK } = allowedKeys({ mask: result.mask, n: TOKENS, m: TOKENS }); // a uniform row's entropy
    // result.mask is the mask the core added to the scaled scores (its `mask` step).
    return {
      ...inputs, q, k, v, ...result, entropy, lnK,
      causal: this.mask === 'causal', scale: this.scale, scaling: this.scaling, multiplier,
    };
  }

  #drawPanel(index) {
    if (!this.state) return;
    const step = STEPS[index], panel = this.panels[index];
    // The marks stay until the next change of the numbers (moving between steps keeps them).
    const change = this.lastChange ?? null;
    const cellsOf = (key) => change?.cells.get(key) ?? new Set();
    const focus = this.focusedCells[index];
    if (change?.unvisited.delete(index)) {
      const moved = cellsOf(focus.matrix);
      const at = focus.i * MATRICES[focus.matrix].cols + focus.j;
      if (moved.size && !moved.has(at)) {
        const target = largestChange(moved, change.before[focus.matrix], this.state[focus.matrix]);
        this.focusedCells[index] = { ...focus, i: Math.floor(target / MATRICES[focus.matrix].cols), j: target % MATRICES[focus.matrix].cols };
      }
    }
    const { text, marks } = step.explain(this.state, this.focusedCells[index]);
    for (const [key, view] of Object.entries(panel.views)) view.update(this.state[key], marks[key], cellsOf(key));
    replaceChildren(panel.summary, withSuperscripts(step.summary(this.state)));
    replaceChildren(panel.explanation, withSuperscripts(text));
    this.#drawChanges(index, change);
  }

  /** The line that says what the last change did: here, or at which steps (with a button each). */
  #drawChanges(index, change) {
    const panel = this.panels[index];
    panel.changes.hidden = !change;
    if (!change) return replaceChildren(panel.changes);
    const { here, elsewhere } = describeChange(change, index);
    replaceChildren(panel.changes, h('p', {}, withSuperscripts(here)),
      elsewhere.length ? h('div', { className: 'toolbar' }, elsewhere.map((stepIndex) => actionButton({
        type: 'button', className: 'secondary',
        // The button's panel is hidden as the step changes: the focus goes to that step in the list.
        onclick: () => { this.#goTo(stepIndex + 1); this.stepButtons[stepIndex].focus(); },
      }, `Show step ${stepIndex + 1}, ${STEPS[stepIndex].title}`))) : null);
  }
}

let sheet = null;
function stepperSheet() {
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(`
    .step-list { display: flex; flex-wrap: wrap; gap: 0.35rem; list-style: none; padding: 0; margin: 0.5rem 0; }
    .step-list button { padding: 0.2rem 0.6rem; font-size: calc(0.85 * var(--attn-em)); }
    .step-indicator { margin: 0; font-weight: 600; }
    .summary { margin-top: 0.8rem; }
    .explanation { font-family: var(--attn-mono); font-size: calc(0.88 * var(--attn-em)); background: var(--attn-surface);
                   border-left: 4px solid var(--attn-involved-border); padding: 0.45rem 0.7rem; overflow-wrap: anywhere; }
    .edit-status { min-height: 2.9em; font-size: calc(0.85 * var(--attn-em)); }
    .edit-status p { margin: 0.2rem 0; max-width: 40rem; }
    .edit-hint { color: var(--attn-muted); }
    .edit-status:has(.cell-error:not([hidden])) .edit-hint { display: none; }
    .changes { border-left: 4px solid var(--attn-accent); padding: 0.1rem 0.7rem; font-size: calc(0.9 * var(--attn-em)); }
    .changes .toolbar { margin: 0.3rem 0; }
    .lesson-panel { border-top: 1px solid var(--attn-border); margin-top: 1rem; padding-top: 0.4rem; }
    .lesson-panel :is(h2, h3, h4, h5, h6) { margin: 0.4rem 0; font-size: var(--attn-em); }
  `);
  return sheet;
}

defineWidget('attn-stepper', AttnStepper);
