/*
 * tensor_ops.c — the autograd tape's kernels (c/src/tensor_ops.h): each matrix product and both
 * its gradients run on the packed SIMD GEMM (attn_gemm_ex, gemm.c) in the tape's scratch (the
 * plain twin tests hold it to is the double-precision sum in tests/c/test_gemm_ex.c), and a
 * row's softmax.
 */
#include <math.h>

#include "attn.h"
#include "gemm.h"
#include "simd.h"
#include "tensor_ops.h"

long long attn__ops_gemm_workspace(int m, int k, int n, enum attn__ops_threads threads) {
    /* The product and its two gradients multiply the same three sizes in other orders. */
    const int sizes[6][3] = {{m, k, n}, {m, n, k}, {k, m, n}, {k, n, m}, {n, m, k}, {n, k, m}};
    long long most = 0;
    for (int i = 0; i < 6; i++) {
        int64_t floats;
        int both;
        if (threads == ATTN__OPS_ONE_THREAD) {
            if (attn__gemm_serial_workspace(&floats, sizes[i][0], sizes[i][1], sizes[i][2]) != ATTN_OK) return 0;
        } else {
            if (attn_gemm_workspace(&both, sizes[i][0], sizes[i][1], sizes[i][2]) != ATTN_OK) return 0;
            floats = both;
        }
        if (floats > most) most = floats;
    }
    return most;
}

void attn__ops_gemm(float *c, float *work, const float *a, const float *b, int m, int k, int n, int trans_a,
                    int trans_b, int accumulate, enum attn__ops_threads threads) {
    /* The tape checked the sizes and sized `work` when it recorded the op: this cannot fail. */
    const int lda = trans_a ? m : k, ldb = trans_b ? k : n;
    if (threads == ATTN__OPS_ONE_THREAD)
        attn__gemm_serial(c, work, a, b, trans_a, trans_b, accumulate, m, k, n, lda, ldb, n, ATTN__GEMM_FULL);
    else
        attn_gemm_ex(c, work, a, b, trans_a, trans_b, accumulate, m, k, n, lda, ldb, n);
}

void attn__ops_gemm_backward(float *da, float *db, float *work, const float *a, const float *b, const float *dc,
                             int m, int k, int n, int trans_a, int trans_b, int add_a, int add_b,
                             enum attn__ops_threads threads) {
    /* Forward: c (M, N) = op(a) (M, K) · op(b) (K, N). */
    if (!trans_a && !trans_b) {
        if (da) attn__ops_gemm(da, work, dc, b, m, n, k, 0, 1, add_a, threads); /* da (M,K) += dc · bᵀ */
        if (db) attn__ops_gemm(db, work, a, dc, k, m, n, 1, 0, add_b, threads); /* db (K,N) += aᵀ · dc */
    } else if (!trans_a && trans_b) {
        if (da) attn__ops_gemm(da, work, dc, b, m, n, k, 0, 0, add_a, threads); /* da (M,K) += dc · b, b (N,K) */
        if (db) attn__ops_gemm(db, work, dc, a, n, m, k, 1, 0, add_b, threads); /* db (N,K) += dcᵀ · a */
    } else if (trans_a && !trans_b) {
        if (da) attn__ops_gemm(da, work, b, dc, k, n, m, 0, 1, add_a, threads); /* da (K,M) += b · dcᵀ */
        if (db) attn__ops_gemm(db, work, a, dc, k, m, n, 0, 0, add_b, threads); /* db (K,N) += a · dc, a (K,M) */
    } else {
        if (da) attn__ops_gemm(da, work, b, dc, k, n, m, 1, 1, add_a, threads); /* da (K,M) += bᵀ · dcᵀ */
        if (db) attn__ops_gemm(db, work, dc, a, n, m, k, 1, 1, add_b, threads); /* db (N,K) += dcᵀ · aᵀ */
    }
}

/* The four-lane path (len a multiple of 4): the maximum and the exponentials on four lanes
 * (vf4_exp), the sum in double. Lanes past `valid` hold −∞ and give exactly 0, so stopping at
 * round_up(valid, 4) and writing zeros after it gives the bits of the whole row. */
static void softmax_row_lanes(float *y, const float *x, int len, int valid) {
    const int used = (valid + 3) / 4 * 4;
    vf4 vmax = vf4_splat(-INFINITY);
    for (int j = 0; j < used; j += 4) vmax = vf4_max(vmax, vf4_load(x + j));
    const float max = vf4_hmax(vmax);
    if (max == -INFINITY) { /* no allowed entry: NaN, as the chapter teaches */
        for (int j = 0; j < len; j++) y[j] = NAN;
        return;
    }
    const vf4 shift = vf4_splat(max);
    for (int j = 0; j < used; j += 4) vf4_store(y + j, vf4_exp(vf4_sub(vf4_load(x + j), shift)));
    double sum = 0;
    for (int j = 0; j < used; j++) sum += y[j];
    const vf4 inv = vf4_splat((float)(1.0 / sum));
    for (int j = 0; j < used; j += 4) vf4_store(y + j, vf4_mul(vf4_load(y + j), inv));
    for (int j = used; j < len; j++) y[j] = 0.0f;
}

/* Any length: libm's expf, one entry at a time (blocked entries give exactly 0 likewise). */
static void softmax_row_scalar(float *y, const float *x, int len, int valid) {
    float max = -INFINITY;
    for (int j = 0; j < valid; j++) max = fmaxf(max, x[j]);
    if (max == -INFINITY) {
        for (int j = 0; j < len; j++) y[j] = NAN;
        return;
    }
    double sum = 0;
    for (int j = 0; j < valid; j++) {
        const float e = expf(x[j] - max);
        y[j] = e;
        sum += e;
    }
    const float inv = (float)(1.0 / sum);
    for (int j = 0; j < valid; j++) y[j] *= inv;
    for (int j = valid; j < len; j++) y[j] = 0.0f;
}

void attn__ops_softmax_row(float *y, const float *x, int len, int valid) {
    if (len % 4 == 0)
        softmax_row_lanes(y, x, len, valid);
    else
        softmax_row_scalar(y, x, len, valid);
}
