/*
 * test_attention_ops.c — the model's fused causal attention (c/src/autograd_ops_attention.c:
 * causal_weights, then attend) against the op-by-op path a learner's attention takes (split_heads,
 * bmm, scale, causal_mask, softmax, bmm, merge_heads), bit for bit: the weights, the output and
 * the gradients of q, k and v, for lengths that are and are not multiples of 4, one and several
 * heads, and more than 256 positions (products in several blocks); on one thread and with a
 * helper thread (both cores).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../c/src/autograd_attention.h"
#include "attn.h"
#include "fast_common.h"
#include "harness.h"

/* What one path gives for one set of inputs. */
struct result {
    float *w, *y, *dq, *dk, *dv;
};

static float *copy_of(const float *x, size_t count) {
    float *c = malloc(sizeof(float) * count);
    memcpy(c, x, sizeof(float) * count);
    return c;
}

static float *grad_copy(struct attn_tape *t, int id, size_t count) {
    float *g;
    if (attn_tape_grad(&g, t, id) != ATTN_OK) return NULL;
    return copy_of(g, count);
}

static float *data_copy(struct attn_tape *t, int id, size_t count) {
    float *d;
    if (attn_tape_data(&d, t, id) != ATTN_OK) return NULL;
    return copy_of(d, count);
}

/* Runs one path on fresh inputs q, k, v (B, T, C) and the output gradient dy. */
static struct result run_path(int fused, int b, int tt, int c, int h, const float *q0, const float *k0, const float *v0,
                              const float *dy) {
    struct result r = {0};
    struct attn_tape *t;
    if (attn_tape_create(&t) != ATTN_OK) return r;
    const int dims[3] = {b, tt, c};
    const size_t x = (size_t)b * tt * c, ww = (size_t)b * h * tt * tt;
    int q, k, v, w, y;
    int ok = attn_tape_input(&q, t, q0, 3, dims) == ATTN_OK && attn_tape_input(&k, t, k0, 3, dims) == ATTN_OK &&
             attn_tape_input(&v, t, v0, 3, dims) == ATTN_OK;
    if (ok && fused) {
        ok = attn__tape_causal_weights(&w, t, q, k, h) == ATTN_OK && attn__tape_attend(&y, t, w, v) == ATTN_OK;
    } else if (ok) {
        int qh, kh, vh, scores, scaled, masked, out;
        ok = attn_tape_split_heads(&qh, t, q, h) == ATTN_OK && attn_tape_split_heads(&kh, t, k, h) == ATTN_OK &&
             attn_tape_split_heads(&vh, t, v, h) == ATTN_OK && attn_tape_bmm(&scores, t, qh, kh, 0, 1) == ATTN_OK &&
             attn_tape_scale(&scaled, t, scores, 1.0f / sqrtf((float)(c / h))) == ATTN_OK &&
             attn_tape_causal_mask(&masked, t, scaled, -INFINITY) == ATTN_OK &&
             attn_tape_softmax(&w, t, masked, -1) == ATTN_OK && attn_tape_bmm(&out, t, w, vh, 0, 0) == ATTN_OK &&
             attn_tape_merge_heads(&y, t, out) == ATTN_OK;
    }
    if (ok && attn_tape_backward(t, y, dy) == ATTN_OK) {
        r.w = data_copy(t, w, ww);
        r.y = data_copy(t, y, x);
        r.dq = grad_copy(t, q, x);
        r.dk = grad_copy(t, k, x);
        r.dv = grad_copy(t, v, x);
    }
    attn_tape_free(t);
    return r;
}

static void free_result(struct result *r) { free(r->w), free(r->y), free(r->dq), free(r->dk), free(r->dv); }

static int same_bits(const float *a, const float *b, size_t count, const char *what, int tt, int h) {
    if (!a || !b) return 0;
    for (size_t i = 0; i < count; i++)
        if (memcmp(&a[i], &b[i], sizeof(float)) != 0) {
            fprintf(stderr, "    T=%d H=%d: %s[%zu] is %.9g, op by op %.9g\n", tt, h, what, i, a[i], b[i]);
            return 0;
        }
    return 1;
}

/* Every size below, fused against op by op. */
static void compare_paths(void) {
    const int sizes[][4] = {{2, 64, 128, 4}, {1, 7, 12, 3}, {2, 5, 8, 1}, {3, 33, 24, 4}, {1, 300, 16, 2}, {2, 1, 8, 2}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const int b = sizes[s][0], tt = sizes[s][1], c = sizes[s][2], h = sizes[s][3];
        const size_t x = (size_t)b * tt * c, ww = (size_t)b * h * tt * tt;
        float *q = malloc(sizeof(float) * x), *k = malloc(sizeof(float) * x), *v = malloc(sizeof(float) * x);
        float *dy = malloc(sizeof(float) * x);
        fill_random(q, x, 21 + (uint32_t)s, 2.0f);
        fill_random(k, x, 22 + (uint32_t)s, 2.0f);
        fill_random(v, x, 23 + (uint32_t)s, 1.0f);
        fill_random(dy, x, 24 + (uint32_t)s, 1.0f);
        struct result fused = run_path(1, b, tt, c, h, q, k, v, dy), plain = run_path(0, b, tt, c, h, q, k, v, dy);
        EXPECT(same_bits(fused.w, plain.w, ww, "weights", tt, h));
        EXPECT(same_bits(fused.y, plain.y, x, "y", tt, h));
        EXPECT(same_bits(fused.dq, plain.dq, x, "dq", tt, h));
        EXPECT(same_bits(fused.dk, plain.dk, x, "dk", tt, h));
        EXPECT(same_bits(fused.dv, plain.dv, x, "dv", tt, h));
        free_result(&fused), free_result(&plain);
        free(q), free(k), free(v), free(dy);
    }
}

static void test_fused_attention_is_the_op_by_op_path_bit_for_bit(void) { compare_paths(); }

static pthread_t helper;
static void *helper_main(void *unused) {
    (void)unused;
    attn_worker_loop();
    return NULL;
}

/* The fused ops share their heads between two threads: still the op-by-op bits. */
static void test_on_two_threads_too(void) {
    EXPECT(pthread_create(&helper, NULL, helper_main, NULL) == 0);
    int count = 1;
    for (long spins = 0; spins < 100000000L && attn_threads(&count) == ATTN_OK && count != 2; spins++) sched_yield();
    EXPECT_EQ_INT(count, 2);
    compare_paths();
    attn_worker_stop();
    pthread_join(helper, NULL);
}

static void test_fused_attention_refuses_bad_input(void) {
    struct attn_tape *t;
    EXPECT_EQ_INT(attn_tape_create(&t), ATTN_OK);
    const float x[24] = {0};
    const int dims[3] = {1, 2, 12}, flat[1] = {24};
    int q, f, w, out;
    EXPECT_EQ_INT(attn_tape_input(&q, t, x, 3, dims), ATTN_OK);
    EXPECT_EQ_INT(attn_tape_input(&f, t, x, 1, flat), ATTN_OK);
    EXPECT_EQ_INT(attn__tape_causal_weights(NULL, t, q, q, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn__tape_causal_weights(&w, t, q, 99, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn__tape_causal_weights(&w, t, q, q, 5), ATTN_ERR_SHAPE); /* 12 not divisible by 5 */
    EXPECT_EQ_INT(attn__tape_causal_weights(&w, t, q, f, 2), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn__tape_causal_weights(&w, t, q, q, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn__tape_causal_weights(&w, t, q, q, 2), ATTN_OK);
    EXPECT_EQ_INT(attn__tape_attend(&out, t, w, f), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn__tape_attend(&out, t, q, q), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn__tape_attend(&out, t, w, q), ATTN_OK);
    attn_tape_free(t);
}

static const struct test tests[] = {
    TEST(test_fused_attention_is_the_op_by_op_path_bit_for_bit),
    TEST(test_on_two_threads_too),
    TEST(test_fused_attention_refuses_bad_input),
};

RUN_TESTS(tests)
