/*
 * test_heads.c — multi-head attention (§6.6): every head's weight rows sum to 1, the
 * concatenation keeps head order, each head equals single-head attention on its own slice,
 * h = 1 with W^O = I equals single-head attention, 8 heads × 64 = 512 works, d_model = 510 with
 * 8 heads is refused, and every other bad input.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

/* xorshift32 floats in [-scale, scale): test inputs only. */
static void fill(float *x, size_t count, uint32_t seed, float scale) {
    uint32_t s = seed ? seed : 1;
    for (size_t i = 0; i < count; i++) {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        x[i] = ((float)(s >> 8) / 16777216.0f * 2.0f - 1.0f) * scale;
    }
}

struct problem {
    int n, d, h;
    float *x, *wq, *wk, *wv, *wo;
    float *out, *weights, *head_out, *concat, *work;
};

static struct problem make(int n, int d, int h, uint32_t seed) {
    struct problem p = {.n = n, .d = d, .h = h};
    size_t nd = (size_t)n * d, dd = (size_t)d * d;
    p.x = malloc(nd * 4), p.wq = malloc(dd * 4), p.wk = malloc(dd * 4), p.wv = malloc(dd * 4), p.wo = malloc(dd * 4);
    fill(p.x, nd, seed, 1), fill(p.wq, dd, seed + 1, 1), fill(p.wk, dd, seed + 2, 1);
    fill(p.wv, dd, seed + 3, 1), fill(p.wo, dd, seed + 4, 1);
    p.out = calloc(nd, 4), p.concat = calloc(nd, 4), p.head_out = calloc(nd, 4);
    p.weights = calloc((size_t)(h > 0 ? h : 1) * n * n, 4);
    p.work = calloc(4 * nd, 4);
    return p;
}

static void release(struct problem *p) {
    free(p->x), free(p->wq), free(p->wk), free(p->wv), free(p->wo);
    free(p->out), free(p->concat), free(p->head_out), free(p->weights), free(p->work);
}

static int run(struct problem *p, int mask_kind, const float *mask, int *empty) {
    return attn_multihead(p->out, p->weights, p->head_out, p->concat, empty, p->work, p->x,
                          p->wq, p->wk, p->wv, p->wo, mask_kind, mask, p->n, p->d, p->h);
}

static void test_each_heads_rows_sum_to_one(void) {
    for (int kind = ATTN_MASK_NONE; kind <= ATTN_MASK_CAUSAL; kind++) {
        struct problem p = make(7, 12, 3, 11 + kind);
        int empty = -1;
        EXPECT_EQ_INT(run(&p, kind, NULL, &empty), ATTN_OK);
        EXPECT_EQ_INT(empty, 0);
        double worst = 0;
        for (int r = 0; r < p.h * p.n; r++) {
            double sum = 0;
            for (int j = 0; j < p.n; j++) sum += p.weights[(size_t)r * p.n + j];
            worst = fmax(worst, fabs(sum - 1));
        }
        EXPECT(worst < 1e-5);
        if (kind == ATTN_MASK_CAUSAL) EXPECT(p.weights[1] == 0.0f); /* head 0, query 0, key 1 */
        release(&p);
    }
}

/* Head h recomputed by hand: Q_h = X·W^Q[:, h·DH..], then attn_attention on that slice. */
static void test_each_head_is_attention_on_its_slice_and_concat_keeps_order(void) {
    struct problem p = make(5, 8, 4, 21);
    EXPECT_EQ_INT(run(&p, ATTN_MASK_CAUSAL, NULL, NULL), ATTN_OK);
    int n = p.n, d = p.d, dh = d / p.h;
    float *q = malloc((size_t)n * dh * 4), *k = malloc((size_t)n * dh * 4), *v = malloc((size_t)n * dh * 4);
    float *w = malloc((size_t)n * n * 4), *o = malloc((size_t)n * dh * 4), *slice = malloc((size_t)d * dh * 4);
    double worst_out = 0, worst_w = 0, worst_cat = 0;
    for (int h = 0; h < p.h; h++) {
        const float *mats[3] = {p.wq, p.wk, p.wv};
        float *dst[3] = {q, k, v};
        for (int m = 0; m < 3; m++) {
            for (int r = 0; r < d; r++)
                for (int c = 0; c < dh; c++) slice[r * dh + c] = mats[m][r * d + h * dh + c];
            EXPECT_EQ_INT(attn_matmul(dst[m], p.x, slice, 0, n, d, dh), ATTN_OK);
        }
        struct attn_steps steps = {.weights = w};
        EXPECT_EQ_INT(attn_attention(o, &steps, NULL, q, k, v, ATTN_MASK_CAUSAL, NULL, 1, n, n, dh, dh), ATTN_OK);
        for (int i = 0; i < n * dh; i++) worst_out = fmax(worst_out, fabs(o[i] - p.head_out[h * n * dh + i]));
        for (int i = 0; i < n * n; i++) worst_w = fmax(worst_w, fabs(w[i] - p.weights[h * n * n + i]));
        /* The concatenation keeps head order: head h fills features h·DH .. (h+1)·DH-1. */
        for (int i = 0; i < n; i++)
            for (int c = 0; c < dh; c++)
                worst_cat = fmax(worst_cat, fabs(p.concat[i * d + h * dh + c] - o[i * dh + c]));
    }
    EXPECT(worst_out < 1e-5);
    EXPECT(worst_w < 1e-5);
    EXPECT(worst_cat < 1e-5);
    /* And out = concat · W^O. */
    float *want = malloc((size_t)n * d * 4);
    EXPECT_EQ_INT(attn_matmul(want, p.concat, p.wo, 0, n, d, d), ATTN_OK);
    double worst = 0;
    for (int i = 0; i < n * d; i++) worst = fmax(worst, fabs(want[i] - p.out[i]));
    EXPECT(worst < 1e-5);
    free(q), free(k), free(v), free(w), free(o), free(slice), free(want);
    release(&p);
}

static void test_one_head_with_identity_output_is_single_head_attention(void) {
    struct problem p = make(6, 5, 1, 31);
    for (int i = 0; i < 25; i++) p.wo[i] = (i % 6 == 0) ? 1.0f : 0.0f;
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_OK);
    float q[30], k[30], v[30], w[36], o[30];
    EXPECT_EQ_INT(attn_matmul(q, p.x, p.wq, 0, 6, 5, 5), ATTN_OK);
    EXPECT_EQ_INT(attn_matmul(k, p.x, p.wk, 0, 6, 5, 5), ATTN_OK);
    EXPECT_EQ_INT(attn_matmul(v, p.x, p.wv, 0, 6, 5, 5), ATTN_OK);
    struct attn_steps steps = {.weights = w};
    EXPECT_EQ_INT(attn_attention(o, &steps, NULL, q, k, v, ATTN_MASK_NONE, NULL, 1, 6, 6, 5, 5), ATTN_OK);
    for (int i = 0; i < 30; i++) EXPECT_NEAR(p.out[i], o[i], 1e-5);
    for (int i = 0; i < 36; i++) EXPECT_NEAR(p.weights[i], w[i], 1e-6);
    release(&p);
}

static void test_optional_outputs_may_be_null(void) {
    struct problem p = make(4, 6, 2, 41);
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_OK);
    float out[24];
    EXPECT_EQ_INT(attn_multihead(out, NULL, NULL, NULL, NULL, p.work, p.x, p.wq, p.wk, p.wv, p.wo,
                                 ATTN_MASK_NONE, NULL, 4, 6, 2), ATTN_OK);
    for (int i = 0; i < 24; i++) EXPECT(out[i] == p.out[i]);
    release(&p);
}

static void test_eight_heads_of_64_make_512(void) {
    struct problem p = make(3, 512, 8, 51);
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_OK);
    for (int r = 0; r < 8 * 3; r++) {
        double sum = 0;
        for (int j = 0; j < 3; j++) sum += p.weights[r * 3 + j];
        EXPECT_NEAR(sum, 1, 1e-5);
    }
    EXPECT(isfinite(p.out[0]) && isfinite(p.out[3 * 512 - 1]));
    release(&p);
}

static void test_d_model_not_divisible_by_heads_is_refused(void) {
    struct problem p = make(2, 510, 8, 61);
    memset(p.out, 0x7f, 4); /* untouched on refusal */
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_ERR_SHAPE);
    unsigned char first = ((unsigned char *)p.out)[0];
    EXPECT_EQ_INT(first, 0x7f);
    p.h = 7;
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_ERR_SHAPE);
    p.h = 1020; /* more heads than features */
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_ERR_SHAPE);
    p.h = 5; /* 510 = 5 · 102 */
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_OK);
    EXPECT(strstr(attn_status_string(ATTN_ERR_SHAPE), "shapes") != NULL);
    release(&p);
}

static void test_custom_mask_and_empty_rows(void) {
    struct problem p = make(3, 4, 2, 71);
    float mask[9] = {-INFINITY, -INFINITY, -INFINITY, 0, -INFINITY, 0, 0, 0, 0};
    int empty = -1;
    EXPECT_EQ_INT(run(&p, ATTN_MASK_CUSTOM, mask, &empty), ATTN_OK);
    EXPECT_EQ_INT(empty, 2); /* row 0 is blocked in both heads */
    EXPECT(isnan(p.weights[0]) && isnan(p.weights[9]));
    EXPECT(isnan(p.out[0]));
    EXPECT(p.weights[3 + 1] == 0.0f);
    EXPECT_NEAR(p.weights[3] + p.weights[5], 1, 1e-6);
    release(&p);
}

static void test_bad_inputs(void) {
    struct problem p = make(3, 4, 2, 81);
    float *saved;
    EXPECT_EQ_INT(attn_multihead(NULL, NULL, NULL, NULL, NULL, p.work, p.x, p.wq, p.wk, p.wv, p.wo, 0, NULL, 3, 4, 2), ATTN_ERR_NULL);
    saved = p.work, p.work = NULL;
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_ERR_NULL);
    p.work = saved, saved = p.wo, p.wo = NULL;
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_ERR_NULL);
    p.wo = saved;
    EXPECT_EQ_INT(run(&p, ATTN_MASK_CUSTOM, NULL, NULL), ATTN_ERR_NULL);
    EXPECT_EQ_INT(run(&p, 3, NULL, NULL), ATTN_ERR_MASK_KIND);
    EXPECT_EQ_INT(run(&p, -1, NULL, NULL), ATTN_ERR_MASK_KIND);
    p.n = 0;
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_ERR_SIZE);
    p.n = 3, p.h = 0;
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_ERR_SIZE);
    p.h = -2;
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_ERR_SIZE);
    p.h = 2, p.d = -4;
    EXPECT_EQ_INT(run(&p, ATTN_MASK_NONE, NULL, NULL), ATTN_ERR_SIZE);
    p.d = 4;
    /* Sizes whose buffers cannot exist are refused before anything is read. */
    EXPECT_EQ_INT(attn_multihead(p.out, NULL, NULL, NULL, NULL, p.work, p.x, p.wq, p.wk, p.wv, p.wo,
                                 0, NULL, 1 << 20, 1 << 12, 8), ATTN_ERR_OVERFLOW);
    EXPECT_EQ_INT(attn_multihead(p.out, NULL, NULL, NULL, NULL, p.work, p.x, p.wq, p.wk, p.wv, p.wo,
                                 0, NULL, 1 << 16, 8, 8), ATTN_ERR_OVERFLOW);
    release(&p);
}

static const struct test tests[] = {
    TEST(test_each_heads_rows_sum_to_one),
    TEST(test_each_head_is_attention_on_its_slice_and_concat_keeps_order),
    TEST(test_one_head_with_identity_output_is_single_head_attention),
    TEST(test_optional_outputs_may_be_null),
    TEST(test_eight_heads_of_64_make_512),
    TEST(test_d_model_not_divisible_by_heads_is_refused),
    TEST(test_custom_mask_and_empty_rows),
    TEST(test_bad_inputs),
};

RUN_TESTS(tests)
