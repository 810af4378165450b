// save-file.js — saves a file the page made (a figure's PNG, SVG or CSV; a model's weights)
// through a temporary blob: link, so nothing leaves the page.

import { h } from './dom.js';

/** Saves `blob` as `name` through a link put inside `element` (a widget's shadow root or a node of
 *  it) and clicked. The blob: URL is revoked a minute later, long after the browser has read it. */
export function saveFile(element, blob, name) {
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: name, hidden: true });
  element.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
