/*
 * run_mask.c — attn-runner commands for the §6.4 masks and row diagnostics.
 * Each command reads its sizes from the request line and its tensors from stdin, and writes an
 * int32 status followed by its outputs (see runner.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "runner.h"

int run_mask(void) {
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

int run_mask_add(void) {
    int count;
    if (scanf("%d", &count) != 1) return 2;
    getchar();
    float *a = read_floats(count), *b = read_floats(count), *sum = calloc(count + 1, sizeof(float));
    write_int(attn_mask_add(sum, a, b, count));
    write_floats(sum, count);
    free(a), free(b), free(sum);
    return 0;
}

int run_mask_allowed(void) {
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

int run_zero_blocked(void) {
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

int run_row_stats(void) {
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
