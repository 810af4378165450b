/*
 * run_position.c — attn-runner commands for the §6.5 positions and word embeddings.
 * Each command reads its sizes from the request line and its tensors from stdin, and writes an
 * int32 status followed by its outputs (see runner.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "runner.h"

int run_positions(void) {
    int n, d;
    if (scanf("%d %d", &n, &d) != 2) return 2;
    float *pe = calloc((size_t)n * d + 1, sizeof(float));
    write_int(attn_positions_sinusoidal(pe, n, d));
    write_floats(pe, (size_t)n * d);
    free(pe);
    return 0;
}

int run_rope(void) {
    int offset, n, d;
    if (scanf("%d %d %d", &offset, &n, &d) != 3) return 2;
    getchar();
    float *x = read_floats((size_t)n * d), *y = calloc((size_t)n * d + 1, sizeof(float));
    write_int(attn_rope(y, x, offset, n, d));
    write_floats(y, (size_t)n * d);
    free(x), free(y);
    return 0;
}

int run_positioned(void) {
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

int run_embedding(void) {
    int d;
    char word[256];
    if (scanf("%d %255s", &d, word) != 2) return 2;
    float *e = calloc((size_t)d + 1, sizeof(float));
    write_int(attn_word_embedding(e, (const unsigned char *)word, (int)strlen(word), d));
    write_floats(e, (size_t)d);
    free(e);
    return 0;
}
