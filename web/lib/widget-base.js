// widget-base.js — what every attn-* element shares: an open shadow root with the lab's
// stylesheet, an "In words" description wired as the accessible description, a place for
// errors, and a deferred start (the WASM core is loaded when the widget first scrolls into view).
//
// A widget subclass implements:
//   static title       its visible heading
//   inWords()          the "In words" text, in the project's own words
//   build(body)        builds its DOM into `body` once
//   start(attn)        called once the core is loaded and the widget is visible
//   render()           recomputes and redraws (called after start and on every change)

import { loadAttn } from './attn.js';
import { h, uniqueId } from './dom.js';
import { widgetStyles } from './widget-styles.js';

export class AttnWidget extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.shadowRoot.adoptedStyleSheets = [widgetStyles()];
    this.attn = null;
  }

  connectedCallback() {
    if (!this.built) this.#buildShell();
    if (!this.attn && !this.observer) this.#startWhenVisible();
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.observer = null;
  }

  #buildShell() {
    this.built = true;
    const titleId = uniqueId('widget-title');
    const wordsId = uniqueId('in-words');
    this.statusLine = h('p', { className: 'status', role: 'status' }, 'Loading the attention core…');
    this.body = h('div', { className: 'widget-body' });
    this.wordsText = h('span', {}, this.inWords());
    this.root = h('section', { part: 'root', 'aria-labelledby': titleId, 'aria-describedby': wordsId },
      h('h3', { id: titleId, part: 'title' }, this.constructor.title),
      this.statusLine,
      this.body,
      h('p', { className: 'in-words', id: wordsId, part: 'in-words' }, h('strong', {}, 'In words. '), this.wordsText));
    this.shadowRoot.append(this.root);
    this.build(this.body);
  }

  #startWhenVisible() {
    const begin = () => {
      this.observer?.disconnect();
      this.observer = null;
      loadAttn().then((attn) => {
        this.attn = attn;
        this.statusLine.hidden = true;
        this.start(attn);
        this.render();
      }, (error) => {
        this.statusLine.textContent = `The attention core could not be loaded: ${error.message}`;
        this.statusLine.classList.add('error');
      });
    };
    if (typeof IntersectionObserver === 'undefined') return begin();
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) begin();
    }, { rootMargin: '200px' });
    this.observer.observe(this);
  }

  /** Updates the "In words" text (for widgets whose description follows their state). */
  refreshInWords() {
    this.wordsText.textContent = this.inWords();
  }

  /** Announces something that changed, for a sighted user and a screen reader alike. */
  emitChange(detail) {
    this.dispatchEvent(new CustomEvent('change', { bubbles: true, detail }));
  }

  start() {}
  render() {}
}
