/*
 * cost.c — the arithmetic cost of one multi-head attention layer (§6.6), counted in
 * multiply-adds, and the size of its score table; what the chapter's text on attention's origin
 * sets beside it (a recurrent layer's cost, a sliding window's, the tiled kernel's memory); and
 * the work of decoding one token with and without a KV cache. Pure counting: no tensors are
 * touched.
 */
#include "attn.h"
#include "check.h"
#include "flash.h"
#include "parallel.h"

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

/* ---------------------------------------------------------------- beside attention: recurrence, windows, memory */

/* Multiply-adds per token of a recurrent cell, in units of D²: each gate multiplies the input
 * and the previous state by a (D, D) matrix. */
static double cell_matrices(int cell) {
    switch (cell) {
    case ATTN_CELL_ELMAN: return 2.0; /* h = tanh(W·x + U·h)                         */
    case ATTN_CELL_GRU: return 6.0;   /* update, reset and candidate gates: 3 × (W, U) */
    case ATTN_CELL_LSTM: return 8.0;  /* input, forget, output gates and cell: 4 × (W, U) */
    default: return 0.0;
    }
}

int attn_cost_variants(struct attn_cost_variants *v, int n, int d_model, int heads, int window, int cell) {
    ATTN__REFUSE_IF(!v, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(window <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(cell_matrices(cell) == 0.0, ATTN_ERR_ARGUMENT);
    struct attn_cost full;
    ATTN__TRY(attn_cost(&full, n, d_model, heads));
    const double N = n, D = d_model, c = cell_matrices(cell);
    v->recurrence = c * N * D * D;
    v->recurrence_per_token = c * D * D;
    /* c·N·D² = 4·N·D² + 2·N²·D  ⇔  N = (c − 4)·D / 2: past it attention's total is the larger. A
     * cell of c ≤ 4 matrices costs less than attention's projections alone, at every N. */
    v->recurrence_crossover = c > 4.0 ? (c - 4.0) * D / 2.0 : 0.0;
    v->window_keys = window < n ? window : n;
    v->window_quadratic = 2.0 * N * v->window_keys * D; /* scores and weighted sum, W keys per query */
    v->window_total = full.linear + v->window_quadratic;
    v->naive_bytes = full.score_bytes;                 /* the N × N table of one head */
    /* Counted, not allocated: no limit of the address space applies (the count is exact in a
     * double), so the chart's N = 65,536 has a figure at any width. */
    ATTN__REFUSE_IF(n > INT32_MAX - 8 || d_model / heads > INT32_MAX - 8, ATTN_ERR_OVERFLOW);
    v->tiled_bytes = 4.0 * (double)attn__flash_workspace_floats(n, d_model / heads, d_model / heads);
    v->tiled_threads = ATTN__MAX_THREADS;
    return ATTN_OK;
}

int attn_decode_cost(struct attn_decode_cost *cost, int vocab, int layers, int d_model, int t) {
    ATTN__REFUSE_IF(!cost, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(vocab <= 0 || layers <= 0 || d_model <= 0 || t <= 0, ATTN_ERR_SIZE);
    const double V = vocab, L = layers, C = d_model, T = t;
    /* Per token, every layer: Q, K, V and Wo (4·C²) and the MLP (8·C²); then the head (C·V). */
    const double per_token = L * 12.0 * C * C + C * V;
    cost->cached_attention = 2.0 * L * T * C;        /* one query row: T scores and T values */
    cost->cached_total = cost->cached_attention + per_token;
    cost->recompute_attention = 2.0 * L * T * T * C; /* every row of the T × T table again */
    cost->recompute_total = cost->recompute_attention + T * per_token;
    cost->cache_entries = 2.0 * L * T * C;           /* a key and a value of C per token per layer */
    cost->cache_bytes = 4.0 * cost->cache_entries;
    return ATTN_OK;
}
