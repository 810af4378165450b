// widget-calls.js — how a widget's public methods (its static declaredMethods) refuse a call a
// page's script makes at a bad time or with a bad argument: an AttnError carrying one sentence
// that names the call and says what to do, thrown (or, from an async method, a rejected
// promise), never a silent no-op and never a crash deeper in. No DOM here.
//
//   startTraining() { mustHaveStarted(this, 'startTraining()'); … }
//   goTo(step) { if (!ok) refuseCall('goTo()', `the step must be …, not ${quote(step)}.`); … }

import { AttnError, Status } from '../lib/errors.js';

/** A value, as a sentence quotes it: strings in quotes, anything else as it prints. */
export function shown(value) {
  if (typeof value === 'string') return `“${value.length > 40 ? `${value.slice(0, 40)}…` : value}”`;
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  return String(value);
}

/** Throws unless `widget` is in a document (its controls are built when it is first connected). */
export function mustBeOnPage(widget, call) {
  if (!widget.built) {
    throw new AttnError(Status.UNAVAILABLE, `${call} cannot run yet: <${widget.localName}> is not on the page; add it to the document first.`);
  }
}

/** Throws unless `widget` has started: it starts when it first comes into view (and, when it
 *  needs the page's core, once the core has loaded). */
export function mustHaveStarted(widget, call) {
  mustBeOnPage(widget, call);
  if (!widget.started) {
    const core = widget.constructor.needsCore ? ' and the attention core has loaded' : '';
    throw new AttnError(Status.UNAVAILABLE, `${call} cannot run yet: <${widget.localName}> starts when it first comes into view${core}.`);
  }
}

/** Throws: `call` cannot do what was asked, for the reason `sentence` gives. */
export function refuseCall(call, sentence, code = Status.ARGUMENT) {
  throw new AttnError(code, `${call}: ${sentence}`);
}

/** A measurement behind a button, for a page's script: refused while `running`; otherwise
 *  `measure()` (the widget's private run: its result, or null once it has said on `statusLine`
 *  why it failed) runs as one action of `widget`, and its result is returned or its failure
 *  rejected with the status line's sentence. */
export async function measureForScript(widget, call, { running, measure, statusLine }) {
  if (running) refuseCall(call, 'a measurement is already running: wait for it (its `measured` event).', Status.UNAVAILABLE);
  let run;
  widget.act(() => { run = measure(); });
  const result = await run;
  if (result === null) refuseCall(call, statusLine.textContent, Status.UNAVAILABLE);
  return result;
}
