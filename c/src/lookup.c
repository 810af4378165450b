/*
 * lookup.c — attention read as a lookup that returns a blend: one query scored against every
 * key of a small memory, the scores sharpened by s, and the values mixed by the softmax
 * weights. The scores come from attn_matmul, the weights and the output from attn_attention
 * (the query multiplied by s, no mask, no 1/√d_k); what the chapter says about the result (the
 * weights are ≥ 0 and sum to 1, the output is no longer than the longest value, the row's
 * entropy and the ratio of its two largest weights) is measured here, in double.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>

#include "attn.h"
#include "check.h"

/* ATTN_OK when every entry of x is finite and no larger than the lookup's coordinate limit. */
static int check_entries(const float *x, int count) {
    for (int i = 0; i < count; i++) ATTN__REFUSE_IF(!isfinite(x[i]), ATTN_ERR_VALUE);
    for (int i = 0; i < count; i++) ATTN__REFUSE_IF(fabsf(x[i]) > ATTN_LOOKUP_MAX_COORDINATE, ATTN_ERR_ARGUMENT);
    return ATTN_OK;
}

static double norm(const float *x, int len) {
    double sum = 0.0;
    for (int i = 0; i < len; i++) sum += (double)x[i] * x[i];
    return sqrt(sum);
}

/* The two largest weights: their entries (the first of a tie wins) and values. */
static void two_largest(struct attn_lookup_stats *stats, const float *weights, int m) {
    int best = 0, runner_up = -1;
    for (int j = 1; j < m; j++)
        if (weights[j] > weights[best]) best = j;
    for (int j = 0; j < m; j++)
        if (j != best && (runner_up < 0 || weights[j] > weights[runner_up])) runner_up = j;
    stats->best = best;
    stats->runner_up = runner_up;
    stats->largest = weights[best];
    stats->second = runner_up < 0 ? 0.0 : weights[runner_up];
}

/* Everything struct attn_lookup_stats holds, from the call's results. */
static int measure(struct attn_lookup_stats *stats, const float *scores, const float *weights,
                   const float *out, const float *values, float sharpness, int m, int dv) {
    ATTN__TRY(attn_row_stats(&stats->weight_sum, &stats->entropy, weights, 1, m));
    stats->max_entropy = log((double)m);
    stats->min_weight = weights[0];
    for (int j = 1; j < m; j++) stats->min_weight = fmin(stats->min_weight, weights[j]);

    two_largest(stats, weights, m);
    if (stats->runner_up < 0) {
        stats->ratio = stats->gap = stats->exp_gap = NAN;
    } else {
        stats->ratio = stats->second > 0 ? stats->largest / stats->second : INFINITY;
        /* (at s = 0 the product may be −0; + 0.0 makes it 0) */
        stats->gap = (double)sharpness * ((double)scores[stats->best] - scores[stats->runner_up]) + 0.0;
        stats->exp_gap = exp(stats->gap);
    }

    stats->out_norm = norm(out, dv);
    stats->max_value_norm = 0.0;
    for (int j = 0; j < m; j++) stats->max_value_norm = fmax(stats->max_value_norm, norm(values + (size_t)j * dv, dv));

    stats->checks = 0;
    if (stats->min_weight >= 0) stats->checks |= ATTN_LOOKUP_NONNEGATIVE;
    if (fabs(stats->weight_sum - 1.0) <= ATTN_LOOKUP_TOLERANCE) stats->checks |= ATTN_LOOKUP_SUMS_TO_ONE;
    if (stats->out_norm <= stats->max_value_norm * (1.0 + m * (double)FLT_EPSILON)) stats->checks |= ATTN_LOOKUP_NO_LONGER;
    return ATTN_OK;
}

int attn_lookup(float *scores,                   /* (M) q·k_j */
                float *scaled,                   /* (M) s·q·k_j, or NULL */
                float *weights,                  /* (M) */
                float *out,                      /* (DV) */
                struct attn_lookup_stats *stats,
                const float *q,                  /* (DK) */
                const float *keys,               /* (M, DK) */
                const float *values,             /* (M, DV) */
                float sharpness, int m, int dk, int dv) {
    ATTN__REFUSE_IF(!scores || !weights || !out || !stats || !q || !keys || !values, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(m <= 0 || dk <= 0 || dv <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(m > ATTN_LOOKUP_MAX_ENTRIES || dk > ATTN_LOOKUP_MAX_WIDTH || dv > ATTN_LOOKUP_MAX_WIDTH, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(!isfinite(sharpness), ATTN_ERR_VALUE);
    ATTN__REFUSE_IF(sharpness < 0 || sharpness > ATTN_LOOKUP_MAX_SHARPNESS, ATTN_ERR_ARGUMENT);
    ATTN__TRY(check_entries(q, dk));
    ATTN__TRY(check_entries(keys, m * dk));
    ATTN__TRY(check_entries(values, m * dv));

    /* The raw scores q·k_j, then the same lookup with the query sharpened: s·q·k_j = (s·q)·k_j. */
    ATTN__TRY(attn_matmul(scores, q, keys, 1, 1, dk, m));
    float sharpened[ATTN_LOOKUP_MAX_WIDTH];
    for (int i = 0; i < dk; i++) sharpened[i] = sharpness * q[i];
    struct attn_steps steps = { .scores = scaled, .weights = weights };
    ATTN__TRY(attn_attention(out, &steps, NULL, sharpened, keys, values, ATTN_MASK_NONE, NULL, 0, 1, m, dk, dv));
    return measure(stats, scores, weights, out, values, sharpness, m, dv);
}
