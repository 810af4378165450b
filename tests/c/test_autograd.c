/*
 * test_autograd.c — a gradient check for every op of the tape: central finite differences,
 * differenced in double precision, against the tape's backward, on random inputs. Each check
 * uses the loss L = Σ w ∘ op(inputs) with random w, so every output entry matters. Also the
 * training halves' machinery (model_train.c): a tape over another's parameters, and a frozen
 * tape that refuses to grow and keeps what it had.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "../../c/src/autograd_internal.h"
#include "harness.h"

/* A small generator for test inputs (independent of the core's). */
static unsigned long long test_state = 88172645463325252ull;
static double test_uniform(void) {
    test_state ^= test_state << 13;
    test_state ^= test_state >> 7;
    test_state ^= test_state << 17;
    return (double)(test_state >> 11) * 0x1.0p-53;
}

#define MAX_INPUTS 4
static int TOKENS[64], TARGETS[64];

/* Builds the op under test from parameter ids; returns its output id via *out. */
typedef int (*build_fn)(int *out, struct attn_tape *t, const int *in);

struct check {
    const char *name;
    int count;                 /* inputs */
    int ndim[MAX_INPUTS];
    int dims[MAX_INPUTS][4];
    build_fn build;
    double scale;              /* input spread */
};

static double loss_of(struct attn_tape *t, build_fn build, const int *in, const float *w, int *out_id) {
    attn_tape_reset(t);
    int out;
    if (build(&out, t, in) != ATTN_OK) return NAN;
    float *y;
    int nd, dims[4], size;
    attn_tape_data(&y, t, out);
    attn_tape_shape(&nd, dims, &size, t, out);
    double l = 0;
    for (int i = 0; i < size; i++) l += (double)w[i] * y[i];
    if (out_id) *out_id = out;
    return l;
}

/* The op under test with each input first passed through scale(·, 1): its inputs are then
 * activations, whose gradients the backward sweep does not zero, so the op writes them (a
 * parameter's gradient is added to). */
static const struct check *through_check;
static int through_activations(int *o, struct attn_tape *t, const int *in) {
    int act[MAX_INPUTS];
    for (int i = 0; i < through_check->count; i++) {
        const int rc = attn_tape_scale(&act[i], t, in[i], 1.0f);
        if (rc != ATTN_OK) return rc;
    }
    return through_check->build(o, t, act);
}

/* Returns the largest |numeric − analytic| / (1e-3 + |numeric|) over every input entry. */
static double gradient_check(const struct check *c, int via_activations) {
    through_check = c;
    const build_fn build = via_activations ? through_activations : c->build;
    struct attn_tape *t;
    EXPECT_EQ_INT(attn_tape_create(&t), ATTN_OK);
    int in[MAX_INPUTS];
    for (int i = 0; i < c->count; i++) {
        EXPECT_EQ_INT(attn_tape_param(&in[i], t, c->ndim[i], c->dims[i], 0), ATTN_OK);
        float *x;
        int nd, dims[4], size;
        attn_tape_data(&x, t, in[i]);
        attn_tape_shape(&nd, dims, &size, t, in[i]);
        for (int j = 0; j < size; j++) x[j] = (float)((2 * test_uniform() - 1) * c->scale);
    }
    int out, nd, dims[4], size;
    float w[4096];
    attn_tape_reset(t);
    EXPECT_EQ_INT(build(&out, t, in), ATTN_OK);
    attn_tape_shape(&nd, dims, &size, t, out);
    EXPECT(size <= 4096);
    for (int j = 0; j < size; j++) w[j] = (float)(2 * test_uniform() - 1);
    loss_of(t, build, in, w, &out);
    /* A sweep with other weights first: the gradients it leaves must not leak into the next. */
    float other[4096];
    for (int j = 0; j < size; j++) other[j] = 3.0f * w[j] + 1.0f;
    EXPECT_EQ_INT(attn_tape_backward(t, out, other), ATTN_OK);
    attn_tape_zero_grad(t);
    EXPECT_EQ_INT(attn_tape_backward(t, out, w), ATTN_OK);
    double worst = 0;
    for (int i = 0; i < c->count; i++) {
        float *x, *g;
        int insize;
        attn_tape_shape(&nd, dims, &insize, t, in[i]);
        attn_tape_grad(&g, t, in[i]);
        float *analytic = malloc(sizeof(float) * insize);
        memcpy(analytic, g, sizeof(float) * insize);
        for (int j = 0; j < insize; j++) {
            attn_tape_data(&x, t, in[i]);
            const float saved = x[j];
            const double h = 1e-2 * (fabs(saved) > 1 ? fabs(saved) : 1);
            x[j] = (float)(saved + h);
            const double up = loss_of(t, build, in, w, NULL);
            attn_tape_data(&x, t, in[i]);
            x[j] = (float)(saved - h);
            const double down = loss_of(t, build, in, w, NULL);
            attn_tape_data(&x, t, in[i]);
            x[j] = saved;
            const double h2 = (double)(float)(saved + h) - (double)(float)(saved - h);
            const double numeric = (up - down) / h2;
            const double err = fabs(numeric - analytic[j]) / (1e-2 + fabs(numeric));
            if (err > worst) worst = err;
        }
        free(analytic);
    }
    attn_tape_free(t);
    printf("     %-28s worst relative error %.2e%s\n", c->name, worst, via_activations ? " (inputs: activations)" : "");
    return worst;
}

/* ---------------------------------------------------------------- the ops under test */

static int b_embedding(int *o, struct attn_tape *t, const int *in) { return attn_tape_embedding(o, t, in[0], TOKENS, 2, 3); }
static int b_matmul(int *o, struct attn_tape *t, const int *in) { return attn_tape_matmul(o, t, in[0], in[1], 0); }
static int b_matmul_t(int *o, struct attn_tape *t, const int *in) { return attn_tape_matmul(o, t, in[0], in[1], 1); }
static int b_linear(int *o, struct attn_tape *t, const int *in) { return attn_tape_linear(o, t, in[0], in[1], in[2]); }
static int b_bmm00(int *o, struct attn_tape *t, const int *in) { return attn_tape_bmm(o, t, in[0], in[1], 0, 0); }
static int b_bmm01(int *o, struct attn_tape *t, const int *in) { return attn_tape_bmm(o, t, in[0], in[1], 0, 1); }
static int b_bmm10(int *o, struct attn_tape *t, const int *in) { return attn_tape_bmm(o, t, in[0], in[1], 1, 0); }
static int b_bmm11(int *o, struct attn_tape *t, const int *in) { return attn_tape_bmm(o, t, in[0], in[1], 1, 1); }
static int b_add(int *o, struct attn_tape *t, const int *in) { return attn_tape_add(o, t, in[0], in[1]); }
static int b_scale(int *o, struct attn_tape *t, const int *in) { return attn_tape_scale(o, t, in[0], -1.7f); }
static int b_mask(int *o, struct attn_tape *t, const int *in) { return attn_tape_causal_mask(o, t, in[0], -3.0f); }
static int b_mask_softmax(int *o, struct attn_tape *t, const int *in) {
    int m;
    int rc = attn_tape_causal_mask(&m, t, in[0], -INFINITY);
    return rc ? rc : attn_tape_softmax(o, t, m, -1);
}
static int b_softmax_last(int *o, struct attn_tape *t, const int *in) { return attn_tape_softmax(o, t, in[0], -1); }
static int b_softmax_mid(int *o, struct attn_tape *t, const int *in) { return attn_tape_softmax(o, t, in[0], 1); }
static int b_split(int *o, struct attn_tape *t, const int *in) { return attn_tape_split_heads(o, t, in[0], 2); }
static int b_merge(int *o, struct attn_tape *t, const int *in) { return attn_tape_merge_heads(o, t, in[0]); }
static int b_layernorm(int *o, struct attn_tape *t, const int *in) { return attn_tape_layernorm(o, t, in[0], in[1], in[2]); }
static int b_gelu(int *o, struct attn_tape *t, const int *in) { return attn_tape_gelu(o, t, in[0]); }
static int b_cross_entropy(int *o, struct attn_tape *t, const int *in) { return attn_tape_cross_entropy(o, t, in[0], TARGETS); }
/* The recurrent cell: gx (B, T, 3H), h0 (B, H), w_h (H, 3H), b_h (3H) → the states (B, T, H). */
static int b_gru(int *o, struct attn_tape *t, const int *in) { return attn_tape_gru(o, t, in[0], in[1], in[2], in[3]); }
static int b_select_step(int *o, struct attn_tape *t, const int *in) { return attn_tape_select_step(o, t, in[0], 2); }
/* An encoder as the translation models build it: x (B, T, E) · W_x + b (3H) → the GRU from a
 * zero state, with w_h (H, 3H) and the same bias b as its recurrent bias (one parameter that two
 * ops add their gradients to) → its last state (B, H). */
static int b_gru_encoder(int *o, struct attn_tape *t, const int *in) {
    static const float zeros[6] = {0};
    int gx, states, h0, dims[2] = {2, 3};
    int rc = attn_tape_linear(&gx, t, in[0], in[1], in[2]);
    if (!rc) rc = attn_tape_input(&h0, t, zeros, 2, dims);
    if (!rc) rc = attn_tape_gru(&states, t, gx, h0, in[3], in[2]);
    return rc ? rc : attn_tape_select_step(o, t, states, 3);
}
/* A whole attention head, as the model builds it. */
static int b_attention(int *o, struct attn_tape *t, const int *in) {
    int q, k, v, s, sc, m, w, y;
    attn_tape_split_heads(&q, t, in[0], 2);
    attn_tape_split_heads(&k, t, in[1], 2);
    attn_tape_split_heads(&v, t, in[2], 2);
    attn_tape_bmm(&s, t, q, k, 0, 1);
    attn_tape_scale(&sc, t, s, 0.7f);
    attn_tape_causal_mask(&m, t, sc, -INFINITY);
    attn_tape_softmax(&w, t, m, -1);
    attn_tape_bmm(&y, t, w, v, 0, 0);
    return attn_tape_merge_heads(o, t, y);
}

static const struct check CHECKS[] = {
    {"embedding", 1, {2}, {{5, 4}}, b_embedding, 1},
    {"matmul", 2, {3, 2}, {{2, 3, 4}, {4, 5}}, b_matmul, 1},
    {"matmul transpose_w", 2, {2, 2}, {{3, 4}, {5, 4}}, b_matmul_t, 1},
    {"linear (matmul + bias)", 3, {3, 2, 1}, {{2, 3, 4}, {4, 5}, {5}}, b_linear, 1},
    {"bmm", 2, {3, 3}, {{2, 3, 4}, {2, 4, 5}}, b_bmm00, 1},
    {"bmm transpose_b", 2, {4, 4}, {{2, 2, 3, 4}, {2, 2, 5, 4}}, b_bmm01, 1},
    {"bmm transpose_a", 2, {3, 3}, {{2, 4, 3}, {2, 4, 5}}, b_bmm10, 1},
    {"bmm transpose both", 2, {3, 3}, {{2, 4, 3}, {2, 5, 4}}, b_bmm11, 1},
    {"add (same shape)", 2, {2, 2}, {{3, 4}, {3, 4}}, b_add, 1},
    {"add (bias)", 2, {3, 1}, {{2, 3, 4}, {4}}, b_add, 1},
    {"add (position table)", 2, {3, 3}, {{2, 3, 4}, {1, 3, 4}}, b_add, 1},
    {"scale", 1, {2}, {{3, 4}}, b_scale, 1},
    {"causal mask fill", 1, {3}, {{2, 4, 4}}, b_mask, 1},
    {"causal mask + softmax", 1, {3}, {{2, 4, 4}}, b_mask_softmax, 2},
    {"softmax (last axis)", 1, {3}, {{2, 3, 5}}, b_softmax_last, 2},
    {"softmax (middle axis)", 1, {3}, {{2, 4, 3}}, b_softmax_mid, 2},
    {"split heads", 1, {3}, {{2, 3, 4}}, b_split, 1},
    {"merge heads", 1, {4}, {{2, 2, 3, 2}}, b_merge, 1},
    {"layer norm", 3, {2, 1, 1}, {{3, 6}, {6}, {6}}, b_layernorm, 1},
    {"gelu", 1, {2}, {{4, 5}}, b_gelu, 2.5},
    {"cross-entropy", 1, {2}, {{6, 5}}, b_cross_entropy, 2},
    {"gru (gated recurrent unit)", 4, {3, 2, 2, 1}, {{2, 4, 9}, {2, 3}, {3, 9}, {9}}, b_gru, 1},
    {"gru, large gates", 4, {3, 2, 2, 1}, {{1, 3, 6}, {1, 2}, {2, 6}, {6}}, b_gru, 2.5},
    {"select step", 1, {3}, {{2, 4, 3}}, b_select_step, 1},
    {"gru encoder (composed)", 4, {3, 2, 1, 2}, {{2, 4, 5}, {5, 9}, {9}, {3, 9}}, b_gru_encoder, 1},
    {"attention (composed)", 3, {3, 3, 3}, {{2, 4, 4}, {2, 4, 4}, {2, 4, 4}}, b_attention, 1},
};

static void test_every_op_matches_finite_differences(void) {
    for (int i = 0; i < 64; i++) TOKENS[i] = (i * 7 + 3) % 5, TARGETS[i] = (i * 3 + 1) % 5;
    for (int via_activations = 0; via_activations < 2; via_activations++)
        for (size_t i = 0; i < sizeof CHECKS / sizeof CHECKS[0]; i++) {
            double worst = gradient_check(&CHECKS[i], via_activations);
            if (!(worst < 2e-2)) fprintf(stderr, "    %s: worst relative error %g\n", CHECKS[i].name, worst);
            EXPECT(worst < 2e-2);
        }
}

/* x → a = 1·x, used by several ops and twice by one: a's gradient is the first op's term,
 * written, plus every other term, added. */
static void test_an_activation_used_many_times_sums_its_gradients(void) {
    struct attn_tape *t;
    attn_tape_create(&t);
    int x, a, twice, scaled, out, d[1] = {4};
    attn_tape_param(&x, t, 1, d, 0);
    float *v, *g;
    attn_tape_data(&v, t, x);
    for (int i = 0; i < 4; i++) v[i] = (float)(i + 1);
    for (int sweep = 0; sweep < 2; sweep++) { /* the second sweep finds the first one's gradients in memory */
        attn_tape_reset(t);
        EXPECT_EQ_INT(attn_tape_scale(&a, t, x, 1.0f), ATTN_OK);
        EXPECT_EQ_INT(attn_tape_add(&twice, t, a, a), ATTN_OK);     /* 2a */
        EXPECT_EQ_INT(attn_tape_scale(&scaled, t, a, 3.0f), ATTN_OK); /* 3a */
        EXPECT_EQ_INT(attn_tape_add(&out, t, twice, scaled), ATTN_OK); /* 5a */
        attn_tape_zero_grad(t);
        const float seed[4] = {1, -1, 0.5f, 2};
        EXPECT_EQ_INT(attn_tape_backward(t, out, seed), ATTN_OK);
        attn_tape_grad(&g, t, a);
        for (int i = 0; i < 4; i++) EXPECT_NEAR(g[i], 5 * seed[i], 0);
        attn_tape_grad(&g, t, x);
        for (int i = 0; i < 4; i++) EXPECT_NEAR(g[i], 5 * seed[i], 0);
    }
    attn_tape_free(t);
}

/* A written gradient has the bits adding to a zeroed one gives (0 + −0 is +0), and a node the
 * root does not reach has a zero gradient, whatever an earlier sweep left there. */
static void test_written_gradients_have_the_bits_of_zeroed_ones(void) {
    struct attn_tape *t;
    attn_tape_create(&t);
    int x, a, b, c, d[1] = {2};
    attn_tape_param(&x, t, 1, d, 0);
    float *v, *g;
    attn_tape_data(&v, t, x);
    v[0] = 1, v[1] = -1;
    EXPECT_EQ_INT(attn_tape_scale(&a, t, x, 2.0f), ATTN_OK);
    EXPECT_EQ_INT(attn_tape_scale(&b, t, a, -1.0f), ATTN_OK);
    EXPECT_EQ_INT(attn_tape_scale(&c, t, a, 4.0f), ATTN_OK);
    const float ones[2] = {1, 1}, zeros[2] = {0, 0};
    EXPECT_EQ_INT(attn_tape_backward(t, c, ones), ATTN_OK); /* a's gradient: 4, 4 */
    attn_tape_grad(&g, t, a);
    EXPECT_NEAR(g[0], 4, 0);
    EXPECT_EQ_INT(attn_tape_backward(t, b, zeros), ATTN_OK); /* −1 · (+0) = −0, written as 0 + −0 */
    attn_tape_grad(&g, t, a);
    EXPECT(g[0] == 0 && !signbit(g[0]) && g[1] == 0 && !signbit(g[1]));
    attn_tape_grad(&g, t, c); /* after the root: not reached */
    EXPECT(g[0] == 0 && g[1] == 0);
    EXPECT_EQ_INT(attn_tape_backward(t, a, ones), ATTN_OK);
    attn_tape_grad(&g, t, b);
    EXPECT(g[0] == 0 && g[1] == 0);
    attn_tape_free(t);
}

static void test_softmax_rows_sum_to_one_and_masked_rows_are_zero(void) {
    struct attn_tape *t;
    attn_tape_create(&t);
    int x, m, y, dims[3] = {1, 5, 5};
    float data[25];
    for (int i = 0; i < 25; i++) data[i] = (float)(3 * test_uniform());
    EXPECT_EQ_INT(attn_tape_input(&x, t, data, 3, dims), ATTN_OK);
    attn_tape_causal_mask(&m, t, x, -INFINITY);
    attn_tape_softmax(&y, t, m, -1);
    float *w;
    attn_tape_data(&w, t, y);
    for (int i = 0; i < 5; i++) {
        double s = 0;
        for (int j = 0; j < 5; j++) {
            s += w[i * 5 + j];
            if (j > i) EXPECT(w[i * 5 + j] == 0.0f);
        }
        EXPECT_NEAR(s, 1, 1e-6);
    }
    attn_tape_free(t);
}

static void test_bad_shapes_are_refused(void) {
    struct attn_tape *t;
    attn_tape_create(&t);
    int a, b, o, d1[2] = {3, 4}, d2[2] = {5, 6}, d3[3] = {2, 3, 6};
    attn_tape_param(&a, t, 2, d1, 0);
    attn_tape_param(&b, t, 2, d2, 0);
    int w, d4[2] = {4, 6};
    attn_tape_param(&w, t, 2, d4, 0);
    EXPECT_EQ_INT(attn_tape_linear(&o, t, a, w, a), ATTN_ERR_SHAPE); /* a bias of 12, not 6 */
    EXPECT_EQ_INT(attn_tape_linear(&o, t, a, w, 99), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_tape_matmul(&o, t, a, b, 0), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn_tape_add(&o, t, a, b), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn_tape_bmm(&o, t, a, b, 0, 0), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn_tape_softmax(&o, t, a, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_tape_matmul(&o, t, a, 99, 0), ATTN_ERR_ARGUMENT);
    int c;
    float zeros[36] = {0};
    EXPECT_EQ_INT(attn_tape_input(&c, t, zeros, 3, d3), ATTN_OK);
    EXPECT_EQ_INT(attn_tape_split_heads(&o, t, c, 4), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn_tape_param(&o, t, 2, d1, 0), ATTN_ERR_ARGUMENT); /* after activations */
    int bad[2] = {0, 3};
    EXPECT_EQ_INT(attn_tape_input(&o, t, zeros, 2, bad), ATTN_ERR_SIZE);
    int tokens[2] = {0, 7};
    EXPECT_EQ_INT(attn_tape_embedding(&o, t, a, tokens, 1, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_tape_reset(t), ATTN_OK);
    EXPECT_EQ_INT(attn_tape_param(&o, t, 2, d1, 0), ATTN_OK); /* after a reset: allowed again */
    attn_tape_free(t);
}

static void test_schedule_warms_up_then_decays(void) {
    float lr;
    attn_lr_schedule(&lr, 0, 10, 110, 1e-3f, 1e-4f);
    EXPECT_NEAR(lr, 1e-4, 1e-9);
    attn_lr_schedule(&lr, 9, 10, 110, 1e-3f, 1e-4f);
    EXPECT_NEAR(lr, 1e-3, 1e-9);
    attn_lr_schedule(&lr, 60, 10, 110, 1e-3f, 1e-4f);
    EXPECT_NEAR(lr, 5.5e-4, 1e-8);
    attn_lr_schedule(&lr, 500, 10, 110, 1e-3f, 1e-4f);
    EXPECT_NEAR(lr, 1e-4, 1e-9);
}

/* Fuzzing found (tests/fuzz/regressions/lr-schedule-infinite-rate): an infinite rate was accepted
 * and gave an infinite (or, in the cosine part, NaN) learning rate. */
static void test_schedule_refuses_infinite_rates(void) {
    float lr = -1;
    EXPECT_EQ_INT(attn_lr_schedule(&lr, 13, 1, 4, 0.015f, INFINITY), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_lr_schedule(&lr, 2, 1, 4, INFINITY, INFINITY), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_lr_schedule(&lr, 0, 10, 40, INFINITY, 0), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_lr_schedule(&lr, 0, 10, 40, NAN, 0), ATTN_ERR_ARGUMENT);
    EXPECT_NEAR(lr, -1, 0); /* a refusal writes nothing */
    EXPECT_EQ_INT(attn_lr_schedule(&lr, 2, 1, 4, FLT_MAX, FLT_MAX), ATTN_OK);
    EXPECT_NEAR(lr, FLT_MAX, 0);
    /* (lr-schedule-warmup-overflow) during warm-up, FLT_MAX · 14 overflowed before the division */
    EXPECT_EQ_INT(attn_lr_schedule(&lr, 13, 39, 78, FLT_MAX, 1.70141e+37f), ATTN_OK);
    EXPECT(isfinite(lr) && lr <= FLT_MAX && lr > FLT_MAX / 3);
    /* (lr-schedule-decay-rounds-to-infinity) at the top of the decay, min + (max − min) rounded
     * one step past FLT_MAX */
    EXPECT_EQ_INT(attn_lr_schedule(&lr, 13, 13, 78, FLT_MAX, 0x1.dc15fp+123f), ATTN_OK);
    EXPECT(isfinite(lr) && lr <= FLT_MAX && lr > FLT_MAX / 2);
}

static void test_adamw_and_clipping(void) {
    struct attn_tape *t;
    attn_tape_create(&t);
    int p, q, d[1] = {2};
    attn_tape_param(&p, t, 1, d, 1);
    attn_tape_param(&q, t, 1, d, 0);
    float *x, *g;
    attn_tape_data(&x, t, p);
    x[0] = 1, x[1] = -2;
    attn_tape_data(&x, t, q);
    x[0] = 1, x[1] = -2;
    attn_tape_grad(&g, t, p);
    g[0] = 3, g[1] = 4;
    attn_tape_grad(&g, t, q);
    g[0] = 0, g[1] = 0;
    double norm;
    EXPECT_EQ_INT(attn_clip_grad_norm(&norm, t, 1.0f), ATTN_OK);
    EXPECT_NEAR(norm, 5, 1e-6);
    attn_tape_grad(&g, t, p);
    EXPECT_NEAR(g[0], 0.6, 1e-6);
    EXPECT_NEAR(g[1], 0.8, 1e-6);
    /* First AdamW step: m̂ = g, v̂ = g², so each entry moves by lr·sign(g) (+ decay). */
    EXPECT_EQ_INT(attn_adamw_step(t, 0.1f, 0.9f, 0.999f, 1e-8f, 0.5f, 1), ATTN_OK);
    attn_tape_data(&x, t, p);
    EXPECT_NEAR(x[0], 1 - 0.1 - 0.1 * 0.5 * 1, 1e-5);
    EXPECT_NEAR(x[1], -2 - 0.1 + 0.1 * 0.5 * 2, 1e-5);
    attn_tape_data(&x, t, q); /* no gradient, no decay: unchanged */
    EXPECT_NEAR(x[0], 1, 0);
    EXPECT_EQ_INT(attn_adamw_step(t, 0.1f, 1.5f, 0.999f, 1e-8f, 0.5f, 1), ATTN_ERR_ARGUMENT);
    attn_tape_free(t);
}

/* A second tape over x's tape reads x's values, keeps gradients of its own, adds no parameter;
 * frozen, it refuses to grow (ATTN_ERR_MEMORY) and loses nothing; thawed, the same op records. */
static void test_a_sharing_tape_and_a_frozen_one(void) {
    struct attn_tape *t, *s;
    attn_tape_create(&t);
    int x, a, d[1] = {4};
    attn_tape_param(&x, t, 1, d, 0);
    float *v, *g;
    attn_tape_data(&v, t, x);
    for (int i = 0; i < 4; i++) v[i] = (float)(i + 1);
    EXPECT_EQ_INT(attn__tape_create_sharing(&s, t), ATTN_OK);
    EXPECT_EQ_INT(attn_tape_param(&a, s, 1, d, 0), ATTN_ERR_ARGUMENT);
    s->frozen = 1;
    EXPECT_EQ_INT(attn_tape_scale(&a, s, x, 3.0f), ATTN_ERR_MEMORY); /* its activations are empty */
    int nodes = -1;
    EXPECT_EQ_INT(attn_tape_counts(&nodes, NULL, NULL, NULL, s), ATTN_OK);
    EXPECT_EQ_INT(nodes, 1);
    s->frozen = 0;
    EXPECT_EQ_INT(attn_tape_scale(&a, s, x, 3.0f), ATTN_OK);
    attn_tape_zero_grad(s);
    EXPECT_EQ_INT(attn_tape_backward(s, a, NULL), ATTN_OK);
    attn_tape_data(&v, s, a);
    for (int i = 0; i < 4; i++) EXPECT_NEAR(v[i], 3 * (i + 1), 0);
    attn_tape_grad(&g, s, x);
    for (int i = 0; i < 4; i++) EXPECT_NEAR(g[i], 3, 0);
    attn_tape_grad(&g, t, x);
    for (int i = 0; i < 4; i++) EXPECT_NEAR(g[i], 0, 0); /* the owner's gradients untouched */
    s->frozen = 1; /* the same op again fits what the tape has: no growth, so it records */
    attn_tape_reset(s);
    EXPECT_EQ_INT(attn_tape_scale(&a, s, x, 2.0f), ATTN_OK);
    attn_tape_free(s); /* frees its own blocks, not x's */
    attn_tape_data(&v, t, x);
    EXPECT_NEAR(v[3], 4, 0);
    attn_tape_free(t);
}

static const struct test tests[] = {
    TEST(test_every_op_matches_finite_differences),
    TEST(test_an_activation_used_many_times_sums_its_gradients),
    TEST(test_written_gradients_have_the_bits_of_zeroed_ones),
    TEST(test_softmax_rows_sum_to_one_and_masked_rows_are_zero),
    TEST(test_bad_shapes_are_refused),
    TEST(test_schedule_warms_up_then_decays),
    TEST(test_schedule_refuses_infinite_rates),
    TEST(test_adamw_and_clipping),
    TEST(test_a_sharing_tape_and_a_frozen_one),
};
RUN_TESTS(tests)
