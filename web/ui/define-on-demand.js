// define-on-demand.js — loads a widget's module (which defines its element) only once the page
// has one of its elements, so widgets a course page rarely uses stay out of the embed bundle
// attention-lab.js downloads up front (scripts/size-report.mjs counts only that bundle). Used for
// the registry's entries marked `onDemand` (the learner's side: <attn-check>, <attn-exercise>).
// An element seen before its module arrives is upgraded when it does, as custom elements are.

/** Watches `root` (a document) for each entry's tag and calls entry.load() the first time one is there. */
export function defineOnDemand(entries, root = globalThis.document) {
  if (!root?.documentElement || typeof MutationObserver === 'undefined') return;
  const waiting = new Map(entries.map((entry) => [entry.tag, entry]));
  const observer = new MutationObserver(() => look());
  const look = () => {
    for (const [tag, entry] of waiting) {
      if (!root.querySelector(tag)) continue;
      waiting.delete(tag);
      entry.load();
    }
    if (waiting.size === 0) observer.disconnect();
  };
  observer.observe(root.documentElement, { childList: true, subtree: true });
  look();
}
