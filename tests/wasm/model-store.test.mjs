// model-store.test.mjs — the record the training lab keeps in IndexedDB (web/widgets/train/
// model-store.js), read without a browser: a new record has the weights, the step, the loss curve
// and the learner's own text (a text over the limit is not kept); a record kept by an older lab,
// the weights file's bytes alone, still reads, with what it lacks as null; anything else is no
// record at all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keptRecord, recordToKeep, MAX_KEPT_TEXT } from '../../web/widgets/train/model-store.js';

const bytes = new Uint8Array([1, 2, 3, 4]);
const curve = { train: [[1, 3.1], [2, 3.0]], validation: [[0, 3.3], [2, 3.05]] };

test('a kept model reads back as its weights, step, loss curve, own text and when it was kept', () => {
  const stored = recordToKeep({ bytes, steps: 2, curve, text: 'my own text' }, 1_700_000_000_000);
  assert.deepEqual(stored, { bytes, steps: 2, curve, text: 'my own text', savedAt: 1_700_000_000_000 });
  assert.deepEqual(keptRecord(structuredClone(stored)), stored);
});

test('an own text over the limit is not kept; a model of the default corpus keeps no text', () => {
  assert.equal(recordToKeep({ bytes, steps: 2, curve, text: 'x'.repeat(MAX_KEPT_TEXT + 1) }).text, null);
  assert.equal(recordToKeep({ bytes, steps: 2, curve, text: 'x'.repeat(MAX_KEPT_TEXT) }).text.length, MAX_KEPT_TEXT);
  assert.equal(recordToKeep({ bytes, steps: 2, curve }).text, null);
});

test('an old record, the weights file alone, reads with no step, curve, text or time', () => {
  assert.deepEqual(keptRecord(bytes), { bytes, steps: null, curve: null, text: null, savedAt: null });
});

test('what is not a record reads as none, and a broken curve as no curve', () => {
  for (const stored of [undefined, null, 'bytes', 42, {}, { bytes: [1, 2] }]) assert.equal(keptRecord(stored), null, String(stored));
  const broken = keptRecord({ bytes, steps: 2, curve: { train: [[1, 'x']], validation: [] }, text: null, savedAt: 5 });
  assert.deepEqual(broken, { bytes, steps: 2, curve: null, text: null, savedAt: 5 });
  assert.equal(keptRecord({ bytes, steps: 2.5, curve }).steps, null);
});
