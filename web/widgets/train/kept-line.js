// kept-line.js — the line at the top of the training lab when it came back, on load, to the model
// the learner trained and this browser kept (model-store.js): which step it reached, when it was
// kept, whether its loss curve and its own text came back with it, and a "Back to the shipped
// model" button. Hidden otherwise.
//
//   const line = new KeptLine({ onShipped: () => … });  body.prepend(line.element);
//   line.show(kept, info);   // kept: loadLastModel()'s record; info: the worker's description
//   line.hide();

import { h } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { MAX_KEPT_TEXT } from './model-store.js';

/** When a model was kept, in words ("7 December 2026 at 22:40"), in the browser's time zone. */
function keptWhen(savedAt) {
  const at = new Date(savedAt);
  const day = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${day} at ${time}`;
}

/** What came back with the model, beside its weights, in sentences. */
export function keptInWords(kept, info) {
  const lines = [`This is the model you trained, kept in this browser: step ${info.steps.toLocaleString('en-GB')}`
    + `${kept.savedAt === null ? '' : `, kept on ${keptWhen(kept.savedAt)}`}.`];
  lines.push(kept.curve && kept.steps === info.steps ? 'Its loss curve came back with it.' : 'Its loss curve was not kept with it (an older version of the lab kept the weights only): the chart starts at this step.');
  if (info.corpus?.kind === 'text') {
    lines.push(kept.text !== null
      ? `It was trained on your own text, which came back with it (${kept.text.length.toLocaleString('en-GB')} characters): it can train on and its heads can be measured.`
      : `It was trained on your own text, which was not kept with it (only texts up to ${MAX_KEPT_TEXT / 2 ** 20} MB are, and an older version of the lab kept none): `
        + 'it samples and draws maps, but to train it further build a model on the text again.');
  }
  return lines.join(' ');
}

export class KeptLine {
  constructor({ onShipped }) {
    this.text = h('span', {});
    this.shipped = actionButton({ className: 'secondary', onclick: onShipped }, 'Back to the shipped model');
    this.element = h('p', { className: 'kept-line', hidden: true }, this.text, ' ', this.shipped);
  }

  show(kept, info) {
    this.text.textContent = keptInWords(kept, info);
    this.element.hidden = false;
  }

  hide() {
    this.element.hidden = true;
  }
}
