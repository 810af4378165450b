// attn-exercise.js — <attn-exercise>: one exercise from the chapter's "Exercises", done with a
// real widget and checked by the C core (exercise-tasks.js, exercise-marks.js). The widget is
// the element's child: the one written inside it (<attn-exercise task="cost-crossover"><attn-cost>
// </attn-cost></attn-exercise>) or, when there is none, a fresh one the exercise adds when the
// learner presses "Start the exercise" (so a page of exercises does not start a second copy of
// every widget before it is wanted). The exercise observes only the widget's public face, its
// properties and its `change` events, and after every change says which conditions hold and
// which do not. Hints come one at a time. An exercise started or solved and the hints shown are
// kept in this browser only (web/lib/progress-store.js); a started one reopens on a reload.
// While the widget refuses a value typed in it, the verdict (about the settings it still holds)
// is marked out of date (../check/stale-verdict.js).
//
// Attributes (declared below; observed and reflected as the property `task`):
//   task   which exercise (default "stepper-weight")
// Events (declaredEvents below): `change` (bubbles) when `task` changes, detail = { task };
//         `solved` (bubbles) the first time the task is done, detail = { task }.
// Parts: controls (the row of buttons), hints, feedback (the verdict), conditions.
// Methods (declaredMethods): start(), showHint(), forget(), its three buttons for a page's script.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { choice } from '../../ui/attribute-types.js';
import { event, method, settingsDetail, CONTROL_PARTS } from '../../ui/element-declarations.js';
import { h, replaceChildren, withSuperscripts } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { mustBeOnPage, mustHaveStarted, refuseCall } from '../../ui/widget-calls.js';
import { Status } from '../../lib/errors.js';
import { ProgressStore } from '../../lib/progress-store.js';
import { sectionLink } from '../check/section-link.js';
import { checkSheet } from '../check/check-styles.js';
import { markStale } from '../check/stale-verdict.js';
import { TASKS, TASK_IDS, findTask } from './exercise-tasks.js';

/** How an exercise gets its task's widget defined. The registry (widgets/registry.js), which
 *  loads this module, hands in its own loader, so this file does not import the registry back;
 *  loaded some other way, it waits for the page to define the widget (the lab page defines all). */
let loadWidget = (tag) => customElements.whenDefined(tag);

/** Called by the registry when it loads this module: `load(tag)` resolves once `tag` is defined. */
export function setWidgetLoader(load) {
  loadWidget = load;
}

const PREFIX = 'exercise/';

export class AttnExercise extends AttnWidget {
  static title = 'Exercise';
  static declaredAttributes = {
    task: choice(TASK_IDS, { label: 'task' }),
  };
  // The child widget's own events bubble through the exercise too; they are declared by it.
  static declaredEvents = {
    change: event({ when: '`task` changed', detail: settingsDetail(this.declaredAttributes) }),
    solved: event({ when: 'the task was done for the first time in this browser', detail: { task: TASK_IDS.map((id) => `'${id}'`).join(' | ') } }),
  };
  static declaredMethods = {
    start: method({
      does: 'opens the task’s widget, as “Start the exercise” does (the widget written inside, or a new one), moves the focus to it once it has started '
        + 'and remembers the exercise as started; resolves to that widget; rejects with an AttnError before the exercise has started',
      returns: 'Promise<HTMLElement>',
    }),
    showHint: method({
      does: 'reveals the next hint, as “Show a hint” does (kept in this browser), and returns how many are shown; throws an AttnError when every hint '
        + 'is shown already or the exercise is not on the page',
      returns: 'number',
    }),
    forget: method({
      does: 'forgets this exercise’s progress in this browser (started, solved, hints), as “Forget my progress” does; a widget written inside stays; '
        + 'throws an AttnError when the exercise is not on the page',
    }),
  };
  static declaredParts = {
    ...CONTROL_PARTS,
    hints: 'the list of hints shown',
    feedback: 'the feedback in words: on a checked answer, or an exercise’s verdict',
    conditions: 'the list of conditions, each met (✓) or not yet (✗)',
  };

  inWords() {
    const task = findTask(this.task) ?? TASKS[0];
    return `An exercise done with a widget: ${task.statement} “Start the exercise” opens the widget below `
      + 'the task (a widget written inside the exercise is there from the start). After every change of the '
      + 'widget the attention core recomputes the task and a list says which conditions hold and which do '
      + 'not. Hints are shown one at a time on request. A started or solved exercise is remembered in this '
      + 'browser only.';
  }

  build(body) {
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, checkSheet()];
    this.store = new ProgressStore();
    this.memory = {};
    this.heading = h(this.subheading, { className: 'task-title' });
    this.statement = h('p', { className: 'statement' });
    this.hintList = h('ol', { className: 'task-list hints', part: 'hints', 'aria-label': 'Hints' });
    this.hintButton = actionButton({ className: 'secondary', onclick: () => this.showHint() }, 'Show a hint');
    this.resetButton = actionButton({ className: 'secondary', onclick: () => this.forget() }, 'Forget my progress');
    this.verdict = h('p', { className: 'feedback', part: 'feedback', role: 'status' });
    this.lines = h('ul', { className: 'task-list conditions', part: 'conditions', 'aria-label': 'What the core found' });
    this.see = h('p', { className: 'see' });
    this.startButton = actionButton({ disabled: true, onclick: () => this.start() }, 'Start the exercise');
    this.results = h('div', { className: 'results', hidden: true }, this.verdict, this.lines);
    body.append(this.heading, this.statement, h('div', { className: 'toolbar' }, this.startButton, this.hintButton, this.resetButton), this.hintList,
      this.results, this.see, h('slot'));
    this.addEventListener('change', (event) => {
      if (event.target === this || event.target !== this.widget) return;
      this.lastDetail = event.detail;
      this.#mark();
    });
    // A refusal in the widget fires no `change`: the verdict stays, marked as about its last good settings.
    this.addEventListener('problems', (event) => {
      if (event.target === this.widget) this.#markIfRefusing();
    });
  }

  begin() {
    this.startButton.disabled = false;
    this.#openIfStarted();
  }

  /** Opens the task's widget (the learner's "Start the exercise"), and remembers that it was. */
  async start() {
    mustHaveStarted(this, 'start()');
    const task = findTask(this.task);
    this.store.put(PREFIX + task.id, { ...this.store.get(PREFIX + task.id), opened: true });
    await this.#ensureWidget();
    this.#focusWhenStarted(this.widget);
    return this.widget;
  }

  /** Moves the focus to the new widget once it has started (the start button is gone by then). */
  #focusWhenStarted(widget, frames = 600) {
    if (!widget || widget !== this.widget) return;
    if (widget.started) {
      widget.tabIndex = -1; // focusable by script only, as an author moves focus to a widget
      widget.focus();
    }
    else if (frames > 0) requestAnimationFrame(() => this.#focusWhenStarted(widget, frames - 1));
  }

  /** Opens the widget when one is written inside, or when the learner started this task before. */
  #openIfStarted() {
    const task = findTask(this.task);
    const written = [...this.children].some((child) => child.localName === task.tag && !child.hasAttribute('data-exercise-widget'));
    if (written || this.store.get(PREFIX + task.id)?.opened) this.#ensureWidget();
    else this.#close();
  }

  /** Removes a widget the exercise added, and shows "Start the exercise" again. */
  #close() {
    this.querySelector(':scope > [data-exercise-widget]')?.remove();
    this.widget = null;
    this.startButton.hidden = false;
    this.results.hidden = true;
  }

  render(changed) {
    const task = findTask(this.task);
    if (changed.has('task') || this.shownTask !== task.id) {
      this.shownTask = task.id;
      this.memory = {};
      this.lastDetail = undefined;
      replaceChildren(this.heading, withSuperscripts(task.title));
      replaceChildren(this.statement, withSuperscripts(task.statement));
      replaceChildren(this.see, 'The section: ', sectionLink(task.section, `§${task.section.replace(/^s/, '').replace('-', '.')}`), '.');
      this.refreshInWords();
      this.#showHints();
      if (this.started) this.#openIfStarted();
    }
  }

  /** The task's widget: the child of that tag, or a new one (replacing one the exercise added). */
  async #ensureWidget() {
    const task = findTask(this.task);
    let widget = [...this.children].find((child) => child.localName === task.tag);
    if (!widget) {
      this.querySelector(':scope > [data-exercise-widget]')?.remove();
      widget = document.createElement(task.tag);
      widget.dataset.exerciseWidget = '';
      widget.setAttribute('heading-level', String(Math.min(6, (this.headingLevel ?? 3) + 1)));
      this.append(widget);
    }
    this.widget = widget;
    this.startButton.hidden = true;
    this.results.hidden = false;
    await loadWidget(task.tag);
    await customElements.whenDefined(task.tag);
    if (this.widget === widget) this.#mark();
  }

  /** Recomputes the task from the widget's public face and says what holds. */
  #mark() {
    const task = findTask(this.task);
    if (!this.attn || !this.widget || this.widget.localName !== task.tag) return;
    let outcome;
    try {
      outcome = task.mark(this.attn, this.widget, this.lastDetail, this.memory);
    } catch (error) {
      if (error?.name !== 'AttnError') throw error;
      outcome = { done: false, lines: [{ ok: false, text: `The widget’s settings cannot be computed: ${error.message}` }] };
    }
    replaceChildren(this.lines, ...outcome.lines.map((line) => h('li', { className: line.ok ? 'ok' : 'not-yet' },
      h('span', { 'aria-hidden': 'true' }, line.ok ? '✓ ' : '✗ '), h('span', { className: 'sr-only' }, line.ok ? 'Done: ' : 'Not yet: '), withSuperscripts(line.text))));
    const record = this.store.get(PREFIX + task.id) ?? {};
    if (outcome.done && !record.done) {
      this.store.put(PREFIX + task.id, { ...record, done: true });
      this.dispatchEvent(new CustomEvent('solved', { bubbles: true, detail: { task: task.id } }));
    }
    const solvedBefore = !outcome.done && record.done;
    this.verdict.className = `feedback ${outcome.done ? 'right' : 'wrong'}`;
    this.verdict.textContent = outcome.done ? '✓ Solved: every condition holds.'
      : `✗ Not yet: ${outcome.lines.filter((line) => !line.ok).length} of ${outcome.lines.length} conditions still to meet.${solvedBefore ? ' (You solved this one before; this browser remembers it.)' : ''}`;
    this.#markIfRefusing();
  }

  /** The verdict, marked out of date while the widget refuses something typed or set in it. */
  #markIfRefusing() {
    const refusing = this.widget?.problems?.length > 0;
    markStale(this.verdict, refusing ? 'the widget refuses what was typed in it (its message says why), so this is about the settings it still holds.' : null);
  }

  /** Reveals the next hint (kept in the progress); returns how many are shown. */
  showHint() {
    mustBeOnPage(this, 'showHint()');
    const task = findTask(this.task);
    const record = this.store.get(PREFIX + task.id) ?? {};
    if ((record.hints ?? 0) >= task.hints.length) {
      refuseCall('showHint()', `every hint of this exercise is shown already (${task.hints.length} of ${task.hints.length}).`, Status.UNAVAILABLE);
    }
    const shown = Math.min(task.hints.length, (record.hints ?? 0) + 1);
    this.store.put(PREFIX + task.id, { ...record, hints: shown });
    this.#showHints();
    this.hintList.lastElementChild?.focus();
    return shown;
  }

  /** Forgets this exercise's progress (started, solved, hints); a widget written inside stays. */
  forget() {
    mustBeOnPage(this, 'forget()');
    const task = findTask(this.task);
    this.store.clear(PREFIX + task.id);
    this.#showHints();
    this.#openIfStarted();
    this.#mark();
  }

  #showHints() {
    const task = findTask(this.task);
    const shown = this.store.get(PREFIX + task.id)?.hints ?? 0;
    replaceChildren(this.hintList, ...task.hints.slice(0, shown).map((hint, i) => h('li', { tabindex: '-1' }, h('span', { className: 'sr-only' }, `Hint ${i + 1}: `), withSuperscripts(hint))));
    this.hintList.hidden = shown === 0;
    this.hintButton.disabled = shown >= task.hints.length;
    this.hintButton.textContent = shown >= task.hints.length ? 'No more hints' : `Show a hint (${shown + 1} of ${task.hints.length})`;
  }
}

defineWidget('attn-exercise', AttnExercise);
