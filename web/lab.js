// lab.js — the lab page's own script: defines every widget (attention-lab.js), shows each one's
// "Copy embed code" control, keeps every widget's settings in the URL hash (url-state.js), and,
// once the page has loaded, keeps the lab for offline use (its service worker).

import { enableOffline } from './attention-lab.js';
import { WIDGETS } from './widgets/registry.js';
import { startUrlState } from './ui/url-state.js';

const widgets = [...document.querySelectorAll(WIDGETS.map((widget) => widget.tag).join(', '))];
for (const widget of widgets) widget.embedCode = true;
startUrlState(widgets);

// After the load, so caching the lab's files never competes with the page's own first requests.
// A browser without service workers (or a file: page) simply has no offline copy.
const keepOffline = () => enableOffline().catch(() => {});
if (document.readyState === 'complete') keepOffline();
else addEventListener('load', keepOffline, { once: true });
