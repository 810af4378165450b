// scroll-focus.js — a box that scrolls sideways (a wide table on a phone) must be reachable by
// keyboard, or its hidden columns are out of reach. scrollFocus(box, label) makes the box a tab
// stop, named `label`, only while its content overflows it (so wide screens get no extra stops),
// and keeps that up to date as the box or its content changes size.
//
//   const box = scrollFocus(h('div', { className: 'table-scroll' }, table), 'Outputs by word');

/** Makes `box` focusable (tabindex 0) exactly while it overflows; returns `box`. */
export function scrollFocus(box, label) {
  if (label && !box.hasAttribute('aria-label')) box.setAttribute('aria-label', label);
  if (!box.hasAttribute('role') && !/^(TABLE|SECTION|FIGURE)$/.test(box.tagName)) box.setAttribute('role', 'group');
  const update = () => {
    const overflows = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    if (overflows) box.tabIndex = 0;
    else if (box.getAttribute('tabindex') === '0' && box !== box.getRootNode().activeElement) box.removeAttribute('tabindex');
  };
  if (typeof ResizeObserver === 'undefined') { box.tabIndex = 0; return box; }
  const sizes = new ResizeObserver(update);
  const watch = () => { sizes.disconnect(); sizes.observe(box); for (const child of box.children) sizes.observe(child); };
  new MutationObserver(() => { watch(); update(); }).observe(box, { childList: true });
  watch();
  return box;
}
