/*
 * test_gemm_ex.c — the general fast product (attn_gemm_ex: transposes, accumulate, strides),
 * which the training tape runs on (attn__ops_gemm), held to its plain twin: textbook loops
 * summing in double (reference_product), within 1e-5 of each entry's scale
 * (see scaled_difference). All four transpose combinations,
 * with and without accumulation, odd sizes, one row and one column; a call on a block of rows
 * gives bitwise that block of the whole call. The one-thread product with a causal shape
 * (gemm.h) gives the full product's bits where the shape's zeros are true zeros, and so does a
 * triangular A read where it is stored (strided, rows not a multiple of the panel, past a block).
 * A stored transposed packs into the same panels as A stored plainly.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../c/src/gemm.h"
#include "../../c/src/tensor_ops.h"
#include "attn.h"
#include "fast_common.h"
#include "harness.h"

/* op(a)[i][p] and op(b)[p][j] as stored. */
static float at_a(const float *a, int ta, int i, int p, int m, int k) { return ta ? a[(size_t)p * m + i] : a[(size_t)i * k + p]; }
static float at_b(const float *b, int tb, int p, int j, int k, int n) { return tb ? b[(size_t)j * k + p] : b[(size_t)p * n + j]; }

/* Worst difference of x from y relative to each entry's scale: max(1, |c₀| + Σ_p |a_ip·b_pj|), the
 * size of the terms a float sum of K products adds (its rounding grows with them, not with the
 * result, which cancellation can make small). */
static double scaled_difference(const float *x, const float *y, const double *scale, size_t count) {
    double worst = 0;
    for (size_t i = 0; i < count; i++) {
        double d = fabs((double)x[i] - y[i]) / scale[i];
        if (!(d <= worst)) worst = d;
    }
    return worst;
}

/* The plain twin: c (+)= op(a) · op(b) with each entry summed in double, rounded once; scale
 * (may be NULL) gets each entry's size max(1, |c₀| + Σ_p |a_ip·b_pj|). */
static void reference_product(float *c,      /* (M, N) */
                              double *scale, /* (M, N) or NULL */
                              const float *a, const float *b, int m, int k, int n, int ta, int tb, int accumulate) {
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double s = accumulate ? c[(size_t)i * n + j] : 0.0, size = fabs(s);
            for (int p = 0; p < k; p++) {
                const double term = (double)at_a(a, ta, i, p, m, k) * at_b(b, tb, p, j, k, n);
                s += term;
                size += fabs(term);
            }
            c[(size_t)i * n + j] = (float)s;
            if (scale) scale[(size_t)i * n + j] = size > 1 ? size : 1;
        }
}

/* Worst scaled difference of the fast product from the plain twin. */
static double fast_vs_reference(int m, int k, int n, int ta, int tb, int accumulate, uint32_t seed) {
    float *a = malloc(sizeof(float) * (size_t)m * k), *b = malloc(sizeof(float) * (size_t)k * n);
    float *c = malloc(sizeof(float) * (size_t)m * n), *exact = malloc(sizeof(float) * (size_t)m * n);
    float *c_ops = malloc(sizeof(float) * (size_t)m * n);
    double *scale = malloc(sizeof(double) * (size_t)m * n);
    fill_random(a, (size_t)m * k, seed, 1.0f);
    fill_random(b, (size_t)k * n, seed + 1, 1.0f);
    fill_random(c, (size_t)m * n, seed + 2, 1.0f);
    memcpy(exact, c, sizeof(float) * (size_t)m * n);
    memcpy(c_ops, c, sizeof(float) * (size_t)m * n);
    reference_product(exact, scale, a, b, m, k, n, ta, tb, accumulate);
    int floats = 0;
    EXPECT_EQ_INT(attn_gemm_workspace(&floats, m, k, n), ATTN_OK);
    float *work = malloc(sizeof(float) * (size_t)floats);
    EXPECT_EQ_INT(attn_gemm_ex(c, work, a, b, ta, tb, accumulate, m, k, n, ta ? m : k, tb ? k : n, n), ATTN_OK);
    long long ops_floats = attn__ops_gemm_workspace(m, k, n, ATTN__OPS_BOTH_CORES);
    EXPECT(ops_floats >= floats);
    float *ops_work = malloc(sizeof(float) * (size_t)ops_floats);
    attn__ops_gemm(c_ops, ops_work, a, b, m, k, n, ta, tb, accumulate, ATTN__OPS_BOTH_CORES);
    EXPECT(memcmp(c_ops, c, sizeof(float) * (size_t)m * n) == 0); /* the tape's product is this product */
    double diff = scaled_difference(c, exact, scale, (size_t)m * n);
    free(a), free(b), free(c), free(exact), free(c_ops), free(work), free(ops_work), free(scale);
    return diff;
}

static void test_every_transpose_and_accumulate_matches_the_plain_loops(void) {
    const int sizes[][3] = {{1, 1, 1}, {1, 7, 1}, {1, 33, 19}, {19, 33, 1}, {5, 3, 9},  {7, 13, 11},
                            {4, 8, 8}, {64, 32, 64}, {64, 64, 32}, {13, 300, 17}, {121, 257, 9}, {83, 129, 70}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int ta = 0; ta <= 1; ta++)
            for (int tb = 0; tb <= 1; tb++)
                for (int acc = 0; acc <= 1; acc++) {
                    const int m = sizes[s][0], k = sizes[s][1], n = sizes[s][2];
                    double diff = fast_vs_reference(m, k, n, ta, tb, acc, 100 + (uint32_t)s * 8 + ta * 4 + tb * 2 + acc);
                    if (!(diff <= 1e-5)) fprintf(stderr, "    m=%d k=%d n=%d ta=%d tb=%d acc=%d: %g\n", m, k, n, ta, tb, acc, diff);
                    EXPECT(diff <= 1e-5);
                }
}

/* Rows [i0, i1) computed alone (as a two-thread split would) equal those rows of the whole call, bit for bit. */
static void test_a_block_of_rows_is_bitwise_that_block_of_the_whole(void) {
    const int m = 203, k = 300, n = 45, cuts[] = {0, 1, 7, 80, 101, 202, 203};
    float *a = malloc(sizeof(float) * m * k), *b = malloc(sizeof(float) * k * n);
    float *whole = malloc(sizeof(float) * m * n), *parts = malloc(sizeof(float) * m * n);
    fill_random(a, (size_t)m * k, 7, 1.0f);
    fill_random(b, (size_t)k * n, 8, 1.0f);
    int floats = 0;
    EXPECT_EQ_INT(attn_gemm_workspace(&floats, m, k, n), ATTN_OK);
    float *work = malloc(sizeof(float) * (size_t)floats);
    for (int ta = 0; ta <= 1; ta++)
        for (int tb = 0; tb <= 1; tb++)
            for (int acc = 0; acc <= 1; acc++) {
                const int lda = ta ? m : k, ldb = tb ? k : n;
                fill_random(whole, (size_t)m * n, 9, 1.0f);
                memcpy(parts, whole, sizeof(float) * m * n);
                EXPECT_EQ_INT(attn_gemm_ex(whole, work, a, b, ta, tb, acc, m, k, n, lda, ldb, n), ATTN_OK);
                for (size_t c = 0; c + 1 < sizeof cuts / sizeof cuts[0]; c++) {
                    const int i0 = cuts[c], rows = cuts[c + 1] - cuts[c];
                    const float *a0 = ta ? a + i0 : a + (size_t)i0 * lda;
                    int part_floats = 0;
                    EXPECT_EQ_INT(attn_gemm_workspace(&part_floats, rows, k, n), ATTN_OK);
                    EXPECT(part_floats <= floats);
                    EXPECT_EQ_INT(attn_gemm_ex(parts + (size_t)i0 * n, work, a0, b, ta, tb, acc, rows, k, n, lda, ldb, n),
                                  ATTN_OK);
                }
                EXPECT(memcmp(whole, parts, sizeof(float) * m * n) == 0);
            }
    free(a), free(b), free(whole), free(parts), free(work);
}

/* A strided call writes only its columns of a wider c. */
static void test_strides_touch_only_the_block(void) {
    enum { M = 9, K = 5, N = 6, LDC = 11 };
    float a[M * K], b[K * N], c[M * LDC], ref[M * N];
    fill_random(a, M * K, 3, 1.0f);
    fill_random(b, K * N, 4, 1.0f);
    for (int i = 0; i < M * LDC; i++) c[i] = 42.0f;
    int floats = 0;
    EXPECT_EQ_INT(attn_gemm_workspace(&floats, M, K, N), ATTN_OK);
    float *work = malloc(sizeof(float) * (size_t)floats);
    EXPECT_EQ_INT(attn_gemm_ex(c, work, a, b, 0, 0, 0, M, K, N, K, N, LDC), ATTN_OK);
    reference_product(ref, NULL, a, b, M, K, N, 0, 0, 0);
    for (int i = 0; i < M; i++) {
        EXPECT(max_relative_difference(c + i * LDC, ref + i * N, N) <= 1e-6);
        for (int j = N; j < LDC; j++) EXPECT(c[i * LDC + j] == 42.0f);
    }
    free(work);
}

static void test_gemm_ex_refuses_bad_input(void) {
    float x[16] = {0}, w[256];
    EXPECT_EQ_INT(attn_gemm_ex(NULL, w, x, x, 0, 0, 0, 1, 1, 1, 1, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_gemm_ex(x, w, x, x, 0, 0, 0, 0, 1, 1, 1, 1, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_gemm_ex(x, w, x, x, 0, 0, 0, 2, 3, 2, 2, 2, 2), ATTN_ERR_SIZE); /* lda < K */
    EXPECT_EQ_INT(attn_gemm_ex(x, w, x, x, 1, 0, 0, 3, 2, 2, 2, 2, 2), ATTN_ERR_SIZE); /* lda < M, transposed */
    EXPECT_EQ_INT(attn_gemm_ex(x, w, x, x, 0, 1, 0, 2, 3, 2, 3, 2, 2), ATTN_ERR_SIZE); /* ldb < K, transposed */
    EXPECT_EQ_INT(attn_gemm_ex(x, w, x, x, 0, 0, 0, 2, 2, 3, 2, 3, 2), ATTN_ERR_SIZE); /* ldc < N */
    EXPECT(attn__ops_gemm_workspace(0, 1, 1, ATTN__OPS_BOTH_CORES) == 0);
    EXPECT(attn__ops_gemm_workspace(0, 1, 1, ATTN__OPS_ONE_THREAD) == 0);
}

/* op(A) stored as a with leading dimension lda (zeros where the shape says op(A) is zero). */
static void zero_outside_shape(float *a, int ta, int m, int k, int lda, enum attn__gemm_shape shape) {
    for (int i = 0; i < m; i++)
        for (int p = 0; p < k; p++) {
            const int zero = (shape == ATTN__GEMM_A_LOWER && p > i) || (shape == ATTN__GEMM_A_UPPER && p < i);
            if (zero) *(ta ? &a[(size_t)p * lda + i] : &a[(size_t)i * lda + p]) = 0.0f;
        }
}

/* Each shape against the full product, bit for bit where the shape computes (every entry for
 * the triangular A shapes, j ≤ i for LOWER_OUT), through more than one block of KC = 256 steps
 * and odd sizes; the tiles LOWER_OUT skips keep what c held. */
static void test_causal_shapes_give_the_full_products_bits(void) {
    const int sizes[][3] = {{64, 32, 64}, {64, 64, 32}, {7, 7, 5}, {33, 33, 9}, {300, 300, 16}, {600, 600, 12}, {90, 17, 90}};
    const enum attn__gemm_shape shapes[] = {ATTN__GEMM_LOWER_OUT, ATTN__GEMM_A_LOWER, ATTN__GEMM_A_UPPER};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t h = 0; h < 3; h++)
            for (int ta = 0; ta <= 1; ta++)
                for (int acc = 0; acc <= 1; acc++) {
                    const int m = sizes[s][0], k = sizes[s][1], n = sizes[s][2];
                    const enum attn__gemm_shape shape = shapes[h];
                    if (shape != ATTN__GEMM_LOWER_OUT && m != k) continue; /* triangular A is square here */
                    float *a = malloc(sizeof(float) * m * k), *b = malloc(sizeof(float) * k * n);
                    float *full = malloc(sizeof(float) * m * n), *shaped = malloc(sizeof(float) * m * n);
                    fill_random(a, (size_t)m * k, 11 + (uint32_t)s, 1.0f);
                    fill_random(b, (size_t)k * n, 12 + (uint32_t)s, 1.0f);
                    zero_outside_shape(a, ta, m, k, ta ? m : k, shape);
                    fill_random(full, (size_t)m * n, 13, 1.0f);
                    memcpy(shaped, full, sizeof(float) * m * n);
                    int floats;
                    int64_t serial;
                    EXPECT_EQ_INT(attn_gemm_workspace(&floats, m, k, n), ATTN_OK);
                    EXPECT_EQ_INT(attn__gemm_serial_workspace(&serial, m, k, n), ATTN_OK);
                    float *work = malloc(sizeof(float) * (size_t)(floats > serial ? floats : serial));
                    EXPECT_EQ_INT(attn_gemm_ex(full, work, a, b, ta, 0, acc, m, k, n, ta ? m : k, n, n), ATTN_OK);
                    float *kept = malloc(sizeof(float) * m * n);
                    memcpy(kept, shaped, sizeof(float) * m * n);
                    attn__gemm_serial(shaped, work, a, b, ta, 0, acc, m, k, n, ta ? m : k, n, n, shape);
                    int differ = 0, touched = 0;
                    for (int i = 0; i < m; i++)
                        for (int j = 0; j < n; j++) {
                            const size_t at = (size_t)i * n + j;
                            if (shape == ATTN__GEMM_LOWER_OUT && j > i) {
                                /* skipped (whole tiles above the diagonal keep their value) or computed */
                                if (shaped[at] != kept[at] && memcmp(&shaped[at], &full[at], sizeof(float)) != 0) touched++;
                                continue;
                            }
                            if (memcmp(&shaped[at], &full[at], sizeof(float)) != 0) differ++;
                        }
                    if (differ || touched)
                        fprintf(stderr, "    m=%d k=%d n=%d shape=%d ta=%d acc=%d: %d differ, %d wrongly written\n", m, k, n,
                                (int)shape, ta, acc, differ, touched);
                    EXPECT(differ == 0 && touched == 0);
                    free(a), free(b), free(full), free(shaped), free(work), free(kept);
                }
}

/*
 * A triangular op(A) is read where it is stored, never packed (gemm.c, reads_a_in_place), as the
 * tape's attention stores it: a head's (T, T) block, or (T, D) columns of a wider (T, C) row
 * (lda > the row's width). Stored transposed or not, T not a multiple of the 4-row panel (its last
 * panel's missing rows must read nothing past A: a is allocated to its last used float, so
 * AddressSanitizer sees any such read) and T past one block of KC = 256 steps: every entry has
 * the bits of the packed full product on the same operands, and is within 1e-5 of the plain
 * loops in double.
 */
static void test_a_triangular_a_read_in_place_gives_the_packed_bits(void) {
    const int sizes[][3] = {{64, 32, 128}, {64, 64, 64}, {7, 5, 9}, {33, 8, 40}, {257, 16, 260}, {300, 12, 300}};
    const enum attn__gemm_shape shapes[] = {ATTN__GEMM_A_LOWER, ATTN__GEMM_A_UPPER};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t h = 0; h < 2; h++)
            for (int ta = 0; ta <= 1; ta++)
                for (int acc = 0; acc <= 1; acc++) {
                    const int t = sizes[s][0], n = sizes[s][1], lda = sizes[s][2]; /* op(A) (T, T), op(B) (T, N) */
                    const size_t a_floats = (size_t)(t - 1) * lda + t; /* up to A's last used float */
                    float *a = malloc(sizeof(float) * a_floats), *b = malloc(sizeof(float) * (size_t)t * n);
                    float *packed = malloc(sizeof(float) * (size_t)t * n), *in_place = malloc(sizeof(float) * (size_t)t * n);
                    float *exact = malloc(sizeof(float) * (size_t)t * n), *dense = malloc(sizeof(float) * (size_t)t * t);
                    double *scale = malloc(sizeof(double) * (size_t)t * n);
                    fill_random(a, a_floats, 21 + (uint32_t)s, 1.0f);
                    fill_random(b, (size_t)t * n, 22 + (uint32_t)s, 1.0f);
                    zero_outside_shape(a, ta, t, t, lda, shapes[h]);
                    fill_random(packed, (size_t)t * n, 23, 1.0f);
                    memcpy(in_place, packed, sizeof(float) * (size_t)t * n);
                    memcpy(exact, packed, sizeof(float) * (size_t)t * n);
                    for (int i = 0; i < t; i++) /* a without its stride, for the plain loops */
                        memcpy(dense + (size_t)i * t, a + (size_t)i * lda, sizeof(float) * t);
                    reference_product(exact, scale, dense, b, t, t, n, ta, 0, acc);
                    int floats;
                    int64_t serial;
                    EXPECT_EQ_INT(attn_gemm_workspace(&floats, t, t, n), ATTN_OK);
                    EXPECT_EQ_INT(attn__gemm_serial_workspace(&serial, t, t, n), ATTN_OK);
                    float *work = malloc(sizeof(float) * (size_t)(floats > serial ? floats : serial));
                    EXPECT_EQ_INT(attn_gemm_ex(packed, work, a, b, ta, 0, acc, t, t, n, lda, n, n), ATTN_OK);
                    attn__gemm_serial(in_place, work, a, b, ta, 0, acc, t, t, n, lda, n, n, shapes[h]);
                    const int same = memcmp(in_place, packed, sizeof(float) * (size_t)t * n) == 0;
                    const double diff = scaled_difference(in_place, exact, scale, (size_t)t * n);
                    if (!same || !(diff <= 1e-5))
                        fprintf(stderr, "    t=%d n=%d lda=%d shape=%d ta=%d acc=%d: %s, %g from the plain loops\n", t, n, lda,
                                (int)shapes[h], ta, acc, same ? "packed bits" : "NOT the packed bits", diff);
                    EXPECT(same);
                    EXPECT(diff <= 1e-5);
                    free(a), free(b), free(packed), free(in_place), free(exact), free(dense), free(scale), free(work);
                }
}

/* The packing of A stored transposed (copied up to four panels per step) gives the panels of the
 * same A stored plainly (4×4 transposes), float for float: every count of rows 1..21 (whole
 * groups of four panels, fewer, a ragged last panel), a row offset, steps from an offset, one step
 * and many, and a leading dimension wider than the rows. */
static void test_packing_a_transposed_gives_the_plain_panels(void) {
    enum { K = 300, M = 23, LDA = 29 };
    float at[K * LDA], plain[M * K]; /* at: A stored transposed (K, LDA); plain: the same A (M, K) */
    fill_random(at, K * LDA, 31, 1.0f);
    for (int i = 0; i < M; i++)
        for (int p = 0; p < K; p++) plain[i * K + p] = at[p * LDA + i];
    const int steps[][2] = {{0, 1}, {0, 7}, {3, 256}, {256, 44}}; /* p0, kc */
    static float from_at[24 * 256], from_plain[24 * 256];
    for (int mc = 1; mc <= 21; mc++)
        for (int i0 = 0; i0 <= 2; i0 += 2)
            for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
                const int p0 = steps[s][0], kc = steps[s][1], floats = (mc + 3) / 4 * 4 * kc;
                memset(from_at, 0xff, sizeof from_at), memset(from_plain, 0xee, sizeof from_plain);
                attn__gemm_pack_rows(from_at, at, 1, i0, mc, p0, kc, LDA);
                attn__gemm_pack_rows(from_plain, plain, 0, i0, mc, p0, kc, K);
                const int same = memcmp(from_at, from_plain, sizeof(float) * (size_t)floats) == 0;
                if (!same) fprintf(stderr, "    mc=%d i0=%d p0=%d kc=%d: the panels differ\n", mc, i0, p0, kc);
                EXPECT(same);
            }
}

static const struct test tests[] = {
    TEST(test_every_transpose_and_accumulate_matches_the_plain_loops),
    TEST(test_a_block_of_rows_is_bitwise_that_block_of_the_whole),
    TEST(test_strides_touch_only_the_block),
    TEST(test_gemm_ex_refuses_bad_input),
    TEST(test_causal_shapes_give_the_full_products_bits),
    TEST(test_a_triangular_a_read_in_place_gives_the_packed_bits),
    TEST(test_packing_a_transposed_gives_the_plain_panels),
};

RUN_TESTS(tests)
