/*
 * cost.c — the arithmetic cost of one multi-head attention layer (§6.6), counted in
 * multiply-adds, and the size of its score table. Pure counting: no tensors are touched.
 */
#include "attn.h"
#include "check.h"

int attn_cost(struct attn_cost *cost, int n, int d_model, int heads) {
    ATTN__REFUSE_IF(!cost, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || d_model <= 0 || heads <= 0, ATTN_ERR_SIZE);
    /* d_k = d_v = D / H must be a whole number, as in attn_multihead. */
    ATTN__REFUSE_IF(d_model % heads != 0, ATTN_ERR_SHAPE);

    const double N = n, D = d_model, H = heads, DH = D / H;
    cost->projections = 3.0 * N * D * D;  /* three (N, D)·(D, D) products */
    cost->scores = H * (N * DH * N);      /* per head (N, DH)·(DH, N); H·DH = D */
    cost->weighted = H * (N * N * DH);    /* per head (N, N)·(N, DH) */
    cost->output = N * D * D;             /* (N, D)·(D, D) */
    cost->linear = cost->projections + cost->output;
    cost->quadratic = cost->scores + cost->weighted;
    cost->total = cost->linear + cost->quadratic;
    cost->crossover = 2.0 * D;            /* 2·N²·D = 4·N·D²  ⇔  N = 2·D */
    cost->score_entries = N * N;
    cost->score_bytes = N * N * (double)sizeof(float);
    cost->layer_entries = H * N * N;
    return ATTN_OK;
}
