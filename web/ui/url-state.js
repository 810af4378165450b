// url-state.js — the lab page keeps every widget's configuration in the URL hash, so a link
// reopens the page exactly as it was. Settings are not history: a change rewrites the current
// entry (replaceState), and Back leaves the page or returns to the section the learner came from.
//
//   #s6-4&masks.masks=causal+window&masks.window=3&stepper.step=5
//
// The first part (optional, no "=") is the section to scroll to; then one `key.attribute=value`
// per attribute that differs from the page's own markup, where `key` is the widget's id (or its
// tag without "attn-" when it has none). Widgets not named keep the page's markup attributes.
// Every `change` a widget fires rewrites the current entry's hash, anchored at the widget's
// section. Moving to another section (a link such as #s6-4, which the browser makes a new entry)
// keeps the current state, and so do Back and Forward between the lab's entries: they move
// between sections, never through settings. Opening a link, or a hash with settings typed into
// the address bar, sets the widgets' attributes from it.
//
//   startUrlState(document.querySelectorAll('attn-stepper, attn-masks'));

const MARK = 'attnLab';

/** The key a widget is recorded under in the hash. */
function widgetKey(widget) {
  return widget.id || widget.localName.replace(/^attn-/, '');
}

/** Parses a hash ("#anchor&k.a=v&…") into { anchor, values: Map(key → Map(attr → value)) }. */
function parseHash(hash) {
  let text = String(hash ?? '').replace(/^#/, '');
  let anchor = '';
  const amp = text.indexOf('&');
  const first = amp < 0 ? text : text.slice(0, amp);
  if (first && !first.includes('=')) {
    anchor = decodeURIComponent(first);
    text = amp < 0 ? '' : text.slice(amp + 1);
  }
  const values = new Map();
  for (const [name, value] of new URLSearchParams(text)) {
    const dot = name.indexOf('.');
    if (dot <= 0) continue;
    const key = name.slice(0, dot), attribute = name.slice(dot + 1);
    if (!values.has(key)) values.set(key, new Map());
    values.get(key).set(attribute, value);
  }
  return { anchor, values };
}

/** Builds the hash for `anchor` and the attributes of each widget that differ from its markup. */
function formatHash(anchor, entries) {
  const params = new URLSearchParams();
  for (const [key, attributes] of entries) for (const [name, value] of attributes) params.append(`${key}.${name}`, value);
  const query = params.toString();
  if (!anchor && !query) return '';
  return `#${anchor ? encodeURIComponent(anchor) : ''}${anchor && query ? '&' : ''}${query}`;
}

/**
 * Starts keeping `widgets` (AttnWidget elements) in the URL hash. Returns { stop() }.
 * Attributes recorded: each widget's settings(), read from its declaration (recordedAttributes).
 * A value a widget cannot use is refused by the widget itself, with its sentence on the page.
 */
export function startUrlState(widgetList, { win = window } = {}) {
  const widgets = [...widgetList];
  const markup = new Map(widgets.map((widget) => [widget, new Map(widget.settings())]));
  let restoring = false;
  let lastState = '';

  /** The attributes of every widget that differs from its markup (all of them, so a restore is
   *  exact; a widget with none left is written as `key.=`). */
  function currentEntries() {
    const entries = [];
    for (const widget of widgets) {
      const now = new Map(widget.settings());
      const original = markup.get(widget);
      const same = now.size === original.size && [...now].every(([name, value]) => original.get(name) === value);
      if (!same) entries.push([widgetKey(widget), now.size ? now : new Map([['', '']])]);
    }
    return entries;
  }

  /** Sets every widget's attributes from a hash (its markup attributes where the hash is silent). */
  function restore(hash) {
    const { values } = parseHash(hash);
    restoring = true;
    try {
      for (const widget of widgets) {
        const wanted = values.get(widgetKey(widget)) ?? markup.get(widget);
        // One batch per widget: it renders once, whatever order its attributes come in.
        widget.batch(() => {
          for (const name of widget.constructor.recordedAttributes) {
            if (wanted.has(name)) widget.setAttribute(name, wanted.get(name));
            else widget.removeAttribute(name);
          }
        });
      }
    } finally {
      restoring = false;
      lastState = stateKey(currentEntries());
    }
  }

  function anchorOf(widget) {
    return widget.closest('section[id]')?.id ?? widget.id ?? '';
  }

  function url(hash) {
    return `${win.location.pathname}${win.location.search}${hash}`;
  }

  // Changes within one task (a reset removing four attributes, a widget that announces in a
  // microtask) become one history entry.
  let pending = null;
  function onChange(event) {
    if (restoring || !widgets.includes(event.target)) return;
    if (pending) { pending = event.target; return; }
    pending = event.target;
    queueMicrotask(() => {
      const target = pending;
      pending = null;
      const entries = currentEntries();
      const state = stateKey(entries);
      if (state === lastState) return; // e.g. a widget announcing a restore after the fact
      lastState = state;
      win.history.replaceState({ [MARK]: true }, '', url(formatHash(anchorOf(target), entries)));
    });
  }

  function onPopState(event) {
    const { anchor, values } = parseHash(win.location.hash);
    if (!event.state?.[MARK] && values.size > 0) {
      // Settings from a link on the page, or typed or pasted into the address bar: they are what
      // the learner asked for. The browser cannot find an anchor with settings after it, so scroll.
      restore(win.location.hash);
      win.history.replaceState({ [MARK]: true }, '', url(win.location.hash));
      if (anchor) win.document.getElementById(anchor)?.scrollIntoView();
      return;
    }
    // Back or forward between the lab's entries, or a link to a section (#s6-4): the browser has
    // scrolled there; the widgets keep their state, and the entry now records it.
    win.history.replaceState({ [MARK]: true }, '', url(formatHash(anchor, currentEntries()) || win.location.hash));
  }

  // Opening the page: the hash's state wins; its anchor cannot be found by the browser, so scroll.
  const { anchor } = parseHash(win.location.hash);
  restore(win.location.hash);
  win.history.replaceState({ [MARK]: true }, '', url(win.location.hash));
  if (anchor) win.document.getElementById(anchor)?.scrollIntoView();

  for (const widget of widgets) widget.addEventListener('change', onChange);
  win.addEventListener('popstate', onPopState);
  return {
    stop() {
      for (const widget of widgets) widget.removeEventListener('change', onChange);
      win.removeEventListener('popstate', onPopState);
    },
  };
}

/** A canonical text of the recorded state, to tell real changes from repeats. */
function stateKey(entries) {
  return entries.flatMap(([key, attributes]) => [...attributes].map(([name, value]) => `${key}.${name}=${value}`)).sort().join('\n');
}
