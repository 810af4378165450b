/*
 * test_mask.c — §6.4: the mask builders (causal, sliding window, padding), combining masks by
 * addition, row diagnostics (sums, entropy in nats), attention under any combination of masks,
 * the "mask after softmax" bug, a fully blocked row, and every bad input.
 */
#include <math.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

#define NEG_INF (-INFINITY)

static int blocked(float x) { return isinf(x) && x < 0; }

/* Expects mask (n, m) to allow exactly the pairs `pattern` marks with '.', and block those with 'x'
 * (one string per row, as the chapter draws masks). */
static void expect_pattern(const float *mask, int n, int m, const char *const *pattern) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            float x = mask[i * m + j];
            if (pattern[i][j] == 'x') EXPECT(blocked(x));
            else EXPECT(x == 0.0f && !signbit(x));
        }
}

/* Equal scores: q = 0 makes every score 0, so weights are spread evenly over the allowed keys. */
static void equal_scores_attention(float *weights, int *empty, const float *mask, int n) {
    float q[12 * 2] = {0}, k[12 * 2] = {0}, v[12 * 2] = {0}, out[12 * 2];
    struct attn_steps steps = {.weights = weights};
    EXPECT_EQ_INT(attn_attention(out, &steps, empty, q, k, v, ATTN_MASK_CUSTOM, mask, 1, n, n, 2, 2), ATTN_OK);
}

static void test_causal_four_tokens_as_the_chapter_draws_it(void) {
    float mask[16];
    EXPECT_EQ_INT(attn_mask_causal(mask, 4, 4), ATTN_OK);
    const char *const want[] = {".xxx", "..xx", "...x", "...."};
    expect_pattern(mask, 4, 4, want);
    /* Row i (from 1) allows keys 1..i: i keys. */
    int allowed[4], empty = -1;
    double lnk[4];
    EXPECT_EQ_INT(attn_mask_allowed(allowed, lnk, &empty, mask, 4, 4), ATTN_OK);
    for (int i = 0; i < 4; i++) {
        EXPECT_EQ_INT(allowed[i], i + 1);
        EXPECT_NEAR(lnk[i], log(i + 1.0), 1e-12);
    }
    EXPECT_EQ_INT(empty, 0);
}

static void test_none_allows_everything(void) {
    float mask[6] = {1, 2, 3, 4, 5, 6};
    EXPECT_EQ_INT(attn_mask_none(mask, 2, 3), ATTN_OK);
    const char *const want[] = {"...", "..."};
    expect_pattern(mask, 2, 3, want);
}

static void test_window_two_on_five_tokens(void) {
    float mask[25];
    EXPECT_EQ_INT(attn_mask_window(mask, 2, 5, 5), ATTN_OK);
    const char *const want[] = {".xxxx", "..xxx", "x..xx", "xx..x", "xxx.."};
    expect_pattern(mask, 5, 5, want);
    /* Width 1: only itself. Width >= N: the causal mask. */
    EXPECT_EQ_INT(attn_mask_window(mask, 1, 5, 5), ATTN_OK);
    const char *const diagonal[] = {".xxxx", "x.xxx", "xx.xx", "xxx.x", "xxxx."};
    expect_pattern(mask, 5, 5, diagonal);
    float causal[25];
    EXPECT_EQ_INT(attn_mask_causal(causal, 5, 5), ATTN_OK);
    for (int w = 5; w <= 7; w++) {
        EXPECT_EQ_INT(attn_mask_window(mask, w, 5, 5), ATTN_OK);
        EXPECT(memcmp(mask, causal, sizeof mask) == 0);
    }
}

static void test_padding_lengths_five_and_three(void) {
    float mask[2 * 25];
    const int lengths[2] = {5, 3};
    EXPECT_EQ_INT(attn_mask_padding(mask, lengths, 2, 5, 5), ATTN_OK);
    const char *const first[] = {".....", ".....", ".....", ".....", "....."};
    const char *const second[] = {"...xx", "...xx", "...xx", "...xx", "...xx"};
    expect_pattern(mask, 5, 5, first);
    expect_pattern(mask + 25, 5, 5, second); /* key columns 4 and 5 are blocked */
}

static void test_combined_mask_is_the_elementwise_sum(void) {
    float causal[25], window[25], padding[50], sum[25], in_place[25];
    const int lengths[2] = {5, 3};
    EXPECT_EQ_INT(attn_mask_causal(causal, 5, 5), ATTN_OK);
    EXPECT_EQ_INT(attn_mask_window(window, 2, 5, 5), ATTN_OK);
    EXPECT_EQ_INT(attn_mask_padding(padding, lengths, 2, 5, 5), ATTN_OK);
    /* causal + padding of the second sequence. */
    EXPECT_EQ_INT(attn_mask_add(sum, causal, padding + 25, 25), ATTN_OK);
    for (int at = 0; at < 25; at++) EXPECT(memcmp(&sum[at], &(float){causal[at] + padding[25 + at]}, sizeof(float)) == 0);
    const char *const want[] = {".xxxx", "..xxx", "...xx", "...xx", "...xx"};
    expect_pattern(sum, 5, 5, want);
    /* causal + window = window (the window is already causal); in place. */
    memcpy(in_place, window, sizeof window);
    EXPECT_EQ_INT(attn_mask_add(in_place, in_place, causal, 25), ATTN_OK);
    EXPECT(memcmp(in_place, window, sizeof window) == 0);
    /* Finite (soft) entries add like numbers. */
    float a[3] = {0, -1.5f, NEG_INF}, b[3] = {2, -1, 0}, c[3];
    EXPECT_EQ_INT(attn_mask_add(c, a, b, 3), ATTN_OK);
    EXPECT_NEAR(c[0], 2, 0);
    EXPECT_NEAR(c[1], -2.5, 0);
    EXPECT(blocked(c[2]));
}

static void test_equal_scores_give_one_over_k_and_ln_k(void) {
    float mask[16], w[16];
    int empty = -1;
    EXPECT_EQ_INT(attn_mask_causal(mask, 4, 4), ATTN_OK);
    equal_scores_attention(w, &empty, mask, 4);
    EXPECT_EQ_INT(empty, 0);
    double sums[4], h[4];
    EXPECT_EQ_INT(attn_row_stats(sums, h, w, 4, 4), ATTN_OK);
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 4; j++) EXPECT_NEAR(w[i * 4 + j], j <= i ? 1.0 / (i + 1) : 0.0, 1e-7);
        EXPECT_NEAR(sums[i], 1, 1e-6);
        EXPECT_NEAR(h[i], log(i + 1.0), 1e-6);
    }
    /* Row 3 of the causal mask: ln 3 = 1.0986. */
    EXPECT_NEAR(h[2], 1.0986, 5e-5);
    EXPECT_NEAR(h[0], 0, 1e-12);

    /* The same through the window and padding masks: 5 tokens, window 2 + padding [., 3]. */
    float window[25], padding[50], both[25], w5[25];
    const int lengths[2] = {5, 3};
    EXPECT_EQ_INT(attn_mask_window(window, 2, 5, 5), ATTN_OK);
    EXPECT_EQ_INT(attn_mask_padding(padding, lengths, 2, 5, 5), ATTN_OK);
    EXPECT_EQ_INT(attn_mask_add(both, window, padding + 25, 25), ATTN_OK);
    int allowed[5];
    double lnk[5], s5[5], h5[5];
    /* Rows allow 1, 2, 2, 1 (key 3 only; key 4 is padding), 0 (keys 4 and 5 both padding) keys. */
    EXPECT_EQ_INT(attn_mask_allowed(allowed, lnk, &empty, both, 5, 5), ATTN_OK);
    const int want_k[5] = {1, 2, 2, 1, 0};
    for (int i = 0; i < 5; i++) EXPECT_EQ_INT(allowed[i], want_k[i]);
    EXPECT_EQ_INT(empty, 1);
    EXPECT(isnan(lnk[4]));
    equal_scores_attention(w5, &empty, both, 5);
    EXPECT_EQ_INT(empty, 1);
    EXPECT_EQ_INT(attn_row_stats(s5, h5, w5, 5, 5), ATTN_OK);
    for (int i = 0; i < 4; i++) {
        EXPECT_NEAR(s5[i], 1, 1e-6);
        EXPECT_NEAR(h5[i], lnk[i], 1e-6);
    }
    EXPECT(isnan(s5[4]) && isnan(h5[4]));
}

static void test_entropy_of_an_uneven_row(void) {
    const float w[2 * 3] = {0.5f, 0.25f, 0.25f, 1, 0, 0};
    double sums[2], h[2];
    EXPECT_EQ_INT(attn_row_stats(sums, h, w, 2, 3), ATTN_OK);
    EXPECT_NEAR(h[0], 1.5 * log(2.0), 1e-12);
    EXPECT_NEAR(h[1], 0, 0);
    EXPECT_NEAR(sums[0], 1, 0);
    /* Rows that do not sum to 1 are reported as they are. */
    const float half[2] = {0.2f, 0.3f};
    EXPECT_EQ_INT(attn_row_stats(sums, h, half, 1, 2), ATTN_OK);
    EXPECT_NEAR(sums[0], 0.5, 1e-7);
}

static void test_mask_after_softmax_rows_sum_below_one(void) {
    /* Equal scores, no mask in the softmax: every weight is 1/4. Zeroing the blocked ones
     * afterwards leaves row i (from 1) with i/4. */
    float none[16], causal[16], w[16], buggy[16];
    int empty = -1;
    EXPECT_EQ_INT(attn_mask_none(none, 4, 4), ATTN_OK);
    EXPECT_EQ_INT(attn_mask_causal(causal, 4, 4), ATTN_OK);
    equal_scores_attention(w, &empty, none, 4);
    EXPECT_EQ_INT(attn_zero_blocked(buggy, w, causal, 4, 4), ATTN_OK);
    double sums[4], h[4];
    EXPECT_EQ_INT(attn_row_stats(sums, h, buggy, 4, 4), ATTN_OK);
    for (int i = 0; i < 4; i++) EXPECT_NEAR(sums[i], (i + 1) / 4.0, 1e-6);
    for (int i = 0; i < 3; i++) EXPECT(sums[i] < 1 - 1e-3);
    /* Masking before the softmax, for contrast: every row sums to 1. */
    float right[16];
    equal_scores_attention(right, &empty, causal, 4);
    EXPECT_EQ_INT(attn_row_stats(sums, h, right, 4, 4), ATTN_OK);
    for (int i = 0; i < 4; i++) EXPECT_NEAR(sums[i], 1, 1e-6);
    /* In place. */
    EXPECT_EQ_INT(attn_zero_blocked(w, w, causal, 4, 4), ATTN_OK);
    EXPECT(memcmp(w, buggy, sizeof w) == 0);
}

static void test_fully_blocked_row_is_nan_and_counted_once(void) {
    float mask[16], w[16];
    EXPECT_EQ_INT(attn_mask_causal(mask, 4, 4), ATTN_OK);
    mask[1 * 4 + 0] = NEG_INF; /* row 2 loses key 1; key 2 still allowed */
    mask[1 * 4 + 1] = NEG_INF; /* now row 2 has no allowed key */
    int empty = -1, allowed[4], mask_empty = -1;
    EXPECT_EQ_INT(attn_mask_allowed(allowed, NULL, &mask_empty, mask, 4, 4), ATTN_OK);
    EXPECT_EQ_INT(mask_empty, 1);
    EXPECT_EQ_INT(allowed[1], 0);
    equal_scores_attention(w, &empty, mask, 4);
    EXPECT_EQ_INT(empty, 1);
    for (int j = 0; j < 4; j++) EXPECT(isnan(w[4 + j]));
    double sums[4], h[4];
    EXPECT_EQ_INT(attn_row_stats(sums, h, w, 4, 4), ATTN_OK);
    EXPECT(isnan(sums[1]) && isnan(h[1]));
    /* Nothing else breaks: the other rows are still 1/k. */
    EXPECT_NEAR(w[0], 1, 1e-7);
    EXPECT_NEAR(w[2 * 4 + 0], 1 / 3.0, 1e-7);
    EXPECT_NEAR(sums[3], 1, 1e-6);
    EXPECT_NEAR(h[3], log(4.0), 1e-6);
}

static float uniform(unsigned *state) {
    *state = *state * 1664525u + 1013904223u;
    return (float)((*state >> 8) * (1.0 / 16777216.0)) * 6.0f - 3.0f;
}

/* Every combination of causal, window (w = 1..3) and padding on random scores: each row with an
 * allowed key sums to 1 within 1e-6 with entropy between 0 and ln k; the others are NaN, and
 * attention counts exactly the rows the mask leaves empty. */
static void test_any_combination_of_masks(void) {
    enum { N = 7, D = 3 };
    float q[N * D], k[N * D], v[N * D], out[N * D], w[N * N];
    unsigned seed = 7;
    for (int at = 0; at < N * D; at++) q[at] = uniform(&seed), k[at] = uniform(&seed), v[at] = uniform(&seed);
    const int lengths[2] = {N, 4};
    float causal[N * N], padding[2 * N * N], window[N * N], mask[N * N];
    EXPECT_EQ_INT(attn_mask_causal(causal, N, N), ATTN_OK);
    EXPECT_EQ_INT(attn_mask_padding(padding, lengths, 2, N, N), ATTN_OK);
    for (int combo = 0; combo < 8; combo++)
        for (int width = 1; width <= 3; width++) {
            EXPECT_EQ_INT(attn_mask_none(mask, N, N), ATTN_OK);
            EXPECT_EQ_INT(attn_mask_window(window, width, N, N), ATTN_OK);
            if (combo & 1) EXPECT_EQ_INT(attn_mask_add(mask, mask, causal, N * N), ATTN_OK);
            if (combo & 2) EXPECT_EQ_INT(attn_mask_add(mask, mask, window, N * N), ATTN_OK);
            if (combo & 4) EXPECT_EQ_INT(attn_mask_add(mask, mask, padding + N * N, N * N), ATTN_OK);
            int allowed[N], mask_empty = -1, empty = -1;
            double lnk[N], sums[N], h[N];
            EXPECT_EQ_INT(attn_mask_allowed(allowed, lnk, &mask_empty, mask, N, N), ATTN_OK);
            struct attn_steps steps = {.weights = w};
            EXPECT_EQ_INT(attn_attention(out, &steps, &empty, q, k, v, ATTN_MASK_CUSTOM, mask, 1, N, N, D, D), ATTN_OK);
            EXPECT_EQ_INT(empty, mask_empty);
            EXPECT_EQ_INT(attn_row_stats(sums, h, w, N, N), ATTN_OK);
            for (int i = 0; i < N; i++) {
                if (allowed[i] == 0) {
                    EXPECT(isnan(sums[i]) && isnan(h[i]));
                    continue;
                }
                EXPECT_NEAR(sums[i], 1, 1e-6);
                EXPECT(h[i] >= -1e-9 && h[i] <= lnk[i] + 1e-6);
                for (int j = 0; j < N; j++)
                    if (blocked(mask[i * N + j])) EXPECT(w[i * N + j] == 0.0f);
            }
        }
}

static void test_bad_inputs_get_a_status(void) {
    float mask[16], other[16], w[16] = {0};
    double sums[4], h[4];
    int allowed[4], lengths[2] = {5, 3};
    /* Sizes out of range. */
    EXPECT_EQ_INT(attn_mask_none(mask, 0, 4), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_mask_causal(mask, -1, 4), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_mask_causal(mask, 4, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_mask_window(mask, 2, 0, 4), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_mask_causal(mask, 1 << 16, 1 << 16), ATTN_ERR_OVERFLOW);
    EXPECT_EQ_INT(attn_mask_padding(mask, lengths, 1 << 12, 1 << 10, 1 << 10), ATTN_ERR_OVERFLOW);
    EXPECT_EQ_INT(attn_mask_padding(mask, lengths, 0, 4, 4), ATTN_ERR_SIZE);
    /* w < 1. */
    EXPECT_EQ_INT(attn_mask_window(mask, 0, 4, 4), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_mask_window(mask, -3, 4, 4), ATTN_ERR_ARGUMENT);
    /* A length larger than the sequence, or below 1. */
    EXPECT_EQ_INT(attn_mask_padding(mask, (int[]){5, 3}, 2, 4, 4), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_mask_padding(mask, (int[]){4, 0}, 2, 4, 4), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_mask_padding(mask, (int[]){-1}, 1, 4, 4), ATTN_ERR_ARGUMENT);
    /* NULL pointers. */
    EXPECT_EQ_INT(attn_mask_none(NULL, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_mask_causal(NULL, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_mask_window(NULL, 1, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_mask_padding(mask, NULL, 1, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_mask_add(mask, NULL, other, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_mask_allowed(NULL, NULL, NULL, mask, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_zero_blocked(w, w, NULL, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_row_stats(sums, NULL, w, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_mask_add(mask, mask, other, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_row_stats(sums, h, w, 2, 0), ATTN_ERR_SIZE);
    /* Entries that are not masks (NaN, +∞) or not weights (negative, infinite). */
    EXPECT_EQ_INT(attn_mask_none(mask, 4, 4), ATTN_OK);
    EXPECT_EQ_INT(attn_mask_none(other, 4, 4), ATTN_OK);
    other[3] = NAN;
    EXPECT_EQ_INT(attn_mask_add(mask, mask, other, 16), ATTN_ERR_VALUE);
    other[3] = INFINITY;
    EXPECT_EQ_INT(attn_mask_add(mask, mask, other, 16), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_mask_allowed(allowed, NULL, NULL, other, 4, 4), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_zero_blocked(w, w, other, 4, 4), ATTN_ERR_VALUE);
    for (int at = 0; at < 16; at++) EXPECT(mask[at] == 0.0f); /* refused: nothing written */
    w[5] = -0.1f;
    EXPECT_EQ_INT(attn_row_stats(sums, h, w, 4, 4), ATTN_ERR_VALUE);
    w[5] = INFINITY;
    EXPECT_EQ_INT(attn_row_stats(sums, h, w, 4, 4), ATTN_ERR_VALUE);
}

static const struct test tests[] = {
    TEST(test_causal_four_tokens_as_the_chapter_draws_it),
    TEST(test_none_allows_everything),
    TEST(test_window_two_on_five_tokens),
    TEST(test_padding_lengths_five_and_three),
    TEST(test_combined_mask_is_the_elementwise_sum),
    TEST(test_equal_scores_give_one_over_k_and_ln_k),
    TEST(test_entropy_of_an_uneven_row),
    TEST(test_mask_after_softmax_rows_sum_below_one),
    TEST(test_fully_blocked_row_is_nan_and_counted_once),
    TEST(test_any_combination_of_masks),
    TEST(test_bad_inputs_get_a_status),
};

RUN_TESTS(tests)
