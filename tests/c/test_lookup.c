/*
 * test_lookup.c — attention as a lookup that returns a blend (c/src/lookup.c), held to the
 * chapter's claims: at sharpness 0 every weight is exactly 1/M, the output is the mean of the
 * values and the entropy is ln M; a score gap of 20 gives a ratio of e^20 = 4.85 × 10⁸ between
 * the two largest weights; for any query and sharpness the weights are ≥ 0 and sum to 1, the
 * output lies inside the values' convex hull and is no longer than the longest value; a very
 * large sharpness returns the best key's value. And bad inputs.
 */
#include <math.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

#define MAX_M 12

/* One lookup's outputs. */
struct result {
    float scores[MAX_M], scaled[MAX_M], weights[MAX_M], out[2];
    struct attn_lookup_stats stats;
    int rc;
};

static struct result lookup(const float *q, const float *keys, const float *values, float s, int m) {
    struct result r;
    memset(&r, 0, sizeof r);
    r.rc = attn_lookup(r.scores, r.scaled, r.weights, r.out, &r.stats, q, keys, values, s, m, 2, 2);
    return r;
}

/* M points drawn uniformly from [−scale, scale]², from the core's generator. */
static void draw_points(float *points, struct attn_rng *rng, int m, float scale) {
    for (int i = 0; i < 2 * m; i++) points[i] = scale * (2.0f * attn_rng_uniform(rng) - 1.0f);
}

static void test_sharpness_zero_gives_equal_weights_the_mean_and_ln_m(void) {
    struct attn_rng rng;
    attn_rng_seed(&rng, 7);
    for (int m = 1; m <= MAX_M; m++) {
        float q[2], keys[2 * MAX_M], values[2 * MAX_M];
        draw_points(q, &rng, 1, 4.0f);
        draw_points(keys, &rng, m, 4.0f);
        draw_points(values, &rng, m, 4.0f);
        struct result r = lookup(q, keys, values, 0.0f, m);
        EXPECT_EQ_INT(r.rc, ATTN_OK);
        double mean[2] = {0, 0};
        for (int j = 0; j < m; j++) {
            EXPECT(r.weights[j] == (float)(1.0 / m)); /* exactly 1/M, as a float */
            EXPECT(r.scaled[j] == 0.0f);
            mean[0] += values[2 * j] / (double)m, mean[1] += values[2 * j + 1] / (double)m;
        }
        EXPECT_NEAR(r.out[0], mean[0], 1e-6);
        EXPECT_NEAR(r.out[1], mean[1], 1e-6);
        EXPECT_NEAR(r.stats.entropy, log((double)m), 1e-6);
        EXPECT(r.stats.max_entropy == log((double)m));
        if (m > 1) {
            EXPECT(r.stats.ratio == 1.0 && r.stats.gap == 0.0 && r.stats.exp_gap == 1.0);
            EXPECT_EQ_INT(r.stats.best, 0);
            EXPECT_EQ_INT(r.stats.runner_up, 1);
        }
        EXPECT_EQ_INT(r.stats.checks, ATTN_LOOKUP_NONNEGATIVE | ATTN_LOOKUP_SUMS_TO_ONE | ATTN_LOOKUP_NO_LONGER);
    }
}

static void test_a_gap_of_20_gives_a_ratio_of_e20(void) {
    /* q = (4, 0): scores 20, 0, −8, −4. The two largest differ by 20 at sharpness 1. */
    float q[2] = {4, 0}, keys[8] = {5, 0, 0, 0, -2, 1, -1, -3}, values[8] = {1, 2, -1, 1, 0, -2, 2, -1};
    struct result r = lookup(q, keys, values, 1.0f, 4);
    EXPECT_EQ_INT(r.rc, ATTN_OK);
    EXPECT(r.scores[0] == 20.0f && r.scores[1] == 0.0f && r.scores[2] == -8.0f && r.scores[3] == -4.0f);
    EXPECT_EQ_INT(r.stats.best, 0);
    EXPECT_EQ_INT(r.stats.runner_up, 1);
    EXPECT(r.stats.gap == 20.0);
    EXPECT(r.stats.exp_gap == exp(20.0));
    /* The chapter's "about 500 million": 4.85 × 10⁸ to three significant figures. */
    EXPECT_NEAR(r.stats.ratio / 1e8, 4.85, 0.005);
    EXPECT_NEAR(r.stats.ratio / r.stats.exp_gap, 1.0, 1e-5);
    /* Doubling the sharpness doubles the gap: the ratio squares (e^40 still fits a float32 weight). */
    struct result sharper = lookup(q, keys, values, 2.0f, 4);
    EXPECT(sharper.stats.gap == 40.0);
    EXPECT_NEAR(sharper.stats.ratio / exp(40.0), 1.0, 1e-4);
}

static void test_any_query_and_sharpness_keeps_the_blend_inside_the_values(void) {
    struct attn_rng rng;
    attn_rng_seed(&rng, 2024);
    int inside = 0, trials = 2000;
    double worst_sum = 0.0;
    for (int t = 0; t < trials; t++) {
        int m = 4 + (int)attn_rng_below(&rng, MAX_M - 3);
        float q[2], keys[2 * MAX_M], values[2 * MAX_M];
        draw_points(q, &rng, 1, 6.0f);
        draw_points(keys, &rng, m, 5.0f);
        draw_points(values, &rng, m, 5.0f);
        float s = t % 10 == 0 ? 0.0f : powf(10.0f, -3.0f + 6.0f * attn_rng_uniform(&rng));
        struct result r = lookup(q, keys, values, s, m);
        EXPECT_EQ_INT(r.rc, ATTN_OK);
        for (int j = 0; j < m; j++) EXPECT(r.weights[j] >= 0.0f);
        EXPECT(fabs(r.stats.weight_sum - 1.0) <= 1e-6);
        worst_sum = fmax(worst_sum, fabs(r.stats.weight_sum - 1.0));
        EXPECT(r.stats.out_norm <= r.stats.max_value_norm * (1.0 + 1e-6));
        EXPECT(r.stats.entropy >= -1e-7 && r.stats.entropy <= r.stats.max_entropy + 1e-6);
        EXPECT_EQ_INT(r.stats.checks, ATTN_LOOKUP_NONNEGATIVE | ATTN_LOOKUP_SUMS_TO_ONE | ATTN_LOOKUP_NO_LONGER);
        int corners[MAX_M], count = 0, in = 0;
        double depth = 0;
        EXPECT_EQ_INT(attn_hull_2d(corners, &count, &depth, &in, r.out, values, m), ATTN_OK);
        inside += in;
    }
    EXPECT_EQ_INT(inside, trials);
    printf("    largest |Σw − 1| over %d lookups: %.3g\n", trials, worst_sum);
}

static void test_a_very_large_sharpness_returns_the_best_keys_value(void) {
    struct attn_rng rng;
    attn_rng_seed(&rng, 99);
    for (int t = 0; t < 500; t++) {
        int m = 4 + t % 9;
        float q[2], keys[2 * MAX_M], values[2 * MAX_M];
        draw_points(q, &rng, 1, 4.0f);
        draw_points(keys, &rng, m, 4.0f);
        draw_points(values, &rng, m, 4.0f);
        /* The best key by the score in double, and its lead over the next. */
        int best = 0;
        double score[MAX_M], lead = INFINITY;
        for (int j = 0; j < m; j++) score[j] = (double)q[0] * keys[2 * j] + (double)q[1] * keys[2 * j + 1];
        for (int j = 1; j < m; j++) if (score[j] > score[best]) best = j;
        for (int j = 0; j < m; j++) if (j != best) lead = fmin(lead, score[best] - score[j]);
        if (lead < 1e-3) continue; /* a near tie: no sharpness ≤ 10⁶ separates it */
        struct result r = lookup(q, keys, values, ATTN_LOOKUP_MAX_SHARPNESS, m);
        EXPECT_EQ_INT(r.rc, ATTN_OK);
        EXPECT_EQ_INT(r.stats.best, best);
        EXPECT_NEAR(r.out[0], values[2 * best], 1e-5);
        EXPECT_NEAR(r.out[1], values[2 * best + 1], 1e-5);
        EXPECT_NEAR(r.stats.entropy, 0.0, 1e-6);
        EXPECT(r.stats.ratio == INFINITY); /* the runner-up's weight is 0 in float32 */
    }
}

static void test_scaled_scores_are_sharpness_times_scores(void) {
    float q[2] = {1.5f, -0.5f}, keys[8] = {1, 2, -1, 0.5f, 3, -2, 0, 0}, values[8] = {0};
    struct result r = lookup(q, keys, values, 3.25f, 4);
    EXPECT_EQ_INT(r.rc, ATTN_OK);
    for (int j = 0; j < 4; j++) EXPECT_NEAR(r.scaled[j], 3.25 * r.scores[j], 1e-6 * (1 + fabs(r.scaled[j])));
    /* Values all zero: the output is zero and no longer than them. */
    EXPECT(r.out[0] == 0.0f && r.out[1] == 0.0f);
    EXPECT(r.stats.checks & ATTN_LOOKUP_NO_LONGER);
    /* scaled may be NULL. */
    float scores[4], weights[4], out[2];
    struct attn_lookup_stats stats;
    EXPECT_EQ_INT(attn_lookup(scores, NULL, weights, out, &stats, q, keys, values, 3.25f, 4, 2, 2), ATTN_OK);
    EXPECT(weights[0] == r.weights[0]);
}

static void test_one_entry_returns_its_value(void) {
    float q[2] = {1, 1}, key[2] = {-3, 2}, value[2] = {0.5f, -7};
    struct result r = lookup(q, key, value, 5.0f, 1);
    EXPECT_EQ_INT(r.rc, ATTN_OK);
    EXPECT(r.weights[0] == 1.0f && r.out[0] == 0.5f && r.out[1] == -7.0f);
    EXPECT_EQ_INT(r.stats.runner_up, -1);
    EXPECT(isnan(r.stats.ratio) && isnan(r.stats.gap) && r.stats.second == 0.0);
    EXPECT(r.stats.entropy == 0.0 && r.stats.max_entropy == 0.0);
}

static void test_wider_keys_and_values(void) {
    /* DK = 3, DV = 1: a lookup is not only for the plane. */
    float q[3] = {1, 0, 1}, keys[6] = {1, 0, 1, 0, 1, 0}, values[2] = {10, -10}, scores[2], weights[2], out[1];
    struct attn_lookup_stats stats;
    EXPECT_EQ_INT(attn_lookup(scores, NULL, weights, out, &stats, q, keys, values, 1.0f, 2, 3, 1), ATTN_OK);
    EXPECT(scores[0] == 2.0f && scores[1] == 0.0f);
    EXPECT_NEAR(weights[0], 1.0 / (1.0 + exp(-2.0)), 1e-7);
    EXPECT_NEAR(out[0], 10.0 * (weights[0] - weights[1]), 1e-5);
}

static void test_bad_inputs(void) {
    float q[2] = {1, 0}, keys[8] = {1, 0, 0, 1, -1, 0, 0, -1}, values[8] = {1, 1, 2, 2, 3, 3, 4, 4};
    float scores[4], weights[4], out[2];
    struct attn_lookup_stats stats;
#define CALL(qq, kk, vv, s, m, dk, dv) attn_lookup(scores, NULL, weights, out, &stats, qq, kk, vv, s, m, dk, dv)
    EXPECT_EQ_INT(CALL(q, keys, values, 1.0f, 4, 2, 2), ATTN_OK);
    EXPECT_EQ_INT(attn_lookup(NULL, NULL, weights, out, &stats, q, keys, values, 1.0f, 4, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_lookup(scores, NULL, weights, out, NULL, q, keys, values, 1.0f, 4, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(CALL(NULL, keys, values, 1.0f, 4, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(CALL(q, keys, values, 1.0f, 0, 2, 2), ATTN_ERR_SIZE);  /* an empty memory */
    EXPECT_EQ_INT(CALL(q, keys, values, 1.0f, -3, 2, 2), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(CALL(q, keys, values, 1.0f, 4, 0, 2), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(CALL(q, keys, values, 1.0f, 4, 2, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(CALL(q, keys, values, 1.0f, ATTN_LOOKUP_MAX_ENTRIES + 1, 2, 2), ATTN_ERR_ARGUMENT); /* too many entries */
    EXPECT_EQ_INT(CALL(q, keys, values, 1.0f, 4, ATTN_LOOKUP_MAX_WIDTH + 1, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(CALL(q, keys, values, -0.5f, 4, 2, 2), ATTN_ERR_ARGUMENT);  /* negative sharpness */
    EXPECT_EQ_INT(CALL(q, keys, values, 2e6f, 4, 2, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(CALL(q, keys, values, NAN, 4, 2, 2), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(CALL(q, keys, values, INFINITY, 4, 2, 2), ATTN_ERR_VALUE);
    float bad[8];
    const float specials[] = {NAN, INFINITY, -INFINITY};
    for (int s = 0; s < 3; s++) {
        memcpy(bad, keys, sizeof bad);
        bad[5] = specials[s];
        EXPECT_EQ_INT(CALL(q, bad, values, 1.0f, 4, 2, 2), ATTN_ERR_VALUE);
        EXPECT_EQ_INT(CALL(q, keys, bad, 1.0f, 4, 2, 2), ATTN_ERR_VALUE);
        EXPECT_EQ_INT(CALL(bad + 4, keys, values, 1.0f, 4, 2, 2), ATTN_ERR_VALUE);
    }
    memcpy(bad, values, sizeof bad);
    bad[0] = 2e6f; /* past ATTN_LOOKUP_MAX_COORDINATE */
    EXPECT_EQ_INT(CALL(q, keys, bad, 1.0f, 4, 2, 2), ATTN_ERR_ARGUMENT);
#undef CALL
}

static const struct test tests[] = {
    TEST(test_sharpness_zero_gives_equal_weights_the_mean_and_ln_m),
    TEST(test_a_gap_of_20_gives_a_ratio_of_e20),
    TEST(test_any_query_and_sharpness_keeps_the_blend_inside_the_values),
    TEST(test_a_very_large_sharpness_returns_the_best_keys_value),
    TEST(test_scaled_scores_are_sharpness_times_scores),
    TEST(test_one_entry_returns_its_value),
    TEST(test_wider_keys_and_values),
    TEST(test_bad_inputs),
};

RUN_TESTS(tests)
