/*
 * abi.c — the ABI table: every constant the JS face relies on, as this build compiled it.
 *
 * JavaScript cannot read a C header, so web/lib/abi.js writes these values down once, and
 * tests/wasm/abi.test.mjs reads this table from the compiled core and compares the two entry by
 * entry: an enum value, a struct field or a limit changed on one side fails until the other
 * follows. Names are spelled as in C. Add an entry here whenever the JS side needs a new constant.
 */
#include <stddef.h>

#include "attn.h"
#include "check.h"

struct abi_entry {
    const char *name;
    double value;
};

#define CONSTANT(name) {#name, (double)(name)}
#define SIZE_OF(type) {"sizeof(" #type ")", (double)sizeof(type)}
#define OFFSET_OF(type, field) {"offsetof(" #type ", " #field ")", (double)offsetof(type, field)}

static const struct abi_entry ENTRIES[] = {
    /* enum attn_status */
    CONSTANT(ATTN_OK),
    CONSTANT(ATTN_ERR_NULL),
    CONSTANT(ATTN_ERR_SIZE),
    CONSTANT(ATTN_ERR_OVERFLOW),
    CONSTANT(ATTN_ERR_MASK_KIND),
    CONSTANT(ATTN_ERR_ARGUMENT),
    CONSTANT(ATTN_ERR_SHAPE),
    CONSTANT(ATTN_ERR_VALUE),
    CONSTANT(ATTN_ERR_MEMORY),
    CONSTANT(ATTN_ERR_FORMAT),
    CONSTANT(ATTN_ERR_NO_GAP),
    CONSTANT(ATTN_STATUS_COUNT),

    /* enum attn_mask_kind, enum attn_position_kind */
    CONSTANT(ATTN_MASK_NONE),
    CONSTANT(ATTN_MASK_CAUSAL),
    CONSTANT(ATTN_MASK_CUSTOM),
    CONSTANT(ATTN_POSITIONS_NONE),
    CONSTANT(ATTN_POSITIONS_SINUSOIDAL),
    CONSTANT(ATTN_POSITIONS_ROTARY),

    /* struct attn_steps: five pointers the caller fills */
    SIZE_OF(struct attn_steps),
    OFFSET_OF(struct attn_steps, scores),
    OFFSET_OF(struct attn_steps, scaled),
    OFFSET_OF(struct attn_steps, masked),
    OFFSET_OF(struct attn_steps, weights),
    OFFSET_OF(struct attn_steps, mask),

    /* struct attn_cost: eleven doubles the core fills */
    SIZE_OF(struct attn_cost),
    OFFSET_OF(struct attn_cost, projections),
    OFFSET_OF(struct attn_cost, scores),
    OFFSET_OF(struct attn_cost, weighted),
    OFFSET_OF(struct attn_cost, output),
    OFFSET_OF(struct attn_cost, linear),
    OFFSET_OF(struct attn_cost, quadratic),
    OFFSET_OF(struct attn_cost, total),
    OFFSET_OF(struct attn_cost, crossover),
    OFFSET_OF(struct attn_cost, score_entries),
    OFFSET_OF(struct attn_cost, score_bytes),
    OFFSET_OF(struct attn_cost, layer_entries),

    /* enum attn_recurrence_cell; struct attn_cost_variants and struct attn_decode_cost: doubles */
    CONSTANT(ATTN_CELL_ELMAN),
    CONSTANT(ATTN_CELL_GRU),
    CONSTANT(ATTN_CELL_LSTM),
    SIZE_OF(struct attn_cost_variants),
    OFFSET_OF(struct attn_cost_variants, recurrence),
    OFFSET_OF(struct attn_cost_variants, recurrence_per_token),
    OFFSET_OF(struct attn_cost_variants, recurrence_crossover),
    OFFSET_OF(struct attn_cost_variants, window_keys),
    OFFSET_OF(struct attn_cost_variants, window_quadratic),
    OFFSET_OF(struct attn_cost_variants, window_total),
    OFFSET_OF(struct attn_cost_variants, naive_bytes),
    OFFSET_OF(struct attn_cost_variants, tiled_bytes),
    OFFSET_OF(struct attn_cost_variants, tiled_threads),
    SIZE_OF(struct attn_decode_cost),
    OFFSET_OF(struct attn_decode_cost, cached_attention),
    OFFSET_OF(struct attn_decode_cost, cached_total),
    OFFSET_OF(struct attn_decode_cost, recompute_attention),
    OFFSET_OF(struct attn_decode_cost, recompute_total),
    OFFSET_OF(struct attn_decode_cost, cache_entries),
    OFFSET_OF(struct attn_decode_cost, cache_bytes),

    /* enum attn_model_info_entry: attn_model_info's config, in order */
    CONSTANT(ATTN_MODEL_INFO_VOCAB),
    CONSTANT(ATTN_MODEL_INFO_LAYERS),
    CONSTANT(ATTN_MODEL_INFO_HEADS),
    CONSTANT(ATTN_MODEL_INFO_D_MODEL),
    CONSTANT(ATTN_MODEL_INFO_CONTEXT),
    CONSTANT(ATTN_MODEL_INFO_BATCH),
    CONSTANT(ATTN_MODEL_INFO_STEPS),
    CONSTANT(ATTN_MODEL_INFO_PARAM_COUNT),
    CONSTANT(ATTN_MODEL_INFO_COUNT),

    /* enum attn_patch_over: what activation patching replaces */
    CONSTANT(ATTN_PATCH_HEADS),
    CONSTANT(ATTN_PATCH_POSITIONS),

    /* enum attn_head_score: each head's scores, in order */
    CONSTANT(ATTN_HEAD_SELF),
    CONSTANT(ATTN_HEAD_PREVIOUS),
    CONSTANT(ATTN_HEAD_SINK),
    CONSTANT(ATTN_HEAD_STRIPE),
    CONSTANT(ATTN_HEAD_ENTROPY),
    CONSTANT(ATTN_HEAD_LN_K),
    CONSTANT(ATTN_HEAD_FLAT),
    CONSTANT(ATTN_HEAD_INDUCTION),
    CONSTANT(ATTN_HEAD_SCORE_COUNT),

    /* limits */
    CONSTANT(ATTN__MAX_ELEMENTS),
    CONSTANT(ATTN_MAX_DK),
    CONSTANT(ATTN_MAX_DRAWS),
    CONSTANT(ATTN_MAX_KEYS),
    CONSTANT(ATTN_MAX_TRIALS),
    CONSTANT(ATTN_TAPE_MAX_DIMS),
    {"ATTN_MULTIHEAD_WORK(1, 1)", (double)ATTN_MULTIHEAD_WORK(1, 1)},
    CONSTANT(ATTN_MODEL_MAX_LAYERS),
    CONSTANT(ATTN_MODEL_MAX_HEADS),
    CONSTANT(ATTN_MODEL_MAX_D_MODEL),
    CONSTANT(ATTN_MODEL_MAX_CONTEXT),
    CONSTANT(ATTN_MODEL_MAX_BATCH),
    CONSTANT(ATTN_MODEL_MAX_VOCAB),
    CONSTANT(ATTN_MODEL_MAX_BYTES),
    CONSTANT(ATTN_MODEL_MAX_LR),

    /* attention as a lookup, the hull of the values, the bottleneck */
    CONSTANT(ATTN_MAX_SCORE_MULTIPLIER),
    CONSTANT(ATTN_LOOKUP_MAX_ENTRIES),
    CONSTANT(ATTN_LOOKUP_MAX_WIDTH),
    CONSTANT(ATTN_LOOKUP_MAX_SHARPNESS),
    CONSTANT(ATTN_LOOKUP_MAX_COORDINATE),
    CONSTANT(ATTN_LOOKUP_TOLERANCE),
    CONSTANT(ATTN_LOOKUP_NONNEGATIVE),
    CONSTANT(ATTN_LOOKUP_SUMS_TO_ONE),
    CONSTANT(ATTN_LOOKUP_NO_LONGER),
    SIZE_OF(struct attn_lookup_stats),
    OFFSET_OF(struct attn_lookup_stats, weight_sum),
    OFFSET_OF(struct attn_lookup_stats, min_weight),
    OFFSET_OF(struct attn_lookup_stats, entropy),
    OFFSET_OF(struct attn_lookup_stats, max_entropy),
    OFFSET_OF(struct attn_lookup_stats, largest),
    OFFSET_OF(struct attn_lookup_stats, second),
    OFFSET_OF(struct attn_lookup_stats, ratio),
    OFFSET_OF(struct attn_lookup_stats, gap),
    OFFSET_OF(struct attn_lookup_stats, exp_gap),
    OFFSET_OF(struct attn_lookup_stats, out_norm),
    OFFSET_OF(struct attn_lookup_stats, max_value_norm),
    OFFSET_OF(struct attn_lookup_stats, best),
    OFFSET_OF(struct attn_lookup_stats, runner_up),
    OFFSET_OF(struct attn_lookup_stats, checks),
    CONSTANT(ATTN_HULL_MAX_POINTS),
    CONSTANT(ATTN_HULL_TOLERANCE),
    CONSTANT(ATTN_BOTTLENECK_COPY),
    CONSTANT(ATTN_BOTTLENECK_REVERSE),
    CONSTANT(ATTN_BOTTLENECK_MAX_LENGTH),
    CONSTANT(ATTN_BOTTLENECK_MAX_WIDTH),
    CONSTANT(ATTN_BOTTLENECK_MAX_VOCAB),
    CONSTANT(ATTN_BOTTLENECK_MAX_TRIALS),
    CONSTANT(ATTN_HEAD_MAX_OFFSET),
    CONSTANT(ATTN_HEAD_STRIPE_KEYS),
    CONSTANT(ATTN_HEAD_FLAT_NATS),
    CONSTANT(ATTN_HEAD_MAX_WINDOWS),

    /* the synthetic translation and its two encoder–decoders */
    CONSTANT(ATTN_TRANSLATION_VOCAB),
    CONSTANT(ATTN_TRANSLATION_MIN_LENGTH),
    CONSTANT(ATTN_TRANSLATION_MAX_LENGTH),
    CONSTANT(ATTN_TRANSLATION_WORD_BYTES),
    CONSTANT(ATTN_TRANSLATION_TRAIN),
    CONSTANT(ATTN_TRANSLATION_HELD_OUT),
    CONSTANT(ATTN_TRANSLATION_SOURCE),
    CONSTANT(ATTN_TRANSLATION_TARGET),
    CONSTANT(ATTN_SEQ2SEQ_BOTTLENECK),
    CONSTANT(ATTN_SEQ2SEQ_ATTENTION),
    CONSTANT(ATTN_SEQ2SEQ_START),
    CONSTANT(ATTN_SEQ2SEQ_MAX_WIDTH),
    CONSTANT(ATTN_SEQ2SEQ_MAX_BATCH),
    CONSTANT(ATTN_SEQ2SEQ_INFO_KIND),
    CONSTANT(ATTN_SEQ2SEQ_INFO_EMBED),
    CONSTANT(ATTN_SEQ2SEQ_INFO_HIDDEN),
    CONSTANT(ATTN_SEQ2SEQ_INFO_BATCH),
    CONSTANT(ATTN_SEQ2SEQ_INFO_MIN_LENGTH),
    CONSTANT(ATTN_SEQ2SEQ_INFO_MAX_LENGTH),
    CONSTANT(ATTN_SEQ2SEQ_INFO_STEPS),
    CONSTANT(ATTN_SEQ2SEQ_INFO_PARAM_COUNT),
    CONSTANT(ATTN_SEQ2SEQ_INFO_COUNT),
};

#define ENTRY_COUNT ((int)(sizeof ENTRIES / sizeof ENTRIES[0]))

int attn_abi_count(int *count) {
    ATTN__REFUSE_IF(!count, ATTN_ERR_NULL);
    *count = ENTRY_COUNT;
    return ATTN_OK;
}

int attn_abi_entry(const char **name, double *value, int index) {
    ATTN__REFUSE_IF(!name || !value, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(index < 0 || index >= ENTRY_COUNT, ATTN_ERR_ARGUMENT);
    *name = ENTRIES[index].name;
    *value = ENTRIES[index].value;
    return ATTN_OK;
}
