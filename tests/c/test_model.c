/*
 * test_model.c — the character transformer: gradient check of the whole model on a few
 * parameters, training on the default corpus falls below the unigram entropy, the same seed
 * gives the same losses, the maps are causal, and bad configurations are refused.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

/* Maps characters to ids 0..V-1 in order of first appearance; returns V. */
static int tokenize(int *ids, const char *text, int n, double *unigram) {
    int map[256], vocab = 0;
    double counts[256] = {0};
    for (int i = 0; i < 256; i++) map[i] = -1;
    for (int i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        if (map[c] < 0) map[c] = vocab++;
        ids[i] = map[c];
        counts[map[c]]++;
    }
    double h = 0;
    for (int i = 0; i < vocab; i++) h -= counts[i] / n * log(counts[i] / n);
    *unigram = h;
    return vocab;
}

static void test_corpus_is_seeded_and_knows_its_entropy(void) {
    char a[20001], b[20001];
    double ha, hb;
    EXPECT_EQ_INT(attn_corpus_generate(a, &ha, 20000, 7), ATTN_OK);
    EXPECT_EQ_INT(attn_corpus_generate(b, &hb, 20000, 7), ATTN_OK);
    EXPECT(memcmp(a, b, 20000) == 0);
    EXPECT_NEAR(ha, hb, 0);
    EXPECT(ha > 0.2 && ha < 1.0);
    EXPECT_EQ_INT((int)strlen(a), 20000);
    /* Quotes and brackets close within each sentence. */
    int quotes = 0, open = 0;
    for (int i = 0; i < 20000 && a[i]; i++) {
        if (a[i] == '"') quotes++;
        if (a[i] == '(') { open++; EXPECT(open == 1); }
        if (a[i] == ')') { open--; EXPECT(open == 0); }
        if (a[i] == '\n') EXPECT(quotes % 2 == 0 && open == 0);
    }
    EXPECT_EQ_INT(attn_corpus_generate(a, &ha, 20000, 8), ATTN_OK);
    EXPECT(memcmp(a, b, 20000) != 0);
    EXPECT_EQ_INT(attn_corpus_generate(a, &ha, 0, 8), ATTN_ERR_SIZE);
}

static void test_whole_model_gradient_matches_finite_differences(void) {
    struct attn_model *m;
    EXPECT_EQ_INT(attn_model_create(&m, 7, 2, 2, 8, 6, 2, 3), ATTN_OK);
    int tokens[12], targets[12];
    for (int i = 0; i < 12; i++) tokens[i] = (i * 5 + 1) % 7, targets[i] = (i * 3 + 2) % 7;
    struct attn_tape *t;
    attn_model_tape(&t, m);
    float *p, *g;
    int count, loss;
    attn_model_params(&p, &count, m);
    /* Perturb the parameters so that biases and gains are not at their special initial values. */
    for (int i = 0; i < count; i++) p[i] += 0.3f * (float)sin(i * 12.9898);
    EXPECT_EQ_INT(attn_model_forward(&loss, NULL, NULL, m, tokens, targets, 2, 6), ATTN_OK);
    attn_tape_zero_grad(t);
    EXPECT_EQ_INT(attn_tape_backward(t, loss, NULL), ATTN_OK);
    attn_tape_grad(&g, t, 0);
    float *analytic = malloc(sizeof(float) * count);
    memcpy(analytic, g, sizeof(float) * count); /* parameters are one block from id 0 */
    double worst = 0;
    for (int i = 0; i < count; i += 37) {
        const float saved = p[i];
        const double h = 3e-3;
        float *v;
        p[i] = (float)(saved + h);
        attn_model_forward(&loss, NULL, NULL, m, tokens, targets, 2, 6);
        attn_tape_data(&v, t, loss);
        const double up = v[0];
        p[i] = (float)(saved - h);
        attn_model_forward(&loss, NULL, NULL, m, tokens, targets, 2, 6);
        attn_tape_data(&v, t, loss);
        const double down = v[0];
        p[i] = saved;
        const double numeric = (up - down) / ((double)(float)(saved + h) - (double)(float)(saved - h));
        const double err = fabs(numeric - analytic[i]) / (1e-2 + fabs(numeric));
        if (err > worst) worst = err;
    }
    printf("     whole model: worst relative error %.2e over %d parameters\n", worst, count / 37);
    EXPECT(worst < 3e-2);
    free(analytic);
    attn_model_free(m);
}

static void train_losses(float *losses, int steps, unsigned seed, double *unigram, double *val) {
    static char text[60001];
    static int ids[60000];
    double floor;
    attn_corpus_generate(text, &floor, 60000, 1);
    int vocab = tokenize(ids, text, 60000, unigram);
    struct attn_model *m;
    EXPECT_EQ_INT(attn_model_create(&m, vocab, 2, 4, 32, 32, 4, seed), ATTN_OK);
    EXPECT_EQ_INT(attn_model_set_training(m, 3e-3f, 3e-4f, 20, steps, 0.1f, 1.0f), ATTN_OK);
    EXPECT_EQ_INT(attn_model_train(losses, m, ids, 54000, steps), ATTN_OK);
    if (val) EXPECT_EQ_INT(attn_model_evaluate(val, m, ids + 54000, 6000, 64), ATTN_OK);
    attn_model_free(m);
}

static void test_training_beats_the_unigram_baseline_and_is_deterministic(void) {
    enum { STEPS = 100 };
    float a[STEPS], b[STEPS];
    double unigram, val;
    train_losses(a, STEPS, 5, &unigram, &val);
    train_losses(b, STEPS, 5, &unigram, NULL);
    EXPECT(memcmp(a, b, sizeof a) == 0);
    double last = 0;
    for (int i = STEPS - 10; i < STEPS; i++) last += a[i] / 10;
    printf("     first loss %.3f, last 10 mean %.3f, validation %.3f, unigram %.3f nats\n", a[0], last, val, unigram);
    EXPECT(a[0] > unigram);
    EXPECT(last < unigram);
    EXPECT(val < unigram);
}

static void test_attention_maps_are_causal_rows(void) {
    struct attn_model *m;
    EXPECT_EQ_INT(attn_model_create(&m, 5, 2, 2, 8, 8, 1, 1), ATTN_OK);
    int tokens[6] = {0, 1, 2, 3, 4, 0};
    float w[2 * 2 * 36];
    EXPECT_EQ_INT(attn_model_attention_maps(w, m, tokens, 6), ATTN_OK);
    for (int map = 0; map < 4; map++)
        for (int i = 0; i < 6; i++) {
            double s = 0;
            for (int j = 0; j < 6; j++) {
                s += w[map * 36 + i * 6 + j];
                if (j > i) EXPECT(w[map * 36 + i * 6 + j] == 0.0f);
            }
            EXPECT_NEAR(s, 1, 1e-5);
        }
    EXPECT_EQ_INT(attn_model_attention_maps(w, m, tokens, 9), ATTN_ERR_ARGUMENT);
    int out[5];
    EXPECT_EQ_INT(attn_model_sample(out, m, tokens, 3, 5, 1.0f, 9), ATTN_OK);
    for (int i = 0; i < 5; i++) EXPECT(out[i] >= 0 && out[i] < 5);
    attn_model_free(m);
}

static void test_bad_configurations_are_refused(void) {
    struct attn_model *m = (struct attn_model *)1;
    EXPECT_EQ_INT(attn_model_create(&m, 1, 2, 2, 8, 8, 1, 1), ATTN_ERR_ARGUMENT);
    EXPECT(m == NULL);
    EXPECT_EQ_INT(attn_model_create(&m, 5, 2, 3, 8, 8, 1, 1), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn_model_create(&m, 5, 2, 2, 0, 8, 1, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_model_create(&m, 5, 48, 16, 4096, 4096, 64, 1), ATTN_ERR_MEMORY);
    EXPECT_EQ_INT(attn_model_create(&m, 5, 1, 1, 4, 8, 1, 1), ATTN_OK);
    int data[5] = {0, 1, 2, 3, 4};
    float losses[1];
    EXPECT_EQ_INT(attn_model_train(losses, m, data, 5, 1), ATTN_ERR_ARGUMENT); /* shorter than a window */
    attn_model_free(m);
}

/* Found by fuzz_weights: a loaded step count of INT_MAX made the next training step overflow it
 * (signed overflow, UBSan). The step is refused instead, and the model is left as it was. */
static void test_a_step_count_at_its_limit_is_refused(void) {
    struct attn_model *m = NULL;
    EXPECT_EQ_INT(attn_model_create(&m, 3, 1, 1, 4, 4, 1, 1), ATTN_OK);
    EXPECT_EQ_INT(attn_model_set_step(m, -1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_set_step(m, INT_MAX), ATTN_OK);
    int data[12] = {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2};
    float losses[1];
    EXPECT_EQ_INT(attn_model_train(losses, m, data, 12, 1), ATTN_ERR_ARGUMENT);
    int info[8];
    EXPECT_EQ_INT(attn_model_info(info, m), ATTN_OK);
    EXPECT_EQ_INT(info[6], INT_MAX);
    attn_model_free(m);
}

/* Found by fuzz_model_steps (tests/fuzz/regressions/model-one-wide): a model of width 1 (or
 * context 1) was created, but its one-row matrices were made 1-D, so its first step was refused
 * with ATTN_ERR_SHAPE. Every size the constructor accepts must train, by the pieces and whole. */
static void test_a_model_one_wide_or_one_long_trains(void) {
    const int shapes[][2] = {{1, 2}, {1, 1}, {4, 1}}; /* d_model, context */
    int data[12] = {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2};
    for (int i = 0; i < 3; i++) {
        struct attn_model *m = NULL;
        EXPECT_EQ_INT(attn_model_create(&m, 3, 2, 1, shapes[i][0], shapes[i][1], 2, 7), ATTN_OK);
        float losses[2] = {NAN, NAN};
        EXPECT_EQ_INT(attn_model_train(losses, m, data, 12, 2), ATTN_OK);
        EXPECT(isfinite(losses[0]) && isfinite(losses[1]));
        int tokens[2] = {0, 1}, targets[2] = {1, 2}, loss = -1, logits = -1;
        EXPECT_EQ_INT(attn_model_forward(&loss, &logits, NULL, m, tokens, targets, 2, 1), ATTN_OK);
        EXPECT_EQ_INT(attn_model_update(NULL, NULL, m), ATTN_OK);
        attn_model_free(m);
    }
}

/* attn_model_blend_grads: each entry own·g + other·o in double, rounded once; bad input refused
 * and the gradients left as they were. */
static void test_blend_grads_is_exact_and_refuses_bad_weights(void) {
    struct attn_model *m = NULL;
    EXPECT_EQ_INT(attn_model_create(&m, 5, 1, 2, 8, 4, 2, 3), ATTN_OK);
    int tokens[8] = {0, 1, 2, 3, 4, 0, 1, 2}, targets[8] = {1, 2, 3, 4, 0, 1, 2, 3}, loss = -1;
    EXPECT_EQ_INT(attn_model_forward(&loss, NULL, NULL, m, tokens, targets, 2, 4), ATTN_OK);
    struct attn_tape *t = NULL;
    EXPECT_EQ_INT(attn_model_tape(&t, m), ATTN_OK);
    EXPECT_EQ_INT(attn_tape_zero_grad(t), ATTN_OK);
    EXPECT_EQ_INT(attn_tape_backward(t, loss, NULL), ATTN_OK);
    float *params = NULL, *grads = NULL;
    int count = 0;
    EXPECT_EQ_INT(attn_model_params(&params, &count, m), ATTN_OK);
    EXPECT_EQ_INT(attn_tape_grad(&grads, t, 0), ATTN_OK);
    float *other = malloc(sizeof(float) * (size_t)count), *before = malloc(sizeof(float) * (size_t)count);
    for (int i = 0; i < count; i++) other[i] = 0.001f * (float)(i % 97) - 0.05f;
    memcpy(before, grads, sizeof(float) * (size_t)count);
    EXPECT_EQ_INT(attn_model_blend_grads(m, NULL, 0.5, 0.5), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_model_blend_grads(NULL, other, 0.5, 0.5), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_model_blend_grads(m, other, NAN, 0.5), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_blend_grads(m, other, 0.5, INFINITY), ATTN_ERR_ARGUMENT);
    EXPECT(memcmp(before, grads, sizeof(float) * (size_t)count) == 0);
    const double a = 2.0 / 3.0, b = 1.0 / 3.0;
    EXPECT_EQ_INT(attn_model_blend_grads(m, other, a, b), ATTN_OK);
    int exact = 1;
    for (int i = 0; i < count; i++) exact &= grads[i] == (float)(a * (double)before[i] + b * (double)other[i]);
    EXPECT(exact);
    free(other);
    free(before);
    attn_model_free(m);
}

static const struct test tests[] = {
    TEST(test_corpus_is_seeded_and_knows_its_entropy),
    TEST(test_blend_grads_is_exact_and_refuses_bad_weights),
    TEST(test_whole_model_gradient_matches_finite_differences),
    TEST(test_training_beats_the_unigram_baseline_and_is_deterministic),
    TEST(test_attention_maps_are_causal_rows),
    TEST(test_bad_configurations_are_refused),
    TEST(test_a_step_count_at_its_limit_is_refused),
    TEST(test_a_model_one_wide_or_one_long_trains),
};
RUN_TESTS(tests)
