/*
 * run_lookup.c — attn-runner commands for attention as a lookup, the convex hull of its values,
 * and the bottleneck experiment. Each command reads its sizes from the request line and its
 * tensors from stdin, and writes an int32 status followed by its outputs (see runner.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "attn.h"
#include "runner.h"

int run_lookup(void) {
    int m, dk, dv;
    float sharpness;
    if (scanf("%d %d %d %f", &m, &dk, &dv, &sharpness) != 4) return 2;
    getchar();
    float *q = read_floats((size_t)dk), *keys = read_floats((size_t)m * dk), *values = read_floats((size_t)m * dv);
    float *scores = calloc((size_t)m, sizeof(float)), *scaled = calloc((size_t)m, sizeof(float));
    float *weights = calloc((size_t)m, sizeof(float)), *out = calloc((size_t)dv, sizeof(float));
    struct attn_lookup_stats stats = {0};
    write_int(attn_lookup(scores, scaled, weights, out, &stats, q, keys, values, sharpness, m, dk, dv));
    write_floats(scores, m);
    write_floats(scaled, m);
    write_floats(weights, m);
    write_floats(out, dv);
    const double doubles[] = {stats.weight_sum, stats.min_weight, stats.entropy, stats.max_entropy, stats.largest,
                              stats.second, stats.ratio, stats.gap, stats.exp_gap, stats.out_norm, stats.max_value_norm};
    write_doubles(doubles, sizeof doubles / sizeof doubles[0]);
    write_int(stats.best);
    write_int(stats.runner_up);
    write_int(stats.checks);
    free(q), free(keys), free(values), free(scores), free(scaled), free(weights), free(out);
    return 0;
}

int run_hull(void) {
    int count;
    if (scanf("%d", &count) != 1 || count < 1) return 2;
    getchar();
    float *points = read_floats(2 * (size_t)count), *point = read_floats(2);
    int *corners = calloc((size_t)count, sizeof(int)), corner_count = 0, inside = 0;
    double depth = 0;
    write_int(attn_hull_2d(corners, &corner_count, &depth, &inside, point, points, count));
    write_int(corner_count);
    for (int i = 0; i < corner_count; i++) write_int(corners[i]);
    write_doubles(&depth, 1);
    write_int(inside);
    free(points), free(point), free(corners);
    return 0;
}

int run_bottleneck(void) {
    int task, length, width, vocab, trials;
    unsigned seed;
    if (scanf("%u %d %d %d %d %d", &seed, &task, &length, &width, &vocab, &trials) != 6 || length < 1) return 2;
    int floats = 0;
    if (attn_bottleneck_workspace(&floats, length, width, vocab) != ATTN_OK) return 2;
    float *work = calloc((size_t)floats, sizeof(float)), *alignment = calloc((size_t)length * length, sizeof(float));
    int *example = calloc(3 * (size_t)length, sizeof(int));
    double accuracy[2] = {0, 0};
    write_int(attn_bottleneck(accuracy, alignment, example, work, seed, task, length, width, vocab, trials));
    write_doubles(accuracy, 2);
    write_floats(alignment, (size_t)length * length);
    for (int i = 0; i < 3 * length; i++) write_int(example[i]);
    free(work), free(alignment), free(example);
    return 0;
}
