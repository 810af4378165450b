/*
 * test_softmax_unstable.c — the wrong ways on purpose (softmax_unstable.c), against the lab text:
 * scores near 1,000 overflow a softmax that skips the row maximum (∞, then NaN) while the
 * stable one gives the right weights; exp(89) overflows float32 and exp(88) does not; a mask of
 * -∞ times 0 is NaN where -1e9 times 0 is 0; and every bad input gets its status.
 */
#include <math.h>

#include "attn.h"
#include "harness.h"

static void test_scores_near_1000_overflow_without_the_maximum(void) {
    const float x[3] = {1000, 999, 995};
    float naive[3], exps[3], stable[3];
    int overflowed = -1, empty = -1;
    EXPECT_EQ_INT(attn_softmax_rows_unstable(naive, exps, &overflowed, x, 1, 3), ATTN_OK);
    EXPECT_EQ_INT(overflowed, 1);
    for (int j = 0; j < 3; j++) EXPECT(isinf(exps[j]) && exps[j] > 0);
    for (int j = 0; j < 3; j++) EXPECT(isnan(naive[j])); /* ∞ / ∞ */
    EXPECT_EQ_INT(attn_softmax_rows(stable, &empty, x, 1, 3), ATTN_OK);
    double z = 1 + exp(-1.0) + exp(-5.0);
    EXPECT_NEAR(stable[0], 1 / z, 1e-6);
    EXPECT_NEAR(stable[1], exp(-1.0) / z, 1e-6);
    EXPECT_NEAR(stable[2], exp(-5.0) / z, 1e-6);
}

static void test_exp_89_overflows_float32_and_88_does_not(void) {
    const float x[2 * 2] = {88, 0, 89, 0};
    float y[4], exps[4];
    int overflowed = -1;
    EXPECT_EQ_INT(attn_softmax_rows_unstable(y, exps, &overflowed, x, 2, 2), ATTN_OK);
    EXPECT_EQ_INT(overflowed, 1);
    EXPECT(isfinite(exps[0]) && exps[0] > 1e38f);
    EXPECT(isinf(exps[2]));
    EXPECT_NEAR(y[0], 1, 1e-6); /* still right below the edge */
    EXPECT(isnan(y[2]) && y[3] == 0.0f);  /* ∞/∞ and 1/∞ */
}

static void test_small_scores_agree_with_the_stable_softmax(void) {
    const float x[4] = {-1, 0, 2, 0.5f};
    float naive[4], stable[4];
    EXPECT_EQ_INT(attn_softmax_rows_unstable(naive, NULL, NULL, x, 2, 2), ATTN_OK);
    EXPECT_EQ_INT(attn_softmax_rows(stable, NULL, x, 2, 2), ATTN_OK);
    for (int j = 0; j < 4; j++) EXPECT_NEAR(naive[j], stable[j], 1e-6);
}

static void test_minus_infinity_times_zero_is_nan(void) {
    const float scores[2] = {3, 1};
    const float literal[2] = {0, -INFINITY}, large[2] = {0, -1e9f};
    float out[2], w[2];
    int nans = -1;
    EXPECT_EQ_INT(attn_mask_then_multiply(out, &nans, scores, literal, 0.0f, 1, 2), ATTN_OK);
    EXPECT_EQ_INT(nans, 1);
    EXPECT(out[0] == 0.0f && isnan(out[1]));
    EXPECT_EQ_INT(attn_softmax_rows(w, NULL, out, 1, 2), ATTN_OK);
    EXPECT(isnan(w[0]) && isnan(w[1])); /* one NaN poisons the row */
    EXPECT_EQ_INT(attn_mask_then_multiply(out, &nans, scores, large, 0.0f, 1, 2), ATTN_OK);
    EXPECT_EQ_INT(nans, 0);
    EXPECT(out[0] == 0.0f && out[1] == 0.0f); /* finite, though the blocked key is no longer blocked */
    /* A nonzero factor keeps both masks blocking. */
    EXPECT_EQ_INT(attn_mask_then_multiply(out, &nans, scores, literal, 0.5f, 1, 2), ATTN_OK);
    EXPECT(out[0] == 1.5f && isinf(out[1]) && out[1] < 0 && nans == 0);
}

static void test_bad_inputs_get_a_status(void) {
    float one[1] = {0}, out[1];
    EXPECT_EQ_INT(attn_softmax_rows_unstable(NULL, NULL, NULL, one, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_softmax_rows_unstable(out, NULL, NULL, NULL, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_softmax_rows_unstable(out, NULL, NULL, one, 0, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_softmax_rows_unstable(out, NULL, NULL, one, 65536, 65536), ATTN_ERR_OVERFLOW);
    EXPECT_EQ_INT(attn_mask_then_multiply(NULL, NULL, one, one, 0, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_mask_then_multiply(out, NULL, one, NULL, 0, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_mask_then_multiply(out, NULL, one, one, 0, 1, -1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_mask_then_multiply(out, NULL, one, one, NAN, 1, 1), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_mask_then_multiply(out, NULL, one, one, -INFINITY, 1, 1), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_mask_then_multiply(out, NULL, one, one, 2e6f, 1, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_mask_then_multiply(out, NULL, one, one, -1e6f, 1, 1), ATTN_OK);
}

static const struct test tests[] = {
    TEST(test_scores_near_1000_overflow_without_the_maximum),
    TEST(test_exp_89_overflows_float32_and_88_does_not),
    TEST(test_small_scores_agree_with_the_stable_softmax),
    TEST(test_minus_infinity_times_zero_is_nan),
    TEST(test_bad_inputs_get_a_status),
};

RUN_TESTS(tests)
