// section-link.js — a link to the lab section that shows an answer live. On the lab page the
// section is on the page itself (#s6-3); on a course page or in embed.html it is the lab page,
// index.html beside attention-lab.js, at that section.

import { h } from '../../ui/dom.js';
import { siteBase } from '../../ui/embed-code.js';

/** An <a> to section `id` of the lab, reading `text`. */
export function sectionLink(id, text) {
  const here = document.getElementById(id);
  const href = here ? `#${id}` : `${siteBase()}index.html#${id}`;
  return h('a', { href }, text);
}
