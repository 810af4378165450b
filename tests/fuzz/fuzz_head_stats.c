/*
 * fuzz_head_stats.c — libFuzzer target for reading a model's heads: the score kernels on maps of
 * any sizes and values (NaN, negative and infinite weights included), the summary, similarity and
 * histogram of any scores and grams, the measurement's windows from any text, and a small model
 * measured, knocked out with any windows, layers, heads and replacements, and patched with any
 * prompts, metric and components. Every call returns a
 * known status; a call that accepts its sizes writes only within them (ASan), and the model's
 * weights are never written by a measurement, a knock-out or a patch.
 */
#include "fuzz_input.h"

static void fuzz_kernels(struct fuzz_input *in) {
    const int heads = fuzz_size(in), t = fuzz_size(in);
    const int64_t maps = fuzz_product(heads, fuzz_product(t, t)), scores = fuzz_product(heads, ATTN_HEAD_SCORE_COUNT);
    const int64_t sizes[] = {maps, scores, t};
    switch (fuzz_plan_for(heads <= 0 || t <= 0, sizes, 3)) {
    case FUZZ_EXPECT_REFUSAL: {
        float dummy[ATTN_HEAD_SCORE_COUNT];
        double work[1];
        FUZZ_REQUIRE_REFUSAL(attn_head_scores(dummy, work, dummy, heads, t));
        FUZZ_REQUIRE_REFUSAL(attn_head_induction(dummy, dummy, heads, t));
        if (t <= 0 || fuzz_product(t, t) > FUZZ_CORE_MAX_ELEMENTS) FUZZ_REQUIRE_REFUSAL(attn_head_chance(dummy, dummy, work, t));
        return;
    }
    case FUZZ_SKIP:
        return;
    case FUZZ_CALL:
        break;
    }
    float *w = fuzz_floats(in, maps), *s = fuzz_out(scores);
    if (fuzz_byte(in) & 1)
        for (int64_t i = 0; i < maps; i++) w[i] = fabsf(w[i]) / 16.0f; /* mostly valid weights */
    double *work = malloc((size_t)t * sizeof(double));
    FUZZ_REQUIRE_KNOWN_STATUS(attn_head_scores(s, work, w, heads, t));
    if (t % 2 == 0) FUZZ_REQUIRE_KNOWN_STATUS(attn_head_induction(s, w, heads, t / 2));
    float *chance = fuzz_out(ATTN_HEAD_SCORE_COUNT), *map = fuzz_out(fuzz_product(t, t));
    FUZZ_REQUIRE_KNOWN_STATUS(attn_head_chance(chance, map, work, t));
    free(chance), free(map);
    free(work), free(w), free(s);
}

static void fuzz_summaries(struct fuzz_input *in) {
    const int windows = fuzz_size(in), groups = fuzz_size(in), bins = fuzz_size(in);
    const int64_t scores = fuzz_product(windows, fuzz_product(groups, ATTN_HEAD_SCORE_COUNT));
    const int64_t gram = fuzz_product(groups, groups);
    const int64_t sizes[] = {scores, gram, bins};
    const enum fuzz_plan plan = fuzz_plan_for(windows <= 0 || groups <= 0, sizes, 3);
    if (plan != FUZZ_CALL) return;
    float *s = fuzz_floats(in, scores), *summary = fuzz_out(fuzz_product(groups, 2 * ATTN_HEAD_SCORE_COUNT));
    float *similarity = fuzz_out(gram);
    double *g = malloc((size_t)gram * sizeof(double));
    for (int64_t i = 0; i < gram; i++) g[i] = fuzz_float(in);
    int *best = malloc((size_t)groups * sizeof(int)), *counts = malloc((size_t)(bins > 0 ? bins : 1) * sizeof(int));
    FUZZ_REQUIRE_KNOWN_STATUS(attn_head_summary(summary, best, s, windows, groups));
    FUZZ_REQUIRE_KNOWN_STATUS(attn_head_similarity(similarity, g, groups));
    FUZZ_REQUIRE_KNOWN_STATUS(attn_head_histogram(counts, s, windows, groups, (int)(fuzz_byte(in) % (groups + 2)) - 1, fuzz_byte(in) % 17,
                                                  fuzz_float(in), fuzz_float(in), bins));
    free(s), free(summary), free(similarity), free(g), free(best), free(counts);
}

static void fuzz_model(struct fuzz_input *in) {
    const int vocab = 2 + fuzz_byte(in) % 6, layers = 1 + fuzz_byte(in) % 2, heads = 1 + fuzz_byte(in) % 2;
    const int d_model = heads * (1 + fuzz_byte(in) % 4), context = 1 + fuzz_byte(in) % 8, batch = 1 + fuzz_byte(in) % 3;
    struct attn_model *m = NULL;
    if (attn_model_create(&m, vocab, layers, heads, d_model, context, batch, fuzz_byte(in)) != ATTN_OK) abort();
    float *params;
    int count;
    attn_model_params(&params, &count, m);
    for (int i = 0; i < count; i++) params[i] = fuzz_float(in) / 4.0f;
    float *before = malloc((size_t)count * sizeof(float));
    memcpy(before, params, (size_t)count * sizeof(float));

    const int n = 1 + fuzz_byte(in) % 40;
    int *data = malloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++) data[i] = (int)(fuzz_byte(in) % (vocab + 1)) - (fuzz_byte(in) == 7); /* ids past the vocabulary too */
    const int w = fuzz_size(in) % 6, t = fuzz_size(in) % 10;
    if (w > 0 && t > 0) {
        int *windows = malloc((size_t)w * t * sizeof(int)), *repeats = malloc((size_t)w * (t / 2 + 1) * sizeof(int));
        float *scores = fuzz_out(fuzz_product(w, fuzz_product(layers * heads, ATTN_HEAD_SCORE_COUNT)));
        double *gram = calloc((size_t)layers * heads * layers * heads, sizeof(double));
        const int drawn = attn_head_windows(windows, repeats, data, n, vocab, w, t, fuzz_byte(in));
        FUZZ_REQUIRE_KNOWN_STATUS(drawn);
        if (drawn == ATTN_OK)
            FUZZ_REQUIRE_KNOWN_STATUS(attn_model_head_scores(scores, (fuzz_byte(in) & 1) ? gram : NULL, m, windows, repeats, w, t));
        free(windows), free(repeats), free(scores), free(gram);
    }
    const int d = d_model / heads;
    float *means = fuzz_out((int64_t)layers * d_model), *replacement = fuzz_floats(in, d);
    double loss, delta;
    FUZZ_REQUIRE_KNOWN_STATUS(attn_model_head_means(means, m, data, n, 1 + fuzz_byte(in) % 4));
    FUZZ_REQUIRE_KNOWN_STATUS(attn_model_knockout(&loss, &delta, m, data, n, 1 + fuzz_byte(in) % 4, fuzz_size(in) % 3 - 1,
                                                  fuzz_size(in) % 3 - 1, (fuzz_byte(in) & 1) ? replacement : NULL));
    {
        /* Activation patching of two prompts of any ids (past the vocabulary too), any metric and range. */
        const int length = fuzz_size(in) % (context + 2);
        int *clean = malloc((size_t)(length > 0 ? length : 1) * sizeof(int)), *corrupted = malloc((size_t)(length > 0 ? length : 1) * sizeof(int));
        for (int i = 0; i < length; i++) clean[i] = (int)(fuzz_byte(in) % (vocab + 1)), corrupted[i] = (int)(fuzz_byte(in) % (vocab + 1));
        const int over = fuzz_byte(in) % 3, first = fuzz_size(in) % 10 - 1, span = fuzz_size(in) % 10;
        float *restored = fuzz_out(span > 0 ? span : 1);
        double metrics[2];
        FUZZ_REQUIRE_KNOWN_STATUS(attn_model_patch(restored, metrics, m, clean, corrupted, length, fuzz_byte(in) % (vocab + 1),
                                                   fuzz_byte(in) % (vocab + 1), over, first, span));
        free(clean), free(corrupted), free(restored);
    }
    if (memcmp(before, params, (size_t)count * sizeof(float)) != 0) {
        fprintf(stderr, "a measurement, a knock-out or a patch wrote the model's weights\n");
        abort();
    }
    free(means), free(replacement), free(data), free(before);
    attn_model_free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    switch (fuzz_byte(&in) % 3) {
    case 0: fuzz_kernels(&in); break;
    case 1: fuzz_summaries(&in); break;
    default: fuzz_model(&in); break;
    }
    return 0;
}
