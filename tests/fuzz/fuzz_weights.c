/*
 * fuzz_weights.c — libFuzzer target for what a weights file can do to the core.
 *
 * The .attnlab bytes are parsed in JavaScript (web/lib/model/checkpoint.js, fuzzed by
 * tests/wasm/weights-file.fuzz.test.mjs); loading then hands the core a configuration
 * (attn_model_create), a block of float32 weights copied into attn_model_params, and a step count
 * (attn_model_set_step). The core has no byte parser of its own, so this target fuzzes exactly
 * that surface: any small configuration, any weight bit patterns (NaN, infinities, denormals,
 * the largest floats: what a damaged file or a bit flip gives), any step count; then every use of
 * a loaded model: evaluation, attention maps, sampling at any temperature, and a training step.
 *
 * Input layout: 6 configuration bytes, 4 step-count bytes, a temperature byte, a seed byte, then
 * the weights as little-endian float32, repeated to fill the model when the input is short.
 * The seed corpus (tests/fuzz/seeds/fuzz_weights/) holds slices of the shipped
 * web/models/default-small.attnlab parameter block, whole and bit-flipped.
 *
 * Checks: every status is a known code; sampled characters are always in the vocabulary; maps
 * and losses are read end to end from exact-size buffers (ASan).
 */
#include "fuzz_input.h"

#define HEAD 12

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < HEAD) return 0;
    const int heads = 1 + data[2] % 4;
    const int vocab = 2 + data[0] % 40, layers = 1 + data[1] % 2, d_model = heads * (1 + data[3] % 4);
    const int context = 1 + data[4] % 12, batch = 1 + data[5] % 2;
    int32_t steps;
    memcpy(&steps, data + 6, sizeof steps);
    static const float temperatures[] = {0.0f, 1.0f, 0.5f, 2.0f, 1e-30f, 100.0f, 1e-3f, 7.0f};
    const float temperature = temperatures[data[10] % 8];
    const unsigned seed = data[11];

    struct attn_model *model = NULL;
    int rc = attn_model_create(&model, vocab, layers, heads, d_model, context, batch, seed);
    if (rc != ATTN_OK || !model) abort(); /* a small valid configuration must be built */

    /* Load: the weights from the input's bytes. */
    float *params = NULL;
    int count = 0;
    if (attn_model_params(&params, &count, model) != ATTN_OK || count <= 0) abort();
    const size_t floats = (size - HEAD) / 4;
    for (int i = 0; i < count; i++) {
        if (floats == 0) {
            params[i] = 0;
        } else {
            memcpy(&params[i], data + HEAD + 4 * ((size_t)i % floats), sizeof(float));
        }
    }
    rc = attn_model_set_step(model, steps);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && steps < 0) {
        fprintf(stderr, "accepted a negative step count\n");
        abort();
    }
    int info[8];
    if (attn_model_info(info, model) != ATTN_OK || info[7] != count) abort();

    /* Use: a token stream over the vocabulary. */
    const int n = 2 * context + 5;
    int *tokens = malloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++) tokens[i] = (i * 7 + seed) % vocab;
    double loss = -1;
    FUZZ_REQUIRE_KNOWN_STATUS(attn_model_evaluate(&loss, model, tokens, n, 2));

    float *maps = fuzz_out((int64_t)layers * heads * context * context);
    rc = attn_model_attention_maps(maps, model, tokens, context);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    volatile float sink = 0;
    for (int64_t i = 0; i < (int64_t)layers * heads * context * context; i++) sink += maps[i];
    free(maps);

    const int length = 1 + seed % 8;
    int *out = malloc((size_t)length * sizeof(int));
    for (int i = 0; i < length; i++) out[i] = -1;
    rc = attn_model_sample(out, model, tokens, 1 + seed % 3, length, temperature, seed);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK) {
        for (int i = 0; i < length; i++) {
            if (out[i] < 0 || out[i] >= vocab) {
                fprintf(stderr, "sampled %d, outside the vocabulary of %d\n", out[i], vocab);
                abort();
            }
        }
    }
    free(out);

    float losses[1];
    FUZZ_REQUIRE_KNOWN_STATUS(attn_model_train(losses, model, tokens, n, 1));
    (void)sink;
    free(tokens);
    int freed = attn_model_free(model);
    FUZZ_REQUIRE_KNOWN_STATUS(freed);
    return 0;
}
