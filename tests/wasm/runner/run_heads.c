/*
 * run_heads.c — attn-runner commands for the §6.6 multi-head attention and cost.
 * Each command reads its sizes from the request line and its tensors from stdin, and writes an
 * int32 status followed by its outputs (see runner.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "runner.h"

int run_multihead(void) {
    int n, d, heads, kind;
    if (scanf("%d %d %d %d", &n, &d, &heads, &kind) != 4) return 2;
    getchar();
    size_t nd = (size_t)n * d, dd = (size_t)d * d, hnn = (size_t)heads * n * n;
    float *x = read_floats(nd), *wq = read_floats(dd), *wk = read_floats(dd), *wv = read_floats(dd), *wo = read_floats(dd);
    float *mask = kind == ATTN_MASK_CUSTOM ? read_floats((size_t)n * n) : NULL;
    float *out = calloc(nd, sizeof(float)), *weights = calloc(hnn ? hnn : 1, sizeof(float));
    float *head_out = calloc(nd, sizeof(float)), *concat = calloc(nd, sizeof(float)), *work = calloc(4 * nd, sizeof(float));
    int empty = 0;
    int rc = attn_multihead(out, weights, head_out, concat, &empty, work, x, wq, wk, wv, wo, kind, mask, n, d, heads);
    write_int(rc);
    write_int(empty);
    write_floats(out, nd);
    write_floats(weights, hnn);
    write_floats(head_out, nd);
    write_floats(concat, nd);
    free(x), free(wq), free(wk), free(wv), free(wo), free(mask);
    free(out), free(weights), free(head_out), free(concat), free(work);
    return 0;
}

int run_cost(void) {
    int n, d, heads;
    if (scanf("%d %d %d", &n, &d, &heads) != 3) return 2;
    struct attn_cost cost = {0};
    write_int(attn_cost(&cost, n, d, heads));
    fwrite(&cost, sizeof cost, 1, stdout);
    return 0;
}
