// chapter-panel.js — <attn-variance>'s "Reproduce the chapter" panel: the chapter's measurements
// of §6.3 (variance-chapter.js) beside ours, recomputed in the widget's background worker with
// the widget's seed, with a progress bar and Cancel; the variance at four head widths, the
// saturation of 500 softmax trials at d_k = 128 and the gaps between those trials' scores
// (variance-gaps.js), each with its verdict. Every figure shown as ours comes from the C core.
//
//   const panel = new ChapterPanel({ heading: 'h3', headingId, jobs, act, seed: () => 1, onDone: (rows) => … });
//   section.append(panel.section);   const rows = await panel.reproduce();

import { h, replaceChildren } from '../../ui/dom.js';
import { actionButton } from '../../ui/action-button.js';
import { fixed } from '../../ui/format.js';
import { Cancelled } from './experiment-jobs.js';
import { CHAPTER, TOLERANCE, reproductionJobs, reproductionRows, slopeBand } from './variance-chapter.js';
import { GAP, GAP_HEADERS, gapNote, gapRows } from './variance-gaps.js';
import { percent, group, resultsTable, progressRow } from './variance-parts.js';

export class ChapterPanel {
  /**
   * heading: the tag of the panel's heading (the widget's subheading level), headingId its id;
   * jobs: the ExperimentJobs it runs in; act(fn): runs fn as one action of the widget;
   * seed(): the widget's seed; onDone(rows): after a complete run, with reproductionRows' rows.
   */
  constructor({ heading, headingId, jobs, act, seed, onDone }) {
    Object.assign(this, { jobs, seed, onDone });
    // The verdict columns (class "verdict") stay at the right edge of their box on a phone.
    this.varianceBody = h('tbody', {}, CHAPTER.variance.map(({ dk, ratio }) => h('tr', {},
      h('th', { scope: 'row' }, String(dk)), h('td', {}, '—'), h('td', {}, fixed(ratio, 4)), h('td', {}, '—'), h('td', {}, fixed(CHAPTER.scaledVariance, 1)), h('td', { className: 'verdict' }, '—'))));
    const s = CHAPTER.saturation;
    this.saturationBody = h('tbody', {}, [
      ['raw trials with p_max > 0.99', percent(s.raw).replace('.0%', '%')],
      ['scaled trials with p_max > 0.99', percent(s.scaled).replace('.0%', '%')],
      ['mean p(1 − p) in saturated raw trials', fixed(s.grad, 4)],
    ].map(([what, chapter]) => h('tr', {}, h('th', { scope: 'row' }, what), h('td', {}, '—'), h('td', {}, chapter), h('td', { className: 'verdict' }, '—'))));
    // The gaps between the scores of the same trials, and the sentence that ties them to the chapter.
    this.gapBody = h('tbody', {}, gapRows(null, '—'));
    this.gapSentence = h('p', { className: 'note gap-note', 'aria-live': 'polite' }, ...gapNote(s.dk, null, null));
    this.progress = progressRow('Reproducing the chapter', () => act(() => jobs.cancel()));
    this.status = h('p', { className: 'status-line', role: 'status' });
    // A failure or a Cancel is said on the status line.
    this.button = actionButton({ onclick: () => act(() => { this.reproduce().catch(() => {}); }) }, 'Reproduce the chapter');
    this.section = h('section', { className: 'panel', 'aria-labelledby': headingId },
      h(heading, { id: headingId }, 'Reproduce the chapter'),
      h('p', {}, `The chapter measured Var(q·k)/d_k over ${group(CHAPTER.draws)} random draws at four head widths, and `
        + `counted saturated softmax rows over ${s.trials} trials at d_k = ${s.dk} with ${s.keys} keys, where, it says, gaps of ${GAP} `
        + 'between scores are common. This reruns all of it in the background with the seed above (the scaled variances use '
        + 'fresh draws from the next seed).'),
      h('div', { className: 'toolbar' }, this.button), this.progress.row, this.status,
      resultsTable('Variance table (scrolls sideways)',
        `Variance of the scores, ${group(CHAPTER.draws)} draws per width`,
        ['d_k', 'variance ÷ d_k, ours', 'chapter', 'scaled variance, ours', 'chapter', `within 1 ± ${TOLERANCE.ratio}?`], this.varianceBody),
      resultsTable('Saturation table (scrolls sideways)',
        `Saturation, ${s.trials} trials at d_k = ${s.dk} with ${s.keys} keys`,
        ['measurement', 'ours', 'chapter', 'as expected?'], this.saturationBody),
      this.trialLine = h('p', { className: 'note trial-line', 'aria-live': 'polite' }, 'Once reproduced, the p_max of the first ten raw trials is listed here.'),
      resultsTable('Gaps table (scrolls sideways)', `Gaps between scores, the same ${s.trials} trials`, GAP_HEADERS, this.gapBody, { verdict: false }),
      this.gapSentence);
  }

  /** True while a run is under way. */
  get running() { return this.button.disabled; }

  /** Recomputes the chapter's measurements in the background worker and fills the tables; resolves
   *  to the rows, or rejects with what stopped it (said on the status line too; Cancelled for Cancel). */
  reproduce() {
    const { progress, status, button } = this;
    const seed = this.seed();
    button.disabled = true;
    status.textContent = `Running ${group(2 * CHAPTER.variance.length)} score measurements and ${2 * CHAPTER.saturation.trials} softmax trials with seed ${seed}…`;
    progress.show(true);
    return this.jobs.run(reproductionJobs(seed), (f, left) => progress.set(f, left)).then((results) => {
      const rows = reproductionRows(results);
      this.#fill(rows);
      status.textContent = `Done, with seed ${seed}.`;
      this.onDone(rows);
      return rows;
    }, (error) => {
      status.textContent = error instanceof Cancelled ? 'Cancelled. The tables keep their last complete results.' : error.message;
      throw error;
    }).finally(() => {
      progress.show(false);
      button.disabled = false;
    });
  }

  #fill({ variance, raw, scaled, gaps }) {
    const within = (x) => Math.abs(x - 1) <= TOLERANCE.ratio;
    variance.forEach((row, i) => {
      const cells = this.varianceBody.rows[i].cells;
      cells[1].textContent = fixed(row.ours, 4);
      cells[3].textContent = fixed(row.scaled, 4);
      cells[5].textContent = within(row.ours) && within(row.scaled) ? 'yes' : 'no';
    });
    const [lo, hi] = TOLERANCE.rawFraction;
    const checks = [
      [percent(raw.fraction), raw.fraction >= lo && raw.fraction <= hi ? `yes (${percent(lo)}–${percent(hi)} expected)` : 'no'],
      [percent(scaled.fraction), scaled.fraction === 0 ? 'yes' : 'no'],
      [Number.isNaN(raw.meanGrad) ? 'no saturated trial' : fixed(raw.meanGrad, 4), slopeVerdict(slopeBand(raw.pmax, CHAPTER.saturation.threshold))],
    ];
    checks.forEach(([ours, verdict], i) => {
      const cells = this.saturationBody.rows[i].cells;
      cells[1].textContent = ours;
      cells[3].textContent = verdict;
    });
    this.trialLine.textContent = firstTrials(raw.pmax, CHAPTER.saturation.threshold);
    replaceChildren(this.gapBody, ...gapRows(gaps));
    replaceChildren(this.gapSentence, ...gapNote(CHAPTER.saturation.dk, gaps.raw, gaps.scaled));
  }
}

/** The slope row's verdict: is the chapter's mean within our trials' mean ± 2 standard errors? */
function slopeVerdict(band) {
  if (!band) return 'too few saturated trials to say';
  const within = CHAPTER.saturation.grad >= band.lo && CHAPTER.saturation.grad <= band.hi;
  return `${within ? 'yes' : 'no'} (${within ? 'within' : 'outside'} ${fixed(band.lo, 4)}–${fixed(band.hi, 4)}: ours ± 2 standard errors, ${group(band.n)} trials)`;
}

/** The p_max of the first ten raw trials, each saturated one marked “(over 0.99)”: one draw clears it while the next can fall short. */
function firstTrials(pmax, threshold) {
  const shown = Array.from(pmax.slice(0, 10), (p) => `${fixed(p, 4)}${p > threshold ? ` (over ${threshold})` : ''}`);
  return `p_max of the first ten raw trials: ${shown.join(', ')}. As the chapter says, one draw clears ${threshold} while the next can fall short.`;
}
