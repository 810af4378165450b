/*
 * model_decode.c — decoding the character transformer one token at a time with a KV cache
 * (struct attn_decoder): each new token runs the model once, appends its key and value to one
 * cache per layer (kv_cache.c), and its query attends over everything cached. The logits equal
 * the last row of the full forward pass over the tokens so far (model.c, on the tape), without
 * recomputing the earlier rows: O(t·C) attention work per layer at step t instead of O(t²·C).
 *
 * Dimension letters as in model.c: C d_model, H heads, D = C/H, V vocabulary, L layers; T the
 * tokens decoded so far (≤ context: learned positions end there).
 *
 * One step, for token `tok` at position p = T:
 *   x = tok_emb[tok] + pos_emb[p]                                   (C)
 *   L times:  a = ln1(x);  q, k, v = a·Wq + bq, a·Wk + bk, a·Wv + bv
 *             cache_l ← (k, v);   y = attend(cache_l, q)            (H heads of D)
 *             x = x + (y·Wo + bo);   x = x + (gelu(ln2(x)·Wfc + bfc)·Wproj + bproj)
 *   logits = lnf(x)·Whead + bhead                                   (V)
 * The same operations as the tape's forward pass, on one row: layer norms in double (ε 1e-5),
 * the tanh GELU, products accumulated in float. The decoder reads the model's weights at every
 * step: after they change (training), reset it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "autograd_internal.h"
#include "check.h"
#include "model_internal.h"
#include "simd.h"

struct attn_decoder {
    struct attn_model *model;
    int length;                    /* tokens decoded: every cache holds this many */
    struct attn_kv_cache **caches; /* (L): heads H, width D, capacity context */
    float *work;                   /* x, a, q, k, v, y (C each), hidden (4C) */
    double work_attention;         /* multiply-adds of the last step: attention over the caches */
    double work_total;             /* ... and of every product of the step */
};

/* ---------------------------------------------------------------- one row through the model's pieces */

/* y = x·W + b for one row: x (IN), W (IN, OUT) row-major, b (OUT). Accumulates in float,
 * four lanes at a time, row of W after row (the tape's products sum in another order: the two
 * agree to float rounding). */
static void row_linear(float *y, const float *x, const float *w, const float *b, int in, int out) {
    memcpy(y, b, sizeof(float) * (size_t)out);
    for (int i = 0; i < in; i++) {
        const float *wr = w + (size_t)i * out;
        const vf4 xi = vf4_splat(x[i]);
        int o = 0;
        for (; o + 4 <= out; o += 4) vf4_store(y + o, vf4_madd(xi, vf4_load(wr + o), vf4_load(y + o)));
        for (; o < out; o++) y[o] += x[i] * wr[o];
    }
}

/* Layer norm of one row: (x − mean) / √(var + 1e-5) · γ + β, mean and variance in double. */
static void row_layernorm(float *y, const float *x, const float *gamma, const float *beta, int c) {
    double sum = 0, sq = 0;
    for (int j = 0; j < c; j++) sum += x[j];
    const double mean = sum / c;
    for (int j = 0; j < c; j++) sq += (x[j] - mean) * (x[j] - mean);
    const float rstd = (float)(1.0 / sqrt(sq / c + 1e-5));
    for (int j = 0; j < c; j++) y[j] = (x[j] - (float)mean) * rstd * gamma[j] + beta[j];
}

/* GELU, tanh approximation: ½x(1 + tanh(√(2/π)(x + 0.044715x³))). */
static void row_gelu(float *x, int n) {
    for (int i = 0; i < n; i++) {
        const double v = x[i];
        x[i] = (float)(0.5 * v * (1.0 + tanh(0.7978845608028654 * (v + 0.044715 * v * v * v))));
    }
}

static const float *param(const struct attn_model *m, int id) { return tape_val(m->tape, id); }

/* ---------------------------------------------------------------- create, free, reset */

int attn_decoder_create(struct attn_decoder **out, struct attn_model *model) {
    ATTN__REFUSE_IF(!out || !model, ATTN_ERR_NULL);
    *out = NULL;
    struct attn_decoder *d = calloc(1, sizeof *d);
    ATTN__REFUSE_IF(!d, ATTN_ERR_MEMORY);
    d->model = model;
    const int c = model->d_model;
    d->caches = calloc((size_t)model->layers, sizeof *d->caches);
    d->work = malloc(sizeof(float) * 10 * (size_t)c);
    int rc = d->caches && d->work ? ATTN_OK : ATTN_ERR_MEMORY;
    for (int l = 0; l < model->layers && rc == ATTN_OK; l++)
        rc = attn_kv_cache_create(&d->caches[l], model->context, model->heads, c / model->heads, c / model->heads);
    if (rc != ATTN_OK) {
        attn_decoder_free(d);
        return rc;
    }
    *out = d;
    return ATTN_OK;
}

int attn_decoder_free(struct attn_decoder *d) {
    if (!d) return ATTN_OK;
    for (int l = 0; d->caches && l < d->model->layers; l++) attn_kv_cache_free(d->caches[l]);
    free(d->caches);
    free(d->work);
    free(d);
    return ATTN_OK;
}

int attn_decoder_reset(struct attn_decoder *d) {
    ATTN__REFUSE_IF(!d, ATTN_ERR_NULL);
    for (int l = 0; l < d->model->layers; l++) ATTN__TRY(attn_kv_cache_clear(d->caches[l]));
    d->length = 0;
    d->work_attention = d->work_total = 0;
    return ATTN_OK;
}

int attn_decoder_length(int *length, const struct attn_decoder *d) {
    ATTN__REFUSE_IF(!length || !d, ATTN_ERR_NULL);
    *length = d->length;
    return ATTN_OK;
}

int attn_decoder_layer_cache(struct attn_kv_cache **cache, struct attn_decoder *d, int layer) {
    ATTN__REFUSE_IF(!cache || !d, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(layer < 0 || layer >= d->model->layers, ATTN_ERR_ARGUMENT);
    *cache = d->caches[layer];
    return ATTN_OK;
}

int attn_decoder_work(double *multiply_adds /* (2) attention, total */, const struct attn_decoder *d) {
    ATTN__REFUSE_IF(!multiply_adds || !d, ATTN_ERR_NULL);
    multiply_adds[0] = d->work_attention;
    multiply_adds[1] = d->work_total;
    return ATTN_OK;
}

/* ---------------------------------------------------------------- one step */

int attn_decoder_step(float *logits,  /* (V) */
                      float *weights, /* (L, H, T + 1), or NULL */
                      struct attn_decoder *d, int token) {
    ATTN__REFUSE_IF(!logits || !d, ATTN_ERR_NULL);
    const struct attn_model *m = d->model;
    ATTN__REFUSE_IF(token < 0 || token >= m->vocab, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(d->length >= m->context, ATTN_ERR_ARGUMENT); /* the position table ends here */
    const int c = m->d_model, pos = d->length, t = pos + 1;
    float *x = d->work, *a = x + c, *q = a + c, *k = q + c, *v = k + c, *y = v + c, *hidden = y + c;
    const float *tok = param(m, m->tok_emb) + (size_t)token * c, *at = param(m, m->pos_emb) + (size_t)pos * c;
    for (int j = 0; j < c; j++) x[j] = tok[j] + at[j];
    double products = 0;
    for (int l = 0; l < m->layers; l++) {
        const struct layer_params *p = &m->layer[l];
        row_layernorm(a, x, param(m, p->ln1_g), param(m, p->ln1_b), c);
        row_linear(q, a, param(m, p->wq), param(m, p->bq), c, c);
        row_linear(k, a, param(m, p->wk), param(m, p->bk), c, c);
        row_linear(v, a, param(m, p->wv), param(m, p->bv), c, c);
        ATTN__TRY(attn_kv_cache_append(d->caches[l], k, v));
        float *w = weights ? weights + (size_t)l * m->heads * t : NULL;
        ATTN__TRY(attn_kv_cache_attend_weights(y, w, d->caches[l], q));
        row_linear(a, y, param(m, p->wo), param(m, p->bo), c, c);          /* a = y·Wo + bo */
        for (int j = 0; j < c; j++) x[j] += a[j];
        row_layernorm(a, x, param(m, p->ln2_g), param(m, p->ln2_b), c);
        row_linear(hidden, a, param(m, p->fc), param(m, p->bfc), c, 4 * c);
        row_gelu(hidden, 4 * c);
        row_linear(a, hidden, param(m, p->proj), param(m, p->bproj), 4 * c, c);
        for (int j = 0; j < c; j++) x[j] += a[j];
        products += 12.0 * c * c; /* q, k, v, Wo: 4·C²; the MLP: 8·C² */
    }
    row_layernorm(a, x, param(m, m->lnf_g), param(m, m->lnf_b), c);
    row_linear(logits, a, param(m, m->head_w), param(m, m->head_b), c, m->vocab);
    d->length = t;
    /* One query row per head against t cached keys (t·D) and t values (t·D): 2·t·C per layer. */
    d->work_attention = 2.0 * m->layers * t * c;
    d->work_total = d->work_attention + products + (double)c * m->vocab;
    return ATTN_OK;
}
