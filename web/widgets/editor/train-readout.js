// train-readout.js — the training lab brought next to <attn-editor>: once "Use my attention" has
// switched the lab to the learner's function, Start training / Pause training / Show the loss
// chart, the step and the losses as the lab reports them (its `progress` event), and the lab's
// note when the curves call for one (a loss below the corpus floor, a growing gap: loss-notes.js).
// When the training starts or stops (from here or in the lab: its target step reached, paused, an
// error, a new model), `onState` gets a sentence saying so, with the lab's numbers, for the
// editor's status line.
//
//   const readout = new TrainReadout({ start, pause, chart, onState });  // the buttons' actions; the state's sentence
//   body.append(readout.element);  readout.follow(lab);  readout.show(true);

import { h, replaceChildren } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { fixed } from '../../ui/format.js';
import { WINDOW } from '../train/loss-notes.js';

// Four decimals, as the lab's own table of numbers shows the same losses.
const loss = (x) => (x === null || x === undefined ? '—' : fixed(x, 4));

const stepText = (step) => `step ${step.toLocaleString('en')}`;

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
    this.numbers = h('p', { className: 'readout' }, 'Not trained with your function yet.');
    this.note = h('p', { className: 'loss-note', role: 'status', hidden: true });
    this.element = h('div', { className: 'train-readout', role: 'group', 'aria-label': 'Training with your attention', hidden: true },
      h('div', { className: 'toolbar' }, this.start, this.pause, this.chart), this.numbers, this.note);
    this.followed = null;
    this.noteText = '';
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

  #update({ step, running, learner, trainLoss, valLoss, floor, note, stopped }) {
    if (!learner) return;
    this.start.disabled = running;
    this.pause.disabled = !running;
    const state = stateSentence(running, stopped, valLoss);
    if (state !== this.state) { // the status line speaks only when the state changes
      this.state = state;
      this.onState(state);
    }
    this.numbers.textContent = `Step ${step.toLocaleString('en')}${running ? ' (training)' : ''}: training loss ${loss(trainLoss)} (mean of the last ${WINDOW} steps), `
      + `validation loss ${loss(valLoss)}, corpus floor ${floor === null ? 'unknown for your own text' : loss(floor)}.`;
    const text = note ? `${note.title}: ${note.text}` : '';
    if (text === this.noteText) return; // the status line speaks only when its note changes
    this.noteText = text;
    this.note.hidden = !note;
    replaceChildren(this.note, note ? [h('strong', {}, `${note.title}: `), note.text] : []);
  }
}
