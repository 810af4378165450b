/*
 * fuzz_experiment.c — libFuzzer target for the §6.3 functions: the seeded generator, score
 * statistics (any widths, draws, bins and edges, NaN edges included) and saturation trials
 * (any widths, keys, trials and thresholds). Work is bounded so each input runs fast.
 */
#include "fuzz_input.h"

static uint32_t fuzz_u32(struct fuzz_input *in) {
    uint32_t x = 0;
    for (int i = 0; i < 4; i++) x = x << 8 | fuzz_byte(in);
    return x;
}

static void fuzz_normals(struct fuzz_input *in) {
    struct attn_rng rng;
    if (attn_rng_seed(&rng, fuzz_u32(in)) != ATTN_OK) abort();
    int count = fuzz_size(in);
    if (count > FUZZ_MAX_ELEMENTS) return;
    float *out = fuzz_out(count);
    int rc = attn_rng_normals(out, &rng, count);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if ((rc == ATTN_OK) != (count > 0)) abort();
    for (int i = 0; rc == ATTN_OK && i < count; i++) if (!isfinite(out[i])) abort();
    free(out);
}

static void fuzz_scores(struct fuzz_input *in) {
    int dk = fuzz_size(in), draws = fuzz_size(in), bins = fuzz_size(in) % 64 - 1, scaled = fuzz_byte(in) & 1;
    if (dk > 0 && draws > 0 && fuzz_product(dk, draws) > 200000) return; /* keep each input fast */
    if (bins > FUZZ_MAX_ELEMENTS) return;
    float *edges = bins >= 0 ? malloc((size_t)bins * sizeof(float) + sizeof(float)) : NULL;
    for (int i = 0; edges && i <= bins; i++) edges[i] = fuzz_byte(in) & 1 ? fuzz_float(in) : (float)i - bins / 2.0f;
    int *counts = malloc((size_t)(bins > 0 ? bins : 1) * sizeof(int));
    double moments[3];
    int rc = attn_score_stats(moments, counts, edges, fuzz_u32(in), dk, draws, scaled, bins);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && (dk <= 0 || draws <= 0)) abort();
    free(edges), free(counts);
}

static void fuzz_saturation(struct fuzz_input *in) {
    int dk = fuzz_size(in), keys = fuzz_size(in), trials = fuzz_size(in), scaled = fuzz_byte(in) & 1;
    float threshold = fuzz_float(in);
    struct attn_rng rng;
    attn_rng_seed(&rng, fuzz_u32(in));
    if (dk <= 0 || keys < 2 || trials <= 0 || dk > ATTN_MAX_DK || keys > ATTN_MAX_KEYS || trials > ATTN_MAX_TRIALS) {
        float pmax[1], work[2];
        FUZZ_REQUIRE_REFUSAL(attn_saturation_trials(pmax, work, &rng, dk, keys, trials, scaled));
        return;
    }
    if (fuzz_product(fuzz_product(dk, keys), trials) > 400000) return; /* keep each input fast */
    float *pmax = fuzz_out(trials), *work = fuzz_out((int64_t)dk + keys);
    int rc = attn_saturation_trials(pmax, work, &rng, dk, keys, trials, scaled);
    if (rc != ATTN_OK) abort(); /* valid sizes: must succeed */
    for (int t = 0; t < trials; t++) if (!(pmax[t] >= 0.0f && pmax[t] <= 1.0f)) abort();
    double summary[2];
    FUZZ_REQUIRE_KNOWN_STATUS(attn_saturation_summary(summary, pmax, trials, threshold));
    free(pmax), free(work);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    switch (fuzz_byte(&in) % 3) {
    case 0: fuzz_normals(&in); break;
    case 1: fuzz_scores(&in); break;
    default: fuzz_saturation(&in); break;
    }
    return 0;
}
