/*
 * run_experiment.c — attn-runner commands for random numbers and the §6.3 experiments.
 * Each command reads its sizes from the request line and its tensors from stdin, and writes an
 * int32 status followed by its outputs (see runner.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "runner.h"

int run_normals(void) {
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

int run_score_stats(void) {
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

int run_saturation(void) {
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

int run_score_gaps(void) {
    int dk, keys, trials, scaled;
    unsigned seed;
    double gap;
    if (scanf("%d %d %d %u %d %lf", &dk, &keys, &trials, &seed, &scaled, &gap) != 6) return 2;
    float *work = calloc((size_t)dk + keys, sizeof(float));
    struct attn_rng rng;
    attn_rng_seed(&rng, seed);
    double totals[3] = {0, 0, 0};
    write_int(attn_score_gaps(totals, work, &rng, dk, keys, trials, scaled, gap));
    write_doubles(totals, 3);
    free(work);
    return 0;
}

int run_saturation_gaps(void) {
    int dk, keys, trials, scaled;
    unsigned seed;
    float threshold;
    double gap;
    if (scanf("%d %d %d %u %d %f %lf", &dk, &keys, &trials, &seed, &scaled, &threshold, &gap) != 7) return 2;
    float *pmax = calloc((size_t)trials, sizeof(float)), *work = calloc((size_t)dk + keys, sizeof(float));
    struct attn_rng rng;
    attn_rng_seed(&rng, seed);
    double summary[2] = {0, 0}, totals[3] = {0, 0, 0};
    int rc = attn_saturation_with_gaps(pmax, totals, work, &rng, dk, keys, trials, scaled, gap);
    if (rc == ATTN_OK) rc = attn_saturation_summary(summary, pmax, trials, threshold);
    write_int(rc);
    write_doubles(summary, 2);
    write_doubles(totals, 3);
    write_floats(pmax, (size_t)trials);
    free(pmax), free(work);
    return 0;
}
