/*
 * seq2seq.c — the two translation encoder–decoders of attention's origin story, on the tape:
 * creation, parameters and the forward pass. (Training and evaluation: seq2seq_train.c.)
 *
 * Dimension letters: B batch, S source length, T target length (= S), E embedding width,
 * H state width, V vocabulary.
 *
 *   enc    = gru(source_emb[source] · Wx + bx, 0)                  (B, S, H)  all encoder states
 *   dec    = gru(target_emb[start, target_0 … target_T−2] · Wx + bx,
 *                enc[:, S − 1])                                     (B, T, H)  teacher forcing
 *   bottleneck:  hidden = gelu(dec · out_w + out_b)                 (B, T, H)
 *   attention:   q = dec · query_w                                  (B, T, H)
 *                w = softmax(q · encᵀ / √H)                         (B, T, S)  over the source
 *                context = w · enc                                  (B, T, H)
 *                hidden = gelu(dec · out_w + out_b + context · context_w)
 *   logits = hidden · vocab_w + vocab_b                             (B, T, V)
 *   loss   = mean cross-entropy of logits against the target words
 *
 * The attention is Luong's "general" dot-product score, scaled by 1/√H, read after the
 * decoder's GRU (global attention without input feeding): the whole decoder runs as one tape
 * op, and the attention of every step runs in parallel, as the chapter's attention does
 * (docs/alignment-core.md says why this form and not Bahdanau's additive one).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "autograd_internal.h"
#include "check.h"
#include "seq2seq_internal.h"

#define MAX_LENGTH ATTN_TRANSLATION_MAX_LENGTH
#define VOCAB ATTN_TRANSLATION_VOCAB

/* ---------------------------------------------------------------- creation */

static int matrix(int *id, struct attn_tape *t, int rows, int cols) {
    int dims[2] = {rows, cols};
    return attn_tape_param(id, t, 2, dims, 0);
}

static int vector(int *id, struct attn_tape *t, int n) { return attn_tape_param(id, t, 1, &n, 0); }

static int gru_params(struct gru_params *g, struct attn_tape *t, int in, int h) {
    ATTN__TRY(matrix(&g->wx, t, in, 3 * h));
    ATTN__TRY(vector(&g->bx, t, 3 * h));
    ATTN__TRY(matrix(&g->wh, t, h, 3 * h));
    return vector(&g->bh, t, 3 * h);
}

/* The parameters both kinds share come first, in the same order, so the same seed gives them
 * the same values; the attention's two matrices come last. */
static int create_params(struct attn_seq2seq *m) {
    struct attn_tape *t = m->tape;
    const int e = m->embed, h = m->hidden;
    ATTN__TRY(matrix(&m->source_emb, t, VOCAB, e));
    ATTN__TRY(gru_params(&m->enc, t, e, h));
    ATTN__TRY(matrix(&m->target_emb, t, VOCAB + 1, e));
    ATTN__TRY(gru_params(&m->dec, t, e, h));
    ATTN__TRY(matrix(&m->out_w, t, h, h));
    ATTN__TRY(vector(&m->out_b, t, h));
    ATTN__TRY(matrix(&m->vocab_w, t, h, VOCAB));
    ATTN__TRY(vector(&m->vocab_b, t, VOCAB));
    m->query_w = m->context_w = -1;
    if (m->kind != ATTN_SEQ2SEQ_ATTENTION) return ATTN_OK;
    ATTN__TRY(matrix(&m->query_w, t, h, h));
    return matrix(&m->context_w, t, h, h);
}

/* Uniform in [−bound, bound) (PyTorch's default for linear and recurrent layers: 1/√fan_in). */
static void fill_uniform(struct attn_seq2seq *m, int id, float bound, struct attn_rng *rng) {
    float *p = tape_val(m->tape, id);
    for (int64_t i = 0; i < tape_node(m->tape, id)->size; i++) p[i] = bound * (2.0f * attn_rng_uniform(rng) - 1.0f);
}

static void fill_normal(struct attn_seq2seq *m, int id, float std, struct attn_rng *rng) {
    float *p = tape_val(m->tape, id);
    for (int64_t i = 0; i < tape_node(m->tape, id)->size; i++) p[i] = std * attn_rng_normal(rng);
}

static void init_gru(struct attn_seq2seq *m, const struct gru_params *g, struct attn_rng *rng) {
    const float bound = 1.0f / sqrtf((float)m->hidden);
    fill_uniform(m, g->wx, bound, rng);
    fill_uniform(m, g->bx, bound, rng);
    fill_uniform(m, g->wh, bound, rng);
    fill_uniform(m, g->bh, bound, rng);
}

static void init_params(struct attn_seq2seq *m) {
    struct attn_rng rng;
    attn_rng_seed(&rng, (uint32_t)m->seed * 2u + 1u);
    const float bound = 1.0f / sqrtf((float)m->hidden);
    fill_normal(m, m->source_emb, 1.0f, &rng);
    init_gru(m, &m->enc, &rng);
    fill_normal(m, m->target_emb, 1.0f, &rng);
    init_gru(m, &m->dec, &rng);
    fill_uniform(m, m->out_w, bound, &rng);
    fill_uniform(m, m->out_b, bound, &rng);
    fill_uniform(m, m->vocab_w, bound, &rng);
    fill_uniform(m, m->vocab_b, bound, &rng);
    if (m->kind != ATTN_SEQ2SEQ_ATTENTION) return;
    fill_uniform(m, m->query_w, bound, &rng);
    fill_uniform(m, m->context_w, bound, &rng);
}

static int check_config(int kind, int embed, int hidden, int batch, int min_length, int max_length) {
    ATTN__REFUSE_IF(kind != ATTN_SEQ2SEQ_BOTTLENECK && kind != ATTN_SEQ2SEQ_ATTENTION, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(embed <= 0 || hidden <= 0 || batch <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(embed > ATTN_SEQ2SEQ_MAX_WIDTH || hidden > ATTN_SEQ2SEQ_MAX_WIDTH || batch > ATTN_SEQ2SEQ_MAX_BATCH,
                    ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(min_length < ATTN_TRANSLATION_MIN_LENGTH || max_length < ATTN_TRANSLATION_MIN_LENGTH,
                    ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(max_length > MAX_LENGTH || min_length > max_length, ATTN_ERR_ARGUMENT);
    return ATTN_OK;
}

static int allocate_scratch(struct attn_seq2seq *m) {
    const size_t rows = (size_t)m->batch * MAX_LENGTH;
    m->source = calloc(5 * rows, sizeof(int));
    m->zeros = calloc((size_t)m->batch * m->hidden, sizeof(float));
    m->weights = calloc(rows * MAX_LENGTH, sizeof(float));
    ATTN__REFUSE_IF(!m->source || !m->zeros || !m->weights, ATTN_ERR_MEMORY);
    m->target = m->source + rows;
    m->alignment = m->target + rows;
    m->decoder_in = m->alignment + rows;
    m->predicted = m->decoder_in + rows;
    return ATTN_OK;
}

int attn_seq2seq_create(struct attn_seq2seq **out, int kind, int embed, int hidden, int batch, int min_length,
                        int max_length, unsigned seed) {
    ATTN__REFUSE_IF(!out, ATTN_ERR_NULL);
    *out = NULL;
    ATTN__TRY(check_config(kind, embed, hidden, batch, min_length, max_length));
    struct attn_seq2seq *m = calloc(1, sizeof *m);
    ATTN__REFUSE_IF(!m, ATTN_ERR_MEMORY);
    m->kind = kind, m->embed = embed, m->hidden = hidden, m->batch = batch;
    m->min_length = min_length, m->max_length = max_length, m->seed = seed;
    m->lr = 3e-3f, m->warmup = 0, m->total = 1;
    attn_rng_seed(&m->rng, (uint32_t)seed * 2u + 2u);
    int rc = allocate_scratch(m);
    if (rc == ATTN_OK) rc = attn_tape_create(&m->tape);
    if (rc == ATTN_OK) rc = create_params(m);
    if (rc != ATTN_OK) {
        attn_seq2seq_free(m);
        return rc;
    }
    init_params(m);
    *out = m;
    return ATTN_OK;
}

int attn_seq2seq_free(struct attn_seq2seq *m) {
    if (!m) return ATTN_OK;
    attn_tape_free(m->tape);
    free(m->source);
    free(m->zeros);
    free(m->weights);
    free(m);
    return ATTN_OK;
}

int attn_seq2seq_set_training(struct attn_seq2seq *m, float lr, int warmup, int total) {
    ATTN__REFUSE_IF(!m, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!(lr > 0 && lr < 1) || warmup < 0 || total < 1, ATTN_ERR_ARGUMENT);
    m->lr = lr, m->warmup = warmup, m->total = total;
    return ATTN_OK;
}

int attn_seq2seq_info(int *info, struct attn_seq2seq *m) {
    ATTN__REFUSE_IF(!info || !m, ATTN_ERR_NULL);
    double floats = 0;
    attn_tape_counts(NULL, NULL, &floats, NULL, m->tape);
    const int values[ATTN_SEQ2SEQ_INFO_COUNT] = {
        [ATTN_SEQ2SEQ_INFO_KIND] = m->kind,           [ATTN_SEQ2SEQ_INFO_EMBED] = m->embed,
        [ATTN_SEQ2SEQ_INFO_HIDDEN] = m->hidden,       [ATTN_SEQ2SEQ_INFO_BATCH] = m->batch,
        [ATTN_SEQ2SEQ_INFO_MIN_LENGTH] = m->min_length, [ATTN_SEQ2SEQ_INFO_MAX_LENGTH] = m->max_length,
        [ATTN_SEQ2SEQ_INFO_STEPS] = m->steps,         [ATTN_SEQ2SEQ_INFO_PARAM_COUNT] = (int)floats};
    memcpy(info, values, sizeof values);
    return ATTN_OK;
}

/* ---------------------------------------------------------------- the forward pass */

/* states = gru(emb[tokens] · Wx + bx, h0)  (B, T, H) */
static int run_gru(int *states, struct attn_seq2seq *m, int table, const struct gru_params *g, const int *tokens,
                   int h0, int b, int t) {
    int x, gx;
    ATTN__TRY(attn_tape_embedding(&x, m->tape, table, tokens, b, t)); /* (B, T, E) */
    ATTN__TRY(attn_tape_linear(&gx, m->tape, x, g->wx, g->bx));       /* (B, T, 3H) */
    return attn_tape_gru(states, m->tape, gx, h0, g->wh, g->bh);
}

/* The cross-attention: weights (B, T, S) and context = weights · enc (B, T, H). */
static int cross_attention(int *context, int *weights, struct attn_seq2seq *m, int dec, int enc) {
    struct attn_tape *t = m->tape;
    int q, scores, scaled;
    ATTN__TRY(attn_tape_matmul(&q, t, dec, m->query_w, 0));          /* (B, T, H) */
    ATTN__TRY(attn_tape_bmm(&scores, t, q, enc, 0, 1));              /* (B, T, S) = q · encᵀ */
    ATTN__TRY(attn_tape_scale(&scaled, t, scores, 1.0f / sqrtf((float)m->hidden)));
    ATTN__TRY(attn_tape_softmax(weights, t, scaled, -1));            /* each row over the source */
    return attn_tape_bmm(context, t, *weights, enc, 0, 0);           /* (B, T, H) */
}

/* hidden = gelu(dec · out_w + out_b [+ context · context_w]), then the logits (B, T, V). */
static int readout(int *logits, struct attn_seq2seq *m, int dec, int context) {
    struct attn_tape *t = m->tape;
    int pre, hidden;
    ATTN__TRY(attn_tape_linear(&pre, t, dec, m->out_w, m->out_b));
    if (context >= 0) {
        int from_context;
        ATTN__TRY(attn_tape_matmul(&from_context, t, context, m->context_w, 0));
        ATTN__TRY(attn_tape_add(&pre, t, pre, from_context));
    }
    ATTN__TRY(attn_tape_gelu(&hidden, t, pre));
    return attn_tape_linear(logits, t, hidden, m->vocab_w, m->vocab_b);
}

static int check_tokens(const int *tokens, int count) {
    for (int i = 0; i < count; i++) ATTN__REFUSE_IF(tokens[i] < 0 || tokens[i] >= VOCAB, ATTN_ERR_ARGUMENT);
    return ATTN_OK;
}

int attn__seq2seq_record(struct seq2seq_pass *pass, struct attn_seq2seq *m, const int *source, const int *target,
                         int b, int t) {
    ATTN__REFUSE_IF(b <= 0 || t <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(b > m->batch || t > MAX_LENGTH, ATTN_ERR_ARGUMENT);
    ATTN__TRY(check_tokens(source, b * t));
    ATTN__TRY(check_tokens(target, b * t));
    ATTN__TRY(attn_tape_reset(m->tape));
    for (int r = 0; r < b; r++) { /* teacher forcing: the start token, then the target shifted by one */
        m->decoder_in[r * t] = ATTN_SEQ2SEQ_START;
        for (int j = 1; j < t; j++) m->decoder_in[r * t + j] = target[r * t + j - 1];
    }
    int zeros, enc, last, dec, context = -1, hdims[2] = {b, m->hidden};
    pass->weights = -1;
    ATTN__TRY(attn_tape_input(&zeros, m->tape, m->zeros, 2, hdims));
    ATTN__TRY(run_gru(&enc, m, m->source_emb, &m->enc, source, zeros, b, t));
    ATTN__TRY(attn_tape_select_step(&last, m->tape, enc, t - 1)); /* (B, H) the encoder's final state */
    ATTN__TRY(run_gru(&dec, m, m->target_emb, &m->dec, m->decoder_in, last, b, t));
    if (m->kind == ATTN_SEQ2SEQ_ATTENTION) ATTN__TRY(cross_attention(&context, &pass->weights, m, dec, enc));
    ATTN__TRY(readout(&pass->logits, m, dec, context));
    return attn_tape_cross_entropy(&pass->loss, m->tape, pass->logits, target);
}

/* predicted[r] = argmax of row r of the logits (the first of equal maxima). */
static void argmax_rows(int *predicted, const float *logits, int rows) {
    for (int r = 0; r < rows; r++) {
        const float *row = logits + (size_t)r * VOCAB;
        int best = 0;
        for (int v = 1; v < VOCAB; v++)
            if (row[v] > row[best]) best = v;
        predicted[r] = best;
    }
}

int attn_seq2seq_forward(float *loss, int *predicted, float *weights, struct attn_seq2seq *m, const int *source,
                         const int *target, int b, int t) {
    ATTN__REFUSE_IF(!loss || !m || !source || !target, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(weights && m->kind != ATTN_SEQ2SEQ_ATTENTION, ATTN_ERR_ARGUMENT);
    struct seq2seq_pass pass;
    ATTN__TRY(attn__seq2seq_record(&pass, m, source, target, b, t));
    *loss = tape_val(m->tape, pass.loss)[0];
    if (predicted) argmax_rows(predicted, tape_val(m->tape, pass.logits), b * t);
    if (weights) memcpy(weights, tape_val(m->tape, pass.weights), (size_t)b * t * t * sizeof(float));
    return ATTN_OK;
}
