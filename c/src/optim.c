/*
 * optim.c — training the tape's parameters: gradient clipping by global norm, AdamW with
 * decoupled weight decay, and a warm-up + cosine learning-rate schedule. The updates run on
 * both cores in blocks of parameters (parallel.h); the norm's sum stays on one thread, in
 * order (a split sum would round differently with the number of threads).
 */
#include <math.h>

#include "attn.h"
#include "autograd_internal.h"
#include "check.h"
#include "parallel.h"
#include "simd.h"

/* Parameters per block of work on both cores (a multiple of 4). */
#define BLOCK 16384

struct scale_job {
    float *g;
    float s;
};

static void scale_range(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct scale_job *job = ctx;
    (void)thread;
    for (int64_t i = begin; i < end; i++) job->g[i] *= job->s;
}

int attn_clip_grad_norm(double *norm, struct attn_tape *t, float max_norm) {
    ATTN__REFUSE_IF(!t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!(max_norm > 0), ATTN_ERR_ARGUMENT);
    double sq = 0;
    for (int64_t i = 0; i < t->param_size; i++) sq += (double)t->param_grads[i] * t->param_grads[i];
    const double total = sqrt(sq);
    if (norm) *norm = total;
    ATTN__REFUSE_IF(!isfinite(total), ATTN_ERR_VALUE);
    if (total > max_norm) {
        struct scale_job job = {t->param_grads, (float)(max_norm / total)};
        attn__parallel_ranges(scale_range, &job, t->param_size, BLOCK);
    }
    return ATTN_OK;
}

struct adamw_job {
    struct attn_tape *t;
    float lr, beta1, beta2, eps, weight_decay, c1, c2;
};

/* Parameters [begin, end) of the block (node boundaries and ends are multiples of 4). */
static void adamw_range(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct adamw_job *job = ctx;
    const struct attn_tape *t = job->t;
    (void)thread;
    float *m = t->moments, *v = t->moments + t->param_capacity;
    const vf4 b1 = vf4_splat(job->beta1), b2 = vf4_splat(job->beta2), nb1 = vf4_splat(1 - job->beta1),
              nb2 = vf4_splat(1 - job->beta2);
    const vf4 vc1 = vf4_splat(job->c1), vc2 = vf4_splat(job->c2), vlr = vf4_splat(job->lr), veps = vf4_splat(job->eps);
    for (int id = 0; id < t->param_nodes; id++) {
        const struct tape_node *n = &t->nodes[id];
        const int64_t first = n->offset > begin ? n->offset : begin;
        const int64_t padded_end = n->offset + ((n->size + 3) & ~(int64_t)3), last = padded_end < end ? padded_end : end;
        if (first >= last) continue;
        const vf4 vdecay = vf4_splat(n->decay ? job->lr * job->weight_decay : 0.0f);
        /* m = β₁m + (1 − β₁)g;  v = β₂v + (1 − β₂)g²;  p −= lr·m̂ / (√v̂ + ε) + lr·λ·p, with
         * m̂ = m / (1 − β₁ᵗ), v̂ = v / (1 − β₂ᵗ). Four at a time: every parameter block is padded
         * to a multiple of 4 with zeros (value, gradient, moments), which stay 0. */
        for (int64_t i = first; i < last; i += 4) {
            const vf4 gi = vf4_load(t->param_grads + i), pi = vf4_load(t->params + i);
            const vf4 mi = vf4_add(vf4_mul(b1, vf4_load(m + i)), vf4_mul(nb1, gi));
            const vf4 vi = vf4_add(vf4_mul(b2, vf4_load(v + i)), vf4_mul(vf4_mul(nb2, gi), gi));
            vf4_store(m + i, mi);
            vf4_store(v + i, vi);
            const vf4 mhat = vf4_div(mi, vc1), vhat = vf4_div(vi, vc2);
            const vf4 delta = vf4_div(vf4_mul(vlr, mhat), vf4_add(vf4_sqrt(vhat), veps));
            vf4_store(t->params + i, vf4_sub(pi, vf4_add(delta, vf4_mul(vdecay, pi))));
        }
    }
}

int attn_adamw_step(struct attn_tape *t, float lr, float beta1, float beta2, float eps, float weight_decay, int step) {
    ATTN__REFUSE_IF(!t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!(lr >= 0) || !(beta1 >= 0 && beta1 < 1) || !(beta2 >= 0 && beta2 < 1) || !(eps > 0) ||
                        !(weight_decay >= 0) || step < 1,
                    ATTN_ERR_ARGUMENT);
    if (t->param_nodes == 0) return ATTN_OK; /* nothing to update (and no moments block to index) */
    struct adamw_job job = {t, lr, beta1, beta2, eps, weight_decay, (float)(1.0 - pow(beta1, step)),
                            (float)(1.0 - pow(beta2, step))};
    attn__parallel_ranges(adamw_range, &job, t->param_size, BLOCK);
    return ATTN_OK;
}

int attn_lr_schedule(float *lr, int step, int warmup, int total, float max_lr, float min_lr) {
    ATTN__REFUSE_IF(!lr, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(step < 0 || warmup < 0 || total < 1 || !(max_lr >= 0) || !(min_lr >= 0), ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(!isfinite(max_lr) || !isfinite(min_lr), ATTN_ERR_VALUE); /* an infinite rate gave ∞ or NaN */
    if (step < warmup) {
        /* In float as always, unless max_lr·(step + 1) overflows (a rate near FLT_MAX): then in double. */
        const float up = max_lr * (float)(step + 1);
        *lr = isfinite(up) ? up / (float)warmup : (float)((double)max_lr * (step + 1) / warmup);
    } else if (step >= total || total <= warmup) {
        *lr = min_lr;
    } else {
        const double progress = (double)(step - warmup) / (double)(total - warmup);
        const float decayed = (float)(min_lr + 0.5 * (1.0 + cos(3.141592653589793 * progress)) * (max_lr - min_lr));
        /* Rates near FLT_MAX can round one step past it (to ∞); the schedule never goes above its
         * larger rate. Every finite value is left exactly as computed. */
        *lr = isfinite(decayed) ? decayed : fmaxf(max_lr, min_lr);
    }
    return ATTN_OK;
}
