// api.d.ts — TypeScript declarations of the lab's JS API (web/lib/attn.js and web/lib/api/*):
// loadAttn(), every function of the object it resolves to, their options and results, the
// long-lived objects (Model, Tape, Tensor, KvCache), and AttnError with its status codes. The
// build copies it into dist/types/ beside the elements' declarations, which are generated from
// the widgets' own declarations (scripts/element-types.mjs). Shapes are row-major, as in attn.h.
// types/example/use-every-function.ts calls every function; `tsc --noEmit` checks it (tests/package/).

/** Every status an AttnError may carry: the C core's (enum attn_status) and three of the JS layer's. */
export declare const Status: Readonly<{
  OK: 0;
  NULL: 1;
  SIZE: 2;
  OVERFLOW: 3;
  MASK_KIND: 4;
  ARGUMENT: 5;
  SHAPE: 6;
  VALUE: 7;
  MEMORY: 8;
  FORMAT: 9;
  /** a value of the wrong JavaScript type */
  TYPE: 100;
  /** an array of the wrong length */
  LENGTH: 101;
  /** the core, a worker or a file could not be reached */
  UNAVAILABLE: 102;
}>;
export type StatusCode = (typeof Status)[keyof typeof Status];

/** The one error the lab throws: `message` is one sentence a learner can read. */
export declare class AttnError extends Error {
  constructor(code: StatusCode, message: string);
  readonly name: 'AttnError';
  readonly code: StatusCode;
  /** The same as `code`. */
  readonly status: StatusCode;
}

/** Numbers the API accepts wherever it takes a tensor: copied into a Float32Array. */
export type Numbers = Float32Array | ArrayLike<number>;
export type MaskKindName = 'none' | 'causal';
/** A mask of (n, m) additive entries: 0 allowed, -Infinity blocked. */
export type MaskOption = MaskKindName | Float32Array;

export interface LoadOptions {
  /** The core's bytes (node, tests): no fetch. Makes a fresh instance, as every option does. */
  wasmBytes?: ArrayBuffer | ArrayBufferView;
  /** Where to fetch the core from (default: beside the module). */
  wasmUrl?: string | URL;
  /** 1: the single-thread build; 2: the threaded build with a helper, where the realm allows it. */
  threads?: 1 | 2;
  /** Starts the helper thread elsewhere than a Web Worker (node's worker_threads). */
  startHelper?: (module: WebAssembly.Module, memory: WebAssembly.Memory, stackTop: number) => Promise<unknown>;
}

/** The instance behind an Attn: read-only facts for tests and benchmarks. */
export interface Core {
  /** Threads the heavy kernels use now (1 or 2). */
  readonly threads: number;
  /** Bytes of linear memory (grows, never shrinks). */
  readonly heapBytes: number;
  /** Bytes malloc holds right now (for leak tests). */
  readonly heapInUse: number;
  /** Lets the heavy kernels use at most this many threads. */
  limitThreads(limit: 1 | 2): void;
  /** Stops the helper thread (the core keeps working on one). */
  stopHelper(): Promise<void>;
}

export interface AttentionOptions {
  /** (n, dk) */ q: Numbers;
  /** (m, dk) */ k: Numbers;
  /** (m, dv) */ v: Numbers;
  n: number; m: number; dk: number; dv: number;
  /** Divide the scores by √dk (default true). */
  scale?: boolean;
  /** Instead of `scale`: multiply the scores by this number, 0 to 1e6 (0 gives uniform rows). */
  multiplier?: number;
  mask?: MaskOption;
}
export interface AttentionSteps {
  /** (n, m) each */
  scores: Float32Array; scaled: Float32Array; masked: Float32Array; weights: Float32Array;
  /** (n, m): the mask the core added (0 / -Infinity). */
  mask: Float32Array;
  /** (n, dv) */
  out: Float32Array;
  /** Rows with no allowed key (their weights and output are NaN). */
  emptyRows: number;
}
export interface AttentionOutput { out: Float32Array; emptyRows: number }

export interface MatmulOptions {
  /** (m, k) */ a: Numbers;
  /** (k, n), or (n, k) with transposeB */ b: Numbers;
  m: number; k: number; n: number;
  transposeB?: boolean;
  /** The packed SIMD kernel (float accumulation) instead of the plain one. */
  fast?: boolean;
}

export type Progress = (done: number, total: number) => void;
export interface ScoreStatsOptions {
  dk: number; draws: number; seed?: number; scaled?: boolean;
  /** A number of equal bins over ±4σ, or increasing edges. */
  bins?: number | Numbers;
  onProgress?: Progress;
}
export interface ScoreStats {
  mean: number; variance: number;
  /** variance / dk (or the variance itself when scaled): both about 1. */
  ratio: number;
  histogram: { edges: Float32Array; counts: Int32Array };
}
export interface SaturationOptions {
  dk: number; keys: number; trials: number; threshold?: number; seed?: number; scaled?: boolean;
  /** Also measure the gaps between each trial's scores in the same pass (what `scoreGaps` gives with this gap). */
  gap?: number;
  onProgress?: Progress;
}
export interface Saturation {
  /** Share of trials whose largest weight passed the threshold. */
  fraction: number;
  /** Mean p(1 − p) of the largest weight in those trials (NaN if none). */
  meanGrad: number;
  saturated: number;
  /** (trials) */
  pmax: Float32Array;
  /** Only with `gap`: the gaps between the same trials' scores, as `scoreGaps` gives them. */
  gaps?: ScoreGaps;
}
export interface ScoreGapsOptions {
  dk: number; keys: number; trials: number;
  /** The score difference counted, above 0 (default 20, the chapter's). */
  gap?: number;
  seed?: number; scaled?: boolean; onProgress?: Progress;
}
export interface ScoreGaps {
  /** Pairs of keys compared: keys·(keys − 1)/2 per trial. */
  pairs: number;
  /** Pairs whose scores differ by more than the gap. */
  over: number;
  /** over / pairs */
  fraction: number;
  /** Mean over trials of the largest score minus the second largest. */
  meanTopGap: number;
}

export type MaskOptions =
  | { kind: 'none' | 'causal'; n: number; m?: number }
  | { kind: 'window'; n: number; m?: number; window: number }
  | { kind: 'padding'; n: number; m?: number; lengths: number[] };
export interface WeightsOptions { weights: Numbers; n: number; m?: number }
export interface RowStats { sums: Float64Array; entropy: Float64Array }
export interface SoftmaxOptions { /** (rows, cols): any numbers (-Infinity blocks an entry) */ x: Numbers; rows: number; cols: number }
export interface UnstableSoftmax { /** (rows, cols) */ weights: Float32Array; /** (rows, cols) exp(x) */ exps: Float32Array; overflowedRows: number }
export interface MaskThenMultiplyOptions { /** (n, m) */ scores: Numbers; /** (n, m) */ mask: Numbers; factor: number; n: number; m: number }
export interface AllowedKeys { allowed: Int32Array; lnK: Float64Array; emptyRows: number }

export type PositionsKind = 'none' | 'sinusoidal' | 'rotary';
export interface SelfAttentionOptions {
  /** (n, d) */ x: Numbers;
  /** (d, d) each */ wq: Numbers; wk: Numbers; wv: Numbers;
  n: number; d: number;
  positions?: PositionsKind;
  mask?: MaskKindName;
  offset?: number;
}
export interface SelfAttention { out: Float32Array; q: Float32Array; k: Float32Array; v: Float32Array }

export interface MultiHeadOptions {
  /** (n, dModel) */ x: Numbers;
  n: number; dModel: number; heads: number;
  /** (dModel, dModel) each; head h reads columns h·dh … (h+1)·dh − 1 */
  wq: Numbers; wk: Numbers; wv: Numbers; wo: Numbers;
  mask?: MaskOption;
}
export interface MultiHead {
  /** (n, dModel) */ out: Float32Array;
  /** (heads, n, n) */ weights: Float32Array;
  /** (heads, n, dModel / heads) */ headOut: Float32Array;
  /** (n, dModel) */ concat: Float32Array;
  emptyRows: number;
  headWidth: number;
}
export interface MultiHeadOutput { out: Float32Array; emptyRows: number; headWidth: number }

export interface CostOptions { n: number; dModel: number; heads?: number }
/** Multiply-adds of one multi-head attention layer, and the sizes of its score tables. */
export interface Cost {
  projections: number; scores: number; weighted: number; output: number;
  linear: number; quadratic: number; total: number; crossover: number;
  scoreEntries: number; scoreBytes: number; layerEntries: number;
}
export interface MeasureOptions { n: number; d?: number; repeats?: number; seed?: number; warmUp?: boolean }
export interface Measurement { n: number; d: number; ms: number; runs: number }

export interface FlashOptions {
  /** (n, heads·dk) */ q: Numbers;
  /** (m, heads·dk) */ k: Numbers;
  /** (m, heads·dv) */ v: Numbers;
  n: number; m: number; dk: number; dv: number; heads?: number;
  mask?: MaskKindName | { window: number };
}
export interface FlashResult {
  /** (n, heads·dv) */ out: Float32Array;
  /** (heads, n): each row's log Σ e^score */ lse: Float32Array;
  emptyRows: number;
}

export interface KvCacheOptions { dk: number; dv: number; capacity: number; heads?: number }
/** Keys and values of the tokens so far, for decoding one token at a time. */
export interface KvCache {
  readonly dk: number; readonly dv: number; readonly capacity: number; readonly heads: number;
  readonly length: number;
  /** k (heads·dk), v (heads·dv) */
  append(k: Numbers, v: Numbers): void;
  /** The newest token's output (heads·dv) for its query q (heads·dk). */
  attend(q: Numbers): Float32Array;
  dispose(): void;
}

/** A tensor on a tape. */
export interface Tensor {
  readonly tape: Tape;
  readonly id: number;
  readonly shape: number[];
  readonly size: number;
  /** A copy of the values; setting it overwrites them (parameters and inputs). */
  data: Float32Array;
  /** A copy of the gradient, after backward(). */
  readonly grad: Float32Array;
}
/** The differentiable ops, each one C op on the tape (its backward too). */
export interface TapeOps {
  matmul(a: Tensor, w: Tensor, options?: { transposeB?: boolean }): Tensor;
  bmm(a: Tensor, b: Tensor, options?: { transposeA?: boolean; transposeB?: boolean }): Tensor;
  add(a: Tensor, b: Tensor): Tensor;
  scale(a: Tensor, s: number): Tensor;
  causalMask(a: Tensor, fill?: number): Tensor;
  softmax(a: Tensor, axis?: number): Tensor;
  splitHeads(a: Tensor, heads: number): Tensor;
  mergeHeads(a: Tensor): Tensor;
  layerNorm(x: Tensor, gamma: Tensor, beta: Tensor): Tensor;
  gelu(a: Tensor): Tensor;
}
/** The C autograd tape. */
export interface Tape {
  readonly ops: TapeOps;
  param(shape: number[], values?: Numbers, options?: { decay?: boolean }): Tensor;
  input(shape: number[], values: Numbers): Tensor;
  /** table (V, C), tokens (b·t) → (b, t, C) */
  embedding(table: Tensor, tokens: ArrayLike<number>, b: number, t: number): Tensor;
  /** Mean cross-entropy of logits (…, V) against integer targets → shape [1]. */
  crossEntropy(logits: Tensor, targets: ArrayLike<number>): Tensor;
  backward(root: Tensor, seed?: Numbers): void;
  zeroGrad(): void;
  reset(): void;
  dispose(): void;
}

/** An attention function written with the tape's ops: (B, T, C) in, (B, T, C) out, or with the
 *  weights (B, H, T, T) for the maps. */
export type AttentionFunction = (ops: TapeOps, q: Tensor, k: Tensor, v: Tensor, info: { heads: number; layer: number }) =>
  Tensor | { out: Tensor; weights: Tensor };

export interface ModelConfig { layers: number; heads: number; dModel: number; context: number; batch: number; lr: number; seed: number }
export interface CreateModelOptions extends Partial<ModelConfig> {
  /** The training text (default: the lab's seeded corpus). */
  text?: string;
  preset?: 'small' | 'nanogpt';
}
export interface TrainResult { loss: Float32Array; tokensPerSecond: number; stepsPerSecond: number; seconds: number }
export interface AttentionMaps {
  layers: number; heads: number; t: number;
  /** (layers, heads, t, t) */
  weights: Float32Array;
  chars: string[];
  truncated: boolean;
  /** (layers·heads, S): every head's scores on this probe (induction NaN); null for one character */
  scores: Float32Array | null;
  /** (S): each score's chance level on a probe of t characters (a uniform head's); null for one character */
  chance: Float32Array | null;
}
/** One score of a head over the windows: mean, spread (standard deviation over the windows), and
 *  chance, the same score of a head spreading its weight uniformly over the allowed keys. */
export interface HeadScoreStat { mean: number; spread: number; chance: number }
export interface HeadRecord {
  layer: number; head: number;
  self: HeadScoreStat; previous: HeadScoreStat; sink: HeadScoreStat; stripe: HeadScoreStat;
  entropy: HeadScoreStat; lnK: HeadScoreStat; flat: HeadScoreStat; induction: HeadScoreStat;
  /** the strongest offset of 2 … 8 (at 0 when none is scored) */
  offset: HeadScoreStat & { at: number };
}
/** model.headStats(): every head measured over many validation windows (web/lib/model/head-stats.js). */
export interface HeadStats {
  layers: number; heads: number; t: number; windows: number; seed: number;
  records: HeadRecord[];
  /** (S): every score's chance level on these windows */
  chance: Float32Array;
  /** (L·H, S, 2): mean and spread of every score */
  summary: Float32Array;
  /** (L·H, L·H) cosine similarity of every two heads' maps, or null with similarity: false */
  similarity: Float32Array | null;
  /** (W, L·H, S) */
  scores: Float32Array;
  windowTexts: string[];
}
export interface OptimizerState { first: Float32Array; second: Float32Array; rng: number[] }
/** A character-level transformer that lives in the core. */
export interface Model {
  readonly config: Readonly<ModelConfig>;
  readonly paramCount: number;
  readonly steps: number;
  readonly vocab: string[];
  readonly hasData: boolean;
  readonly baselines: { unigram: number | null; floor: number | null };
  readonly tape: Tape;
  train(steps: number, options?: { attention?: AttentionFunction }): TrainResult;
  /** Validation loss, nats per character. */
  evaluate(): number;
  attentionMaps(text: string, options?: { attention?: AttentionFunction }): AttentionMaps;
  headStats(options?: { windows?: number; seed?: number; similarity?: boolean; onProgress?: (done: number, total: number) => void }): HeadStats;
  /** Validation loss by position in the context, nats: (context). */
  positionLoss(): Float64Array;
  sample(options?: { prompt?: string; length?: number; temperature?: number; seed?: number }): string;
  save(options?: { optimizer?: boolean; [header: string]: unknown }): Uint8Array;
  getParams(): Float32Array;
  setParams(values: Numbers, steps?: number): void;
  getOptimizerState(): OptimizerState;
  setOptimizerState(state: OptimizerState): void;
  /** Gradients of the mean loss on b windows, without an update (data parallelism). */
  computeGradients(tokens: Int32Array, targets: Int32Array, b: number): { loss: number; grads: Float32Array };
  /** One optimiser step from gradients (paramCount). */
  applyGradients(grads: Float32Array): void;
  sampleBatch(): { tokens: Int32Array; targets: Int32Array };
  dispose(): void;
}

/** What loadAttn() resolves to: one WASM instance of the core and every function of the API. */
/** attn.lookup: attention read as a lookup that returns a blend (one query over m entries). */
export interface LookupOptions {
  /** (dk) */
  query: Numbers;
  /** (m, dk) */
  keys: Numbers;
  /** (m, dv) */
  values: Numbers;
  m: number;
  dk: number;
  dv: number;
  /** s ≥ 0: the weights are softmax(s · q·kⱼ); default 1 */
  sharpness?: number;
}
export interface Lookup {
  /** (m) q·kⱼ */
  scores: Float32Array;
  /** (m) s·q·kⱼ */
  scaled: Float32Array;
  /** (m) */
  weights: Float32Array;
  /** (dv) */
  out: Float32Array;
  weightSum: number;
  minWeight: number;
  entropy: number;
  /** ln m */
  maxEntropy: number;
  largest: number;
  second: number;
  /** largest / second = e^gap */
  ratio: number;
  gap: number;
  expGap: number;
  outNorm: number;
  maxValueNorm: number;
  best: number;
  /** −1 when m = 1 */
  runnerUp: number;
  checks: { nonnegative: boolean; sumsToOne: boolean; noLonger: boolean };
}
export interface Hull {
  /** the corners' indices, counter-clockwise from the leftmost */
  corners: Int32Array;
  /** the point's distance to the boundary (negative outside); null without a point */
  depth: number | null;
  inside: boolean | null;
}
/** A sentence of the synthetic translation: tokens, spellings, and target word j's source position. */
export interface TranslationSentence {
  source: Int32Array; target: Int32Array; alignment: Int32Array;
  sourceWords: string[]; targetWords: string[];
}
export interface TranslationSentenceOptions {
  seed?: number; split?: 'train' | 'heldOut'; index?: number; minLength?: number; maxLength?: number;
}
export interface Seq2seqOptions {
  kind?: 'bottleneck' | 'attention';
  embed?: number; hidden?: number; batch?: number; minLength?: number; maxLength?: number;
  seed?: number; lr?: number; warmup?: number; steps?: number;
}
/** Held-out scores in bins of source length. */
export interface Seq2seqScores {
  lengths: [number, number][];
  accuracy: Float64Array;
  /** attention only: mean weight on each target word's true source word */
  alignment: Float64Array | null;
  /** the mean of 1/source length */
  chance: Float64Array;
}
/** A GRU encoder–decoder trained by the core: 'bottleneck' or 'attention'. */
export interface Seq2seq {
  readonly kind: 'bottleneck' | 'attention';
  readonly embed: number; readonly hidden: number; readonly batch: number;
  readonly minLength: number; readonly maxLength: number; readonly seed: number;
  readonly steps: number;
  info(): { kind: number; embed: number; hidden: number; batch: number; minLength: number; maxLength: number; steps: number; paramCount: number };
  /** the batches' losses (steps) */
  train(steps: number): Float32Array;
  evaluate(options?: { bins?: number; sentencesPerBin?: number }): Seq2seqScores;
  /** weights: (T, S), null for 'bottleneck' */
  translate(sentence: { source: ArrayLike<number>; target: ArrayLike<number> }): { loss: number; predicted: Int32Array; weights: Float32Array | null };
  dispose(): void;
}
export interface BottleneckOptions {
  /** source lengths, each 1 to 256 */
  lengths: number[];
  /** d, the summary's width */
  width: number;
  vocab?: number;
  trials?: number;
  seed?: number;
  task?: 'copy' | 'reverse';
  /** the length whose example is returned (default: the last of lengths) */
  example?: number;
  onProgress?: (done: number, total: number, point: BottleneckPoint) => void;
}
export interface BottleneckPoint { length: number; summary: number; attention: number }
export interface Bottleneck {
  points: BottleneckPoint[];
  example: {
    length: number;
    /** (length, length): row i is output step i's weights over the source positions */
    alignment: Float32Array;
    source: Int32Array;
    fromSummary: Int32Array;
    fromAttention: Int32Array;
  };
}
/** Multiply-adds of decoding the t-th token with a KV cache and recomputing the prefix, and the cache's size. */
export interface DecodeCost {
  cachedAttention: number;
  cachedTotal: number;
  recomputeAttention: number;
  recomputeTotal: number;
  cacheEntries: number;
  cacheBytes: number;
}
export type RecurrenceCellName = 'elman' | 'gru' | 'lstm';
export interface CostVariants {
  recurrence: number;
  recurrencePerToken: number;
  recurrenceCrossover: number;
  windowKeys: number;
  windowQuadratic: number;
  windowTotal: number;
  naiveBytes: number;
  /** The tiled kernel's working memory: the scratch areas of all `tiledThreads` threads. */
  tiledBytes: number;
  tiledThreads: number;
}
export interface MemoryMeasurement {
  kernel: 'naive' | 'tiled';
  n: number;
  d: number;
  /** what the core's allocator held while the kernel ran */
  heldBytes: number;
  /** the naive kernel's N × N weights (0 for the tiled one) */
  tableBytes: number;
  workBytes: number;
  /** the WebAssembly memory's size afterwards */
  memoryBytes: number;
  ms: number;
  /** the kernel's output, (n, d); the same seed gives both kernels the same Q, K and V */
  out: Float32Array;
}

export interface Attn {
  readonly core: Core;
  /** Threads the heavy kernels use (1 or 2). */
  readonly threads: number;
  attention(options: AttentionOptions & { steps?: true }): AttentionSteps;
  attention(options: AttentionOptions & { steps: false }): AttentionOutput;
  matmul(options: MatmulOptions): Float32Array;
  /** Row-wise softmax with the row maximum subtracted first. */
  softmax(options: SoftmaxOptions): { weights: Float32Array; emptyRows: number };
  /** The wrong way, on purpose: no maximum subtracted (scores near 1,000 overflow to NaN). */
  softmaxUnstable(options: SoftmaxOptions): UnstableSoftmax;
  /** (scores + mask) · factor: -Infinity · 0 is NaN, -1e9 · 0 is 0. */
  maskThenMultiply(options: MaskThenMultiplyOptions): { out: Float32Array; nanEntries: number };
  /** The largest |S_ij − S_ji| of an (n, n) score table, at (i, j), i < j (0 when Q = K). */
  scoreAsymmetry(options: { /** (n, n) */ scores: Numbers; n: number }): { maxAbs: number; i: number; j: number };
  randomNormals(options: { count: number; seed?: number }): Float32Array;
  scoreStats(options: ScoreStatsOptions): ScoreStats;
  /** With `gap`, the gaps of the same trials come from the same pass (each trial drawn once). */
  saturation(options: SaturationOptions & { gap: number }): Saturation & { gaps: ScoreGaps };
  saturation(options: SaturationOptions): Saturation;
  /** How far apart one trial's scores lie, over the trials `saturation` draws with the same settings and seed. */
  scoreGaps(options: ScoreGapsOptions): ScoreGaps;
  /** (n, m), or (lengths.length, n, m) for padding */
  mask(options: MaskOptions): Float32Array;
  combineMasks(a: Numbers, b: Numbers): Float32Array;
  allowedKeys(options: { mask: Numbers; n: number; m?: number }): AllowedKeys;
  maskAfterSoftmax(options: WeightsOptions & { mask: Numbers }): Float32Array;
  rowStats(options: WeightsOptions): RowStats;
  /** (n, d) sinusoidal position vectors */
  positions(options: { n: number; d: number }): Float32Array;
  /** (n, d) rotated; d even */
  rope(options: { x: Numbers; n: number; d: number; offset?: number }): Float32Array;
  selfAttention(options: SelfAttentionOptions): SelfAttention;
  /** (d) in [−1, 1), from the word's bytes alone */
  wordEmbedding(options: { word: string; d: number }): Float32Array;
  multiHead(options: MultiHeadOptions & { steps?: true }): MultiHead;
  multiHead(options: MultiHeadOptions & { steps: false }): MultiHeadOutput;
  cost(options: CostOptions): Cost;
  measureAttention(options: MeasureOptions): Measurement;
  flashAttention(options: FlashOptions): FlashResult;
  kvCache(options: KvCacheOptions): KvCache;
  createTape(): Tape;
  createModel(options?: CreateModelOptions): Model;
  loadModel(bytes: Uint8Array | ArrayBuffer, options?: { text?: string }): Model;
  defaultCorpus(options?: { length?: number; seed?: number }): { text: string; entropy: number };
  /** text with repeats: segments of shortest … longest random letters, each followed by its own copy (the induction heads' text) */
  repeatsCorpus(options?: { length?: number; shortest?: number; longest?: number; letters?: number; step?: number; seed?: number }): { text: string; entropy: number };
  lookup(options: LookupOptions): Lookup;
  /** the convex hull of (count, 2) points, and where `point` (2) lies */
  hull(options: { points: Numbers; count: number; point?: Numbers }): Hull;
  bottleneck(options: BottleneckOptions): Bottleneck;
  createSeq2seq(options?: Seq2seqOptions): Seq2seq;
  translationSentence(options?: TranslationSentenceOptions): TranslationSentence;
  /** (d): the concept's vector plus noise times the word's own */
  conceptEmbedding(options: { concept: string; word: string; noise?: number; seed?: number; d: number }): Float32Array;
  /** (d, d) orthogonal, row-major */
  randomRotation(options: { seed?: number; d: number }): Float32Array;
  decodeCost(options: { vocab: number; layers: number; dModel: number; t: number }): DecodeCost;
  /** (logits.length) softmax(logits / temperature), summing to 1 */
  sampleDistribution(options: { logits: Numbers; temperature?: number }): Float32Array;
  costVariants(options: CostOptions & { window?: number; cell?: RecurrenceCellName }): CostVariants;
  measureMemory(options: { kernel: 'naive' | 'tiled'; n: number; d?: number; seed?: number }): MemoryMeasurement;
}

/** The lab's API on one WASM instance, shared by every caller on the page (any option makes a fresh one). */
export declare function loadAttn(options?: LoadOptions): Promise<Attn>;
