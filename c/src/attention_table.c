/*
 * attention_table.c — attention as a textbook writes it, three steps with the whole table of
 * scores in memory:
 *     S = Q·Kᵀ / √DK   (N, M)        the fast product (gemm.c)
 *     P = softmax(S)   row by row, in place (softmax.c)
 *     out = P·V        the fast product again
 * This is the "naive" kernel of the chapter's memory comparison: quick, because its products are the
 * packed GEMM, but holding O(N·M) floats per head (at N = 32,768 a 4 GiB table that a wasm32
 * memory cannot hold), where the tiled kernel (flash.c) holds O(M·(DK + DV)). No mask: every
 * query sees every key. attn_attention (attention.c) is its plain twin.
 */
#include <math.h>

#include "attn.h"
#include "check.h"

int attn_attention_table_workspace(int *floats, int n, int m, int dk, int dv) {
    ATTN__REFUSE_IF(!floats, ATTN_ERR_NULL);
    int scores = 0, weighted = 0;
    ATTN__TRY(attn_gemm_workspace(&scores, n, dk, m));
    ATTN__TRY(attn_gemm_workspace(&weighted, n, m, dv));
    *floats = scores > weighted ? scores : weighted;
    return ATTN_OK;
}

int attn_attention_table(float *out,     /* (N, DV) */
                         float *table,   /* (N, M) scratch: the scores, then the weights */
                         float *work,    /* (attn_attention_table_workspace floats) */
                         const float *q, /* (N, DK) */
                         const float *k, /* (M, DK) */
                         const float *v, /* (M, DV) */
                         int n, int m, int dk, int dv) {
    ATTN__REFUSE_IF(!out || !table || !work || !q || !k || !v, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || m <= 0 || dk <= 0 || dv <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(n, m));
    ATTN__TRY(attn__check_product(n, dk));
    ATTN__TRY(attn__check_product(m, dk));
    ATTN__TRY(attn__check_product(n, dv));
    ATTN__TRY(attn__check_product(m, dv));
    ATTN__TRY(attn_gemm(table, work, q, k, 1, n, dk, m)); /* Q·Kᵀ */
    const float scale = (float)(1.0 / sqrt((double)dk));
    for (int i = 0; i < n; i++) {
        float *row = table + (size_t)i * m;
        for (int j = 0; j < m; j++) row[j] *= scale;
        ATTN__TRY(attn_softmax_rows(row, NULL, row, 1, m));
    }
    return attn_gemm(out, work, table, v, 0, n, m, dv); /* P·V */
}
