/*
 * test_attention_table.c — the textbook kernel that keeps the whole table (attention_table.c)
 * against its plain twin, attn_attention: the same outputs (≤ 1e-5 relative) for square and
 * rectangular shapes, and its table holds the weights afterwards (each row sums to 1); bad input.
 */
#include <math.h>
#include <stdlib.h>

#include "attn.h"
#include "fast_common.h"
#include "harness.h"

static double table_vs_twin(int n, int m, int dk, int dv, uint32_t seed) {
    float *q = malloc(sizeof(float) * (size_t)n * dk), *k = malloc(sizeof(float) * (size_t)m * dk);
    float *v = malloc(sizeof(float) * (size_t)m * dv), *out = malloc(sizeof(float) * (size_t)n * dv);
    float *twin = malloc(sizeof(float) * (size_t)n * dv), *table = malloc(sizeof(float) * (size_t)n * m);
    fill_random(q, (size_t)n * dk, seed, 2.0f);
    fill_random(k, (size_t)m * dk, seed + 1, 2.0f);
    fill_random(v, (size_t)m * dv, seed + 2, 1.0f);
    int floats = 0;
    EXPECT_EQ_INT(attn_attention_table_workspace(&floats, n, m, dk, dv), ATTN_OK);
    float *work = malloc(sizeof(float) * (size_t)floats);
    EXPECT_EQ_INT(attn_attention_table(out, table, work, q, k, v, n, m, dk, dv), ATTN_OK);
    EXPECT_EQ_INT(attn_attention(twin, NULL, NULL, q, k, v, ATTN_MASK_NONE, NULL, 1, n, m, dk, dv), ATTN_OK);
    for (int i = 0; i < n; i++) {
        double sum = 0;
        for (int j = 0; j < m; j++) sum += table[(size_t)i * m + j];
        EXPECT_NEAR(sum, 1.0, 1e-5);
    }
    const double d = max_relative_difference(out, twin, (size_t)n * dv);
    free(q), free(k), free(v), free(out), free(twin), free(table), free(work);
    return d;
}

static void test_the_table_kernel_equals_its_twin(void) {
    EXPECT(table_vs_twin(1, 1, 1, 1, 1) <= 1e-5);
    EXPECT(table_vs_twin(64, 64, 16, 16, 2) <= 1e-5);
    EXPECT(table_vs_twin(37, 91, 7, 13, 3) <= 1e-5);
    EXPECT(table_vs_twin(300, 20, 64, 64, 4) <= 1e-5);
}

static void test_bad_input(void) {
    float x[4] = {0}, out[4], table[4], work[4];
    int floats;
    EXPECT_EQ_INT(attn_attention_table_workspace(NULL, 1, 1, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_attention_table_workspace(&floats, 0, 1, 1, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_attention_table(out, NULL, work, x, x, x, 1, 1, 1, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_attention_table(out, table, work, x, x, x, 1, -1, 1, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_attention_table(out, table, work, x, x, x, 65536, 65536, 1, 1), ATTN_ERR_OVERFLOW);
}

static const struct test tests[] = {
    TEST(test_the_table_kernel_equals_its_twin),
    TEST(test_bad_input),
};

RUN_TESTS(tests)
