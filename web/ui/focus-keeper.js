// focus-keeper.js — a control that disables itself while it has the keyboard's focus (Play once
// playing, Next at the last step, Measure while measuring, Original order once the words are
// back) would drop the focus to the start of the page, and a keyboard user would have to find
// their way back; so would a box hidden around it (Cancel once the work is done).
// keepFocusWhenDisabled(root) hands the focus to the nearest enabled control instead: the next
// one beside it (same parent), else the one before it, else the next in the widget, else the
// one before.
//
// Chromium leaves a disabled element focused until its next rendering update; the mutation is
// seen before that, while the element still holds the focus, so only a control that had the
// focus moves it, and a control disabled while the reader is elsewhere takes nothing.

// Controls only: a grid or a heatmap (an element with a tabindex) acts on the focus itself (it
// marks its focused cell), so the focus is never handed to one it did not ask for.
const CONTROLS = 'button, input, select, textarea, a[href]';

/** Watches `root` (a widget's shadow root) for focused controls becoming disabled. */
export function keepFocusWhenDisabled(root) {
  const observer = new MutationObserver((records) => {
    const focused = root.activeElement;
    if (!focused) return;
    for (const { target } of records) {
      // The focused control disabled, or hidden with a box around it (Cancel once the work is done).
      if ((target === focused && target.disabled) || (target.hidden && target.contains(focused))) {
        nearestEnabled(root, focused)?.focus();
        return;
      }
    }
  });
  observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });
  return observer;
}

/** The enabled, shown control nearest to `from`, as the header says; null when there is none. */
function nearestEnabled(root, from) {
  const all = [...root.querySelectorAll(CONTROLS)];
  if (!all.includes(from)) all.push(from); // (a focused element that is not a control: the last)
  const at = all.indexOf(from);
  const usable = (el) => el !== from && !el.disabled && el.tabIndex >= 0 && !el.closest('[hidden], [inert]') && el.getClientRects().length > 0;
  const after = all.slice(at + 1).filter(usable), before = all.slice(0, at).filter(usable).reverse();
  const sibling = (el) => el.parentElement === from.parentElement;
  return after.find(sibling) ?? before.find(sibling) ?? after[0] ?? before[0] ?? null;
}
