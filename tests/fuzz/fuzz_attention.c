/*
 * fuzz_attention.c — libFuzzer target for attn_matmul, attn_softmax_rows and attn_attention:
 * any sizes, masks and values (NaN, ±∞, extremes) must give a known status, stay inside the
 * buffers, refuse impossible sizes, and count empty rows within 0..N.
 */
#include "fuzz_input.h"

static void fuzz_matmul(struct fuzz_input *in) {
    int m = fuzz_size(in), k = fuzz_size(in), n = fuzz_size(in), transpose = fuzz_byte(in) & 1;
    int64_t products[] = {fuzz_product(m, k), fuzz_product(k, n), fuzz_product(m, n)};
    enum fuzz_plan plan = fuzz_plan_for(m <= 0 || k <= 0 || n <= 0, products, 3);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float a[1] = {0}, b[1] = {0}, c[1];
        FUZZ_REQUIRE_REFUSAL(attn_matmul(c, a, b, transpose, m, k, n));
        return;
    }
    float *a = fuzz_floats(in, products[0]), *b = fuzz_floats(in, products[1]), *c = fuzz_out(products[2]);
    int rc = attn_matmul(c, a, b, transpose, m, k, n);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) abort(); /* valid sizes and buffers: must succeed */
    free(a), free(b), free(c);
}

static void fuzz_softmax(struct fuzz_input *in) {
    int rows = fuzz_size(in), cols = fuzz_size(in);
    int64_t products[] = {fuzz_product(rows, cols)};
    enum fuzz_plan plan = fuzz_plan_for(rows <= 0 || cols <= 0, products, 1);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float x[1] = {0}, y[1];
        FUZZ_REQUIRE_REFUSAL(attn_softmax_rows(y, NULL, x, rows, cols));
        return;
    }
    float *x = malloc((size_t)products[0] * sizeof(float)), *y = fuzz_out(products[0]);
    for (int64_t i = 0; i < products[0]; i++) x[i] = fuzz_byte(in) & 1 ? fuzz_mask_entry(in) : fuzz_float(in);
    int empty = -1;
    if (attn_softmax_rows(y, &empty, x, rows, cols) != ATTN_OK) abort();
    if (empty < 0 || empty > rows) abort();
    free(x), free(y);
}

static void fuzz_attn(struct fuzz_input *in) {
    int n = fuzz_size(in), m = fuzz_size(in), dk = fuzz_size(in), dv = fuzz_size(in);
    int kind = (int)(fuzz_byte(in) % 4) - (fuzz_byte(in) == 255); /* -1 .. 3: two invalid kinds */
    int scale = fuzz_byte(in) & 1, want_steps = fuzz_byte(in) & 1;
    int64_t products[] = {fuzz_product(n, m), fuzz_product(n, dk), fuzz_product(m, dk), fuzz_product(m, dv), fuzz_product(n, dv)};
    enum fuzz_plan plan = fuzz_plan_for(n <= 0 || m <= 0 || dk <= 0 || dv <= 0, products, 5);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float one[1] = {0}, out[1];
        FUZZ_REQUIRE_REFUSAL(attn_attention(out, NULL, NULL, one, one, one, ATTN_MASK_NONE, NULL, scale, n, m, dk, dv));
        return;
    }
    float *q = fuzz_floats(in, products[1]), *k = fuzz_floats(in, products[2]), *v = fuzz_floats(in, products[3]);
    float *mask = NULL;
    if (kind == ATTN_MASK_CUSTOM) {
        mask = malloc((size_t)products[0] * sizeof(float));
        for (int64_t i = 0; i < products[0]; i++) mask[i] = fuzz_mask_entry(in);
    }
    float *out = fuzz_out(products[4]);
    float *s[5] = {fuzz_out(products[0]), fuzz_out(products[0]), fuzz_out(products[0]), fuzz_out(products[0]),
                   fuzz_out(products[0])};
    struct attn_steps steps = {.scores = s[0], .scaled = s[1], .masked = s[2], .weights = s[3], .mask = s[4]};
    int empty = -1;
    int rc = attn_attention(out, want_steps ? &steps : NULL, &empty, q, k, v, kind, mask, scale, n, m, dk, dv);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    int valid_kind = kind >= ATTN_MASK_NONE && kind <= ATTN_MASK_CUSTOM;
    if (valid_kind != (rc == ATTN_OK)) abort();
    /* Any score multiplier: refused unless finite and in [0, ATTN_MAX_SCORE_MULTIPLIER]. */
    float multiplier = fuzz_float(in);
    int rc_times = attn_attention_multiplied(out, NULL, NULL, q, k, v, kind, mask, multiplier, n, m, dk, dv);
    FUZZ_REQUIRE_KNOWN_STATUS(rc_times);
    int valid_multiplier = isfinite(multiplier) && multiplier >= 0.0f && multiplier <= ATTN_MAX_SCORE_MULTIPLIER;
    if ((valid_kind && valid_multiplier) != (rc_times == ATTN_OK)) abort();
    if (rc == ATTN_OK && (empty < 0 || empty > n)) abort();
    /* The mask step is what was added: masked = scaled + mask, entry by entry. */
    for (int64_t i = 0; rc == ATTN_OK && want_steps && i < products[0]; i++) {
        const float sum = s[1][i] + s[4][i];
        if (!(sum == s[2][i] || (isnan(sum) && isnan(s[2][i])))) abort();
    }
    free(q), free(k), free(v), free(mask), free(out);
    for (int i = 0; i < 5; i++) free(s[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    switch (fuzz_byte(&in) % 3) {
    case 0: fuzz_matmul(&in); break;
    case 1: fuzz_softmax(&in); break;
    default: fuzz_attn(&in); break;
    }
    return 0;
}
