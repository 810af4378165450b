/*
 * tensor_ops.c — plain-C matrix kernels for the autograd tape (c/src/tensor_ops.h), written so
 * that clang vectorises the inner loops (-O3 -msimd128): the innermost loop always walks
 * contiguous memory, and dot products keep eight independent partial sums.
 */
#include <string.h>

#include "attn.h"
#include "tensor_ops.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

/* Σ x[p]·y[p] over p < k: two f32x4 accumulators (WASM SIMD has no fused multiply-add). */
static float dot(const float *x, const float *y, int k) {
    v128_t s0 = wasm_f32x4_splat(0), s1 = wasm_f32x4_splat(0);
    int p = 0;
    for (; p + 8 <= k; p += 8) {
        s0 = wasm_f32x4_add(s0, wasm_f32x4_mul(wasm_v128_load(x + p), wasm_v128_load(y + p)));
        s1 = wasm_f32x4_add(s1, wasm_f32x4_mul(wasm_v128_load(x + p + 4), wasm_v128_load(y + p + 4)));
    }
    const v128_t s = wasm_f32x4_add(s0, s1);
    float sum = (wasm_f32x4_extract_lane(s, 0) + wasm_f32x4_extract_lane(s, 2)) +
                (wasm_f32x4_extract_lane(s, 1) + wasm_f32x4_extract_lane(s, 3));
    for (; p < k; p++) sum += x[p] * y[p];
    return sum;
}
#else
/* Σ x[p]·y[p] over p < k with eight partial sums (so the adds need not be reordered). */
static float dot(const float *x, const float *y, int k) {
    float s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
    int p = 0;
    for (; p + 8 <= k; p += 8) {
        s0 += x[p] * y[p];
        s1 += x[p + 1] * y[p + 1];
        s2 += x[p + 2] * y[p + 2];
        s3 += x[p + 3] * y[p + 3];
        s4 += x[p + 4] * y[p + 4];
        s5 += x[p + 5] * y[p + 5];
        s6 += x[p + 6] * y[p + 6];
        s7 += x[p + 7] * y[p + 7];
    }
    float s = ((s0 + s4) + (s1 + s5)) + ((s2 + s6) + (s3 + s7));
    for (; p < k; p++) s += x[p] * y[p];
    return s;
}
#endif

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

/* The reference twin: plain loops. */
static void gemm_plain(float *c, const float *a, const float *b, int m, int k, int n, int trans_a, int trans_b,
                       int accumulate) {
    if (!accumulate) memset(c, 0, sizeof(float) * (size_t)m * n);
    if (!trans_b) {
        /* c[i, :] += op(a)[i, p] · b[p, :]: the inner loop is a contiguous axpy. Four rows of b
         * at a time halve the traffic on c. */
        for (int i = 0; i < m; i++) {
            float *c_row = c + (size_t)i * n;
            int p = 0;
            for (; p + 4 <= k; p += 4) {
                float a0, a1, a2, a3;
                if (trans_a) {
                    a0 = a[(size_t)p * m + i], a1 = a[(size_t)(p + 1) * m + i];
                    a2 = a[(size_t)(p + 2) * m + i], a3 = a[(size_t)(p + 3) * m + i];
                } else {
                    const float *a_row = a + (size_t)i * k + p;
                    a0 = a_row[0], a1 = a_row[1], a2 = a_row[2], a3 = a_row[3];
                }
                const float *b0 = b + (size_t)p * n, *b1 = b0 + n, *b2 = b1 + n, *b3 = b2 + n;
                int j = 0;
#ifdef __wasm_simd128__
                const v128_t v0 = wasm_f32x4_splat(a0), v1 = wasm_f32x4_splat(a1);
                const v128_t v2 = wasm_f32x4_splat(a2), v3 = wasm_f32x4_splat(a3);
                for (; j + 4 <= n; j += 4) {
                    v128_t acc = wasm_v128_load(c_row + j);
                    acc = wasm_f32x4_add(acc, wasm_f32x4_add(
                        wasm_f32x4_add(wasm_f32x4_mul(v0, wasm_v128_load(b0 + j)), wasm_f32x4_mul(v1, wasm_v128_load(b1 + j))),
                        wasm_f32x4_add(wasm_f32x4_mul(v2, wasm_v128_load(b2 + j)), wasm_f32x4_mul(v3, wasm_v128_load(b3 + j)))));
                    wasm_v128_store(c_row + j, acc);
                }
#endif
                for (; j < n; j++) c_row[j] += (a0 * b0[j] + a1 * b1[j]) + (a2 * b2[j] + a3 * b3[j]);
            }
            for (; p < k; p++) {
                float av = trans_a ? a[(size_t)p * m + i] : a[(size_t)i * k + p];
                const float *b_row = b + (size_t)p * n;
                for (int j = 0; j < n; j++) c_row[j] += av * b_row[j];
            }
        }
    } else if (!trans_a) {
        /* b stored (N, K): each entry is a dot product of two contiguous rows. */
        for (int i = 0; i < m; i++) {
            const float *a_row = a + (size_t)i * k;
            float *c_row = c + (size_t)i * n;
            for (int j = 0; j < n; j++) c_row[j] += dot(a_row, b + (size_t)j * k, k);
        }
    } else {
        /* Both transposed (rare: only a backward of a doubly transposed product). */
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                float s = 0;
                for (int p = 0; p < k; p++) s += a[(size_t)p * m + i] * b[(size_t)j * k + p];
                c[(size_t)i * n + j] += s;
            }
    }
}

void attn__ops_gemm(float *c, float *work, const float *a, const float *b, int m, int k, int n, int trans_a,
                   int trans_b, int accumulate) {
    if (!work) {
        gemm_plain(c, a, b, m, k, n, trans_a, trans_b, accumulate);
        return;
    }
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
