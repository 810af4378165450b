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
 *   mask none|causal N M \n              → status, mask (N*M)
 *   mask window N M W \n                 → status, mask (N*M)
 *   mask padding N M B L1 .. LB \n       → status, mask (B*N*M)
 *   mask_add COUNT \n  a(COUNT) b(COUNT) → status, sum (COUNT)
 *   mask_allowed N M \n  mask(N*M)       → status, empty_rows, allowed (N int32), ln k (N float64)
 *   zero_blocked N M \n  w(N*M) mask(N*M) → status, out (N*M)
 *   row_stats N M \n  w(N*M)             → status, sums (N float64), entropy (N float64)
 *   positions N D \n
 *     → status, pe (N*D)
 *   rope OFFSET N D \n  x(N*D)
 *     → status, y (N*D)
 *   positioned POSITION_KIND MASK_KIND OFFSET N D \n  x(N*D) wq(D*D) wk(D*D) wv(D*D)
 *     → status, out, q, k, v (N*D each)
 *   embedding D WORD \n
 *     → status, e (D)
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
static void write_doubles(const double *x, size_t count) { fwrite(x, sizeof(double), count, stdout); }

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

static int run_mask(void) {
    char kind[16];
    int n, m;
    if (scanf("%15s %d %d", kind, &n, &m) != 3) return 2;
    int rc, batch = 1, window = 0, lengths[64];
    if (strcmp(kind, "window") == 0 && scanf("%d", &window) != 1) return 2;
    if (strcmp(kind, "padding") == 0) {
        if (scanf("%d", &batch) != 1 || batch < 1 || batch > 64) return 2;
        for (int b = 0; b < batch; b++)
            if (scanf("%d", &lengths[b]) != 1) return 2;
    }
    size_t count = (size_t)batch * n * m;
    float *mask = calloc(count + 1, sizeof(float));
    if (strcmp(kind, "none") == 0) rc = attn_mask_none(mask, n, m);
    else if (strcmp(kind, "causal") == 0) rc = attn_mask_causal(mask, n, m);
    else if (strcmp(kind, "window") == 0) rc = attn_mask_window(mask, window, n, m);
    else if (strcmp(kind, "padding") == 0) rc = attn_mask_padding(mask, lengths, batch, n, m);
    else return 2;
    write_int(rc);
    write_floats(mask, count);
    free(mask);
    return 0;
}

static int run_mask_add(void) {
    int count;
    if (scanf("%d", &count) != 1) return 2;
    getchar();
    float *a = read_floats(count), *b = read_floats(count), *sum = calloc(count + 1, sizeof(float));
    write_int(attn_mask_add(sum, a, b, count));
    write_floats(sum, count);
    free(a), free(b), free(sum);
    return 0;
}

static int run_mask_allowed(void) {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 2;
    getchar();
    float *mask = read_floats((size_t)n * m);
    int *allowed = calloc(n, sizeof(int)), empty = 0;
    double *lnk = calloc(n, sizeof(double));
    write_int(attn_mask_allowed(allowed, lnk, &empty, mask, n, m));
    write_int(empty);
    for (int i = 0; i < n; i++) write_int(allowed[i]);
    write_doubles(lnk, n);
    free(mask), free(allowed), free(lnk);
    return 0;
}

static int run_zero_blocked(void) {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 2;
    getchar();
    float *w = read_floats((size_t)n * m), *mask = read_floats((size_t)n * m);
    float *out = calloc((size_t)n * m, sizeof(float));
    write_int(attn_zero_blocked(out, w, mask, n, m));
    write_floats(out, (size_t)n * m);
    free(w), free(mask), free(out);
    return 0;
}

static int run_row_stats(void) {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 2;
    getchar();
    float *w = read_floats((size_t)n * m);
    double *sums = calloc(n, sizeof(double)), *h = calloc(n, sizeof(double));
    write_int(attn_row_stats(sums, h, w, n, m));
    write_doubles(sums, n);
    write_doubles(h, n);
    free(w), free(sums), free(h);
    return 0;
}

static int run_positions(void) {
    int n, d;
    if (scanf("%d %d", &n, &d) != 2) return 2;
    float *pe = calloc((size_t)n * d + 1, sizeof(float));
    write_int(attn_positions_sinusoidal(pe, n, d));
    write_floats(pe, (size_t)n * d);
    free(pe);
    return 0;
}

static int run_rope(void) {
    int offset, n, d;
    if (scanf("%d %d %d", &offset, &n, &d) != 3) return 2;
    getchar();
    float *x = read_floats((size_t)n * d), *y = calloc((size_t)n * d + 1, sizeof(float));
    write_int(attn_rope(y, x, offset, n, d));
    write_floats(y, (size_t)n * d);
    free(x), free(y);
    return 0;
}

static int run_positioned(void) {
    int kind, mask, offset, n, d;
    if (scanf("%d %d %d %d %d", &kind, &mask, &offset, &n, &d) != 5) return 2;
    getchar();
    size_t nd = (size_t)n * d, dd = (size_t)d * d;
    float *x = read_floats(nd), *wq = read_floats(dd), *wk = read_floats(dd), *wv = read_floats(dd);
    float *buf = calloc(4 * nd, sizeof(float));
    write_int(attn_self_attention_positioned(buf, buf + nd, buf + 2 * nd, buf + 3 * nd, x, wq, wk, wv, kind, mask, offset, n, d));
    write_floats(buf, 4 * nd);
    free(x), free(wq), free(wk), free(wv), free(buf);
    return 0;
}

static int run_embedding(void) {
    int d;
    char word[256];
    if (scanf("%d %255s", &d, word) != 2) return 2;
    float *e = calloc((size_t)d + 1, sizeof(float));
    write_int(attn_word_embedding(e, (const unsigned char *)word, (int)strlen(word), d));
    write_floats(e, (size_t)d);
    free(e);
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
    if (strcmp(command, "mask") == 0) return run_mask();
    if (strcmp(command, "mask_add") == 0) return run_mask_add();
    if (strcmp(command, "mask_allowed") == 0) return run_mask_allowed();
    if (strcmp(command, "zero_blocked") == 0) return run_zero_blocked();
    if (strcmp(command, "row_stats") == 0) return run_row_stats();
    if (strcmp(command, "positions") == 0) return run_positions();
    if (strcmp(command, "rope") == 0) return run_rope();
    if (strcmp(command, "positioned") == 0) return run_positioned();
    if (strcmp(command, "embedding") == 0) return run_embedding();
    if (strcmp(command, "multihead") == 0) return run_multihead();
    if (strcmp(command, "cost") == 0) return run_cost();
    fprintf(stderr, "attn-runner: unknown command %s\n", command);
    return 2;
}
