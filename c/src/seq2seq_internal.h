/*
 * seq2seq_internal.h — the layout of the two translation encoder–decoders (struct attn_seq2seq),
 * private to the core: seq2seq.c builds them and runs their forward pass, seq2seq_train.c draws
 * their batches, trains and evaluates them. Not part of the public API.
 *
 * Every `int` field naming a tensor is a node id on the model's tape, in the shape beside it.
 * Dimension letters as in attn.h: B batch, S source length, T target length, E embedding width,
 * H state width, V vocabulary (ATTN_TRANSLATION_VOCAB), L = ATTN_TRANSLATION_MAX_LENGTH.
 */
#ifndef ATTN__SEQ2SEQ_INTERNAL_H
#define ATTN__SEQ2SEQ_INTERNAL_H

#include "attn.h"

/* A GRU's weights: the input's share of the gates (one product over all steps) and the
 * recurrent share (inside the op). */
struct gru_params {
    int wx, bx; /* (E, 3H), (3H) */
    int wh, bh; /* (H, 3H), (3H) */
};

struct attn_seq2seq {
    int kind, embed, hidden, batch, min_length, max_length;
    unsigned seed;
    float lr;
    int warmup, total; /* the rate's schedule (attn_seq2seq_set_training) */
    int steps;         /* optimiser steps done */
    int next_sentence; /* index of the next training sentence */
    struct attn_tape *tape;
    struct attn_rng rng; /* the training batches' lengths */

    int source_emb;          /* (V, E) */
    struct gru_params enc;   /* the encoder */
    int target_emb;          /* (V + 1, E): the target words and the start token */
    struct gru_params dec;   /* the decoder */
    int out_w, out_b;        /* (H, H), (H): hidden = gelu(state · out_w + out_b [+ context · context_w]) */
    int vocab_w, vocab_b;    /* (H, V), (V): logits = hidden · vocab_w + vocab_b */
    int query_w;             /* (H, H) attention only: query = state · query_w */
    int context_w;           /* (H, H) attention only */

    /* scratch of one batch, as the task writes it */
    int *source, *target, *alignment, *decoder_in; /* (B, L) each */
    int *predicted;                                /* (B, L) */
    float *zeros;                                  /* (B, H): the encoder's first state */
    float *weights;                                /* (B, L, L) */
};

/* The ids of one forward pass: the loss (1), the logits (B, T, V) and, for an attention model,
 * the cross-attention weights (B, T, S) (−1 for a bottleneck model). */
struct seq2seq_pass {
    int loss, logits, weights;
};

/* Records the forward pass of B sentences of length T on the model's tape (after a reset). */
int attn__seq2seq_record(struct seq2seq_pass *pass, struct attn_seq2seq *m, const int *source /* (B*T) */,
                         const int *target /* (B*T) */, int b, int t);

#endif /* ATTN__SEQ2SEQ_INTERNAL_H */
