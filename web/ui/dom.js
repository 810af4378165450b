// dom.js — a tiny helper to build DOM without innerHTML, so text is always text.
//   h('button', { type: 'button', onclick: fn, 'aria-label': 'Next' }, 'Next →')

/** Classes that also make an element a CSS part a course page may style with ::part() (the
 *  parts are declared in element-declarations.js): rows of controls, tables of numbers. */
const PART_OF_CLASS = { toolbar: 'controls', matrix: 'matrix' };

/** Creates an element: `props` become properties (on*, className, ...) or attributes
 *  (anything with a dash, role, for, ...); children are nodes or strings (as text). */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'className' || key === 'textContent' || key === 'value' || key === 'checked') el[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const name of el.classList) if (PART_OF_CLASS[name]) el.part.add(PART_OF_CLASS[name]);
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces all children of `el`. */
export function replaceChildren(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

let nextId = 0;
/** An id unique within the page (shadow roots included), for aria wiring. */
export function uniqueId(prefix) {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/** Text with "^X" superscripts (W^Q, e^g) cut into its pieces, in order: { text, raised }.
 *  The lab writes a superscript as ^X in its strings; whatever is seen raises it (page text with
 *  withSuperscripts, a downloaded figure's title with these pieces), while an accessible name
 *  (an aria-label, an SVG's <title>) keeps the ^, which a screen reader does not say. */
export function superscriptParts(text) {
  return String(text).split(/\^([A-Za-z]+)/).map((part, index) => ({ text: part, raised: index % 2 === 1 })).filter((piece) => piece.text);
}

/** Text with "^X" superscripts (W^Q, d^k) as nodes: plain text plus <sup> elements. */
export function withSuperscripts(text) {
  return superscriptParts(text).map(({ text: part, raised }) => (raised ? h('sup', {}, part) : part));
}
