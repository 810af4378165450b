/*
 * attention.c — scaled dot-product attention, written step by step as the chapter reads it:
 *     scores = Q·Kᵀ;  scaled = scores / √d_k;  masked = scaled + mask;
 *     weights = softmax(masked) row by row;  out = weights · V.
 * This is the reference kernel behind the stepper: it can write every intermediate, and it
 * allocates nothing (each query row is processed in place, in two passes over the keys, with
 * its sums in double so that the order of the keys does not change the result).
 */
#include <math.h>
#include <stddef.h>

#include "attn.h"
#include "causal.h"
#include "check.h"

/* Everything one call needs to compute any masked score (i, j). */
struct attention_problem {
    const float *q;    /* (N, DK) */
    const float *k;    /* (M, DK) */
    int mask_kind;
    const float *mask; /* (N, M), ATTN_MASK_CUSTOM only */
    float scale;       /* the score multiplier: 1/√DK, 1, or the caller's */
    int m, dk;
};

static double dot(const float *a, const float *b, int len) {
    double sum = 0.0;
    for (int p = 0; p < len; p++) sum += (double)a[p] * b[p];
    return sum;
}

static float mask_value(const struct attention_problem *p, int i, int j) {
    switch (p->mask_kind) {
    case ATTN_MASK_CAUSAL: return attn__causal_blocked(i, j) ? -INFINITY : 0.0f;
    case ATTN_MASK_CUSTOM: return p->mask[(size_t)i * p->m + j];
    default: return 0.0f;
    }
}

/* Score (i, j) through scaling and mask; the earlier steps are written when asked for. */
static float masked_score(const struct attention_problem *p, struct attn_steps *steps, int i, int j) {
    size_t at = (size_t)i * p->m + j;
    float score = (float)dot(p->q + (size_t)i * p->dk, p->k + (size_t)j * p->dk, p->dk);
    float scaled = score * p->scale;
    float mask = mask_value(p, i, j);
    float masked = scaled + mask;
    if (steps) {
        if (steps->scores) steps->scores[at] = score;
        if (steps->scaled) steps->scaled[at] = scaled;
        if (steps->mask) steps->mask[at] = mask;
        if (steps->masked) steps->masked[at] = masked;
    }
    return masked;
}

/* Output columns accumulated at once (a stack block: the kernel allocates nothing). */
#define OUT_BLOCK 64

/*
 * One query row: returns 1 when the row had no allowed key (its weights and output are NaN).
 *
 * The sums run in double: each e·v is exact in double (two 24-bit significands), so the
 * float32 result does not depend on the order the keys come in. Shuffle the keys and values
 * together and every output is the same float32 number, bit for bit (the §6.5 widget shows
 * differences of exactly 0). Summed in float32, a new order changed the last digit.
 */
static int attend_row(float *out_row,  /* (DV) */
                      float *weights_row, /* (M) or NULL */
                      const struct attention_problem *p, struct attn_steps *steps,
                      const float *v, /* (M, DV) */
                      int i, int dv) {
    /* Pass 1: the row maximum, for a softmax that cannot overflow. */
    float max = -INFINITY;
    for (int j = 0; j < p->m; j++) {
        float s = masked_score(p, steps, i, j);
        if (s > max) max = s;
    }
    if (max == -INFINITY) {
        for (int j = 0; weights_row && j < p->m; j++) weights_row[j] = NAN;
        for (int d = 0; d < dv; d++) out_row[d] = NAN;
        return 1;
    }
    /* Pass 2, per block of output columns: unnormalised weights e^(s - max), their sum (on the
       first block), and the weighted sum of values; then each output is divided by the sum. */
    double sum = 0.0;
    for (int d0 = 0; d0 < dv; d0 += OUT_BLOCK) {
        int width = dv - d0 < OUT_BLOCK ? dv - d0 : OUT_BLOCK;
        double acc[OUT_BLOCK];
        for (int d = 0; d < width; d++) acc[d] = 0.0;
        for (int j = 0; j < p->m; j++) {
            float e = expf(masked_score(p, NULL, i, j) - max);
            if (d0 == 0) {
                sum += e;
                if (weights_row) weights_row[j] = e;
            }
            if (e == 0.0f) continue;
            const float *v_row = v + (size_t)j * dv + d0;
            for (int d = 0; d < width; d++) acc[d] += (double)e * v_row[d];
        }
        for (int d = 0; d < width; d++) out_row[d0 + d] = (float)(acc[d] / sum);
    }
    /* The weights, normalised so that they sum to 1. */
    for (int j = 0; weights_row && j < p->m; j++) weights_row[j] = (float)(weights_row[j] / sum);
    return 0;
}

int attn_attention(float *out,               /* (N, DV) */
                   struct attn_steps *steps, /* optional intermediates, each (N, M) */
                   int *empty_rows,          /* optional: rows with no allowed key */
                   const float *q,           /* (N, DK) */
                   const float *k,           /* (M, DK) */
                   const float *v,           /* (M, DV) */
                   int mask_kind,
                   const float *mask,        /* (N, M), only for ATTN_MASK_CUSTOM */
                   int scale, int n, int m, int dk, int dv) {
    float s = scale && dk > 0 ? (float)(1.0 / sqrt((double)dk)) : 1.0f; /* dk ≤ 0 is refused below */
    return attn_attention_multiplied(out, steps, empty_rows, q, k, v, mask_kind, mask, s, n, m, dk, dv);
}

int attn_attention_multiplied(float *out,               /* (N, DV) */
                              struct attn_steps *steps, /* optional intermediates, each (N, M) */
                              int *empty_rows,          /* optional: rows with no allowed key */
                              const float *q,           /* (N, DK) */
                              const float *k,           /* (M, DK) */
                              const float *v,           /* (M, DV) */
                              int mask_kind,
                              const float *mask,        /* (N, M), only for ATTN_MASK_CUSTOM */
                              float multiplier, int n, int m, int dk, int dv) {
    ATTN__REFUSE_IF(!isfinite(multiplier), ATTN_ERR_VALUE);
    ATTN__REFUSE_IF(multiplier < 0.0f || multiplier > ATTN_MAX_SCORE_MULTIPLIER, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(!out || !q || !k || !v, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || m <= 0 || dk <= 0 || dv <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(mask_kind < ATTN_MASK_NONE || mask_kind > ATTN_MASK_CUSTOM, ATTN_ERR_MASK_KIND);
    ATTN__REFUSE_IF(mask_kind == ATTN_MASK_CUSTOM && !mask, ATTN_ERR_NULL);
    ATTN__TRY(attn__check_product(n, m));
    ATTN__TRY(attn__check_product(n, dk));
    ATTN__TRY(attn__check_product(m, dk));
    ATTN__TRY(attn__check_product(n, dv));
    ATTN__TRY(attn__check_product(m, dv));

    struct attention_problem p = {
        .q = q, .k = k, .mask_kind = mask_kind, .mask = mask, .scale = multiplier, .m = m, .dk = dk,
    };
    int empty = 0;
    for (int i = 0; i < n; i++) {
        float *weights_row = steps && steps->weights ? steps->weights + (size_t)i * m : NULL;
        empty += attend_row(out + (size_t)i * dv, weights_row, &p, steps, v, i, dv);
    }
    if (empty_rows) *empty_rows = empty;
    return ATTN_OK;
}
