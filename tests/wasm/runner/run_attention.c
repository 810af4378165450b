/*
 * run_attention.c — attn-runner commands for matmul and step-by-step attention.
 * Each command reads its sizes from the request line and its tensors from stdin, and writes an
 * int32 status followed by its outputs (see runner.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "runner.h"

int run_attention(void) {
    int n, m, dk, dv, kind, scale;
    if (scanf("%d %d %d %d %d %d", &n, &m, &dk, &dv, &kind, &scale) != 6) return 2;
    getchar(); /* the newline before the binary payload */
    size_t nm = (size_t)n * m;
    float *q = read_floats((size_t)n * dk), *k = read_floats((size_t)m * dk);
    float *v = read_floats((size_t)m * dv);
    float *mask = kind == ATTN_MASK_CUSTOM ? read_floats(nm) : NULL;
    /* The steps in the order written back: scores, scaled, masked, weights, mask. */
    float *steps_buf = calloc(5 * nm, sizeof(float)), *out = calloc((size_t)n * dv, sizeof(float));
    struct attn_steps steps = {.scores = steps_buf, .scaled = steps_buf + nm, .masked = steps_buf + 2 * nm,
                               .weights = steps_buf + 3 * nm, .mask = steps_buf + 4 * nm};
    int empty = 0;
    int rc = attn_attention(out, &steps, &empty, q, k, v, kind, mask, scale, n, m, dk, dv);
    write_int(rc);
    write_int(empty);
    write_floats(steps_buf, 5 * nm);
    write_floats(out, (size_t)n * dv);
    free(q), free(k), free(v), free(mask), free(steps_buf), free(out);
    return 0;
}

int run_matmul(void) {
    int m, k, n, transpose_b;
    if (scanf("%d %d %d %d", &m, &k, &n, &transpose_b) != 4) return 2;
    getchar();
    float *a = read_floats((size_t)m * k), *b = read_floats((size_t)k * n);
    float *c = calloc((size_t)m * n, sizeof(float));
    write_int(attn_matmul(c, a, b, transpose_b, m, k, n));
    write_floats(c, (size_t)m * n);
    free(a), free(b), free(c);
    return 0;
}
