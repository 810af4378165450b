/*
 * patch.c — activation patching: which component's output carries the information that changes
 * a prediction. The model reads a clean prompt and a corrupted one of the same length; the
 * metric is logit(good) − logit(bad) at the last position. Each component's activation from the
 * clean run is put, in turn, into the corrupted run, and the share of the clean–corrupted gap it
 * restores is reported (TransformerLens's patching, in C). The replacement happens in the forward
 * hook (model_internal.h), as for knock-outs, so the model's weights are never written.
 *
 * Letters: L layers, H heads, D = C/H head width, T prompt length, V vocabulary.
 *
 *   attn_model_patch   the clean and corrupted metrics, and the share each component restores
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "autograd_internal.h"
#include "check.h"
#include "model_internal.h"

/* The clean run's activations, and the one component to patch from them (hook context). */
struct patch {
    float *heads;    /* (L, T, C): the heads' joined output of each layer, before W^O */
    float *residual; /* (L, T, C): the residual stream leaving each block */
    int over;        /* enum attn_patch_over */
    int layer, index; /* the component patched: head `index` or position `index` of `layer` */
};

static int record_heads(void *context, struct attn_model *m, int layer, int y, int b, int t) {
    const struct patch *p = context;
    (void)b; /* one prompt: b = 1 */
    const size_t size = (size_t)t * m->d_model;
    memcpy(p->heads + layer * size, tape_val(m->tape, y), size * sizeof(float));
    return ATTN_OK;
}

static int record_residual(void *context, struct attn_model *m, int layer, int x, int b, int t) {
    const struct patch *p = context;
    (void)b;
    const size_t size = (size_t)t * m->d_model;
    memcpy(p->residual + layer * size, tape_val(m->tape, x), size * sizeof(float));
    return ATTN_OK;
}

/* Head `index` of `layer`: its D columns of y (1, T, C), at every position, from the clean run. */
static int patch_head(void *context, struct attn_model *m, int layer, int y, int b, int t) {
    const struct patch *p = context;
    (void)b;
    if (layer != p->layer) return ATTN_OK;
    const int c = m->d_model, d = c / m->heads;
    float *out = tape_val(m->tape, y);
    const float *from = p->heads + (size_t)layer * t * c;
    for (int row = 0; row < t; row++)
        memcpy(out + (size_t)row * c + (size_t)p->index * d, from + (size_t)row * c + (size_t)p->index * d, (size_t)d * sizeof(float));
    return ATTN_OK;
}

/* Position `index` of the residual stream leaving block `layer` (1, T, C): one row, from the clean run. */
static int patch_position(void *context, struct attn_model *m, int layer, int x, int b, int t) {
    const struct patch *p = context;
    (void)b;
    if (layer != p->layer) return ATTN_OK;
    const int c = m->d_model;
    memcpy(tape_val(m->tape, x) + (size_t)p->index * c, p->residual + ((size_t)layer * t + p->index) * c, (size_t)c * sizeof(float));
    return ATTN_OK;
}

/* One forward pass of a prompt (B = 1) with `hook`, and the metric at its last position. */
static int metric_of(double *metric, struct attn_model *m, const int *tokens, int t, int good, int bad, const struct attn__hook *hook) {
    int logits;
    ATTN__TRY(attn__model_forward_hooked(NULL, &logits, NULL, m, tokens, NULL, 1, t, hook));
    const float *last = tape_val(m->tape, logits) + (size_t)(t - 1) * m->vocab; /* (1, T, V): row T − 1 */
    *metric = (double)last[good] - (double)last[bad];
    return isfinite(*metric) ? ATTN_OK : ATTN_ERR_VALUE;
}

static int valid_ids(const struct attn_model *m, const int *ids, int t) {
    for (int i = 0; i < t; i++)
        if (ids[i] < 0 || ids[i] >= m->vocab) return 0;
    return 1;
}

int attn_model_patch(float *restored, double *metrics, struct attn_model *m, const int *clean, const int *corrupted, int t,
                     int good, int bad, int over, int first, int count) {
    ATTN__REFUSE_IF(!restored || !metrics || !m || !clean || !corrupted, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(t <= 0 || count <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(t > m->context, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(over != ATTN_PATCH_HEADS && over != ATTN_PATCH_POSITIONS, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(good < 0 || good >= m->vocab || bad < 0 || bad >= m->vocab || good == bad, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(!valid_ids(m, clean, t) || !valid_ids(m, corrupted, t), ATTN_ERR_ARGUMENT);
    const int per_layer = over == ATTN_PATCH_HEADS ? m->heads : t;
    const int components = m->layers * per_layer;
    ATTN__REFUSE_IF(first < 0 || first >= components || count > components - first, ATTN_ERR_ARGUMENT);

    const size_t size = (size_t)m->layers * t * m->d_model;
    struct patch p = {malloc(size * sizeof(float)), malloc(size * sizeof(float)), over, -1, -1};
    int rc = p.heads && p.residual ? ATTN_OK : ATTN_ERR_MEMORY;
    const struct attn__hook record = {record_heads, &p, record_residual};
    if (rc == ATTN_OK) rc = metric_of(&metrics[0], m, clean, t, good, bad, &record);
    if (rc == ATTN_OK) rc = metric_of(&metrics[1], m, corrupted, t, good, bad, NULL);
    const double gap = rc == ATTN_OK ? metrics[0] - metrics[1] : 0;
    if (rc == ATTN_OK && gap == 0) rc = ATTN_ERR_NO_GAP;
    const struct attn__hook patched = over == ATTN_PATCH_HEADS ? (struct attn__hook){patch_head, &p, NULL}
                                                                : (struct attn__hook){NULL, &p, patch_position};
    for (int i = 0; i < count && rc == ATTN_OK; i++) {
        p.layer = (first + i) / per_layer;
        p.index = (first + i) % per_layer;
        double metric;
        rc = metric_of(&metric, m, corrupted, t, good, bad, &patched);
        if (rc == ATTN_OK) restored[i] = (float)((metric - metrics[1]) / gap);
    }
    free(p.heads), free(p.residual);
    return rc;
}
