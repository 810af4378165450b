/*
 * fuzz_experiment.c — libFuzzer target for the §6.3 functions: the seeded generator (one draw at
 * a time and in blocks), score statistics (any widths, draws, bins and edges, NaN edges
 * included; accumulated in fuzzed chunks, which must give bitwise the numbers of one call; the
 * moments of any running totals), saturation trials (any widths, keys, trials and
 * thresholds) and the score gaps of the same trials (any gap, NaN included; in fuzzed chunks,
 * which must give bitwise the totals of one call), both from one pass (bitwise the two calls);
 * and the status sentences of any int. Work is bounded so each input runs fast.
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

/* One draw at a time: the single-draw functions walk the same stream as the block form. */
static void fuzz_draws(struct fuzz_input *in) {
    if (attn_rng_bytes() != (int)sizeof(struct attn_rng)) abort();
    struct attn_rng rng, copy;
    if (attn_rng_seed(&rng, fuzz_u32(in)) != ATTN_OK) abort();
    FUZZ_REQUIRE_REFUSAL(attn_rng_seed(NULL, 1));
    int count = fuzz_byte(in) % 64;
    for (int i = 0; i < count; i++) {
        if ((rng.s[0] | rng.s[1] | rng.s[2] | rng.s[3]) == 0) abort(); /* the state is never all zero */
        copy = rng;
        switch (fuzz_byte(in) % 3) {
        case 0: {
            uint32_t bits = attn_rng_next_u32(&rng);
            (void)bits;
            break;
        }
        case 1: {
            float u = attn_rng_uniform(&rng);
            if (!(u >= 0.0f && u < 1.0f)) abort();
            /* the top 24 bits of the word next_u32 would have given */
            if (u != (float)(attn_rng_next_u32(&copy) >> 8) * 0x1p-24f) abort();
            break;
        }
        default: {
            float z = attn_rng_normal(&rng), block[1];
            if (!isfinite(z)) abort();
            if (attn_rng_normals(block, &copy, 1) != ATTN_OK || memcmp(&z, block, sizeof z) != 0) abort();
            if (memcmp(&copy, &rng, sizeof rng) != 0) abort(); /* and left the stream in the same place */
        }
        }
    }
}

/* Every int gets a sentence: the known codes their own, anything else the generic one. */
static void fuzz_status_strings(struct fuzz_input *in) {
    const char *unknown = attn_status_string(-1);
    for (int i = 0; i < 8; i++) {
        int code = (int)fuzz_u32(in);
        if (fuzz_byte(in) & 1) code = (int)(fuzz_byte(in) % (ATTN_STATUS_COUNT + 4)) - 2;
        const char *text = attn_status_string(code);
        if (!text) abort();
        size_t length = strlen(text); /* ASan: a sentence is a whole string */
        if (length < 8 || text[length - 1] != '.') abort();
        int known = code >= 0 && code < ATTN_STATUS_COUNT;
        if (known == (strcmp(text, unknown) == 0)) abort();
    }
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

/* Running totals in chunks: bitwise the totals and bin counts of one call over all the draws. */
static void fuzz_accumulate(struct fuzz_input *in) {
    int dk = fuzz_size(in), draws = fuzz_size(in), bins = fuzz_size(in) % 16 - 1, scaled = fuzz_byte(in) & 1;
    int chunks = 1 + fuzz_byte(in) % 6;
    if (dk > 0 && draws > 0 && fuzz_product(dk, draws) > 100000) return; /* keep each input fast */
    if (bins > FUZZ_MAX_ELEMENTS) return;
    float *edges = bins >= 0 ? malloc((size_t)bins * sizeof(float) + sizeof(float)) : NULL;
    for (int i = 0; edges && i <= bins; i++) edges[i] = fuzz_byte(in) < 250 ? (float)i - bins / 2.0f : fuzz_float(in);
    int *counts = calloc((size_t)(bins > 0 ? bins : 1), sizeof(int)), *chunked = calloc((size_t)(bins > 0 ? bins : 1), sizeof(int));
    uint32_t seed = fuzz_u32(in);
    struct attn_rng one, many;
    attn_rng_seed(&one, seed), attn_rng_seed(&many, seed);
    double sums[3] = {0, 0, 0}, parts[3] = {0, 0, 0};
    int rc = attn_score_accumulate(sums, bins > 0 ? counts : NULL, &one, bins > 0 ? edges : NULL, dk, draws, scaled, bins);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) {
        if (dk > 0 && draws > 0 && dk <= ATTN_MAX_DK && bins >= 0 && rc != ATTN_ERR_VALUE && rc != ATTN_ERR_ARGUMENT) abort();
        if (sums[0] != 0 || sums[1] != 0 || sums[2] != 0) abort(); /* a refused call adds nothing */
    } else {
        if (dk <= 0 || draws <= 0 || bins < 0) abort();
        int done = 0;
        for (int c = 0; c < chunks; c++) {
            int part = c == chunks - 1 ? draws - done : (draws - done) * (fuzz_byte(in) % 5) / 4;
            if (part <= 0) continue;
            if (attn_score_accumulate(parts, bins > 0 ? chunked : NULL, &many, bins > 0 ? edges : NULL, dk, part, scaled, bins) != ATTN_OK) abort();
            done += part;
        }
        if (done != draws || memcmp(sums, parts, sizeof sums) != 0) {
            fprintf(stderr, "chunked accumulate differs from one call\n");
            abort();
        }
        if (bins > 0 && memcmp(counts, chunked, (size_t)bins * sizeof(int)) != 0) abort();
        if (memcmp(&one, &many, sizeof one) != 0) abort(); /* the generator ends in the same place */
        int64_t counted = 0;
        for (int b = 0; b < bins; b++) counted += counts[b];
        if (sums[0] != draws || counted > draws) abort();
        double moments[3] = {-1, -1, -1};
        if (attn_score_moments(moments, sums, dk, scaled) != ATTN_OK) abort();
        if (!(moments[1] >= 0) || !(moments[2] >= 0)) abort();
    }
    /* The moments of any totals (NaN, negative or zero counts included). */
    double any[3] = {fuzz_byte(in) < 128 ? fuzz_size(in) : fuzz_float(in), fuzz_float(in), fuzz_float(in)}, moments[3];
    int mdk = fuzz_size(in);
    rc = attn_score_moments(moments, any, mdk, scaled);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && (mdk <= 0 || !(any[0] >= 1))) abort();
    FUZZ_REQUIRE_REFUSAL(attn_score_moments(NULL, any, 1, scaled));
    FUZZ_REQUIRE_REFUSAL(attn_score_accumulate(NULL, NULL, &one, NULL, 1, 1, scaled, 0));
    FUZZ_REQUIRE_REFUSAL(attn_score_accumulate(parts, NULL, NULL, NULL, 1, 1, scaled, 0));
    free(edges), free(counts), free(chunked);
}

static void fuzz_saturation(struct fuzz_input *in) {
    int dk = fuzz_size(in), keys = fuzz_size(in), trials = fuzz_size(in), scaled = fuzz_byte(in) & 1;
    float threshold = fuzz_float(in);
    uint32_t seed = fuzz_u32(in);
    struct attn_rng rng;
    attn_rng_seed(&rng, seed);
    double gap = fuzz_byte(in) < 240 ? 0.25 + fuzz_byte(in) : fuzz_float(in);
    struct attn_rng gaps_rng = rng;
    double totals[3] = {0, 0, 0};
    if (dk <= 0 || keys < 2 || trials <= 0 || dk > ATTN_MAX_DK || keys > ATTN_MAX_KEYS || trials > ATTN_MAX_TRIALS) {
        float pmax[1], work[2];
        FUZZ_REQUIRE_REFUSAL(attn_saturation_trials(pmax, work, &rng, dk, keys, trials, scaled));
        FUZZ_REQUIRE_REFUSAL(attn_score_gaps(totals, work, &gaps_rng, dk, keys, trials, scaled, gap));
        FUZZ_REQUIRE_REFUSAL(attn_saturation_with_gaps(pmax, totals, work, &gaps_rng, dk, keys, trials, scaled, gap));
        return;
    }
    if (fuzz_product(fuzz_product(dk, keys), trials) > 400000) return; /* keep each input fast */
    float *pmax = fuzz_out(trials), *work = fuzz_out((int64_t)dk + keys);
    int rc = attn_saturation_trials(pmax, work, &rng, dk, keys, trials, scaled);
    if (rc != ATTN_OK) abort(); /* valid sizes: must succeed */
    for (int t = 0; t < trials; t++) if (!(pmax[t] >= 0.0f && pmax[t] <= 1.0f)) abort();
    double summary[2];
    FUZZ_REQUIRE_KNOWN_STATUS(attn_saturation_summary(summary, pmax, trials, threshold));

    /* The gaps over the same trials: refused only for a bad gap; then in two chunks, bitwise the
     * totals of one call, and the generator where saturation left it. */
    rc = attn_score_gaps(totals, work, &gaps_rng, dk, keys, trials, scaled, gap);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if ((rc == ATTN_OK) != (gap > 0 && isfinite(gap))) abort();
    if (rc == ATTN_OK) {
        double pairs = (double)trials * keys * (keys - 1) / 2.0;
        if (totals[0] != pairs || !(totals[1] >= 0 && totals[1] <= pairs) || !(totals[2] >= 0)) abort();
        if (memcmp(&rng, &gaps_rng, sizeof rng) != 0) abort();
        struct attn_rng again;
        attn_rng_seed(&again, seed);
        double parts[3] = {0, 0, 0};
        int first = trials * (fuzz_byte(in) % 5) / 4;
        if (first > 0 && attn_score_gaps(parts, work, &again, dk, keys, first, scaled, gap) != ATTN_OK) abort();
        if (trials - first > 0 && attn_score_gaps(parts, work, &again, dk, keys, trials - first, scaled, gap) != ATTN_OK) abort();
        if (memcmp(parts, totals, sizeof parts) != 0) abort();
    } else if (totals[0] != 0 || totals[1] != 0 || totals[2] != 0) {
        abort(); /* a refused call adds nothing */
    }

    /* Both from one pass: refused exactly when the gaps were; else bitwise saturation's p_max and
     * the gaps' totals, and the generator where each left it. */
    struct attn_rng both_rng;
    attn_rng_seed(&both_rng, seed);
    float *both_pmax = fuzz_out(trials);
    double both[3] = {0, 0, 0};
    int both_rc = attn_saturation_with_gaps(both_pmax, both, work, &both_rng, dk, keys, trials, scaled, gap);
    FUZZ_REQUIRE_KNOWN_STATUS(both_rc);
    if (both_rc != rc) abort();
    if (rc == ATTN_OK && (memcmp(both_pmax, pmax, (size_t)trials * sizeof(float)) != 0
                          || memcmp(both, totals, sizeof both) != 0 || memcmp(&both_rng, &rng, sizeof rng) != 0)) abort();
    if (rc != ATTN_OK && (both[0] != 0 || both[1] != 0 || both[2] != 0)) abort();
    free(pmax), free(work), free(both_pmax);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    switch (fuzz_byte(&in) % 6) {
    case 0: fuzz_normals(&in); break;
    case 1: fuzz_scores(&in); break;
    case 2: fuzz_draws(&in); break;
    case 3: fuzz_accumulate(&in); break;
    case 4: fuzz_status_strings(&in); break;
    default: fuzz_saturation(&in); break;
    }
    return 0;
}
