/*
 * run_fast.c — attn-runner commands for the fast kernels: the packed SIMD matrix product and
 * the tiled online-softmax attention (several heads, N ≠ M, masks), built natively.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "runner.h"

int run_gemm(void) {
    int m, k, n, transpose_b, floats = 1;
    if (scanf("%d %d %d %d", &m, &k, &n, &transpose_b) != 4) return 2;
    getchar();
    float *a = read_floats((size_t)m * k), *b = read_floats((size_t)k * n);
    float *c = calloc((size_t)m * n, sizeof(float));
    int rc = attn_gemm_workspace(&floats, m, k, n);
    float *work = malloc(sizeof(float) * (size_t)floats);
    if (rc == ATTN_OK) rc = attn_gemm(c, work, a, b, transpose_b, m, k, n);
    write_int(rc);
    write_floats(c, (size_t)m * n);
    free(a), free(b), free(c), free(work);
    return 0;
}

int run_flash(void) {
    int heads, n, m, dk, dv, kind, window, floats = 1;
    if (scanf("%d %d %d %d %d %d %d", &heads, &n, &m, &dk, &dv, &kind, &window) != 7) return 2;
    getchar();
    float *q = read_floats((size_t)n * heads * dk), *k = read_floats((size_t)m * heads * dk);
    float *v = read_floats((size_t)m * heads * dv);
    float *out = calloc((size_t)n * heads * dv, sizeof(float)), *lse = calloc((size_t)n * heads, sizeof(float));
    int rc = attn_flash_workspace(&floats, m, dk, dv), empty = 0;
    float *work = malloc(sizeof(float) * (size_t)floats);
    if (rc == ATTN_OK) rc = attn_flash_attention(out, lse, &empty, work, q, k, v, kind, window, heads, n, m, dk, dv);
    write_int(rc);
    write_int(empty);
    write_floats(out, (size_t)n * heads * dv);
    write_floats(lse, (size_t)n * heads);
    free(q), free(k), free(v), free(out), free(lse), free(work);
    return 0;
}
