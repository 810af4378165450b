// abi.js — the C core's constants the JS face needs, written down once: enum values, the byte
// layouts of the structs it reads or fills, and the limits it checks before calling C. Each
// mirrors c/include/attn.h. The core lists the same constants in its ABI table (c/src/abi.c),
// and tests/wasm/abi.test.mjs compares the two entry by entry: change a value on one side and
// that test fails until the other side follows. Nothing else in web/ may restate these numbers.
//
// Layouts are byte offsets in the WebAssembly build (wasm32: 4-byte pointers).

/** enum attn_status: the codes the core returns (errors.js adds the codes only JS raises). */
export const CoreStatus = Object.freeze({
  OK: 0,
  NULL: 1,
  SIZE: 2,
  OVERFLOW: 3,
  MASK_KIND: 4,
  ARGUMENT: 5,
  SHAPE: 6,
  VALUE: 7,
  MEMORY: 8,
  FORMAT: 9,
  NO_GAP: 10,
});

/** enum attn_mask_kind. */
export const MaskKind = Object.freeze({ none: 0, causal: 1, custom: 2 });

/** enum attn_position_kind. */
export const PositionKind = Object.freeze({ none: 0, sinusoidal: 1, rotary: 2 });

/** struct attn_steps: five pointers to (N, M) tables the caller provides (the last: the mask the core added). */
export const StepsLayout = Object.freeze({ bytes: 20, scores: 0, scaled: 4, masked: 8, weights: 12, mask: 16 });

/** struct attn_cost: eleven doubles the core fills. */
export const CostLayout = Object.freeze({
  bytes: 88,
  projections: 0, scores: 8, weighted: 16, output: 24, linear: 32, quadratic: 40, total: 48,
  crossover: 56, scoreEntries: 64, scoreBytes: 72, layerEntries: 80,
});

/** enum attn_recurrence_cell: the recurrent layer attn_cost_variants counts beside attention. */
export const RecurrenceCell = Object.freeze({ elman: 0, gru: 1, lstm: 2 });

/** struct attn_cost_variants: nine doubles the core fills (recurrence, sliding window, memory). */
export const CostVariantsLayout = Object.freeze({
  bytes: 72,
  recurrence: 0, recurrencePerToken: 8, recurrenceCrossover: 16, windowKeys: 24, windowQuadratic: 32,
  windowTotal: 40, naiveBytes: 48, tiledBytes: 56, tiledThreads: 64,
});

/** struct attn_decode_cost: six doubles, the work of one decoding step with and without a KV cache. */
export const DecodeCostLayout = Object.freeze({
  bytes: 48,
  cachedAttention: 0, cachedTotal: 8, recomputeAttention: 16, recomputeTotal: 24, cacheEntries: 32, cacheBytes: 40,
});

/** enum attn_model_info_entry: the entries of attn_model_info's config, and how many there are. */
export const ModelInfo = Object.freeze({
  vocab: 0, layers: 1, heads: 2, dModel: 3, context: 4, batch: 5, steps: 6, paramCount: 7, count: 8,
});

/** The largest tensor any one call takes, in float32 elements (its bytes fit in a signed int). */
export const MAX_ELEMENTS = 536870911;

/** A tape tensor has 1 to this many dimensions (ATTN_TAPE_MAX_DIMS). */
export const TAPE_MAX_DIMS = 4;

/** attn_multihead's scratch: this many floats per entry of an (n, dModel) matrix. */
export const MULTIHEAD_WORK_PER_ENTRY = 4;

/** The largest score multiplier attn_attention_multiplied and attn_mask_then_multiply accept
 *  (ATTN_MAX_SCORE_MULTIPLIER). */
export const MAX_SCORE_MULTIPLIER = 1e6;

/** The §6.3 experiments' limits (ATTN_MAX_DK, ATTN_MAX_DRAWS, ATTN_MAX_KEYS, ATTN_MAX_TRIALS). */
export const ExperimentLimits = Object.freeze({ dk: 4096, draws: 10_000_000, keys: 65536, trials: 1_000_000 });

/**
 * The training lab's model limits (ATTN_MODEL_MAX_*): attn_model_create refuses anything past
 * them, and bytes is the most memory a model may need to train (attn_model_estimate_bytes);
 * a learning rate lies strictly between 0 and lr.
 */
export const ModelLimits = Object.freeze({
  layers: 64, heads: 64, dModel: 4096, context: 4096, batch: 1024, vocab: 65536, bytes: 1.5e9, lr: 1,
});

/**
 * Attention as a lookup (ATTN_LOOKUP_MAX_*): the most entries in a memory, the widest key or
 * value, the largest sharpness and the largest |coordinate| attn_lookup takes.
 */
export const LookupLimits = Object.freeze({ entries: 1024, width: 256, sharpness: 1e6, coordinate: 1e6 });

/** enum attn_lookup_check: the bits of struct attn_lookup_stats' `checks`. */
export const LookupChecks = Object.freeze({ nonnegative: 1, sumsToOne: 2, noLonger: 4 });

/** struct attn_lookup_stats: eleven doubles, then three ints, that attn_lookup fills. */
export const LookupStatsLayout = Object.freeze({
  bytes: 104,
  weightSum: 0, minWeight: 8, entropy: 16, maxEntropy: 24, largest: 32, second: 40, ratio: 48,
  gap: 56, expGap: 64, outNorm: 72, maxValueNorm: 80, best: 88, runnerUp: 92, checks: 96,
});

/** The lookup's checks allow this much float32 rounding (ATTN_LOOKUP_TOLERANCE). */
export const LOOKUP_TOLERANCE = 1e-6;

/** The most points attn_hull_2d takes, and its tolerance (× the hull's extent) for "inside". */
export const HULL_MAX_POINTS = 1024;
export const HULL_TOLERANCE = 1e-5;

/** enum attn_bottleneck_task. */
export const BottleneckTask = Object.freeze({ copy: 0, reverse: 1 });

/** The bottleneck experiment's limits (ATTN_BOTTLENECK_MAX_*). */
export const BottleneckLimits = Object.freeze({ length: 256, width: 1024, vocab: 1024, trials: 10000 });
/** enum attn_head_score: the scores of one head, in order (offset o, from 0 to HeadLimits.maxOffset, is entry o). */
export const HeadScore = Object.freeze({
  self: 0, previous: 1, sink: 9, stripe: 10, entropy: 11, lnK: 12, flat: 13, induction: 14, count: 15,
});

/**
 * The head scores' constants (ATTN_HEAD_*): the largest offset scored, the stripe score's share of
 * the keys (the most-attended 1/stripeKeys of them), how near ln k a row's entropy must be to
 * count as flat (nats), and the most windows one measurement reads.
 */
export const HeadLimits = Object.freeze({ maxOffset: 8, stripeKeys: 16, flatNats: 0.1, maxWindows: 4096 });

/** enum attn_patch_over: what activation patching replaces, component by component (attn_model_patch). */
export const PatchOver = Object.freeze({ heads: 0, positions: 1 });

/** The synthetic translation (attn_translation_*): its vocabulary, length range, word buffer, splits and languages. */
export const TranslationTask = Object.freeze({
  vocab: 34, minLength: 3, maxLength: 40, wordBytes: 16, train: 0, heldOut: 1, source: 0, target: 1,
});

/** enum attn_seq2seq_kind: the two encoder–decoders. */
export const Seq2seqKind = Object.freeze({ bottleneck: 0, attention: 1 });

/** The encoder–decoders' limits, and the decoder's start token. */
export const Seq2seqLimits = Object.freeze({ maxWidth: 512, maxBatch: 256, start: 34 });

/** enum attn_seq2seq_info: the entries of attn_seq2seq_info. */
export const Seq2seqInfo = Object.freeze({
  kind: 0, embed: 1, hidden: 2, batch: 3, minLength: 4, maxLength: 5, steps: 6, paramCount: 7, count: 8,
});
