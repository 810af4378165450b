// variance-gaps.js — the chapter's "A gap of g between two scores makes one weight e^g times the
// other. At d_k = 128, gaps of 20 are common, and e^20 is about 500 million", as a measurement in
// <attn-variance>'s saturation panel: the share of pairs of scores in one trial that differ by
// more than 20, raw and scaled, and how far the largest score leads the second, over the very
// trials the saturation table counts: the worker's saturation jobs take the gap, so the core
// measures both from one pass, each trial drawn once (attn.saturation with `gap`). This file
// lists those jobs (for the live panel and for "Reproduce the chapter"), fills a gap table and
// words the results; e^20 is computed here, not typed.

import { h } from '../../ui/dom.js';
import { fixed, largeInWords } from '../../ui/format.js';
import { group } from './variance-parts.js';

/** The chapter's gap. Fixed: it is the chapter's number, and the share of pairs past it already
 *  moves with d_k, from almost none at d_k = 1 to most at 512. */
export const GAP = 20;

/** e^GAP, the weight ratio a gap of GAP makes, in words: "485 million". */
export const gapRatioWords = () => largeInWords(Math.exp(GAP));

/** The worker jobs of a saturation table and its gap table: raw, then scaled, each trial drawn
 *  once; each result is attn.saturation's, with `gaps` as attn.scoreGaps gives them. */
export function trialJobs({ dk, keys, trials, threshold, seed }) {
  return [false, true].map((scaled) => ({ kind: 'saturation', options: { dk, keys, trials, threshold, seed, scaled, gap: GAP } }));
}

/** The results of trialJobs split into the saturation tables' { raw, scaled } (without their
 *  gaps) and the gap table's { raw, scaled }. */
export function splitTrialResults([raw, scaled]) {
  const { gaps: rawGaps, ...rawSaturation } = raw;
  const { gaps: scaledGaps, ...scaledSaturation } = scaled;
  return { raw: rawSaturation, scaled: scaledSaturation, gaps: { raw: rawGaps, scaled: scaledGaps } };
}

/** A share of pairs: 21.0%; under 0.1% when some pair but fewer than 1 in 2,000 passed (never a
 *  misleading 0.0%); 0.0% only when none did. */
export function pairShare({ over, fraction }) {
  if (over > 0 && fraction < 0.0005) return 'under 0.1%';
  return `${(100 * fraction).toFixed(1)}%`;
}

/** A gap table's column heads. */
export const GAP_HEADERS = ['scores', `pairs more than ${GAP} apart`, 'largest − second largest, mean'];

/** The live gap table's caption: which trials it counts. */
export function gapCaption({ keys, trials }) {
  const which = trials === 1 ? 'trial' : `${group(trials)} trials`;
  return `Gaps between the ${group(keys)} scores of one trial, the same ${which}`;
}

/** The gap table's rows, raw and scaled; gaps null (not measured yet): `empty` (“…”) in each cell. */
export function gapRows(gaps, empty = '…') {
  return [['raw q·k', gaps?.raw], ['scaled q·k / √d_k', gaps?.scaled]].map(([name, g]) => h('tr', {},
    h('th', { scope: 'row' }, name),
    h('td', {}, g ? `${pairShare(g)} (${group(g.over)} of ${group(g.pairs)})` : empty),
    h('td', {}, g ? fixed(g.meanTopGap, 2) : empty)));
}

/** The note under the tables; raw and scaled null (not measured yet): what it will say. Text
 *  and <sup> nodes, for replaceChildren. */
export function gapNote(dk, raw, scaled) {
  const ratio = [', a weight ratio of e', h('sup', {}, String(GAP)), ` ≈ ${gapRatioWords()}`];
  if (!raw) {
    return ['Once the trials are measured, the share of pairs of scores that differ by more than ', String(GAP), ...ratio,
      ', is given here, raw and scaled, with how far the largest score leads the second.'];
  }
  return [`At d_k = ${dk}, ${pairShare(raw)} of pairs of raw scores differ by more than ${GAP}`, ...ratio,
    `; scaled, ${pairShare(scaled)}. On average the largest raw score is ${fixed(raw.meanTopGap, 2)} above the second, `
    + `the largest scaled one ${fixed(scaled.meanTopGap, 2)}.`];
}

/** What "In words" says before anything is measured: the gap and its weight ratio (a screen
 *  reader says "e to the 20", not a raised 20). */
export const gapInWordsIntro = () => `how many pairs of scores in a row differ by more than ${GAP}, a gap that makes one weight e to the ${GAP}, `
  + `about ${gapRatioWords()}, times the other`;

/** The measurement, for "In words" (the mean top gap is left to the table and the note: "In
 *  words" stays short enough that the widget keeps its height when it starts). */
export function gapsInWords(raw, scaled) {
  return `${pairShare(raw)} of pairs of raw scores differ by more than ${GAP}, ${pairShare(scaled)} of scaled ones.`;
}
