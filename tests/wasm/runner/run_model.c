/*
 * run_model.c — attn-runner commands for the training lab: the default corpus and a whole
 * training run of the character-level model (as tests/wasm/model.test.mjs does through JS).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "runner.h"

int run_corpus(void) {
    int length;
    unsigned seed;
    if (scanf("%d %u", &length, &seed) != 2) return 2;
    char *text = calloc((size_t)length + 1, 1);
    double entropy = 0;
    int rc = attn_corpus_generate(text, &entropy, length, seed);
    write_int(rc);
    float e = (float)entropy;
    write_floats(&e, 1);
    fwrite(text, 1, (size_t)length, stdout);
    free(text);
    return 0;
}

int run_train(void) {
    int layers, heads, d, ctx, batch, steps;
    unsigned seed;
    if (scanf("%d %d %d %d %d %d %u", &layers, &heads, &d, &ctx, &batch, &steps, &seed) != 7) return 2;
    enum { N = 20000 };
    static char text[N + 1];
    static int ids[N];
    double entropy, val = 0;
    int rc = attn_corpus_generate(text, &entropy, N, 1);
    int order[256], vocab = 0;
    for (int i = 0; i < 256; i++) order[i] = 0;
    for (int i = 0; i < N; i++) order[(unsigned char)text[i]] = 1;
    for (int i = 0; i < 256; i++) order[i] = order[i] ? vocab++ : -1; /* sorted, as the JS tokenizer */
    for (int i = 0; i < N; i++) ids[i] = order[(unsigned char)text[i]];
    float *losses = calloc((size_t)steps, sizeof(float));
    struct attn_model *m = NULL;
    if (rc == ATTN_OK) rc = attn_model_create(&m, vocab, layers, heads, d, ctx, batch, seed);
    if (rc == ATTN_OK) rc = attn_model_set_training(m, 3e-3f, 3e-4f, 20, 2000, 0.1f, 1.0f);
    if (rc == ATTN_OK) rc = attn_model_train(losses, m, ids, N * 9 / 10, steps);
    if (rc == ATTN_OK) rc = attn_model_evaluate(&val, m, ids + N * 9 / 10, N - N * 9 / 10, 128);
    write_int(rc);
    write_floats(losses, (size_t)steps);
    float v = (float)val;
    write_floats(&v, 1);
    attn_model_free(m);
    free(losses);
    return 0;
}
