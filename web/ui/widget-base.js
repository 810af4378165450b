// widget-base.js — what every attn-* element shares: an open shadow root with the lab's
// stylesheet, an "In words" description wired as the accessible description, a place for
// errors, and a deferred start (the WASM core is loaded when the widget first scrolls into view).
//
// A widget subclass implements:
//   static title       its visible heading
//   inWords()          the "In words" text, in the project's own words
//   build(body)        builds its DOM into `body` once
//   start(attn)        called once the core is loaded and the widget is visible
//   render()           recomputes and redraws (called once before start with this.attn null, to
//                      draw the controls, then after start and on every change)
//   static observedAttributes   every configurable property, as an attribute; the subclass reflects
//                      each one as a property and emits `change` (emitChange) when one changes.
//
// Every widget also gets, from this base:
//   theme="light" | "dark"   overrides prefers-color-scheme (CSS only: widget-styles.js)
//   heading-level="1".."6"   the level of the title's heading (default 3, under a page's h2 sections;
//                            embed.html makes it 1, the page's one heading). Read once, when built.
//   embed-code               shows a "Copy embed code" control (the lab page turns it on)
//   ::part(root | title | status | body | in-words | embed | embed-button)  styling hooks
//   settings()               the current configuration as [attribute, value] pairs (URL state,
//                            embed code); a widget whose configuration is not all in attributes
//                            may override it.

import { loadAttn } from '../lib/attn.js';
import { h, uniqueId } from './dom.js';
import { widgetStyles } from './widget-styles.js';
import { embedCode } from './embed-code.js';

/** Attributes every widget understands besides its own observedAttributes. */
export const COMMON_ATTRIBUTES = Object.freeze(['theme']);

export class AttnWidget extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.shadowRoot.adoptedStyleSheets = [widgetStyles()];
    this.attn = null;
  }

  connectedCallback() {
    if (!this.built) this.#buildShell();
    if (this.hasAttribute('embed-code')) this.#buildEmbedControl();
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
    this.statusLine = h('p', { className: 'status', role: 'status', part: 'status' }, 'Loading the attention core…');
    this.body = h('div', { className: 'widget-body', part: 'body' });
    this.wordsText = h('span', {}, this.inWords());
    // An article, not a landmark: a page may hold several copies of one widget (same title).
    const level = Number(this.getAttribute('heading-level'));
    this.headingLevel = Number.isInteger(level) && level >= 1 && level <= 6 ? level : 3;
    const heading = `h${this.headingLevel}`;
    this.root = h('article', { part: 'root', 'aria-labelledby': titleId, 'aria-describedby': wordsId },
      h(heading, { id: titleId, part: 'title', className: 'widget-title' }, this.constructor.title),
      this.statusLine,
      this.body,
      h('p', { className: 'in-words', id: wordsId, part: 'in-words' }, h('strong', {}, 'In words. '), this.wordsText));
    this.shadowRoot.append(this.root);
    this.build(this.body);
    // A first draw of the controls before the core has loaded (this.attn is still null), so a
    // widget below the fold already shows its settings; render() returns early without a core.
    try { this.render(); } catch { /* drawn for real once started */ }
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

  /** "light", "dark" or "" (follow the reader's colour scheme); reflects the `theme` attribute. */
  get theme() {
    const value = this.getAttribute('theme');
    return value === 'light' || value === 'dark' ? value : '';
  }
  set theme(value) {
    if (value === 'light' || value === 'dark') this.setAttribute('theme', value);
    else this.removeAttribute('theme');
  }

  /** Whether the "Copy embed code" control is shown; reflects the `embed-code` attribute. */
  get embedCode() { return this.hasAttribute('embed-code'); }
  set embedCode(on) {
    this.toggleAttribute('embed-code', Boolean(on));
    if (on && this.built) this.#buildEmbedControl();
    if (this.embedBox) this.embedBox.hidden = !on;
  }

  /** The widget's configuration: [attribute, value] for each observed or common attribute set. */
  settings() {
    const names = [...(this.constructor.observedAttributes ?? []), ...COMMON_ATTRIBUTES];
    return names.filter((name) => this.hasAttribute(name)).map((name) => [name, this.getAttribute(name)]);
  }

  /** Both embed forms (script + element, iframe) with the current settings, as text. */
  embedSnippets() {
    return embedCode({
      tag: this.localName,
      name: this.localName.replace(/^attn-/, ''),
      title: this.constructor.title,
      attributes: this.settings(),
      height: this.getBoundingClientRect().height || 600,
    });
  }

  #buildEmbedControl() {
    if (this.embedBox) { this.embedBox.hidden = false; return; }
    const elementId = uniqueId('embed-element'), iframeId = uniqueId('embed-iframe');
    const elementText = h('textarea', { id: elementId, readonly: true, rows: 3, spellcheck: 'false' });
    const iframeText = h('textarea', { id: iframeId, readonly: true, rows: 4, spellcheck: 'false' });
    const done = h('span', { className: 'embed-done', 'aria-live': 'polite' });
    const details = h('details', { className: 'embed-details' },
      h('summary', {}, 'Show the embed code'),
      h('p', {}, 'Paste either form into a page; both keep the settings shown above.'),
      h('label', { for: elementId }, 'Script and element'), elementText,
      h('label', { for: iframeId }, 'Iframe (sizes itself with embed-resize.js)'), iframeText);
    const refresh = () => {
      const code = this.embedSnippets();
      elementText.value = code.element;
      iframeText.value = code.iframe;
      return code;
    };
    const copy = async () => {
      const code = refresh();
      try {
        await navigator.clipboard.writeText(code.both);
        done.textContent = 'Copied both forms to the clipboard.';
      } catch {
        details.open = true;
        elementText.focus();
        elementText.select();
        done.textContent = 'The clipboard is not available here: select and copy the code below.';
      }
    };
    const button = h('button', { type: 'button', className: 'secondary', part: 'embed-button', onclick: copy }, 'Copy embed code');
    details.addEventListener('toggle', () => { if (details.open) refresh(); });
    this.addEventListener('change', () => { if (details.open) refresh(); done.textContent = ''; });
    this.embedBox = h('div', { className: 'embed', part: 'embed' }, h('div', { className: 'toolbar' }, button, done), details);
    this.root.append(this.embedBox);
  }

  /** The tag for a heading one level under the widget's title (h4 under the default h3). */
  get subheading() {
    return `h${Math.min(6, (this.headingLevel ?? 3) + 1)}`;
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
