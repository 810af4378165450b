// problem-lines.js — where a widget says what it refused. A problem is one sentence under a key
// (a refused attribute, or a widget's own key such as 'core'); it is shown in the element its key
// is routed to (one element may gather several keys), else in the widget's general line. A field
// whose attribute is refused is marked invalid and described by the element that says why; so
// is the field a rule between settings names (route's `marks`: a good width that rotary
// positions cannot use marks the width field, under a key of its own). A field says one thing:
// a refusal of what it shows clears what was said of the value before (clearMarking).
//
//   const problems = new ProblemLines();
//   problems.route(errorElement, ['n', 'core'], (sentence) => `${sentence} The last good state is still shown.`);
//   problems.route(widthError, ['width', 'rotary-width'], undefined, { 'rotary-width': 'width' });
//   problems.set('n', 'N must be a whole number …');      // true: something changed
//   problems.draw(generalLine, fields);                   // fields: Map(attribute → { input })

import { uniqueId } from './dom.js';

export class ProblemLines {
  #sentences = new Map(); // key → sentence
  #routes = new Map();    // key → { element, format }
  #marks = new Map();     // key → the attribute whose field its problem marks (else the key itself)

  /** Shows the problems of `keys` in `element`, each as `format(sentence)`; `marks` maps a key
   *  to the attribute whose field its problem marks invalid. */
  route(element, keys, format = (sentence) => sentence, marks = {}) {
    element.id ||= uniqueId('problem');
    for (const key of keys) this.#routes.set(key, { element, format });
    for (const [key, field] of Object.entries(marks)) this.#marks.set(key, field);
  }

  /** Sets (or, with null, clears) the problem of `key`; true when that changed anything. */
  set(key, sentence) {
    if (sentence) {
      const changed = this.#sentences.get(key) !== sentence;
      this.#sentences.set(key, sentence);
      return changed;
    }
    return this.#sentences.delete(key);
  }

  has(key) { return this.#sentences.has(key); }

  /** Every problem as { key, message }, in the order they were first said. */
  list() { return [...this.#sentences].map(([key, message]) => Object.freeze({ key, message })); }

  /** Clears the problems of the keys that mark attribute `field` (not its own): they were about
   *  the value the field showed before, and a refusal of what it shows now replaces them. True
   *  when that cleared anything. */
  clearMarking(field) {
    let cleared = false;
    for (const [key, marked] of this.#marks) if (marked === field && key !== field) cleared = this.#sentences.delete(key) || cleared;
    return cleared;
  }

  /** Writes every problem where it belongs (unrouted ones in `general`), each after a ⚠ (the
   *  same mark in every widget, so a refusal never rests on its colour alone), hides
   *  the elements with none, and marks each field in `fields` valid or not. Drawing again what
   *  is shown changes nothing (a format may read the widget's state: call it when that changed). */
  draw(general, fields) {
    const fallback = { element: general, format: (sentence) => sentence };
    const texts = new Map([[general, []], ...[...this.#routes.values()].map(({ element }) => [element, []])]);
    for (const [key, sentence] of this.#sentences) {
      const { element, format } = this.#routes.get(key) ?? fallback;
      texts.get(element).push(`⚠ ${format(sentence)}`);
    }
    for (const [element, list] of texts) {
      const text = list.join(' ');
      if (element.textContent !== text) element.textContent = text; // an alert is not said again for nothing
      element.hidden = list.length === 0;
    }
    // Each field marked, by its own attribute's problem or by a key that names it.
    const marking = new Map();
    for (const key of this.#sentences.keys()) {
      const field = this.#marks.get(key) ?? key;
      if (!marking.has(field) || field === key) marking.set(field, key);
    }
    for (const [name, { input }] of fields) {
      if (marking.has(name)) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', (this.#routes.get(marking.get(name)) ?? fallback).element.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    }
  }
}
