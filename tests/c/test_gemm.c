/*
 * test_gemm.c — the fast matrix product against its naive twin (attn_matmul) on random inputs,
 * including sizes that are not multiples of the 4×8 tile or the K block, and the vectorised
 * exponential against libm.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "attn.h"
#include "fast_common.h"
#include "harness.h"

static double gemm_vs_naive(int m, int k, int n, int transpose_b, uint32_t seed) {
    float *a = malloc(sizeof(float) * (size_t)m * k), *b = malloc(sizeof(float) * (size_t)k * n);
    float *c = malloc(sizeof(float) * (size_t)m * n), *ref = malloc(sizeof(float) * (size_t)m * n);
    fill_random(a, (size_t)m * k, seed, 1.0f);
    fill_random(b, (size_t)k * n, seed + 1, 1.0f);
    int floats = 0;
    EXPECT_EQ_INT(attn_gemm_workspace(&floats, m, k, n), ATTN_OK);
    float *work = malloc(sizeof(float) * (size_t)floats);
    EXPECT_EQ_INT(attn_gemm(c, work, a, b, transpose_b, m, k, n), ATTN_OK);
    EXPECT_EQ_INT(attn_matmul(ref, a, b, transpose_b, m, k, n), ATTN_OK);
    double diff = max_relative_difference(c, ref, (size_t)m * n);
    free(a), free(b), free(c), free(ref), free(work);
    return diff;
}

static void test_gemm_matches_naive_on_tile_multiples(void) {
    EXPECT(gemm_vs_naive(12, 64, 16, 0, 1) <= 1e-5);
    EXPECT(gemm_vs_naive(120, 256, 64, 0, 2) <= 1e-5);
    EXPECT(gemm_vs_naive(48, 64, 48, 1, 3) <= 1e-5);
}

static void test_gemm_matches_naive_on_odd_sizes(void) {
    const int sizes[][3] = {{1, 1, 1}, {1, 7, 1}, {5, 3, 9}, {7, 13, 11}, {13, 300, 17},
                            {121, 257, 9}, {1, 64, 1000}, {1000, 64, 1}, {127, 513, 33}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int t = 0; t <= 1; t++) {
            double diff = gemm_vs_naive(sizes[s][0], sizes[s][1], sizes[s][2], t, 10 + (uint32_t)s);
            if (!(diff <= 1e-5)) fprintf(stderr, "    m=%d k=%d n=%d t=%d: %g\n", sizes[s][0], sizes[s][1], sizes[s][2], t, diff);
            EXPECT(diff <= 1e-5);
        }
}

static void test_gemm_refuses_bad_input(void) {
    float x[4] = {0}, w[64];
    int floats = 0;
    EXPECT_EQ_INT(attn_gemm(NULL, w, x, x, 0, 1, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_gemm(x, NULL, x, x, 0, 1, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_gemm(x, w, x, x, 0, 0, 1, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_gemm_workspace(&floats, 1, -1, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_gemm_workspace(&floats, 1, 1, INT32_MAX), ATTN_ERR_OVERFLOW);
    EXPECT_EQ_INT(attn_gemm(x, w, x, x, 0, 1 << 16, 1, 1 << 16), ATTN_ERR_OVERFLOW);
}

static void test_vectorised_exp_matches_libm(void) {
    enum { COUNT = 4003 };
    static float x[COUNT], y[COUNT];
    for (int i = 0; i < COUNT; i++) x[i] = -87.0f + 175.0f * (float)i / (COUNT - 1);
    EXPECT_EQ_INT(attn_exp(y, x, COUNT), ATTN_OK);
    double worst = 0;
    for (int i = 0; i < COUNT; i++) {
        double want = exp((double)x[i]);
        double rel = fabs(y[i] - want) / want;
        if (rel > worst) worst = rel;
    }
    EXPECT(worst < 5e-7);
    float masked[5] = {-INFINITY, -100.0f, -88.0f, 0.0f, -1.0f}, e[5];
    EXPECT_EQ_INT(attn_exp(e, masked, 5), ATTN_OK);
    EXPECT(e[0] == 0.0f && e[1] == 0.0f && e[2] == 0.0f);
    EXPECT_NEAR(e[3], 1.0, 1e-7);
    EXPECT_NEAR(e[4], exp(-1.0), 1e-7);
    EXPECT_EQ_INT(attn_exp(e, masked, 0), ATTN_ERR_SIZE);
}

static const struct test tests[] = {
    TEST(test_gemm_matches_naive_on_tile_multiples),
    TEST(test_gemm_matches_naive_on_odd_sizes),
    TEST(test_gemm_refuses_bad_input),
    TEST(test_vectorised_exp_matches_libm),
};
RUN_TESTS(tests)
