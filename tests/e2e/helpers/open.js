// open.js — the two ways a browser test opens the lab. A test of one widget opens the smallest
// page that shows it, `embed.html?widget=…` (one element, one core, nothing else to start); a
// test of what only the whole page has (the contents, the sections, links between widgets)
// opens the lab itself.
//
//   const masks = await openWidget(page, 'masks', { query: 'masks=causal+window' });
//   const lab = await openLab(page, '#s6-4');
import { whenStarted } from './fixtures.js';
import { started } from './a11y-pages.js';

/**
 * Opens `embed.html?widget=<name>` with the extra URL parameters `query` (a string "a=1&b=2"
 * or an object), and waits for the widget to start: `ready: 'started'` (the default) waits
 * until it has its core and has drawn, `ready: 'drawn'` also until what it draws first is in
 * place (a11y-pages.js `started`: charts, the shipped model, the editor), `ready: 'none'` returns
 * at once. Returns the widget's locator.
 */
export async function openWidget(page, name, { query = '', ready = 'started', timeout } = {}) {
  const extra = typeof query === 'string' ? query.replace(/^[?&]/, '') : new URLSearchParams(query).toString();
  await page.goto(`/embed.html?widget=${encodeURIComponent(name)}${extra ? `&${extra}` : ''}`);
  const widget = page.locator(`attn-${name}`).first();
  if (ready === 'started') await whenStarted(widget, timeout);
  else if (ready === 'drawn') await started(widget);
  return widget;
}

/** Opens the whole lab page at `hash` (for example '#lab' or '#s6-4'); returns the page. */
export async function openLab(page, hash = '') {
  await page.goto(`/${hash}`);
  return page;
}
