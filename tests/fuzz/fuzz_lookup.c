/*
 * fuzz_lookup.c — libFuzzer target for the lookup section: attn_lookup with any sizes, entries
 * and sharpness (NaN, ±∞, huge, negative); attn_hull_2d with any points and point; and the
 * bottleneck (attn_bottleneck_workspace, attn_bottleneck_inputs, attn_bottleneck) with any
 * sizes, seed and task. What is accepted must keep the chapter's promises: weights ≥ 0 that sum
 * to 1, an output in the values' hull, accuracies between 0 and 1.
 */
#include "fuzz_input.h"

/* A sharpness: usually ordinary, sometimes special or out of range. */
static float fuzz_sharpness(struct fuzz_input *in) {
    static const float special[] = {0.0f, -0.0f, -1.0f, NAN, INFINITY, 1e6f, 1.1e6f, 1e-30f, 87.0f};
    uint8_t b = fuzz_byte(in);
    if (b < 200) return (float)fuzz_byte(in) / 8.0f;
    return special[b % (sizeof special / sizeof special[0])];
}

static void fuzz_lookup(struct fuzz_input *in) {
    int m = fuzz_size(in), dk = fuzz_size(in), dv = fuzz_size(in);
    float s = fuzz_sharpness(in);
    int64_t products[] = {fuzz_product(m, dk), fuzz_product(m, dv)};
    enum fuzz_plan plan = fuzz_plan_for(m <= 0 || dk <= 0 || dv <= 0, products, 2);
    if (plan == FUZZ_SKIP || (plan == FUZZ_CALL && (m > ATTN_LOOKUP_MAX_ENTRIES || dk > ATTN_LOOKUP_MAX_WIDTH || dv > ATTN_LOOKUP_MAX_WIDTH))) {
        /* Sizes the core refuses before reading a buffer: tiny buffers are enough. */
        float one[1] = {0}, scores[1], weights[1], out[1];
        struct attn_lookup_stats stats;
        if (m > ATTN_LOOKUP_MAX_ENTRIES || dk > ATTN_LOOKUP_MAX_WIDTH || dv > ATTN_LOOKUP_MAX_WIDTH)
            FUZZ_REQUIRE_REFUSAL(attn_lookup(scores, NULL, weights, out, &stats, one, one, one, s, m, dk, dv));
        return;
    }
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float one[1] = {0}, scores[1], weights[1], out[1];
        struct attn_lookup_stats stats;
        FUZZ_REQUIRE_REFUSAL(attn_lookup(scores, NULL, weights, out, &stats, one, one, one, s, m, dk, dv));
        return;
    }
    float *q = fuzz_floats(in, dk), *keys = fuzz_floats(in, products[0]), *values = fuzz_floats(in, products[1]);
    float *scores = fuzz_out(m), *scaled = fuzz_out(m), *weights = fuzz_out(m), *out = fuzz_out(dv);
    struct attn_lookup_stats stats;
    int rc = attn_lookup(scores, fuzz_byte(in) & 1 ? scaled : NULL, weights, out, &stats, q, keys, values, s, m, dk, dv);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK) {
        for (int j = 0; j < m; j++) if (!(weights[j] >= 0.0f)) abort();
        if (!(stats.checks & ATTN_LOOKUP_NONNEGATIVE) || !(stats.checks & ATTN_LOOKUP_SUMS_TO_ONE)) abort();
        if (!(stats.checks & ATTN_LOOKUP_NO_LONGER)) abort();
        if (stats.best < 0 || stats.best >= m || stats.runner_up < -1 || stats.runner_up >= m) abort();
        if (dv == 2 && m <= 64) { /* the hull's tolerance covers float32 sums of up to about 80 values */
            int *corners = malloc((size_t)m * sizeof(int)), count = 0, inside = 0;
            double depth = 0;
            int hull_rc = attn_hull_2d(corners, &count, &depth, &inside, out, values, m);
            if (hull_rc != ATTN_OK || !inside) abort(); /* the blend lies in the values' hull */
            free(corners);
        }
    }
    free(q), free(keys), free(values), free(scores), free(scaled), free(weights), free(out);
}

static void fuzz_hull(struct fuzz_input *in) {
    int count = fuzz_size(in);
    if (count <= 0 || count > ATTN_HULL_MAX_POINTS) {
        float one[2] = {0, 0};
        int corners[1], corner_count;
        FUZZ_REQUIRE_REFUSAL(attn_hull_2d(corners, &corner_count, NULL, NULL, NULL, one, count));
        return;
    }
    float *points = fuzz_floats(in, 2 * (int64_t)count), *point = fuzz_floats(in, 2);
    int *corners = malloc((size_t)count * sizeof(int)), corner_count = -1, inside = -1;
    double depth = 0;
    int with_point = fuzz_byte(in) & 1;
    int rc = attn_hull_2d(corners, &corner_count, with_point ? &depth : NULL, with_point ? &inside : NULL,
                          with_point ? point : NULL, points, count);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK) {
        if (corner_count < 1 || corner_count > count) abort();
        for (int i = 0; i < corner_count; i++) if (corners[i] < 0 || corners[i] >= count) abort();
        if (with_point && inside != 0 && inside != 1) abort();
    }
    free(points), free(point), free(corners);
}

static void fuzz_bottleneck(struct fuzz_input *in) {
    int length = fuzz_size(in), width = fuzz_size(in), vocab = 1 + fuzz_byte(in) % 40, trials = fuzz_size(in);
    int task = (int)(fuzz_byte(in) % 3);
    if (fuzz_byte(in) == 255) task = -1;
    uint32_t seed = (uint32_t)fuzz_byte(in) * 16777619u;
    if (fuzz_byte(in) == 0) vocab = fuzz_size(in);
    int floats = -1;
    int rc = attn_bottleneck_workspace(&floats, length, width, vocab);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK || trials <= 0 || trials > 64 || (int64_t)floats > 4 * FUZZ_MAX_ELEMENTS) {
        float one[1];
        double accuracy[2];
        if (rc != ATTN_OK) FUZZ_REQUIRE_REFUSAL(attn_bottleneck(accuracy, NULL, NULL, one, seed, 0, length, width, vocab, 1));
        if (trials <= 0) FUZZ_REQUIRE_REFUSAL(attn_bottleneck(accuracy, NULL, NULL, one, seed, 0, 1, 1, 2, trials));
        return;
    }
    float *work = fuzz_out(floats), *alignment = fuzz_out((int64_t)length * length);
    int *example = malloc(3 * (size_t)length * sizeof(int));
    double accuracy[2] = {-1, -1};
    rc = attn_bottleneck(accuracy, fuzz_byte(in) & 1 ? alignment : NULL, fuzz_byte(in) & 1 ? example : NULL, work,
                         seed, task, length, width, vocab, trials);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if ((rc == ATTN_OK) != (task == ATTN_BOTTLENECK_COPY || task == ATTN_BOTTLENECK_REVERSE)) abort();
    if (rc == ATTN_OK && !(accuracy[0] >= 0 && accuracy[0] <= 1 && accuracy[1] >= 0 && accuracy[1] <= 1)) abort();

    float *vectors = fuzz_out((int64_t)vocab * width), *codes = fuzz_out((int64_t)length * width);
    int *sources = malloc((size_t)trials * length * sizeof(int));
    rc = attn_bottleneck_inputs(vectors, codes, sources, seed, length, width, vocab, trials);
    if (rc != ATTN_OK) abort();
    for (int i = 0; i < trials * length; i++) if (sources[i] < 0 || sources[i] >= vocab) abort();
    free(work), free(alignment), free(example), free(vectors), free(codes), free(sources);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    switch (fuzz_byte(&in) % 3) {
    case 0: fuzz_lookup(&in); break;
    case 1: fuzz_hull(&in); break;
    default: fuzz_bottleneck(&in); break;
    }
    return 0;
}
