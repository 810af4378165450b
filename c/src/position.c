/*
 * position.c — §6.5: attention cannot see word order, and the two classic ways to show it.
 *   attn_positions_sinusoidal   PE(pos, 2i) = sin(pos/10000^(2i/D)), PE(pos, 2i+1) = cos(...)
 *   attn_rope                   rotary embedding: feature pairs rotated by pos · 10000^(−2i/D)
 *   attn_self_attention_positioned
 *                               self-attention with fixed projections and a choice of
 *                               positions: none, sinusoidal (added to x), rotary (on q and k)
 * Angles are computed in double; only the results are rounded to float.
 */
#include <math.h>
#include <stddef.h>

#include "attn.h"
#include "check.h"

/* The wavelength base of both schemes, as in the papers. */
#define POSITION_BASE 10000.0

/* The angular frequency of feature pair `pair` (features 2·pair and 2·pair + 1) at width d. */
static double pair_frequency(int pair, int d) {
    return pow(POSITION_BASE, -2.0 * pair / (double)d);
}

/* Position vectors for positions offset..offset+N-1 (offset ≥ 0). */
static void sinusoidal_rows(float *pe, /* (N, D) */
                            int offset, int n, int d) {
    for (int r = 0; r < n; r++) {
        double pos = (double)offset + r;
        float *row = pe + (size_t)r * d;
        for (int c = 0; c < d; c++) {
            double angle = pos * pair_frequency(c / 2, d);
            row[c] = (float)(c % 2 == 0 ? sin(angle) : cos(angle));
        }
    }
}

int attn_positions_sinusoidal(float *pe, /* (N, D) */
                              int n, int d) {
    ATTN__REFUSE_IF(!pe, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || d <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(n, d));
    sinusoidal_rows(pe, 0, n, d);
    return ATTN_OK;
}

/* Rotates every row in place; sizes already checked, d even. */
static void rotate_rows(float *y, /* (N, D) */
                        const float *x, /* (N, D) */
                        int offset, int n, int d) {
    for (int r = 0; r < n; r++) {
        double pos = (double)offset + r;
        const float *in = x + (size_t)r * d;
        float *out = y + (size_t)r * d;
        for (int pair = 0; pair < d / 2; pair++) {
            double angle = pos * pair_frequency(pair, d);
            double c = cos(angle), s = sin(angle);
            double a = in[2 * pair], b = in[2 * pair + 1];
            out[2 * pair] = (float)(a * c - b * s);
            out[2 * pair + 1] = (float)(a * s + b * c);
        }
    }
}

int attn_rope(float *y,       /* (N, D) */
              const float *x, /* (N, D) */
              int offset, int n, int d) {
    ATTN__REFUSE_IF(!y || !x, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || d <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(d % 2 != 0, ATTN_ERR_SHAPE);
    ATTN__REFUSE_IF(offset < 0, ATTN_ERR_ARGUMENT);
    ATTN__TRY(attn__check_product(n, d));
    rotate_rows(y, x, offset, n, d);
    return ATTN_OK;
}

int attn_self_attention_positioned(float *out,      /* (N, D) */
                                   float *q,        /* (N, D) */
                                   float *k,        /* (N, D) */
                                   float *v,        /* (N, D) */
                                   const float *x,  /* (N, D) */
                                   const float *wq, /* (D, D) */
                                   const float *wk, /* (D, D) */
                                   const float *wv, /* (D, D) */
                                   int position_kind, int mask_kind, int offset, int n, int d) {
    ATTN__REFUSE_IF(!out || !q || !k || !v || !x || !wq || !wk || !wv, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || d <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(position_kind < ATTN_POSITIONS_NONE || position_kind > ATTN_POSITIONS_ROTARY,
                    ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(mask_kind != ATTN_MASK_NONE && mask_kind != ATTN_MASK_CAUSAL, ATTN_ERR_MASK_KIND);
    ATTN__REFUSE_IF(offset < 0, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(position_kind == ATTN_POSITIONS_ROTARY && d % 2 != 0, ATTN_ERR_SHAPE);
    ATTN__TRY(attn__check_product(n, d));
    ATTN__TRY(attn__check_product(d, d));

    /* x' = x + PE, written into `out` (free until the attention call, and (N, D) like x). */
    const float *input = x;
    if (position_kind == ATTN_POSITIONS_SINUSOIDAL) {
        sinusoidal_rows(out, offset, n, d);
        for (size_t i = 0; i < (size_t)n * d; i++) out[i] += x[i];
        input = out;
    }
    ATTN__TRY(attn_matmul(q, input, wq, 0, n, d, d));
    ATTN__TRY(attn_matmul(k, input, wk, 0, n, d, d));
    ATTN__TRY(attn_matmul(v, input, wv, 0, n, d, d));
    if (position_kind == ATTN_POSITIONS_ROTARY) {
        rotate_rows(q, q, offset, n, d);
        rotate_rows(k, k, offset, n, d);
    }
    return attn_attention(out, NULL, NULL, q, k, v, mask_kind, NULL, 1, n, n, d, d);
}
