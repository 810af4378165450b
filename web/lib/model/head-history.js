// model/head-history.js — heads specialising while a model trains: at each evaluation the
// training session measures every head on the same few validation windows (head-stats.js, a
// fixed seed, no similarity) and keeps the mean scores, step by step. The record travels with
// the model: a weights file carries it in its header (`headHistory`), and a file without one
// (older files, or a model trained elsewhere) loads with an empty record.
//
//   model.recordHeadScores()  → { step, scores: number[] (G·S means; null where a score is NaN) }, or
//                               null for a model of context 1
//   model.headHistory         → { windows, seed, entries: [{ step, scores }] }

import { AttnError, Status } from '../errors.js';
import { HeadScore } from '../abi.js';
import { measureHeads } from './head-stats.js';

/** The windows and seed of every recorded measurement (the same windows each time). */
export const HISTORY_WINDOWS = 16;
export const HISTORY_SEED = 1;

/** An empty record. */
export function emptyHistory() {
  return { windows: HISTORY_WINDOWS, seed: HISTORY_SEED, entries: [] };
}

/** Rounds a score for the file (4 decimals are far below what a chart shows); NaN becomes null. */
const stored = (x) => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : null);

/** Measures `model` now and appends the means to its record; returns the new entry (null for a
 *  model of context 1, whose heads cannot be measured). */
export function recordHeadScores(model) {
  if (model.config.context < 2) return null;
  const { summary } = measureHeads(model, { windows: HISTORY_WINDOWS, seed: HISTORY_SEED, similarity: false });
  const means = Array.from({ length: summary.length / 2 }, (_, i) => stored(summary[2 * i]));
  const entry = { step: model.steps, scores: means };
  const entries = model.headHistory.entries;
  while (entries.length && entries[entries.length - 1].step >= entry.step) entries.pop(); // a restart from an earlier step
  entries.push(entry);
  return entry;
}

/** The header field of a weights file (undefined when nothing is recorded). */
export function historyHeader(history) {
  return history.entries.length ? { headHistory: { ...history, scoreCount: HeadScore.count } } : {};
}

/**
 * The record in a weights file's header, checked against its model (layers · heads heads, steps
 * up to the file's step count): an empty record when there is none, or an AttnError (FORMAT).
 */
export function admitHistory(field, config, steps) {
  if (field === undefined) return emptyHistory();
  const damaged = (why) => new AttnError(Status.FORMAT, `This weights file's record of its heads during training cannot be used: ${why}.`);
  if (field === null || typeof field !== 'object' || !Array.isArray(field.entries)) throw damaged('it is not a list of measurements');
  if (field.scoreCount !== HeadScore.count) throw damaged(`it holds ${field.scoreCount} scores per head, and this lab measures ${HeadScore.count}`);
  if (!Number.isInteger(field.windows) || field.windows < 1 || !Number.isInteger(field.seed) || field.seed < 0) throw damaged('its windows or seed are not whole numbers');
  const length = config.layers * config.heads * HeadScore.count;
  let last = -1;
  const entries = field.entries.map((entry, i) => {
    if (!entry || !Number.isInteger(entry.step) || entry.step <= last || entry.step > steps) throw damaged(`measurement ${i + 1} has no step in order up to ${steps}`);
    last = entry.step;
    if (!Array.isArray(entry.scores) || entry.scores.length !== length) throw damaged(`measurement ${i + 1} does not hold ${length} scores (${config.layers} × ${config.heads} heads × ${HeadScore.count})`);
    if (!entry.scores.every((x) => x === null || (typeof x === 'number' && x >= 0 && x <= 100))) throw damaged(`measurement ${i + 1} holds a score that is not a number from 0 to 100`);
    return { step: entry.step, scores: entry.scores };
  });
  return { windows: field.windows, seed: field.seed, entries };
}
