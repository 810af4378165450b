/*
 * model_internal.h — the layout of the character transformer (struct attn_model), private to the
 * core: model.c builds and trains it; other concept files beside it (sampling, head statistics,
 * ablation, …) read its parameters through these fields. Not part of the public API (attn.h
 * declares struct attn_model as an opaque type).
 *
 * Every field holding an `int` tensor id names a node of the model's tape (autograd_internal.h:
 * tape_val(m->tape, id) is its float32 data, row-major, in the shape given beside it).
 * Dimension letters as in model.c: C d_model, V vocabulary, L layers.
 */
#ifndef ATTN__MODEL_INTERNAL_H
#define ATTN__MODEL_INTERNAL_H

#include "attn.h"

struct layer_params {
    int ln1_g, ln1_b;         /* (C) */
    int wq, wk, wv, wo;       /* (C, C) */
    int bq, bk, bv, bo;       /* (C) */
    int ln2_g, ln2_b;         /* (C) */
    int fc, bfc;              /* (C, 4C), (4C) */
    int proj, bproj;          /* (4C, C), (C) */
};

struct attn_model {
    int vocab, layers, heads, d_model, context, batch;
    float lr, min_lr, weight_decay, clip;
    int warmup, total;
    int steps; /* optimiser steps done */
    struct attn_tape *tape;
    struct attn_tape *second_half; /* training: the second half of each batch (model_train.c), or NULL */
    int tok_emb, pos_emb;     /* (V, C), (context, C) */
    int lnf_g, lnf_b;         /* (C) */
    int head_w, head_b;       /* (C, V), (V) */
    struct layer_params *layer; /* (L) */
    struct attn_rng rng;     /* batch sampling */
    int *scratch;             /* (3·B·context): positions, batch tokens, batch targets */
};

/*
 * A hook in the forward pass (TransformerLens's idea, in C). `after_attention` is called in
 * every block after the heads' attention, with `y` the tape id of their joined output (B, T, C),
 * before W^O; `after_block` (NULL: not called) at the end of every block, with `x` the tape id of
 * the residual stream leaving it (B, T, C). Either may read its tensor, or overwrite it in place
 * to knock a head out or patch in another run's values (a forward pass only: no backward
 * follows). The weights are never touched. A nonzero status stops the pass.
 */
struct attn__hook {
    int (*after_attention)(void *context, struct attn_model *m, int layer, int y, int b, int t);
    void *context;
    int (*after_block)(void *context, struct attn_model *m, int layer, int x, int b, int t);
};

/* attn_model_forward with a hook (NULL: none). */
int attn__model_forward_hooked(int *loss, int *logits, int *weights_ids /* (L) */, struct attn_model *m,
                               const int *tokens /* (B*T) */, const int *targets /* (B*T) */, int b, int t,
                               const struct attn__hook *hook);

/* The validation windows attn_model_evaluate reads: `*windows` non-overlapping windows of
 * `context` + 1 ids (at most max_windows), in batches of at most `batch`. */
int attn__model_eval_windows(int *windows, const struct attn_model *m, int n, int max_windows);
/* Fills the model's batch tokens and targets with windows w0 … w0 + *b − 1 of data (*b ≤ batch);
 * *tokens and *targets point at them. ATTN_ERR_ARGUMENT for an id outside the vocabulary. */
int attn__model_eval_batch(int *b, const int **tokens, const int **targets, struct attn_model *m,
                           const int *data /* (n) */, int w0, int windows);

#endif /* ATTN__MODEL_INTERNAL_H */
