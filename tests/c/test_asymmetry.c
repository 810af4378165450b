/*
 * test_asymmetry.c — attn_score_asymmetry: a symmetric table gives exactly 0, a pronoun row that
 * scores a noun highly while the noun ignores it gives that score and its (i, j), and bad input
 * gets its status.
 */
#include <math.h>

#include "attn.h"
#include "harness.h"

static void test_symmetric_is_exactly_zero(void) {
    const float s[9] = {1, 2, 3, 2, 5, -6, 3, -6, 0};
    double d = -1;
    int at[2] = {-1, -1};
    EXPECT_EQ_INT(attn_score_asymmetry(&d, at, s, 3), ATTN_OK);
    EXPECT(d == 0.0 && at[0] == 0 && at[1] == 0);
    EXPECT_EQ_INT(attn_score_asymmetry(&d, NULL, s, 1), ATTN_OK);
    EXPECT(d == 0.0);
}

static void test_pronoun_looks_for_the_noun_not_back(void) {
    /* Rows are queries, columns keys: token 2 ("it") scores token 1 ("cat") at 4; "cat" scores "it" at 0. */
    const float s[9] = {0, 0, 0, 0, 1, 0, 0, 4, 1};
    double d = -1;
    int at[2];
    EXPECT_EQ_INT(attn_score_asymmetry(&d, at, s, 3), ATTN_OK);
    EXPECT_NEAR(d, 4, 0);
    EXPECT_EQ_INT(at[0], 1);
    EXPECT_EQ_INT(at[1], 2);
}

static void test_bad_inputs_get_a_status(void) {
    const float s[4] = {0, 1, NAN, 0}, ok[1] = {0};
    double d;
    EXPECT_EQ_INT(attn_score_asymmetry(NULL, NULL, ok, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_score_asymmetry(&d, NULL, NULL, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_score_asymmetry(&d, NULL, ok, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_score_asymmetry(&d, NULL, s, 2), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_score_asymmetry(&d, NULL, ok, 65536), ATTN_ERR_OVERFLOW);
}

static const struct test tests[] = {
    TEST(test_symmetric_is_exactly_zero),
    TEST(test_pronoun_looks_for_the_noun_not_back),
    TEST(test_bad_inputs_get_a_status),
};

RUN_TESTS(tests)
