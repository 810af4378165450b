/*
 * seq2seq_train.c — training and evaluating the translation encoder–decoders (seq2seq.c).
 *
 * A training step draws one length S uniformly in [min_length, max_length] (the model's own
 * generator) and the next B training sentences of exactly that length (the task's stream,
 * one index after another), so a batch needs no padding; then forward, backward, clipping to
 * norm 1 and one Adam step. Two models of the same seed and length range draw the same lengths
 * and sentences in the same order.
 *
 * The evaluation reads held-out sentences only, the same ones for every model of a seed and
 * range: bin k's sentence i has held-out index k · per_bin + i and its bin's i-th length in turn.
 */
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "autograd_internal.h"
#include "check.h"
#include "seq2seq_internal.h"

#define MAX_LENGTH ATTN_TRANSLATION_MAX_LENGTH

/* Sentence `index` of `split` with exactly `length` words into row `row` of the batch scratch. */
static int load_sentence(struct attn_seq2seq *m, int row, int split, int index, int length) {
    int src[MAX_LENGTH], tgt[MAX_LENGTH], align[MAX_LENGTH], n;
    ATTN__TRY(attn_translation_sentence(src, tgt, align, &n, m->seed, split, index, length, length));
    memcpy(m->source + (size_t)row * length, src, (size_t)length * sizeof(int));
    memcpy(m->target + (size_t)row * length, tgt, (size_t)length * sizeof(int));
    memcpy(m->alignment + (size_t)row * length, align, (size_t)length * sizeof(int));
    return ATTN_OK;
}

/* One step: the next batch, its gradients, clipping and Adam. */
static int train_step(float *loss, struct attn_seq2seq *m) {
    const int span = m->max_length - m->min_length + 1;
    const int length = m->min_length + (int)attn_rng_below(&m->rng, (uint32_t)span);
    for (int r = 0; r < m->batch; r++) ATTN__TRY(load_sentence(m, r, ATTN_TRANSLATION_TRAIN, m->next_sentence++, length));
    struct seq2seq_pass pass;
    ATTN__TRY(attn__seq2seq_record(&pass, m, m->source, m->target, m->batch, length));
    *loss = tape_val(m->tape, pass.loss)[0];
    ATTN__TRY(attn_tape_zero_grad(m->tape));
    ATTN__TRY(attn_tape_backward(m->tape, pass.loss, NULL));
    float lr;
    ATTN__TRY(attn_clip_grad_norm(NULL, m->tape, 1.0f));
    ATTN__TRY(attn_lr_schedule(&lr, m->steps, m->warmup, m->total, m->lr, m->lr / 10.0f));
    ATTN__TRY(attn_adamw_step(m->tape, lr, 0.9f, 0.999f, 1e-8f, 0.0f, m->steps + 1));
    m->steps++;
    return ATTN_OK;
}

int attn_seq2seq_train(float *losses, struct attn_seq2seq *m, int steps) {
    ATTN__REFUSE_IF(!losses || !m, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(steps <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(m->next_sentence > INT32_MAX - steps * m->batch, ATTN_ERR_ARGUMENT); /* the stream's end */
    for (int s = 0; s < steps; s++) ATTN__TRY(train_step(&losses[s], m));
    return ATTN_OK;
}

/* ---------------------------------------------------------------- evaluation */

/* What one bin adds up. */
struct bin_totals {
    double correct, words, alignment, chance, sentences;
};

/* Adds a forward pass over rows [0, b) of the scratch, all of length `length`. */
static int score_batch(struct bin_totals *bin, struct attn_seq2seq *m, int b, int length) {
    float loss;
    float *weights = m->kind == ATTN_SEQ2SEQ_ATTENTION ? m->weights : NULL;
    ATTN__TRY(attn_seq2seq_forward(&loss, m->predicted, weights, m, m->source, m->target, b, length));
    for (int i = 0; i < b * length; i++) bin->correct += m->predicted[i] == m->target[i];
    bin->words += (double)b * length;
    bin->sentences += b;
    bin->chance += (double)b / length;
    if (!weights) return ATTN_OK;
    for (int r = 0; r < b; r++) {
        double on_true = 0; /* Σ_j w[j, alignment[j]] over the sentence's target words */
        for (int j = 0; j < length; j++) {
            const int source_word = m->alignment[(size_t)r * length + j];
            on_true += weights[((size_t)r * length + j) * length + source_word];
        }
        bin->alignment += on_true / length;
    }
    return ATTN_OK;
}

/* The held-out sentences of lengths [lo, hi], first index `first`: sentence i has length
 * lo + i mod (hi − lo + 1); one batch per length, of at most B sentences. */
static int score_bin(struct bin_totals *bin, struct attn_seq2seq *m, int lo, int hi, int first, int count) {
    const int width = hi - lo + 1;
    for (int length = lo; length <= hi; length++) {
        int b = 0;
        for (int i = length - lo; i < count; i += width) {
            ATTN__TRY(load_sentence(m, b++, ATTN_TRANSLATION_HELD_OUT, first + i, length));
            if (b == m->batch) {
                ATTN__TRY(score_batch(bin, m, b, length));
                b = 0;
            }
        }
        if (b > 0) ATTN__TRY(score_batch(bin, m, b, length));
    }
    return ATTN_OK;
}

int attn_seq2seq_evaluate(double *accuracy, double *alignment, double *chance, struct attn_seq2seq *m, int bins,
                          int sentences_per_bin) {
    ATTN__REFUSE_IF(!accuracy || !m, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(alignment && m->kind != ATTN_SEQ2SEQ_ATTENTION, ATTN_ERR_ARGUMENT);
    const int lengths = m->max_length - m->min_length + 1;
    ATTN__REFUSE_IF(bins <= 0 || sentences_per_bin <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(bins > lengths || sentences_per_bin > INT32_MAX / bins, ATTN_ERR_ARGUMENT);
    for (int k = 0; k < bins; k++) {
        const int lo = m->min_length + (int)((int64_t)k * lengths / bins);
        const int hi = m->min_length + (int)((int64_t)(k + 1) * lengths / bins) - 1;
        struct bin_totals bin = {0, 0, 0, 0, 0};
        ATTN__TRY(score_bin(&bin, m, lo, hi, k * sentences_per_bin, sentences_per_bin));
        accuracy[k] = bin.correct / bin.words;
        if (alignment) alignment[k] = bin.alignment / bin.sentences;
        if (chance) chance[k] = bin.chance / bin.sentences;
    }
    return ATTN_OK;
}
