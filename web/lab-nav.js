// lab-nav.js — the lab page's table of contents follows the reader: the link of the section in
// view is marked (aria-current="location", shown bold with a bar, not by colour alone), and
// where the contents do not stay on screen (a phone), a "↑ Sections" link appears once they
// have scrolled away. It floats over the text, so it shows only while the reader scrolls back up
// (or tabs to it), and tucks below the window while they read on: it never sits on a heatmap's
// last column or a table's verdict for long.
//
//   followSections(document);

/** Marks the contents' link of the section in view; shows the way back to the contents. */
export function followSections(doc = document) {
  const toc = doc.querySelector('nav.toc');
  const back = doc.querySelector('a.to-sections');
  if (!toc || typeof IntersectionObserver === 'undefined') return;
  const links = new Map([...toc.querySelectorAll('a[href^="#"]')].map((link) => [link.getAttribute('href').slice(1), link]));
  const sections = [...links.keys()].map((id) => doc.getElementById(id)).filter(Boolean);

  // The section in view: the first one crossing a band a third of the way down the window (the
  // last one marked stays marked while the band is between two sections; above the first
  // section, over the page's header, the first is the one about to be read).
  const visible = new Set();
  let current = null;
  const mark = () => {
    current = sections.find((section) => visible.has(section)) ?? current ?? sections[0] ?? null;
    for (const [id, link] of links) {
      if (current?.id === id) link.setAttribute('aria-current', 'location');
      else link.removeAttribute('aria-current');
    }
  };
  const watch = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) visible.add(entry.target); else visible.delete(entry.target);
    }
    mark();
  }, { rootMargin: '-30% 0px -60% 0px' });
  for (const section of sections) watch.observe(section);

  if (back) {
    back.hidden = true;
    new IntersectionObserver(([entry]) => { back.hidden = entry.isIntersecting; }).observe(toc);
    tuckWhileReading(back, doc.defaultView);
  }
}

/** Scrolling down (reading on) tucks `link` below the window; scrolling back up by a few lines
 *  brings it back. A tucked link keeps its place in the tab order (CSS shows it on focus). */
function tuckWhileReading(link, win) {
  let last = win.scrollY;
  link.classList.add('tucked');
  win.addEventListener('scroll', () => {
    const y = win.scrollY;
    if (y > last + 8) link.classList.add('tucked');
    else if (y < last - 24) link.classList.remove('tucked');
    else return; // a small move: keep the last reference point
    last = y;
  }, { passive: true });
}
