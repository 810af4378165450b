/*
 * autograd_ops_elementwise.c — the tape's element-wise ops: add (with a broadcast bias or
 * position table; residuals too), scale, GELU and the causal mask fill. Each backward sits
 * beside its forward.
 */
#include <math.h>

#include "autograd_internal.h"
#include "check.h"

/* ---------------------------------------------------------------- add */

static void add_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int64_t size = n->size, bsize = tape_node(t, n->in[1])->size;
    const float *dout = tape_grad(t, id);
    float *da = tape_grad(t, n->in[0]), *db = tape_grad(t, n->in[1]);
    /* out[i] = a[i] + b[i mod |b|]  →  da[i] += dout[i];  db[i mod |b|] += dout[i] */
    for (int64_t i = 0; i < size; i++) da[i] += dout[i];
    for (int64_t start = 0; start < size; start += bsize)
        for (int64_t j = 0; j < bsize; j++) db[j] += dout[start + j];
}

int attn_tape_add(int *out, struct attn_tape *t, int a, int b) {
    ATTN_REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN_REFUSE_IF(!tape_valid(t, a) || !tape_valid(t, b), ATTN_ERR_ARGUMENT);
    const struct tape_node *an = tape_node(t, a), *bn = tape_node(t, b);
    /* b's shape, leading ones dropped, must be a's trailing shape. */
    int bfirst = 0;
    while (bfirst < bn->ndim - 1 && bn->dims[bfirst] == 1) bfirst++;
    const int tail = bn->ndim - bfirst;
    ATTN_REFUSE_IF(tail > an->ndim, ATTN_ERR_SHAPE);
    for (int i = 0; i < tail; i++) ATTN_REFUSE_IF(bn->dims[bfirst + i] != an->dims[an->ndim - tail + i], ATTN_ERR_SHAPE);
    int dims[ATTN_TAPE_MAX_DIMS];
    for (int i = 0; i < an->ndim; i++) dims[i] = an->dims[i];
    ATTN_TRY(tape_push(t, out, "add", add_backward, an->ndim, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = a;
    n->in[1] = b;
    const int64_t size = n->size, bsize = tape_node(t, b)->size;
    const float *av = tape_val(t, a), *bv = tape_val(t, b);
    float *o = tape_val(t, *out);
    for (int64_t start = 0; start < size; start += bsize)
        for (int64_t j = 0; j < bsize; j++) o[start + j] = av[start + j] + bv[j];
    return ATTN_OK;
}

/* ---------------------------------------------------------------- scale */

static void scale_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const float s = n->farg, *dout = tape_grad(t, id);
    float *da = tape_grad(t, n->in[0]);
    /* out = s · a  →  da += s · dout */
    for (int64_t i = 0; i < n->size; i++) da[i] += s * dout[i];
}

int attn_tape_scale(int *out, struct attn_tape *t, int a, float s) {
    ATTN_REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN_REFUSE_IF(!tape_valid(t, a), ATTN_ERR_ARGUMENT);
    ATTN_REFUSE_IF(!isfinite(s), ATTN_ERR_VALUE);
    const struct tape_node *an = tape_node(t, a);
    int dims[ATTN_TAPE_MAX_DIMS], nd = an->ndim;
    for (int i = 0; i < nd; i++) dims[i] = an->dims[i];
    ATTN_TRY(tape_push(t, out, "scale", scale_backward, nd, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = a;
    n->farg = s;
    const float *av = tape_val(t, a);
    float *o = tape_val(t, *out);
    for (int64_t i = 0; i < n->size; i++) o[i] = s * av[i];
    return ATTN_OK;
}

/* ---------------------------------------------------------------- GELU (tanh approximation) */

#define GELU_K 0.7978845608028654f /* √(2/π) */

static void gelu_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const float *x = tape_val(t, n->in[0]), *dout = tape_grad(t, id);
    float *dx = tape_grad(t, n->in[0]);
    /* out = ½x(1 + tanh u), u = k(x + 0.044715x³)
     *   → dx += dout · [½(1 + tanh u) + ½x(1 − tanh²u) · k(1 + 3·0.044715x²)] */
    for (int64_t i = 0; i < n->size; i++) {
        const float xi = x[i], u = GELU_K * (xi + 0.044715f * xi * xi * xi), th = tanhf(u);
        const float d = 0.5f * (1.0f + th) + 0.5f * xi * (1.0f - th * th) * GELU_K * (1.0f + 3.0f * 0.044715f * xi * xi);
        dx[i] += dout[i] * d;
    }
}

int attn_tape_gelu(int *out, struct attn_tape *t, int a) {
    ATTN_REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN_REFUSE_IF(!tape_valid(t, a), ATTN_ERR_ARGUMENT);
    const struct tape_node *an = tape_node(t, a);
    int dims[ATTN_TAPE_MAX_DIMS], nd = an->ndim;
    for (int i = 0; i < nd; i++) dims[i] = an->dims[i];
    ATTN_TRY(tape_push(t, out, "gelu", gelu_backward, nd, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = a;
    const float *x = tape_val(t, a);
    float *o = tape_val(t, *out);
    for (int64_t i = 0; i < n->size; i++) {
        const float xi = x[i];
        o[i] = 0.5f * xi * (1.0f + tanhf(GELU_K * (xi + 0.044715f * xi * xi * xi)));
    }
    return ATTN_OK;
}

/* ---------------------------------------------------------------- causal mask fill */

static void causal_mask_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int rows = n->dims[n->ndim - 2], cols = n->dims[n->ndim - 1];
    const int64_t batch = n->size / ((int64_t)rows * cols);
    const float *dout = tape_grad(t, id);
    float *da = tape_grad(t, n->in[0]);
    /* out[i, j] = j > i ? fill : a[i, j]  →  da[i, j] += dout[i, j] where j ≤ i */
    for (int64_t b = 0; b < batch; b++)
        for (int i = 0; i < rows; i++) {
            const size_t row = ((size_t)b * rows + i) * cols;
            for (int j = 0; j <= i && j < cols; j++) da[row + j] += dout[row + j];
        }
}

int attn_tape_causal_mask(int *out, struct attn_tape *t, int a, float fill) {
    ATTN_REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN_REFUSE_IF(!tape_valid(t, a), ATTN_ERR_ARGUMENT);
    const struct tape_node *an = tape_node(t, a);
    ATTN_REFUSE_IF(an->ndim < 2, ATTN_ERR_SHAPE);
    ATTN_REFUSE_IF(isnan(fill), ATTN_ERR_VALUE);
    int dims[ATTN_TAPE_MAX_DIMS], nd = an->ndim;
    for (int i = 0; i < nd; i++) dims[i] = an->dims[i];
    ATTN_TRY(tape_push(t, out, "causal_mask", causal_mask_backward, nd, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = a;
    n->farg = fill;
    const int rows = dims[nd - 2], cols = dims[nd - 1];
    const int64_t batch = n->size / ((int64_t)rows * cols);
    const float *av = tape_val(t, a);
    float *o = tape_val(t, *out);
    for (int64_t b = 0; b < batch; b++)
        for (int i = 0; i < rows; i++) {
            const size_t row = ((size_t)b * rows + i) * cols;
            for (int j = 0; j < cols; j++) o[row + j] = j > i ? fill : av[row + j];
        }
    return ATTN_OK;
}
