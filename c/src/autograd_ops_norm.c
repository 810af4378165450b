/*
 * autograd_ops_norm.c — the tape's normalising ops: softmax along an axis, layer norm and
 * cross-entropy. Statistics accumulate in double; each backward sits beside its forward.
 */
#include <math.h>

#include "autograd_internal.h"
#include "check.h"
#include "tensor_ops.h"

/* ---------------------------------------------------------------- softmax along an axis */

/* iarg: outer, length of the axis, inner (the stride between entries of one slice). */
static void softmax_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int64_t outer = n->iarg[0], len = n->iarg[1], inner = n->iarg[2];
    const float *y = tape_val(t, id), *dy = tape_grad(t, id);
    float *dx = tape_grad(t, n->in[0]);
    /* y = softmax(x)  →  dx = y ∘ (dy − Σ dy∘y): O(len) per slice, never the len² Jacobian */
    for (int64_t o = 0; o < outer; o++)
        for (int64_t in = 0; in < inner; in++) {
            const size_t base = (size_t)(o * len * inner + in);
            double dot = 0;
            for (int64_t j = 0; j < len; j++) dot += (double)dy[base + j * inner] * y[base + j * inner];
            const float d = (float)dot;
            for (int64_t j = 0; j < len; j++) {
                const size_t at = base + (size_t)(j * inner);
                if (y[at] != 0.0f) dx[at] += y[at] * (dy[at] - d); /* 0 where masked: no NaN from −∞ */
            }
        }
}

int attn_tape_softmax(int *out, struct attn_tape *t, int a, int axis) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, a), ATTN_ERR_ARGUMENT);
    const struct tape_node *an = tape_node(t, a);
    const int nd = an->ndim;
    if (axis < 0) axis += nd;
    ATTN__REFUSE_IF(axis < 0 || axis >= nd, ATTN_ERR_ARGUMENT);
    int dims[ATTN_TAPE_MAX_DIMS];
    for (int i = 0; i < nd; i++) dims[i] = an->dims[i];
    const int64_t outer = tape_span(an, 0, axis), len = an->dims[axis], inner = tape_span(an, axis + 1, nd);
    ATTN__TRY(attn__tape_push(t, out, "softmax", softmax_backward, nd, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = a;
    n->iarg[0] = (int)outer;
    n->iarg[1] = (int)len;
    n->iarg[2] = (int)inner;
    const float *x = tape_val(t, a);
    float *y = tape_val(t, *out);
    if (inner == 1) { /* contiguous rows (the attention's last axis): tensor_ops.c */
        for (int64_t o = 0; o < outer; o++) attn__ops_softmax_row(y + o * len, x + o * len, (int)len, (int)len);
        return ATTN_OK;
    }
    for (int64_t o = 0; o < outer; o++)
        for (int64_t in = 0; in < inner; in++) {
            const size_t base = (size_t)(o * len * inner + in);
            float max = -INFINITY;
            for (int64_t j = 0; j < len; j++) max = fmaxf(max, x[base + j * inner]);
            if (max == -INFINITY) { /* no allowed entry: NaN, as the chapter teaches */
                for (int64_t j = 0; j < len; j++) y[base + j * inner] = NAN;
                continue;
            }
            double sum = 0;
            for (int64_t j = 0; j < len; j++) {
                const float e = expf(x[base + j * inner] - max);
                y[base + j * inner] = e;
                sum += e;
            }
            const float inv = (float)(1.0 / sum);
            for (int64_t j = 0; j < len; j++) y[base + j * inner] *= inv;
        }
    return ATTN_OK;
}

/* ---------------------------------------------------------------- layer norm over the last axis */

#define LN_EPS 1e-5

/* Caches (rows, 2): mean and 1/σ of each row. */
static void layernorm_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int c = n->dims[n->ndim - 1];
    const int64_t rows = n->size / c;
    const float *x = tape_val(t, n->in[0]), *gamma = tape_val(t, n->in[1]), *stats = tape_aux(t, id);
    const float *dy = tape_grad(t, id);
    float *dx = tape_grad(t, n->in[0]), *dgamma = tape_grad(t, n->in[1]), *dbeta = tape_grad(t, n->in[2]);
    /* y = x̂·γ + β, x̂ = (x − μ)/σ  →  dγ += dy·x̂;  dβ += dy;
     * dx = (1/σ)·(g − mean(g) − x̂·mean(g·x̂)), g = dy·γ */
    for (int64_t r = 0; r < rows; r++) {
        const float *xr = x + r * c, *dyr = dy + r * c;
        float *dxr = dx + r * c;
        const float mean = stats[2 * r], rstd = stats[2 * r + 1];
        double g_mean = 0, gx_mean = 0;
        for (int j = 0; j < c; j++) {
            const float xhat = (xr[j] - mean) * rstd, g = dyr[j] * gamma[j];
            g_mean += g;
            gx_mean += (double)g * xhat;
            dgamma[j] += dyr[j] * xhat;
            dbeta[j] += dyr[j];
        }
        const float gm = (float)(g_mean / c), gxm = (float)(gx_mean / c);
        for (int j = 0; j < c; j++) {
            const float xhat = (xr[j] - mean) * rstd;
            dxr[j] += rstd * (dyr[j] * gamma[j] - gm - xhat * gxm);
        }
    }
}

int attn_tape_layernorm(int *out, struct attn_tape *t, int x, int gamma, int beta) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, x) || !tape_valid(t, gamma) || !tape_valid(t, beta), ATTN_ERR_ARGUMENT);
    const struct tape_node *xn = tape_node(t, x);
    const int nd = xn->ndim, c = xn->dims[nd - 1];
    ATTN__REFUSE_IF(tape_node(t, gamma)->size != c || tape_node(t, beta)->size != c, ATTN_ERR_SHAPE);
    int dims[ATTN_TAPE_MAX_DIMS];
    for (int i = 0; i < nd; i++) dims[i] = xn->dims[i];
    const int64_t rows = xn->size / c;
    ATTN__TRY(attn__tape_push(t, out, "layernorm", layernorm_backward, nd, dims, 2 * rows, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = x;
    n->in[1] = gamma;
    n->in[2] = beta;
    const float *xv = tape_val(t, x), *g = tape_val(t, gamma), *b = tape_val(t, beta);
    float *y = tape_val(t, *out), *stats = tape_aux(t, *out);
    for (int64_t r = 0; r < rows; r++) {
        const float *xr = xv + r * c;
        float *yr = y + r * c;
        double sum = 0, sq = 0;
        for (int j = 0; j < c; j++) sum += xr[j];
        const double mean = sum / c;
        for (int j = 0; j < c; j++) sq += (xr[j] - mean) * (xr[j] - mean);
        const float rstd = (float)(1.0 / sqrt(sq / c + LN_EPS));
        stats[2 * r] = (float)mean;
        stats[2 * r + 1] = rstd;
        for (int j = 0; j < c; j++) yr[j] = (xr[j] - (float)mean) * rstd * g[j] + b[j];
    }
    return ATTN_OK;
}

/* ---------------------------------------------------------------- cross-entropy */

/* Caches the probabilities (rows, V); indices hold the targets. */
static void cross_entropy_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const struct tape_node *ln = tape_node(t, n->in[0]);
    const int v = ln->dims[ln->ndim - 1];
    const int64_t rows = ln->size / v;
    const float *p = tape_aux(t, id);
    const int *targets = tape_idx(t, id);
    const float scale = tape_grad(t, id)[0] / (float)rows;
    float *dlogits = tape_grad(t, n->in[0]);
    /* loss = mean_r −log p[r, target_r]  →  dlogits[r, :] += (p[r, :] − onehot(target_r)) / rows */
    for (int64_t r = 0; r < rows; r++) {
        float *d = dlogits + r * v;
        const float *pr = p + r * v;
        for (int j = 0; j < v; j++) d[j] += scale * pr[j];
        d[targets[r]] -= scale;
    }
}

int attn_tape_cross_entropy(int *out, struct attn_tape *t, int logits, const int *targets) {
    ATTN__REFUSE_IF(!out || !t || !targets, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, logits), ATTN_ERR_ARGUMENT);
    const struct tape_node *ln = tape_node(t, logits);
    const int v = ln->dims[ln->ndim - 1];
    const int64_t rows = ln->size / v;
    for (int64_t r = 0; r < rows; r++) ATTN__REFUSE_IF(targets[r] < 0 || targets[r] >= v, ATTN_ERR_ARGUMENT);
    int dims[1] = {1};
    ATTN__TRY(attn__tape_push(t, out, "cross_entropy", cross_entropy_backward, 1, dims, rows * v, rows));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = logits;
    int *idx = tape_idx(t, *out);
    for (int64_t r = 0; r < rows; r++) idx[r] = targets[r];
    const float *x = tape_val(t, logits);
    float *p = tape_aux(t, *out);
    double total = 0;
    for (int64_t r = 0; r < rows; r++) {
        const float *xr = x + r * v;
        float *pr = p + r * v;
        float max = -INFINITY;
        for (int j = 0; j < v; j++) max = fmaxf(max, xr[j]);
        double sum = 0;
        for (int j = 0; j < v; j++) {
            pr[j] = expf(xr[j] - max);
            sum += pr[j];
        }
        const float inv = (float)(1.0 / sum);
        for (int j = 0; j < v; j++) pr[j] *= inv;
        total += -((double)xr[idx[r]] - max - log(sum));
    }
    tape_val(t, *out)[0] = (float)(total / (double)rows);
    return ATTN_OK;
}
