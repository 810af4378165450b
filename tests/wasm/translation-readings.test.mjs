// translation-readings.test.mjs — what <attn-translation> reads out of a translation run
// (web/widgets/translation/translation-readings.js), on the recorded run it ships
// (web/models/translation-run.json) and on runs made up to take the other turn: the curves are
// the record's accuracies at the bins' middles, the map's outlined cells are the sentence's true
// alignment, its score is the mean weight on them (recomputed here by hand) beside 1/length, and
// the sentence under the curves says "falls" and "holds" only when the numbers do, with them.
// A short run of web/lib/translation-run.js checks that its progress carries what the page draws
// before the run ends. A few seconds.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadWasmAttn } from './helpers.mjs';
import { accuracyPoints, binOf, describeMeasured, mapReading, msPerStep, timingRows, trueCells, FALL } from '../../web/widgets/translation/translation-readings.js';
import { runTranslation } from '../../web/lib/translation-run.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const record = JSON.parse(readFileSync(`${root}web/models/translation-run.json`, 'utf8'));
const { bottleneck, attention } = record.runs;
const percent = (x) => `${Math.round(100 * x)}%`;

test('the curves are the record\'s accuracies, at the middle of each bin of length', () => {
  const points = accuracyPoints(bottleneck);
  assert.deepEqual(points.map(([x]) => x), [5.5, 11.5, 18, 24.5, 30.5, 37]);
  assert.deepEqual(points.map(([, y]) => y), bottleneck.checkpoints.at(-1).accuracy);
  assert.deepEqual(accuracyPoints(attention, 0).map(([, y]) => y), attention.checkpoints[0].accuracy);
  assert.equal(binOf(attention.lengths, 16), 2);
  assert.equal(binOf(attention.lengths, 41), -1);
});

test('the map outlines the true alignment, and its score is the mean weight on those cells beside 1/length', () => {
  const { sentence } = attention;
  const length = sentence.alignment.length;
  const cells = trueCells(sentence);
  assert.equal(cells.length, length);
  assert.deepEqual(cells.slice(3, 6), [3 * length + 3, 4 * length + 5, 5 * length + 4], 'the crossed adjective–noun pair');
  for (const index of [0, -1]) {
    const reading = mapReading(attention, index);
    const map = attention.checkpoints.at(index).map;
    let byHand = 0;
    for (let j = 0; j < length; j++) byHand += map[j * length + sentence.alignment[j]];
    assert.ok(Math.abs(reading.score - byHand / length) < 1e-9);
    assert.equal(reading.chance, 1 / length);
    assert.deepEqual(reading.rows, sentence.targetWords);
    assert.deepEqual(reading.cols, sentence.sourceWords);
    assert.deepEqual(reading.bin, [15, 21]);
    assert.equal(reading.binScore, attention.checkpoints.at(index).alignment[2]);
  }
  const start = mapReading(attention, 0), end = mapReading(attention, -1);
  assert.ok(Math.abs(start.score - start.chance) < 0.02, `step 0 is near chance: ${start.score}`);
  assert.ok(end.score > 10 * end.chance, `the last step is far above chance: ${end.score}`);
  assert.equal(mapReading(bottleneck, -1), null, 'the bottleneck has no map');
});

test('the sentence under the recorded curves says (a) falls and (b) holds, with the record\'s numbers', () => {
  const said = describeMeasured(record.runs);
  const a = bottleneck.checkpoints.at(-1).accuracy, b = attention.checkpoints.at(-1).accuracy;
  assert.ok(said.falls && said.holds);
  assert.equal(said.step, 1500);
  assert.equal(said.bottleneck, `(a) the bottleneck falls from ${percent(a[0])} at length 3–8 to ${percent(a.at(-1))} at 34–40.`);
  assert.match(said.attention, new RegExp(`^\\(b\\) attention holds between ${percent(Math.min(...b))} and ${percent(Math.max(...b))} at every length\\.$`));
  assert.match(said.alignment, /0\.87 at length 3–8 \(chance 0\.203\), 0\.79 at 34–40 \(chance 0\.027\)/);
});

test('when (a) does not fall or (b) does not hold, the sentence says so', () => {
  const withAccuracy = (run, accuracy) => ({ ...run, checkpoints: [...run.checkpoints.slice(0, -1), { ...run.checkpoints.at(-1), accuracy }] });
  const flat = describeMeasured({ bottleneck: withAccuracy(bottleneck, [0.5, 0.5, 0.49, 0.48, 0.47, 0.45]), attention });
  assert.equal(flat.falls, false);
  assert.match(flat.bottleneck, /^\(a\) the bottleneck does not fall with length here: 50% at length 3–8, 45% at 34–40/);
  const sagging = describeMeasured({ bottleneck, attention: withAccuracy(attention, [1, 0.95, 0.9, 0.85, 0.8, 0.7]) });
  assert.equal(sagging.holds, false);
  assert.equal(sagging.attention, '(b) attention does not hold: 100% at length 3–8, 70% at its lowest.');
  assert.ok(FALL > 0 && FALL < 0.5);
});

test('the timing rows are the record\'s, in milliseconds, with twice the length of sequential steps', () => {
  const rows = timingRows(record);
  assert.deepEqual(rows.map((r) => r.length), record.timing.rows.map((r) => r.length));
  for (const [k, row] of rows.entries()) {
    assert.equal(row.sequentialSteps, 2 * row.length);
    assert.ok(Math.abs(row.bottleneck - 1000 * record.timing.rows[k].bottleneck) < 1e-9);
  }
  assert.ok(Math.abs(msPerStep(bottleneck) - (1000 * bottleneck.checkpoints.at(-1).seconds) / 1500) < 1e-9);
});

test('a run\'s progress carries its bins and its mapped sentence, so the page draws it before it ends', async () => {
  const attn = await loadWasmAttn();
  const seen = [];
  const run = runTranslation(attn, { kind: 'attention', steps: 4, evalEvery: 2, sentencesPerBin: 2, onProgress: (checkpoint, extra) => seen.push({ checkpoint, ...extra }) });
  assert.deepEqual(seen.map((s) => s.checkpoint.step), [0, 2, 4]);
  assert.deepEqual(seen[0].lengths, run.lengths);
  assert.deepEqual(seen[0].sentence, run.sentence);
  const partial = { ...run, checkpoints: seen.slice(0, 2).map((s) => s.checkpoint) };
  assert.equal(mapReading(partial, -1).step, 2);
});

test('the map\'s SVG download outlines the same true cells and names them in its legend', async () => {
  const { heatmapSvg } = await import('../../web/ui/heatmap-svg.js');
  const reading = mapReading(attention, -1);
  const colours = { bg: '#ffffff', fg: '#000000', muted: '#666666', font: 'sans-serif' };
  const plain = { title: 'map', rowLabels: reading.rows, colLabels: reading.cols, values: reading.weights, colours };
  const svg = heatmapSvg({ ...plain, marked: { cells: new Set(reading.cells), name: 'the true source word' } });
  assert.equal((svg.match(/stroke-dasharray="3 3"/g) ?? []).length, reading.cells.length);
  assert.match(svg, /outlined: the true source word/);
  assert.doesNotMatch(heatmapSvg(plain), /outlined/);
});
