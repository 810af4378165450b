/*
 * model_train.c — the training loop in C (attn_model_train): each step draws a batch, splits it
 * in two halves, computes each half's gradients on a tape of its own, blends them weighted by
 * windows and makes one optimiser step.
 *
 * The halves are data parallelism inside one core: the first ceil(B/2) windows are recorded on
 * the model's tape, the rest on a second tape over the same parameters (its own activations and
 * parameter gradients, autograd_internal.h: attn__tape_create_sharing). On two cores each half
 * runs whole on one thread (one fork-join per step, parallel.c), so a thread reads and writes only
 * its own half's activations from the first op of the step to the last. (The products of one
 * batch split by rows instead, 285 fork-joins a step with each weight gradient reading the other
 * core's rows, used 60–69% of the two-thread peak in the page; the halves 72–76%: README, "Two
 * halves of a batch, one per thread".) The ops inside a half still call attn__parallel_run: once
 * the other thread has finished its half, it takes their blocks from the back (parallel.c), so a
 * thread slowed by a busy machine does not leave the other idle.
 *
 * The blend is attn_model_blend_grads's, each entry w0·g0 + w1·g1 in double, rounded once, with
 * w0 = ceil(B/2)/B: bit for bit the step of the two workers' data parallelism
 * (web/lib/model/data-parallel.js), and the same bits on one thread or two. It is not the bits of
 * one tape over the whole batch: the weight gradients sum each half's windows, then the halves.
 *
 * Only the calling thread allocates (the core's allocator is not shared between threads): a
 * half on the helper runs on a frozen tape, and if it needed to grow (the first step, or a longer
 * batch), the caller runs that half again itself after the join. Same inputs, same bits.
 */
#include <stdlib.h>

#include "attn.h"
#include "autograd_internal.h"
#include "check.h"
#include "model_internal.h"
#include "parallel.h"

/* One step's halves: half h covers windows [first[h], first[h] + windows[h]) of the batch. */
struct halves_job {
    struct attn_model *m;
    struct attn_tape *tape[2];
    const int *tokens, *targets; /* (B·T) each */
    int first[2], windows[2];
    float loss[2];
    int status[2], thread[2];
};

/* Forward and backward of one half on its own tape; the parameter gradients are left in it. */
static int half_gradients(struct halves_job *job, int half) {
    struct attn_model view = *job->m; /* the model as seen from this half's tape */
    view.tape = job->tape[half];
    const int t = view.context, offset = job->first[half] * t;
    int loss;
    ATTN__TRY(attn_model_forward(&loss, NULL, NULL, &view, job->tokens + offset, job->targets + offset,
                                 job->windows[half], t));
    ATTN__TRY(attn_tape_zero_grad(view.tape));
    ATTN__TRY(attn_tape_backward(view.tape, loss, NULL));
    job->loss[half] = tape_val(view.tape, loss)[0];
    return ATTN_OK;
}

static void run_half(void *ctx, int half, int thread) {
    struct halves_job *job = ctx;
    struct attn_tape *tape = job->tape[half];
    tape->frozen = thread != 0; /* only the caller allocates */
    job->status[half] = half_gradients(job, half);
    tape->frozen = 0;
    job->thread[half] = thread;
}

static int second_tape(struct attn_model *m) {
    if (!m->second_half) ATTN__TRY(attn__tape_create_sharing(&m->second_half, m->tape));
    attn__tape_share_params(m->second_half, m->tape);
    return ATTN_OK;
}

/* The gradients of the batch's mean loss in m's tape, from its two halves; *loss the mean loss. */
static int batch_gradients(float *loss, struct attn_model *m, const int *tokens, const int *targets) {
    const int b = m->batch, first = (b + 1) / 2;
    struct halves_job job = {m, {m->tape, NULL}, tokens, targets, {0, first}, {first, b - first},
                             {0, 0}, {0, 0}, {0, 0}};
    if (first == b) { /* one window: no second half */
        ATTN__TRY(half_gradients(&job, 0));
        *loss = job.loss[0];
        return ATTN_OK;
    }
    ATTN__TRY(second_tape(m));
    job.tape[1] = m->second_half;
    attn__parallel_run(run_half, &job, 2);
    for (int half = 0; half < 2; half++)
        if (job.status[half] != ATTN_OK && job.thread[half] != 0) run_half(&job, half, 0); /* it needed memory */
    for (int half = 0; half < 2; half++) ATTN__TRY(job.status[half]);
    const double w0 = (double)first / b, w1 = (double)(b - first) / b;
    ATTN__TRY(attn_model_blend_grads(m, m->second_half->param_grads, w0, w1));
    *loss = (float)(w0 * job.loss[0] + w1 * job.loss[1]);
    return ATTN_OK;
}

int attn_model_train(float *losses, struct attn_model *m, const int *data, int n, int steps) {
    ATTN__REFUSE_IF(!losses || !m || !data, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(steps <= 0, ATTN_ERR_SIZE);
    const int bt = m->batch * m->context;
    int *tokens = m->scratch + m->context, *targets = tokens + bt;
    for (int s = 0; s < steps; s++) {
        ATTN__TRY(attn_model_sample_batch(tokens, targets, m, data, n));
        ATTN__TRY(batch_gradients(&losses[s], m, tokens, targets));
        ATTN__TRY(attn_model_update(NULL, NULL, m));
    }
    return ATTN_OK;
}
