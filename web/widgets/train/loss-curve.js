// loss-curve.js — <attn-train>'s loss chart and the note under it: the training and validation
// losses by step beside the unigram baseline and the corpus floor, the losses kept since the
// model was adopted (loss-notes.js), and the note that explains them when the curves do what a
// learner would not expect (peeking, overfitting).
//
//   const curve = new LossCurve();            // curve.chart (LineChart), curve.noteLine (<p>)
//   await curve.ready;  curve.setSeries(accent);
//   curve.restart(baselines);                 // a new model: empty curves, its baselines
//   curve.addTrain([[step, loss], …]);  curve.addValidation(step, loss);  curve.addCurve(record);
//   curve.points()  → { train, validation } as [step, loss] pairs;  curve.addPoints(points)  (a kept model's)
//   curve.addMeasured(step, loss);            // the loss measured at a pause: drawn unless its step has one
//   curve.showNote(fresh, { floor, learner });
//   curve.latest()                            // → { trainLoss, valLoss, note }, for the `progress` event

import { h, replaceChildren } from '../../ui/dom.js';
import { LineChart } from '../../ui/line-chart.js';
import { LossHistory } from './loss-notes.js';

/** How far the step axis of the lab's charts reaches before a model has trained (two evaluations:
 *  the worker measures every 50 steps), in whole steps. */
export const FIRST_STEPS = 100;

export class LossCurve {
  constructor() {
    this.chart = new LineChart({ label: 'Loss curves: training and validation loss by step, with the unigram baseline and the corpus floor', xTitle: 'step', yTitle: 'loss (nats per character)', steps: FIRST_STEPS });
    this.chart.canvas.tabIndex = -1; // showLossChart() takes the learner here
    this.noteLine = h('p', { className: 'loss-note', role: 'status', hidden: true });
    this.history = new LossHistory();
    this.note = null; // the note shown (loss-notes.js), or null
  }

  get ready() { return this.chart.ready; }

  /** The chart's four series; `accent`: the page's accent colour, which reads in both themes. */
  setSeries(accent) {
    this.chart.setSeries([
      { name: 'training loss', colour: accent || '#1d5fbf' },
      { name: 'validation loss', colour: '#c2410c', points: true, front: true },
      { name: 'unigram baseline', colour: '#6b7280', dashed: true, line: true },
      { name: 'corpus floor', colour: '#15803d', dashed: true, line: true },
    ]);
  }

  /** A new model: empty curves, and its baselines (null when unknown) as lines. */
  restart({ unigram, floor }) {
    this.chart.reset();
    this.history.reset();
    this.chart.setLine('unigram baseline', unigram);
    this.chart.setLine('corpus floor', floor);
  }

  addTrain(points) {
    this.chart.add('training loss', points);
    this.history.addTrain(points);
  }

  addValidation(step, loss) {
    this.chart.add('validation loss', [[step, loss]]);
    this.history.addValidation(step, loss);
  }

  /** A validation loss measured outside the evaluations (at a pause), drawn at its step like
   *  theirs, unless one is drawn at that step already (the same model, measured the same way).
   *  True when it was drawn. */
  addMeasured(step, loss) {
    if (this.history.hasValidation(step)) return false;
    this.addValidation(step, loss);
    return true;
  }

  /** The shipped model's recorded curve, drawn as if it had been trained here. */
  addCurve({ train, validation }) {
    this.addTrain(train.map((loss, i) => [i + 1, loss]));
    this.chart.add('validation loss', validation); // one redraw for all of them
    for (const [step, loss] of validation) this.history.addValidation(step, loss);
  }

  /** The curves kept since the model was adopted, as [step, loss] pairs (model-store.js keeps them). */
  points() {
    return { train: this.history.train.map((p) => [...p]), validation: this.history.validation.map((p) => [...p]) };
  }

  /** Curves given as points() gives them (a kept model's), drawn as they were. */
  addPoints({ train, validation }) {
    this.addTrain(train);
    this.chart.add('validation loss', validation);
    for (const [step, loss] of validation) this.history.addValidation(step, loss);
  }

  /**
   * Shows the note the curves call for (loss-notes.js) under the chart. Its text is rewritten
   * when the kind of note changes, or with `fresh` numbers (a validation loss, a new model), so
   * a screen reader hears it once per measurement, not per chunk of steps.
   */
  showNote(fresh, { floor, learner }) {
    const note = this.history.note({ floor, learner });
    if ((note?.kind ?? null) !== (this.note?.kind ?? null) || fresh) {
      this.noteLine.hidden = !note;
      replaceChildren(this.noteLine, note ? [h('strong', {}, `${note.title}: `), note.text] : []);
    }
    this.note = note;
  }

  /** The losses to report: the recent training loss, the last validation loss, and the note. */
  latest() {
    const lastTrain = this.history.train.at(-1);
    return {
      trainLoss: lastTrain ? this.history.recentTrain(lastTrain[0]) : null,
      valLoss: this.history.validation.at(-1)?.[1] ?? null,
      note: this.note,
    };
  }

  /** Scrolls the chart into view and moves the focus to it. */
  focus() {
    this.chart.canvas.scrollIntoView({ block: 'center' });
    this.chart.canvas.focus({ preventScroll: true });
  }
}
