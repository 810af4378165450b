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
