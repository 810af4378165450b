/*
 * asymmetry.c — how far a square score table is from symmetric (the lab text: "the query/key split
 * lets relevance be asymmetric: a pronoun can look for a noun without every noun looking for a
 * pronoun"). With separate W^Q and W^K, S = Q·Kᵀ need not equal Sᵀ; tie them (Q = K) and
 * S = K·Kᵀ is symmetric, so the largest |S_ij − S_ji| is exactly 0.
 */
#include <math.h>

#include "attn.h"
#include "check.h"

int attn_score_asymmetry(double *max_abs,     /* the largest |S_ij − S_ji| */
                         int *at,             /* (2) or NULL */
                         const float *scores, /* (N, N) */
                         int n) {
    ATTN__REFUSE_IF(!max_abs || !scores, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(n, n));
    for (size_t k = 0; k < (size_t)n * n; k++) ATTN__REFUSE_IF(!isfinite(scores[k]), ATTN_ERR_VALUE);
    double largest = 0.0;
    int best_i = 0, best_j = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double d = fabs((double)scores[(size_t)i * n + j] - (double)scores[(size_t)j * n + i]);
            if (d > largest) largest = d, best_i = i, best_j = j;
        }
    *max_abs = largest;
    if (at) at[0] = best_i, at[1] = best_j;
    return ATTN_OK;
}
