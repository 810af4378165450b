// glossary-links.js — links the lab page's prose to its glossary and back. Each glossary entry
// (<dt id="g-…" data-find="regex">) names the words that are its term; the first place those
// words appear in the page's text (before the glossary; headings, links and formulas left out)
// becomes a link to the entry, and the entry gains a link back to that place. Done once, when the
// page loads, so the links follow the text as sections are edited. Text stays text: the words are
// split out of their text node and moved into the link, never parsed as HTML.

import { h } from './ui/dom.js';

const SKIP = 'h1, h2, h3, h4, h5, h6, a, .formula, dfn, script, style';

/** Text nodes of `root` in document order, outside SKIP elements. */
function textNodes(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
  return nodes;
}

/** Wraps the first match of `pattern` among the prose's text nodes in `link`; false if none. */
function wrapFirst(sections, pattern, makeLink) {
  for (const section of sections) {
    for (const node of textNodes(section)) {
      const match = pattern.exec(node.data);
      if (!match) continue;
      const rest = node.splitText(match.index);
      rest.splitText(match[0].length);
      const link = makeLink(section);
      rest.replaceWith(link);
      link.append(rest);
      return true;
    }
  }
  return false;
}

/** Links every glossary term of `glossary` (a <dl>) from its first use in `sections`. */
export function linkGlossary(glossary, sections) {
  for (const term of glossary.querySelectorAll('dt[data-find]')) {
    const name = term.id.replace(/^g-/, '');
    const pattern = new RegExp(term.dataset.find.replace(/ /g, '\\s+'), 'i'); // a space matches a line break too
    const useId = `use-${name}`;
    let where = '';
    const found = wrapFirst(sections, pattern, (section) => {
      where = section.querySelector('h2')?.textContent.trim() ?? '';
      return h('a', { className: 'term', href: `#${term.id}`, id: useId, title: `Glossary: ${term.textContent.trim()}` });
    });
    if (!found) continue;
    term.nextElementSibling?.append(' ', h('a', { className: 'back', href: `#${useId}` }, `First used in “${where}”`), '.');
  }
}

const glossary = document.querySelector('#glossary dl');
if (glossary) {
  const sections = [...document.querySelectorAll('main section')].filter((section) => !section.matches('#glossary, #references'));
  linkGlossary(glossary, sections);
}
