/*
 * test_recurrent.c — the tape's recurrent cell (c/src/autograd_ops_recurrent.c) by its known
 * outputs: one step worked by hand (the reset gate scales the recurrent share of the candidate,
 * bias included), a longer run held to the equations in double precision, the last-step selector,
 * and bad inputs refused. Its gradients are checked against finite differences in test_autograd.c.
 */
#include <math.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

/* A parameter of the given shape holding `values`. */
static int param(struct attn_tape *t, int ndim, const int *dims, const float *values, int size) {
    int id;
    float *x;
    EXPECT_EQ_INT(attn_tape_param(&id, t, ndim, dims, 0), ATTN_OK);
    attn_tape_data(&x, t, id);
    memcpy(x, values, sizeof(float) * (size_t)size);
    return id;
}

/* H = 1, one step: gx = (0, ln 3, 0.5), h0 = 1, w_h = 0, b_h = (0, 0, 1), so r = σ(0) = ½,
 * z = σ(ln 3) = ¾, n = tanh(0.5 + ½ · 1) = tanh 1 and h = ¼ tanh 1 + ¾. */
static void test_one_step_by_hand(void) {
    struct attn_tape *t;
    EXPECT_EQ_INT(attn_tape_create(&t), ATTN_OK);
    const int dx[3] = {1, 1, 3}, dh[2] = {1, 1}, dw[2] = {1, 3}, db[1] = {3};
    const float gx_v[3] = {0, (float)log(3.0), 0.5f}, h0_v[1] = {1}, w_v[3] = {0}, b_v[3] = {0, 0, 1};
    const int gx = param(t, 3, dx, gx_v, 3), h0 = param(t, 2, dh, h0_v, 1);
    const int w = param(t, 2, dw, w_v, 3), b = param(t, 1, db, b_v, 3);
    int out, nd, dims[4], size;
    float *h;
    EXPECT_EQ_INT(attn_tape_gru(&out, t, gx, h0, w, b), ATTN_OK);
    attn_tape_shape(&nd, dims, &size, t, out);
    EXPECT_EQ_INT(nd, 3);
    EXPECT_EQ_INT(size, 1);
    attn_tape_data(&h, t, out);
    EXPECT_NEAR(h[0], 0.25 * tanh(1.0) + 0.75, 1e-6);
    attn_tape_free(t);
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* B = 2, T = 5, H = 3 on fixed inputs, against the equations in double precision. */
static void test_a_sequence_follows_the_equations(void) {
    enum { B = 2, T = 5, H = 3, G = 3 * H };
    float gx_v[B * T * G], h0_v[B * H], w_v[H * G], b_v[G];
    for (int i = 0; i < B * T * G; i++) gx_v[i] = (float)sin(0.7 * i + 0.3);
    for (int i = 0; i < B * H; i++) h0_v[i] = (float)cos(1.3 * i);
    for (int i = 0; i < H * G; i++) w_v[i] = (float)(0.8 * sin(0.37 * i + 1.0));
    for (int i = 0; i < G; i++) b_v[i] = (float)(0.2 * cos(2.1 * i));
    struct attn_tape *t;
    EXPECT_EQ_INT(attn_tape_create(&t), ATTN_OK);
    const int dx[3] = {B, T, G}, dh[2] = {B, H}, dw[2] = {H, G}, db[1] = {G};
    const int gx = param(t, 3, dx, gx_v, B * T * G), h0 = param(t, 2, dh, h0_v, B * H);
    const int w = param(t, 2, dw, w_v, H * G), b = param(t, 1, db, b_v, G);
    int out, last;
    float *got, *got_last;
    EXPECT_EQ_INT(attn_tape_gru(&out, t, gx, h0, w, b), ATTN_OK);
    EXPECT_EQ_INT(attn_tape_select_step(&last, t, out, T - 1), ATTN_OK);
    attn_tape_data(&got, t, out);
    attn_tape_data(&got_last, t, last);
    double worst = 0;
    for (int bi = 0; bi < B; bi++) {
        double h[H], next[H];
        for (int k = 0; k < H; k++) h[k] = h0_v[bi * H + k];
        for (int step = 0; step < T; step++) {
            const float *x = gx_v + (bi * T + step) * G;
            for (int k = 0; k < H; k++) {
                double gh[3];
                for (int q = 0; q < 3; q++) {
                    gh[q] = b_v[q * H + k];
                    for (int j = 0; j < H; j++) gh[q] += h[j] * w_v[j * G + q * H + k];
                }
                const double r = sigmoid(x[k] + gh[0]), z = sigmoid(x[H + k] + gh[1]);
                const double n = tanh(x[2 * H + k] + r * gh[2]);
                next[k] = (1 - z) * n + z * h[k];
            }
            for (int k = 0; k < H; k++) {
                h[k] = next[k];
                worst = fmax(worst, fabs(got[(bi * T + step) * H + k] - h[k]));
            }
        }
        for (int k = 0; k < H; k++) EXPECT_NEAR(got_last[bi * H + k], got[(bi * T + T - 1) * H + k], 0);
    }
    EXPECT(worst < 1e-5);
    attn_tape_free(t);
}

static void test_bad_inputs(void) {
    struct attn_tape *t;
    EXPECT_EQ_INT(attn_tape_create(&t), ATTN_OK);
    const float zeros[64] = {0};
    const int dx[3] = {2, 4, 9}, dh[2] = {2, 3}, dw[2] = {3, 9}, db[1] = {9}, dw_bad[2] = {3, 6};
    const int gx = param(t, 3, dx, zeros, 64), h0 = param(t, 2, dh, zeros, 6);
    const int w = param(t, 2, dw, zeros, 27), b = param(t, 1, db, zeros, 9), w_bad = param(t, 2, dw_bad, zeros, 18);
    int out;
    EXPECT_EQ_INT(attn_tape_gru(NULL, t, gx, h0, w, b), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_tape_gru(&out, NULL, gx, h0, w, b), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_tape_gru(&out, t, gx, h0, w, 99), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_tape_gru(&out, t, -1, h0, w, b), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_tape_gru(&out, t, h0, h0, w, b), ATTN_ERR_SHAPE);    /* gx not (B, T, 3H) */
    EXPECT_EQ_INT(attn_tape_gru(&out, t, gx, w, w, b), ATTN_ERR_SHAPE);     /* h0 (3, 9): B and H disagree */
    EXPECT_EQ_INT(attn_tape_gru(&out, t, gx, h0, w_bad, b), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn_tape_gru(&out, t, gx, h0, w, h0), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn_tape_select_step(NULL, t, gx, 0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_tape_select_step(&out, t, 99, 0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_tape_select_step(&out, t, h0, 0), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn_tape_select_step(&out, t, gx, 4), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_tape_select_step(&out, t, gx, -1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_tape_select_step(&out, t, gx, 3), ATTN_OK);
    attn_tape_free(t);
}

static const struct test tests[] = {
    TEST(test_one_step_by_hand),
    TEST(test_a_sequence_follows_the_equations),
    TEST(test_bad_inputs),
};

RUN_TESTS(tests)
