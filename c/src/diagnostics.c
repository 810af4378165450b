/*
 * diagnostics.c — checks on a matrix of attention weights, row by row: each row's sum (1 for a
 * correct softmax, less when weights were masked after it) and its entropy in nats,
 * H = -Σ w ln w (0 for a one-hot row, ln k for k equal weights). Both accumulate in double.
 * A row holding NaN (no allowed key) gets a NaN sum and entropy: the diagnosis shows the 0/0.
 */
#include <math.h>
#include <stddef.h>

#include "attn.h"
#include "check.h"

int attn_row_stats(double *sums,         /* (N) */
                   double *entropy,      /* (N) */
                   const float *weights, /* (N, M) */
                   int n, int m) {
    ATTN__REFUSE_IF(!sums || !entropy || !weights, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || m <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(n, m));
    /* A weight is a probability: never negative, never infinite. NaN is allowed (empty rows). */
    for (size_t at = 0; at < (size_t)n * m; at++)
        ATTN__REFUSE_IF(weights[at] < 0 || isinf(weights[at]), ATTN_ERR_VALUE);
    for (int i = 0; i < n; i++) {
        const float *row = weights + (size_t)i * m;
        double sum = 0.0, h = 0.0;
        for (int j = 0; j < m; j++) {
            double w = row[j];
            sum += w;
            if (w > 0 || isnan(w)) h -= w * log(w); /* 0 · ln 0 counts as 0 */
        }
        sums[i] = sum;
        entropy[i] = h;
    }
    return ATTN_OK;
}
