/*
 * test_cost.c — the §6.6 cost model: the chapter's formula at N = 1,024, d_model = 512, the
 * crossover N = 2·d_model, score-table sizes (262,144 entries at N = 512; 1,073,741,824 entries
 * and 4 GiB at N = 32,768), heads not changing the count, and bad inputs.
 */
#include <math.h>

#include "attn.h"
#include "harness.h"

static void test_the_formula_at_1024_and_512(void) {
    struct attn_cost c;
    EXPECT_EQ_INT(attn_cost(&c, 1024, 512, 8), ATTN_OK);
    EXPECT(c.projections == 805306368.0);   /* 3 · 1024 · 512² */
    EXPECT(c.scores == 536870912.0);        /* 1024² · 512 */
    EXPECT(c.weighted == 536870912.0);
    EXPECT(c.output == 268435456.0);        /* 1024 · 512² */
    EXPECT(c.linear == 1073741824.0);       /* 4 · N · d² */
    EXPECT(c.quadratic == 1073741824.0);    /* 2 · N² · d: equal at the crossover */
    EXPECT(c.total == 2147483648.0);
    EXPECT(c.crossover == 1024.0);
    EXPECT(c.score_entries == 1048576.0);
    EXPECT(c.layer_entries == 8.0 * 1048576.0);
}

static void test_crossover_is_twice_d_model(void) {
    int widths[] = {64, 128, 512, 768, 4096};
    for (int w = 0; w < 5; w++) {
        int d = widths[w];
        struct attn_cost below, above, c;
        EXPECT_EQ_INT(attn_cost(&c, 16, d, 1), ATTN_OK);
        EXPECT(c.crossover == 2.0 * d);
        EXPECT_EQ_INT(attn_cost(&below, 2 * d - 1, d, 1), ATTN_OK);
        EXPECT_EQ_INT(attn_cost(&above, 2 * d + 1, d, 1), ATTN_OK);
        EXPECT(below.linear > below.quadratic);
        EXPECT(above.quadratic > above.linear);
    }
}

static void test_score_table_sizes(void) {
    struct attn_cost c;
    EXPECT_EQ_INT(attn_cost(&c, 512, 512, 8), ATTN_OK);
    EXPECT(c.score_entries == 262144.0);
    EXPECT(c.score_bytes == 1048576.0);
    EXPECT_EQ_INT(attn_cost(&c, 32768, 512, 8), ATTN_OK);
    EXPECT(c.score_entries == 1073741824.0);
    EXPECT(c.score_bytes == 4294967296.0);  /* 4 GiB in float32 */
    EXPECT_EQ_INT(attn_cost(&c, 65536, 8192, 64), ATTN_OK);
    EXPECT(c.total == 4.0 * 65536 * 8192.0 * 8192 + 2.0 * 65536.0 * 65536 * 8192);
}

static void test_heads_do_not_change_the_count(void) {
    struct attn_cost one, eight, many;
    EXPECT_EQ_INT(attn_cost(&one, 300, 512, 1), ATTN_OK);
    EXPECT_EQ_INT(attn_cost(&eight, 300, 512, 8), ATTN_OK);
    EXPECT_EQ_INT(attn_cost(&many, 300, 512, 512), ATTN_OK);
    EXPECT(one.total == eight.total && eight.total == many.total);
    EXPECT(one.scores == eight.scores);
    EXPECT(eight.layer_entries == 8 * one.layer_entries);
}

static void test_bad_inputs(void) {
    struct attn_cost c;
    EXPECT_EQ_INT(attn_cost(&c, 1024, 510, 8), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn_cost(NULL, 1024, 512, 8), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_cost(&c, 0, 512, 8), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_cost(&c, 16, 0, 8), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_cost(&c, 16, 512, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_cost(&c, 16, 512, -8), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_cost(&c, 16, 8, 16), ATTN_ERR_SHAPE);
}

static const struct test tests[] = {
    TEST(test_the_formula_at_1024_and_512),
    TEST(test_crossover_is_twice_d_model),
    TEST(test_score_table_sizes),
    TEST(test_heads_do_not_change_the_count),
    TEST(test_bad_inputs),
};

RUN_TESTS(tests)
