/*
 * autograd_ops_attention.c — the model's causal multi-head attention as two tape ops, head by
 * head on both cores, never copying the heads apart:
 *
 *   w = causal_weights(q, k)   w[b,h] = softmax(mask(Q_bh · K_bhᵀ / √D))      (B, H, T, T)
 *   y = attend(w, v)           y[b, :, h·D : (h+1)·D] = w[b,h] · V_bh           (B, T, C)
 *
 * q, k, v and y are (B, T, C) with the H heads side by side in each row (Q_bh is the view
 * q[b, :, h·D : (h+1)·D], leading dimension C). They compute exactly what the op-by-op path
 * computes (split_heads, bmm, scale, causal_mask, softmax, bmm, merge_heads: the path a
 * learner's attention takes in JS, builtin-attention.js), bit for bit, forward and backward:
 * the same products in the same order (gemm.h), the same softmax rows (tensor_ops.c), and the
 * same rounding at every step, while skipping what the causal rule makes zero: the scores above
 * the diagonal, and every term of a product that multiplies a weight (or its gradient) of a
 * blocked key (gemm.h says why skipping exact zeros changes no bit). tests/c/test_attention_ops.c
 * holds the two paths together.
 *
 * Dimension letters as in model.c: B batch, T positions, C d_model, H heads, D = C/H.
 */
#include <math.h>
#include <string.h>

#include "autograd_attention.h"
#include "autograd_internal.h"
#include "causal.h"
#include "check.h"
#include "gemm.h"
#include "parallel.h"
#include "tensor_ops.h"

/* The sizes of one op, from its (B, T, C) input and H. */
struct heads_view {
    int b, t, c, h, d;
};

static struct heads_view view_of(const struct tape_node *x, int heads) {
    const struct heads_view v = {x->dims[0], x->dims[1], x->dims[2], heads, x->dims[2] / heads};
    return v;
}

/* Column offset of head `h` of batch item `b`'s first row in a (B, T, C) tensor. */
static size_t head_start(const struct heads_view *v, int b, int h) { return (size_t)b * v->t * v->c + (size_t)h * v->d; }

/* The tape scratch one thread's head needs: the largest of the five products of a head. */
static int reserve_head_scratch(struct attn_tape *t, const struct heads_view *v) {
    const int sizes[3][3] = {{v->t, v->d, v->t}, {v->t, v->t, v->d}, {v->t, v->t, v->d}};
    int64_t most = 0;
    for (int i = 0; i < 3; i++) {
        int64_t floats;
        ATTN__TRY(attn__gemm_serial_workspace(&floats, sizes[i][0], sizes[i][1], sizes[i][2]));
        if (floats > most) most = floats;
    }
    ATTN__TRY(attn__check_product(most, ATTN__MAX_THREADS));
    return attn__tape_reserve_scratch(t, most * ATTN__MAX_THREADS);
}

/* One block of a job is one (batch item, head) pair; each thread takes its own part of the
 * scratch. */
struct heads_job {
    struct attn_tape *t;
    int id; /* the node being computed or differentiated */
    struct heads_view v;
    float scale;
    size_t scratch_per_thread;
    int add_a, add_b; /* the backward: whether each input's gradient is added to or written (tape_grad_adds) */
};

static float *thread_scratch(const struct heads_job *job, int thread) {
    return job->t->scratch + job->scratch_per_thread * (size_t)thread;
}

static void run_heads(struct attn_tape *t, int id, const struct heads_view *v, float scale, attn__task_fn fn, int backward) {
    struct heads_job job = {t, id, *v, scale, (size_t)(t->scratch_capacity / ATTN__MAX_THREADS),
                            backward && tape_grad_adds(t, id, 0), backward && tape_grad_adds(t, id, 1)};
    attn__parallel_run(fn, &job, v->b * v->h);
}

/* ---------------------------------------------------------------- causal_weights */

/* Row i of one head's weights, from its scores s_i (in place):
 *   scaled = scale·s;  masked = key j > i ? −∞ : scaled;  w = softmax(masked). */
static void weights_row(float *row, int i, int t, float scale) {
    const int valid = attn__causal_first_blocked(i) < t ? attn__causal_first_blocked(i) : t;
    for (int j = 0; j < valid; j++) row[j] = scale * row[j];
    for (int j = valid; j < (valid + 3) / 4 * 4 && j < t; j++) row[j] = -INFINITY;
    attn__ops_softmax_row(row, row, t, valid);
}

static void weights_head(void *ctx, int unit, int thread) {
    const struct heads_job *job = ctx;
    const struct heads_view *v = &job->v;
    const struct tape_node *n = tape_node(job->t, job->id);
    const int b = unit / v->h, h = unit % v->h;
    const float *q = tape_val(job->t, n->in[0]) + head_start(v, b, h), *k = tape_val(job->t, n->in[1]) + head_start(v, b, h);
    float *w = tape_val(job->t, job->id) + (size_t)unit * v->t * v->t;
    /* scores = Q·Kᵀ (T, T), only on and below the diagonal (bmm(qh, kh, transpose_b)) */
    attn__gemm_serial(w, thread_scratch(job, thread), q, k, 0, 1, 0, v->t, v->d, v->t, v->c, v->c, v->t, ATTN__GEMM_LOWER_OUT);
    for (int i = 0; i < v->t; i++) weights_row(w + (size_t)i * v->t, i, v->t, job->scale);
}

/* Row i of dS = ∂loss/∂scores from dw (in place), the backward of weights_row:
 *   softmax:   dmasked = w ∘ (dw − Σ dw∘w)   (0 where w = 0: no NaN from −∞)
 *   mask:      dscaled = dmasked on allowed keys, 0 on blocked ones
 *   scale:     dscores = scale · dscaled
 * each entry starting from 0 as the op-by-op gradients do (0 + x, which turns −0 into +0). The
 * rest of the row is set to 0: the products below read it as the zeros it stands for. */
static void weights_row_backward(float *drow, const float *w, int i, int t, float scale) {
    const int valid = attn__causal_first_blocked(i) < t ? attn__causal_first_blocked(i) : t;
    double dot = 0;
    for (int j = 0; j < valid; j++) dot += (double)drow[j] * w[j];
    const float d = (float)dot;
    for (int j = 0; j < valid; j++) {
        const float dmasked = w[j] != 0.0f ? 0.0f + w[j] * (drow[j] - d) : 0.0f;
        drow[j] = 0.0f + scale * (0.0f + dmasked);
    }
    for (int j = valid; j < t; j++) drow[j] = 0.0f;
}

static void weights_head_backward(void *ctx, int unit, int thread) {
    const struct heads_job *job = ctx;
    const struct heads_view *v = &job->v;
    const struct tape_node *n = tape_node(job->t, job->id);
    const int b = unit / v->h, h = unit % v->h;
    const size_t at = head_start(v, b, h), tt = (size_t)v->t * v->t;
    const float *q = tape_val(job->t, n->in[0]) + at, *k = tape_val(job->t, n->in[1]) + at;
    float *dq = tape_grad(job->t, n->in[0]) + at, *dk = tape_grad(job->t, n->in[1]) + at;
    const float *w = tape_val(job->t, job->id) + unit * tt;
    float *ds = tape_grad(job->t, job->id) + unit * tt; /* dw, turned into dS in place */
    for (int i = 0; i < v->t; i++) weights_row_backward(ds + (size_t)i * v->t, w + (size_t)i * v->t, i, v->t, job->scale);
    float *work = thread_scratch(job, thread);
    /* scores = Q·Kᵀ  →  dQ += dS·K (dS is lower triangular);  dK += dSᵀ·Q (dSᵀ is upper) */
    attn__gemm_serial(dq, work, ds, k, 0, 0, job->add_a, v->t, v->t, v->d, v->t, v->c, v->c, ATTN__GEMM_A_LOWER);
    attn__gemm_serial(dk, work, ds, q, 1, 0, job->add_b, v->t, v->t, v->d, v->t, v->c, v->c, ATTN__GEMM_A_UPPER);
}

static void causal_weights_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const struct heads_view v = view_of(tape_node(t, n->in[0]), n->dims[1]);
    run_heads(t, id, &v, n->farg, weights_head_backward, 1);
}

int attn__tape_causal_weights(int *out, struct attn_tape *t, int q, int k, int heads) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, q) || !tape_valid(t, k), ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(heads <= 0, ATTN_ERR_SIZE);
    const struct tape_node *qn = tape_node(t, q), *kn = tape_node(t, k);
    ATTN__REFUSE_IF(qn->ndim != 3 || kn->ndim != 3 || qn->dims[2] % heads != 0, ATTN_ERR_SHAPE);
    for (int i = 0; i < 3; i++) ATTN__REFUSE_IF(qn->dims[i] != kn->dims[i], ATTN_ERR_SHAPE);
    const struct heads_view v = view_of(qn, heads);
    int dims[4] = {v.b, v.h, v.t, v.t};
    ATTN__TRY(attn__check_product((int64_t)v.b * v.h, (int64_t)v.t * v.t));
    ATTN__TRY(reserve_head_scratch(t, &v));
    ATTN__TRY(attn__tape_push(t, out, "causal_weights", causal_weights_backward, 4, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = q;
    n->in[1] = k;
    n->farg = 1.0f / sqrtf((float)v.d); /* as model.c scales: 1/√D */
    run_heads(t, *out, &v, n->farg, weights_head, 0);
    return ATTN_OK;
}

/* ---------------------------------------------------------------- attend */

static void attend_head(void *ctx, int unit, int thread) {
    const struct heads_job *job = ctx;
    const struct heads_view *v = &job->v;
    const struct tape_node *n = tape_node(job->t, job->id);
    const int b = unit / v->h, h = unit % v->h;
    const float *w = tape_val(job->t, n->in[0]) + (size_t)unit * v->t * v->t;
    const float *vv = tape_val(job->t, n->in[1]) + head_start(v, b, h);
    float *y = tape_val(job->t, job->id) + head_start(v, b, h);
    /* y_bh = W·V_bh (bmm(w, vh), then merge_heads); W is lower triangular */
    attn__gemm_serial(y, thread_scratch(job, thread), w, vv, 0, 0, 0, v->t, v->t, v->d, v->t, v->c, v->c, ATTN__GEMM_A_LOWER);
}

static void attend_head_backward(void *ctx, int unit, int thread) {
    const struct heads_job *job = ctx;
    const struct heads_view *v = &job->v;
    const struct tape_node *n = tape_node(job->t, job->id);
    const int b = unit / v->h, h = unit % v->h;
    const size_t at = head_start(v, b, h), tt = (size_t)v->t * v->t;
    const float *w = tape_val(job->t, n->in[0]) + unit * tt, *vv = tape_val(job->t, n->in[1]) + at;
    const float *dy = tape_grad(job->t, job->id) + at;
    float *dw = tape_grad(job->t, n->in[0]) + unit * tt, *dv = tape_grad(job->t, n->in[1]) + at;
    float *work = thread_scratch(job, thread);
    /* y = W·V  →  dW += dY·Vᵀ (wanted on and below the diagonal only: written, the tiles above
     * it keep what they held, which the backward of the weights never reads);  dV += Wᵀ·dY (Wᵀ
     * is upper) */
    attn__gemm_serial(dw, work, dy, vv, 0, 1, job->add_a, v->t, v->d, v->t, v->c, v->c, v->t, ATTN__GEMM_LOWER_OUT);
    attn__gemm_serial(dv, work, w, dy, 1, 0, job->add_b, v->t, v->t, v->d, v->t, v->c, v->c, ATTN__GEMM_A_UPPER);
}

static void attend_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const struct heads_view v = view_of(n, tape_node(t, n->in[0])->dims[1]);
    run_heads(t, id, &v, 0.0f, attend_head_backward, 1);
}

int attn__tape_attend(int *out, struct attn_tape *t, int w, int v) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, w) || !tape_valid(t, v), ATTN_ERR_ARGUMENT);
    const struct tape_node *wn = tape_node(t, w), *vn = tape_node(t, v);
    ATTN__REFUSE_IF(wn->ndim != 4 || vn->ndim != 3, ATTN_ERR_SHAPE);
    ATTN__REFUSE_IF(wn->dims[0] != vn->dims[0] || wn->dims[2] != vn->dims[1] || wn->dims[3] != vn->dims[1] ||
                        vn->dims[2] % wn->dims[1] != 0,
                    ATTN_ERR_SHAPE);
    const struct heads_view hv = view_of(vn, wn->dims[1]);
    ATTN__TRY(reserve_head_scratch(t, &hv));
    int dims[3] = {hv.b, hv.t, hv.c};
    ATTN__TRY(attn__tape_push(t, out, "attend", attend_backward, 3, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = w;
    n->in[1] = v;
    run_heads(t, *out, &hv, 0.0f, attend_head, 0);
    return ATTN_OK;
}
