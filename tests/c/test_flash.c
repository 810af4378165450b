/*
 * test_flash.c — the tiled online-softmax attention against its naive twin (attn_attention):
 * every mask (none, causal, sliding window), several heads, N ≠ M, sizes that are not multiples
 * of the tiles, N = 1, M = 1; the log-sum-exp; empty rows; bad input. Then the edges of the
 * kernel's own tiling (panels of 4 query rows, 8 keys, 8 value columns; key tiles of 128): a key
 * tile the causal diagonal or the window's edge crosses (the masked path) beside full ones,
 * a last panel with fewer than 4 rows, DV not a multiple of 8, M not a multiple of a panel;
 * and its base-2 exponential (simd.h) against libm.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "attn.h"
#include "fast_common.h"
#include "harness.h"
#include "../../c/src/simd.h" /* the private vector layer, for its base-2 exponential */

/* Runs both kernels; returns the largest relative difference over out and lse. */
static double flash_vs_naive(int heads, int n, int m, int dk, int dv, int kind, int window, uint32_t seed) {
    const int ldk = heads * dk, ldv = heads * dv;
    float *q = malloc(sizeof(float) * (size_t)n * ldk), *k = malloc(sizeof(float) * (size_t)m * ldk);
    float *v = malloc(sizeof(float) * (size_t)m * ldv);
    float *out = malloc(sizeof(float) * (size_t)n * ldv), *lse = malloc(sizeof(float) * (size_t)heads * n);
    fill_random(q, (size_t)n * ldk, seed, 2.0f);
    fill_random(k, (size_t)m * ldk, seed + 1, 2.0f);
    fill_random(v, (size_t)m * ldv, seed + 2, 1.0f);
    int floats = 0, empty = -1;
    EXPECT_EQ_INT(attn_flash_workspace(&floats, m, dk, dv), ATTN_OK);
    float *work = malloc(sizeof(float) * (size_t)floats);
    EXPECT_EQ_INT(attn_flash_attention(out, lse, &empty, work, q, k, v, kind, window, heads, n, m, dk, dv), ATTN_OK);

    /* The naive twin, head by head, with the window as a custom mask. */
    float *hq = malloc(sizeof(float) * (size_t)n * dk), *hk = malloc(sizeof(float) * (size_t)m * dk);
    float *hv = malloc(sizeof(float) * (size_t)m * dv), *hout = malloc(sizeof(float) * (size_t)n * dv);
    float *mask = malloc(sizeof(float) * (size_t)n * m), *w = malloc(sizeof(float) * (size_t)n * m);
    float *scaled = malloc(sizeof(float) * (size_t)n * m);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            mask[(size_t)i * m + j] = (kind == ATTN_MASK_CAUSAL && j > i) || (window > 0 && j <= i - window) ? -INFINITY : 0.0f;
    double worst = 0;
    int empty_total = 0;
    for (int h = 0; h < heads; h++) {
        for (int i = 0; i < n; i++)
            for (int p = 0; p < dk; p++) hq[(size_t)i * dk + p] = q[(size_t)i * ldk + h * dk + p];
        for (int j = 0; j < m; j++) {
            for (int p = 0; p < dk; p++) hk[(size_t)j * dk + p] = k[(size_t)j * ldk + h * dk + p];
            for (int p = 0; p < dv; p++) hv[(size_t)j * dv + p] = v[(size_t)j * ldv + h * dv + p];
        }
        struct attn_steps steps = {.masked = scaled, .weights = w};
        int e = 0;
        EXPECT_EQ_INT(attn_attention(hout, &steps, &e, hq, hk, hv, ATTN_MASK_CUSTOM, mask, 1, n, m, dk, dv), ATTN_OK);
        empty_total += e;
        for (int i = 0; i < n; i++) {
            double d = max_relative_difference(out + (size_t)i * ldv + h * dv, hout + (size_t)i * dv, (size_t)dv);
            if (d > worst) worst = d;
            /* lse by hand from the masked, scaled scores, in double */
            double mx = -INFINITY, sum = 0;
            for (int j = 0; j < m; j++) mx = fmax(mx, scaled[(size_t)i * m + j]);
            for (int j = 0; mx > -INFINITY && j < m; j++) sum += exp(scaled[(size_t)i * m + j] - mx);
            float want = mx == -INFINITY ? -INFINITY : (float)(mx + log(sum));
            double dl = max_relative_difference(&lse[(size_t)h * n + i], &want, 1);
            if (dl > worst) worst = dl;
        }
    }
    EXPECT_EQ_INT(empty, empty_total);
    free(q), free(k), free(v), free(out), free(lse), free(work), free(hq), free(hk), free(hv);
    free(hout), free(mask), free(w), free(scaled);
    return worst;
}

#define CHECK_CASE(heads, n, m, dk, dv, kind, window, seed)                                   \
    do {                                                                                      \
        double d_ = flash_vs_naive(heads, n, m, dk, dv, kind, window, seed);                  \
        if (!(d_ <= 1e-5))                                                                    \
            fprintf(stderr, "    heads=%d n=%d m=%d dk=%d dv=%d kind=%d window=%d: %g\n",     \
                    heads, n, m, dk, dv, kind, window, d_);                                   \
        EXPECT(d_ <= 1e-5);                                                                   \
    } while (0)

static void test_no_mask_matches_naive(void) {
    CHECK_CASE(1, 64, 64, 64, 64, ATTN_MASK_NONE, 0, 1);
    CHECK_CASE(1, 100, 130, 64, 64, ATTN_MASK_NONE, 0, 2);
    CHECK_CASE(1, 37, 71, 13, 11, ATTN_MASK_NONE, 0, 3);
    CHECK_CASE(1, 200, 3, 8, 16, ATTN_MASK_NONE, 0, 4);
}

static void test_causal_matches_naive(void) {
    CHECK_CASE(1, 64, 64, 64, 64, ATTN_MASK_CAUSAL, 0, 5);
    CHECK_CASE(1, 131, 131, 32, 40, ATTN_MASK_CAUSAL, 0, 6);
    CHECK_CASE(1, 50, 90, 7, 9, ATTN_MASK_CAUSAL, 0, 7);
    CHECK_CASE(1, 90, 50, 16, 5, ATTN_MASK_CAUSAL, 0, 8);
}

static void test_sliding_window_matches_naive(void) {
    CHECK_CASE(1, 150, 150, 16, 16, ATTN_MASK_CAUSAL, 1, 9);
    CHECK_CASE(1, 150, 150, 16, 16, ATTN_MASK_CAUSAL, 7, 10);
    CHECK_CASE(1, 200, 200, 24, 32, ATTN_MASK_CAUSAL, 70, 11);
    CHECK_CASE(2, 77, 77, 9, 10, ATTN_MASK_CAUSAL, 1000, 12);
}

static void test_several_heads_and_cross_attention(void) {
    CHECK_CASE(8, 64, 64, 16, 16, ATTN_MASK_NONE, 0, 13);
    CHECK_CASE(3, 29, 83, 12, 20, ATTN_MASK_NONE, 0, 14);
    CHECK_CASE(4, 83, 29, 12, 20, ATTN_MASK_CAUSAL, 0, 15);
    CHECK_CASE(5, 41, 41, 3, 1, ATTN_MASK_CAUSAL, 5, 16);
}

static void test_single_query_and_single_key(void) {
    CHECK_CASE(1, 1, 1, 1, 1, ATTN_MASK_NONE, 0, 17);
    CHECK_CASE(1, 1, 300, 64, 64, ATTN_MASK_NONE, 0, 18);
    CHECK_CASE(1, 300, 1, 64, 64, ATTN_MASK_NONE, 0, 19);
    CHECK_CASE(2, 1, 1, 5, 3, ATTN_MASK_CAUSAL, 0, 20);
    CHECK_CASE(1, 300, 1, 8, 8, ATTN_MASK_CAUSAL, 0, 21);
}

static void test_rows_with_no_key_are_nan(void) {
    /* Window 2 over 2 keys: query 5 may see keys 4..5, which do not exist. */
    float q[6 * 2], k[2 * 2], v[2 * 2], out[6 * 2], lse[6], work[4096];
    fill_random(q, 12, 1, 1), fill_random(k, 4, 2, 1), fill_random(v, 4, 3, 1);
    int floats = 0, empty = -1;
    EXPECT_EQ_INT(attn_flash_workspace(&floats, 2, 2, 2), ATTN_OK);
    EXPECT(floats <= 4096);
    EXPECT_EQ_INT(attn_flash_attention(out, lse, &empty, work, q, k, v, ATTN_MASK_CAUSAL, 2, 1, 6, 2, 2, 2), ATTN_OK);
    EXPECT_EQ_INT(empty, 3); /* queries 3, 4, 5 */
    EXPECT(!isnan(out[2 * 2]) && isnan(out[3 * 2]) && isnan(out[5 * 2 + 1]));
    EXPECT(isinf(lse[5]) && lse[5] < 0 && isfinite(lse[2]));
    CHECK_CASE(1, 6, 2, 2, 2, ATTN_MASK_CAUSAL, 2, 22);
}

static void test_refuses_bad_input(void) {
    float x[64] = {0}, work[4096];
    int floats = 0;
    EXPECT_EQ_INT(attn_flash_attention(NULL, NULL, NULL, work, x, x, x, 0, 0, 1, 1, 1, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_flash_attention(x, NULL, NULL, NULL, x, x, x, 0, 0, 1, 1, 1, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_flash_attention(x, NULL, NULL, work, x, x, x, 0, 0, 0, 1, 1, 1, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_flash_attention(x, NULL, NULL, work, x, x, x, 0, 0, 1, 1, 1, -1, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_flash_attention(x, NULL, NULL, work, x, x, x, ATTN_MASK_CUSTOM, 0, 1, 1, 1, 1, 1), ATTN_ERR_MASK_KIND);
    EXPECT_EQ_INT(attn_flash_attention(x, NULL, NULL, work, x, x, x, ATTN_MASK_NONE, 3, 1, 1, 1, 1, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_flash_attention(x, NULL, NULL, work, x, x, x, ATTN_MASK_CAUSAL, -1, 1, 1, 1, 1, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_flash_workspace(&floats, INT32_MAX, 64, 64), ATTN_ERR_OVERFLOW);
    EXPECT_EQ_INT(attn_flash_workspace(&floats, 1 << 24, 64, 64), ATTN_ERR_OVERFLOW);
    /* N·heads·DK past 32-bit indexing: refused before any memory is touched. */
    EXPECT_EQ_INT(attn_flash_attention(x, NULL, NULL, work, x, x, x, 0, 0, 1 << 12, 1 << 20, 1, 64, 64), ATTN_ERR_OVERFLOW);
    EXPECT_EQ_INT(attn_flash_attention(x, NULL, NULL, work, x, x, x, 0, 0, 1 << 20, 1 << 20, 1, 1 << 20, 1), ATTN_ERR_OVERFLOW);
}

/* Key tiles are 128 wide: N, M and windows around 128 and 256 put the diagonal and the
 * window's edge inside tiles, on their first and last keys, and past the last key. */
static void test_tile_edges_match_naive(void) {
    CHECK_CASE(1, 257, 257, 64, 64, ATTN_MASK_CAUSAL, 0, 30);  /* diagonal inside every tile; one key past 256 */
    CHECK_CASE(2, 301, 301, 16, 13, ATTN_MASK_CAUSAL, 0, 31);  /* last block of 13 rows: a 1-row panel; DV 13 */
    CHECK_CASE(1, 300, 300, 8, 8, ATTN_MASK_CAUSAL, 128, 32);  /* window of one tile: its edge crosses two */
    CHECK_CASE(1, 300, 300, 8, 20, ATTN_MASK_CAUSAL, 129, 33); /* edges one key past a tile */
    CHECK_CASE(1, 270, 270, 12, 7, ATTN_MASK_CAUSAL, 3, 34);   /* every tile masked */
    CHECK_CASE(3, 130, 131, 24, 9, ATTN_MASK_NONE, 0, 35);     /* M = 128 + 3: a last tile of 3 keys */
    CHECK_CASE(1, 5, 129, 64, 64, ATTN_MASK_NONE, 0, 36);      /* one panel of 4 rows and one of 1 */
    CHECK_CASE(1, 200, 137, 10, 17, ATTN_MASK_CAUSAL, 0, 37);  /* N > M: later rows see all 137 keys */
    CHECK_CASE(1, 137, 400, 10, 17, ATTN_MASK_CAUSAL, 0, 38);  /* N < M: keys past the last row skipped */
}

/* Scores far apart: a late key with a much larger score rescales everything before it (the
 * running maximum jumps by more than 2^100), and tiny weights underflow to 0 as in the naive
 * kernel. */
static void test_large_score_ranges_match_naive(void) {
    enum { N = 40, M = 300, D = 8 };
    static float q[N * D], k[M * D], v[M * D], out[N * D], lse[N], naive[N * D];
    fill_random(q, N * D, 40, 1.0f), fill_random(v, M * D, 41, 1.0f);
    for (int j = 0; j < M; j++)
        for (int p = 0; p < D; p++) k[j * D + p] = (float)j * (float)j / 400.0f * (p % 2 ? 1.0f : -0.5f);
    int floats = 0;
    EXPECT_EQ_INT(attn_flash_workspace(&floats, M, D, D), ATTN_OK);
    float *work = malloc(sizeof(float) * (size_t)floats);
    EXPECT_EQ_INT(attn_flash_attention(out, lse, NULL, work, q, k, v, ATTN_MASK_NONE, 0, 1, N, M, D, D), ATTN_OK);
    EXPECT_EQ_INT(attn_attention(naive, NULL, NULL, q, k, v, ATTN_MASK_NONE, NULL, 1, N, M, D, D), ATTN_OK);
    double worst = 0;
    for (int i = 0; i < N; i++) {
        double d = max_relative_difference(out + i * D, naive + i * D, D);
        if (d > worst) worst = d;
        EXPECT(isfinite(lse[i]));
    }
    if (!(worst <= 1e-5)) fprintf(stderr, "    large score ranges: %g\n", worst);
    EXPECT(worst <= 1e-5);
    free(work);
}

/* vf4_exp2_nonpositive, the exponential of the tiled softmax: 2^x within 2e-7 of libm over
 * [-125, 0], exactly 1 at 0 (an unchanged maximum rescales by exactly 1), exactly 0 below
 * -125 and at -INFINITY (a masked score). */
static void test_base2_exponential_matches_libm(void) {
    double worst = 0;
    for (int i = 0; i <= 100000; i++) {
        float x[4], y[4];
        for (int lane = 0; lane < 4; lane++) x[lane] = -125.0f * (float)(4 * i + lane) / 400003.0f;
        vf4_store(y, vf4_exp2_nonpositive(vf4_load(x)));
        for (int lane = 0; lane < 4; lane++) {
            double want = exp2((double)x[lane]), rel = fabs(y[lane] - want) / want;
            if (rel > worst) worst = rel;
        }
    }
    if (!(worst < 2e-7)) fprintf(stderr, "    exp2: %g\n", worst);
    EXPECT(worst < 2e-7);
    float edge[4] = {0.0f, -125.5f, -1000.0f, -INFINITY}, y[4];
    vf4_store(y, vf4_exp2_nonpositive(vf4_load(edge)));
    EXPECT(y[0] == 1.0f && y[1] == 0.0f && y[2] == 0.0f && y[3] == 0.0f);
}

static const struct test tests[] = {
    TEST(test_no_mask_matches_naive),
    TEST(test_causal_matches_naive),
    TEST(test_sliding_window_matches_naive),
    TEST(test_several_heads_and_cross_attention),
    TEST(test_single_query_and_single_key),
    TEST(test_rows_with_no_key_are_nan),
    TEST(test_refuses_bad_input),
    TEST(test_tile_edges_match_naive),
    TEST(test_large_score_ranges_match_naive),
    TEST(test_base2_exponential_matches_libm),
};
RUN_TESTS(tests)
