/*
 * heads.c — multi-head attention (§6.6): project X into queries, keys and values, cut each
 * projection into H contiguous slices of width DH = D / H, run scaled dot-product attention in
 * every slice independently, join the head outputs back along the features, and mix them with
 * one output projection W^O.
 *
 * Layout of the caller's `work` (4, N, D) floats:
 *     [0]  Q per head  (H, N, DH)
 *     [1]  K per head  (H, N, DH)
 *     [2]  V per head  (H, N, DH)
 *     [3]  head outputs (H, N, DH), used when the caller passes no head_out
 */
#include <stddef.h>

#include "attn.h"
#include "check.h"

/* dst_h = X · W[:, h·DH .. (h+1)·DH-1] for every head, stored head by head. Sums in double. */
static void project_heads(float *dst,     /* (H, N, DH) */
                          const float *x, /* (N, D) */
                          const float *w, /* (D, D) */
                          int n, int d, int heads) {
    int dh = d / heads;
    for (int h = 0; h < heads; h++) {
        float *dst_h = dst + (size_t)h * n * dh;
        for (int i = 0; i < n; i++) {
            const float *x_row = x + (size_t)i * d;
            for (int c = 0; c < dh; c++) {
                const float *w_col = w + (size_t)h * dh + c;
                double sum = 0.0;
                for (int p = 0; p < d; p++) sum += (double)x_row[p] * w_col[(size_t)p * d];
                dst_h[(size_t)i * dh + c] = (float)sum;
            }
        }
    }
}

int attn_multihead(float *out,       /* (N, D) */
                   float *weights,   /* (H, N, N) or NULL: each head's attention weights */
                   float *head_out,  /* (H, N, DH) or NULL: each head's output before W^O */
                   float *concat,    /* (N, D) or NULL: the heads joined along the features */
                   int *empty_rows,  /* optional */
                   float *work,      /* (4, N, D) scratch */
                   const float *x,   /* (N, D) */
                   const float *wq,  /* (D, D) */
                   const float *wk,  /* (D, D) */
                   const float *wv,  /* (D, D) */
                   const float *wo,  /* (D, D) */
                   int mask_kind,
                   const float *mask, /* (N, N), only for ATTN_MASK_CUSTOM */
                   int n, int d_model, int heads) {
    ATTN__REFUSE_IF(!out || !work || !x || !wq || !wk || !wv || !wo, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || d_model <= 0 || heads <= 0, ATTN_ERR_SIZE);
    /* Each head needs the same whole number of features: D must split evenly into H slices. */
    ATTN__REFUSE_IF(d_model % heads != 0, ATTN_ERR_SHAPE);
    ATTN__REFUSE_IF(mask_kind < ATTN_MASK_NONE || mask_kind > ATTN_MASK_CUSTOM, ATTN_ERR_MASK_KIND);
    ATTN__REFUSE_IF(mask_kind == ATTN_MASK_CUSTOM && !mask, ATTN_ERR_NULL);
    ATTN__TRY(attn__check_product(4 * (int64_t)n, d_model));
    ATTN__TRY(attn__check_product(d_model, d_model));
    ATTN__TRY(attn__check_product((int64_t)heads * n, n));

    const int d = d_model, dh = d_model / heads;
    const size_t nd = (size_t)n * d, head_size = (size_t)n * dh;
    float *q = work, *k = work + nd, *v = work + 2 * nd;
    float *heads_out = head_out ? head_out : work + 3 * nd; /* (H, N, DH) */

    project_heads(q, x, wq, n, d, heads);
    project_heads(k, x, wk, n, d, heads);
    project_heads(v, x, wv, n, d, heads);

    int empty_total = 0;
    for (int h = 0; h < heads; h++) {
        struct attn_steps steps = {0};
        steps.weights = weights ? weights + (size_t)h * n * n : NULL;
        int empty = 0;
        ATTN__TRY(attn_attention(heads_out + h * head_size, &steps, &empty,
                                 q + h * head_size, k + h * head_size, v + h * head_size,
                                 mask_kind, mask, 1, n, n, dh, dh));
        empty_total += empty;
    }

    /* concat[i, h·DH + c] = head h's output (i, c): the heads side by side, in head order. */
    if (concat) {
        for (int i = 0; i < n; i++)
            for (int h = 0; h < heads; h++)
                for (int c = 0; c < dh; c++)
                    concat[(size_t)i * d + (size_t)h * dh + c] = heads_out[h * head_size + (size_t)i * dh + c];
    }

    /* out = concat · W^O, read straight from the head outputs: row h·DH + c of W^O is the
     * direction head h's feature c writes into the model-wide vector. */
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < d; j++) {
            double sum = 0.0;
            for (int h = 0; h < heads; h++) {
                const float *row = heads_out + h * head_size + (size_t)i * dh;
                const float *wo_col = wo + (size_t)h * dh * d + j;
                for (int c = 0; c < dh; c++) sum += (double)row[c] * wo_col[(size_t)c * d];
            }
            out[(size_t)i * d + j] = (float)sum;
        }
    }
    if (empty_rows) *empty_rows = empty_total;
    return ATTN_OK;
}
