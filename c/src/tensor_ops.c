/*
 * tensor_ops.c — the autograd tape's matrix products (c/src/tensor_ops.h): each product and
 * both its gradients run on the packed SIMD GEMM (attn_gemm_ex, gemm.c) in the tape's scratch.
 * The plain twin tests hold it to is the double-precision sum in tests/c/test_gemm_ex.c.
 */
#include "attn.h"
#include "tensor_ops.h"

long long attn__ops_gemm_workspace(int m, int k, int n) {
    /* The product and its two gradients multiply the same three sizes in other orders. */
    const int sizes[6][3] = {{m, k, n}, {m, n, k}, {k, m, n}, {k, n, m}, {n, m, k}, {n, k, m}};
    long long most = 0;
    for (int i = 0; i < 6; i++) {
        int floats;
        if (attn_gemm_workspace(&floats, sizes[i][0], sizes[i][1], sizes[i][2]) != ATTN_OK) return 0;
        if (floats > most) most = floats;
    }
    return most;
}

void attn__ops_gemm(float *c, float *work, const float *a, const float *b, int m, int k, int n, int trans_a,
                    int trans_b, int accumulate) {
    /* The tape checked the sizes and sized `work` when it recorded the op: this cannot fail. */
    attn_gemm_ex(c, work, a, b, trans_a, trans_b, accumulate, m, k, n, trans_a ? m : k, trans_b ? k : n, n);
}

void attn__ops_gemm_backward(float *da, float *db, float *work, const float *a, const float *b, const float *dc,
                             int m, int k, int n, int trans_a, int trans_b) {
    /* Forward: c (M, N) = op(a) (M, K) · op(b) (K, N). */
    if (!trans_a && !trans_b) {
        if (da) attn__ops_gemm(da, work, dc, b, m, n, k, 0, 1, 1); /* da (M,K) += dc · bᵀ */
        if (db) attn__ops_gemm(db, work, a, dc, k, m, n, 1, 0, 1); /* db (K,N) += aᵀ · dc */
    } else if (!trans_a && trans_b) {
        if (da) attn__ops_gemm(da, work, dc, b, m, n, k, 0, 0, 1); /* da (M,K) += dc · b, b (N,K) */
        if (db) attn__ops_gemm(db, work, dc, a, n, m, k, 1, 0, 1); /* db (N,K) += dcᵀ · a */
    } else if (trans_a && !trans_b) {
        if (da) attn__ops_gemm(da, work, b, dc, k, n, m, 0, 1, 1); /* da (K,M) += b · dcᵀ */
        if (db) attn__ops_gemm(db, work, a, dc, k, m, n, 0, 0, 1); /* db (K,N) += a · dc, a (K,M) */
    } else {
        if (da) attn__ops_gemm(da, work, b, dc, k, n, m, 1, 1, 1); /* da (K,M) += bᵀ · dcᵀ */
        if (db) attn__ops_gemm(db, work, dc, a, n, m, k, 1, 1, 1); /* db (N,K) += dcᵀ · aᵀ */
    }
}
