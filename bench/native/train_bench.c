/*
 * train_bench.c — native training throughput of the lab's character transformer on the
 * default corpus: `train_bench LAYERS HEADS D_MODEL CONTEXT BATCH STEPS` prints tokens/s.
 * Built and run by bench/native/train.mjs.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "attn.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 7) return 2;
    const int layers = atoi(argv[1]), heads = atoi(argv[2]), d = atoi(argv[3]), ctx = atoi(argv[4]);
    const int batch = atoi(argv[5]), steps = atoi(argv[6]);
    enum { N = 200000 };
    static char text[N + 1];
    static int ids[N];
    double entropy;
    if (attn_corpus_generate(text, &entropy, N, 1)) return 1;
    int map[256], vocab = 0;
    for (int i = 0; i < 256; i++) map[i] = -1;
    for (int i = 0; i < N; i++) {
        unsigned char c = (unsigned char)text[i];
        if (map[c] < 0) map[c] = vocab++;
        ids[i] = map[c];
    }
    struct attn_model *m;
    if (attn_model_create(&m, vocab, layers, heads, d, ctx, batch, 1)) return 1;
    float *losses = malloc(sizeof(float) * (steps + 3));
    if (attn_model_train(losses, m, ids, N * 9 / 10, 3)) return 1; /* warm-up */
    const double start = now();
    if (attn_model_train(losses, m, ids, N * 9 / 10, steps)) return 1;
    const double seconds = now() - start;
    printf("%.1f\n", (double)steps * batch * ctx / seconds);
    free(losses);
    attn_model_free(m);
    return 0;
}
