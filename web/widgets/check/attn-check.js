// attn-check.js — <attn-check>: "Check yourself", answered in the page. The lab text's six questions
// in the lab's own words, two the lab adds and four on the chapter's text on attention's origin (check-questions.js): choices, or
// a number the C core marks (check-marks.js: the variance by sampling, the score table and the
// crossover by the cost model, the KV cache's bytes by the decoding cost). Each answer gets feedback in plain words and a link to the section whose widget
// shows it live. Numeric questions take new numbers on request (seeded). What the learner has
// answered is kept in this browser only (web/lib/progress-store.js), survives a reload and can be
// cleared; a bad answer (not a number, empty) gets a sentence beside its field and is not counted,
// and the verdict of the answer before it, still shown, is marked out of date (stale-verdict.js).
//
// Attributes (declared below; observed and reflected as the property `questions`):
//   questions   which questions to show, by id, space-separated (default: all twelve)
// Events (declaredEvents below): `change` (bubbles) when `questions` changes, detail = { questions };
//         `answered` (bubbles) once per checked answer, detail = { question, right, tries }.
// Parts: controls (the rows of buttons), question (each fieldset), feedback.
// Method (declaredMethods): clearProgress(), “Clear my answers” for a page's script. Checking an
//         answer and new numbers act on what the learner typed in one question: its buttons only.

import { AttnWidget, defineWidget } from '../../ui/widget-base.js';
import { choices, quote } from '../../ui/attribute-types.js';
import { event, method, settingsDetail, CONTROL_PARTS } from '../../ui/element-declarations.js';
import { h, replaceChildren, uniqueId, withSuperscripts } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { mustBeOnPage } from '../../ui/widget-calls.js';
import { ProgressStore } from '../../lib/progress-store.js';
import { QUESTIONS, QUESTION_IDS } from './check-questions.js';
import { sectionLink } from './section-link.js';
import { checkSheet } from './check-styles.js';
import { markStale } from './stale-verdict.js';

const PREFIX = 'check/';

export class AttnCheck extends AttnWidget {
  static title = 'Check yourself';
  static declaredAttributes = {
    questions: choices(QUESTION_IDS, { fallback: QUESTION_IDS, shown: 'all twelve', label: 'questions' }),
  };
  static declaredEvents = {
    change: event({ when: '`questions` changed', detail: settingsDetail(this.declaredAttributes) }),
    answered: event({
      when: 'an answer was checked (not for text that is not an answer)',
      detail: { question: QUESTION_IDS.map((id) => `'${id}'`).join(' | '), right: 'boolean', tries: 'number' },
    }),
  };
  static declaredMethods = {
    clearProgress: method({
      does: 'forgets every answer kept in this browser by every <attn-check> on the page, as “Clear my answers” does, and empties the fields; '
        + 'throws an AttnError when the widget is not on the page',
    }),
  };
  static declaredParts = {
    ...CONTROL_PARTS,
    question: 'one question: its prompt, choices or number field, buttons and feedback (a fieldset)',
    feedback: 'the feedback in words: on a checked answer, or an exercise’s verdict',
  };

  inWords() {
    return 'Questions to answer without re-reading: why attention has three projections, what deleting the '
      + 'scaling does to the gradient, the variance of raw scores, why the mask comes before the softmax, why '
      + 'a suspiciously low loss is suspicious, the size of the score table, where the quadratic term wins, '
      + 'what several heads buy, what a softmax-weighted blend guarantees, where cross-attention takes its '
      + 'queries, keys and values from and the bottleneck it removed, the bytes of a KV cache, and what a row of '
      + 'an attention map does and does not tell you. Choose an answer or type a number, then check it: the feedback says '
      + 'what was right or what was not, and why, and links to the section that shows it live. Numbers are '
      + 'marked by the attention core, and “New numbers” asks the same question with other numbers. Your '
      + 'answers are kept in this browser only and can be cleared.';
  }

  build(body) {
    this.shadowRoot.adoptedStyleSheets = [...this.shadowRoot.adoptedStyleSheets, checkSheet()];
    this.store = new ProgressStore();
    this.score = h('p', { className: 'score', role: 'status' });
    this.clearButton = actionButton({ className: 'secondary', onclick: () => this.clearProgress() }, 'Clear my answers');
    this.list = h('ol', { className: 'questions' });
    this.views = new Map(QUESTIONS.map((question) => [question.id, this.#buildQuestion(question)]));
    body.append(
      h('p', { className: 'intro' }, 'If you can answer these without re-reading, the widgets will make sense. If you cannot, the section each one links to is worth a second pass.'),
      h('div', { className: 'toolbar' }, this.score, this.clearButton),
      this.list);
  }

  #buildQuestion(question) {
    const view = { question, feedback: h('p', { className: 'feedback', part: 'feedback', 'aria-live': 'polite', hidden: true }) };
    const promptId = uniqueId('question');
    view.prompt = h('span', { id: promptId });
    view.problem = h('p', { className: 'error', role: 'alert', hidden: true, id: uniqueId('problem') });
    view.checkButton = actionButton({ disabled: true, onclick: () => this.#check(question.id) }, 'Check answer');
    const controls = [];
    if (question.kind === 'choice') {
      const name = uniqueId(question.id);
      // The options are shown in a fixed order of their own, so the right one is not always first.
      const order = question.options.map((_, i) => i).sort((a, b) => ((a * 5 + question.id.length) % 4) - ((b * 5 + question.id.length) % 4));
      view.radios = order.map((index) => {
        const radio = h('input', { type: 'radio', name, value: String(index), id: uniqueId('option') });
        controls.push(h('div', { className: 'option' }, radio, h('label', { for: radio.id }, withSuperscripts(question.options[index].text))));
        return radio;
      });
    } else {
      view.input = h('input', { type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false', id: uniqueId('answer'), 'aria-describedby': view.problem.id,
        onkeydown: (event) => { if (event.key === 'Enter') this.#check(question.id); } });
      controls.push(h('div', { className: 'number' }, h('label', { for: view.input.id }, question.unit), view.input));
      view.newButton = actionButton({ className: 'secondary', onclick: () => this.#newNumbers(question.id) }, 'New numbers');
    }
    view.fieldset = h('fieldset', { part: 'question', 'aria-describedby': view.problem.id },
      h('legend', {}, h('span', { className: 'number-label' }, `Question ${QUESTIONS.indexOf(question) + 1}. `), view.prompt),
      ...controls,
      h('div', { className: 'toolbar' }, view.checkButton, view.newButton),
      view.problem, view.feedback,
      h('p', { className: 'see' }, 'See it live: ', sectionLink(question.section, question.see), '.'));
    view.item = h('li', { 'data-question': question.id }, view.fieldset);
    return view;
  }

  begin() {
    for (const view of this.views.values()) {
      view.checkButton.disabled = false;
      const typed = this.#entry(view); // what the learner typed or chose before the start is kept
      const record = this.store.get(PREFIX + view.question.id);
      this.#show(view, record);
      if (typed === null || typed === '' || typed === String(record?.answer ?? '')) continue;
      if (view.input) view.input.value = typed;
      else for (const radio of view.radios) radio.checked = radio.value === typed;
      if (!view.feedback.hidden) this.#markEarlier(view, record.answer);
    }
  }

  /** Marks the verdict shown out of date: it is about `earlier` (the answer checked before), not
   *  the entry in front of the learner now. */
  #markEarlier(view, earlier) {
    if (!view.input) {
      markStale(view.feedback, 'this is about the answer you chose earlier, not the one chosen now.');
      return;
    }
    const now = view.input.value.trim() ? `, not about ${quote(view.input.value)}` : '';
    markStale(view.feedback, `this is about your earlier answer, ${quote(earlier)}${now}.`);
  }

  /** The answer in front of the learner: the typed text, or the chosen option's index (null: none). */
  #entry(view) {
    return view.input ? view.input.value : (view.radios.find((radio) => radio.checked)?.value ?? null);
  }

  render(changed) {
    const shown = this.questions;
    if (!this.listed || changed.has('questions')) {
      this.listed = true;
      replaceChildren(this.list, ...QUESTIONS.filter((q) => shown.has(q.id)).map((q) => this.views.get(q.id).item));
    }
    for (const view of this.views.values()) if (view.seed === undefined) this.#setNumbers(view, this.store.get(PREFIX + view.question.id)?.seed ?? 0);
    this.#showScore();
  }

  #setNumbers(view, seed) {
    const { question } = view;
    view.seed = seed;
    view.numbers = question.kind === 'number' ? question.numbers(seed) : null;
    replaceChildren(view.prompt, withSuperscripts(question.kind === 'number' ? question.prompt(view.numbers) : question.prompt));
  }

  /** Shows a question as its saved record left it: the answer typed or chosen, and its feedback. */
  #show(view, record) {
    this.#setNumbers(view, record?.seed ?? 0);
    this.#setProblem(view, null);
    view.feedback.hidden = true;
    if (view.input) view.input.value = record?.answer ?? '';
    if (view.radios) for (const radio of view.radios) radio.checked = record ? radio.value === String(record.answer) : false;
    if (record && record.answer !== undefined && record.answer !== '') this.#feedback(view, this.#mark(view, record.answer), record.tries);
  }

  /** { right, sentence } or { problem } for `answer` (an option index, or the typed text). */
  #mark(view, answer) {
    const { question } = view;
    if (question.kind === 'choice') {
      const option = question.options[Number(answer)];
      if (answer === null || !option) return { problem: 'Choose one of the answers first.' };
      return { right: option.right, sentence: option.why };
    }
    try {
      return question.mark(this.attn, view.numbers, answer);
    } catch (error) {
      if (error?.name !== 'AttnError') throw error;
      return { problem: error.message };
    }
  }

  /** Checks the learner's answer to question `id` (one action: one `answered` event). */
  #check(id) {
    const view = this.views.get(id);
    if (!this.attn) return;
    const answer = this.#entry(view);
    const result = this.#mark(view, answer);
    if ('problem' in result) {
      this.#setProblem(view, result.problem);
      // A verdict still shown is about the answer checked before, not this text: it says so.
      const earlier = this.store.get(PREFIX + id)?.answer;
      if (view.input && !view.feedback.hidden && earlier !== undefined) this.#markEarlier(view, earlier); // (a choice, once answered, is never refused)
      return;
    }
    this.#setProblem(view, null);
    const before = this.store.get(PREFIX + id);
    const sameQuestion = before && before.seed === view.seed;
    const tries = (sameQuestion ? before.tries : 0) + (sameQuestion && before.right ? 0 : 1);
    this.store.put(PREFIX + id, { seed: view.seed, answer, right: result.right, tries, firstTry: sameQuestion ? before.firstTry : result.right });
    this.#feedback(view, result, tries);
    this.#showScore();
    this.dispatchEvent(new CustomEvent('answered', { bubbles: true, detail: { question: id, right: result.right, tries } }));
  }

  /** The same question with other numbers (the next seed), kept in the progress. */
  #newNumbers(id) {
    const view = this.views.get(id);
    const seed = view.seed + 1;
    this.store.put(PREFIX + id, { seed, answer: '', right: false, tries: 0, firstTry: false });
    this.#show(view, { seed });
    this.#showScore();
    view.input.focus();
  }

  /** Forgets every answer of every <attn-check> on the page (they share the store). */
  clearProgress() {
    mustBeOnPage(this, 'clearProgress()');
    this.store.clear(PREFIX);
    for (const view of this.views.values()) this.#show(view, undefined);
    this.#showScore('Your answers were cleared from this browser.');
  }

  #feedback(view, { right, sentence }, tries) {
    const verdict = right ? `✓ Right${tries > 1 ? ` (on try ${tries})` : ''}.` : '✗ Not yet.';
    replaceChildren(view.feedback, h('strong', {}, verdict), ' ', withSuperscripts(sentence.replace(/^(Right|Not quite|Not that|Not so)[.:]?\s*/, (m) => (right ? '' : m))));
    view.feedback.className = `feedback ${right ? 'right' : 'wrong'}`;
    view.feedback.hidden = false;
  }

  #setProblem(view, message) {
    view.problem.hidden = !message;
    view.problem.textContent = message ? `⚠ ${message}` : '';
    const field = view.input ?? null;
    if (field) {
      if (message) field.setAttribute('aria-invalid', 'true');
      else field.removeAttribute('aria-invalid');
    }
  }

  #showScore(note = '') {
    const shown = QUESTIONS.filter((q) => this.questions.has(q.id));
    const right = shown.filter((q) => this.store.get(PREFIX + q.id)?.right).length;
    const kept = this.store.persistent ? 'Kept in this browser only.' : 'This browser does not allow storage here, so your answers last until the page closes.';
    this.score.textContent = `${note ? `${note} ` : ''}${right} of ${shown.length} answered right. ${kept}`;
  }
}

defineWidget('attn-check', AttnCheck);
