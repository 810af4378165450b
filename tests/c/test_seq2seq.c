/*
 * test_seq2seq.c — the two translation encoder–decoders (c/src/seq2seq*.c): the forward pass
 * against an independent double-precision one written from the equations, every parameter's
 * gradient against central finite differences, what the two kinds share, teacher forcing,
 * the evaluation's scores on cases with a known answer, a tiny case that training learns, and
 * the refusals.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "../../c/src/autograd_internal.h"
#include "../../c/src/seq2seq_internal.h"
#include "harness.h"

#define V ATTN_TRANSLATION_VOCAB
#define MAXH 8
#define MAXT 8

static const float *param(struct attn_seq2seq *m, int id) { return tape_val(m->tape, id); }

/* ---------------------------------------------------------------- the double reference */

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }
static double gelu(double x) { return 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))); }

/* One sentence through a GRU: states (T, H) from the tokens' embeddings and the first state. */
static void ref_gru(double states[MAXT][MAXH], struct attn_seq2seq *m, int table, const struct gru_params *g,
                    const int *tokens, const double *h0, int t) {
    const int e = m->embed, h = m->hidden;
    const float *emb = param(m, table), *wx = param(m, g->wx), *bx = param(m, g->bx);
    const float *wh = param(m, g->wh), *bh = param(m, g->bh);
    double prev[MAXH];
    for (int k = 0; k < h; k++) prev[k] = h0[k];
    for (int s = 0; s < t; s++) {
        double gx[3 * MAXH], gh[3 * MAXH];
        for (int j = 0; j < 3 * h; j++) {
            gx[j] = bx[j];
            gh[j] = bh[j];
            for (int i = 0; i < e; i++) gx[j] += (double)emb[tokens[s] * e + i] * wx[i * 3 * h + j];
            for (int i = 0; i < h; i++) gh[j] += prev[i] * wh[i * 3 * h + j];
        }
        for (int k = 0; k < h; k++) {
            const double r = sigmoid(gx[k] + gh[k]), z = sigmoid(gx[h + k] + gh[h + k]);
            const double n = tanh(gx[2 * h + k] + r * gh[2 * h + k]);
            states[s][k] = (1 - z) * n + z * prev[k];
        }
        for (int k = 0; k < h; k++) prev[k] = states[s][k];
    }
}

/* One sentence's summed loss, its cross-attention (T, S) and its most likely words. */
static double ref_sentence(double weights[MAXT][MAXT], int *predicted, struct attn_seq2seq *m, const int *source,
                           const int *target, int t) {
    const int h = m->hidden;
    double enc[MAXT][MAXH], dec[MAXT][MAXH], zeros[MAXH] = {0};
    int decoder_in[MAXT];
    ref_gru(enc, m, m->source_emb, &m->enc, source, zeros, t);
    decoder_in[0] = ATTN_SEQ2SEQ_START;
    for (int j = 1; j < t; j++) decoder_in[j] = target[j - 1];
    ref_gru(dec, m, m->target_emb, &m->dec, decoder_in, enc[t - 1], t);
    double loss = 0;
    for (int j = 0; j < t; j++) {
        double context[MAXH] = {0}, pre[MAXH], logits[V];
        if (m->kind == ATTN_SEQ2SEQ_ATTENTION) {
            double q[MAXH], scores[MAXT], most = -INFINITY, sum = 0;
            for (int k = 0; k < h; k++) {
                q[k] = 0;
                for (int i = 0; i < h; i++) q[k] += dec[j][i] * param(m, m->query_w)[i * h + k];
            }
            for (int s = 0; s < t; s++) {
                scores[s] = 0;
                for (int k = 0; k < h; k++) scores[s] += q[k] * enc[s][k] / sqrt((double)h);
                most = fmax(most, scores[s]);
            }
            for (int s = 0; s < t; s++) sum += exp(scores[s] - most);
            for (int s = 0; s < t; s++) weights[j][s] = exp(scores[s] - most) / sum;
            for (int k = 0; k < h; k++)
                for (int s = 0; s < t; s++) context[k] += weights[j][s] * enc[s][k];
        }
        for (int k = 0; k < h; k++) {
            pre[k] = param(m, m->out_b)[k];
            for (int i = 0; i < h; i++) pre[k] += dec[j][i] * param(m, m->out_w)[i * h + k];
            if (m->kind == ATTN_SEQ2SEQ_ATTENTION)
                for (int i = 0; i < h; i++) pre[k] += context[i] * param(m, m->context_w)[i * h + k];
        }
        double most = -INFINITY, sum = 0;
        predicted[j] = 0;
        for (int v = 0; v < V; v++) {
            logits[v] = param(m, m->vocab_b)[v];
            for (int k = 0; k < h; k++) logits[v] += gelu(pre[k]) * param(m, m->vocab_w)[k * V + v];
            if (logits[v] > logits[predicted[j]]) predicted[j] = v;
            most = fmax(most, logits[v]);
        }
        for (int v = 0; v < V; v++) sum += exp(logits[v] - most);
        loss += -(logits[target[j]] - most - log(sum));
    }
    return loss;
}

/* Two sentences of the task, of length t. */
static void two_sentences(int *source, int *target, int *alignment, int t, int index) {
    for (int r = 0; r < 2; r++) {
        int n;
        attn_translation_sentence(source + r * t, target + r * t, alignment ? alignment + r * t : target + r * t, &n, 5,
                                  ATTN_TRANSLATION_TRAIN, index + r, t, t);
    }
}

static void forward_matches_reference(int kind) {
    struct attn_seq2seq *m;
    EXPECT_EQ_INT(attn_seq2seq_create(&m, kind, 3, 4, 2, 3, 40, 11), ATTN_OK);
    const int t = 6;
    int source[2 * MAXT], target[2 * MAXT], predicted[2 * MAXT], ref_predicted[MAXT];
    float loss, weights[2 * MAXT * MAXT];
    two_sentences(source, target, NULL, t, 0);
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, predicted, kind ? weights : NULL, m, source, target, 2, t), ATTN_OK);
    double total = 0, worst_weight = 0;
    int same_words = 1;
    for (int r = 0; r < 2; r++) {
        double ref_weights[MAXT][MAXT];
        total += ref_sentence(ref_weights, ref_predicted, m, source + r * t, target + r * t, t);
        for (int j = 0; j < t; j++) {
            same_words &= predicted[r * t + j] == ref_predicted[j];
            for (int s = 0; s < t && kind; s++)
                worst_weight = fmax(worst_weight, fabs(weights[(r * t + j) * t + s] - ref_weights[j][s]));
        }
    }
    printf("     %s: loss %.7f, reference %.7f, largest weight difference %.1e\n",
           kind ? "attention" : "bottleneck", loss, total / (2 * t), worst_weight);
    EXPECT_NEAR(loss, total / (2 * t), 1e-5);
    EXPECT(worst_weight < 1e-6);
    EXPECT(same_words);
    attn_seq2seq_free(m);
}

static void test_forward_matches_a_double_reference(void) {
    forward_matches_reference(ATTN_SEQ2SEQ_BOTTLENECK);
    forward_matches_reference(ATTN_SEQ2SEQ_ATTENTION);
}

/* ---------------------------------------------------------------- gradients */

static float recorded_loss(struct attn_seq2seq *m, const int *source, const int *target, int t) {
    struct seq2seq_pass pass;
    EXPECT_EQ_INT(attn__seq2seq_record(&pass, m, source, target, 2, t), ATTN_OK);
    return tape_val(m->tape, pass.loss)[0];
}

/* The largest |numeric − analytic| / (1e-2 + |numeric|) over every parameter entry. */
static double model_gradient_check(int kind) {
    struct attn_seq2seq *m;
    EXPECT_EQ_INT(attn_seq2seq_create(&m, kind, 3, 4, 2, 3, 40, 3), ATTN_OK);
    const int t = 5;
    int source[2 * MAXT], target[2 * MAXT];
    two_sentences(source, target, NULL, t, 7);
    struct seq2seq_pass pass;
    EXPECT_EQ_INT(attn__seq2seq_record(&pass, m, source, target, 2, t), ATTN_OK);
    attn_tape_zero_grad(m->tape);
    EXPECT_EQ_INT(attn_tape_backward(m->tape, pass.loss, NULL), ATTN_OK);
    const int64_t count = m->tape->param_size;
    float *analytic = malloc(sizeof(float) * count);
    memcpy(analytic, m->tape->param_grads, sizeof(float) * count);
    double worst = 0;
    int checked = 0;
    for (int64_t i = 0; i < count; i++) {
        float *p = m->tape->params + i;
        const float saved = *p;
        if (saved == 0.0f && analytic[i] == 0.0f) continue; /* padding between tensors */
        const double h = 1e-2;
        *p = (float)(saved + h);
        const double up = recorded_loss(m, source, target, t);
        *p = (float)(saved - h);
        const double down = recorded_loss(m, source, target, t);
        *p = saved;
        const double numeric = (up - down) / ((double)(float)(saved + h) - (double)(float)(saved - h));
        worst = fmax(worst, fabs(numeric - analytic[i]) / (1e-2 + fabs(numeric)));
        checked++;
    }
    printf("     %s: %d parameters, worst relative error %.2e\n", kind ? "attention" : "bottleneck", checked, worst);
    EXPECT(checked > 500);
    free(analytic);
    attn_seq2seq_free(m);
    return worst;
}

static void test_every_parameter_gradient_matches_finite_differences(void) {
    EXPECT(model_gradient_check(ATTN_SEQ2SEQ_BOTTLENECK) < 2e-2);
    EXPECT(model_gradient_check(ATTN_SEQ2SEQ_ATTENTION) < 2e-2);
}

/* ---------------------------------------------------------------- what the kinds share */

/* With the attention's context weights at zero, the attention model computes the bottleneck's
 * loss to the bit: the same seed gave every shared parameter the same value. */
static void test_the_kinds_share_their_weights_and_data(void) {
    struct attn_seq2seq *a, *b;
    EXPECT_EQ_INT(attn_seq2seq_create(&a, ATTN_SEQ2SEQ_BOTTLENECK, 4, 6, 3, 3, 12, 9), ATTN_OK);
    EXPECT_EQ_INT(attn_seq2seq_create(&b, ATTN_SEQ2SEQ_ATTENTION, 4, 6, 3, 3, 12, 9), ATTN_OK);
    int info_a[ATTN_SEQ2SEQ_INFO_COUNT], info_b[ATTN_SEQ2SEQ_INFO_COUNT];
    attn_seq2seq_info(info_a, a);
    attn_seq2seq_info(info_b, b);
    EXPECT_EQ_INT(info_b[ATTN_SEQ2SEQ_INFO_PARAM_COUNT] - info_a[ATTN_SEQ2SEQ_INFO_PARAM_COUNT], 2 * 36);
    EXPECT(memcmp(a->tape->params, b->tape->params, sizeof(float) * a->tape->param_size) == 0);
    memset(tape_val(b->tape, b->context_w), 0, sizeof(float) * 36);
    float la, lb;
    EXPECT_EQ_INT(attn_seq2seq_train(&la, a, 1), ATTN_OK);
    EXPECT_EQ_INT(attn_seq2seq_train(&lb, b, 1), ATTN_OK);
    EXPECT(la == lb);
    EXPECT(memcmp(a->source, b->source, sizeof(int) * 3 * ATTN_TRANSLATION_MAX_LENGTH) == 0);
    EXPECT(a->next_sentence == 3 && b->next_sentence == 3);
    attn_seq2seq_free(a);
    attn_seq2seq_free(b);
}

/* Teacher forcing: the decoder's step j reads target words before j only, so changing the last
 * target word leaves every earlier row of the cross-attention unchanged, and changes the last. */
static void test_teacher_forcing_reads_only_earlier_target_words(void) {
    struct attn_seq2seq *m;
    EXPECT_EQ_INT(attn_seq2seq_create(&m, ATTN_SEQ2SEQ_ATTENTION, 3, 4, 2, 3, 40, 2), ATTN_OK);
    const int t = 6;
    int source[2 * MAXT], target[2 * MAXT];
    float loss, before[2 * MAXT * MAXT], after[2 * MAXT * MAXT];
    two_sentences(source, target, NULL, t, 3);
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, before, m, source, target, 2, t), ATTN_OK);
    target[t - 2] = (target[t - 2] + 1) % V; /* sentence 0's second-last target word */
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, after, m, source, target, 2, t), ATTN_OK);
    EXPECT(memcmp(before, after, sizeof(float) * (t - 1) * t) == 0);  /* rows 0 … t−2 */
    EXPECT(memcmp(before + (t - 1) * t, after + (t - 1) * t, sizeof(float) * t) != 0);
    EXPECT(memcmp(before + t * t, after + t * t, sizeof(float) * t * t) == 0); /* sentence 1 */
    attn_seq2seq_free(m);
}

/* ---------------------------------------------------------------- evaluation */

/* With the query weights at zero every score is 0 and the weights uniform: the alignment score
 * is exactly its chance level, the mean of 1/S, which the test computes from the bins' lengths. */
static void test_uniform_attention_scores_chance(void) {
    struct attn_seq2seq *m;
    EXPECT_EQ_INT(attn_seq2seq_create(&m, ATTN_SEQ2SEQ_ATTENTION, 4, 4, 4, 3, 10, 1), ATTN_OK);
    memset(tape_val(m->tape, m->query_w), 0, sizeof(float) * 16);
    double accuracy[2], alignment[2], chance[2];
    EXPECT_EQ_INT(attn_seq2seq_evaluate(accuracy, alignment, chance, m, 2, 6), ATTN_OK);
    /* bin 0: lengths 3 … 6, six sentences of lengths 3 4 5 6 3 4; bin 1: 7 … 10, 7 8 9 10 7 8 */
    const double chance0 = (2 / 3.0 + 2 / 4.0 + 1 / 5.0 + 1 / 6.0) / 6, chance1 = (2 / 7.0 + 2 / 8.0 + 1 / 9.0 + 1 / 10.0) / 6;
    EXPECT_NEAR(chance[0], chance0, 1e-12);
    EXPECT_NEAR(chance[1], chance1, 1e-12);
    EXPECT_NEAR(alignment[0], chance0, 1e-6);
    EXPECT_NEAR(alignment[1], chance1, 1e-6);
    for (int k = 0; k < 2; k++) EXPECT(accuracy[k] >= 0 && accuracy[k] <= 1);
    attn_seq2seq_free(m);
}

/* A model whose readout ignores its input and always names one word scores, per bin, that
 * word's share of the held-out target words, counted here from the task itself. */
static void test_accuracy_counts_right_words(void) {
    struct attn_seq2seq *m;
    EXPECT_EQ_INT(attn_seq2seq_create(&m, ATTN_SEQ2SEQ_BOTTLENECK, 3, 4, 5, 3, 8, 4), ATTN_OK);
    memset(tape_val(m->tape, m->vocab_w), 0, sizeof(float) * 4 * V);
    float *bias = tape_val(m->tape, m->vocab_b);
    const int word = 7 * 0 + 5; /* "the" in the target language */
    for (int v = 0; v < V; v++) bias[v] = v == word ? 1.0f : 0.0f;
    double accuracy[3];
    EXPECT_EQ_INT(attn_seq2seq_evaluate(accuracy, NULL, NULL, m, 3, 7), ATTN_OK);
    for (int k = 0; k < 3; k++) {
        const int lo = 3 + 2 * k, width = 2;
        double hits = 0, words = 0;
        for (int i = 0; i < 7; i++) {
            int src[40], tgt[40], align[40], n;
            attn_translation_sentence(src, tgt, align, &n, 4, ATTN_TRANSLATION_HELD_OUT, k * 7 + i, lo + i % width,
                                      lo + i % width);
            for (int j = 0; j < n; j++) hits += tgt[j] == word;
            words += n;
        }
        EXPECT_NEAR(accuracy[k], hits / words, 1e-12);
        EXPECT(hits > 0);
    }
    attn_seq2seq_free(m);
}

/* ---------------------------------------------------------------- training */

/* The share of the held-out target words (lengths 3 … 5) that the most frequent one takes: what
 * a model that always names that word scores. */
static double most_frequent_share(void) {
    double counts[V] = {0}, words = 0, most = 0;
    for (int i = 0; i < 60; i++) {
        int src[40], tgt[40], align[40], n;
        attn_translation_sentence(src, tgt, align, &n, 1, ATTN_TRANSLATION_HELD_OUT, i, 3 + i % 3, 3 + i % 3);
        for (int j = 0; j < n; j++) counts[tgt[j]]++;
        words += n;
    }
    for (int v = 0; v < V; v++) most = fmax(most, counts[v] / words);
    return most;
}

/* Short sentences, a small model: 300 steps reduce the loss of both kinds and translate
 * held-out words far above the most frequent word's share; the attention model nearly all. */
static void test_training_learns_short_sentences(void) {
    const double baseline = most_frequent_share();
    for (int kind = 0; kind < 2; kind++) {
        struct attn_seq2seq *m;
        EXPECT_EQ_INT(attn_seq2seq_create(&m, kind, 16, 32, 16, 3, 5, 1), ATTN_OK);
        EXPECT_EQ_INT(attn_seq2seq_set_training(m, 1e-2f, 10, 300), ATTN_OK);
        float losses[300];
        double before, after;
        EXPECT_EQ_INT(attn_seq2seq_evaluate(&before, NULL, NULL, m, 1, 60), ATTN_OK);
        EXPECT_EQ_INT(attn_seq2seq_train(losses, m, 300), ATTN_OK);
        EXPECT_EQ_INT(attn_seq2seq_evaluate(&after, NULL, NULL, m, 1, 60), ATTN_OK);
        double first = 0, last = 0;
        for (int i = 0; i < 20; i++) first += losses[i] / 20, last += losses[280 + i] / 20;
        printf("     %s: loss %.3f → %.3f, held-out accuracy %.3f → %.3f (most frequent word %.3f)\n",
               kind ? "attention" : "bottleneck", first, last, before, after, baseline);
        EXPECT(last < 0.75 * first);
        EXPECT(after > 2 * baseline);
        if (kind == ATTN_SEQ2SEQ_ATTENTION) EXPECT(after > 0.95);
        int info[ATTN_SEQ2SEQ_INFO_COUNT];
        attn_seq2seq_info(info, m);
        EXPECT_EQ_INT(info[ATTN_SEQ2SEQ_INFO_STEPS], 300);
        attn_seq2seq_free(m);
    }
}

/* ---------------------------------------------------------------- refusals */

static void test_bad_arguments_are_refused(void) {
    struct attn_seq2seq *m = (struct attn_seq2seq *)1;
    EXPECT_EQ_INT(attn_seq2seq_create(NULL, 0, 4, 4, 2, 3, 10, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_seq2seq_create(&m, 2, 4, 4, 2, 3, 10, 1), ATTN_ERR_ARGUMENT);
    EXPECT(m == NULL);
    EXPECT_EQ_INT(attn_seq2seq_create(&m, -1, 4, 4, 2, 3, 10, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_create(&m, 0, 0, 4, 2, 3, 10, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_seq2seq_create(&m, 0, 4, -1, 2, 3, 10, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_seq2seq_create(&m, 0, 4, 4, 0, 3, 10, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_seq2seq_create(&m, 0, ATTN_SEQ2SEQ_MAX_WIDTH + 1, 4, 2, 3, 10, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_create(&m, 0, 4, ATTN_SEQ2SEQ_MAX_WIDTH + 1, 2, 3, 10, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_create(&m, 0, 4, 4, ATTN_SEQ2SEQ_MAX_BATCH + 1, 3, 10, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_create(&m, 0, 4, 4, 2, 2, 10, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_seq2seq_create(&m, 0, 4, 4, 2, 11, 10, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_create(&m, 0, 4, 4, 2, 3, 41, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_free(NULL), ATTN_OK);

    EXPECT_EQ_INT(attn_seq2seq_create(&m, ATTN_SEQ2SEQ_BOTTLENECK, 4, 4, 2, 3, 10, 1), ATTN_OK);
    int source[2 * MAXT], target[2 * MAXT];
    float loss, weights[2 * MAXT * MAXT];
    two_sentences(source, target, NULL, 4, 0);
    EXPECT_EQ_INT(attn_seq2seq_forward(NULL, NULL, NULL, m, source, target, 2, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, NULL, m, NULL, target, 2, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, NULL, m, source, NULL, 2, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, weights, m, source, target, 2, 4), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, NULL, m, source, target, 0, 4), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, NULL, m, source, target, 3, 4), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, NULL, m, source, target, 2, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, NULL, m, source, target, 2, 41), ATTN_ERR_ARGUMENT);
    source[3] = V;
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, NULL, m, source, target, 2, 4), ATTN_ERR_ARGUMENT);
    source[3] = 0, target[5] = -1;
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, NULL, m, source, target, 2, 4), ATTN_ERR_ARGUMENT);
    target[5] = ATTN_SEQ2SEQ_START; /* the start token is the decoder's input, never a target */
    EXPECT_EQ_INT(attn_seq2seq_forward(&loss, NULL, NULL, m, source, target, 2, 4), ATTN_ERR_ARGUMENT);

    float losses[2];
    double accuracy[8], alignment[8];
    int info[ATTN_SEQ2SEQ_INFO_COUNT];
    EXPECT_EQ_INT(attn_seq2seq_train(NULL, m, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_seq2seq_train(losses, NULL, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_seq2seq_train(losses, m, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_seq2seq_evaluate(NULL, NULL, NULL, m, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_seq2seq_evaluate(accuracy, alignment, NULL, m, 2, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_evaluate(accuracy, NULL, NULL, m, 0, 2), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_seq2seq_evaluate(accuracy, NULL, NULL, m, 2, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_seq2seq_evaluate(accuracy, NULL, NULL, m, 9, 2), ATTN_ERR_ARGUMENT); /* 8 lengths */
    EXPECT_EQ_INT(attn_seq2seq_evaluate(accuracy, NULL, NULL, m, 8, 1), ATTN_OK);
    EXPECT_EQ_INT(attn_seq2seq_set_training(NULL, 1e-3f, 0, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_seq2seq_set_training(m, 0, 0, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_set_training(m, 1, 0, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_set_training(m, NAN, 0, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_set_training(m, 1e-3f, -1, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_set_training(m, 1e-3f, 0, 0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_seq2seq_info(NULL, m), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_seq2seq_info(info, NULL), ATTN_ERR_NULL);
    attn_seq2seq_free(m);
}

static const struct test tests[] = {
    TEST(test_forward_matches_a_double_reference),
    TEST(test_every_parameter_gradient_matches_finite_differences),
    TEST(test_the_kinds_share_their_weights_and_data),
    TEST(test_teacher_forcing_reads_only_earlier_target_words),
    TEST(test_uniform_attention_scores_chance),
    TEST(test_accuracy_counts_right_words),
    TEST(test_training_learns_short_sentences),
    TEST(test_bad_arguments_are_refused),
};
RUN_TESTS(tests)
