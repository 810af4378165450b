/*
 * mask.c — the additive masks of §6.4, built into the caller's buffer: 0 where a query may look
 * at a key, -INFINITY where it may not. Masks combine by elementwise addition (0 + 0 = 0, and
 * anything + -INFINITY = -INFINITY), and a row of a mask can be inspected for how many keys it
 * still allows. `attn_zero_blocked` is the classic bug kept on purpose, for comparison: it masks
 * the weights after the softmax instead of the scores before it.
 *
 * Positions count from 0 here; the chapter counts from 1 (token i sees tokens 1..i).
 */
#include <math.h>
#include <stddef.h>

#include "attn.h"
#include "causal.h"
#include "check.h"

/* 0 for an allowed pair, -INFINITY for a blocked one. */
static float allow(int allowed) { return allowed ? 0.0f : -INFINITY; }

/* A mask entry must be a number that can be added: finite, or -INFINITY (blocked). */
static int is_mask_entry(float x) { return isfinite(x) || (isinf(x) && x < 0); }

int attn_mask_none(float *mask, /* (N, M) */
                   int n, int m) {
    ATTN__REFUSE_IF(!mask, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || m <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(n, m));
    for (size_t at = 0; at < (size_t)n * m; at++) mask[at] = 0.0f;
    return ATTN_OK;
}

int attn_mask_causal(float *mask, /* (N, M) */
                     int n, int m) {
    ATTN__REFUSE_IF(!mask, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || m <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(n, m));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) mask[(size_t)i * m + j] = allow(!attn__causal_blocked(i, j));
    return ATTN_OK;
}

int attn_mask_window(float *mask, /* (N, M) */
                     int window, int n, int m) {
    ATTN__REFUSE_IF(!mask, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || m <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(window < 1, ATTN_ERR_ARGUMENT);
    ATTN__TRY(attn__check_product(n, m));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            mask[(size_t)i * m + j] = allow(!attn__causal_blocked(i, j) && j >= attn__window_first_allowed(i, window));
    return ATTN_OK;
}

int attn_mask_padding(float *mask,        /* (B, N, M) */
                      const int *lengths, /* (B) real lengths, each 1..M */
                      int batch, int n, int m) {
    ATTN__REFUSE_IF(!mask || !lengths, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(batch <= 0 || n <= 0 || m <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(n, m));
    ATTN__TRY(attn__check_product(batch, (int64_t)n * m));
    for (int b = 0; b < batch; b++) ATTN__REFUSE_IF(lengths[b] < 1 || lengths[b] > m, ATTN_ERR_ARGUMENT);
    for (int b = 0; b < batch; b++) {
        float *sequence = mask + (size_t)b * n * m;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++) sequence[(size_t)i * m + j] = allow(j < lengths[b]);
    }
    return ATTN_OK;
}

int attn_mask_add(float *sum,     /* (COUNT) */
                  const float *a, /* (COUNT) */
                  const float *b, /* (COUNT) */
                  int count) {
    ATTN__REFUSE_IF(!sum || !a || !b, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(count <= 0, ATTN_ERR_SIZE);
    for (int at = 0; at < count; at++)
        ATTN__REFUSE_IF(!is_mask_entry(a[at]) || !is_mask_entry(b[at]), ATTN_ERR_VALUE);
    for (int at = 0; at < count; at++) sum[at] = a[at] + b[at];
    return ATTN_OK;
}

int attn_mask_allowed(int *allowed,        /* (N) */
                      double *max_entropy, /* (N) or NULL */
                      int *empty_rows,     /* or NULL */
                      const float *mask,   /* (N, M) */
                      int n, int m) {
    ATTN__REFUSE_IF(!allowed || !mask, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || m <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(n, m));
    for (size_t at = 0; at < (size_t)n * m; at++) ATTN__REFUSE_IF(!is_mask_entry(mask[at]), ATTN_ERR_VALUE);
    int empty = 0;
    for (int i = 0; i < n; i++) {
        int k = 0;
        for (int j = 0; j < m; j++) k += mask[(size_t)i * m + j] != -INFINITY;
        allowed[i] = k;
        empty += k == 0;
        /* No allowed key: there is no distribution, so no reference entropy either. */
        if (max_entropy) max_entropy[i] = k > 0 ? log((double)k) : NAN;
    }
    if (empty_rows) *empty_rows = empty;
    return ATTN_OK;
}

int attn_zero_blocked(float *out,           /* (N, M) */
                      const float *weights, /* (N, M) */
                      const float *mask,    /* (N, M) */
                      int n, int m) {
    ATTN__REFUSE_IF(!out || !weights || !mask, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || m <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(n, m));
    for (size_t at = 0; at < (size_t)n * m; at++) ATTN__REFUSE_IF(!is_mask_entry(mask[at]), ATTN_ERR_VALUE);
    for (size_t at = 0; at < (size_t)n * m; at++) out[at] = mask[at] == -INFINITY ? 0.0f : weights[at];
    return ATTN_OK;
}
