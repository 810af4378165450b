/*
 * autograd_ops_linear.c — the tape's linear ops: embedding lookup, matrix product (a · w) and
 * batched matrix product with transpose flags. Each backward sits beside its forward and
 * quotes the line it undoes.
 */
#include <string.h>

#include "autograd_internal.h"
#include "check.h"
#include "tensor_ops.h"

/* ---------------------------------------------------------------- embedding */

/* Caches the token ids (indices). */
static void embedding_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int table = n->in[0], c = n->dims[n->ndim - 1];
    const int64_t rows = n->size / c;
    const int *tokens = tape_idx(t, id);
    const float *dout = tape_grad(t, id);
    float *dtable = tape_grad(t, table);
    /* out[r, :] = table[tokens[r], :]  →  dtable[tokens[r], :] += dout[r, :] */
    for (int64_t r = 0; r < rows; r++) {
        float *dst = dtable + (size_t)tokens[r] * c;
        const float *src = dout + (size_t)r * c;
        for (int j = 0; j < c; j++) dst[j] += src[j];
    }
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
 * sweep (which cannot fail) never needs more. */
static int reserve(struct attn_tape *t, int m, int k, int n) {
    ATTN__TRY(attn__check_product(m, k));
    ATTN__TRY(attn__check_product(k, n));
    ATTN__TRY(attn__check_product(m, n));
    const long long floats = attn__ops_gemm_workspace(m, k, n);
    ATTN__REFUSE_IF(floats <= 0, ATTN_ERR_OVERFLOW);
    return attn__tape_reserve_scratch(t, floats);
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
                            cols, 0, transpose_w);
    if (bias >= 0) {
        float *db = tape_grad(t, bias);
        for (int r = 0; r < rows; r++) {
            const float *row = dout + (size_t)r * cols;
            for (int j = 0; j < cols; j++) db[j] += row[j];
        }
    }
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
    ATTN__TRY(reserve(t, rows, k, cols));
    ATTN__TRY(attn__tape_push(t, out, bias >= 0 ? "linear" : "matmul", matmul_backward, ndim, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = a;
    n->in[1] = w;
    n->in[2] = bias;
    n->iarg[0] = transpose_w != 0;
    n->iarg[1] = k;
    float *o = tape_val(t, *out);
    if (bias >= 0) { /* out starts as the bias in every row; the product accumulates onto it */
        const float *b = tape_val(t, bias);
        for (int r = 0; r < rows; r++) memcpy(o + (size_t)r * cols, b, (size_t)cols * sizeof(float));
    }
    attn__ops_gemm(o, t->scratch, tape_val(t, a), tape_val(t, w), rows, k, cols, 0, transpose_w != 0, bias >= 0);
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

/* iarg: transpose_a, transpose_b, M, K. */
static void bmm_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int ta = n->iarg[0], tb = n->iarg[1], m = n->iarg[2], k = n->iarg[3];
    const int cols = n->dims[n->ndim - 1];
    const int64_t batch = n->size / ((int64_t)m * cols);
    const float *a = tape_val(t, n->in[0]), *b = tape_val(t, n->in[1]), *dc = tape_grad(t, id);
    float *da = tape_grad(t, n->in[0]), *db = tape_grad(t, n->in[1]);
    const size_t sa = (size_t)m * k, sb = (size_t)k * cols, sc = (size_t)m * cols;
    /* out[i] = op(a[i]) · op(b[i])  →  the two gradients of each product */
    for (int64_t i = 0; i < batch; i++)
        attn__ops_gemm_backward(da + i * sa, db + i * sb, t->scratch, a + i * sa, b + i * sb, dc + i * sc, m, k, cols, ta, tb);
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
    ATTN__TRY(reserve(t, m, k, cols));
    ATTN__TRY(attn__tape_push(t, out, "bmm", bmm_backward, nd, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = a;
    n->in[1] = b;
    n->iarg[0] = ta;
    n->iarg[1] = tb;
    n->iarg[2] = m;
    n->iarg[3] = k;
    const float *av = tape_val(t, a), *bv = tape_val(t, b);
    float *cv = tape_val(t, *out);
    const size_t sa = (size_t)m * k, sb = (size_t)k * cols, sc = (size_t)m * cols;
    for (int64_t i = 0; i < batch; i++) attn__ops_gemm(cv + i * sc, t->scratch, av + i * sa, bv + i * sb, m, k, cols, ta, tb, 0);
    return ATTN_OK;
}
