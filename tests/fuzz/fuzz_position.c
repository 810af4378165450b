/*
 * fuzz_position.c — libFuzzer target for the §6.5 functions: sinusoidal positions, rotary
 * embedding (any offset, odd widths), positioned self-attention and word embeddings of any bytes.
 */
#include "fuzz_input.h"

static void fuzz_positions(struct fuzz_input *in) {
    int n = fuzz_size(in), d = fuzz_size(in), offset = fuzz_size(in) % 1000 - 1; /* -1 .. 999, and the boundary sizes' remainders */
    int kind = (int)(fuzz_byte(in) % 4), mask_kind = (int)(fuzz_byte(in) % 4);
    int64_t products[] = {fuzz_product(n, d), fuzz_product(d, d)};
    /* Positions and rope need only (N, D); the positioned attention also needs (D, D). */
    enum fuzz_plan plan = fuzz_plan_for(n <= 0 || d <= 0, products, 1);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float one[1] = {0}, out[1];
        FUZZ_REQUIRE_REFUSAL(attn_positions_sinusoidal(out, n, d));
        FUZZ_REQUIRE_REFUSAL(attn_rope(out, one, 0, n, d));
        return;
    }
    float *pe = fuzz_out(products[0]);
    if (attn_positions_sinusoidal(pe, n, d) != ATTN_OK) abort();
    float *x = fuzz_floats(in, products[0]), *y = fuzz_out(products[0]);
    FUZZ_REQUIRE_KNOWN_STATUS(attn_rope(y, x, offset, n, d));
    FUZZ_REQUIRE_KNOWN_STATUS(attn_rope(x, x, offset, n, d)); /* in place */
    if (fuzz_plan_for(0, products, 2) != FUZZ_CALL) {
        free(pe), free(x), free(y);
        return;
    }

    float *wq = fuzz_floats(in, products[1]), *wk = fuzz_floats(in, products[1]), *wv = fuzz_floats(in, products[1]);
    float *out = fuzz_out(products[0]), *q = fuzz_out(products[0]), *k = fuzz_out(products[0]), *v = fuzz_out(products[0]);
    FUZZ_REQUIRE_KNOWN_STATUS(attn_self_attention_positioned(out, q, k, v, x, wq, wk, wv, kind, mask_kind, offset, n, d));
    free(pe), free(x), free(y), free(wq), free(wk), free(wv), free(out), free(q), free(k), free(v);
}

static void fuzz_embedding(struct fuzz_input *in) {
    int d = fuzz_size(in);
    int len = (int)(fuzz_byte(in) % 40) - 2;
    if (d <= 0 || d > FUZZ_MAX_ELEMENTS) {
        float out[1];
        unsigned char word[1] = {'a'};
        if (d <= 0) FUZZ_REQUIRE_REFUSAL(attn_word_embedding(out, word, 1, d));
        return;
    }
    unsigned char *word = malloc(len > 0 ? (size_t)len : 1);
    for (int i = 0; i < len; i++) word[i] = fuzz_byte(in);
    float *e = fuzz_out(d);
    int rc = attn_word_embedding(e, word, len, d);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK) {
        for (int i = 0; i < d; i++) if (!(e[i] >= -1.0f && e[i] < 1.0f)) abort();
    }
    free(word), free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    if (fuzz_byte(&in) & 1) fuzz_positions(&in);
    else fuzz_embedding(&in);
    return 0;
}
