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
    int tok_emb, pos_emb;     /* (V, C), (context, C) */
    int lnf_g, lnf_b;         /* (C) */
    int head_w, head_b;       /* (C, V), (V) */
    struct layer_params *layer; /* (L) */
    struct attn_rng rng;     /* batch sampling */
    int *scratch;             /* (3·B·context): positions, batch tokens, batch targets */
};

#endif /* ATTN__MODEL_INTERNAL_H */
