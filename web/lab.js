// lab.js — the lab page's own script: defines every widget (attention-lab.js), shows the
// "Copy embed code" control of each widget but the learner's workspace (the training lab and the
// editor) when the header's "For course authors" switch is on (off by default, so a learner's page
// and tab order hold no author tools; remembered in this browser; `?authors` in the URL turns it
// on for a visit), keeps every widget's settings in the URL hash (url-state.js), makes the table of
// contents follow the reader (lab-nav.js), links the prose's terms to the glossary and back
// (glossary-links.js), and, once the page has loaded, keeps the lab for offline use (its service
// worker).

import { enableOffline } from './attention-lab.js';
import { WIDGETS } from './widgets/registry.js';
import { startUrlState } from './ui/url-state.js';
import { followSections } from './lab-nav.js';
import './glossary-links.js';
// The learner's side, which a course page loads on demand (a moment after the page's load event,
// on a slow connection), is defined here with every other widget, before the load event: an
// exercise defined late grows from nothing and pushes the widgets below it away from where a link
// or a scroll put the reader (a widget pushed out of view waits there, unstarted, until it is
// scrolled to).
import './widgets/check/attn-check.js';
import './widgets/exercise/attn-exercise.js';

const widgets = [...document.querySelectorAll(WIDGETS.map((widget) => widget.tag).join(', '))];
// The training lab and the editor are the learner's workspace: their embed code would carry none
// of the learner's work (the code, the model), and beside a code editor "Copy embed code" reads as
// "copy my code". Course authors find both elements in the README and the example course page.
const WORKSPACE = new Set(['attn-train', 'attn-editor']);
const AUTHOR_TOOLS_KEY = 'attention-lab:author-tools';
const authorSwitch = document.getElementById('author-tools');
const showAuthorTools = (on) => {
  for (const widget of widgets) if (!WORKSPACE.has(widget.localName)) widget.embedCode = on;
};
const rememberedAuthorTools = () => {
  try { return localStorage.getItem(AUTHOR_TOOLS_KEY) === 'on'; } catch { return false; } // storage may be blocked
};
if (authorSwitch) {
  authorSwitch.checked = new URLSearchParams(location.search).has('authors') || rememberedAuthorTools();
  showAuthorTools(authorSwitch.checked);
  authorSwitch.addEventListener('change', () => {
    showAuthorTools(authorSwitch.checked);
    try { localStorage.setItem(AUTHOR_TOOLS_KEY, authorSwitch.checked ? 'on' : 'off'); } catch { /* kept for this visit only */ }
  });
}
startUrlState(widgets);
followSections(document);

// After the load, so caching the lab's files never competes with the page's own first requests.
// A browser without service workers (or a file: page) simply has no offline copy.
const keepOffline = () => enableOffline().catch(() => {});
if (document.readyState === 'complete') keepOffline();
else addEventListener('load', keepOffline, { once: true });
