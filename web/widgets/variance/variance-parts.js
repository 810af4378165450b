// variance-parts.js — the small pieces <attn-variance>'s panels share (the live measurement and
// the chapter's reproduction, chapter-panel.js): how numbers are written, a results table in a
// box that scrolls sideways, and a progress row with the time left and a Cancel button.
//
//   resultsTable('Gaps table (scrolls sideways)', 'Gaps between scores', headers, tbody, { verdict: false })
//   const progress = progressRow('Measuring', () => jobs.cancel());  progress.show(true); progress.set(0.5, 1200);

import { h } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { scrollFocus } from '../../ui/scroll-focus.js';

/** 0.3364 → "33.6%". */
export const percent = (x) => `${(100 * x).toFixed(1)}%`;
/** 200000 → "200,000". */
export const group = (n) => n.toLocaleString('en-US');

/** The time a run should still take, as a learner reads it (measured in this browser). */
export function timeLeft(ms) {
  if (ms === null || !Number.isFinite(ms)) return '';
  if (ms < 1000) return 'under a second left';
  return ms < 90_000 ? `about ${Math.round(ms / 1000)} s left` : `about ${Math.round(ms / 60_000)} min left`;
}

/** A results table in a box that scrolls sideways; with `verdict`, its last column is the verdict
 *  (it stays in view). `caption`: its text, or a <caption> the widget rewrites. */
export function resultsTable(boxLabel, caption, headers, body, { verdict = true } = {}) {
  const isVerdict = (i) => verdict && i === headers.length - 1;
  return scrollFocus(h('div', { className: 'table-scroll' }, h('table', { className: 'results' },
    typeof caption === 'string' ? h('caption', {}, caption) : caption,
    h('thead', {}, h('tr', {}, headers.map((t, i) => h('th', { scope: 'col', className: isVerdict(i) ? 'verdict' : null }, t)))),
    body)), boxLabel);
}

/** A progress bar with its percentage, the time left and a Cancel button (`onCancel`, already
 *  one action of the widget), hidden while idle: { row, set(fraction, leftMs), show(on) }. */
export function progressRow(label, onCancel) {
  const bar = h('progress', { max: '1', value: '0', 'aria-label': label });
  const text = h('span', { className: 'progress-text' }, '0%');
  const time = h('span', { className: 'progress-time' });
  const cancel = actionButton({ className: 'secondary', onclick: onCancel }, 'Cancel');
  const row = h('div', { className: 'progress-row' }, h('span', {}, `${label}…`), bar, text, time, cancel);
  row.hidden = true;
  return {
    row,
    set(fraction, leftMs = null) {
      bar.value = fraction;
      text.textContent = `${Math.floor(100 * fraction)}%`;
      time.textContent = timeLeft(leftMs);
    },
    show(on) {
      row.hidden = !on;
      if (on) this.set(0);
    },
  };
}
