/*
 * autograd_ops_linear.c — the tape's linear ops: embedding lookup, matrix product (a · w) and
 * batched matrix product with transpose flags. Each backward sits beside its forward and
 * quotes the line it undoes. On both cores: a product splits its rows (gemm.c), a batched
 * product its batch items, and a sum over rows (the gradients of a bias or an embedding table)
 * its columns, each summed over the rows in order as one thread would (parallel.h).
 */
#include <string.h>

#include "autograd_internal.h"
#include "check.h"
#include "gemm.h"
#include "parallel.h"
#include "simd.h"
#include "tensor_ops.h"

/* out[idx[r]·c + j] += x[r·c + j] for rows r in order and columns [begin, end): the gradient of
 * an embedding table (idx: the tokens) or of a bias (idx NULL: every row into row 0). */
struct rows_into_job {
    const float *x;
    const int *idx;
    float *out;
    int64_t rows;
    int c;
};

/* out[j] += Σ_r x[r·c + j] for j in [begin, end), the rows in order: each group of 16 columns
 * (one cache line of a row) sums in four vector registers that start from `out`, the same
 * additions in the same order as adding row after row into out. */
static void bias_columns(const struct rows_into_job *job, int64_t begin, int64_t end) {
    const size_t c = (size_t)job->c;
    int64_t j = begin;
    for (; j + 16 <= end; j += 16) {
        vf4 s0 = vf4_load(job->out + j), s1 = vf4_load(job->out + j + 4);
        vf4 s2 = vf4_load(job->out + j + 8), s3 = vf4_load(job->out + j + 12);
        for (const float *row = job->x + j, *last = job->x + job->rows * c + j; row < last; row += c) {
            s0 = vf4_add(s0, vf4_load(row));
            s1 = vf4_add(s1, vf4_load(row + 4));
            s2 = vf4_add(s2, vf4_load(row + 8));
            s3 = vf4_add(s3, vf4_load(row + 12));
        }
        vf4_store(job->out + j, s0);
        vf4_store(job->out + j + 4, s1);
        vf4_store(job->out + j + 8, s2);
        vf4_store(job->out + j + 12, s3);
    }
    for (; j < end; j++) {
        float sum = job->out[j];
        for (int64_t r = 0; r < job->rows; r++) sum += job->x[(size_t)r * c + j];
        job->out[j] = sum;
    }
}

static void rows_into_columns(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct rows_into_job *job = ctx;
    (void)thread;
    if (!job->idx) {
        bias_columns(job, begin, end);
        return;
    }
    for (int64_t r = 0; r < job->rows; r++) {
        float *dst = job->out + (size_t)job->idx[r] * job->c;
        const float *src = job->x + (size_t)r * job->c;
        for (int64_t j = begin; j < end; j++) dst[j] += src[j];
    }
}

static void add_rows_into(float *out, const float *x, const int *idx, int64_t rows, int c) {
    struct rows_into_job job = {x, idx, out, rows, c};
    attn__parallel_ranges(rows_into_columns, &job, c, 16);
}

/* ---------------------------------------------------------------- embedding */

/* Caches the token ids (indices). */
static void embedding_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int table = n->in[0], c = n->dims[n->ndim - 1];
    const int64_t rows = n->size / c;
    /* out[r, :] = table[tokens[r], :]  →  dtable[tokens[r], :] += dout[r, :] (a table that is
     * not a parameter and whose gradient no op has written yet starts from zeros) */
    if (!tape_grad_adds(t, id, 0)) memset(tape_grad(t, table), 0, (size_t)tape_node(t, table)->size * sizeof(float));
    add_rows_into(tape_grad(t, table), tape_grad(t, id), tape_idx(t, id), rows, c);
}

int attn_tape_embedding(int *out, struct attn_tape *t, int table, const int *tokens, int b, int tt) {
    ATTN__REFUSE_IF(!out || !t || !tokens, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, table), ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(b <= 0 || tt <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(b, tt));
    const struct tape_node *tn = tape_node(t, table);
    ATTN__REFUSE_IF(tn->ndim != 2, ATTN_ERR_SHAPE);
    const int vocab = tn->dims[0], c = tn->dims[1];
    const int64_t rows = (int64_t)b * tt;
    for (int64_t r = 0; r < rows; r++) ATTN__REFUSE_IF(tokens[r] < 0 || tokens[r] >= vocab, ATTN_ERR_ARGUMENT);
    int dims[3] = {b, tt, c};
    ATTN__TRY(attn__tape_push(t, out, "embedding", embedding_backward, 3, dims, 0, rows));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = table;
    int *idx = tape_idx(t, *out);
    memcpy(idx, tokens, (size_t)rows * sizeof(int));
    const float *src = tape_val(t, table);
    float *dst = tape_val(t, *out);
    for (int64_t r = 0; r < rows; r++) memcpy(dst + (size_t)r * c, src + (size_t)idx[r] * c, (size_t)c * sizeof(float));
    return ATTN_OK;
}

/* ---------------------------------------------------------------- matmul: a (..., K) · w */

/* Sizes the tape's packing scratch for this product and both its gradients, so the backward
 * sweep (which cannot fail) never needs more: one product on both cores, or (a batch) one
 * product per thread, each with its own part of the scratch (thread_work below). */
static int reserve(struct attn_tape *t, int m, int k, int n, enum attn__ops_threads threads) {
    ATTN__TRY(attn__check_product(m, k));
    ATTN__TRY(attn__check_product(k, n));
    ATTN__TRY(attn__check_product(m, n));
    const long long floats = attn__ops_gemm_workspace(m, k, n, threads);
    ATTN__REFUSE_IF(floats <= 0, ATTN_ERR_OVERFLOW);
    if (threads == ATTN__OPS_BOTH_CORES) return attn__tape_reserve_scratch(t, floats);
    ATTN__TRY(attn__check_product(floats, ATTN__MAX_THREADS));
    return attn__tape_reserve_scratch(t, floats * ATTN__MAX_THREADS);
}

/* iarg: transpose_w, K. in[2]: the bias, or -1. */
static void matmul_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int a = n->in[0], w = n->in[1], bias = n->in[2], transpose_w = n->iarg[0];
    const int k = n->iarg[1], cols = n->dims[n->ndim - 1];
    const int rows = (int)(n->size / cols);
    const float *dout = tape_grad(t, id);
    /* out = a · op(w) (+ bias)  →  da += dout · op(w)ᵀ, dw += stored like w, dbias += Σ_rows dout */
    attn__ops_gemm_backward(tape_grad(t, a), tape_grad(t, w), t->scratch, tape_val(t, a), tape_val(t, w), dout, rows, k,
                            cols, 0, transpose_w, tape_grad_adds(t, id, 0), tape_grad_adds(t, id, 1),
                            ATTN__OPS_BOTH_CORES);
    if (bias < 0) return;
    if (!tape_grad_adds(t, id, 2)) memset(tape_grad(t, bias), 0, (size_t)cols * sizeof(float)); /* not a parameter */
    add_rows_into(tape_grad(t, bias), dout, NULL, rows, cols);
}

/* Rows [begin, end) of a linear's output start as its bias (on both cores: 1.5 MB for a (768, 512)
 * output). */
struct bias_rows_job {
    const float *bias;
    float *out;
    int cols;
};

static void bias_rows(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct bias_rows_job *job = ctx;
    (void)thread;
    for (int64_t r = begin; r < end; r++) memcpy(job->out + (size_t)r * job->cols, job->bias, (size_t)job->cols * sizeof(float));
}

static int matmul(int *out, struct attn_tape *t, int a, int w, int bias, int transpose_w) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, a) || !tape_valid(t, w) || (bias >= 0 && !tape_valid(t, bias)), ATTN_ERR_ARGUMENT);
    const struct tape_node *an = tape_node(t, a), *wn = tape_node(t, w);
    ATTN__REFUSE_IF(wn->ndim != 2, ATTN_ERR_SHAPE);
    const int k = an->dims[an->ndim - 1];
    const int wk = transpose_w ? wn->dims[1] : wn->dims[0], cols = transpose_w ? wn->dims[0] : wn->dims[1];
    ATTN__REFUSE_IF(wk != k, ATTN_ERR_SHAPE);
    ATTN__REFUSE_IF(bias >= 0 && tape_node(t, bias)->size != cols, ATTN_ERR_SHAPE);
    int dims[ATTN_TAPE_MAX_DIMS], ndim = an->ndim;
    for (int i = 0; i < ndim; i++) dims[i] = an->dims[i];
    dims[ndim - 1] = cols;
    const int rows = (int)(an->size / k);
    ATTN__TRY(reserve(t, rows, k, cols, ATTN__OPS_BOTH_CORES));
    ATTN__TRY(attn__tape_push(t, out, bias >= 0 ? "linear" : "matmul", matmul_backward, ndim, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = a;
    n->in[1] = w;
    n->in[2] = bias;
    n->iarg[0] = transpose_w != 0;
    n->iarg[1] = k;
    float *o = tape_val(t, *out);
    if (bias >= 0) { /* out starts as the bias in every row; the product accumulates onto it */
        struct bias_rows_job job = {tape_val(t, bias), o, cols};
        attn__parallel_ranges(bias_rows, &job, rows, cols >= 16384 ? 1 : 16384 / cols);
    }
    attn__ops_gemm(o, t->scratch, tape_val(t, a), tape_val(t, w), rows, k, cols, 0, transpose_w != 0, bias >= 0,
                   ATTN__OPS_BOTH_CORES);
    return ATTN_OK;
}

int attn_tape_matmul(int *out, struct attn_tape *t, int a, int w, int transpose_w) {
    return matmul(out, t, a, w, -1, transpose_w);
}

int attn_tape_linear(int *out, struct attn_tape *t, int a, int w, int bias) {
    ATTN__REFUSE_IF(!t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, bias), ATTN_ERR_ARGUMENT);
    return matmul(out, t, a, w, bias, 0);
}

/* ---------------------------------------------------------------- bmm: batched op(a) · op(b) */

/* The node of a batched product; iarg: transpose_a, transpose_b, M, K. Item i of the batch. */
struct bmm_job {
    struct attn_tape *t;
    int id;
    int add_a, add_b; /* the backward: whether each input's gradient is added to or written */
};

struct bmm_item {
    const float *a, *b, *dc;
    float *c, *da, *db;
    int ta, tb, m, k, n;
};

static struct bmm_item item_of(const struct bmm_job *job, int i) {
    struct attn_tape *t = job->t;
    const struct tape_node *n = tape_node(t, job->id);
    const int m = n->iarg[2], k = n->iarg[3], cols = n->dims[n->ndim - 1];
    const size_t sa = (size_t)m * k * i, sb = (size_t)k * cols * i, sc = (size_t)m * cols * i;
    const struct bmm_item it = {tape_val(t, n->in[0]) + sa,  tape_val(t, n->in[1]) + sb,  tape_grad(t, job->id) + sc,
                                tape_val(t, job->id) + sc,   tape_grad(t, n->in[0]) + sa, tape_grad(t, n->in[1]) + sb,
                                n->iarg[0], n->iarg[1], m, k, cols};
    return it;
}

static float *thread_work(struct attn_tape *t, int thread) {
    return t->scratch + (size_t)(t->scratch_capacity / ATTN__MAX_THREADS) * thread;
}

static void bmm_item(void *ctx, int i, int thread) {
    const struct bmm_item it = item_of(ctx, i);
    attn__ops_gemm(it.c, thread_work(((const struct bmm_job *)ctx)->t, thread), it.a, it.b, it.m, it.k, it.n,
                   it.ta, it.tb, 0, ATTN__OPS_ONE_THREAD);
}

static void bmm_item_backward(void *ctx, int i, int thread) {
    const struct bmm_item it = item_of(ctx, i);
    /* out[i] = op(a[i]) · op(b[i])  →  the two gradients of each product */
    const struct bmm_job *job = ctx;
    attn__ops_gemm_backward(it.da, it.db, thread_work(job->t, thread), it.a, it.b, it.dc, it.m, it.k, it.n, it.ta, it.tb,
                            job->add_a, job->add_b, ATTN__OPS_ONE_THREAD);
}

static void bmm_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    struct bmm_job job = {t, id, tape_grad_adds(t, id, 0), tape_grad_adds(t, id, 1)};
    attn__parallel_run(bmm_item_backward, &job, (int)(n->size / ((int64_t)n->iarg[2] * n->dims[n->ndim - 1])));
}

int attn_tape_bmm(int *out, struct attn_tape *t, int a, int b, int transpose_a, int transpose_b) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, a) || !tape_valid(t, b), ATTN_ERR_ARGUMENT);
    const struct tape_node *an = tape_node(t, a), *bn = tape_node(t, b);
    ATTN__REFUSE_IF(an->ndim < 2 || an->ndim != bn->ndim, ATTN_ERR_SHAPE);
    const int nd = an->ndim;
    for (int i = 0; i < nd - 2; i++) ATTN__REFUSE_IF(an->dims[i] != bn->dims[i], ATTN_ERR_SHAPE);
    const int ta = transpose_a != 0, tb = transpose_b != 0;
    const int m = ta ? an->dims[nd - 1] : an->dims[nd - 2], k = ta ? an->dims[nd - 2] : an->dims[nd - 1];
    const int bk = tb ? bn->dims[nd - 1] : bn->dims[nd - 2], cols = tb ? bn->dims[nd - 2] : bn->dims[nd - 1];
    ATTN__REFUSE_IF(bk != k, ATTN_ERR_SHAPE);
    int dims[ATTN_TAPE_MAX_DIMS];
    for (int i = 0; i < nd - 2; i++) dims[i] = an->dims[i];
    dims[nd - 2] = m;
    dims[nd - 1] = cols;
    const int64_t batch = tape_span(an, 0, nd - 2);
    ATTN__TRY(reserve(t, m, k, cols, ATTN__OPS_ONE_THREAD));
    ATTN__TRY(attn__tape_push(t, out, "bmm", bmm_backward, nd, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = a;
    n->in[1] = b;
    n->iarg[0] = ta;
    n->iarg[1] = tb;
    n->iarg[2] = m;
    n->iarg[3] = k;
    struct bmm_job job = {t, *out, 0, 0};
    attn__parallel_run(bmm_item, &job, (int)batch);
    return ATTN_OK;
}
