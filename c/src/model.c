/*
 * model.c — a decoder-only character transformer on the autograd tape.
 *
 * Dimension letters: B batch, T positions (≤ context), C d_model, H heads, D = C/H, V vocabulary,
 * L layers.
 *
 *   x = tok_emb[tokens] + pos_emb[0..T)                       (B, T, C)
 *   L times:  a = ln1(x);  q, k, v = a·Wq + bq, a·Wk + bk, a·Wv + bv
 *             y = attention(q, k, v)        (causal, H heads; the caller may supply its own)
 *             x = x + (y·Wo + bo)
 *             x = x + (gelu(ln2(x)·Wfc + bfc)·Wproj + bproj)
 *   logits = lnf(x)·Whead + bhead                             (B, T, V)
 *
 * Every parameter lives in the tape's one parameter block; every activation in its one
 * activation block, dropped at the start of each pass.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "autograd_attention.h"
#include "autograd_internal.h"
#include "check.h"
#include "model_internal.h"
#include "parallel.h"

/* ---------------------------------------------------------------- memory estimate */

static double param_floats(int v, int l, int c, int ctx) {
    return (double)v * c + (double)ctx * c + 2.0 * c + (double)c * v + v + l * (12.0 * c * c + 13.0 * c);
}

/* Activation floats of one training pass (values; gradients double it), per position: a block
 * keeps 22C + H·T + 4 through the fused attention, and 26C + 4·H·T + 4 when a learner's
 * attention goes op by op (the head copies, scores, scaled and masked scores); the larger counts. */
static double activation_floats(int v, int l, int h, int c, int ctx, int b) {
    const double bt = (double)b * ctx;
    return bt * (l * (26.0 * c + 4.0 * h * ctx + 4.0) + 4.0 * c + 2.0 * v + 4.0);
}

int attn_model_estimate_bytes(double *bytes, int vocab, int layers, int heads, int d_model, int context,
                              int batch) {
    ATTN__REFUSE_IF(!bytes, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(vocab <= 0 || layers <= 0 || heads <= 0 || d_model <= 0 || context <= 0 || batch <= 0,
                   ATTN_ERR_SIZE);
    /* Parameters ×4 (values, gradients, two moments) and activations ×2 (values, gradients) of a
     * whole batch (evaluation, maps and a learner's attention record it on the model's tape); then
     * training's second tape (model_train.c): its own parameter gradients and the activations of
     * the second half, floor(B/2) windows. */
    const int second = batch / 2;
    *bytes = 4.0 * (4.0 * param_floats(vocab, layers, d_model, context) +
                    2.0 * activation_floats(vocab, layers, heads, d_model, context, batch));
    if (second > 0)
        *bytes += 4.0 * (param_floats(vocab, layers, d_model, context) +
                         2.0 * activation_floats(vocab, layers, heads, d_model, context, second));
    return ATTN_OK;
}

/* A tensor's floats on the tape, which rounds each one up to 4 floats (autograd.c). */
static double tape_floats(double n) { return 4.0 * ceil(n / 4.0); }

int attn_model_param_count(double *count, int vocab, int layers, int d_model, int context) {
    ATTN__REFUSE_IF(!count, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(vocab <= 0 || layers <= 0 || d_model <= 0 || context <= 0, ATTN_ERR_SIZE);
    const double v = vocab, c = d_model;
    /* create_params' tensors: per block 9 vectors of C, Wq Wk Wv Wo (C, C), fc and proj (4C²), bfc (4C) */
    const double block = 9 * tape_floats(c) + 4 * tape_floats(c * c) + 2 * tape_floats(4 * c * c) + tape_floats(4 * c);
    *count = tape_floats(v * c) + tape_floats((double)context * c) + layers * block + 2 * tape_floats(c) +
             tape_floats(c * v) + tape_floats(v);
    return ATTN_OK;
}

int attn_model_check(int vocab, int layers, int heads, int d_model, int context, int batch) {
    ATTN__REFUSE_IF(vocab < 2, ATTN_ERR_ARGUMENT); /* one distinct character: nothing to predict */
    ATTN__REFUSE_IF(layers <= 0 || heads <= 0 || d_model <= 0 || context <= 0 || batch <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(d_model % heads != 0, ATTN_ERR_SHAPE);
    ATTN__REFUSE_IF(layers > ATTN_MODEL_MAX_LAYERS || heads > ATTN_MODEL_MAX_HEADS || vocab > ATTN_MODEL_MAX_VOCAB ||
                       d_model > ATTN_MODEL_MAX_D_MODEL || context > ATTN_MODEL_MAX_CONTEXT ||
                       batch > ATTN_MODEL_MAX_BATCH,
                   ATTN_ERR_MEMORY);
    double bytes;
    ATTN__TRY(attn_model_estimate_bytes(&bytes, vocab, layers, heads, d_model, context, batch));
    ATTN__REFUSE_IF(bytes > ATTN_MODEL_MAX_BYTES, ATTN_ERR_MEMORY);
    return ATTN_OK;
}

/* ---------------------------------------------------------------- creation */

/* A matrix is always 2-D, even with one row (d_model or context 1): the ops that take it (linear,
 * embedding) need a 2-D tensor. Vectors (biases, layer-norm gains) are 1-D and never decayed. */
static int make_param(int *id, struct attn_tape *t, int rows, int cols, int decay) {
    int dims[2] = {rows, cols};
    return attn_tape_param(id, t, 2, dims, decay);
}

static int make_vector(int *id, struct attn_tape *t, int n) {
    return attn_tape_param(id, t, 1, &n, 0);
}

static void fill_normal(struct attn_model *m, int id, float std, struct attn_rng *rng) {
    float *p = tape_val(m->tape, id);
    for (int64_t i = 0; i < tape_node(m->tape, id)->size; i++) p[i] = (float)(std * attn_rng_normal(rng));
}

static void fill_const(struct attn_model *m, int id, float value) {
    float *p = tape_val(m->tape, id);
    for (int64_t i = 0; i < tape_node(m->tape, id)->size; i++) p[i] = value;
}

static int create_params(struct attn_model *m) {
    struct attn_tape *t = m->tape;
    const int c = m->d_model, v = m->vocab;
    ATTN__TRY(make_param(&m->tok_emb, t, v, c, 1));
    ATTN__TRY(make_param(&m->pos_emb, t, m->context, c, 1));
    for (int l = 0; l < m->layers; l++) {
        struct layer_params *p = &m->layer[l];
        ATTN__TRY(make_vector(&p->ln1_g, t, c));
        ATTN__TRY(make_vector(&p->ln1_b, t, c));
        ATTN__TRY(make_param(&p->wq, t, c, c, 1));
        ATTN__TRY(make_vector(&p->bq, t, c));
        ATTN__TRY(make_param(&p->wk, t, c, c, 1));
        ATTN__TRY(make_vector(&p->bk, t, c));
        ATTN__TRY(make_param(&p->wv, t, c, c, 1));
        ATTN__TRY(make_vector(&p->bv, t, c));
        ATTN__TRY(make_param(&p->wo, t, c, c, 1));
        ATTN__TRY(make_vector(&p->bo, t, c));
        ATTN__TRY(make_vector(&p->ln2_g, t, c));
        ATTN__TRY(make_vector(&p->ln2_b, t, c));
        ATTN__TRY(make_param(&p->fc, t, c, 4 * c, 1));
        ATTN__TRY(make_vector(&p->bfc, t, 4 * c));
        ATTN__TRY(make_param(&p->proj, t, 4 * c, c, 1));
        ATTN__TRY(make_vector(&p->bproj, t, c));
    }
    ATTN__TRY(make_vector(&m->lnf_g, t, c));
    ATTN__TRY(make_vector(&m->lnf_b, t, c));
    ATTN__TRY(make_param(&m->head_w, t, c, v, 1));
    ATTN__TRY(make_vector(&m->head_b, t, v));
    return ATTN_OK;
}

/* GPT-2's initialisation: N(0, 0.02), residual projections scaled by 1/√(2L), biases 0, γ 1. */
static void init_params(struct attn_model *m, unsigned seed) {
    struct attn_rng rng;
    attn_rng_seed(&rng, (uint32_t)seed * 2u + 1u);
    const float std = 0.02f, resid = 0.02f / sqrtf(2.0f * m->layers);
    fill_normal(m, m->tok_emb, std, &rng);
    fill_normal(m, m->pos_emb, std, &rng);
    for (int l = 0; l < m->layers; l++) {
        const struct layer_params *p = &m->layer[l];
        fill_const(m, p->ln1_g, 1);
        fill_const(m, p->ln2_g, 1);
        fill_normal(m, p->wq, std, &rng);
        fill_normal(m, p->wk, std, &rng);
        fill_normal(m, p->wv, std, &rng);
        fill_normal(m, p->wo, resid, &rng);
        fill_normal(m, p->fc, std, &rng);
        fill_normal(m, p->proj, resid, &rng);
    }
    fill_const(m, m->lnf_g, 1);
    fill_normal(m, m->head_w, std, &rng);
}

int attn_model_create(struct attn_model **out, int vocab, int layers, int heads, int d_model, int context, int batch,
                      unsigned seed) {
    ATTN__REFUSE_IF(!out, ATTN_ERR_NULL);
    *out = NULL;
    ATTN__TRY(attn_model_check(vocab, layers, heads, d_model, context, batch));

    struct attn_model *m = calloc(1, sizeof *m);
    ATTN__REFUSE_IF(!m, ATTN_ERR_MEMORY);
    m->vocab = vocab, m->layers = layers, m->heads = heads, m->d_model = d_model;
    m->context = context, m->batch = batch;
    m->lr = 1e-3f, m->min_lr = 1e-4f, m->warmup = 20, m->total = 2000, m->weight_decay = 0.1f, m->clip = 1.0f;
    attn_rng_seed(&m->rng, (uint32_t)seed * 2u + 2u);
    m->layer = calloc((size_t)layers, sizeof *m->layer);
    m->scratch = calloc((size_t)3 * batch * context, sizeof(int));
    int rc = (m->layer && m->scratch) ? attn_tape_create(&m->tape) : ATTN_ERR_MEMORY;
    if (rc == ATTN_OK) rc = attn_tape_set_limit(m->tape, ATTN_MODEL_MAX_BYTES * 1.4);
    if (rc == ATTN_OK) rc = create_params(m);
    if (rc != ATTN_OK) {
        attn_model_free(m);
        return rc;
    }
    for (int i = 0; i < context; i++) m->scratch[i] = i; /* positions 0..context-1 */
    init_params(m, seed);
    *out = m;
    return ATTN_OK;
}

int attn_model_free(struct attn_model *m) {
    if (!m) return ATTN_OK;
    attn_tape_free(m->second_half);
    attn_tape_free(m->tape);
    free(m->layer);
    free(m->scratch);
    free(m);
    return ATTN_OK;
}

int attn_model_set_training(struct attn_model *m, float lr, float min_lr, int warmup, int total, float weight_decay,
                            float clip) {
    ATTN__REFUSE_IF(!m, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!(lr > 0 && lr < 10) || !(min_lr >= 0 && min_lr <= lr) || warmup < 0 || total < 1 ||
                        !(weight_decay >= 0 && weight_decay < 10) || !(clip > 0),
                    ATTN_ERR_ARGUMENT);
    m->lr = lr, m->min_lr = min_lr, m->warmup = warmup, m->total = total;
    m->weight_decay = weight_decay, m->clip = clip;
    return ATTN_OK;
}

int attn_model_set_learning_rate(struct attn_model *m, float lr) {
    ATTN__REFUSE_IF(!m, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!(lr > 0 && lr < ATTN_MODEL_MAX_LR), ATTN_ERR_ARGUMENT);
    return attn_model_set_training(m, lr, (float)((double)lr / 10.0), m->warmup, m->total, m->weight_decay, m->clip);
}

int attn_model_tape(struct attn_tape **tape, struct attn_model *m) {
    ATTN__REFUSE_IF(!tape || !m, ATTN_ERR_NULL);
    *tape = m->tape;
    return ATTN_OK;
}

int attn_model_info(int *config, struct attn_model *m) {
    ATTN__REFUSE_IF(!config || !m, ATTN_ERR_NULL);
    double floats = 0;
    attn_tape_counts(NULL, NULL, &floats, NULL, m->tape);
    const int values[ATTN_MODEL_INFO_COUNT] = {
        [ATTN_MODEL_INFO_VOCAB] = m->vocab,     [ATTN_MODEL_INFO_LAYERS] = m->layers,
        [ATTN_MODEL_INFO_HEADS] = m->heads,     [ATTN_MODEL_INFO_D_MODEL] = m->d_model,
        [ATTN_MODEL_INFO_CONTEXT] = m->context, [ATTN_MODEL_INFO_BATCH] = m->batch,
        [ATTN_MODEL_INFO_STEPS] = m->steps,     [ATTN_MODEL_INFO_PARAM_COUNT] = (int)floats};
    memcpy(config, values, sizeof values);
    return ATTN_OK;
}

int attn_model_params(float **params, int *count, struct attn_model *m) {
    ATTN__REFUSE_IF(!params || !count || !m, ATTN_ERR_NULL);
    *params = m->tape->params;
    *count = (int)m->tape->param_size;
    return ATTN_OK;
}

int attn_model_set_step(struct attn_model *m, int steps) {
    ATTN__REFUSE_IF(!m, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(steps < 0, ATTN_ERR_ARGUMENT);
    m->steps = steps;
    return ATTN_OK;
}

int attn_model_optimizer(float **first, float **second, uint32_t **rng, int *count, struct attn_model *m) {
    ATTN__REFUSE_IF(!first || !second || !rng || !count || !m, ATTN_ERR_NULL);
    *first = m->tape->moments;
    *second = m->tape->moments + m->tape->param_capacity;
    *rng = m->rng.s;
    *count = (int)m->tape->param_size;
    return ATTN_OK;
}

/* ---------------------------------------------------------------- the forward pieces */

int attn_model_embed(int *x, struct attn_model *m, const int *tokens, int b, int t) {
    ATTN__REFUSE_IF(!x || !m || !tokens, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(b <= 0 || t <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(t > m->context, ATTN_ERR_ARGUMENT);
    int tok, pos;
    ATTN__TRY(attn_tape_embedding(&tok, m->tape, m->tok_emb, tokens, b, t));
    ATTN__TRY(attn_tape_embedding(&pos, m->tape, m->pos_emb, m->scratch, 1, t));
    return attn_tape_add(x, m->tape, tok, pos);
}

static int linear(int *out, struct attn_tape *t, int x, int w, int bias) { return attn_tape_linear(out, t, x, w, bias); }

int attn_model_qkv(int *q, int *k, int *v, struct attn_model *m, int layer, int x) {
    ATTN__REFUSE_IF(!q || !k || !v || !m, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(layer < 0 || layer >= m->layers, ATTN_ERR_ARGUMENT);
    const struct layer_params *p = &m->layer[layer];
    int a;
    ATTN__TRY(attn_tape_layernorm(&a, m->tape, x, p->ln1_g, p->ln1_b));
    ATTN__TRY(linear(q, m->tape, a, p->wq, p->bq));
    ATTN__TRY(linear(k, m->tape, a, p->wk, p->bk));
    return linear(v, m->tape, a, p->wv, p->bv);
}

int attn_model_attention(int *y, int *weights, struct attn_model *m, int q, int k, int v) {
    ATTN__REFUSE_IF(!y || !m, ATTN_ERR_NULL);
    struct attn_tape *t = m->tape;
    ATTN__REFUSE_IF(!tape_valid(t, q), ATTN_ERR_ARGUMENT);
    /* softmax(causal_mask(Q·Kᵀ/√D))·V per head, as split_heads, bmm, scale, causal_mask, softmax,
     * bmm, merge_heads would compute it (builtin-attention.js does, op by op), to the bit */
    int w;
    ATTN__TRY(attn__tape_causal_weights(&w, t, q, k, m->heads)); /* (B, H, T, T), each row sums to 1 */
    if (weights) *weights = w;
    return attn__tape_attend(y, t, w, v);                       /* (B, T, C) */
}

int attn_model_block_out(int *x_out, struct attn_model *m, int layer, int x, int y) {
    ATTN__REFUSE_IF(!x_out || !m, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(layer < 0 || layer >= m->layers, ATTN_ERR_ARGUMENT);
    const struct layer_params *p = &m->layer[layer];
    struct attn_tape *t = m->tape;
    int proj, x1, a, h, g, mlp;
    ATTN__TRY(linear(&proj, t, y, p->wo, p->bo));
    ATTN__TRY(attn_tape_add(&x1, t, x, proj));
    ATTN__TRY(attn_tape_layernorm(&a, t, x1, p->ln2_g, p->ln2_b));
    ATTN__TRY(linear(&h, t, a, p->fc, p->bfc));
    ATTN__TRY(attn_tape_gelu(&g, t, h));
    ATTN__TRY(linear(&mlp, t, g, p->proj, p->bproj));
    return attn_tape_add(x_out, t, x1, mlp);
}

int attn_model_head(int *logits, struct attn_model *m, int x) {
    ATTN__REFUSE_IF(!logits || !m, ATTN_ERR_NULL);
    int a;
    ATTN__TRY(attn_tape_layernorm(&a, m->tape, x, m->lnf_g, m->lnf_b));
    return linear(logits, m->tape, a, m->head_w, m->head_b);
}

int attn_model_forward(int *loss, int *logits, int *weights_ids, struct attn_model *m, const int *tokens,
                       const int *targets, int b, int t) {
    return attn__model_forward_hooked(loss, logits, weights_ids, m, tokens, targets, b, t, NULL);
}

int attn__model_forward_hooked(int *loss, int *logits, int *weights_ids, struct attn_model *m, const int *tokens,
                               const int *targets, int b, int t, const struct attn__hook *hook) {
    ATTN__REFUSE_IF(!m || !tokens, ATTN_ERR_NULL);
    ATTN__TRY(attn_tape_reset(m->tape));
    int x, q, k, v, y, w, out;
    ATTN__TRY(attn_model_embed(&x, m, tokens, b, t));
    for (int l = 0; l < m->layers; l++) {
        ATTN__TRY(attn_model_qkv(&q, &k, &v, m, l, x));
        ATTN__TRY(attn_model_attention(&y, &w, m, q, k, v));
        if (weights_ids) weights_ids[l] = w;
        if (hook && hook->after_attention) ATTN__TRY(hook->after_attention(hook->context, m, l, y, b, t));
        ATTN__TRY(attn_model_block_out(&x, m, l, x, y));
        if (hook && hook->after_block) ATTN__TRY(hook->after_block(hook->context, m, l, x, b, t));
    }
    ATTN__TRY(attn_model_head(&out, m, x));
    if (logits) *logits = out;
    if (loss) *loss = -1;
    if (targets) {
        int l;
        ATTN__TRY(attn_tape_cross_entropy(&l, m->tape, out, targets));
        if (loss) *loss = l;
    }
    return ATTN_OK;
}

/* ---------------------------------------------------------------- training */

int attn_model_update(float *lr_out, double *grad_norm, struct attn_model *m) {
    ATTN__REFUSE_IF(!m, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(m->steps == INT_MAX, ATTN_ERR_ARGUMENT); /* the step count cannot grow (a loaded count) */
    double norm;
    float lr;
    ATTN__TRY(attn_clip_grad_norm(&norm, m->tape, m->clip));
    ATTN__TRY(attn_lr_schedule(&lr, m->steps, m->warmup, m->total, m->lr, m->min_lr));
    ATTN__TRY(attn_adamw_step(m->tape, lr, 0.9f, 0.95f, 1e-8f, m->weight_decay, m->steps + 1));
    m->steps++;
    if (lr_out) *lr_out = lr;
    if (grad_norm) *grad_norm = norm;
    return ATTN_OK;
}

struct blend_job {
    float *grads;
    const float *other;
    double own_weight, other_weight;
};

static void blend_range(void *ctx, int64_t begin, int64_t end, int thread) {
    const struct blend_job *job = ctx;
    (void)thread;
    /* In double, rounded once: the bits of JS's a·g + b·o stored to a Float32Array. */
    for (int64_t i = begin; i < end; i++)
        job->grads[i] = (float)(job->own_weight * job->grads[i] + job->other_weight * job->other[i]);
}

int attn_model_blend_grads(struct attn_model *m, const float *other, double own_weight, double other_weight) {
    ATTN__REFUSE_IF(!m || !other, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!isfinite(own_weight) || !isfinite(other_weight), ATTN_ERR_ARGUMENT);
    struct blend_job job = {m->tape->param_grads, other, own_weight, other_weight};
    attn__parallel_ranges(blend_range, &job, m->tape->param_size, 1 << 15); /* each entry alike on either core */
    return ATTN_OK;
}

int attn_model_sample_batch(int *tokens, int *targets, struct attn_model *m, const int *data, int n) {
    ATTN__REFUSE_IF(!tokens || !targets || !m || !data, ATTN_ERR_NULL);
    const int t = m->context;
    ATTN__REFUSE_IF(n < t + 1, ATTN_ERR_ARGUMENT); /* the text is shorter than one window */
    for (int b = 0; b < m->batch; b++) {
        const int start = (int)attn_rng_below(&m->rng, (uint32_t)(n - t));
        for (int i = 0; i < t; i++) {
            ATTN__REFUSE_IF(data[start + i] < 0 || data[start + i] >= m->vocab, ATTN_ERR_ARGUMENT);
            tokens[b * t + i] = data[start + i];
            targets[b * t + i] = data[start + i + 1];
        }
        ATTN__REFUSE_IF(data[start + t] < 0 || data[start + t] >= m->vocab, ATTN_ERR_ARGUMENT);
    }
    return ATTN_OK;
}

int attn__model_eval_windows(int *windows, const struct attn_model *m, int n, int max_windows) {
    ATTN__REFUSE_IF(max_windows <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(n < m->context + 1, ATTN_ERR_ARGUMENT);
    *windows = (n - 1) / m->context;
    if (*windows > max_windows) *windows = max_windows;
    return ATTN_OK;
}

int attn__model_eval_batch(int *b, const int **tokens_out, const int **targets_out, struct attn_model *m,
                           const int *data, int w0, int windows) {
    const int t = m->context;
    int *tokens = m->scratch + t, *targets = tokens + m->batch * t;
    *b = windows - w0 < m->batch ? windows - w0 : m->batch;
    for (int i = 0; i < *b * t; i++) {
        const int at = (w0 + i / t) * t + i % t;
        ATTN__REFUSE_IF(data[at] < 0 || data[at] >= m->vocab || data[at + 1] < 0 || data[at + 1] >= m->vocab,
                        ATTN_ERR_ARGUMENT);
        tokens[i] = data[at];
        targets[i] = data[at + 1];
    }
    *tokens_out = tokens;
    *targets_out = targets;
    return ATTN_OK;
}

int attn_model_evaluate(double *loss, struct attn_model *m, const int *data, int n, int max_windows) {
    ATTN__REFUSE_IF(!loss || !m || !data, ATTN_ERR_NULL);
    int windows;
    ATTN__TRY(attn__model_eval_windows(&windows, m, n, max_windows));
    double total = 0;
    for (int w0 = 0; w0 < windows; w0 += m->batch) {
        int b, l;
        const int *tokens, *targets;
        ATTN__TRY(attn__model_eval_batch(&b, &tokens, &targets, m, data, w0, windows));
        ATTN__TRY(attn_model_forward(&l, NULL, NULL, m, tokens, targets, b, m->context));
        total += (double)tape_val(m->tape, l)[0] * b;
    }
    *loss = total / windows;
    return ATTN_OK;
}

int attn_model_position_loss(double *loss, struct attn_model *m, const int *data, int n, int max_windows) {
    ATTN__REFUSE_IF(!loss || !m || !data, ATTN_ERR_NULL);
    int windows;
    ATTN__TRY(attn__model_eval_windows(&windows, m, n, max_windows));
    const int t = m->context, v = m->vocab;
    for (int p = 0; p < t; p++) loss[p] = 0;
    for (int w0 = 0; w0 < windows; w0 += m->batch) {
        int b, logits_id;
        const int *tokens, *targets;
        ATTN__TRY(attn__model_eval_batch(&b, &tokens, &targets, m, data, w0, windows));
        ATTN__TRY(attn_model_forward(NULL, &logits_id, NULL, m, tokens, NULL, b, t));
        const float *logits = tape_val(m->tape, logits_id); /* (b·t, vocab) */
        for (int i = 0; i < b * t; i++) {
            const float *row = logits + (size_t)i * v;
            double top = row[0], sum = 0;
            for (int j = 1; j < v; j++) if (row[j] > top) top = row[j];
            for (int j = 0; j < v; j++) sum += exp((double)row[j] - top);
            loss[i % t] += log(sum) + top - row[targets[i]]; /* −log softmax(row)[target] */
        }
    }
    for (int p = 0; p < t; p++) loss[p] /= windows;
    return ATTN_OK;
}

int attn_model_attention_maps(float *weights, struct attn_model *m, const int *tokens, int t) {
    ATTN__REFUSE_IF(!weights || !m || !tokens, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(t <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(t > m->context, ATTN_ERR_ARGUMENT);
    int ids[ATTN_MODEL_MAX_LAYERS];
    ATTN__TRY(attn_model_forward(NULL, NULL, ids, m, tokens, NULL, 1, t));
    const size_t per_layer = (size_t)m->heads * t * t;
    for (int l = 0; l < m->layers; l++) memcpy(weights + l * per_layer, tape_val(m->tape, ids[l]), per_layer * sizeof(float));
    return ATTN_OK;
}
