// attn-editor.js — <attn-editor>: write the attention function yourself. A CodeMirror editor
// holds the function the training lab calls, written against `ops` (differentiable primitives of
// the C autograd); "Check against reference" compares it with the built-in on random inputs
// (outputs and gradients), "Break it on purpose" inserts each classic bug (and marks the lines it
// changed), the causality check changes the future and watches the past, and "Use my attention"
// makes <attn-train> train with it; then Start training, its losses and the lab's notes are
// right here (train-readout.js), and "Show the loss chart" takes the learner to the chart.
// "Race it against the built-in" trains two models side by side, the built-in and the editor's
// function (same seed, data and batches), and draws both loss curves with a sentence on the gap
// (race-panel.js, loaded on demand).
// "Start from scratch" (a mode switch, editor-modes.js) swaps the complete function for a blank
// page (signature, shapes, TODO lines) with hints revealed one at a time; the check then names the
// first failing thing (a shape, an output, a gradient). Each mode's text is kept apart.
// A result stays on screen while the code it is about changes, marked out of date
// (result-panel.js); running one check clears the other's out-of-date result.
//
// The learner's code never runs in the page: it is compiled and run in
// web/workers/learner-worker.js, with a time limit (an infinite loop ends the worker).
// Each mode's code, as typed, the mode and the hints shown are kept in localStorage (editor-modes.js).
//
// Attributes (declared below; observed and reflected as properties):
//   train     the id of the <attn-train> that "Use my attention" drives (default: the first on the page)
//   timeout   seconds a check may run before it is stopped, 0.1–120 (default 5)
//   race-steps  steps each side of the race trains, 60–1000 (default 300: where the dropped scale's gap is plain)
// Its checks run in the learner's worker: it never loads the page's core (needsCore = false).
// Events: `change` (bubbles) once per action; detail = { what: 'check' | 'causality' | 'use'
//         | 'bug' | 'reset' | 'start' | 'pause' | 'mode' | 'hint' | 'race' | 'settings', pass?, leak?,
//         bug?, lines?, mode?, hints?, gap? }.
// Keyboard: every control is a native button; in the editor, Tab leaves it (Ctrl-] indents).

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { text, decimal, integer, quote } from '../../ui/attribute-types.js';
import { RACE_STEPS, RACE_LIMITS } from '../../lib/learner/race.js';
import { event, CONTROL_PARTS } from '../../ui/element-declarations.js';
import { h, replaceChildren, uniqueId } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { TEMPLATE, BUGS, OPS_HELP, insertBug } from '../../lib/learner/template.js';
import { LearnerClient } from '../../lib/learner/learner-client.js';
import { editorSheet, errorNode } from './editor-report.js';
import { ResultPanel } from './result-panel.js';
import { EditorModes } from './editor-modes.js';
import { TrainReadout } from './train-readout.js';
import { findTrainLab } from './train-lab.js';
import { LearnerTrainClient } from '../../lib/learner/learner-train-client.js';

/** Why "Use my attention" waits, and where to go: the lab starts when it comes into view. */
const labNotStarted = (lab, error) => `The training lab (“${lab.constructor.title}”) could not start: ${error.message} `
  + 'Reload the page, then press Use my attention again.';

export class AttnEditor extends AttnWidget {
  static title = 'Write your own attention, and prove it';
  static declaredAttributes = {
    train: text({ fallback: '', values: 'an element id', shown: 'the first `<attn-train>`' }),
    timeout: decimal({ min: 0.1, max: 120, fallback: 5, label: 'timeout', values: 'seconds, `0.1` to `120`',
      message: (typed) => `timeout must be a number of seconds from 0.1 to 120, but it is ${quote(typed)}.` }),
    'race-steps': integer({ min: RACE_LIMITS.min, max: RACE_LIMITS.max, fallback: RACE_STEPS, label: 'race-steps',
      message: (typed) => `race-steps must be a whole number of steps from ${RACE_LIMITS.min} to ${RACE_LIMITS.max}, but it is ${quote(typed)}.` }),
  };
  static declaredEvents = {
    change: event({
      when: 'after each action (a check, a planted bug, a reset, a mode switch, a hint, a race, “Use my attention”, training started or paused from it) and when an attribute changes',
      detail: {
        what: "'check' | 'causality' | 'bug' | 'reset' | 'mode' | 'hint' | 'race' | 'use' | 'start' | 'pause' | 'settings'", 'pass?': 'boolean', 'leak?': 'boolean',
        'bug?': 'string | null', 'lines?': '[number, number]', 'mode?': "'complete' | 'scratch'", 'hints?': 'number', 'gap?': 'number', 'train?': 'string', 'timeout?': 'number', 'raceSteps?': 'number',
      },
    }),
  };
  static declaredParts = { ...CONTROL_PARTS };
  static needsCore = false;

  inWords() {
    return 'A code editor holds the attention function the training lab runs, written with a small set of '
      + 'operations whose gradients the lab already knows: the complete built-in, or, from scratch, a blank page '
      + 'with TODO lines and hints shown one at a time. A failed check names the first failing shape, output or gradient. '
      + 'Race it against the built-in trains two identical models, one through each, and charts both losses. Check against reference runs your version and the '
      + 'built-in one on the same random inputs, in four shapes, and reports the largest difference in the '
      + 'outputs and in the gradients, where it is, and whether it is within tolerance. '
      + `Each of the ${BUGS.length} buttons under “Break it on purpose” puts one classic bug in the code `
      + `(${BUGS.map((bug) => bug.label.toLowerCase()).join('; ')}), and the check then says which bug it found `
      + 'and how it showed, and the lines it changed are marked. The causality check changes the later tokens of an '
      + 'input and reports whether any earlier output moved. Use my attention makes the training lab train with your '
      + 'function; Start training then trains it from here, with the step, the losses and the corpus floor shown under '
      + 'the buttons, and a note when the loss falls below the floor or the validation loss pulls away from the training loss.';
  }

  render(changed) {
    if (changed.has('timeout') && this.client) this.client.timeoutMs = this.timeout * 1000;
  }

  changeDetail() {
    return { what: 'settings', train: this.train, timeout: this.timeout, raceSteps: this.raceSteps };
  }

  build(body) {
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, editorSheet()];
    const helpId = uniqueId('ops-help');
    // Each button is one action (act): the widget's actions all go the same way.
    const button = (label, action, extra = {}) => actionButton({ onclick: () => this.act(action), ...extra }, label);
    this.buttons = {
      check: button('Check against reference', () => this.#check()),
      causality: button('Causality check', () => this.#causality()),
      use: button('Use my attention', () => this.#use()),
      builtin: button('Use the built-in', () => this.#useBuiltin(), { className: 'secondary' }),
      race: button('Race it against the built-in', () => this.#race()),
      reset: button('Reset to the built-in code', () => this.#reset(), { className: 'secondary' }),
    };
    this.bugButtons = BUGS.map((bug) => button(bug.label, () => this.#bug(bug.id), { className: 'secondary' }));
    this.bugBar = h('div', { className: 'toolbar', role: 'group', 'aria-label': 'Break it on purpose' }, h('span', { className: 'label' }, 'Break it on purpose:'), this.bugButtons);
    // The mode switch, the hints and the code are there from the start (the code as plain text,
    // where the editor will be: editor-modes.js keeps the learner's text), so the editor arriving
    // at the start moves nothing. The switch waits for the editor (disabled while busy).
    this.modes = new EditorModes({
      root: this.shadowRoot, bugBar: this.bugBar, reset: this.buttons.reset,
      onSwitch: (mode) => this.act(() => this.#switchMode(mode)),
      onHint: (hints) => this.act(() => this.emitChange({ what: 'hint', hints })),
    });
    this.host = h('div', { className: 'editor-host' }, h('pre', { className: 'code-preview' }, this.modes.code()));
    this.status = h('p', { className: 'editor-status', role: 'status', 'aria-live': 'polite' });
    this.results = new ResultPanel('Check results', 'Check against reference again to see what it does now.');
    this.causalityOut = new ResultPanel('Causality check result', 'Run the causality check again to see what it does now.');
    this.raceOut = new ResultPanel('Race result', 'Race again.');
    this.raceHost = h('div');
    this.trainOut = new ResultPanel('Training lab', 'The training lab still runs the code as it was: press Use my attention again to train with this version.');
    this.readout = new TrainReadout({
      start: () => this.act(() => this.#startTraining()),
      pause: () => this.act(() => this.#pauseTraining()),
      chart: () => this.#trainLab().showLossChart(),
      onState: (sentence) => { this.status.textContent = sentence; },
    });
    body.append(
      this.modes.modeSwitch,
      this.bugBar,
      this.host,
      h('details', { className: 'ops', id: helpId }, h('summary', {}, 'The ops you can use'),
        h('ul', {}, OPS_HELP.map(([sig, what]) => h('li', {}, h('code', {}, `ops.${sig}`.replace('ops.x.shape', 'x.shape')), ` — ${what}`)))),
      this.modes.hintsElement,
      h('div', { className: 'toolbar' }, this.buttons.check, this.buttons.causality, this.buttons.reset),
      this.status, this.results.element, this.causalityOut.element,
      h('div', { className: 'toolbar' }, this.buttons.use, this.buttons.builtin, this.buttons.race),
      this.raceOut.element, this.raceHost,
      this.trainOut.element, this.readout.element,
    );
    this.helpId = helpId;
    this.buttons.builtin.disabled = true;
    this.#setBusy(true);
  }

  async begin() {
    this.client = new LearnerClient({ timeoutMs: this.timeout * 1000 });
    try {
      const [{ createCodeEditor }, { renderCheck }] = await Promise.all([import('./code-editor.js'), import('./check-report.js')]);
      this.renderCheck = renderCheck;
      this.host.replaceChildren();
      this.editor = createCodeEditor({
        parent: this.host, root: this.shadowRoot, doc: this.modes.code(),
        label: 'Your attention function (JavaScript)', describedBy: this.helpId,
        onChange: () => {
          this.modes.keep(this.editor.value); // typed text is never lost
          for (const panel of this.#panels()) panel.follow(this.editor.value);
        },
      });
      this.modes.attach(this.editor);
      this.#setBusy(false);
    } catch (error) {
      replaceChildren(this.host, h('p', { className: 'error' }, `The editor could not be loaded: ${error.message}`));
    }
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.client?.terminate();
  }

  #setBusy(busy) {
    for (const b of [this.buttons.check, this.buttons.causality, this.buttons.use, this.buttons.race, this.buttons.reset, ...this.bugButtons]) b.disabled = busy;
    if (this.modes) this.modes.disabled = busy;
  }

  #switchMode(mode) {
    const said = this.modes.switchTo(mode);
    if (!said) return;
    this.results.clear();
    this.causalityOut.clear();
    this.status.textContent = said;
    this.emitChange({ what: 'mode', mode });
  }

  #panels() {
    return [this.results, this.causalityOut, this.trainOut, this.raceOut];
  }

  /**
   * Runs `body(source)` on the editor's code with the controls disabled; what it shows goes in
   * `panel` (a failure with its line, too; the status line says "… failed", or the error's own
   * `headline` when nothing failed). The other checks' results about earlier code go.
   */
  async #run(what, panel, body) {
    const source = this.editor.value;
    this.#setBusy(true);
    this.status.textContent = `${what}…`;
    panel.clear();
    for (const other of [this.results, this.causalityOut]) if (other.isStale(source)) other.clear();
    try {
      await body(source);
    } catch (error) {
      panel.show(h('p', { className: 'error', role: 'alert' }, errorNode(error, (line) => this.editor.goToLine(line))), source);
      this.status.textContent = error.headline ?? (error.timedOut ? 'Stopped after the time limit.' : `${what} failed.`);
    } finally {
      this.#setBusy(false);
    }
  }

  async #check() {
    await this.#run('Checking against the reference', this.results, async (source) => {
      const report = await this.client.request('check', { source });
      this.results.show(this.renderCheck(report, (line) => this.editor.goToLine(line)), source);
      this.status.textContent = report.pass ? 'Check passed.' : 'Check failed.';
      this.emitChange({ what: 'check', pass: report.pass, bug: report.diagnosis?.bug ?? null });
    });
  }

  /** Races the editor's function against the built-in (race-panel.js, which says what it found). */
  async #race() {
    await this.#run('Racing your function against the built-in', this.raceOut, async (source) => {
      const { RacePanel } = await import('./race-panel.js');
      this.racePanel ??= new RacePanel(this.raceHost, (onEvent, onFatal) => new LearnerTrainClient(onEvent, onFatal));
      const { node, said, gap } = await this.racePanel.race(source, this.raceSteps);
      this.raceOut.show(node, source);
      this.status.textContent = said;
      if (gap !== undefined) this.emitChange({ what: 'race', gap });
    });
  }

  async #causality() {
    await this.#run('Changing the future and watching the past', this.causalityOut, async (source) => {
      const result = await this.client.request('causality', { source });
      const node = h('p', { className: result.leak ? 'verdict fail' : result.leak === false ? 'verdict pass' : 'error' },
        result.error ? errorNode({ ...result.error, message: result.message }, (line) => this.editor.goToLine(line)) : result.message);
      this.causalityOut.show(node, source);
      this.status.textContent = result.leak ? 'Causality check: a leak.' : result.leak === false ? 'Causality check: no leak.' : 'Causality check could not run.';
      this.emitChange({ what: 'causality', leak: result.leak });
    });
  }

  #bug(id) {
    const bug = BUGS.find((b) => b.id === id);
    const { source, fromTemplate, lines } = insertBug(this.editor.value, id);
    this.editor.plant(source, lines);
    const where = lines.from === lines.to ? `line ${lines.from}` : `lines ${lines.from}–${lines.to}`;
    this.status.textContent = `Inserted the bug “${bug.label}” on ${where}, marked “planted bug”${fromTemplate ? ', into the built-in code (your code did not have the line it changes)' : ''}. `
      + `${bug.leaks ? 'Run the causality check, or use it in the training lab and watch the loss fall below the corpus floor.' : 'Press Check against reference to see how it shows.'} Undo (Ctrl-Z) takes it out.`;
    this.results.clear();
    this.causalityOut.clear();
    this.emitChange({ what: 'bug', bug: id, lines: [lines.from, lines.to] });
  }

  #reset() {
    this.editor.value = this.modes.startText;
    this.results.clear();
    this.causalityOut.clear();
    this.status.textContent = `The editor holds ${this.modes.startName} again (Ctrl-Z undoes this).`;
    this.emitChange({ what: 'reset' });
  }

  #trainLab() {
    return findTrainLab(this.train);
  }

  /** "Use my attention". While it runs, `this.using` resolves to whether the lab took the code
   *  (Start training waits for it), and the readout says its numbers are the function's before. */
  async #use() {
    let used = false;
    this.readout.switching(true);
    const run = this.#run('Compiling your function for the training lab', this.trainOut, async (source) => {
      const lab = this.#trainLab();
      // A lab that has not started yet (it starts by itself when it comes into view; after a jump
      // from the contents it has not been near): start it now, and wait for its model.
      if (!lab.started) this.status.textContent = 'Starting the training lab and loading its model…';
      try {
        await lab.startNow();
      } catch (error) {
        throw Object.assign(new Error(labNotStarted(lab, error)), { headline: 'Not used: the training lab could not start.' });
      }
      await this.client.request('compile', { source }); // its errors, with lines, before the lab sees it
      this.#watch(lab);
      await lab.useAttention(source);
      this.buttons.builtin.disabled = false;
      this.trainOut.show(h('p', {}, 'The training lab now runs your function. Start training here (or with Start in the lab), and watch the losses below; Show the loss chart takes you to its curves and maps. If the loss falls below the corpus floor, be suspicious: run the causality check.'), source);
      this.readout.show(true);
      this.status.textContent = 'Using your attention.';
      used = true;
      this.emitChange({ what: 'use' });
    });
    this.using = run.then(() => used);
    try {
      await run;
    } finally {
      this.using = null;
      this.readout.switching(false);
    }
  }

  /** Follows the lab: its progress (the readout), and when it drops the learner's function (a time limit, a crash). */
  #watch(lab) {
    this.readout.follow(lab);
    if (this.watched === lab) return;
    this.watched = lab;
    lab.addEventListener('change', (event) => {
      if (event.detail?.what !== 'attention' || event.detail.learner) return;
      this.buttons.builtin.disabled = true;
      this.readout.show(false);
      if (event.detail.reason) this.status.textContent = 'Training stopped: the training lab went back to the built-in attention.';
      this.trainOut.show(h('p', {}, event.detail.reason
        ? `The training lab stopped using your function: ${event.detail.reason}`
        : 'The training lab runs the built-in attention again.'), null);
    });
  }

  async #useBuiltin() {
    await this.#run('Switching the training lab back', this.trainOut, async () => {
      await this.#trainLab().useAttention(null);
      this.buttons.builtin.disabled = true;
      this.readout.show(false);
      this.trainOut.show(h('p', {}, 'The training lab runs the built-in attention again.'), null);
      this.status.textContent = '';
    });
  }

  /**
   * Start training: pressed while "Use my attention" switches the lab, it waits for the switch, so
   * that the code in the editor trains (not the function it replaces). The status line follows the
   * lab (train-readout.js): running, then why it stopped; what became of the press is said under
   * the buttons, with the lab's sentence when it refuses.
   */
  async #startTraining() {
    if (this.using) {
      this.readout.say('Training starts once the training lab runs the code in the editor.');
      if (!(await this.using)) {
        this.readout.say('Training did not start: the code in the editor could not be used (the reason is above). '
          + 'Press Start training again to train the function the lab still runs.', { problem: true });
        return;
      }
    }
    let started;
    try {
      started = await this.#trainLab().startTraining();
    } catch (error) {
      this.readout.say(`Training could not start: ${error.message}`, { problem: true });
      return;
    }
    if (started) {
      this.readout.say('');
      this.emitChange({ what: 'start' });
    } else {
      this.readout.say('Training did not start: the training lab’s “Train until step” refuses it (the sentence is beside that field, in the lab).', { problem: true });
    }
  }

  async #pauseTraining() {
    try {
      await this.#trainLab().pauseTraining(); // the status line: the readout's sentence, at the pause
    } catch (error) {
      this.readout.say(`Training could not pause: ${error.message}`, { problem: true });
      return;
    }
    this.readout.say('');
    this.emitChange({ what: 'pause' });
  }
}

defineWidget('attn-editor', AttnEditor);
