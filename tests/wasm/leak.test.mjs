// leak.test.mjs — 1,000 calls of every family of the JS face (and of the objects it makes),
// on the good path and on an error path, leave malloc's bytes in use where they were after a
// short warm-up, and linear memory does not grow. A family that forgets one free in a path
// grows the count by at least 1,000 × 8 bytes (malloc's smallest chunk), twice the bound, and fails.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasmAttn, randomFloats } from './helpers.mjs';

const attn = await loadWasmAttn();
const CALLS = 1_000;
const WARM_UP = 50;
/** Slack in bytes: allocator bookkeeping, never a per-call leak (1,000 leaked chunks of malloc's smallest size, 8 bytes, already exceed it). */
const BOUND = 4096;

const f = (count, seed) => randomFloats(count, seed);
const q = f(8, 1), k = f(12, 2), v = f(6, 3);
const TEXT = 'the cat sat on the mat; the dog ran to the log. '.repeat(8);
const TINY = { text: TEXT, layers: 1, heads: 1, dModel: 4, context: 4, batch: 1, lr: 0.01, seed: 1 };
const model = attn.createModel(TINY);
const saved = model.save();
const swallow = (call) => { try { call(); } catch { /* the error path is what is measured */ } };

/** Each family: one call (the good path, then one bad input that gets past the first checks). */
const FAMILIES = {
  attention: () => { attn.attention({ q, k, v, n: 2, m: 3, dk: 4, dv: 2, mask: 'causal' }); attn.attention({ q, k, v, n: 2, m: 3, dk: 4, dv: 2, steps: false }); },
  matmul: () => { attn.matmul({ a: q, b: k, m: 2, k: 4, n: 3, transposeB: true }); attn.matmul({ a: q, b: f(12, 4), m: 2, k: 4, n: 3, fast: true }); },
  randomNormals: () => attn.randomNormals({ count: 16, seed: 3 }),
  scoreStats: () => attn.scoreStats({ dk: 4, draws: 8, seed: 1, bins: 4, onProgress() {} }),
  saturation: () => { attn.saturation({ dk: 4, keys: 4, trials: 4, seed: 1, onProgress() {} }); attn.saturation({ dk: 4, keys: 4, trials: 4, gap: 1, onProgress() {} }); swallow(() => attn.saturation({ dk: 4, keys: 4, trials: 4, gap: -1 })); },
  scoreGaps: () => { attn.scoreGaps({ dk: 4, keys: 4, trials: 4, seed: 1, onProgress() {} }); swallow(() => attn.scoreGaps({ dk: 4, keys: 4, trials: 4, gap: 0 })); },
  mask: () => { attn.mask({ kind: 'window', n: 4, window: 2 }); attn.mask({ kind: 'padding', n: 4, lengths: [4, 2] }); },
  combineMasks: () => attn.combineMasks(new Float32Array(4), new Float32Array(4)),
  allowedKeys: () => attn.allowedKeys({ mask: new Float32Array(4).fill(-Infinity), n: 2 }),
  maskAfterSoftmax: () => attn.maskAfterSoftmax({ weights: new Float32Array(4).fill(0.5), mask: new Float32Array(4), n: 2 }),
  rowStats: () => attn.rowStats({ weights: new Float32Array(4).fill(0.5), n: 2 }),
  positions: () => attn.positions({ n: 4, d: 4 }),
  rope: () => attn.rope({ x: q, n: 2, d: 4, offset: 3 }),
  selfAttention: () => attn.selfAttention({ x: q, wq: f(16, 5), wk: f(16, 6), wv: f(16, 7), n: 2, d: 4, positions: 'rotary', mask: 'causal' }),
  wordEmbedding: () => attn.wordEmbedding({ word: 'attention', d: 8 }),
  multiHead: () => attn.multiHead({ x: q, n: 2, dModel: 4, heads: 2, wq: f(16, 5), wk: f(16, 6), wv: f(16, 7), wo: f(16, 8), mask: 'causal' }),
  cost: () => attn.cost({ n: 8, dModel: 8, heads: 2 }),
  measureAttention: () => attn.measureAttention({ n: 4, d: 4, repeats: 1, warmUp: false }),
  flashAttention: () => attn.flashAttention({ q, k, v, n: 2, m: 3, dk: 4, dv: 2, mask: { window: 2 } }),
  kvCache: () => {
    const cache = attn.kvCache({ dk: 4, dv: 2, capacity: 2 });
    try { cache.append(q.subarray(0, 4), v.subarray(0, 2)); cache.attend(q.subarray(4)); } finally { cache.dispose(); }
  },
  createTape: () => {
    const tape = attn.createTape();
    try {
      const w = tape.param([4, 3], k);
      const x = tape.input([2, 4], q);
      const y = tape.ops.softmax(tape.ops.causalMask(tape.ops.bmm(tape.ops.matmul(x, w), tape.ops.matmul(x, w), { transposeB: true })));
      const loss = tape.crossEntropy(y, [0, 1]);
      tape.backward(loss);
      w.grad; // eslint-disable-line no-unused-expressions
    } finally { tape.dispose(); }
  },
  createModel: () => attn.createModel(TINY).dispose(),
  loadModel: () => attn.loadModel(saved, { text: TEXT }).dispose(),
  defaultCorpus: () => attn.defaultCorpus({ length: 64, seed: 2 }),
  repeatsCorpus: () => attn.repeatsCorpus({ length: 64, seed: 2 }),
  'model.train': () => model.train(1),
  'model.evaluate': () => model.evaluate(),
  'model.positionLoss': () => model.positionLoss(),
  'model.attentionMaps': () => model.attentionMaps('the '),
  'model.sample': () => model.sample({ prompt: 'the', length: 4, seed: 1 }),
  'model.computeGradients': () => { const { tokens, targets } = model.sampleBatch(); model.computeGradients(tokens, targets, 1); },
  'model.setData': () => model.setData({ train: model.tokenizer.encode(TEXT), val: model.tokenizer.encode(TEXT.slice(0, 40)) }),
  'model.save': () => model.save(),
  lookup: () => attn.lookup({ query: [1, 0.5], keys: f(8, 21), values: f(8, 22), m: 4, dk: 2, dv: 2, sharpness: 3 }),
  hull: () => attn.hull({ points: f(12, 23), count: 6, point: [0.1, 0.2] }),
  bottleneck: () => attn.bottleneck({ lengths: [3, 6], width: 8, trials: 2, seed: 4, task: 'reverse', onProgress() {} }),
  // decoding
  'model.sample (recomputing)': () => model.sample({ prompt: 'the', length: 4, seed: 1, cache: false }),
  'model.decoder': () => {
    const decoder = model.decoder();
    try { decoder.step('t'); decoder.step('h'); decoder.cache(0, 0); swallow(() => decoder.step('✓')); decoder.reset(); } finally { decoder.dispose(); }
  },
  'kvCache weights, read, clear': () => {
    const cache = attn.kvCache({ dk: 4, dv: 2, capacity: 2 });
    try { cache.append(q.subarray(0, 4), v.subarray(0, 2)); cache.attendWithWeights(q.subarray(4)); cache.read(0); cache.clear(); } finally { cache.dispose(); }
  },
  decodeCost: () => attn.decodeCost({ vocab: 29, layers: 2, dModel: 64, t: 5 }),
  sampleDistribution: () => attn.sampleDistribution({ logits: q, temperature: 0.7 }),
  costVariants: () => attn.costVariants({ n: 64, dModel: 8, heads: 2, window: 4, cell: 'gru' }),
  measureMemory: () => { attn.measureMemory({ kernel: 'naive', n: 8, d: 4 }); attn.measureMemory({ kernel: 'tiled', n: 8, d: 4 }); },
  conceptEmbedding: () => attn.conceptEmbedding({ concept: 'black', word: 'fr:noir', noise: 0.3, d: 16 }),
  randomRotation: () => attn.randomRotation({ seed: 3, d: 8 }),
  'model.headStats': () => model.headStats({ windows: 2, seed: 3 }),
  'model.ablate': () => model.ablate({ layer: 0, head: 0, mode: 'mean' }),
  'model.ablateAll': () => model.ablateAll({ mode: 'zero' }),
  'errors thrown after allocating': () => {
    swallow(() => attn.kvCache({ dk: 64, dv: 64, capacity: 2 ** 26, heads: 8 }));       // C refuses: OVERFLOW
    swallow(() => attn.createModel({ ...TINY, text: 'ab' }));                            // refused before C
    swallow(() => attn.loadModel(saved.slice(0, 40)));                                    // corrupt file
    const tape = attn.createTape();
    try { swallow(() => tape.ops.matmul(tape.input([2, 3], f(6, 1)), tape.input([2, 3], f(6, 2)))); } finally { tape.dispose(); } // C refuses: SHAPE
    swallow(() => model.attentionMaps('the ✓'));
    swallow(() => model.headStats({ windows: 0 }));                                       // refused before C
    swallow(() => model.ablate({ layer: 0, head: 7 }));                                   // refused before C
  },
};

for (const [name, call] of Object.entries(FAMILIES)) {
  test(`${CALLS.toLocaleString('en')} calls of ${name} leave the heap where it was`, () => {
    for (let i = 0; i < WARM_UP; i++) call();
    const before = attn.core.heapInUse, pages = attn.core.heapBytes;
    for (let i = 0; i < CALLS; i++) call();
    const after = attn.core.heapInUse;
    if (after !== before) console.log(`    ${name}: ${before} → ${after} bytes in use`);
    assert.ok(after - before <= BOUND, `${name}: the heap grew by ${after - before} bytes over ${CALLS} calls`);
    assert.equal(attn.core.heapBytes, pages, `${name}: linear memory grew from ${pages} to ${attn.core.heapBytes} bytes`);
  });
}

test('the whole sweep ends where it started', () => {
  model.dispose();
  console.log(`    malloc'd bytes in use at the end: ${attn.core.heapInUse}; linear memory ${attn.core.heapBytes / 2 ** 20} MiB`);
  assert.ok(attn.core.heapInUse <= BOUND, `${attn.core.heapInUse} bytes still in use with every object disposed`);
});
