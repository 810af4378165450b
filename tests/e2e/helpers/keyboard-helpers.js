// keyboard-helpers.js — driving a page with the keyboard alone (Tab, Shift+Tab, Enter, Space, the
// arrow keys) and reading where focus is, through shadow roots.
import { expect } from './fixtures.js';

/** What has focus (through shadow roots): tag, role, a name, and its focus ring. */
export function focused(page) {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return null;
    const host = el.getRootNode().host?.localName ?? null;
    const name = (el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    // The ring: an outline or a box-shadow on the element, or (CodeMirror) on its editor.
    const ringOf = (node) => {
      const s = getComputedStyle(node);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
      return outline || (s.boxShadow !== 'none' && s.boxShadow !== '');
    };
    const ring = ringOf(el) || Boolean(el.closest('.cm-editor') && ringOf(el.closest('.cm-editor')));
    return { host, tag: el.localName, type: el.type ?? null, role: el.getAttribute('role'), name: name.slice(0, 80), ring };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `match(focus)` is true, at most `limit` times; fails if focus
 * never gets there. Every stop passed must show a focus ring.
 */
export async function tabTo(page, match, { back = false, limit = 80 } = {}) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (now) expect(now.ring, `focus ring on ${JSON.stringify(now)}`).toBe(true);
    if (now && match(now)) return now;
  }
  throw new Error(`Tab never reached the control (${match})`);
}

/** Matches a focused control by its name (a string is exact; a RegExp tests). */
export const named = (name, extra = {}) => (f) => (typeof name === 'string' ? f.name === name : name.test(f.name))
  && Object.entries(extra).every(([k, v]) => f[k] === v);

/** Every tab stop inside `tag`, in order, from the first to where focus leaves it. */
export async function tabStops(page, tag, limit = 200) {
  const stops = [];
  let inside = false;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    const here = now?.host === tag || now?.tag === tag;
    if (here) { inside = true; stops.push(now); } else if (inside) break;
  }
  return stops;
}
