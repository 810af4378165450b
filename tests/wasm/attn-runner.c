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
 *   train LAYERS HEADS D_MODEL CONTEXT BATCH STEPS SEED \n
 *     → status, losses (STEPS float32), validation loss (float32): the model trained on the
 *       default corpus (20,000 characters, seed 1; characters numbered by first appearance,
 *       90/10 split), as tests/wasm/model.test.mjs does through the JS face
 *   corpus LENGTH SEED \n
 *     → status, entropy (float32, nats per character), text (LENGTH bytes)
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

static int run_train(void) {
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

static int run_corpus(void) {
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

int main(void) {
    char command[32];
    if (scanf("%31s", command) != 1) return 2;
    if (strcmp(command, "attention") == 0) return run_attention();
    if (strcmp(command, "matmul") == 0) return run_matmul();
    if (strcmp(command, "corpus") == 0) return run_corpus();
    if (strcmp(command, "train") == 0) return run_train();
    fprintf(stderr, "attn-runner: unknown command %s\n", command);
    return 2;
}
