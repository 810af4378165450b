/*
 * knockout.c — what one head does to the prediction: the validation loss with that head's
 * output replaced (by zeros, or by its mean output), beside the loss of the intact model on the
 * same batches. The replacement is a hook in the forward pass (model_internal.h), after the
 * heads' attention and before W^O, so the model's weights are never written: the experiment
 * TransformerLens runs with a hook, as a pure function of the model and what to knock out.
 *
 * Letters: L layers, H heads, D = C/H head width, B batch, T context.
 *
 *   attn_model_head_means   every head's mean output over the validation windows
 *   attn_model_knockout     the loss without one head, and its change
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "autograd_internal.h"
#include "check.h"
#include "model_internal.h"

/* Sums every head's output over every position of the batches it sees (hook context). */
struct head_sums {
    double *sums; /* (L, H, D) */
    double rows;  /* positions summed */
};

static int sum_heads(void *context, struct attn_model *m, int layer, int y, int b, int t) {
    struct head_sums *s = context;
    const int c = m->d_model;
    const float *out = tape_val(m->tape, y); /* (B, T, C): head h is columns h·D … (h + 1)·D − 1 */
    double *sums = s->sums + (size_t)layer * c;
    for (int row = 0; row < b * t; row++)
        for (int j = 0; j < c; j++) sums[j] += out[(size_t)row * c + j];
    if (layer == 0) s->rows += (double)b * t;
    return ATTN_OK;
}

/* Which head to knock out, and what to put in its place (hook context). */
struct knockout {
    int layer, head;
    const float *replacement; /* (D), or NULL for zeros */
};

static int knock_out(void *context, struct attn_model *m, int layer, int y, int b, int t) {
    const struct knockout *k = context;
    if (layer != k->layer) return ATTN_OK;
    const int c = m->d_model, d = c / m->heads;
    float *out = tape_val(m->tape, y) + (size_t)k->head * d;
    for (int row = 0; row < b * t; row++)
        for (int j = 0; j < d; j++) out[(size_t)row * c + j] = k->replacement ? k->replacement[j] : 0.0f;
    return ATTN_OK;
}

int attn_model_head_means(float *means, struct attn_model *m, const int *data, int n, int max_windows) {
    ATTN__REFUSE_IF(!means || !m || !data, ATTN_ERR_NULL);
    int windows;
    ATTN__TRY(attn__model_eval_windows(&windows, m, n, max_windows));
    struct head_sums s = {calloc((size_t)m->layers * m->d_model, sizeof(double)), 0};
    ATTN__REFUSE_IF(!s.sums, ATTN_ERR_MEMORY);
    const struct attn__hook hook = {sum_heads, &s, NULL};
    int rc = ATTN_OK;
    for (int w0 = 0; w0 < windows && rc == ATTN_OK; w0 += m->batch) {
        int b;
        const int *tokens, *targets;
        rc = attn__model_eval_batch(&b, &tokens, &targets, m, data, w0, windows);
        if (rc == ATTN_OK) rc = attn__model_forward_hooked(NULL, NULL, NULL, m, tokens, NULL, b, m->context, &hook);
    }
    /* (L, C) is (L, H, D): head h of a layer is its columns h·D … */
    if (rc == ATTN_OK)
        for (size_t i = 0; i < (size_t)m->layers * m->d_model; i++) means[i] = (float)(s.sums[i] / s.rows);
    free(s.sums);
    return rc;
}

int attn_model_knockout(double *loss, double *delta, struct attn_model *m, const int *data, int n, int max_windows,
                        int layer, int head, const float *replacement) {
    ATTN__REFUSE_IF(!loss || !delta || !m || !data, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(layer < 0 || layer >= m->layers || head < 0 || head >= m->heads, ATTN_ERR_ARGUMENT);
    if (replacement)
        for (int j = 0; j < m->d_model / m->heads; j++) ATTN__REFUSE_IF(!isfinite(replacement[j]), ATTN_ERR_VALUE);
    int windows;
    ATTN__TRY(attn__model_eval_windows(&windows, m, n, max_windows));
    struct knockout k = {layer, head, replacement};
    const struct attn__hook hook = {knock_out, &k, NULL};
    double intact = 0, knocked = 0;
    for (int w0 = 0; w0 < windows; w0 += m->batch) {
        int b, l;
        const int *tokens, *targets;
        ATTN__TRY(attn__model_eval_batch(&b, &tokens, &targets, m, data, w0, windows));
        ATTN__TRY(attn_model_forward(&l, NULL, NULL, m, tokens, targets, b, m->context));
        intact += (double)tape_val(m->tape, l)[0] * b;
        ATTN__TRY(attn__model_forward_hooked(&l, NULL, NULL, m, tokens, targets, b, m->context, &hook));
        knocked += (double)tape_val(m->tape, l)[0] * b;
    }
    *loss = knocked / windows;
    *delta = (knocked - intact) / windows;
    return ATTN_OK;
}
