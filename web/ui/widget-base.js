// widget-base.js — what every attn-* element shares: an open shadow root with the lab's
// stylesheet, an "In words" description wired as the accessible description, a deferred start
// (when the widget first scrolls into view), and its attributes, declared once.
//
// A widget subclass declares:
//   static title                its visible heading
//   static declaredAttributes   { name: kind } with the kinds of ./attribute-types.js. From it the
//                               base derives observedAttributes, one property per attribute
//                               (camelCase, reflecting it), the parsing of every value set or
//                               typed (a bad one gets its sentence beside its field, and the last
//                               good value stays), URL state and embed code (settings()), and one
//                               `change` per action.
//   static needsCore = false    when its numbers come from its own worker: the page's core is then
//                               never loaded for it (default true)
//   static declaredEvents       { name: event(…) } of ./element-declarations.js: every event it
//                               fires, `change` included, with its detail (beside COMMON_EVENTS:
//                               `problems`, which the base fires)
//   static declaredParts        { part: what it is } beyond the parts every widget has
//                               (FIGURE_PARTS, MATRIX_PARTS, CONTROL_PARTS of the shared views it uses)
//   static declaredMethods      { name: method(…) } of ./element-declarations.js: the public methods
//                               a page may call (the manifest, the types and the README list them)
// and implements:
//   inWords()            the "In words" text, in the project's own words, ending with the current
//                        result once there is one (it is read again after every render; a widget
//                        whose results arrive later calls refreshInWords() when they do)
//   build(body)          builds its DOM into `body` once; binds its text fields (bindField) and
//                        names the other controls a refusal marks (markControl: a select)
//   begin(attn)          called once, when the widget first comes into view or startNow() is
//                        called (attn: the page's core, or null without needsCore); it may
//                        return a promise (startNow() resolves when it does)
//   render(changed)      recomputes and redraws from the current values (called once before
//                        begin, to draw the controls, then after begin, with an empty Set, and
//                        once per action that changed something: `changed` names the attributes)
// and may override settle(changed) (rules between settings, e.g. a new sentence clears the edits)
// and changeDetail(changed) (the `change` event's detail; default: every setting by property),
// and refusal(name, value) (a well-formed value its present state cannot take, refused with a
// sentence like one that does not parse; withdrawValue() refuses one taken before it could judge).
//
// One action, one `change`: act(fn, detail) first applies text typed in the widget's fields but
// not yet committed, then runs `fn`; every attribute it sets is one batch, rendered once and
// announced once, with `detail` added. Text typed in a bound field is applied on Enter, on
// leaving the field (change), and before any other action of the widget. A value set from
// outside (a script, the URL) is its own action. Setting a value a widget already has changes
// nothing and fires nothing. A property reads attributeValue(name) (the last good value) and
// writes setAttributeValue(name, value); a refusal is shown with setProblem(key, sentence), and
// a script reads what is refused in `problems` (and hears of it in the `problems` event). A
// property set before the element's class was defined is taken up when it is first connected.
// A listener on the element hears only the widget's own events by a declared name: a browser
// event of that name from a field inside (a composed `input`) stops at the shadow root.
//
// Every widget also has: theme="light" | "dark" (CSS only: widget-styles.js), embed-code (the
// "Copy embed code" control), heading-level="1".."6" (its title's heading level, default 3), the
// parts of COMMON_PARTS and the theme's custom properties (theme.js).
//
// In a realm without a DOM (node, a server rendering a course page) the classes still load:
// they extend an empty class, and defineWidget only records them (definedWidgets), so a module
// that imports the lab can be imported anywhere and the manifest script reads the declarations.

import { loadAttn } from '../lib/attn.js';
import { h, replaceChildren, uniqueId, withSuperscripts } from './dom.js';
import { widgetStyles } from './widget-styles.js';
import { embedCode } from './embed-code.js';
import { buildEmbedControl } from './embed-control.js';
import { choice, integer, presence, propertyName } from './attribute-types.js';
import { COMMON_EVENTS, COMMON_PARTS } from './element-declarations.js';
import { ProblemLines } from './problem-lines.js';
import { propertyText } from './property-text.js';
import { keepFocusWhenDisabled } from './focus-keeper.js';
import { notANumber } from './number-field.js';

/** The attributes every widget has, after its own. embed-code and heading-level are page
 *  furniture, not settings: they are not kept in links or embed code. */
const COMMON_ATTRIBUTES = Object.freeze({
  theme: choice(['light', 'dark'], { fallback: '', label: 'The theme', shown: 'follows `prefers-color-scheme`' }),
  'embed-code': presence({ recorded: false }),
  'heading-level': integer({ min: 1, max: 6, fallback: 3, recorded: false, label: 'heading-level' }),
});

/** Stops a composed event at the shadow root it would cross (see the constructor). */
const stopComposed = (event) => { if (event.composed) event.stopPropagation(); };

/** What a widget class extends: the DOM's HTMLElement, or an empty class where there is no DOM. */
const ElementBase = globalThis.HTMLElement ?? class {};

/** tag → widget class, for every widget defined by defineWidget (with or without a DOM). */
export const definedWidgets = new Map();

/** Widget class → its declarations, own and common (made once per class). */
const DECLARATIONS = new WeakMap();

export class AttnWidget extends ElementBase {
  static declaredAttributes = {};
  static declaredEvents = {};
  static declaredParts = {};
  static declaredMethods = {};
  static needsCore = true;

  /** Every event the widget fires: its own, then the common ones. */
  static get events() { return { ...this.declaredEvents, ...COMMON_EVENTS }; }

  /** Every part the widget exposes: the common ones, then its own. */
  static get parts() { return { ...COMMON_PARTS, ...this.declaredParts }; }

  /** Every attribute the widget understands: its own, then the common ones. */
  static get declarations() {
    if (!DECLARATIONS.has(this)) DECLARATIONS.set(this, Object.freeze({ ...this.declaredAttributes, ...COMMON_ATTRIBUTES }));
    return DECLARATIONS.get(this);
  }
  static get observedAttributes() { return Object.keys(this.declarations); }
  /** The attributes kept in links and embed code, in declaration order. */
  static get recordedAttributes() {
    return Object.entries(this.declarations).filter(([, kind]) => kind.recorded).map(([name]) => name);
  }

  #values = new Map();     // attribute → its last good value (absent: the declared fallback)
  #changed = new Set();    // attributes whose value changed in the action under way
  #extra = null;           // detail the action adds to its `change`
  #depth = 0;              // nesting of batch()
  #problems = new ProblemLines(); // what is refused (an attribute, or a widget's own key), and where it is said
  #toldProblems = '[]';    // the problems the last `problems` event gave (JSON), so an event means a change
  #problemsTold = false;   // a `problems` event is queued for the end of the action
  #fields = new Map();     // attribute → { input, read, show, dirty }
  #controls = new Map();   // attribute → { input }: a control that is not a bound field (a select), marked by its refusal
  #starting = null;        // startNow()'s promise, once the start has begun

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.shadowRoot.adoptedStyleSheets = [widgetStyles()];
    keepFocusWhenDisabled(this.shadowRoot); // a control that disables itself hands on the focus
    // A listener on the element hears the widget's own events only: a browser event of the same
    // name from a field inside (the `input` of <attn-lookup>'s slider, composed, so it would cross
    // the shadow root) stops there. Events the widget declares composed (a heatmap's cell-focus)
    // come from inside on purpose and pass.
    for (const [name, declared] of Object.entries(this.constructor.events)) {
      if (!declared.composed) this.shadowRoot.addEventListener(name, stopComposed);
    }
    this.attn = null;
    this.started = false;
  }

  // ---------------------------------------------------------------- values

  /** The current good value of attribute `name`. Treat it as read-only. */
  attributeValue(name) {
    return this.#values.has(name) ? this.#values.get(name) : this.constructor.declarations[name].fallback;
  }

  /** Sets attribute `name` from a value (a bad one is refused with its sentence, like any text;
   *  one that cannot be of its kind at all, such as an object, is refused and the attribute kept). */
  setAttributeValue(name, value) {
    const kind = this.constructor.declarations[name];
    const { text, error } = propertyText(kind, name, value);
    if (error) return this.#refuse(name, error);
    const isDefault = kind.omitDefault && text === kind.format(kind.fallback);
    const removing = text === null || isDefault;
    // attributeChangedCallback takes the text, and with it takes back a refusal (it runs for the
    // same text again too); only removing an absent attribute calls nothing.
    if (removing && !this.hasAttribute(name)) return this.#takeBackRefusal(name);
    if (removing) this.removeAttribute(name);
    else this.setAttribute(name, text);
  }

  /** The default set while the attribute is absent: a refusal of a value that never became its
   *  text (an object) is taken back, the field shows the value in force, and the widget redraws
   *  (one `change`); with nothing refused, nothing changes. */
  #takeBackRefusal(name) {
    if (!this.#accept(name)) return;
    const field = this.#fields.get(name);
    if (field) {
      field.dirty = false;
      field.input.value = field.show(this.attributeValue(name));
    }
    this.#changed.add(name);
    if (this.#depth === 0) this.#flush();
  }

  attributeChangedCallback(name, before, after) {
    if (before === after && !this.#problems.has(name)) return; // the same text again takes back a refused property value
    const kind = this.constructor.declarations[name];
    const parsed = after === null ? { value: kind.fallback } : kind.parse(after);
    if ('error' in parsed) return this.#refuse(name, parsed.error, after);
    const refusal = Object.hasOwn(COMMON_ATTRIBUTES, name) ? undefined : this.refusal(name, parsed.value);
    if (refusal) return this.#refuse(name, refusal, after);
    const field = this.#fields.get(name);
    const old = this.attributeValue(name);
    this.#values.set(name, parsed.value);
    if (field && !field.dirty) field.input.value = field.show(parsed.value);
    if (name === 'embed-code') this.#showEmbedControl(parsed.value);
    if (name === 'heading-level') this.#retitle(parsed.value);
    if (Object.hasOwn(COMMON_ATTRIBUTES, name)) return this.setProblem(name, null);
    if (!this.#accept(name) && kind.format(old) === kind.format(parsed.value)) return;
    this.#changed.add(name);
    if (this.#depth === 0) this.#flush();
  }

  /** Refuses what was asked of attribute `name` (`asked`: its text, shown in its field) with
   *  `sentence`; the last good value stays. */
  #refuse(name, sentence, asked = null) {
    const field = this.#fields.get(name);
    if (field && asked !== null) { field.dirty = false; field.input.value = asked; } // show what was asked for, refused
    this.#problems.clearMarking(name); // what was said of the value before is not about this one
    this.setProblem(name, sentence);
  }

  /** A well-formed value of attribute `name` that the widget's present state cannot take (a step
   *  beyond the context of the model in use): its sentence, or undefined. It is refused like a
   *  value that does not parse, and the last good value stays. Default: none. */
  refusal() { return undefined; }

  /** Refuses, with `sentence`, the value attribute `name` holds now: one taken before the widget
   *  could judge it (a step from a link, set before the model whose context bounds it loaded).
   *  `good` is in force again; the attribute keeps the text asked for, as with any refusal. */
  withdrawValue(name, good, sentence) {
    this.#values.set(name, good);
    this.#problems.clearMarking(name);
    this.setProblem(name, sentence);
  }

  /** Clears a refusal of attribute `name`; true when there was one (the widget then redraws,
   *  since it may have kept its last good state while refusing). */
  #accept(name) {
    if (!this.#problems.has(name)) return false;
    this.setProblem(name, null);
    return true;
  }

  /** Runs `fn`; the attributes it sets are rendered and announced once, when it returns. */
  batch(fn, detail) {
    this.#depth += 1;
    try {
      fn();
    } finally {
      this.#depth -= 1;
    }
    if (detail) this.#extra = { ...this.#extra, ...detail };
    if (this.#depth === 0) this.#flush();
  }

  /** One user action: commits any typed text first, then `fn`, as one batch (see above). */
  act(fn = () => {}, detail = undefined) {
    this.batch(() => {
      this.commitTyped();
      fn();
    }, detail);
  }

  /** Applies text typed in the bound fields but not committed yet (a widget with other typed
   *  inputs, such as matrix cells, commits those too). */
  commitTyped() {
    for (const [name, field] of this.#fields) if (field.dirty) this.#commit(name);
  }

  #flush() {
    if (!this.built || this.#changed.size === 0) {
      if (!this.built) this.#changed.clear();
      this.#extra = null;
      return;
    }
    this.#depth += 1;
    try {
      this.settle(new Set(this.#changed));
    } finally {
      this.#depth -= 1;
    }
    const changed = this.#changed, extra = this.#extra;
    this.#changed = new Set();
    this.#extra = null;
    this.render(changed);
    this.refreshInWords();
    this.emitChange({ ...this.changeDetail(changed), ...extra });
  }

  /** Rules between settings, run inside the batch before rendering (default: none). */
  settle() {}

  /** The `change` detail: every declared setting, by property name. */
  changeDetail() {
    return Object.fromEntries(Object.keys(this.constructor.declaredAttributes).map((name) => [propertyName(name), this.attributeValue(name)]));
  }

  /** Announces something that changed, for a sighted user and a screen reader alike. */
  emitChange(detail) {
    this.dispatchEvent(new CustomEvent('change', { bubbles: true, detail }));
  }

  // ---------------------------------------------------------------- fields and problems

  /**
   * Ties a text, number or range input to attribute `name`: what is typed is parsed by the
   * declaration and applied as one action (on Enter, on change, before any other action of the
   * widget; at once with `live`), or refused with its sentence. `show(value)` is the field's text;
   * `onEnter` replaces the plain action Enter runs (it must call act()).
   */
  bindField(name, input, { live = false, read = (el) => el.value, show = null, onEnter = () => this.act() } = {}) {
    const kind = this.constructor.declarations[name];
    const field = { input, read, show: show ?? ((value) => kind.format(value) ?? ''), dirty: false };
    this.#fields.set(name, field);
    input.addEventListener('input', () => {
      field.dirty = true;
      if (live) this.act();
    });
    input.addEventListener('change', () => { if (field.dirty) this.act(); });
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      field.dirty = true; // Enter applies the text again, clearing a message about it
      onEnter();
    });
    return input;
  }

  #commit(name) {
    const field = this.#fields.get(name);
    field.dirty = false;
    const parsed = field.input.validity?.badInput ? this.#notANumber(name, field) : this.constructor.declarations[name].parse(field.read(field.input));
    if ('error' in parsed) {
      this.#problems.clearMarking(name); // what was said of the value before is not about this one
      return this.setProblem(name, parsed.error);
    }
    field.input.value = field.show(parsed.value);
    this.setAttributeValue(name, parsed.value);
  }

  /** A number field holding text that is not a number: the browser gives its value as '' (so
   *  the kind's own sentence would quote “” or say nothing was typed); say what happened. */
  #notANumber(name, field) {
    return { error: `${notANumber(field.input, name)} The last good value, ${field.show(this.attributeValue(name))}, is still in use.` };
  }

  /** Shows the problems of `keys` (attributes or a widget's own keys) in `element`, each as
   *  `format(sentence)`. Problems not routed anywhere go to the line under the title. `marks`
   *  ({ key: attribute }) names the field a widget's own key's problem marks invalid. */
  routeProblems(element, keys, format, marks) {
    this.#problems.route(element, keys, format, marks);
  }

  /** Shows `message` for `key` (an attribute, or a widget's own key such as 'core'); null clears it. */
  setProblem(key, message) {
    if (!this.#problems.set(key, message)) return;
    if (this.built) this.#problems.draw(this.problemLine, this.#markable());
    this.#tellProblems();
  }

  /** Marks `control` (a select or another control that is not a bound field) invalid, described
   *  by the sentence, while attribute `name` is refused, as a bound field is. Call it in build(). */
  markControl(name, control) {
    this.#controls.set(name, { input: control });
  }

  /** Every field and control a refusal marks: the bound fields, then the marked controls. */
  #markable() {
    return new Map([...this.#controls, ...this.#fields]);
  }

  /** What the widget refuses now, for a script: [{ key, message }], where key is the attribute
   *  refused (as written in HTML) or the widget's own key ('core', 'heads-shape', …) and message
   *  the sentence shown. Empty when all is well. */
  get problems() { return this.#problems.list(); }

  /** Fires `problems` once, after the action under way, if the list differs from the last one told
   *  (a refusal taken back within the same action fires nothing). */
  #tellProblems() {
    if (this.#problemsTold) return;
    this.#problemsTold = true;
    queueMicrotask(() => {
      this.#problemsTold = false;
      const problems = this.problems;
      const told = JSON.stringify(problems);
      if (told === this.#toldProblems) return;
      this.#toldProblems = told;
      this.dispatchEvent(new CustomEvent('problems', { bubbles: true, detail: { problems } }));
    });
  }

  hasProblem(key) { return this.#problems.has(key); }

  /** Draws the problems again: for a format that reads the widget's state (whether a last good
   *  state is shown), call it when that state first comes (after the start, a model, a run). */
  redrawProblems() {
    if (this.built) this.#problems.draw(this.problemLine, this.#markable());
  }

  // ---------------------------------------------------------------- life cycle

  connectedCallback() {
    if (!this.built) {
      this.#takeUpEarlyProperties();
      this.#buildShell();
    }
    if (!this.started && !this.observer) this.#startWhenVisible();
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.observer = null;
  }

  /** A value a script set before the element was defined (`el.heads = 4` in a plain script, or on
   *  an element made before its module arrived) is an own property of the element, hiding the
   *  class's accessor: it is taken out and set again through the accessor, so it is parsed and
   *  taken up, or refused with its sentence, like any value set later. */
  #takeUpEarlyProperties() {
    for (const name of Object.keys(this.constructor.declarations)) {
      const property = propertyName(name);
      if (!Object.hasOwn(this, property)) continue;
      const value = this[property];
      delete this[property];
      this[property] = value;
    }
  }

  #buildShell() {
    this.built = true;
    const titleId = uniqueId('widget-title');
    const wordsId = uniqueId('in-words');
    this.statusLine = h('p', { className: 'status', role: 'status', part: 'status' }, 'Loading the attention core…');
    // Refused settings with no field of their own (a link's bad value, say): said here, politely.
    this.problemLine = h('p', { className: 'error attribute-problems', 'aria-live': 'polite', id: uniqueId('problems'), hidden: true });
    this.body = h('div', { className: 'widget-body', part: 'body' });
    this.wordsText = h('span', {}, withSuperscripts(this.inWords()));
    // An article, not a landmark: a page may hold several copies of one widget (same title).
    this.titleElement = h(`h${this.attributeValue('heading-level')}`, { id: titleId, part: 'title', className: 'widget-title' }, this.constructor.title);
    this.root = h('article', { part: 'root', 'aria-labelledby': titleId, 'aria-describedby': wordsId },
      this.titleElement,
      this.statusLine,
      this.problemLine,
      this.body,
      h('p', { className: 'in-words', id: wordsId, part: 'in-words' }, h('strong', {}, 'In words. '), this.wordsText));
    this.shadowRoot.append(this.root);
    this.build(this.body);
    for (const [name, field] of this.#fields) {
      field.input.value = this.#problems.has(name) ? this.getAttribute(name) : field.show(this.attributeValue(name));
    }
    this.#problems.draw(this.problemLine, this.#markable());
    this.#showEmbedControl(this.attributeValue('embed-code'));
    // A first draw of the controls before the core has loaded (this.attn is still null), so a
    // widget below the fold already shows its settings; render() returns early without a core.
    try { this.render(new Set()); } catch { /* drawn for real once started */ }
  }

  #startWhenVisible() {
    if (typeof IntersectionObserver === 'undefined') return this.startNow();
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) this.startNow();
    }, { rootMargin: '200px' });
    this.observer.observe(this);
  }

  /**
   * Starts the widget now, without waiting for it to come into view (another widget that drives
   * it calls this: the editor's "Use my attention" on a training lab far down the page). Resolves
   * once begin() has finished (a widget whose begin loads something, such as the training lab's
   * shipped model, has it then); rejects when the core could not be loaded. Calling it again, or
   * after the widget started by itself, gives the same promise.
   */
  startNow() {
    if (this.#starting) return this.#starting;
    if (!this.built) return Promise.reject(new Error(`<${this.localName}> is not on the page.`));
    this.observer?.disconnect();
    this.observer = null;
    const core = this.constructor.needsCore ? loadAttn() : Promise.resolve(null);
    this.#starting = core.then((attn) => {
      this.attn = attn;
      this.started = true;
      this.statusLine.hidden = true;
      const begun = this.begin(attn);
      this.render(new Set());
      this.refreshInWords();
      // A refusal made before the start (a typed entry, an attribute) may now say that the last
      // good state is shown: its widget's format reads the state the first render made.
      this.redrawProblems();
      return begun;
    }, (error) => {
      this.statusLine.textContent = `The attention core could not be loaded: ${error.message}`;
      this.statusLine.classList.add('error');
      throw error;
    });
    this.#starting.catch(() => {}); // a start nobody awaits must not be an unhandled rejection
    return this.#starting;
  }

  begin() {}
  render() {}

  // ---------------------------------------------------------------- settings and embed code

  /** The widget's configuration: [attribute, text] for each recorded attribute that is set. */
  settings() {
    return this.constructor.recordedAttributes.filter((name) => this.hasAttribute(name)).map((name) => [name, this.getAttribute(name)]);
  }

  /** settings() as they are in force: a refused attribute gives the text of its last good value
   *  (none when that is the value it has while absent), not the text that was refused. */
  #settingsInForce() {
    return this.constructor.recordedAttributes.flatMap((name) => {
      if (!this.#problems.has(name)) return this.hasAttribute(name) ? [[name, this.getAttribute(name)]] : [];
      const kind = this.constructor.declarations[name];
      const text = kind.format(this.attributeValue(name));
      return text === null || text === kind.format(kind.fallback) ? [] : [[name, text]];
    });
  }

  /** Both embed forms (script + element, iframe) with the settings in force, as text: pasted
   *  elsewhere, they show what this widget shows, never a value it refused. */
  embedSnippets() {
    return embedCode({
      tag: this.localName,
      name: this.localName.replace(/^attn-/, ''),
      title: this.constructor.title,
      attributes: this.#settingsInForce(),
      height: this.getBoundingClientRect().height || 600,
    });
  }

  /** Gives the title heading `level` (its text, id and part stay). */
  #retitle(level) {
    if (!this.built || this.titleElement.localName === `h${level}`) return;
    const title = h(`h${level}`, { id: this.titleElement.id, part: 'title', className: 'widget-title' }, this.constructor.title);
    this.titleElement.replaceWith(title);
    this.titleElement = title;
  }

  #showEmbedControl(on) {
    if (!this.built) return;
    if (on && !this.embedBox) this.root.append(this.embedBox = buildEmbedControl(this));
    if (this.embedBox) this.embedBox.hidden = !on;
  }

  /** The tag for a heading one level under the widget's title (h4 under the default h3). */
  get subheading() {
    return `h${Math.min(6, this.attributeValue('heading-level') + 1)}`;
  }

  /** Updates the "In words" text from inWords(): the description, and the current result. */
  refreshInWords() {
    if (this.wordsText) replaceChildren(this.wordsText, withSuperscripts(this.inWords()));
  }
}

/**
 * Defines `Widget` as the element `tag` (once per page), with one property per declared
 * attribute: el.dModel reads the value of d-model, `el.dModel = 256` sets the attribute. A
 * widget may write its own accessor for a property instead.
 */
export function defineWidget(tag, Widget) {
  if (!definedWidgets.has(tag)) definedWidgets.set(tag, Widget);
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  for (const name of Object.keys(Widget.declarations)) {
    const property = propertyName(name);
    if (Object.hasOwn(Widget.prototype, property)) continue;
    if (property in Widget.prototype) throw new Error(`<${tag}>: the attribute ${name} would hide the element's own ${property}.`);
    Object.defineProperty(Widget.prototype, property, {
      get() { return this.attributeValue(name); },
      set(value) { this.setAttributeValue(name, value); },
      configurable: true,
    });
  }
  customElements.define(tag, Widget);
}
