/*
 * autograd_ops_norm.c — the tape's normalising ops: softmax along an axis, layer norm and
 * cross-entropy. Statistics accumulate in double; each backward sits beside its forward. They
 * run on both cores in blocks of rows (or of columns, for sums over rows), each row's (or
 * column's) arithmetic in the order one thread would do it (parallel.h).
 */
#include <math.h>
#include <string.h>

#include "autograd_internal.h"
#include "check.h"
#include "parallel.h"
#include "simd.h"
#include "tensor_ops.h"

/* Rows (or slices, or columns) per block on both cores: about 16k entries of work. */
static int64_t rows_per_block(int64_t width) { return width >= 16384 ? 1 : 16384 / width; }

/* The node a row-wise job works on; a backward adds to its input's gradient, or writes 0 + its
 * term (adds: tape_grad_adds). */
struct node_job {
    struct attn_tape *t;
    int id;
    int adds;
};

/* ---------------------------------------------------------------- softmax along an axis */

/* iarg: outer, length of the axis, inner (the stride between entries of one slice). */
static void softmax_backward_slices(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct node_job *job = ctx;
    (void)thread;
    const struct tape_node *n = tape_node(job->t, job->id);
    const int64_t len = n->iarg[1], inner = n->iarg[2];
    const float *y = tape_val(job->t, job->id), *dy = tape_grad(job->t, job->id);
    float *dx = tape_grad(job->t, n->in[0]);
    /* y = softmax(x)  →  dx = y ∘ (dy − Σ dy∘y): O(len) per slice, never the len² Jacobian */
    for (int64_t slice = begin; slice < end; slice++) {
        const int64_t o = slice / inner, in = slice % inner;
        const size_t base = (size_t)(o * len * inner + in);
        double dot = 0;
        for (int64_t j = 0; j < len; j++) dot += (double)dy[base + j * inner] * y[base + j * inner];
        const float d = (float)dot;
        for (int64_t j = 0; j < len; j++) {
            const size_t at = base + (size_t)(j * inner);
            const float was = job->adds ? dx[at] : 0.0f;
            dx[at] = y[at] != 0.0f ? was + y[at] * (dy[at] - d) : was; /* 0 where masked: no NaN from −∞ */
        }
    }
}

static void softmax_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    struct node_job job = {t, id, tape_grad_adds(t, id, 0)};
    attn__parallel_ranges(softmax_backward_slices, &job, (int64_t)n->iarg[0] * n->iarg[2], rows_per_block(n->iarg[1]));
}

/* Contiguous rows of the forward (the attention's last axis): tensor_ops.c. */
static void softmax_rows(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct node_job *job = ctx;
    (void)thread;
    const struct tape_node *n = tape_node(job->t, job->id);
    const int64_t len = n->iarg[1];
    const float *x = tape_val(job->t, n->in[0]);
    float *y = tape_val(job->t, job->id);
    for (int64_t o = begin; o < end; o++) attn__ops_softmax_row(y + o * len, x + o * len, (int)len, (int)len);
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
    if (inner == 1) {
        struct node_job job = {t, *out, 0};
        attn__parallel_ranges(softmax_rows, &job, outer, rows_per_block(len));
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

/* Rows side by side in layer norm: each row's sums in double are a chain of dependent additions;
 * four rows' chains are independent, so the processor overlaps them. Each row still adds its own
 * entries in order: the bits of one row at a time. Past the last row, a block repeats its first
 * (computed, never stored). */
#define LN_ROWS 4

/* dx of rows [begin, end) (stats: (rows, 2), mean and 1/σ of each row, cached by the forward). */
static void layernorm_backward_rows(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct node_job *job = ctx;
    (void)thread;
    const struct tape_node *n = tape_node(job->t, job->id);
    const int c = n->dims[n->ndim - 1];
    const float *x = tape_val(job->t, n->in[0]), *gamma = tape_val(job->t, n->in[1]), *stats = tape_aux(job->t, job->id);
    const float *dy = tape_grad(job->t, job->id);
    float *dx = tape_grad(job->t, n->in[0]);
    /* dx = (1/σ)·(g − mean(g) − x̂·mean(g·x̂)), g = dy·γ */
    for (int64_t r0 = begin; r0 < end; r0 += LN_ROWS) {
        int64_t r[LN_ROWS];
        float mean[LN_ROWS], rstd[LN_ROWS];
        double g_mean[LN_ROWS], gx_mean[LN_ROWS];
        for (int q = 0; q < LN_ROWS; q++) {
            r[q] = r0 + q < end ? r0 + q : r0;
            mean[q] = stats[2 * r[q]], rstd[q] = stats[2 * r[q] + 1];
            g_mean[q] = 0, gx_mean[q] = 0;
        }
        for (int j = 0; j < c; j++)
            for (int q = 0; q < LN_ROWS; q++) {
                const float xhat = (x[r[q] * c + j] - mean[q]) * rstd[q], g = dy[r[q] * c + j] * gamma[j];
                g_mean[q] += g;
                gx_mean[q] += (double)g * xhat;
            }
        for (int q = 0; q < LN_ROWS && r0 + q < end; q++) {
            const float *xr = x + r[q] * c, *dyr = dy + r[q] * c;
            float *dxr = dx + r[q] * c;
            const float gm = (float)(g_mean[q] / c), gxm = (float)(gx_mean[q] / c);
            for (int j = 0; j < c; j++) {
                const float xhat = (xr[j] - mean[q]) * rstd[q];
                dxr[j] = (job->adds ? dxr[j] : 0.0f) + rstd[q] * (dyr[j] * gamma[j] - gm - xhat * gxm);
            }
        }
    }
}

/* dγ += Σ_rows dy·x̂ and dβ += Σ_rows dy for columns [begin, end), the rows in order: four
 * columns to a vector, summed in registers that start from dγ and dβ (the same additions in the
 * same order as adding row after row into them). */
static void layernorm_backward_columns(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct node_job *job = ctx;
    (void)thread;
    const struct tape_node *n = tape_node(job->t, job->id);
    const int c = n->dims[n->ndim - 1];
    const int64_t rows = n->size / c;
    const float *x = tape_val(job->t, n->in[0]), *stats = tape_aux(job->t, job->id), *dy = tape_grad(job->t, job->id);
    float *dgamma = tape_grad(job->t, n->in[1]), *dbeta = tape_grad(job->t, n->in[2]);
    int64_t j = begin;
    for (; j + 4 <= end; j += 4) {
        vf4 sum_g = vf4_load(dgamma + j), sum_b = vf4_load(dbeta + j);
        for (int64_t r = 0; r < rows; r++) {
            const vf4 xhat = vf4_mul(vf4_sub(vf4_load(x + r * c + j), vf4_splat(stats[2 * r])), vf4_splat(stats[2 * r + 1]));
            const vf4 d = vf4_load(dy + r * c + j);
            sum_g = vf4_add(sum_g, vf4_mul(d, xhat));
            sum_b = vf4_add(sum_b, d);
        }
        vf4_store(dgamma + j, sum_g);
        vf4_store(dbeta + j, sum_b);
    }
    for (; j < end; j++)
        for (int64_t r = 0; r < rows; r++) {
            const float xhat = (x[r * c + j] - stats[2 * r]) * stats[2 * r + 1];
            dgamma[j] += dy[r * c + j] * xhat;
            dbeta[j] += dy[r * c + j];
        }
}

/* y = x̂·γ + β, x̂ = (x − μ)/σ  →  dγ += dy·x̂;  dβ += dy;  dx as in layernorm_backward_rows */
static void layernorm_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int c = n->dims[n->ndim - 1];
    struct node_job job = {t, id, tape_grad_adds(t, id, 0)};
    attn__parallel_ranges(layernorm_backward_rows, &job, n->size / c, rows_per_block(c));
    /* γ and β are parameters, added to; when they are not, their gradients start from zeros */
    for (int slot = 1; slot <= 2; slot++)
        if (!tape_grad_adds(t, id, slot)) memset(tape_grad(t, n->in[slot]), 0, (size_t)c * sizeof(float));
    attn__parallel_ranges(layernorm_backward_columns, &job, c, 16);
}

/* Rows [begin, end) of the forward, LN_ROWS side by side; caches (rows, 2): mean and 1/σ of each row. */
static void layernorm_rows(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct node_job *job = ctx;
    (void)thread;
    const struct tape_node *n = tape_node(job->t, job->id);
    const int c = n->dims[n->ndim - 1];
    const float *xv = tape_val(job->t, n->in[0]), *g = tape_val(job->t, n->in[1]), *b = tape_val(job->t, n->in[2]);
    float *y = tape_val(job->t, job->id), *stats = tape_aux(job->t, job->id);
    for (int64_t r0 = begin; r0 < end; r0 += LN_ROWS) {
        const float *xr[LN_ROWS];
        double sum[LN_ROWS], sq[LN_ROWS], mean[LN_ROWS];
        for (int q = 0; q < LN_ROWS; q++) xr[q] = xv + (r0 + q < end ? r0 + q : r0) * c, sum[q] = 0, sq[q] = 0;
        for (int j = 0; j < c; j++)
            for (int q = 0; q < LN_ROWS; q++) sum[q] += xr[q][j];
        for (int q = 0; q < LN_ROWS; q++) mean[q] = sum[q] / c;
        for (int j = 0; j < c; j++)
            for (int q = 0; q < LN_ROWS; q++) sq[q] += (xr[q][j] - mean[q]) * (xr[q][j] - mean[q]);
        for (int q = 0; q < LN_ROWS && r0 + q < end; q++) {
            const float rstd = (float)(1.0 / sqrt(sq[q] / c + LN_EPS));
            float *yr = y + (r0 + q) * c;
            stats[2 * (r0 + q)] = (float)mean[q];
            stats[2 * (r0 + q) + 1] = rstd;
            for (int j = 0; j < c; j++) yr[j] = (xr[q][j] - (float)mean[q]) * rstd * g[j] + b[j];
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
    struct node_job job = {t, *out, 0};
    attn__parallel_ranges(layernorm_rows, &job, rows, rows_per_block(c));
    return ATTN_OK;
}

/* ---------------------------------------------------------------- cross-entropy */

/* dlogits of rows [begin, end). The node caches the probabilities (rows, V); indices hold the targets. */
static void cross_entropy_backward_rows(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct node_job *job = ctx;
    (void)thread;
    const struct tape_node *n = tape_node(job->t, job->id);
    const struct tape_node *ln = tape_node(job->t, n->in[0]);
    const int v = ln->dims[ln->ndim - 1];
    const int64_t rows = ln->size / v;
    const float *p = tape_aux(job->t, job->id);
    const int *targets = tape_idx(job->t, job->id);
    const float scale = tape_grad(job->t, job->id)[0] / (float)rows;
    float *dlogits = tape_grad(job->t, n->in[0]);
    /* loss = mean_r −log p[r, target_r]  →  dlogits[r, :] += (p[r, :] − onehot(target_r)) / rows */
    for (int64_t r = begin; r < end; r++) {
        float *d = dlogits + r * v;
        const float *pr = p + r * v;
        for (int j = 0; j < v; j++) d[j] = (job->adds ? d[j] : 0.0f) + scale * pr[j];
        d[targets[r]] -= scale;
    }
}

static void cross_entropy_backward(struct attn_tape *t, int id) {
    const struct tape_node *ln = tape_node(t, tape_node(t, id)->in[0]);
    const int v = ln->dims[ln->ndim - 1];
    struct node_job job = {t, id, tape_grad_adds(t, id, 0)};
    attn__parallel_ranges(cross_entropy_backward_rows, &job, ln->size / v, rows_per_block(v));
}

/* Rows [begin, end) of the forward: each row's probabilities, and its term of the loss in the
 * tape's scratch (one double per row), summed in row order afterwards. */
static void cross_entropy_rows(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct node_job *job = ctx;
    (void)thread;
    const struct tape_node *n = tape_node(job->t, job->id);
    const struct tape_node *ln = tape_node(job->t, n->in[0]);
    const int v = ln->dims[ln->ndim - 1];
    const int *idx = tape_idx(job->t, job->id);
    const float *x = tape_val(job->t, n->in[0]);
    float *p = tape_aux(job->t, job->id);
    double *terms = (double *)job->t->scratch;
    for (int64_t r = begin; r < end; r++) {
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
        terms[r] = -((double)xr[idx[r]] - max - log(sum));
    }
}

int attn_tape_cross_entropy(int *out, struct attn_tape *t, int logits, const int *targets) {
    ATTN__REFUSE_IF(!out || !t || !targets, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, logits), ATTN_ERR_ARGUMENT);
    const struct tape_node *ln = tape_node(t, logits);
    const int v = ln->dims[ln->ndim - 1];
    const int64_t rows = ln->size / v;
    for (int64_t r = 0; r < rows; r++) ATTN__REFUSE_IF(targets[r] < 0 || targets[r] >= v, ATTN_ERR_ARGUMENT);
    ATTN__TRY(attn__tape_reserve_scratch(t, 2 * rows)); /* the rows' terms, as doubles */
    int dims[1] = {1};
    ATTN__TRY(attn__tape_push(t, out, "cross_entropy", cross_entropy_backward, 1, dims, rows * v, rows));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = logits;
    int *idx = tape_idx(t, *out);
    for (int64_t r = 0; r < rows; r++) idx[r] = targets[r];
    struct node_job job = {t, *out, 0};
    attn__parallel_ranges(cross_entropy_rows, &job, rows, rows_per_block(v));
    const double *terms = (const double *)t->scratch;
    double total = 0;
    for (int64_t r = 0; r < rows; r++) total += terms[r];
    tape_val(t, *out)[0] = (float)(total / (double)rows);
    return ATTN_OK;
}
