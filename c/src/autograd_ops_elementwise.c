/*
 * autograd_ops_elementwise.c — the tape's element-wise ops: add (with a broadcast bias or
 * position table; residuals too), scale, GELU and the causal mask fill. Each backward sits
 * beside its forward. The model's (add, GELU) run on both cores, in blocks of entries
 * (parallel.h): each entry's arithmetic is the same whichever thread computes it.
 */
#include <math.h>

#include "autograd_internal.h"
#include "causal.h"
#include "check.h"
#include "parallel.h"
#include "simd.h"

/* Entries per block of element-wise work on both cores (a multiple of 4): 32 KiB of each operand,
 * small enough that the two threads end together (a GELU of 768 × 512 is 48 blocks). */
#define BLOCK 8192

/* An element-wise job over `size` entries: up to three inputs (y may hold `bsize` entries,
 * repeated) and up to two outputs; each op's range function says which it uses. A backward adds
 * its term to the gradient `out` (adds) or writes 0 + its term (tape_grad_adds). */
struct elementwise_job {
    const float *x, *y, *z;
    float *out, *out2;
    int64_t size, bsize;
    int adds;
};

/* ---------------------------------------------------------------- add */

/* out[i] = x[i] + y[i mod |y|] on [begin, end). */
static void add_range(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct elementwise_job *job = ctx;
    (void)thread;
    int64_t j = begin % job->bsize;
    for (int64_t i = begin; i < end; i++) {
        job->out[i] = job->x[i] + job->y[j];
        if (++j == job->bsize) j = 0;
    }
}

/* out[i] += x[i] on [begin, end) (or out[i] = 0 + x[i]). */
static void accumulate_range(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct elementwise_job *job = ctx;
    (void)thread;
    if (!job->adds)
        for (int64_t i = begin; i < end; i++) job->out[i] = 0.0f + job->x[i];
    else
        for (int64_t i = begin; i < end; i++) job->out[i] += job->x[i];
}

/* out[j] += Σ_start x[start + j] for columns j in [begin, end) of x (rows of bsize): the rows in
 * order, as one thread would add them (out starts from 0 unless the job adds). */
static void accumulate_columns(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct elementwise_job *job = ctx;
    (void)thread;
    if (!job->adds)
        for (int64_t j = begin; j < end; j++) job->out[j] = 0.0f;
    for (int64_t start = 0; start < job->size; start += job->bsize)
        for (int64_t j = begin; j < end; j++) job->out[j] += job->x[start + j];
}

static void add_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int64_t size = n->size, bsize = tape_node(t, n->in[1])->size;
    const float *dout = tape_grad(t, id);
    float *da = tape_grad(t, n->in[0]), *db = tape_grad(t, n->in[1]);
    /* out[i] = a[i] + b[i mod |b|]  →  da[i] += dout[i];  db[i mod |b|] += dout[i] */
    struct elementwise_job to_a = {dout, NULL, NULL, da, NULL, size, size, tape_grad_adds(t, id, 0)};
    struct elementwise_job to_b = {dout, NULL, NULL, db, NULL, size, bsize, tape_grad_adds(t, id, 1)};
    attn__parallel_ranges(accumulate_range, &to_a, size, BLOCK);
    /* b as large as a (a residual) is one row: the same sums, in blocks of BLOCK entries, not
     * BLOCK / 16 columns (192 blocks of a few dozen nanoseconds each for a 768 × 128 residual). */
    if (bsize == size)
        attn__parallel_ranges(accumulate_range, &to_b, size, BLOCK);
    else
        attn__parallel_ranges(accumulate_columns, &to_b, bsize, BLOCK / 16);
}

int attn_tape_add(int *out, struct attn_tape *t, int a, int b) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, a) || !tape_valid(t, b), ATTN_ERR_ARGUMENT);
    const struct tape_node *an = tape_node(t, a), *bn = tape_node(t, b);
    /* b's shape, leading ones dropped, must be a's trailing shape. */
    int bfirst = 0;
    while (bfirst < bn->ndim - 1 && bn->dims[bfirst] == 1) bfirst++;
    const int tail = bn->ndim - bfirst;
    ATTN__REFUSE_IF(tail > an->ndim, ATTN_ERR_SHAPE);
    for (int i = 0; i < tail; i++) ATTN__REFUSE_IF(bn->dims[bfirst + i] != an->dims[an->ndim - tail + i], ATTN_ERR_SHAPE);
    int dims[ATTN_TAPE_MAX_DIMS];
    for (int i = 0; i < an->ndim; i++) dims[i] = an->dims[i];
    ATTN__TRY(attn__tape_push(t, out, "add", add_backward, an->ndim, dims, 0, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = a;
    n->in[1] = b;
    struct elementwise_job job = {tape_val(t, a), tape_val(t, b), NULL, tape_val(t, *out), NULL, n->size, tape_node(t, b)->size, 0};
    attn__parallel_ranges(add_range, &job, n->size, BLOCK);
    return ATTN_OK;
}

/* ---------------------------------------------------------------- scale */

static void scale_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const float s = n->farg, *dout = tape_grad(t, id);
    float *da = tape_grad(t, n->in[0]);
    /* out = s · a  →  da += s · dout (or da = 0 + s · dout, when written: tape_grad_adds) */
    if (tape_grad_adds(t, id, 0))
        for (int64_t i = 0; i < n->size; i++) da[i] += s * dout[i];
    else
        for (int64_t i = 0; i < n->size; i++) da[i] = 0.0f + s * dout[i];
}

int attn_tape_scale(int *out, struct attn_tape *t, int a, float s) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, a), ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(!isfinite(s), ATTN_ERR_VALUE);
    const struct tape_node *an = tape_node(t, a);
    int dims[ATTN_TAPE_MAX_DIMS], nd = an->ndim;
    for (int i = 0; i < nd; i++) dims[i] = an->dims[i];
    ATTN__TRY(attn__tape_push(t, out, "scale", scale_backward, nd, dims, 0, 0));
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

/* The tanh form of GELU through a sigmoid: ½(1 + tanh u) = σ(2u) = 1 / (1 + e^(−2u)),
 * u = k(x + 0.044715x³), on four lanes with the vectorised exp (no cancellation near u = 0). */
static inline vf4 gelu_sigmoid(vf4 x) {
    const vf4 x3 = vf4_mul(vf4_mul(x, x), x);
    const vf4 minus_2u = vf4_mul(vf4_splat(-2.0f * GELU_K), vf4_madd(vf4_splat(0.044715f), x3, x));
    return vf4_div(vf4_splat(1.0f), vf4_add(vf4_splat(1.0f), vf4_exp(minus_2u)));
}

/* dx += dout · gelu'(x), four lanes, s = σ(2u) as the forward pass kept it. */
static inline vf4 gelu_grad(vf4 x, vf4 s, vf4 dout, vf4 dx) {
    /* out = x·σ(2u)  →  gelu' = s + x · 2s(1 − s) · k(1 + 3·0.044715x²), s = σ(2u)
     * (the same as ½(1 + tanh u) + ½x(1 − tanh²u) · k(1 + 3·0.044715x²)). */
    const vf4 one = vf4_splat(1.0f);
    const vf4 du = vf4_mul(vf4_splat(2.0f * GELU_K), vf4_madd(vf4_splat(3.0f * 0.044715f), vf4_mul(x, x), one));
    const vf4 d = vf4_madd(vf4_mul(vf4_mul(x, s), vf4_sub(one, s)), du, s);
    return vf4_madd(dout, d, dx);
}

/* Entries [begin, end) of x (a multiple of 4 apart, but for the last block): four at a time,
 * the tail through a zero-padded vector. */
#define FOR_FOUR(i, begin, end) for (int64_t i = (begin); i < (end); i += 4)
static vf4 load_part(const float *p, int64_t i, int64_t end) {
    if (i + 4 <= end) return vf4_load(p + i);
    float v[4] = {0, 0, 0, 0};
    for (int64_t j = i; j < end; j++) v[j - i] = p[j];
    return vf4_load(v);
}
static void store_part(float *p, int64_t i, int64_t end, vf4 x) {
    if (i + 4 <= end) {
        vf4_store(p + i, x);
        return;
    }
    float v[4];
    vf4_store(v, x);
    for (int64_t j = i; j < end; j++) p[j] = v[j - i];
}

/* dx (out) += dout (z) · gelu'(x), with the sigmoids y (or dx = 0 + dout · gelu'(x)). */
static void gelu_backward_range(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct elementwise_job *job = ctx;
    (void)thread;
    FOR_FOUR(i, begin, end) {
        const vf4 dx = job->adds ? load_part(job->out, i, end) : vf4_zero();
        const vf4 g = gelu_grad(load_part(job->x, i, end), load_part(job->y, i, end), load_part(job->z, i, end), dx);
        store_part(job->out, i, end, g);
    }
}

/* aux keeps s = σ(2u) of every entry (the forward's), so the backward need not compute it again. */
static void gelu_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    struct elementwise_job job = {tape_val(t, n->in[0]), tape_aux(t, id), tape_grad(t, id), tape_grad(t, n->in[0]), NULL,
                                  n->size, n->size, tape_grad_adds(t, id, 0)};
    attn__parallel_ranges(gelu_backward_range, &job, n->size, BLOCK);
}

/* out = gelu(x), out2 = its sigmoids. */
static void gelu_range(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct elementwise_job *job = ctx;
    (void)thread;
    FOR_FOUR(i, begin, end) {
        const vf4 x = load_part(job->x, i, end), s = gelu_sigmoid(x);
        store_part(job->out2, i, end, s);
        store_part(job->out, i, end, vf4_mul(x, s));
    }
}

int attn_tape_gelu(int *out, struct attn_tape *t, int a) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, a), ATTN_ERR_ARGUMENT);
    const struct tape_node *an = tape_node(t, a);
    int dims[ATTN_TAPE_MAX_DIMS], nd = an->ndim;
    for (int i = 0; i < nd; i++) dims[i] = an->dims[i];
    ATTN__TRY(attn__tape_push(t, out, "gelu", gelu_backward, nd, dims, an->size, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = a;
    /* out = ½x(1 + tanh(k(x + 0.044715x³))) = x·σ(2u); σ(2u) kept in aux */
    struct elementwise_job job = {tape_val(t, a), NULL, NULL, tape_val(t, *out), tape_aux(t, *out), n->size, n->size, 0};
    attn__parallel_ranges(gelu_range, &job, n->size, BLOCK);
    return ATTN_OK;
}

/* ---------------------------------------------------------------- causal mask fill */

static void causal_mask_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int rows = n->dims[n->ndim - 2], cols = n->dims[n->ndim - 1];
    const int64_t batch = n->size / ((int64_t)rows * cols);
    const float *dout = tape_grad(t, id);
    float *da = tape_grad(t, n->in[0]);
    const int adds = tape_grad_adds(t, id, 0);
    /* out[i, j] = blocked(i, j) ? fill : a[i, j]  →  da[i, j] += dout[i, j] where not blocked
     * (written: 0 + dout there, 0 where blocked) */
    for (int64_t b = 0; b < batch; b++)
        for (int i = 0; i < rows; i++) {
            const size_t row = ((size_t)b * rows + i) * cols;
            const int seen = attn__causal_first_blocked(i) < cols ? attn__causal_first_blocked(i) : cols;
            for (int j = 0; j < seen; j++) da[row + j] = (adds ? da[row + j] : 0.0f) + dout[row + j];
            if (!adds)
                for (int j = seen; j < cols; j++) da[row + j] = 0.0f;
        }
}

int attn_tape_causal_mask(int *out, struct attn_tape *t, int a, float fill) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, a), ATTN_ERR_ARGUMENT);
    const struct tape_node *an = tape_node(t, a);
    ATTN__REFUSE_IF(an->ndim < 2, ATTN_ERR_SHAPE);
    ATTN__REFUSE_IF(isnan(fill), ATTN_ERR_VALUE);
    int dims[ATTN_TAPE_MAX_DIMS], nd = an->ndim;
    for (int i = 0; i < nd; i++) dims[i] = an->dims[i];
    ATTN__TRY(attn__tape_push(t, out, "causal_mask", causal_mask_backward, nd, dims, 0, 0));
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
            for (int j = 0; j < cols; j++) o[row + j] = attn__causal_blocked(i, j) ? fill : av[row + j];
        }
    return ATTN_OK;
}
