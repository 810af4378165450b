/*
 * test_decode.c — the KV-cached decoder and the samplers (c/src/model_decode.c, model_sample.c):
 * at every step t, for every layer and head, the decoder's logits, its new query's weights and
 * its cached keys and values equal the tape's full forward pass over the first t tokens (≤ 1e-5
 * relative); its work counts are attn_decode_cost's; it refuses to pass the context or to take
 * a token outside the vocabulary, and keeps its state; cached and uncached sampling give the same
 * characters for several models, temperatures and lengths, past the context too.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "fast_common.h"
#include "harness.h"

#define TOLERANCE 1e-5

/* A model whose parameters are random of size `scale` (a fresh model's are 0.02 wide: its
 * attention is nearly uniform, and every test would pass on near-constant rows). */
static struct attn_model *random_model(int vocab, int layers, int heads, int c, int ctx, uint32_t seed, float scale) {
    struct attn_model *m = NULL;
    EXPECT_EQ_INT(attn_model_create(&m, vocab, layers, heads, c, ctx, 1, seed), ATTN_OK);
    float *p;
    int count;
    attn_model_params(&p, &count, m);
    fill_random(p, (size_t)count, seed * 7 + 1, scale);
    return m;
}

/* Checks the decoder against the forward pass, built from the model's pieces so that each
 * layer's keys and values can be read, at every t = 1..T. Returns the largest difference. */
static double decoder_vs_forward(struct attn_model *m, const int *tokens, int T) {
    int config[ATTN_MODEL_INFO_COUNT];
    attn_model_info(config, m);
    const int v = config[ATTN_MODEL_INFO_VOCAB], L = config[ATTN_MODEL_INFO_LAYERS], H = config[ATTN_MODEL_INFO_HEADS];
    const int c = config[ATTN_MODEL_INFO_D_MODEL], D = c / H;
    struct attn_decoder *d = NULL;
    EXPECT_EQ_INT(attn_decoder_create(&d, m), ATTN_OK);
    struct attn_tape *tape;
    attn_model_tape(&tape, m);
    float *logits = malloc(sizeof(float) * (size_t)v), *weights = malloc(sizeof(float) * (size_t)L * H * T);
    float *keys = malloc(sizeof(float) * (size_t)T * D), *values = malloc(sizeof(float) * (size_t)T * D);
    float *maps = malloc(sizeof(float) * (size_t)L * H * T * T);
    double worst = 0;
    for (int t = 1; t <= T; t++) {
        EXPECT_EQ_INT(attn_decoder_step(logits, weights, d, tokens[t - 1]), ATTN_OK);
        int length = 0;
        attn_decoder_length(&length, d);
        EXPECT_EQ_INT(length, t);
        /* The tape, by pieces: every layer's k and v nodes, then the logits. */
        attn_tape_reset(tape);
        int x, q, k[8], vv[8], y, w, out;
        EXPECT_EQ_INT(attn_model_embed(&x, m, tokens, 1, t), ATTN_OK);
        for (int l = 0; l < L; l++) {
            EXPECT_EQ_INT(attn_model_qkv(&q, &k[l], &vv[l], m, l, x), ATTN_OK);
            EXPECT_EQ_INT(attn_model_attention(&y, &w, m, q, k[l], vv[l]), ATTN_OK);
            float *wdata;
            attn_tape_data(&wdata, tape, w);
            memcpy(maps + (size_t)l * H * t * t, wdata, sizeof(float) * (size_t)H * t * t);
            EXPECT_EQ_INT(attn_model_block_out(&x, m, l, x, y), ATTN_OK);
        }
        EXPECT_EQ_INT(attn_model_head(&out, m, x), ATTN_OK);
        float *full;
        attn_tape_data(&full, tape, out);
        double diff = max_relative_difference(logits, full + (size_t)(t - 1) * v, (size_t)v);
        if (diff > worst) worst = diff;
        for (int l = 0; l < L; l++) {
            struct attn_kv_cache *cache;
            EXPECT_EQ_INT(attn_decoder_layer_cache(&cache, d, l), ATTN_OK);
            float *kd, *vd;
            attn_tape_data(&kd, tape, k[l]);
            attn_tape_data(&vd, tape, vv[l]);
            for (int h = 0; h < H; h++) {
                /* The new query's row: the last row of the layer's causal map. */
                diff = max_relative_difference(weights + ((size_t)l * H + h) * t,
                                               maps + (((size_t)l * H + h) * t + (t - 1)) * t, (size_t)t);
                if (diff > worst) worst = diff;
                EXPECT_EQ_INT(attn_kv_cache_read(keys, values, cache, h), ATTN_OK);
                for (int j = 0; j < t; j++) {
                    diff = max_relative_difference(keys + (size_t)j * D, kd + (size_t)j * c + h * D, (size_t)D);
                    if (diff > worst) worst = diff;
                    diff = max_relative_difference(values + (size_t)j * D, vd + (size_t)j * c + h * D, (size_t)D);
                    if (diff > worst) worst = diff;
                }
            }
        }
        /* The work it did is the formula's. */
        struct attn_decode_cost cost;
        double work[2];
        EXPECT_EQ_INT(attn_decode_cost(&cost, v, L, c, t), ATTN_OK);
        EXPECT_EQ_INT(attn_decoder_work(work, d), ATTN_OK);
        EXPECT(work[0] == cost.cached_attention);
        EXPECT(work[1] == cost.cached_total);
    }
    free(logits), free(weights), free(keys), free(values), free(maps);
    attn_decoder_free(d);
    return worst;
}

static void test_every_step_equals_the_full_forward_pass(void) {
    const int shapes[][5] = {
        /* vocab, layers, heads, d_model, context */
        {7, 1, 1, 4, 6},
        {11, 2, 4, 16, 12},
        {29, 2, 4, 64, 64}, /* the shipped model's shape */
        {5, 3, 2, 8, 9},
    };
    for (int s = 0; s < 4; s++) {
        const int *sh = shapes[s];
        struct attn_model *m = random_model(sh[0], sh[1], sh[2], sh[3], sh[4], 3 + s, 0.4f);
        int tokens[64];
        for (int i = 0; i < sh[4]; i++) tokens[i] = (i * 7 + s) % sh[0];
        double worst = decoder_vs_forward(m, tokens, sh[4]);
        printf("    shape %d: largest difference %.3g\n", s, worst);
        EXPECT(worst <= TOLERANCE);
        attn_model_free(m);
    }
}

static void test_the_context_and_the_vocabulary_are_refused_and_the_state_kept(void) {
    struct attn_model *m = random_model(6, 1, 2, 8, 4, 5, 0.3f);
    struct attn_decoder *d = NULL;
    EXPECT_EQ_INT(attn_decoder_create(&d, m), ATTN_OK);
    float logits[6], before[6], weights[2 * 5];
    for (int t = 0; t < 4; t++) EXPECT_EQ_INT(attn_decoder_step(logits, weights, d, t % 6), ATTN_OK);
    memcpy(before, logits, sizeof logits);
    EXPECT_EQ_INT(attn_decoder_step(logits, weights, d, 1), ATTN_ERR_ARGUMENT); /* a fifth position */
    EXPECT(memcmp(before, logits, sizeof logits) == 0);
    int length = 0;
    attn_decoder_length(&length, d);
    EXPECT_EQ_INT(length, 4);
    EXPECT_EQ_INT(attn_decoder_reset(d), ATTN_OK);
    attn_decoder_length(&length, d);
    EXPECT_EQ_INT(length, 0);
    EXPECT_EQ_INT(attn_decoder_step(logits, NULL, d, 6), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_decoder_step(logits, NULL, d, -1), ATTN_ERR_ARGUMENT);
    attn_decoder_length(&length, d);
    EXPECT_EQ_INT(length, 0);
    /* After a reset the same tokens give the same logits. */
    for (int t = 0; t < 4; t++) EXPECT_EQ_INT(attn_decoder_step(logits, NULL, d, t % 6), ATTN_OK);
    EXPECT(memcmp(before, logits, sizeof logits) == 0);
    struct attn_kv_cache *cache;
    EXPECT_EQ_INT(attn_decoder_layer_cache(&cache, d, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_decoder_layer_cache(&cache, d, -1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_decoder_layer_cache(NULL, d, 0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_decoder_step(NULL, NULL, d, 0), ATTN_ERR_NULL);
    attn_decoder_free(d);
    struct attn_decoder *none = NULL;
    EXPECT_EQ_INT(attn_decoder_create(NULL, m), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_decoder_create(&none, NULL), ATTN_ERR_NULL);
    EXPECT(none == NULL);
    EXPECT_EQ_INT(attn_decoder_free(NULL), ATTN_OK);
    attn_model_free(m);
}

/* Cached and uncached sampling: the same characters. */
static void same_samples(struct attn_model *m, const int *prompt, int p, int length, float temperature, unsigned seed) {
    int *a = malloc(sizeof(int) * (size_t)length), *b = malloc(sizeof(int) * (size_t)length);
    EXPECT_EQ_INT(attn_model_sample(a, m, prompt, p, length, temperature, seed), ATTN_OK);
    EXPECT_EQ_INT(attn_model_sample_uncached(b, m, prompt, p, length, temperature, seed), ATTN_OK);
    int first = -1;
    for (int i = 0; i < length && first < 0; i++)
        if (a[i] != b[i]) first = i;
    if (first >= 0) printf("    p %d, length %d, T %g: first difference at %d\n", p, length, temperature, first);
    EXPECT(first < 0);
    free(a), free(b);
}

static void test_cached_and_uncached_sampling_give_the_same_characters(void) {
    const int shapes[][5] = {{7, 1, 1, 4, 6}, {13, 2, 4, 16, 16}, {29, 2, 4, 64, 64}};
    const float temperatures[] = {0.0f, 0.5f, 1.0f, 2.0f};
    for (int s = 0; s < 3; s++) {
        const int *sh = shapes[s];
        struct attn_model *m = random_model(sh[0], sh[1], sh[2], sh[3], sh[4], 11 + s, 0.3f);
        int prompt[100];
        for (int i = 0; i < 100; i++) prompt[i] = (i * 5 + 2) % sh[0];
        const int ctx = sh[4];
        /* The shipped model's shape at two temperatures (its uncached twin is the slow part). */
        for (int ti = s == 2 ? 1 : 0; ti < 4; ti += s == 2 ? 2 : 1) {
            same_samples(m, prompt, 1, 1, temperatures[ti], 1);
            same_samples(m, prompt, 3, ctx - 3, temperatures[ti], 2);          /* fills the context exactly */
            same_samples(m, prompt, 2, ctx + 5, temperatures[ti], 3);          /* past it: the window slides */
            same_samples(m, prompt, ctx + 3, 2 * ctx, temperatures[ti], 4);    /* a prompt longer than the context */
        }
        attn_model_free(m);
    }
}

static void test_sampling_refuses_what_it_always_refused(void) {
    struct attn_model *m = random_model(6, 1, 2, 8, 4, 5, 0.3f);
    int prompt[2] = {1, 7}, out[3];
    EXPECT_EQ_INT(attn_model_sample(out, m, prompt, 2, 3, 1.0f, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_sample_uncached(out, m, prompt, 2, 3, 1.0f, 1), ATTN_ERR_ARGUMENT);
    prompt[1] = 2;
    EXPECT_EQ_INT(attn_model_sample(out, m, prompt, 2, 3, -1.0f, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_sample(out, m, prompt, 2, 3, NAN, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_sample(out, m, prompt, 0, 3, 1.0f, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_model_sample(out, m, prompt, 2, 0, 1.0f, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_model_sample(NULL, m, prompt, 2, 3, 1.0f, 1), ATTN_ERR_NULL);
    attn_model_free(m);
}

static void test_the_distribution_sums_to_one(void) {
    const float logits[5] = {1.0f, 3.0f, -2.0f, 3.0f, 0.5f};
    float p[5];
    EXPECT_EQ_INT(attn_sample_distribution(p, logits, 1.0f, 5), ATTN_OK);
    double sum = 0, z = 0;
    for (int j = 0; j < 5; j++) sum += p[j], z += exp(logits[j] - 3.0);
    EXPECT_NEAR(sum, 1.0, 1e-6);
    EXPECT_NEAR(p[1], 1.0 / z, 1e-7);
    EXPECT_EQ_INT(attn_sample_distribution(p, logits, 0.0f, 5), ATTN_OK);
    EXPECT(p[1] == 1.0f && p[3] == 0.0f && p[0] == 0.0f); /* the first of equals */
    EXPECT_EQ_INT(attn_sample_distribution(p, logits, 101.0f, 5), ATTN_ERR_ARGUMENT);
    const float bad[2] = {0.0f, NAN};
    EXPECT_EQ_INT(attn_sample_distribution(p, bad, 1.0f, 2), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_sample_distribution(p, logits, 1.0f, 0), ATTN_ERR_SIZE);
}

static const struct test tests[] = {
    TEST(test_every_step_equals_the_full_forward_pass),
    TEST(test_the_context_and_the_vocabulary_are_refused_and_the_state_kept),
    TEST(test_cached_and_uncached_sampling_give_the_same_characters),
    TEST(test_sampling_refuses_what_it_always_refused),
    TEST(test_the_distribution_sums_to_one),
};

RUN_TESTS(tests)
