// learner-marks.test.mjs — the learner's side without a browser: the core's marks of the
// numeric "Check yourself" questions for every number a question can ask (the exact answer is
// right; the classic slips are not, and the 5 % tolerance of the variance holds for every d_k
// offered), the exercises' checks on widget-shaped objects, and the progress store (namespaced,
// versioned, clearable, in memory when storage refuses).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn } from './helpers.mjs';
import { QUESTIONS } from '../../web/widgets/check/check-questions.js';
import { VARIANCE_DRAWS, VARIANCE_TOLERANCE } from '../../web/widgets/check/check-marks.js';
import { markStepperWeight, markMaskNanRow, markCostCrossover } from '../../web/widgets/exercise/exercise-marks.js';
import { EXAMPLE } from '../../web/widgets/stepper/stepper-example.js';
import { ProgressStore, PROGRESS_VERSION } from '../../web/lib/progress-store.js';

const attn = await loadWasmAttn();
const question = (id) => QUESTIONS.find((q) => q.id === id);

test('variance: d_k is right for every seed’s d_k; √d_k, d_k/2, 2·d_k and 1 are not', () => {
  const q = question('variance');
  const seen = new Set();
  for (let seed = 0; seed < 10; seed++) {
    const numbers = q.numbers(seed);
    seen.add(numbers.dk);
    // The tolerance is over six standard errors of the sample variance at this d_k.
    const standardError = Math.sqrt((2 + 6 / numbers.dk) / VARIANCE_DRAWS);
    assert.ok(VARIANCE_TOLERANCE > 6 * standardError, `d_k = ${numbers.dk}: 5 % against a standard error of ${standardError}`);
    assert.equal(q.mark(attn, numbers, String(numbers.dk)).right, true, `d_k = ${numbers.dk}`);
    for (const slip of [Math.sqrt(numbers.dk), numbers.dk / 2, 2 * numbers.dk, 1]) {
      assert.equal(q.mark(attn, numbers, String(slip)).right, false, `d_k = ${numbers.dk}, answer ${slip}`);
    }
  }
  assert.equal(seen.size, 10, 'ten seeds, ten different widths');
});

test('entries and crossover: exact counts from the cost model, for every seed', () => {
  for (let seed = 0; seed < 9; seed++) {
    const entries = question('entries'), crossover = question('crossover');
    const e = entries.numbers(seed), c = crossover.numbers(seed);
    assert.equal(entries.mark(attn, e, String(e.n * e.n)).right, true);
    assert.equal(entries.mark(attn, e, (e.n * e.n).toLocaleString('en-US')).right, true, 'digits grouped with commas');
    assert.equal(entries.mark(attn, e, String(e.n)).right, false);
    assert.match(entries.mark(attn, e, String(e.n)).sentence, /one row of the table/);
    assert.equal(crossover.mark(attn, c, String(2 * c.dModel)).right, true);
    assert.equal(crossover.mark(attn, c, String(c.dModel)).right, false);
  }
});

test('kv-cache: 2·L·t·d_model·4 bytes from the core’s decoding cost, for every seed; the classic slips are not', () => {
  const q = question('kv-cache');
  const seen = new Set();
  for (let seed = 0; seed < 12; seed++) {
    const numbers = q.numbers(seed);
    const { layers, dModel, t } = numbers;
    seen.add(`${layers} ${dModel} ${t}`);
    const bytes = 2 * layers * t * dModel * 4; // a key and a value of d_model float32s per token per layer
    const right = q.mark(attn, numbers, bytes.toLocaleString('en-US'));
    assert.equal(right.right, true, `seed ${seed}`);
    assert.match(right.sentence, new RegExp(`No queries are kept.*${t.toLocaleString('en-US')} times fewer\\.$`));
    assert.equal(q.mark(attn, numbers, String(bytes)).right, true, 'digits without commas');
    for (const [slip, sentence] of [[bytes / 4, /how many numbers the cache holds/], [bytes * 1.5, /caches the queries too/], [bytes + 4, /multiply those together/]]) {
      const result = q.mark(attn, numbers, String(slip));
      assert.equal(result.right, false, `seed ${seed}, answer ${slip}`);
      assert.match(result.sentence, sentence, `seed ${seed}, answer ${slip}`);
    }
    assert.equal(q.mark(attn, numbers, String(bytes / 2)).right, false);
    assert.equal(q.mark(attn, numbers, String(bytes / layers)).right, false);
  }
  assert.equal(seen.size, 12, 'twelve seeds, twelve different caches');
  const seed0 = q.numbers(0);
  assert.match(q.mark(attn, seed0, '37748736').sentence, /the keys alone/);
  assert.match(q.mark(attn, seed0, '6291456').sentence, /one layer’s cache\. Each of the 12 layers/);
  assert.match(q.mark(attn, seed0, '1.5').problem, /not a whole number/);
});

test('the questions: the first eight keep their numbers, four on attention’s origin follow; every choice has one right option and a why for each', () => {
  assert.deepEqual(QUESTIONS.map((q) => q.id), ['projections', 'scaling', 'variance', 'mask-order', 'low-loss', 'entries', 'crossover', 'heads', 'blend', 'cross', 'kv-cache', 'maps']);
  assert.deepEqual(QUESTIONS.slice(8).map((q) => q.section), ['lookup', 'roles', 'decode', 'lab']);
  for (const q of QUESTIONS.filter((question) => question.kind === 'choice')) {
    assert.equal(q.options.filter((option) => option.right).length, 1, q.id);
    for (const option of q.options) assert.match(option.why, option.right ? /^Right\. / : /^Not (that|so): /, `${q.id}: ${option.text}`);
  }
});

test('the right option cannot be found by its length: it is the longest in at most a third of the questions, and never 1.3 times the longest wrong one', () => {
  const choices = QUESTIONS.filter((question) => question.kind === 'choice');
  assert.equal(choices.length, 8);
  let longest = 0;
  for (const q of choices) {
    const right = q.options.find((option) => option.right).text.length;
    const wrong = Math.max(...q.options.filter((option) => !option.right).map((option) => option.text.length));
    if (right > wrong) longest += 1;
    assert.ok(right <= 1.3 * wrong, `${q.id}: the right option has ${right} characters, the longest wrong one ${wrong}`);
    // No option is a short throwaway beside the others: the shortest is at least 0.7 of the longest.
    const lengths = q.options.map((option) => option.text.length);
    assert.ok(Math.min(...lengths) >= 0.7 * Math.max(...lengths), `${q.id}: options of ${lengths.join(', ')} characters`);
  }
  assert.ok(longest <= choices.length / 3, `the right option is the longest in ${longest} of ${choices.length} questions`);
});

test('text that is not an answer gets a sentence, never a mark', () => {
  const q = question('crossover'), numbers = q.numbers(0);
  for (const [text, sentence] of [['', /^Type a number of tokens first/], ['abc', /“abc” is not a number/], ['-5', /negative/], ['2.5', /not a whole number/], ['Infinity', /not a number/]]) {
    const result = q.mark(attn, numbers, text);
    assert.ok('problem' in result, text);
    assert.match(result.problem, sentence);
  }
  // Numbers too large for the cost model are still marked (wrong), not thrown.
  assert.equal(q.mark(attn, numbers, '1e30').right, false);
});

test('exercise checks read the widget’s public face', () => {
  const stepper = { ...EXAMPLE, mask: 'causal', scale: true };
  assert.equal(markStepperWeight(attn, stepper).done, false);
  assert.match(markStepperWeight(attn, stepper).lines[2].text, /Token 2 puts 0\.196 of its weight on token 1/);
  const wq = [...EXAMPLE.wq]; wq[6] = -2; wq[7] = -1; // row 4 of W^Q
  assert.equal(markStepperWeight(attn, { ...stepper, wq }).done, true);
  assert.equal(markStepperWeight(attn, { ...stepper, wq, mask: 'none' }).done, false);

  const masks = { sentence: 'the cat chased the mouse', second: 'dogs bark loudly', masks: new Set(['causal']), window: 2, scores: 'words', sequence: 1 };
  const edits = (cells) => new Map(cells.map((cell) => [cell, -Infinity]));
  assert.equal(markMaskNanRow(attn, { ...masks, edits: new Map() }).done, false);
  assert.equal(markMaskNanRow(attn, { ...masks, edits: edits(['1:2:0', '1:2:1', '1:2:2']) }).done, true);
  assert.equal(markMaskNanRow(attn, { ...masks, edits: edits(['1:0:0', '1:2:0', '1:2:1', '1:2:2']) }).done, false);

  assert.equal(markCostCrossover(attn, { n: 1024, dModel: 768, heads: 12 }).done, true);
  assert.equal(markCostCrossover(attn, { n: 1024, dModel: 768, heads: 8 }).done, false);
  assert.equal(markCostCrossover(attn, { n: 1024, dModel: 512, heads: 8 }).done, false);
});

/** A Storage-shaped object in memory. */
function fakeStorage() {
  const items = new Map();
  return { getItem: (k) => (items.has(k) ? items.get(k) : null), setItem: (k, v) => items.set(k, String(v)), removeItem: (k) => items.delete(k), items };
}

test('progress store: namespaced, versioned, clearable by prefix', () => {
  const storage = fakeStorage();
  const store = new ProgressStore({ namespace: 'lab-a', storage });
  const other = new ProgressStore({ namespace: 'lab-b', storage });
  store.put('check/variance', { seed: 2, right: true });
  store.put('exercise/cost-crossover', { done: true });
  other.put('check/variance', { seed: 9 });
  assert.deepEqual(store.get('check/variance'), { seed: 2, right: true });
  assert.equal(other.get('check/variance').seed, 9);
  assert.equal(JSON.parse(storage.getItem('lab-a:progress')).version, PROGRESS_VERSION);
  store.clear('check/');
  assert.equal(store.get('check/variance'), undefined);
  assert.deepEqual(store.get('exercise/cost-crossover'), { done: true });
  store.clear();
  assert.equal(storage.getItem('lab-a:progress'), null);
  assert.equal(other.get('check/variance').seed, 9);
  // Another version, or text that is not JSON: read as nothing, never thrown.
  storage.setItem('lab-a:progress', JSON.stringify({ version: PROGRESS_VERSION + 1, records: { x: { a: 1 } } }));
  assert.deepEqual(store.all(), {});
  storage.setItem('lab-a:progress', '{not json');
  assert.deepEqual(store.all(), {});
  assert.throws(() => new ProgressStore({ namespace: ' ', storage }), /namespace/);
});

test('progress store: storage that refuses keeps the records in memory', () => {
  const memoryOnly = new ProgressStore({ storage: null });
  assert.equal(memoryOnly.persistent, false);
  memoryOnly.put('a', { n: 1 });
  assert.deepEqual(memoryOnly.get('a'), { n: 1 });
  const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => {} };
  const store = new ProgressStore({ storage: full });
  store.put('b', { n: 2 });
  assert.equal(store.persistent, false);
  assert.deepEqual(store.get('b'), { n: 2 });
});
