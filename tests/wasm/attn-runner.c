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
 *   normals COUNT SEED \n
 *     → status, normals (COUNT)
 *   score_stats DK DRAWS SEED SCALED BINS \n  edges(BINS+1)
 *     → status, moments (3 float64), counts (BINS int32)
 *   saturation DK KEYS TRIALS SEED SCALED THRESHOLD \n
 *     → status, summary (2 float64), pmax (TRIALS)
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

static void write_doubles(const double *x, size_t count) { fwrite(x, sizeof(double), count, stdout); }

static int run_normals(void) {
    int count;
    unsigned seed;
    if (scanf("%d %u", &count, &seed) != 2) return 2;
    float *out = calloc((size_t)count + 1, sizeof(float));
    struct attn_rng rng;
    attn_rng_seed(&rng, seed);
    write_int(attn_rng_normals(out, &rng, count));
    write_floats(out, (size_t)count);
    free(out);
    return 0;
}

static int run_score_stats(void) {
    int dk, draws, scaled, bins;
    unsigned seed;
    if (scanf("%d %d %u %d %d", &dk, &draws, &seed, &scaled, &bins) != 5) return 2;
    getchar();
    float *edges = read_floats((size_t)bins + 1);
    int *counts = calloc((size_t)bins + 1, sizeof(int));
    double moments[3] = {0, 0, 0};
    write_int(attn_score_stats(moments, counts, edges, seed, dk, draws, scaled, bins));
    write_doubles(moments, 3);
    fwrite(counts, sizeof(int), (size_t)bins, stdout);
    free(edges), free(counts);
    return 0;
}

static int run_saturation(void) {
    int dk, keys, trials, scaled;
    unsigned seed;
    float threshold;
    if (scanf("%d %d %d %u %d %f", &dk, &keys, &trials, &seed, &scaled, &threshold) != 6) return 2;
    float *pmax = calloc((size_t)trials, sizeof(float)), *work = calloc((size_t)dk + keys, sizeof(float));
    struct attn_rng rng;
    attn_rng_seed(&rng, seed);
    double summary[2] = {0, 0};
    int rc = attn_saturation_trials(pmax, work, &rng, dk, keys, trials, scaled);
    if (rc == ATTN_OK) rc = attn_saturation_summary(summary, pmax, trials, threshold);
    write_int(rc);
    write_doubles(summary, 2);
    write_floats(pmax, (size_t)trials);
    free(pmax), free(work);
    return 0;
}

int main(void) {
    char command[32];
    if (scanf("%31s", command) != 1) return 2;
    if (strcmp(command, "attention") == 0) return run_attention();
    if (strcmp(command, "matmul") == 0) return run_matmul();
    if (strcmp(command, "normals") == 0) return run_normals();
    if (strcmp(command, "score_stats") == 0) return run_score_stats();
    if (strcmp(command, "saturation") == 0) return run_saturation();
    fprintf(stderr, "attn-runner: unknown command %s\n", command);
    return 2;
}
