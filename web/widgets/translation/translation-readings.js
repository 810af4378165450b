// translation-readings.js — what <attn-translation> reads out of a translation run, without a
// DOM: the two accuracy curves (held-out accuracy against source length) at a checkpoint, the
// attention model's map of its held-out sentence with the true alignment's cells, the alignment
// score of that sentence beside its chance, and the sentence that says what was measured (a fall
// or no fall, a hold or no hold), every number taken from the run. A run is the record of
// web/lib/translation-run.js: the shipped one (web/models/translation-run.json) or one just
// trained in the page's workers. tests/wasm/translation-readings.test.mjs holds it to the record.

/** The shape of a run's change to count: (a) "falls" when its longest bin is at least this much
 *  below its shortest; (b) "holds" when no bin is more than this below its shortest bin. */
export const FALL = 0.1;

const percent = (x) => `${Math.round(100 * x)}%`;
const range = ([lo, hi]) => `${lo}–${hi}`;

/** The middle of a bin of lengths [lo, hi]: where its point is drawn on the length axis. */
export const binMiddle = ([lo, hi]) => (lo + hi) / 2;

/** The index of the bin of `lengths` ([[lo, hi], …]) that holds `length`, or −1. */
export function binOf(lengths, length) {
  return lengths.findIndex(([lo, hi]) => length >= lo && length <= hi);
}

/** [[bin middle, accuracy], …] of one run's checkpoint (by index; −1 the last). */
export function accuracyPoints(run, index = -1) {
  const checkpoint = run.checkpoints.at(index);
  return run.lengths.map((bin, k) => [binMiddle(bin), checkpoint.accuracy[k]]);
}

/** The true alignment's cells of the run's sentence, as row * S + col (row j: target word j). */
export function trueCells(sentence) {
  const length = sentence.alignment.length;
  return sentence.alignment.map((source, j) => j * length + source);
}

/**
 * The attention run's map at checkpoint `index`: { step, weights (T * S), rows (target words),
 * cols (source words), cells (the true alignment), score (the mean weight on each target word's
 * true source word, this sentence), chance (1/S), binScore and binChance (the held-out score of
 * the bin holding this length), bin ([lo, hi]) }, or null where the checkpoint keeps no map.
 */
export function mapReading(run, index) {
  const checkpoint = run.checkpoints.at(index);
  if (!checkpoint?.map) return null;
  const { sentence } = run;
  const length = sentence.alignment.length;
  if (checkpoint.map.length !== length * length) throw new Error(`The map of step ${checkpoint.step} has ${checkpoint.map.length} weights, not ${length}².`);
  const cells = trueCells(sentence);
  const score = cells.reduce((sum, cell) => sum + checkpoint.map[cell], 0) / length;
  const k = binOf(run.lengths, length);
  return {
    step: checkpoint.step, weights: Float32Array.from(checkpoint.map), rows: sentence.targetWords, cols: sentence.sourceWords,
    cells, score, chance: 1 / length, bin: run.lengths[k], binScore: checkpoint.alignment?.[k] ?? null, binChance: checkpoint.chance[k],
  };
}

/** The score of a map beside chance, in words: "0.84 on the true word, against 0.06 by chance (14× chance)". */
export function scoreWords(score, chance) {
  return `${score.toFixed(2)} of each target word’s weight on its true source word, against ${chance.toFixed(3)} by chance (${(score / chance).toFixed(1)}× chance)`;
}

/**
 * What the two runs' last checkpoints measured, as plain sentences: whether (a) fell with source
 * length (from its shortest bin to its longest, by at least FALL) and whether (b) held (no bin
 * more than FALL below its shortest), each with its numbers; and (b)'s alignment beside chance.
 * { bottleneck, attention, alignment, falls, holds }.
 */
export function describeMeasured({ bottleneck, attention }) {
  const a = bottleneck.checkpoints.at(-1), b = attention.checkpoints.at(-1);
  const first = bottleneck.lengths[0], last = bottleneck.lengths.at(-1);
  const fall = a.accuracy[0] - a.accuracy.at(-1);
  const falls = fall >= FALL;
  const lowest = Math.min(...b.accuracy), highest = Math.max(...b.accuracy);
  const holds = b.accuracy.every((x) => x >= b.accuracy[0] - FALL);
  const sayA = falls
    ? `(a) the bottleneck falls from ${percent(a.accuracy[0])} at length ${range(first)} to ${percent(a.accuracy.at(-1))} at ${range(last)}.`
    : `(a) the bottleneck does not fall with length here: ${percent(a.accuracy[0])} at length ${range(first)}, ${percent(a.accuracy.at(-1))} at ${range(last)} (a fall of at least ${percent(FALL)} was looked for).`;
  const heldAt = lowest === highest ? `at ${percent(lowest)}` : `between ${percent(lowest)} and ${percent(highest)}`;
  const sayB = holds
    ? `(b) attention holds ${heldAt} at every length.`
    : `(b) attention does not hold: ${percent(b.accuracy[0])} at length ${range(attention.lengths[0])}, ${percent(lowest)} at its lowest.`;
  let sayAlignment = '';
  if (b.alignment) {
    const k = b.alignment.length - 1;
    sayAlignment = `Its weight on the true source word: ${b.alignment[0].toFixed(2)} at length ${range(attention.lengths[0])} (chance ${b.chance[0].toFixed(3)}), `
      + `${b.alignment[k].toFixed(2)} at ${range(attention.lengths[k])} (chance ${b.chance[k].toFixed(3)}).`;
  }
  return { bottleneck: sayA, attention: sayB, alignment: sayAlignment, falls, holds, step: Math.min(a.step, b.step) };
}

/** The timing rows of a record: { length, sequentialSteps, bottleneck, attention } in ms per step. */
export function timingRows(record) {
  return (record.timing?.rows ?? []).map((row) => ({
    length: row.length, sequentialSteps: row.sequentialSteps, bottleneck: 1000 * row.bottleneck, attention: 1000 * row.attention,
  }));
}

/** Milliseconds per training step measured in a run just trained: its training seconds over its steps. */
export function msPerStep(run) {
  const last = run.checkpoints.at(-1);
  return last.step ? (1000 * last.seconds) / last.step : null;
}
