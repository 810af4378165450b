// lab.js — the lab page's own script: defines every widget (attention-lab.js), shows each one's
// "Copy embed code" control, keeps every widget's settings in the URL hash (url-state.js), and
// links the prose's terms to the glossary and back (glossary-links.js).

import './attention-lab.js';
import { WIDGETS } from './widgets/registry.js';
import { startUrlState } from './ui/url-state.js';
import './glossary-links.js';

const widgets = [...document.querySelectorAll(WIDGETS.map((widget) => widget.tag).join(', '))];
for (const widget of widgets) widget.embedCode = true;
startUrlState(widgets);
