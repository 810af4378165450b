// attention-switch.js — which attention function <attn-train> trains with ("Use my attention" in
// <attn-editor>): the core's built-in one, in the training worker (lib/train-client.js), or the
// learner's, in the learner's worker (lib/learner/learner-train-client.js). The model moves from
// one to the other as its weights file; while the learner's worker trains, the built-in one is
// kept, to go back to, which the lab also does when the learner's worker stops (a time limit or
// a crash). The two lines the lab shows about it are built here.
//
//   const attention = new AttentionSwitch(lab);   // lab: <attn-train>'s hooks (its #hooks())
//   attention.start();                            // the built-in attention's training worker
//   attention.client                              // the worker that trains now (request, terminate)
//   attention.learner                             // true while it runs the learner's function
//   await attention.use(source);                  // the learner's function (its source text), or null
//   attention.note, attention.alert               // the lines under the lab's message

import { h } from '../../ui/dom.js';
import { TrainClient } from '../../lib/train-client.js';
import { LearnerTrainClient } from '../../lib/learner/learner-train-client.js';
import { WINDOW } from './loss-notes.js';

export class AttentionSwitch {
  constructor(lab) {
    this.lab = lab;
    this.note = h('p', { className: 'message learner-note', role: 'status', hidden: true });
    this.alert = h('p', { className: 'error', role: 'alert', hidden: true });
    this.client = null;  // the worker that trains now
    this.builtin = null; // while the learner's attention trains: the built-in attention's worker
  }

  /** The training worker of the built-in attention; the lab starts with it. */
  start() {
    const client = new TrainClient((event) => this.#fromWorker(client, event));
    this.client = client;
    return client;
  }

  /** A worker's event reaches the lab only from the worker that trains now: one being replaced
   *  (or kept aside) says nothing about the model and function in use. */
  #fromWorker(client, event) {
    if (client === this.client) this.lab.onEvent(event);
  }

  /** True while training runs the learner's attention function. */
  get learner() { return Boolean(this.builtin); }

  /**
   * Trains (and draws maps) with the learner's attention function, given as its source text, or
   * with the built-in C path again when `source` is null; the current model moves over as its
   * weights. Throws (with the line, for the learner's errors) when it cannot switch.
   */
  async use(source) {
    const bytes = await this.client.request('save');
    if (source === null) {
      if (!this.builtin) return;
      const info = await this.builtin.request('load', { bytes });
      this.client.terminate();
      [this.client, this.builtin] = [this.builtin, null];
      this.note.hidden = this.alert.hidden = true;
      this.lab.adopt(info, 'Back to the built-in attention', { continued: true });
      this.lab.changed({ what: 'attention', step: info.steps, learner: false });
      return;
    }
    const next = new LearnerTrainClient((event) => this.#fromWorker(next, event), (message) => this.#learnerDied(message));
    try {
      await next.request('attention', { source });
      const info = await next.request('load', { bytes });
      if (this.builtin) this.client.terminate();
      else this.builtin = this.client;
      this.client = next;
      this.note.hidden = false;
      this.alert.hidden = true;
      this.note.textContent = 'Training runs your attention function from the editor below; its gradients come from the autograd, the validation loss is measured through it too, and the maps are the weights your code returns. '
        + `The training loss is the mean of the last ${WINDOW} steps: until ${WINDOW} have been trained with this function, it counts steps trained before it. `
        + 'Samples use the built-in attention, which sees only the past, as generating text must.';
      this.lab.adopt(info, 'Now using your attention', { continued: true });
      this.lab.changed({ what: 'attention', step: info.steps, learner: true });
    } catch (error) {
      next.terminate();
      throw error;
    }
  }

  /** The learner's worker stopped (a time limit or a crash): back to the C path and its model. */
  async #learnerDied(message) {
    if (!this.builtin) return;
    [this.client, this.builtin] = [this.builtin, null];
    this.lab.stopped(message);
    this.note.hidden = true;
    this.alert.hidden = false;
    this.alert.textContent = `⚠ ${message} The lab went back to the built-in attention.`;
    this.lab.changed({ what: 'attention', step: this.lab.step(), learner: false, reason: message });
    const info = await this.client.request('info');
    if (info) this.lab.adopt(info, 'Back to the built-in attention and the model as it was when you switched');
  }

  /** Ends both workers (the lab left the page). */
  terminate() {
    this.client?.terminate();
    this.builtin?.terminate();
    this.client = null;
  }
}
