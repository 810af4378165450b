// train-readout.js — the training lab brought next to <attn-editor>: once "Use my attention" has
// switched the lab to the learner's function, Start training / Pause training / Show the loss
// chart, the step and the losses as the lab reports them (its `progress` event), and the lab's
// note when the curves call for one (a loss below the corpus floor, a growing gap: loss-notes.js).
// When the training starts or stops (from here or in the lab: its target step reached, paused, an
// error, a new model), `onState` gets a sentence saying so, with the lab's numbers, for the
// editor's status line. Each loss says which function it comes from: the validation loss is
// measured through the function in use; the training loss is a mean of steps, some of which may
// have been trained before that function was (the lab's detail.since). While the editor switches
// the lab to other code, the numbers are said to be the function's used until then. What became
// of a press of Start or Pause (waiting for a switch, or why it did not start) is said under the
// buttons (`say`).
//
//   const readout = new TrainReadout({ start, pause, chart, onState });  // the buttons' actions; the state's sentence
//   body.append(readout.element);  readout.follow(lab);  readout.show(true);
//   readout.switching(true);  readout.say(sentence, { problem });

import { h, replaceChildren } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { fixed } from '../../ui/format.js';
import { WINDOW } from '../train/loss-notes.js';

// Four decimals, as the lab's own table of numbers shows the same losses.
const loss = (x) => (x === null || x === undefined ? '—' : fixed(x, 4));

const stepText = (step) => `step ${step.toLocaleString('en')}`;

/** The training loss (a mean of the last WINDOW steps) and which function trained those steps:
 *  the one in use since step `since`, or the one before it. */
function trainingLoss(trainLoss, step, since) {
  if (trainLoss === null || trainLoss === undefined) return 'training loss —';
  const counted = Math.min(step, WINDOW);
  const withIt = Math.max(0, Math.min(step - since, counted));
  const which = withIt === counted ? 'all trained with the function in use'
    : withIt === 0 ? 'all trained before the function in use'
      : `the last ${withIt} of them trained with the function in use`;
  return `training loss ${loss(trainLoss)} (mean of the last ${WINDOW} steps, ${which})`;
}

/** Where the training is, in a sentence: running, or why it stopped (the lab's detail.stopped). */
function stateSentence(running, stopped, valLoss) {
  if (running) return 'Training with your attention.';
  if (!stopped) return 'Not training.';
  const { reason, step } = stopped;
  if (reason === 'done') return `Trained with your attention to ${stepText(step)}; validation loss ${loss(valLoss)}.`;
  if (reason === 'pause') return `Training paused at ${stepText(step)}; validation loss ${loss(stopped.valLoss)}.`;
  if (reason === 'error') return `Training stopped at ${stepText(step)}: ${stopped.message}`;
  return `The training lab has a new model, at ${stepText(step)}: Start training trains it with your attention.`;
}

export class TrainReadout {
  constructor({ start, pause, chart, onState }) {
    this.onState = onState;
    this.state = '';
    this.start = actionButton({ onclick: start }, 'Start training');
    this.pause = actionButton({ className: 'secondary', onclick: pause, disabled: true }, 'Pause training');
    this.chart = actionButton({ className: 'secondary', onclick: chart }, 'Show the loss chart');
    // Not a live region: it changes several times a second while training runs.
    this.said = h('p', { className: 'readout-said', role: 'status', hidden: true });
    this.numbers = h('p', { className: 'readout' }, 'Not trained with your function yet.');
    this.note = h('p', { className: 'loss-note', role: 'status', hidden: true });
    this.element = h('div', { className: 'train-readout', role: 'group', 'aria-label': 'Training with your attention', hidden: true },
      h('div', { className: 'toolbar' }, this.start, this.pause, this.chart), this.said, this.numbers, this.note);
    this.followed = null;
    this.noteText = '';
    this.detail = null;     // the lab's last `progress` detail
    this.isSwitching = false;
  }

  /** What became of a press of Start or Pause, under the buttons ('' clears it); a `problem` (it
   *  did not happen) is marked ⚠ and announced at once. */
  say(sentence, { problem = false } = {}) {
    this.said.hidden = !sentence;
    this.said.className = problem ? 'readout-said error' : 'readout-said';
    this.said.setAttribute('role', problem ? 'alert' : 'status');
    this.said.textContent = sentence && problem ? `⚠ ${sentence}` : sentence;
  }

  /** The editor is switching the lab to other code (true) or is done (false): until it is, the
   *  numbers are the function's used before. */
  switching(on) {
    this.isSwitching = on;
    if (this.detail) this.#numbers(this.detail);
  }

  /** Shows the controls (while the lab runs the learner's function) or hides them. */
  show(on) {
    this.element.hidden = !on;
  }

  /** Listens to `lab`'s progress (once per lab). */
  follow(lab) {
    if (this.followed === lab) return;
    this.followed = lab;
    lab.addEventListener('progress', (event) => this.#update(event.detail));
  }

  #update({ step, since, running, learner, trainLoss, valLoss, floor, note, stopped }) {
    if (!learner) return;
    this.start.disabled = running;
    this.pause.disabled = !running;
    const state = stateSentence(running, stopped, valLoss);
    if (state !== this.state) { // the status line speaks only when the state changes
      this.state = state;
      this.onState(state);
    }
    if (running) this.say(''); // a wait for the switch is over
    this.detail = { step, since, running, trainLoss, valLoss, floor };
    this.#numbers(this.detail);
    const text = note ? `${note.title}: ${note.text}` : '';
    if (text === this.noteText) return; // the status line speaks only when its note changes
    this.noteText = text;
    this.note.hidden = !note;
    replaceChildren(this.note, note ? [h('strong', {}, `${note.title}: `), note.text] : []);
  }

  /** The step and the losses, each saying which function it comes from. */
  #numbers({ step, since, running, trainLoss, valLoss, floor }) {
    this.numbers.textContent = `${this.isSwitching ? 'Switching to the code in the editor; until then the function in use is the one before. ' : ''}`
      + `Step ${step.toLocaleString('en')}${running ? ' (training)' : ''}: ${trainingLoss(trainLoss, step, since)}, `
      + `validation loss ${loss(valLoss)}${valLoss === null ? '' : ' (measured through the function in use)'}, `
      + `corpus floor ${floor === null ? 'unknown for your own text' : loss(floor)}.`;
  }
}
