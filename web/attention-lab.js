// attention-lab.js — the embed entry. A course page needs only
//   <script type="module" src="…/attention-lab.js"></script>
// to define every <attn-*> element; scripts may also `import { loadAttn, WIDGETS } from …`.
// Each widget below has an entry in widgets/registry.js (embed.html, the lab page and the tests
// read the list from there).
//
// It also sets `attentionLab` on the page ({ version, widgets, enableOffline }), for a page that
// has no module script of its own: `attentionLab.version` is the package's version (pin a copy
// by it), and enableOffline() registers the lab's service worker when the author asks
// (offline/register.js; never on its own: a course page's service worker is its author's).

import { version } from '../package.json';
import { WIDGETS } from './widgets/registry.js';
import { registerOffline } from './offline/register.js';
import { defineOnDemand } from './ui/define-on-demand.js';

export { version };
export { loadAttn, AttnError, Status } from './lib/attn.js';
export { WIDGETS, findWidget } from './widgets/registry.js';
export { AttnStepper } from './widgets/stepper/attn-stepper.js';
export { AttnVariance } from './widgets/variance/attn-variance.js';
export { AttnMasks } from './widgets/masks/attn-masks.js';
export { AttnShuffle } from './widgets/shuffle/attn-shuffle.js';
export { AttnHeads } from './widgets/heads/attn-heads.js';
export { AttnCost } from './widgets/cost/attn-cost.js';
export { AttnTrain } from './widgets/train/attn-train.js';
export { AttnEditor } from './widgets/editor/attn-editor.js';
export { AttnLookup } from './widgets/lookup/attn-lookup.js';
export { AttnBottleneck } from './widgets/bottleneck/attn-bottleneck.js';
export { AttnTranslation } from './widgets/translation/attn-translation.js';
// where Q, K and V come from; decoding with a KV cache
export { AttnCross } from './widgets/cross/attn-cross.js';
export { AttnDecode } from './widgets/decode/attn-decode.js';
// The learner's side (<attn-check>, <attn-exercise>: registry entries marked onDemand) is
// loaded only when the page has one of its elements, outside the embed bundle's size budget.
defineOnDemand(WIDGETS.filter((widget) => widget.onDemand));

/**
 * Makes the lab work offline after this visit: registers its service worker, which caches
 * every file of the lab's folder. `scope` (default: the lab's folder) is where it serves pages.
 * Only a page on the lab's own host may call it. Resolves to the ServiceWorkerRegistration.
 */
export function enableOffline({ scope } = {}) {
  return registerOffline({ scope });
}

if (typeof globalThis.attentionLab === 'undefined') {
  globalThis.attentionLab = Object.freeze({ version, widgets: Object.freeze(WIDGETS.map((widget) => widget.name)), enableOffline });
}
