/*
 * attn-runner.c — a native build of the core that the WASM tests compare against.
 *
 * Reads one request on stdin: a text line naming the command and its sizes, then the inputs
 * as raw little-endian float32. Writes the outputs to stdout the same way: an int32 status,
 * then the command's results. One command per process; tests/wasm/native.mjs drives it.
 *
 *   attention N M DK DV MASK_KIND SCALE \n  q(N*DK) k(M*DK) v(M*DV) [mask(N*M)]
 *     → status, empty_rows (int32), scores, scaled, masked, weights (N*M each), out (N*DV)
 *   matmul M K N TRANSPOSE_B \n  a(M*K) b(K*N)
 *     → status, c (M*N)
 *   multihead N D H MASK_KIND \n  x(N*D) wq wk wv wo (D*D each) [mask(N*N)]
 *     → status, empty_rows (int32), out (N*D), weights (H*N*N), head_out (N*D), concat (N*D)
 *   cost N D H \n
 *     → status, the eleven doubles of struct attn_cost in order (float64)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"

static float *read_floats(size_t count) {
    float *x = malloc(count * sizeof(float) + 1);
    if (!x || fread(x, sizeof(float), count, stdin) != count) {
        fprintf(stderr, "attn-runner: expected %zu floats on stdin\n", count);
        exit(2);
    }
    return x;
}

static void write_int(int32_t value) { fwrite(&value, sizeof value, 1, stdout); }
static void write_floats(const float *x, size_t count) { fwrite(x, sizeof(float), count, stdout); }

static int run_attention(void) {
    int n, m, dk, dv, kind, scale;
    if (scanf("%d %d %d %d %d %d", &n, &m, &dk, &dv, &kind, &scale) != 6) return 2;
    getchar(); /* the newline before the binary payload */
    size_t nm = (size_t)n * m;
    float *q = read_floats((size_t)n * dk), *k = read_floats((size_t)m * dk);
    float *v = read_floats((size_t)m * dv);
    float *mask = kind == ATTN_MASK_CUSTOM ? read_floats(nm) : NULL;
    float *steps_buf = calloc(4 * nm, sizeof(float)), *out = calloc((size_t)n * dv, sizeof(float));
    struct attn_steps steps = {steps_buf, steps_buf + nm, steps_buf + 2 * nm, steps_buf + 3 * nm};
    int empty = 0;
    int rc = attn_attention(out, &steps, &empty, q, k, v, kind, mask, scale, n, m, dk, dv);
    write_int(rc);
    write_int(empty);
    write_floats(steps_buf, 4 * nm);
    write_floats(out, (size_t)n * dv);
    free(q), free(k), free(v), free(mask), free(steps_buf), free(out);
    return 0;
}

static int run_matmul(void) {
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

static int run_multihead(void) {
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

static int run_cost(void) {
    int n, d, heads;
    if (scanf("%d %d %d", &n, &d, &heads) != 3) return 2;
    struct attn_cost cost = {0};
    write_int(attn_cost(&cost, n, d, heads));
    fwrite(&cost, sizeof cost, 1, stdout);
    return 0;
}

int main(void) {
    char command[32];
    if (scanf("%31s", command) != 1) return 2;
    if (strcmp(command, "attention") == 0) return run_attention();
    if (strcmp(command, "matmul") == 0) return run_matmul();
    if (strcmp(command, "multihead") == 0) return run_multihead();
    if (strcmp(command, "cost") == 0) return run_cost();
    fprintf(stderr, "attn-runner: unknown command %s\n", command);
    return 2;
}
