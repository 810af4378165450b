/*
 * test_kv_cache.c — decoding token by token through the KV cache equals full causal attention
 * (the naive twin, and the tiled kernel), for one and several heads; capacity and bad input.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "attn.h"
#include "fast_common.h"
#include "harness.h"

static double decode_vs_causal(int heads, int t_len, int dk, int dv, uint32_t seed) {
    const int ldk = heads * dk, ldv = heads * dv;
    float *q = malloc(sizeof(float) * (size_t)t_len * ldk), *k = malloc(sizeof(float) * (size_t)t_len * ldk);
    float *v = malloc(sizeof(float) * (size_t)t_len * ldv);
    float *dec = malloc(sizeof(float) * (size_t)t_len * ldv), *full = malloc(sizeof(float) * (size_t)t_len * ldv);
    fill_random(q, (size_t)t_len * ldk, seed, 2.0f);
    fill_random(k, (size_t)t_len * ldk, seed + 1, 2.0f);
    fill_random(v, (size_t)t_len * ldv, seed + 2, 1.0f);
    struct attn_kv_cache *cache = NULL;
    EXPECT_EQ_INT(attn_kv_cache_create(&cache, t_len, heads, dk, dv), ATTN_OK);
    for (int t = 0; t < t_len; t++) {
        EXPECT_EQ_INT(attn_kv_cache_append(cache, k + (size_t)t * ldk, v + (size_t)t * ldv), ATTN_OK);
        EXPECT_EQ_INT(attn_kv_cache_attend(dec + (size_t)t * ldv, cache, q + (size_t)t * ldk), ATTN_OK);
    }
    int length = 0;
    EXPECT_EQ_INT(attn_kv_cache_length(&length, cache), ATTN_OK);
    EXPECT_EQ_INT(length, t_len);
    attn_kv_cache_free(cache);

    /* The naive twin, head by head. */
    float *hq = malloc(sizeof(float) * (size_t)t_len * dk), *hk = malloc(sizeof(float) * (size_t)t_len * dk);
    float *hv = malloc(sizeof(float) * (size_t)t_len * dv), *hout = malloc(sizeof(float) * (size_t)t_len * dv);
    double worst = 0;
    for (int h = 0; h < heads; h++) {
        for (int i = 0; i < t_len; i++) {
            for (int p = 0; p < dk; p++) hq[(size_t)i * dk + p] = q[(size_t)i * ldk + h * dk + p];
            for (int p = 0; p < dk; p++) hk[(size_t)i * dk + p] = k[(size_t)i * ldk + h * dk + p];
            for (int p = 0; p < dv; p++) hv[(size_t)i * dv + p] = v[(size_t)i * ldv + h * dv + p];
        }
        EXPECT_EQ_INT(attn_attention(hout, NULL, NULL, hq, hk, hv, ATTN_MASK_CAUSAL, NULL, 1, t_len, t_len, dk, dv), ATTN_OK);
        for (int i = 0; i < t_len; i++) {
            double d = max_relative_difference(dec + (size_t)i * ldv + h * dv, hout + (size_t)i * dv, (size_t)dv);
            if (d > worst) worst = d;
        }
    }
    /* And the tiled kernel on the whole sequence. */
    int floats = 0;
    EXPECT_EQ_INT(attn_flash_workspace(&floats, t_len, dk, dv), ATTN_OK);
    float *work = malloc(sizeof(float) * (size_t)floats);
    EXPECT_EQ_INT(attn_flash_attention(full, NULL, NULL, work, q, k, v, ATTN_MASK_CAUSAL, 0, heads, t_len, t_len, dk, dv), ATTN_OK);
    double d = max_relative_difference(dec, full, (size_t)t_len * ldv);
    if (d > worst) worst = d;
    free(q), free(k), free(v), free(dec), free(full), free(hq), free(hk), free(hv), free(hout), free(work);
    return worst;
}

static void test_decoding_equals_causal_attention(void) {
    EXPECT(decode_vs_causal(1, 1, 4, 4, 1) <= 1e-5);
    EXPECT(decode_vs_causal(1, 70, 64, 64, 2) <= 1e-5);
    EXPECT(decode_vs_causal(1, 33, 7, 5, 3) <= 1e-5);
}

static void test_decoding_with_several_heads(void) {
    EXPECT(decode_vs_causal(8, 40, 16, 16, 4) <= 1e-5);
    EXPECT(decode_vs_causal(3, 25, 9, 13, 5) <= 1e-5);
}

static void test_capacity_and_empty_cache(void) {
    struct attn_kv_cache *cache = NULL;
    float k[2] = {1, 2}, v[2] = {3, 4}, out[2];
    EXPECT_EQ_INT(attn_kv_cache_create(&cache, 2, 1, 2, 2), ATTN_OK);
    EXPECT_EQ_INT(attn_kv_cache_attend(out, cache, k), ATTN_OK);
    EXPECT(isnan(out[0]) && isnan(out[1]));
    EXPECT_EQ_INT(attn_kv_cache_append(cache, k, v), ATTN_OK);
    EXPECT_EQ_INT(attn_kv_cache_attend(out, cache, k), ATTN_OK);
    EXPECT_NEAR(out[0], 3, 1e-6);
    EXPECT_NEAR(out[1], 4, 1e-6);
    EXPECT_EQ_INT(attn_kv_cache_append(cache, k, v), ATTN_OK);
    EXPECT_EQ_INT(attn_kv_cache_append(cache, k, v), ATTN_ERR_ARGUMENT);
    attn_kv_cache_free(cache);
}

static void test_refuses_bad_input(void) {
    struct attn_kv_cache *cache = (struct attn_kv_cache *)1;
    EXPECT_EQ_INT(attn_kv_cache_create(NULL, 1, 1, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_kv_cache_create(&cache, 0, 1, 1, 1), ATTN_ERR_SIZE);
    EXPECT(cache == NULL);
    EXPECT_EQ_INT(attn_kv_cache_create(&cache, 1, 1, -1, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_kv_cache_create(&cache, 1 << 20, 64, 64, 64), ATTN_ERR_OVERFLOW);
    EXPECT_EQ_INT(attn_kv_cache_create(&cache, INT32_MAX, 1, 1, 1), ATTN_ERR_OVERFLOW);
    float x[4] = {0};
    int length;
    EXPECT_EQ_INT(attn_kv_cache_append(NULL, x, x), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_kv_cache_attend(x, NULL, x), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_kv_cache_length(&length, NULL), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_kv_cache_free(NULL), ATTN_OK);
}

/* The new query's weights are the last row of the naive kernel's causal weights; the cached rows
 * read back are the appended ones; a cleared cache starts again. */
static void test_weights_rows_and_clearing(void) {
    enum { HEADS = 3, T = 9, DK = 5, DV = 6 };
    float q[T * HEADS * DK], k[T * HEADS * DK], v[T * HEADS * DV], out[HEADS * DV], w[HEADS * T];
    fill_random(q, sizeof q / sizeof *q, 21, 2.0f);
    fill_random(k, sizeof k / sizeof *k, 22, 2.0f);
    fill_random(v, sizeof v / sizeof *v, 23, 1.0f);
    struct attn_kv_cache *cache = NULL;
    EXPECT_EQ_INT(attn_kv_cache_create(&cache, T, HEADS, DK, DV), ATTN_OK);
    for (int round = 0; round < 2; round++) {
        for (int t = 0; t < T; t++) {
            EXPECT_EQ_INT(attn_kv_cache_append(cache, k + t * HEADS * DK, v + t * HEADS * DV), ATTN_OK);
            EXPECT_EQ_INT(attn_kv_cache_attend_weights(out, w, cache, q + t * HEADS * DK), ATTN_OK);
            for (int h = 0; h < HEADS; h++) {
                float hq[T * DK], hk[T * DK], hv[T * DV], hw[T * T], ho[T * DV];
                for (int i = 0; i <= t; i++) {
                    for (int p = 0; p < DK; p++) hq[i * DK + p] = q[(i * HEADS + h) * DK + p], hk[i * DK + p] = k[(i * HEADS + h) * DK + p];
                    for (int p = 0; p < DV; p++) hv[i * DV + p] = v[(i * HEADS + h) * DV + p];
                }
                struct attn_steps steps = {.weights = hw};
                EXPECT_EQ_INT(attn_attention(ho, &steps, NULL, hq, hk, hv, ATTN_MASK_CAUSAL, NULL, 1, t + 1, t + 1, DK, DV), ATTN_OK);
                EXPECT(max_relative_difference(w + h * (t + 1), hw + t * (t + 1), (size_t)t + 1) <= 1e-6);
                EXPECT(max_relative_difference(out + h * DV, ho + t * DV, DV) <= 1e-5);
                double sum = 0;
                for (int j = 0; j <= t; j++) sum += w[h * (t + 1) + j];
                EXPECT_NEAR(sum, 1.0, 1e-6);
                float keys[T * DK], values[T * DV];
                EXPECT_EQ_INT(attn_kv_cache_read(keys, values, cache, h), ATTN_OK);
                for (int i = 0; i <= t; i++) {
                    for (int p = 0; p < DK; p++) EXPECT(keys[i * DK + p] == hk[i * DK + p]);
                    for (int p = 0; p < DV; p++) EXPECT(values[i * DV + p] == hv[i * DV + p]);
                }
            }
        }
        EXPECT_EQ_INT(attn_kv_cache_clear(cache), ATTN_OK);
        int length = -1;
        attn_kv_cache_length(&length, cache);
        EXPECT_EQ_INT(length, 0);
    }
    float keys[DK], values[DV];
    EXPECT_EQ_INT(attn_kv_cache_read(keys, values, cache, HEADS), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_kv_cache_read(keys, values, cache, -1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_kv_cache_read(NULL, values, cache, 0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_kv_cache_clear(NULL), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_kv_cache_attend_weights(out, w, NULL, q), ATTN_ERR_NULL);
    attn_kv_cache_free(cache);
}

static const struct test tests[] = {
    TEST(test_decoding_equals_causal_attention),
    TEST(test_weights_rows_and_clearing),
    TEST(test_decoding_with_several_heads),
    TEST(test_capacity_and_empty_cache),
    TEST(test_refuses_bad_input),
};
RUN_TESTS(tests)
