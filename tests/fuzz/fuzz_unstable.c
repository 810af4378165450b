/*
 * fuzz_unstable.c — libFuzzer target for the lab text's numerical stability: the wrong ways on purpose
 * (softmax_unstable.c), attn_softmax_rows_unstable and attn_mask_then_multiply with any sizes,
 * scores, mask entries (0, -∞, large negatives, NaN) and factors; and attn_score_asymmetry
 * (asymmetry.c) on any table. They may give ∞ and NaN (that is their lesson),
 * but never crash, and their counts stay in range.
 */
#include "fuzz_input.h"

static void fuzz_naive_softmax(struct fuzz_input *in) {
    int rows = fuzz_size(in), cols = fuzz_size(in);
    int64_t products[] = {fuzz_product(rows, cols)};
    enum fuzz_plan plan = fuzz_plan_for(rows <= 0 || cols <= 0, products, 1);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float one[1] = {0}, out[1];
        FUZZ_REQUIRE_REFUSAL(attn_softmax_rows_unstable(out, NULL, NULL, one, rows, cols));
        return;
    }
    float *x = fuzz_floats(in, products[0]), *y = fuzz_out(products[0]), *e = fuzz_out(products[0]);
    int overflowed = -1;
    int rc = attn_softmax_rows_unstable(y, (fuzz_byte(in) & 1) ? e : NULL, &overflowed, x, rows, cols);
    if (rc != ATTN_OK || overflowed < 0 || overflowed > rows) abort();
    free(x), free(y), free(e);
}

static void fuzz_multiply_after_mask(struct fuzz_input *in) {
    int n = fuzz_size(in), m = fuzz_size(in);
    float factor = fuzz_float(in);
    int64_t products[] = {fuzz_product(n, m)};
    enum fuzz_plan plan = fuzz_plan_for(n <= 0 || m <= 0, products, 1);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float one[1] = {0}, out[1];
        FUZZ_REQUIRE_REFUSAL(attn_mask_then_multiply(out, NULL, one, one, 1.0f, n, m));
        return;
    }
    float *scores = fuzz_floats(in, products[0]), *mask = malloc((size_t)products[0] * sizeof(float));
    for (int64_t i = 0; i < products[0]; i++) mask[i] = fuzz_mask_entry(in);
    float *out = fuzz_out(products[0]);
    int nans = -1;
    int rc = attn_mask_then_multiply(out, &nans, scores, mask, factor, n, m);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if ((rc == ATTN_OK) != (isfinite(factor) && fabsf(factor) <= ATTN_MAX_SCORE_MULTIPLIER)) abort();
    if (rc == ATTN_OK && (nans < 0 || nans > products[0])) abort();
    free(scores), free(mask), free(out);
}

static void fuzz_asymmetry(struct fuzz_input *in) {
    int n = fuzz_size(in);
    int64_t products[] = {fuzz_product(n, n)};
    enum fuzz_plan plan = fuzz_plan_for(n <= 0, products, 1);
    if (plan == FUZZ_SKIP) return;
    double d = -1;
    int at[2] = {-1, -1};
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float one[1] = {0};
        FUZZ_REQUIRE_REFUSAL(attn_score_asymmetry(&d, at, one, n));
        return;
    }
    float *scores = fuzz_floats(in, products[0]);
    int rc = attn_score_asymmetry(&d, at, scores, n);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && (!(d >= 0) || at[0] < 0 || at[0] > at[1] || at[1] >= n)) abort();
    free(scores);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    uint8_t which = fuzz_byte(&in) % 3;
    if (which == 0) fuzz_naive_softmax(&in);
    else if (which == 1) fuzz_multiply_after_mask(&in);
    else fuzz_asymmetry(&in);
    return 0;
}
