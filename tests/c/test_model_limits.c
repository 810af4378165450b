/*
 * test_model_limits.c — what the JS face asks the core before it builds a model: the status
 * attn_model_check gives is attn_model_create's own, at and past every limit; the estimate it
 * compares with ATTN_MODEL_MAX_BYTES; the parameter count a weights file must hold equals the
 * built model's; and attn_model_set_learning_rate keeps every other training default.
 */
#include <math.h>
#include <stdlib.h>

#include "attn.h"
#include "harness.h"

/* attn_model_create's status for a configuration (the model, if built, is freed at once). */
static int create_status(int vocab, int layers, int heads, int d_model, int context, int batch) {
    struct attn_model *m = NULL;
    int rc = attn_model_create(&m, vocab, layers, heads, d_model, context, batch, 1);
    attn_model_free(m);
    return rc;
}

static void test_check_gives_creates_status_at_every_limit(void) {
    /* {vocab, layers, heads, d_model, context, batch}: small configurations at a limit and past it */
    const int configs[][6] = {
        {2, 1, 1, 1, 1, 1},     {1, 1, 1, 1, 1, 1},     {0, 1, 1, 1, 1, 1},
        {3, ATTN_MODEL_MAX_LAYERS, 1, 1, 1, 1},         {3, ATTN_MODEL_MAX_LAYERS + 1, 1, 1, 1, 1},
        {3, 1, ATTN_MODEL_MAX_HEADS, ATTN_MODEL_MAX_HEADS, 1, 1},
        {3, 1, ATTN_MODEL_MAX_HEADS + 1, ATTN_MODEL_MAX_HEADS + 1, 1, 1},
        {3, 1, 1, ATTN_MODEL_MAX_D_MODEL + 1, 1, 1},    {3, 1, 1, 1, ATTN_MODEL_MAX_CONTEXT + 1, 1},
        {3, 1, 1, 1, 1, ATTN_MODEL_MAX_BATCH},          {3, 1, 1, 1, 1, ATTN_MODEL_MAX_BATCH + 1},
        {ATTN_MODEL_MAX_VOCAB, 1, 1, 1, 1, 1},          {ATTN_MODEL_MAX_VOCAB + 1, 1, 1, 1, 1, 1},
        {3, 1, 3, 8, 4, 1},     {3, 0, 1, 1, 1, 1},     {3, 1, 1, 1, 1, -1},
        {3, 48, 16, 4096, 4096, 64},                    {3, 64, 64, ATTN_MODEL_MAX_D_MODEL, 8, 8},
    };
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        const int *c = configs[i];
        EXPECT_EQ_INT(attn_model_check(c[0], c[1], c[2], c[3], c[4], c[5]), create_status(c[0], c[1], c[2], c[3], c[4], c[5]));
    }
    EXPECT_EQ_INT(attn_model_check(3, ATTN_MODEL_MAX_LAYERS + 1, 1, 1, 1, 1), ATTN_ERR_MEMORY);
    EXPECT_EQ_INT(attn_model_check(3, 1, 1, 1, ATTN_MODEL_MAX_CONTEXT, 1), ATTN_OK); /* fits, not built here */
}

static void test_the_memory_limit_is_the_estimate(void) {
    /* The largest batch under ATTN_MODEL_MAX_BYTES at context 2048: check accepts it and refuses one more. */
    int batch = 0;
    for (int b = 1; b <= ATTN_MODEL_MAX_BATCH; b++) {
        double bytes = 0;
        EXPECT_EQ_INT(attn_model_estimate_bytes(&bytes, 3, 1, 1, 1, 2048, b), ATTN_OK);
        if (bytes > ATTN_MODEL_MAX_BYTES) break;
        batch = b;
    }
    EXPECT(batch >= 1 && batch < ATTN_MODEL_MAX_BATCH);
    EXPECT_EQ_INT(attn_model_check(3, 1, 1, 1, 2048, batch), ATTN_OK);
    EXPECT_EQ_INT(attn_model_check(3, 1, 1, 1, 2048, batch + 1), ATTN_ERR_MEMORY);
    double small = 0, large = 0;
    EXPECT_EQ_INT(attn_model_estimate_bytes(&small, 64, 2, 4, 64, 64, 8), ATTN_OK);
    EXPECT_EQ_INT(attn_model_estimate_bytes(&large, 64, 2, 4, 64, 64, 16), ATTN_OK);
    EXPECT(small > 0 && large > small);
    EXPECT_EQ_INT(attn_model_estimate_bytes(&small, 64, 0, 4, 64, 64, 8), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_model_estimate_bytes(NULL, 64, 2, 4, 64, 64, 8), ATTN_ERR_NULL);
}

static void test_the_parameter_count_is_the_built_models(void) {
    const int widths[] = {1, 2, 3, 5, 8, 12};
    for (int vocab = 2; vocab <= 70; vocab += 17)
        for (int layers = 1; layers <= 3; layers++)
            for (int w = 0; w < 6; w++)
                for (int context = 1; context <= 9; context += 4) {
                    struct attn_model *m = NULL;
                    if (attn_model_create(&m, vocab, layers, 1, widths[w], context, 1, 1) != ATTN_OK) {
                        EXPECT(0);
                        continue;
                    }
                    int info[ATTN_MODEL_INFO_COUNT];
                    double count = 0;
                    EXPECT_EQ_INT(attn_model_info(info, m), ATTN_OK);
                    EXPECT_EQ_INT(attn_model_param_count(&count, vocab, layers, widths[w], context), ATTN_OK);
                    EXPECT_EQ_INT((long long)count, info[ATTN_MODEL_INFO_PARAM_COUNT]);
                    attn_model_free(m);
                }
    double count = 0;
    EXPECT_EQ_INT(attn_model_param_count(&count, 64, 0, 8, 8), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_model_param_count(NULL, 64, 1, 8, 8), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_model_param_count(&count, 65536, 64, 4096, 4096), ATTN_OK); /* past int: a double */
    EXPECT(count > 2147483647.0);
}

static void test_the_learning_rate_keeps_the_other_defaults(void) {
    int data[40];
    for (int i = 0; i < 40; i++) data[i] = (i * 7) % 5;
    struct attn_model *a = NULL, *b = NULL;
    EXPECT_EQ_INT(attn_model_create(&a, 5, 1, 2, 8, 6, 2, 3), ATTN_OK);
    EXPECT_EQ_INT(attn_model_create(&b, 5, 1, 2, 8, 6, 2, 3), ATTN_OK);
    EXPECT_EQ_INT(attn_model_set_learning_rate(a, 3e-3f), ATTN_OK);
    EXPECT_EQ_INT(attn_model_set_training(b, 3e-3f, (float)(3e-3f / 10.0), 20, 2000, 0.1f, 1.0f), ATTN_OK);
    float la[30], lb[30];
    EXPECT_EQ_INT(attn_model_train(la, a, data, 40, 30), ATTN_OK);
    EXPECT_EQ_INT(attn_model_train(lb, b, data, 40, 30), ATTN_OK);
    for (int i = 0; i < 30; i++) EXPECT(la[i] == lb[i]);
    EXPECT_EQ_INT(attn_model_set_learning_rate(a, 0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_set_learning_rate(a, ATTN_MODEL_MAX_LR), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_set_learning_rate(a, NAN), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_set_learning_rate(a, nextafterf(ATTN_MODEL_MAX_LR, 0)), ATTN_OK);
    EXPECT_EQ_INT(attn_model_set_learning_rate(NULL, 1e-3f), ATTN_ERR_NULL);
    attn_model_free(a);
    attn_model_free(b);
}

static const struct test tests[] = {
    TEST(test_check_gives_creates_status_at_every_limit),
    TEST(test_the_memory_limit_is_the_estimate),
    TEST(test_the_parameter_count_is_the_built_models),
    TEST(test_the_learning_rate_keeps_the_other_defaults),
};
RUN_TESTS(tests)
