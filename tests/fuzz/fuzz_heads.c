/*
 * fuzz_heads.c — libFuzzer target for the §6.6 functions: multi-head attention with any sizes,
 * head counts (divisible or not), masks and values, and the cost model with any sizes.
 */
#include "fuzz_input.h"

static void fuzz_multihead(struct fuzz_input *in) {
    int n = fuzz_size(in), d = fuzz_size(in), heads = fuzz_size(in);
    int kind = (int)(fuzz_byte(in) % 4) - 1;
    int64_t products[] = {fuzz_product(n, d), fuzz_product(d, d), fuzz_product(heads, fuzz_product(n, n)), fuzz_product(4, fuzz_product(n, d))};
    enum fuzz_plan plan = fuzz_plan_for(n <= 0 || d <= 0 || heads <= 0, products, 4);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float one[1] = {0}, out[1], work[4];
        FUZZ_REQUIRE_REFUSAL(attn_multihead(out, NULL, NULL, NULL, NULL, work, one, one, one, one, one,
                                            ATTN_MASK_NONE, NULL, n, d, heads));
        return;
    }
    float *x = fuzz_floats(in, products[0]);
    float *w[4] = {fuzz_floats(in, products[1]), fuzz_floats(in, products[1]), fuzz_floats(in, products[1]), fuzz_floats(in, products[1])};
    float *mask = NULL;
    if (kind == ATTN_MASK_CUSTOM) {
        mask = malloc((size_t)n * n * sizeof(float));
        for (int64_t i = 0; i < (int64_t)n * n; i++) mask[i] = fuzz_mask_entry(in);
    }
    float *out = fuzz_out(products[0]), *weights = fuzz_out(products[2]), *concat = fuzz_out(products[0]);
    float *head_out = fuzz_out(products[0]), *work = fuzz_out(products[3]);
    int empty = -1;
    int rc = attn_multihead(out, weights, head_out, concat, &empty, work, x, w[0], w[1], w[2], w[3], kind, mask, n, d, heads);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && (d % heads != 0 || empty < 0 || empty > heads * n)) abort();
    free(x), free(mask), free(out), free(weights), free(concat), free(head_out), free(work);
    for (int i = 0; i < 4; i++) free(w[i]);
}

static void fuzz_cost(struct fuzz_input *in) {
    struct attn_cost cost;
    int n = fuzz_size(in), d = fuzz_size(in), heads = fuzz_size(in);
    int rc = attn_cost(&cost, n, d, heads);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && !(cost.total >= 0 && cost.total == cost.linear + cost.quadratic)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    if (fuzz_byte(&in) & 1) fuzz_multihead(&in);
    else fuzz_cost(&in);
    return 0;
}
