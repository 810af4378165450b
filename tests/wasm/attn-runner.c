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
 *   gemm M K N TRANSPOSE_B \n  a(M*K) b(K*N)          (the fast kernel)
 *     → status, c (M*N)
 *   flash HEADS N M DK DV MASK_KIND WINDOW \n  q(N*HEADS*DK) k(M*HEADS*DK) v(M*HEADS*DV)
 *     → status, empty_rows (int32), out (N*HEADS*DV), lse (HEADS*N)
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

static int run_gemm(void) {
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

static int run_flash(void) {
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

int main(void) {
    char command[32];
    if (scanf("%31s", command) != 1) return 2;
    if (strcmp(command, "attention") == 0) return run_attention();
    if (strcmp(command, "matmul") == 0) return run_matmul();
    if (strcmp(command, "gemm") == 0) return run_gemm();
    if (strcmp(command, "flash") == 0) return run_flash();
    fprintf(stderr, "attn-runner: unknown command %s\n", command);
    return 2;
}
