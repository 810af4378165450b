/*
 * test_causal.c — the causal rule has one home (c/src/causal.h), and every kernel that applies
 * it agrees with the mask builder attn_mask_causal, entry by entry, for N = M and N ≠ M:
 *   - attn_attention with ATTN_MASK_CAUSAL gives the bits of ATTN_MASK_CUSTOM with that mask,
 *     and its `mask` step is that mask;
 *   - attn_flash_attention (causal, and causal with a sliding window against attn_mask_window)
 *     agrees with the naive kernel given the builder's mask, across tile edges, 1 and 2 heads;
 *   - the tape's mask op fills exactly the blocked entries and passes gradient only through
 *     the allowed ones; the model's attention maps (built on that op) are exactly 0 there;
 *   - the KV cache, whose query t sees the t + 1 keys cached so far, gives row t of attention
 *     under the builder's mask.
 * The rule itself is stated here independently, as the chapter does: token i sees 1..i.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "fast_common.h"
#include "harness.h"

#define TOL 1e-5 /* the fast kernels accumulate in float: about 1e-6 from the naive twin */

/* (N, M) shapes: square, more keys than queries, more queries than keys, and ones that cross
 * the tiled kernel's 24-row blocks and 64-key tiles. */
static const int SHAPES[][2] = {{1, 1}, {1, 5}, {5, 1}, {3, 3}, {2, 7}, {7, 2}, {30, 70}, {70, 30}, {50, 50}};
#define SHAPE_COUNT ((int)(sizeof SHAPES / sizeof SHAPES[0]))

static float *floats(size_t count) { return malloc(sizeof(float) * count); }

/* attn_mask_causal(n, m), checked against the chapter's rule: query i sees keys 0..i. */
static float *causal_mask(int n, int m) {
    float *mask = floats((size_t)n * m);
    EXPECT_EQ_INT(attn_mask_causal(mask, n, m), ATTN_OK);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) EXPECT(mask[(size_t)i * m + j] == (j <= i ? 0.0f : -INFINITY));
    return mask;
}

static void test_the_mask_builder_states_the_chapter_rule(void) {
    for (int s = 0; s < SHAPE_COUNT; s++) free(causal_mask(SHAPES[s][0], SHAPES[s][1]));
}

static void test_attention_causal_is_the_builders_mask_bit_for_bit(void) {
    for (int s = 0; s < SHAPE_COUNT; s++) {
        const int n = SHAPES[s][0], m = SHAPES[s][1], d = 3;
        const size_t nm = (size_t)n * m;
        float *q = floats((size_t)n * d), *k = floats((size_t)m * d), *v = floats((size_t)m * d);
        fill_random(q, (size_t)n * d, 11 + s, 2.0f);
        fill_random(k, (size_t)m * d, 12 + s, 2.0f);
        fill_random(v, (size_t)m * d, 13 + s, 1.0f);
        float *mask = causal_mask(n, m);
        float *out = floats((size_t)n * d), *want = floats((size_t)n * d);
        float *used = floats(nm), *masked = floats(nm), *weights = floats(nm), *want_weights = floats(nm);
        struct attn_steps steps = {.masked = masked, .weights = weights, .mask = used};
        struct attn_steps want_steps = {.weights = want_weights};
        int empty = -1, want_empty = -1;
        EXPECT_EQ_INT(attn_attention(out, &steps, &empty, q, k, v, ATTN_MASK_CAUSAL, NULL, 1, n, m, d, d), ATTN_OK);
        EXPECT_EQ_INT(attn_attention(want, &want_steps, &want_empty, q, k, v, ATTN_MASK_CUSTOM, mask, 1, n, m, d, d),
                      ATTN_OK);
        EXPECT(memcmp(used, mask, sizeof(float) * nm) == 0); /* the mask the kernel added */
        EXPECT(memcmp(weights, want_weights, sizeof(float) * nm) == 0);
        EXPECT(memcmp(out, want, sizeof(float) * (size_t)n * d) == 0);
        EXPECT_EQ_INT(empty, want_empty);
        EXPECT_EQ_INT(empty, 0); /* key 0 is never blocked */
        for (size_t at = 0; at < nm; at++) {
            EXPECT((masked[at] == -INFINITY) == (mask[at] == -INFINITY));
            EXPECT((weights[at] == 0.0f) >= (mask[at] == -INFINITY)); /* blocked: exactly 0 */
        }
        free(q), free(k), free(v), free(mask), free(out), free(want), free(used), free(masked), free(weights),
            free(want_weights);
    }
}

/* The naive kernel with a custom mask, head by head, laid out as attn_flash_attention's out. */
static void naive_heads(float *out, const float *q, const float *k, const float *v, const float *mask, int heads,
                        int n, int m, int d) {
    float *hq = floats((size_t)n * d), *hk = floats((size_t)m * d), *hv = floats((size_t)m * d);
    float *ho = floats((size_t)n * d);
    for (int h = 0; h < heads; h++) {
        for (int i = 0; i < n; i++) memcpy(hq + (size_t)i * d, q + (size_t)i * heads * d + h * d, sizeof(float) * d);
        for (int j = 0; j < m; j++) memcpy(hk + (size_t)j * d, k + (size_t)j * heads * d + h * d, sizeof(float) * d);
        for (int j = 0; j < m; j++) memcpy(hv + (size_t)j * d, v + (size_t)j * heads * d + h * d, sizeof(float) * d);
        EXPECT_EQ_INT(attn_attention(ho, NULL, NULL, hq, hk, hv, ATTN_MASK_CUSTOM, mask, 1, n, m, d, d), ATTN_OK);
        for (int i = 0; i < n; i++) memcpy(out + (size_t)i * heads * d + h * d, ho + (size_t)i * d, sizeof(float) * d);
    }
    free(hq), free(hk), free(hv), free(ho);
}

/* Worst difference of the tiled kernel (causal, or causal with `window`) from the naive one
 * given `mask`; *empty_differs is set when their counts of empty rows differ. */
static double flash_vs_mask(const float *mask, int window, int heads, int n, int m, int seed, int *empty_differs) {
    const int d = 8;
    float *q = floats((size_t)n * heads * d), *k = floats((size_t)m * heads * d), *v = floats((size_t)m * heads * d);
    fill_random(q, (size_t)n * heads * d, seed, 2.0f);
    fill_random(k, (size_t)m * heads * d, seed + 1, 2.0f);
    fill_random(v, (size_t)m * heads * d, seed + 2, 1.0f);
    float *out = floats((size_t)n * heads * d), *want = floats((size_t)n * heads * d);
    int count = 0, empty = -1;
    EXPECT_EQ_INT(attn_flash_workspace(&count, m, d, d), ATTN_OK);
    float *work = floats((size_t)count);
    EXPECT_EQ_INT(attn_flash_attention(out, NULL, &empty, work, q, k, v, ATTN_MASK_CAUSAL, window, heads, n, m, d, d),
                  ATTN_OK);
    naive_heads(want, q, k, v, mask, heads, n, m, d);
    int want_empty = 0;
    for (int i = 0; i < n; i++) {
        int allowed = 0;
        for (int j = 0; j < m; j++) allowed += mask[(size_t)i * m + j] == 0.0f;
        want_empty += heads * (allowed == 0);
    }
    *empty_differs = empty != want_empty;
    double worst = max_relative_difference(out, want, (size_t)n * heads * d);
    free(q), free(k), free(v), free(out), free(want), free(work);
    return worst;
}

static void test_flash_attention_agrees_with_the_builders_masks(void) {
    for (int s = 0; s < SHAPE_COUNT; s++) {
        const int n = SHAPES[s][0], m = SHAPES[s][1];
        float *mask = causal_mask(n, m), *window_mask = floats((size_t)n * m);
        for (int heads = 1; heads <= 2; heads++) {
            int empty_differs = 0;
            EXPECT(flash_vs_mask(mask, 0, heads, n, m, 100 + s, &empty_differs) <= TOL);
            EXPECT(!empty_differs);
            const int windows[] = {1, 3, 25};
            for (int w = 0; w < 3; w++) {
                EXPECT_EQ_INT(attn_mask_window(window_mask, windows[w], n, m), ATTN_OK);
                EXPECT(flash_vs_mask(window_mask, windows[w], heads, n, m, 200 + s, &empty_differs) <= TOL);
                EXPECT(!empty_differs);
            }
        }
        free(mask), free(window_mask);
    }
}

static void test_the_tapes_mask_op_blocks_what_the_builder_blocks(void) {
    for (int s = 0; s < SHAPE_COUNT; s++) {
        const int t_len = SHAPES[s][0], s_len = SHAPES[s][1], batch = 2;
        const size_t size = (size_t)batch * t_len * s_len;
        float *mask = causal_mask(t_len, s_len);
        struct attn_tape *tape = NULL;
        EXPECT_EQ_INT(attn_tape_create(&tape), ATTN_OK);
        const int dims[3] = {batch, t_len, s_len};
        int a = -1, out = -1;
        EXPECT_EQ_INT(attn_tape_param(&a, tape, 3, dims, 0), ATTN_OK);
        float *values = NULL, *filled = NULL, *grad = NULL;
        EXPECT_EQ_INT(attn_tape_data(&values, tape, a), ATTN_OK);
        fill_random(values, size, 300 + s, 3.0f);
        EXPECT_EQ_INT(attn_tape_causal_mask(&out, tape, a, -INFINITY), ATTN_OK);
        EXPECT_EQ_INT(attn_tape_data(&values, tape, a), ATTN_OK); /* an op may move the arenas */
        EXPECT_EQ_INT(attn_tape_data(&filled, tape, out), ATTN_OK);
        for (size_t at = 0; at < size; at++) {
            const float entry = mask[at % ((size_t)t_len * s_len)];
            EXPECT(filled[at] == (entry == -INFINITY ? -INFINITY : values[at]));
        }
        EXPECT_EQ_INT(attn_tape_backward(tape, out, NULL), ATTN_OK); /* d(out) = 1 everywhere */
        EXPECT_EQ_INT(attn_tape_grad(&grad, tape, a), ATTN_OK);
        for (size_t at = 0; at < size; at++)
            EXPECT(grad[at] == (mask[at % ((size_t)t_len * s_len)] == -INFINITY ? 0.0f : 1.0f));
        attn_tape_free(tape);
        free(mask);
    }
}

static void test_the_models_maps_are_zero_where_the_builder_blocks(void) {
    enum { LAYERS = 2, HEADS = 2, T = 6 };
    struct attn_model *model = NULL;
    EXPECT_EQ_INT(attn_model_create(&model, 5, LAYERS, HEADS, 8, T, 1, 3), ATTN_OK);
    const int tokens[T] = {0, 3, 1, 4, 2, 2};
    float weights[LAYERS * HEADS * T * T];
    EXPECT_EQ_INT(attn_model_attention_maps(weights, model, tokens, T), ATTN_OK);
    float *mask = causal_mask(T, T);
    for (int map = 0; map < LAYERS * HEADS; map++)
        for (int at = 0; at < T * T; at++) {
            const float w = weights[map * T * T + at];
            EXPECT(mask[at] == -INFINITY ? w == 0.0f : w > 0.0f);
        }
    free(mask);
    attn_model_free(model);
}

static void test_the_kv_caches_query_sees_what_the_builder_allows(void) {
    const int m = 70, d = 8, heads = 2, ld = heads * d;
    float *q = floats((size_t)m * ld), *k = floats((size_t)m * ld), *v = floats((size_t)m * ld);
    fill_random(q, (size_t)m * ld, 400, 2.0f);
    fill_random(k, (size_t)m * ld, 401, 2.0f);
    fill_random(v, (size_t)m * ld, 402, 1.0f);
    float *mask = causal_mask(m, m), *want = floats((size_t)m * ld), *row = floats((size_t)ld);
    naive_heads(want, q, k, v, mask, heads, m, m, d);
    struct attn_kv_cache *cache = NULL;
    EXPECT_EQ_INT(attn_kv_cache_create(&cache, m, heads, d, d), ATTN_OK);
    double worst = 0;
    for (int t = 0; t < m; t++) {
        EXPECT_EQ_INT(attn_kv_cache_append(cache, k + (size_t)t * ld, v + (size_t)t * ld), ATTN_OK);
        EXPECT_EQ_INT(attn_kv_cache_attend(row, cache, q + (size_t)t * ld), ATTN_OK);
        const double diff = max_relative_difference(row, want + (size_t)t * ld, (size_t)ld);
        if (diff > worst) worst = diff;
    }
    EXPECT(worst <= TOL);
    attn_kv_cache_free(cache);
    free(q), free(k), free(v), free(mask), free(want), free(row);
}

static const struct test tests[] = {
    TEST(test_the_mask_builder_states_the_chapter_rule),
    TEST(test_attention_causal_is_the_builders_mask_bit_for_bit),
    TEST(test_flash_attention_agrees_with_the_builders_masks),
    TEST(test_the_tapes_mask_op_blocks_what_the_builder_blocks),
    TEST(test_the_models_maps_are_zero_where_the_builder_blocks),
    TEST(test_the_kv_caches_query_sees_what_the_builder_allows),
};

RUN_TESTS(tests)
