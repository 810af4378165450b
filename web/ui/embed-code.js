// embed-code.js — the two ways a course author embeds a widget, as text to paste:
//   1. the script and the element:  <script type="module" src="…/attention-lab.js"></script>
//                                   <attn-masks window="3"></attn-masks>
//   2. an iframe of embed.html:     <iframe src="…/embed.html?widget=masks&window=3" …></iframe>
// built from a widget's current attribute values. The site's base URL is found from this
// module's own URL (web/ui/ in development, assets/ in dist/: both one folder below the site).

/** The folder holding attention-lab.js and embed.html, as an absolute URL ending in "/". */
export function siteBase() {
  const here = new URL('./', import.meta.url.split('?')[0]);
  return /\/(assets|ui)\/$/.test(here.pathname) ? new URL('../', here).href : here.href;
}

/** `text` made safe inside a double-quoted HTML attribute. */
function escapeAttribute(text) {
  return String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The embed code of one widget.
 * @param {object} o
 * @param {string} o.tag          the element's tag, e.g. "attn-masks"
 * @param {string} o.name         its short name for embed.html, e.g. "masks"
 * @param {string} o.title        its visible title (the iframe's accessible name)
 * @param {[string, string][]} o.attributes  attribute names and values to carry over
 * @param {number} [o.height]     the iframe's starting height in CSS pixels
 * @param {string} [o.base]       the site's base URL (default: where this module was loaded from)
 * @returns {{ element: string, iframe: string, both: string }}
 */
export function embedCode({ tag, name, title, attributes, height = 600, base = siteBase() }) {
  const script = new URL('attention-lab.js', base).href;
  const attrText = attributes.map(([key, value]) => (value === '' ? ` ${key}` : ` ${key}="${escapeAttribute(value)}"`)).join('');
  const element = `<script type="module" src="${escapeAttribute(script)}"></script>\n<${tag}${attrText}></${tag}>`;
  const query = new URLSearchParams([['widget', name], ...attributes]);
  const src = `${new URL('embed.html', base).href}?${query}`;
  const resizer = new URL('embed-resize.js', base).href;
  const iframe = `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="100%" height="${Math.max(200, Math.round(height))}" loading="lazy"></iframe>\n`
    + `<script src="${escapeAttribute(resizer)}" defer></script>`;
  const both = `<!-- ${title}: script and element -->\n${element}\n\n<!-- or, as an iframe that sizes itself to the widget -->\n${iframe}\n`;
  return { element, iframe, both };
}
