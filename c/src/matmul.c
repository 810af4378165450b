/*
 * matmul.c — the plain matrix product used for projections (X·W) and scores (Q·Kᵀ).
 * Each entry accumulates in double so that small examples match hand arithmetic exactly.
 */
#include "attn.h"
#include "check.h"

int attn_matmul(float *c,       /* (M, N) */
                const float *a, /* (M, K) */
                const float *b, /* (K, N), or (N, K) when transpose_b */
                int transpose_b, int m, int k, int n) {
    ATTN__REFUSE_IF(!c || !a || !b, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(m <= 0 || k <= 0 || n <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(m, k));
    ATTN__TRY(attn__check_product(k, n));
    ATTN__TRY(attn__check_product(m, n));

    for (int i = 0; i < m; i++) {
        const float *a_row = a + (size_t)i * k;
        for (int j = 0; j < n; j++) {
            double sum = 0.0;
            if (transpose_b) {
                const float *b_row = b + (size_t)j * k;
                for (int p = 0; p < k; p++) sum += (double)a_row[p] * b_row[p];
            } else {
                for (int p = 0; p < k; p++) sum += (double)a_row[p] * b[(size_t)p * n + j];
            }
            c[(size_t)i * n + j] = (float)sum;
        }
    }
    return ATTN_OK;
}
