// registry.js — the one list of the lab's widgets. attention-lab.js (the embed entry), embed.js
// (embed.html?widget=…), the lab page (lab.js: "Copy embed code", URL state) and the tests all
// read it, so a new widget joins every mechanism by adding one entry here (and its export line
// in attention-lab.js).
//
//   name     the short name used by embed.html?widget=<name> and in the lab's URL hash
//   tag      the custom element's tag
//   section  the chapter section it belongs to
//   load     imports the widget's module (which defines the element); embed.html loads only one
//   onDemand the embed entry does not import it up front: it is loaded when a page has one
//            (ui/define-on-demand.js), and its class is not among the entry's exports

export const WIDGETS = Object.freeze([
  { name: 'stepper', tag: 'attn-stepper', section: '6.2', load: () => import('./stepper/attn-stepper.js') },
  { name: 'variance', tag: 'attn-variance', section: '6.3', load: () => import('./variance/attn-variance.js') },
  { name: 'masks', tag: 'attn-masks', section: '6.4', load: () => import('./masks/attn-masks.js') },
  { name: 'shuffle', tag: 'attn-shuffle', section: '6.5', load: () => import('./shuffle/attn-shuffle.js') },
  { name: 'heads', tag: 'attn-heads', section: '6.6', load: () => import('./heads/attn-heads.js') },
  { name: 'cost', tag: 'attn-cost', section: '6.6', load: () => import('./cost/attn-cost.js') },
  { name: 'train', tag: 'attn-train', section: 'lab', load: () => import('./train/attn-train.js') },
  { name: 'editor', tag: 'attn-editor', section: 'editor', load: () => import('./editor/attn-editor.js') },
  { name: 'lookup', tag: 'attn-lookup', section: 'lookup', load: () => import('./lookup/attn-lookup.js') },
  { name: 'bottleneck', tag: 'attn-bottleneck', section: 'bottleneck', load: () => import('./bottleneck/attn-bottleneck.js') },
  // the same section's trained experiment: the two encoder–decoders, trained in workers
  { name: 'translation', tag: 'attn-translation', section: 'bottleneck', load: () => import('./translation/attn-translation.js') },
  // where Q, K and V come from; the KV cache on a real model
  { name: 'cross', tag: 'attn-cross', section: 'roles', load: () => import('./cross/attn-cross.js') },
  { name: 'decode', tag: 'attn-decode', section: 'decode', load: () => import('./decode/attn-decode.js') },
  { name: 'check', tag: 'attn-check', section: 'check', load: () => import('./check/attn-check.js'), onDemand: true },
  // an exercise loads its task's widget through this list, handed in here (no import back)
  { name: 'exercise', tag: 'attn-exercise', section: 'exercises', load: () => import('./exercise/attn-exercise.js').then(withWidgetLoader), onDemand: true },
]);

/** The registry entry for a short name ("stepper") or a tag ("attn-stepper"), or undefined. */
export function findWidget(nameOrTag) {
  const key = String(nameOrTag ?? '').trim().toLowerCase();
  return WIDGETS.find((widget) => widget.name === key || widget.tag === key);
}

/** The exercise module, told how to load the widget of its task (by tag, through this list). */
function withWidgetLoader(module) {
  module.setWidgetLoader((tag) => findWidget(tag).load());
  return module;
}
