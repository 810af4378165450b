// result-panel.js — where <attn-editor> shows what one of its actions found (a check, the
// causality check, the switch of the training lab), together with the code it was about. When
// the learner edits the code, the result stays but is marked out of date, with a sentence saying
// so; when the code comes back to what ran (an undo), the mark goes.
//
//   const panel = new ResultPanel('Check results', 'Run the check again to see what it does now.');
//   panel.show(nodes, source);   panel.follow(editor.value);   panel.clear();

import { h, replaceChildren } from '../../ui/dom.js';

export class ResultPanel {
  /** `label`: the group's accessible name; `again`: what to do to bring the result up to date. */
  constructor(label, again) {
    this.element = h('div', { className: 'result', role: 'group', 'aria-live': 'polite', 'aria-label': label });
    this.again = again;
    this.source = null; // the code the result is about (null: no result)
  }

  /** Shows `nodes` as the result of running `source`. */
  show(nodes, source) {
    this.source = source;
    this.element.classList.remove('stale');
    replaceChildren(this.element, nodes);
  }

  clear() {
    this.source = null;
    this.element.classList.remove('stale');
    replaceChildren(this.element);
  }

  /** True when the panel holds a result about code other than `source`. */
  isStale(source) {
    return this.source !== null && this.source !== source;
  }

  /** Marks the result out of date, or not, for the code the editor holds now. */
  follow(source) {
    const stale = this.isStale(source);
    if (stale === this.element.classList.contains('stale')) return;
    this.element.classList.toggle('stale', stale);
    if (stale) this.element.prepend(h('p', { className: 'stale-note' }, `Out of date: your code has changed since this ran. ${this.again}`));
    else this.element.querySelector('.stale-note')?.remove();
  }
}
