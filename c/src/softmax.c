/*
 * softmax.c — row-wise, numerically stable softmax.
 * Subtracting each row's maximum before exp keeps exp from overflowing; a row that is
 * entirely -INFINITY has nothing to normalise and becomes NaN, and is counted.
 */
#include <math.h>

#include "attn.h"
#include "check.h"

/* Softmax of one row of `cols` entries; returns 1 when the row had no allowed entry. */
static int softmax_row(float *y, const float *x, int cols) {
    float max = -INFINITY;
    for (int j = 0; j < cols; j++)
        if (x[j] > max) max = x[j];
    if (max == -INFINITY || isnan(max)) {
        /* 0/0: no key is allowed (or the row is already NaN). The chapter's NaN, on purpose. */
        for (int j = 0; j < cols; j++) y[j] = NAN;
        return max == -INFINITY;
    }
    double sum = 0.0;
    for (int j = 0; j < cols; j++) {
        float e = expf(x[j] - max);
        y[j] = e;
        sum += e;
    }
    for (int j = 0; j < cols; j++) y[j] = (float)(y[j] / sum);
    return 0;
}

int attn_softmax_rows(float *y,       /* (ROWS, COLS) */
                      int *empty_rows,
                      const float *x, /* (ROWS, COLS) */
                      int rows, int cols) {
    ATTN__REFUSE_IF(!y || !x, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(rows <= 0 || cols <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(rows, cols));

    int empty = 0;
    for (int i = 0; i < rows; i++)
        empty += softmax_row(y + (size_t)i * cols, x + (size_t)i * cols, cols);
    if (empty_rows) *empty_rows = empty;
    return ATTN_OK;
}
