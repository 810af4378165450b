/*
 * fuzz_mask.c — libFuzzer target for the §6.4 functions: mask builders (none, causal, window,
 * padding with any lengths), attn_mask_add, attn_mask_allowed, attn_zero_blocked and
 * attn_row_stats, with any sizes and values.
 */
#include "fuzz_input.h"

static void fuzz_builders(struct fuzz_input *in) {
    int n = fuzz_size(in), m = fuzz_size(in), window = fuzz_size(in), batch = fuzz_size(in) % 4;
    int64_t products[] = {fuzz_product(n, m), fuzz_product(batch > 0 ? batch : 1, fuzz_product(n, m))};
    enum fuzz_plan plan = fuzz_plan_for(n <= 0 || m <= 0, products, 2);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float one[1];
        int lengths[1] = {1};
        FUZZ_REQUIRE_REFUSAL(attn_mask_none(one, n, m));
        FUZZ_REQUIRE_REFUSAL(attn_mask_causal(one, n, m));
        FUZZ_REQUIRE_REFUSAL(attn_mask_window(one, window, n, m));
        FUZZ_REQUIRE_REFUSAL(attn_mask_padding(one, lengths, 1, n, m));
        return;
    }
    float *mask = fuzz_out(products[0]);
    if (attn_mask_none(mask, n, m) != ATTN_OK) abort();
    if (attn_mask_causal(mask, n, m) != ATTN_OK) abort();
    int rc = attn_mask_window(mask, window, n, m);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if ((rc == ATTN_OK) != (window >= 1)) abort();
    free(mask);

    int count = batch > 0 ? batch : 1;
    int *lengths = malloc((size_t)count * sizeof(int));
    for (int b = 0; b < count; b++) lengths[b] = fuzz_size(in);
    float *padded = fuzz_out(products[1]);
    rc = attn_mask_padding(padded, lengths, batch, n, m);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    free(lengths), free(padded);
}

static void fuzz_combine_and_diagnose(struct fuzz_input *in) {
    int n = fuzz_size(in), m = fuzz_size(in);
    int64_t products[] = {fuzz_product(n, m)};
    enum fuzz_plan plan = fuzz_plan_for(n <= 0 || m <= 0, products, 1);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float one[1] = {0}, out[1];
        double d1[1], d2[1];
        int allowed[1];
        FUZZ_REQUIRE_REFUSAL(attn_mask_add(out, one, one, n <= 0 || m <= 0 ? (n < m ? n : m) : -1));
        FUZZ_REQUIRE_REFUSAL(attn_mask_allowed(allowed, d1, NULL, one, n, m));
        FUZZ_REQUIRE_REFUSAL(attn_zero_blocked(out, one, one, n, m));
        FUZZ_REQUIRE_REFUSAL(attn_row_stats(d1, d2, one, n, m));
        return;
    }
    int64_t count = products[0];
    float *a = malloc((size_t)count * sizeof(float)), *b = malloc((size_t)count * sizeof(float));
    for (int64_t i = 0; i < count; i++) a[i] = fuzz_mask_entry(in), b[i] = fuzz_mask_entry(in);
    float *sum = fuzz_out(count);
    FUZZ_REQUIRE_KNOWN_STATUS(attn_mask_add(sum, a, b, (int)count));

    int *allowed = malloc((size_t)n * sizeof(int));
    double *ln_k = malloc((size_t)n * sizeof(double));
    int empty = -1;
    int rc = attn_mask_allowed(allowed, ln_k, &empty, a, n, m); /* NaN / +∞ entries: ATTN_ERR_VALUE */
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK) {
        if (empty < 0 || empty > n) abort();
        for (int i = 0; i < n; i++) if (allowed[i] < 0 || allowed[i] > m) abort();
    }

    float *w = fuzz_floats(in, count), *zeroed = fuzz_out(count);
    FUZZ_REQUIRE_KNOWN_STATUS(attn_zero_blocked(zeroed, w, a, n, m));
    double *sums = malloc((size_t)n * sizeof(double)), *entropy = malloc((size_t)n * sizeof(double));
    FUZZ_REQUIRE_KNOWN_STATUS(attn_row_stats(sums, entropy, w, n, m));
    free(a), free(b), free(sum), free(allowed), free(ln_k), free(w), free(zeroed), free(sums), free(entropy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    if (fuzz_byte(&in) & 1) fuzz_builders(&in);
    else fuzz_combine_and_diagnose(&in);
    return 0;
}
