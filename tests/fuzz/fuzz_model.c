/*
 * fuzz_model.c — libFuzzer target for the training lab: model configurations of any sizes (kept
 * small enough to build quickly), training on any token streams (tokens out of the vocabulary
 * included), any training schedule, evaluation and the loss by position, attention maps and
 * sampling with any prompt, length and temperature; and the two corpus generators (the default
 * and the text with repeats) with any arguments.
 */
#include "fuzz_input.h"

static void fuzz_corpus(struct fuzz_input *in) {
    int64_t wanted = (int64_t)fuzz_size(in) * 37;
    if (wanted > 20000 || wanted < INT_MIN) return;
    int length = (int)wanted;
    char *text = malloc(length > 0 ? (size_t)length + 1 : 1);
    double entropy = -1;
    int rc = attn_corpus_generate(text, &entropy, length, fuzz_byte(in));
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && !(entropy >= 0)) abort();
    const int shortest = fuzz_size(in), longest = fuzz_size(in), letters = fuzz_size(in) % 30, step = fuzz_size(in) % 30;
    entropy = -1;
    rc = attn_corpus_repeats(text, &entropy, length, shortest, longest, letters, step, fuzz_byte(in));
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && !(entropy >= 0)) abort();
    if (rc == ATTN_OK)
        for (int i = 0; i < length; i++)
            if (text[i] < 'a' || text[i] >= 'a' + letters) abort();
    free(text);
}

static void fuzz_training(struct fuzz_input *in) {
    int vocab = fuzz_size(in), layers = fuzz_size(in) % 4, heads = fuzz_size(in) % 5;
    int d_model = fuzz_size(in), context = fuzz_size(in), batch = fuzz_size(in) % 4;
    /* Keep each input quick: refuse nothing here, but skip configurations that are valid and big. */
    if (d_model > 0 && d_model <= 16) d_model *= 2; /* mostly even widths, so heads can divide them */
    if (vocab > 64 || d_model > 32 || context > 16) {
        if (vocab > 0 && d_model > 0 && context > 0) return;
    }
    struct attn_model *model = NULL;
    int rc = attn_model_create(&model, vocab, layers, heads, d_model, context, batch, fuzz_byte(in));
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) {
        if (model) abort();
        return;
    }
    int n = fuzz_byte(in) + 1;
    int *data = malloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++) data[i] = (int)(fuzz_byte(in) % (vocab + 2)) - 1; /* −1 and vocab too */
    if (fuzz_byte(in) & 1)
        FUZZ_REQUIRE_KNOWN_STATUS(attn_model_set_training(model, fuzz_float(in), fuzz_float(in), fuzz_size(in), fuzz_size(in),
                                                          fuzz_float(in), fuzz_float(in)));
    float losses[2];
    FUZZ_REQUIRE_KNOWN_STATUS(attn_model_train(losses, model, data, n, 1 + (fuzz_byte(in) & 1)));
    double loss;
    FUZZ_REQUIRE_KNOWN_STATUS(attn_model_evaluate(&loss, model, data, n, 1 + fuzz_byte(in) % 4));
    double *by_position = malloc((size_t)context * sizeof(double)); /* context ≥ 1: the model was built */
    FUZZ_REQUIRE_KNOWN_STATUS(attn_model_position_loss(by_position, model, data, n, fuzz_byte(in) % 4));
    free(by_position);
    int t = fuzz_size(in) % 20;
    if (t > 0 && t <= n) {
        float *maps = fuzz_out(fuzz_product(fuzz_product(layers, heads), fuzz_product(t, t)));
        FUZZ_REQUIRE_KNOWN_STATUS(attn_model_attention_maps(maps, model, data, t));
        free(maps);
    }
    int length = fuzz_byte(in) % 24;
    int *out = malloc((size_t)(length > 0 ? length : 1) * sizeof(int));
    FUZZ_REQUIRE_KNOWN_STATUS(attn_model_sample(out, model, data, n < 8 ? n : 8, length, fuzz_float(in), fuzz_byte(in)));
    free(out), free(data);
    attn_model_free(model);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    if (fuzz_byte(&in) & 1) fuzz_training(&in);
    else fuzz_corpus(&in);
    return 0;
}
