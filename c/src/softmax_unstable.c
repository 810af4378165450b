/*
 * softmax_unstable.c — the wrong ways, on purpose (the lab text on numerical stability), so that
 * the lab can show what goes wrong with numbers from the core rather than told in a sentence:
 *   - a softmax that does NOT subtract the row maximum before exp: exp(89) already overflows
 *     float32 to +Infinity, and Infinity / Infinity is NaN;
 *   - a mask added to the scores and THEN multiplied (by a scale, a gate, a dropout zero):
 *     a literal -INFINITY times 0 is NaN, where a large negative number times 0 is 0.
 * The right way is attn_softmax_rows (softmax.c), and masking after any multiplication
 * (attention.c). Nothing here is used by the rest of the core.
 */
#include <math.h>

#include "attn.h"
#include "check.h"

/* One row, the naive way: e_j = exp(x_j), y_j = e_j / Σ e. Returns 1 when an e_j overflowed. */
static int naive_softmax_row(float *y,    /* (COLS) */
                             float *exps, /* (COLS) or NULL */
                             const float *x, int cols) {
    float sum = 0.0f; /* float32 on purpose, as a naive kernel writes it: the sum overflows too */
    int overflowed = 0;
    for (int j = 0; j < cols; j++) {
        float e = expf(x[j]);
        if (isinf(e)) overflowed = 1;
        if (exps) exps[j] = e;
        y[j] = e;
        sum += e;
    }
    for (int j = 0; j < cols; j++) y[j] = y[j] / sum;
    return overflowed;
}

int attn_softmax_rows_unstable(float *y,             /* (ROWS, COLS) */
                               float *exps,          /* (ROWS, COLS) or NULL */
                               int *overflowed_rows, /* or NULL */
                               const float *x,       /* (ROWS, COLS) */
                               int rows, int cols) {
    ATTN__REFUSE_IF(!y || !x, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(rows <= 0 || cols <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(rows, cols));
    int overflowed = 0;
    for (int i = 0; i < rows; i++) {
        size_t at = (size_t)i * cols;
        overflowed += naive_softmax_row(y + at, exps ? exps + at : NULL, x + at, cols);
    }
    if (overflowed_rows) *overflowed_rows = overflowed;
    return ATTN_OK;
}

int attn_mask_then_multiply(float *out,          /* (N, M) */
                            int *nan_entries,    /* or NULL */
                            const float *scores, /* (N, M) */
                            const float *mask,   /* (N, M) */
                            float factor, int n, int m) {
    ATTN__REFUSE_IF(!out || !scores || !mask, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || m <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(!isfinite(factor), ATTN_ERR_VALUE);
    ATTN__REFUSE_IF(fabsf(factor) > ATTN_MAX_SCORE_MULTIPLIER, ATTN_ERR_ARGUMENT);
    ATTN__TRY(attn__check_product(n, m));
    int nans = 0;
    for (size_t at = 0; at < (size_t)n * m; at++) {
        out[at] = (scores[at] + mask[at]) * factor; /* -INFINITY · 0 = NaN (IEEE 754) */
        nans += isnan(out[at]) ? 1 : 0;
    }
    if (nan_entries) *nan_entries = nans;
    return ATTN_OK;
}
