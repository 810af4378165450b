/*
 * fuzz_limits.c — libFuzzer target for what the JS face asks the core before it builds anything:
 * the ABI table (web/lib/abi.js is checked against it), and the model's configuration functions
 * (attn_model_check, attn_model_estimate_bytes, attn_model_param_count), then
 * attn_model_set_learning_rate on a small model built from the same bytes.
 *
 * Checks: every status is a known code; the table answers every index in range with a named,
 * finite entry and refuses every other; check accepts only what its estimate keeps under
 * ATTN_MODEL_MAX_BYTES and its limits allow; a small accepted configuration builds, and its
 * parameter block holds exactly attn_model_param_count floats; a learning rate is taken exactly
 * when 0 < lr < ATTN_MODEL_MAX_LR.
 */
#include "fuzz_input.h"

static void abi_table(struct fuzz_input *in) {
    int count = 0;
    if (attn_abi_count(&count) != ATTN_OK || count <= 0) abort();
    const int index = fuzz_byte(in) < 200 ? fuzz_byte(in) % (count + 2) - 1 : fuzz_size(in);
    const char *name = NULL;
    double value = NAN;
    const int rc = attn_abi_entry(&name, &value, index);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if ((rc == ATTN_OK) != (index >= 0 && index < count)) abort();
    if (rc == ATTN_OK && (!name || !name[0] || !isfinite(value))) abort();
    FUZZ_REQUIRE_REFUSAL(attn_abi_entry(NULL, &value, 0));
}

static void configuration(struct fuzz_input *in) {
    const int vocab = fuzz_byte(in) < 240 ? fuzz_byte(in) : fuzz_size(in);
    const int layers = fuzz_size(in), heads = fuzz_size(in), d_model = fuzz_size(in);
    const int context = fuzz_size(in), batch = fuzz_size(in);
    const int rc = attn_model_check(vocab, layers, heads, d_model, context, batch);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    double bytes = -1, count = -1;
    const int estimated = attn_model_estimate_bytes(&bytes, vocab, layers, heads, d_model, context, batch);
    const int counted = attn_model_param_count(&count, vocab, layers, d_model, context);
    FUZZ_REQUIRE_KNOWN_STATUS(estimated);
    FUZZ_REQUIRE_KNOWN_STATUS(counted);
    if (rc != ATTN_OK) return;
    if (estimated != ATTN_OK || !(bytes > 0 && bytes <= ATTN_MODEL_MAX_BYTES)) abort();
    if (counted != ATTN_OK || !(count > 0)) abort();
    if (vocab > ATTN_MODEL_MAX_VOCAB || layers > ATTN_MODEL_MAX_LAYERS || heads > ATTN_MODEL_MAX_HEADS ||
        d_model > ATTN_MODEL_MAX_D_MODEL || context > ATTN_MODEL_MAX_CONTEXT || batch > ATTN_MODEL_MAX_BATCH)
        abort();
    if (vocab > 40 || layers > 2 || d_model > 16 || context > 16 || batch > 3) return; /* keep each input quick */

    struct attn_model *model = NULL;
    if (attn_model_create(&model, vocab, layers, heads, d_model, context, batch, fuzz_byte(in)) != ATTN_OK) abort();
    int info[ATTN_MODEL_INFO_COUNT];
    if (attn_model_info(info, model) != ATTN_OK || info[ATTN_MODEL_INFO_PARAM_COUNT] != count) abort();
    const float lr = fuzz_float(in) / 8;
    const int set = attn_model_set_learning_rate(model, lr);
    FUZZ_REQUIRE_KNOWN_STATUS(set);
    if ((set == ATTN_OK) != (lr > 0 && lr < ATTN_MODEL_MAX_LR)) abort();
    FUZZ_REQUIRE_REFUSAL(attn_model_set_learning_rate(NULL, 1e-3f));
    attn_model_free(model);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    abi_table(&in);
    configuration(&in);
    FUZZ_REQUIRE_REFUSAL(attn_abi_count(NULL));
    return 0;
}
