// use-every-function.ts — a small TypeScript program that calls every function of the lab's JS
// API and uses the elements' typed properties and events. It is never run: `tsc --noEmit`
// checks it against the package's declarations (tests/package/types.test.mjs), so a function
// whose declaration is missing or wrong fails there. tests/package/types.test.mjs also checks
// that every function of the API object, and every method the elements declare, is called here.

import { loadAttn, AttnError, Status, version, WIDGETS, findWidget, enableOffline, AttnMasks } from 'attention-lab';
import type { Attn, AttentionFunction, Tensor } from 'attention-lab';

export async function everyFunction(): Promise<string> {
  const attn: Attn = await loadAttn();
  const q = new Float32Array(8), k = new Float32Array(8), v = new Float32Array(8);

  const steps = attn.attention({ q, k, v, n: 2, m: 2, dk: 4, dv: 4, scale: true, mask: 'causal' });
  const weights: Float32Array = steps.weights;
  const fastOut: Float32Array = attn.attention({ q, k, v, n: 2, m: 2, dk: 4, dv: 4, steps: false }).out;
  const flat: Float32Array = attn.attention({ q, k, v, n: 2, m: 2, dk: 4, dv: 4, multiplier: 0.25 }).weights;
  const stable: Float32Array = attn.softmax({ x: [1000, 999], rows: 1, cols: 2 }).weights;
  const overflowed: number = attn.softmaxUnstable({ x: [1000, 999], rows: 1, cols: 2 }).overflowedRows;
  const asymmetry: number = attn.scoreAsymmetry({ scores: [0, 4, 0, 0], n: 2 }).maxAbs;
  const nanEntries: number = attn.maskThenMultiply({ scores: [1, 2], mask: [0, -Infinity], factor: 0, n: 1, m: 2 }).nanEntries;
  const product: Float32Array = attn.matmul({ a: q, b: k, m: 2, k: 4, n: 2, transposeB: true, fast: true });

  const normals = attn.randomNormals({ count: 10, seed: 7 });
  const stats = attn.scoreStats({ dk: 64, draws: 1000, seed: 1, scaled: true, bins: 40, onProgress: (done, total) => void (done / total) });
  const counts: Int32Array = stats.histogram.counts;
  const saturated: number = attn.saturation({ dk: 128, keys: 64, trials: 50, threshold: 0.99 }).fraction;
  const apart: number = attn.scoreGaps({ dk: 128, keys: 64, trials: 50, gap: 20, scaled: false }).fraction;
  const bothApart: number = attn.saturation({ dk: 128, keys: 64, trials: 50, gap: 20 }).gaps.fraction;

  const causal = attn.mask({ kind: 'causal', n: 4 });
  const window = attn.mask({ kind: 'window', n: 4, window: 2 });
  const padding = attn.mask({ kind: 'padding', n: 4, lengths: [4, 2] });
  const both = attn.combineMasks(causal, window);
  const { lnK, emptyRows } = attn.allowedKeys({ mask: both, n: 4 });
  const bug: Float32Array = attn.maskAfterSoftmax({ weights: new Float32Array(16), mask: causal, n: 4 });
  const { entropy } = attn.rowStats({ weights: new Float32Array(16), n: 4, m: 4 });

  const pe = attn.positions({ n: 4, d: 8 });
  const turned = attn.rope({ x: pe, n: 4, d: 8, offset: 2 });
  const self = attn.selfAttention({ x: pe, wq: new Float32Array(64), wk: new Float32Array(64), wv: new Float32Array(64), n: 4, d: 8, positions: 'rotary', mask: 'causal' });
  const word: Float32Array = attn.wordEmbedding({ word: 'cat', d: 8 });
  const mh = attn.multiHead({ x: pe, n: 4, dModel: 8, heads: 2, wq: new Float32Array(64), wk: new Float32Array(64), wv: new Float32Array(64), wo: new Float32Array(64) });
  const headWidth: number = attn.multiHead({ x: pe, n: 4, dModel: 8, heads: 2, wq: new Float32Array(64), wk: new Float32Array(64), wv: new Float32Array(64), wo: new Float32Array(64), steps: false }).headWidth;

  const { crossover } = attn.cost({ n: 1024, dModel: 512, heads: 8 });
  const { ms } = attn.measureAttention({ n: 128, d: 64 });
  const { lse } = attn.flashAttention({ q, k, v, n: 2, m: 2, dk: 4, dv: 4, heads: 1, mask: { window: 2 } });
  const cache = attn.kvCache({ dk: 4, dv: 4, capacity: 8 });
  cache.append(new Float32Array(4), new Float32Array(4));
  const decoded: Float32Array = cache.attend(new Float32Array(4));
  cache.dispose();

  const tape = attn.createTape();
  const w: Tensor = tape.param([4, 2], new Float32Array(8));
  const x = tape.input([3, 4], new Float32Array(12));
  const y = tape.ops.softmax(tape.ops.matmul(x, w), -1);
  tape.backward(y);
  const grad: Float32Array = w.grad;
  tape.dispose();

  const { text, entropy: floor } = attn.defaultCorpus({ length: 10_000, seed: 1 });
  const repeats: string = attn.repeatsCorpus({ length: 1000, shortest: 4, longest: 16, letters: 26, step: 26, seed: 1 }).text;
  const model = attn.createModel({ text, preset: 'small', layers: 1 });
  const attention: AttentionFunction = (ops, qT, kT, vT, { heads }) => {
    const scores = ops.scale(ops.bmm(ops.splitHeads(qT, heads), ops.splitHeads(kT, heads), { transposeB: true }), 0.5);
    const p = ops.softmax(ops.causalMask(scores), -1);
    return { out: ops.mergeHeads(ops.bmm(p, ops.splitHeads(vT, heads))), weights: p };
  };
  const { loss } = model.train(2, { attention });
  const maps = model.attentionMaps('the cat', { attention });
  const sampled: string = model.sample({ prompt: 'the', length: 20, temperature: 0.8 });
  const again = attn.loadModel(model.save({ optimizer: false }), { text });
  const validation: number = again.evaluate();
  const byPosition: Float64Array = model.positionLoss();
  again.dispose();
  model.dispose();

  // The lookup, the bottleneck, cross-attention's vectors, decoding and the costs beside attention's.
  const blend = attn.lookup({ query: [1, 0], keys: [1, 0, 0, 1, -1, 0, 0, -1], values: [1, 0, 0, 1, -1, 0, 0, -1], m: 4, dk: 2, dv: 2, sharpness: 2 });
  const inside: boolean | null = attn.hull({ points: [0, 0, 1, 0, 0, 1], count: 3, point: blend.out }).inside;
  const recovered: number = attn.bottleneck({ lengths: [5, 10], width: 32, trials: 2, task: 'reverse' }).points[0].summary;
  const noir: Float32Array = attn.conceptEmbedding({ concept: 'black', word: 'fr:noir', noise: 0.3, d: 16 });
  const rotation: Float32Array = attn.randomRotation({ seed: 1, d: 16 });
  const cacheBytes: number = attn.decodeCost({ vocab: 40, layers: 2, dModel: 64, t: 10 }).cacheBytes;
  const probabilities: Float32Array = attn.sampleDistribution({ logits: [1, 2, 3], temperature: 0.8 });
  const lstmCrossover: number = attn.costVariants({ n: 4096, dModel: 512, heads: 8, window: 256, cell: 'lstm' }).recurrenceCrossover;
  const held: number = attn.measureMemory({ kernel: 'tiled', n: 1024 }).heldBytes;
  const sentence = attn.translationSentence({ seed: 1, split: 'heldOut', index: 0, minLength: 4, maxLength: 4 });
  const translator = attn.createSeq2seq({ kind: 'attention', embed: 8, hidden: 8, batch: 2, minLength: 3, maxLength: 4 });
  const firstLoss: number = translator.train(1)[0];
  const alignment: Float64Array | null = translator.evaluate({ bins: 1, sentencesPerBin: 2 }).alignment;
  const map: Float32Array | null = translator.translate(sentence).weights;
  translator.dispose();

  try {
    attn.attention({ q, k, v, n: 3, m: 2, dk: 4, dv: 4 });
  } catch (error) {
    if (error instanceof AttnError && error.code === Status.LENGTH) return error.message;
  }

  // The elements: typed properties and events.
  const masks = document.querySelector('attn-masks');
  if (masks) {
    masks.window = 3;
    masks.addEventListener('change', (event) => { const rows: number | null = event.detail.emptyRows; void rows; });
    masks.addEventListener('cell-focus', (event) => void event.detail.value);
  }
  const made: AttnMasks = document.createElement('attn-masks');
  made.headingLevel = 2;
  // A property takes its value or the attribute's text; null or undefined removes the attribute
  // (README, "Attributes every widget has"). It always reads as its value.
  made.masks = ['causal', 'window'];
  made.masks = 'causal window';
  made.masks = null;
  made.masks = new Set(['padding'] as const);
  const hasCausal: boolean = made.masks.has('causal');
  made.window = '3';
  made.compare = true;
  made.theme = undefined;
  const stepper = document.createElement('attn-stepper');
  stepper.x = '1,2,3,4,5,6,7,8';
  stepper.x = new Float32Array(8);
  stepper.step = '3';
  stepper.scale = 'false';
  const step: number = stepper.step;
  const shuffle = document.createElement('attn-shuffle');
  shuffle.order = [0, 1, 2];
  shuffle.order = '0,1,2';
  const order: number[] | null = shuffle.order;
  const lookup = document.createElement('attn-lookup');
  lookup.query = [1, 2];
  lookup.keys = '1,0 0,1 -1,0 0,-1';
  lookup.keys = [[1, 0], [0, 1], [-1, 0], [0, -1]];
  const firstKey: [number, number] | undefined = lookup.keys[0];
  void [hasCausal, step, order, firstKey];
  const cost = document.createElement('attn-cost');
  cost.addEventListener('measured', (event) => void event.detail.points.map((point) => point.ms));
  cost.addEventListener('problems', (event) => { for (const { key, message } of event.detail.problems) console.warn(key, message); });
  const refused: readonly string[] = cost.problems.map((problem) => problem.key);
  void refused;
  const train = document.createElement('attn-train');
  train.addEventListener('progress', (event) => { const note: string | undefined = event.detail.note?.title; void note; });
  // <attn-train>'s methods (README), as <attn-editor> calls them.
  await train.useAttention('function attention(q, k, v) { return v; }');
  await train.useAttention(null);
  const running: boolean = await train.startTraining();
  await train.pauseTraining();
  train.showLossChart();
  const trained: Uint8Array = await train.modelWeights();
  void [running, trained.length];
  // Every other widget's declared methods (README): its buttons, for a page's script.
  document.createElement('attn-stepper').reset();
  document.createElement('attn-masks').clearEdits();
  document.createElement('attn-lookup').usePreset('duplicates');
  const timed: number[] = (await cost.measure()).map((point) => point.ms);
  const rows: number = (await document.createElement('attn-variance').reproduce()).variance.length;
  const decoder = document.createElement('attn-decode');
  decoder.useModel('train');
  const decodedStep: number = decoder.stepOnce();
  decoder.play();
  decoder.pause();
  const speedUp: number = (await decoder.measure()).ratio;
  void [timed, rows, decodedStep, speedUp];
  document.createElement('attn-lookup').addEventListener('input', (event) => { const [x, y]: [number, number] = event.detail.query; void (x + y); });
  // The learner's side: loaded on demand, so typed by tag only (the entry exports no class for them).
  const check = document.createElement('attn-check');
  check.questions = new Set(['variance', 'crossover']);
  check.questions = 'variance entries';
  check.addEventListener('answered', (event) => { const right: boolean = event.detail.right; void (right && event.detail.tries); });
  check.clearProgress();
  const exercise = document.createElement('attn-exercise');
  exercise.task = 'cost-crossover';
  exercise.addEventListener('solved', (event) => { const solved: 'cost-crossover' | string = event.detail.task; void solved; });
  const opened: HTMLElement = await exercise.start();
  const hints: number = exercise.showHint();
  exercise.forget();
  void [opened.localName, hints];
  const names = WIDGETS.map((widget) => widget.name);
  const entry = findWidget('masks');
  if (location.protocol === 'https:') await enableOffline({ scope: '/' });

  return [version, attentionLab.version, weights, fastOut, product, normals, counts, saturated, apart, bothApart, padding, lnK, emptyRows, bug,
    entropy, turned, self.q, word, mh.concat, headWidth, crossover, ms, lse, decoded, grad, floor, loss, maps.chars,
    sampled, validation, names, entry?.tag, blend.entropy, inside, recovered, noir[0], rotation[0], cacheBytes, probabilities[0],
    lstmCrossover, held, firstLoss, alignment, map, flat, stable, overflowed, nanEntries, asymmetry].join(' ');
}
