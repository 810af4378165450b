/*
 * test_repeats.c — the induction preset's pieces in the core: the text with repeats (each
 * segment followed by its own copy, seeded, its entropy the generator's choices, its bad
 * arguments refused) and the validation loss by position (its mean is evaluate()'s loss on the
 * same windows, the weights untouched, bad arguments refused).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

enum { N = 4000 };

static void test_repeats_copy_every_segment(void) {
    char text[N + 1];
    double nats;
    EXPECT_EQ_INT(attn_corpus_repeats(text, &nats, N, 5, 5, 26, 26, 3), ATTN_OK);
    EXPECT_EQ_INT((int)strlen(text), N);
    /* h = 5 every time: each 10 characters are 5 letters and the same 5 again. */
    for (int at = 0; at + 10 <= N; at += 10) EXPECT(memcmp(text + at, text + at + 5, 5) == 0);
    for (int i = 0; i < N; i++) EXPECT(text[i] >= 'a' && text[i] <= 'z');
    /* One choice of h (ln 1 = 0) and 5 letters (ln 26 each) per 10 characters. */
    EXPECT_NEAR(nats, log(26.0) / 2, 1e-12);
}

static void test_repeats_are_seeded(void) {
    char a[N + 1], b[N + 1];
    double ha, hb;
    EXPECT_EQ_INT(attn_corpus_repeats(a, &ha, N, 4, 16, 26, 26, 7), ATTN_OK);
    EXPECT_EQ_INT(attn_corpus_repeats(b, &hb, N, 4, 16, 26, 26, 7), ATTN_OK);
    EXPECT(memcmp(a, b, N) == 0);
    EXPECT_NEAR(ha, hb, 0);
    EXPECT_EQ_INT(attn_corpus_repeats(b, &hb, N, 4, 16, 26, 26, 8), ATTN_OK);
    EXPECT(memcmp(a, b, N) != 0);
}

static void test_repeats_step_ties_each_letter_to_the_one_two_back(void) {
    char text[N + 1];
    double nats;
    /* step 3: from the third letter of a segment on, each is 0, 1 or 2 letters after the one two back. */
    EXPECT_EQ_INT(attn_corpus_repeats(text, &nats, N, 6, 6, 10, 3, 2), ATTN_OK);
    for (int at = 0; at + 12 <= N; at += 12) {
        for (int i = 2; i < 6; i++) EXPECT(((text[at + i] - text[at + i - 2]) + 10) % 10 < 3);
        for (int i = 0; i < 10; i++) EXPECT(text[at + i] - 'a' < 10);
    }
    /* Two letters of 10, then four of 3 choices, per 12 characters. */
    EXPECT_NEAR(nats, (2 * log(10.0) + 4 * log(3.0)) / 12, 1e-12);
}

static void test_repeats_refuse_bad_arguments(void) {
    char text[65];
    double nats;
    EXPECT_EQ_INT(attn_corpus_repeats(NULL, &nats, 64, 4, 8, 26, 26, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_corpus_repeats(text, NULL, 64, 4, 8, 26, 26, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_corpus_repeats(text, &nats, 0, 4, 8, 26, 26, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_corpus_repeats(text, &nats, 64, 0, 8, 26, 26, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_corpus_repeats(text, &nats, 64, 9, 8, 26, 26, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_corpus_repeats(text, &nats, 64, 4, 65, 26, 26, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_corpus_repeats(text, &nats, 64, 4, 8, 1, 1, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_corpus_repeats(text, &nats, 64, 4, 8, 27, 26, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_corpus_repeats(text, &nats, 64, 4, 8, 26, 0, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_corpus_repeats(text, &nats, 64, 4, 8, 10, 11, 1), ATTN_ERR_ARGUMENT);
}

static void test_position_loss_averages_to_the_validation_loss(void) {
    char text[N + 1];
    double nats;
    int ids[N];
    attn_corpus_repeats(text, &nats, N, 4, 8, 8, 8, 5);
    for (int i = 0; i < N; i++) ids[i] = text[i] - 'a';
    struct attn_model *m;
    EXPECT_EQ_INT(attn_model_create(&m, 8, 2, 2, 16, 16, 4, 1), ATTN_OK);
    float losses[20];
    EXPECT_EQ_INT(attn_model_train(losses, m, ids, N, 20), ATTN_OK);
    float *params;
    int count;
    attn_model_params(&params, &count, m);
    float *before = malloc(sizeof(float) * (size_t)count);
    memcpy(before, params, sizeof(float) * (size_t)count);
    double by_position[16], loss, mean = 0;
    EXPECT_EQ_INT(attn_model_position_loss(by_position, m, ids, N, 10), ATTN_OK);
    EXPECT_EQ_INT(attn_model_evaluate(&loss, m, ids, N, 10), ATTN_OK);
    for (int p = 0; p < 16; p++) {
        EXPECT(by_position[p] > 0 && isfinite(by_position[p]));
        mean += by_position[p] / 16;
    }
    EXPECT_NEAR(mean, loss, 1e-5);
    EXPECT(memcmp(before, params, sizeof(float) * (size_t)count) == 0);
    free(before);
    attn_model_free(m);
}

static void test_position_loss_refuses_bad_arguments(void) {
    int ids[40] = {0};
    double by_position[16];
    struct attn_model *m;
    attn_model_create(&m, 8, 1, 1, 8, 16, 2, 1);
    EXPECT_EQ_INT(attn_model_position_loss(NULL, m, ids, 40, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_model_position_loss(by_position, NULL, ids, 40, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_model_position_loss(by_position, m, NULL, 40, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_model_position_loss(by_position, m, ids, 40, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_model_position_loss(by_position, m, ids, 16, 4), ATTN_ERR_ARGUMENT); /* shorter than a window */
    ids[5] = 8; /* outside the vocabulary */
    EXPECT_EQ_INT(attn_model_position_loss(by_position, m, ids, 40, 4), ATTN_ERR_ARGUMENT);
    attn_model_free(m);
}

static const struct test tests[] = {
    TEST(test_repeats_copy_every_segment),
    TEST(test_repeats_are_seeded),
    TEST(test_repeats_step_ties_each_letter_to_the_one_two_back),
    TEST(test_repeats_refuse_bad_arguments),
    TEST(test_position_loss_averages_to_the_validation_loss),
    TEST(test_position_loss_refuses_bad_arguments),
};

RUN_TESTS(tests)
