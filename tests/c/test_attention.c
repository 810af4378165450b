/*
 * test_attention.c — the chapter's §6.2 two-token example, softmax invariants, fully masked
 * rows, and every bad input of the first part of the core.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "attn.h"
#include "harness.h"

/* The stepper's default inputs: X (2, 4) and W^Q, W^K, W^V (4, 2), chosen to give the
 * chapter's numbers. Kept in step with web/widgets/stepper/stepper-example.js. */
static const float X[2 * 4] = {1, 0, 1, -1, 0, 1, 1, 1};
static const float WQ[4 * 2] = {3, 2, -1, -2, 1, 1, 1, 0};
static const float WK[4 * 2] = {-2, -1, 2, -1, -1, -1, 0, 1};
static const float WV[4 * 2] = {1, 0, 0, 1, 0, 0, 1, 1};

static void project(float *q, float *k, float *v) {
    EXPECT_EQ_INT(attn_matmul(q, X, WQ, 0, 2, 4, 2), ATTN_OK);
    EXPECT_EQ_INT(attn_matmul(k, X, WK, 0, 2, 4, 2), ATTN_OK);
    EXPECT_EQ_INT(attn_matmul(v, X, WV, 0, 2, 4, 2), ATTN_OK);
}

static void test_projections_give_the_chapter_vectors(void) {
    float q[4], k[4], v[4];
    project(q, k, v);
    const float want_q[4] = {3, 3, 1, -1}, want_k[4] = {-3, -3, 1, -1}, want_v[4] = {0, -1, 1, 2};
    for (int i = 0; i < 4; i++) {
        EXPECT_NEAR(q[i], want_q[i], 1e-6);
        EXPECT_NEAR(k[i], want_k[i], 1e-6);
        EXPECT_NEAR(v[i], want_v[i], 1e-6);
    }
}

static void test_two_token_example_causal(void) {
    float q[4], k[4], v[4], scores[4], scaled[4], masked[4], weights[4], mask[4], out[4];
    project(q, k, v);
    struct attn_steps steps = {.scores = scores, .scaled = scaled, .masked = masked, .weights = weights, .mask = mask};
    int empty = -1;
    EXPECT_EQ_INT(attn_attention(out, &steps, &empty, q, k, v, ATTN_MASK_CAUSAL, NULL, 1, 2, 2, 2, 2),
                  ATTN_OK);
    EXPECT_EQ_INT(empty, 0);
    /* Scores: q1·k1 = -18, q1·k2 = 0, q2·k1 = 0, q2·k2 = 2. */
    EXPECT_NEAR(scores[0], -18, 1e-6);
    EXPECT_NEAR(scores[1], 0, 1e-6);
    EXPECT_NEAR(scores[2], 0, 1e-6);
    EXPECT_NEAR(scores[3], 2, 1e-6);
    /* Scaled by 1/√2. */
    EXPECT_NEAR(scaled[0], -18 / sqrt(2.0), 1e-5);
    EXPECT_NEAR(scaled[3], 2 / sqrt(2.0), 1e-6);
    /* Causal: the mask added is [[0, -∞], [0, 0]], so row 1's second entry is -∞. */
    EXPECT(mask[0] == 0.0f && mask[1] == -INFINITY && mask[2] == 0.0f && mask[3] == 0.0f);
    EXPECT(isinf(masked[1]) && masked[1] < 0);
    EXPECT_NEAR(masked[0], -18 / sqrt(2.0), 1e-5);
    /* Softmax: [1, 0] and [1, e^√2] / (1 + e^√2). */
    double e = exp(sqrt(2.0));
    EXPECT_NEAR(weights[0], 1, 1e-6);
    EXPECT_NEAR(weights[1], 0, 1e-6);
    EXPECT_NEAR(weights[2], 1 / (1 + e), 1e-6);
    EXPECT_NEAR(weights[3], e / (1 + e), 1e-6);
    /* Output: v1 = [0, -1]; 0.196·v1 + 0.804·v2. */
    EXPECT_NEAR(out[0], 0, 1e-6);
    EXPECT_NEAR(out[1], -1, 1e-6);
    EXPECT_NEAR(out[2], e / (1 + e), 1e-6);
    EXPECT_NEAR(out[3], -1 / (1 + e) + 2 * e / (1 + e), 1e-6);
    /* And as the chapter rounds them. */
    EXPECT_NEAR(weights[2], 0.196, 5e-4);
    EXPECT_NEAR(out[2], 0.804, 5e-4);
    EXPECT_NEAR(out[3], 1.413, 5e-4);
}

static void test_without_mask_token_one_looks_at_token_two(void) {
    float q[4], k[4], v[4], weights[4], out[4];
    project(q, k, v);
    struct attn_steps steps = {.weights = weights};
    EXPECT_EQ_INT(attn_attention(out, &steps, NULL, q, k, v, ATTN_MASK_NONE, NULL, 1, 2, 2, 2, 2), ATTN_OK);
    EXPECT(weights[1] > 0.9999);
    EXPECT_NEAR(weights[0] + weights[1], 1, 1e-6);
}

static void test_without_scaling_scaled_equals_scores(void) {
    float q[4], k[4], v[4], scores[4], scaled[4], weights[4], out[4];
    project(q, k, v);
    struct attn_steps steps = {.scores = scores, .scaled = scaled, .weights = weights};
    EXPECT_EQ_INT(attn_attention(out, &steps, NULL, q, k, v, ATTN_MASK_CAUSAL, NULL, 0, 2, 2, 2, 2), ATTN_OK);
    for (int i = 0; i < 4; i++) EXPECT_NEAR(scaled[i], scores[i], 0);
    double e2 = exp(2.0);
    EXPECT_NEAR(weights[3], e2 / (1 + e2), 1e-6);
}

static float uniform(uint32_t *state) {
    *state = *state * 1664525u + 1013904223u;
    return (float)((*state >> 8) * (1.0 / 16777216.0)) * 4.0f - 2.0f;
}

static void test_softmax_rows_sum_to_one(void) {
    enum { N = 7, M = 13, DK = 5, DV = 3 };
    float q[N * DK], k[M * DK], v[M * DV], w[N * M], out[N * DV];
    uint32_t s = 42;
    for (int i = 0; i < N * DK; i++) q[i] = uniform(&s) * 3;
    for (int i = 0; i < M * DK; i++) k[i] = uniform(&s) * 3;
    for (int i = 0; i < M * DV; i++) v[i] = uniform(&s);
    for (int kind = ATTN_MASK_NONE; kind <= ATTN_MASK_CAUSAL; kind++) {
        struct attn_steps steps = {.weights = w};
        EXPECT_EQ_INT(attn_attention(out, &steps, NULL, q, k, v, kind, NULL, 1, N, M, DK, DV), ATTN_OK);
        for (int i = 0; i < N; i++) {
            double sum = 0;
            for (int j = 0; j < M; j++) {
                EXPECT(w[i * M + j] >= 0);
                sum += w[i * M + j];
            }
            EXPECT_NEAR(sum, 1, 1e-6);
        }
    }
    /* The softmax on its own, with huge scores that would overflow exp without the max shift. */
    float x[3] = {1000, 999, -1000}, y[3];
    int empty = -1;
    EXPECT_EQ_INT(attn_softmax_rows(y, &empty, x, 1, 3), ATTN_OK);
    EXPECT_EQ_INT(empty, 0);
    EXPECT_NEAR(y[0] + y[1] + y[2], 1, 1e-6);
    EXPECT_NEAR(y[0], 1 / (1 + exp(-1.0)), 1e-6);
}

static void test_fully_masked_row_is_nan_and_counted(void) {
    float q[4] = {1, 0, 0, 1}, k[4] = {1, 1, 0, 1}, v[4] = {1, 2, 3, 4};
    float mask[4] = {-INFINITY, -INFINITY, 0, -INFINITY};
    float w[4], out[4];
    struct attn_steps steps = {.weights = w};
    int empty = -1;
    EXPECT_EQ_INT(attn_attention(out, &steps, &empty, q, k, v, ATTN_MASK_CUSTOM, mask, 1, 2, 2, 2, 2), ATTN_OK);
    EXPECT_EQ_INT(empty, 1);
    EXPECT(isnan(w[0]) && isnan(w[1]) && isnan(out[0]) && isnan(out[1]));
    EXPECT_NEAR(w[2], 1, 0);
    EXPECT_NEAR(w[3], 0, 0);
    EXPECT_NEAR(out[2], 1, 0);
    EXPECT_NEAR(out[3], 2, 0);

    float rows[4] = {-INFINITY, -INFINITY, 0, 0}, y[4];
    EXPECT_EQ_INT(attn_softmax_rows(y, &empty, rows, 2, 2), ATTN_OK);
    EXPECT_EQ_INT(empty, 1);
    EXPECT(isnan(y[0]) && isnan(y[1]));
    EXPECT_NEAR(y[2], 0.5, 0);
}

static void test_bad_inputs_get_a_status(void) {
    float a[4] = {0}, b[4] = {0}, c[4];
    EXPECT_EQ_INT(attn_matmul(NULL, a, b, 0, 2, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_matmul(c, NULL, b, 0, 2, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_matmul(c, a, NULL, 1, 2, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_matmul(c, a, b, 0, 0, 2, 2), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_matmul(c, a, b, 0, 2, -1, 2), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_matmul(c, a, b, 0, 65536, 65536, 1), ATTN_ERR_OVERFLOW);
    EXPECT_EQ_INT(attn_matmul(c, a, b, 0, 2, 65536, 65536), ATTN_ERR_OVERFLOW);

    EXPECT_EQ_INT(attn_softmax_rows(NULL, NULL, a, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_softmax_rows(c, NULL, a, 2, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_softmax_rows(c, NULL, a, 1 << 20, 1 << 20), ATTN_ERR_OVERFLOW);

    float out[4];
    EXPECT_EQ_INT(attn_attention(NULL, NULL, NULL, a, b, b, 0, NULL, 1, 2, 2, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, NULL, b, b, 0, NULL, 1, 2, 2, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, a, NULL, b, 0, NULL, 1, 2, 2, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, a, b, NULL, 0, NULL, 1, 2, 2, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, a, b, b, ATTN_MASK_CUSTOM, NULL, 1, 2, 2, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, a, b, b, 7, NULL, 1, 2, 2, 2, 2), ATTN_ERR_MASK_KIND);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, a, b, b, -1, NULL, 1, 2, 2, 2, 2), ATTN_ERR_MASK_KIND);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, a, b, b, 0, NULL, 1, 0, 2, 2, 2), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, a, b, b, 0, NULL, 1, 2, -3, 2, 2), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, a, b, b, 0, NULL, 1, 2, 2, 0, 2), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, a, b, b, 0, NULL, 1, 2, 2, 2, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, a, b, b, 0, NULL, 1, 1 << 16, 1 << 16, 2, 2),
                  ATTN_ERR_OVERFLOW);
    EXPECT_EQ_INT(attn_attention(out, NULL, NULL, a, b, b, 0, NULL, 1, 2, 2, 1 << 30, 2), ATTN_ERR_OVERFLOW);
}

static void test_every_status_has_a_sentence(void) {
    const char *unknown = attn_status_string(-1);
    EXPECT(unknown != NULL && unknown[0] != '\0');
    EXPECT(attn_status_string(ATTN_STATUS_COUNT) == unknown);
    for (int code = 0; code < ATTN_STATUS_COUNT; code++) {
        const char *s = attn_status_string(code);
        EXPECT(s != NULL && s[0] != '\0');
        EXPECT(s != unknown);
    }
}

/* A continuous multiplier: 1/√2 is attn_attention's scaling, 1 its "no scaling", 0 uniform rows. */
static void test_score_multiplier_spans_flat_to_unscaled(void) {
    float q[4], k[4], v[4], out[4], out_ref[4], scaled[4], weights[4], weights_ref[4];
    project(q, k, v);
    struct attn_steps steps = {.scaled = scaled, .weights = weights};
    struct attn_steps ref = {.weights = weights_ref};
    EXPECT_EQ_INT(attn_attention(out_ref, &ref, NULL, q, k, v, ATTN_MASK_NONE, NULL, 1, 2, 2, 2, 2), ATTN_OK);
    EXPECT_EQ_INT(attn_attention_multiplied(out, &steps, NULL, q, k, v, ATTN_MASK_NONE, NULL, (float)(1 / sqrt(2.0)), 2, 2, 2, 2), ATTN_OK);
    for (int i = 0; i < 4; i++) EXPECT(weights[i] == weights_ref[i] && out[i] == out_ref[i]);
    EXPECT_EQ_INT(attn_attention(out_ref, &ref, NULL, q, k, v, ATTN_MASK_NONE, NULL, 0, 2, 2, 2, 2), ATTN_OK);
    EXPECT_EQ_INT(attn_attention_multiplied(out, &steps, NULL, q, k, v, ATTN_MASK_NONE, NULL, 1.0f, 2, 2, 2, 2), ATTN_OK);
    for (int i = 0; i < 4; i++) EXPECT(weights[i] == weights_ref[i] && out[i] == out_ref[i]);
    /* s = 0: every scaled score is 0, so each row is uniform (0.5, 0.5), whatever the scores. */
    EXPECT_EQ_INT(attn_attention_multiplied(out, &steps, NULL, q, k, v, ATTN_MASK_NONE, NULL, 0.0f, 2, 2, 2, 2), ATTN_OK);
    for (int i = 0; i < 4; i++) EXPECT(scaled[i] == 0.0f && weights[i] == 0.5f);
    /* s = 2/√2: row 1's scores (-18, 0) scaled to (-25.46, 0): token 2 takes 1 - 8.8e-12. */
    EXPECT_EQ_INT(attn_attention_multiplied(out, &steps, NULL, q, k, v, ATTN_MASK_NONE, NULL, (float)(2 / sqrt(2.0)), 2, 2, 2, 2), ATTN_OK);
    EXPECT_NEAR(scaled[0], -18 * sqrt(2.0), 1e-5);
    EXPECT_NEAR(weights[0], 1 / (1 + exp(18 * sqrt(2.0))), 1e-12);
    /* Refusals: NaN and ∞ are ATTN_ERR_VALUE; negative or above the limit ATTN_ERR_ARGUMENT. */
    EXPECT_EQ_INT(attn_attention_multiplied(out, NULL, NULL, q, k, v, ATTN_MASK_NONE, NULL, NAN, 2, 2, 2, 2), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_attention_multiplied(out, NULL, NULL, q, k, v, ATTN_MASK_NONE, NULL, INFINITY, 2, 2, 2, 2), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_attention_multiplied(out, NULL, NULL, q, k, v, ATTN_MASK_NONE, NULL, -0.5f, 2, 2, 2, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_attention_multiplied(out, NULL, NULL, q, k, v, ATTN_MASK_NONE, NULL, 2e6f, 2, 2, 2, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_attention_multiplied(out, NULL, NULL, q, k, v, ATTN_MASK_NONE, NULL, 1.0f, 0, 2, 2, 2), ATTN_ERR_SIZE);
}

static const struct test tests[] = {
    TEST(test_projections_give_the_chapter_vectors),
    TEST(test_two_token_example_causal),
    TEST(test_without_mask_token_one_looks_at_token_two),
    TEST(test_without_scaling_scaled_equals_scores),
    TEST(test_softmax_rows_sum_to_one),
    TEST(test_fully_masked_row_is_nan_and_counted),
    TEST(test_score_multiplier_spans_flat_to_unscaled),
    TEST(test_bad_inputs_get_a_status),
    TEST(test_every_status_has_a_sentence),
};

RUN_TESTS(tests)
