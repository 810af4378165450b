/*
 * fuzz_decode.c — libFuzzer target for decoding: the KV-cached decoder of the model
 * (any tokens, in and out of the vocabulary, past the context, resets between), both samplers
 * with any prompt, length and temperature (they must give the same characters whenever they
 * succeed), the sampling distribution, the KV cache's weights, read and clear, the cost of
 * decoding and of the variants (recurrence, window, memory), and the word vectors and rotation
 * of the cross-attention demo, and the textbook kernel that keeps the whole table.
 */
#include "fuzz_input.h"

/* The samplers chose differently at step `first`: that may only be a near-tie that float rounding
 * broke two ways, so the two paths' logits there must agree (within 1e-4); anything else aborts. */
static void same_logits_where_they_differ(struct attn_model *model, const int *prompt, int p, const int *out, int first,
                                          int vocab, int context) {
    const int have = p + first, t = have < context ? have : context;
    int window[64];
    for (int i = 0; i < t; i++) window[i] = have - t + i < p ? prompt[have - t + i] : out[have - t + i - p];
    struct attn_decoder *decoder = NULL;
    float cached[64];
    if (attn_decoder_create(&decoder, model) != ATTN_OK) abort();
    for (int i = 0; i < t; i++)
        if (attn_decoder_step(cached, NULL, decoder, window[i]) != ATTN_OK) abort();
    attn_decoder_free(decoder);
    int logits;
    if (attn_model_forward(NULL, &logits, NULL, model, window, NULL, 1, t) != ATTN_OK) abort();
    struct attn_tape *tape;
    float *full;
    attn_model_tape(&tape, model);
    attn_tape_data(&full, tape, logits);
    for (int j = 0; j < vocab; j++) {
        const float e = full[(size_t)(t - 1) * vocab + j];
        if (!(fabsf(cached[j] - e) <= 1e-4f * fmaxf(1.0f, fabsf(e)))) abort();
    }
}

static void fuzz_decoder(struct fuzz_input *in) {
    int vocab = fuzz_size(in), layers = 1 + fuzz_byte(in) % 3, heads = 1 + fuzz_byte(in) % 3;
    int d_model = heads * (1 + fuzz_byte(in) % 4), context = fuzz_size(in);
    if (vocab > 40 || context > 20) return; /* valid but slow: keep each input quick */
    struct attn_model *model = NULL;
    int rc = attn_model_create(&model, vocab, layers, heads, d_model, context, 1, fuzz_byte(in));
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) return;
    float *params;
    int count;
    attn_model_params(&params, &count, model);
    for (int i = 0; i < count && i < 64; i++) params[(i * 131) % count] = ((float)fuzz_byte(in) - 128.0f) / 32.0f; /* a few large weights */
    struct attn_decoder *decoder = NULL;
    rc = attn_decoder_create(&decoder, model);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK) {
        float *logits = fuzz_out(vocab), *weights = fuzz_out((int64_t)layers * heads * (context + 1));
        float *probs = fuzz_out(vocab);
        const int steps = fuzz_byte(in) % (context + 4);
        for (int s = 0; s < steps; s++) {
            const int token = (int)(fuzz_byte(in) % (vocab + 2)) - 1; /* −1 and vocab too */
            int before = -1, after = -1;
            attn_decoder_length(&before, decoder);
            rc = attn_decoder_step(logits, (fuzz_byte(in) & 1) ? weights : NULL, decoder, token);
            FUZZ_REQUIRE_KNOWN_STATUS(rc);
            attn_decoder_length(&after, decoder);
            if (after != before + (rc == ATTN_OK)) abort(); /* a refusal changes nothing */
            if (rc == ATTN_OK) FUZZ_REQUIRE_KNOWN_STATUS(attn_sample_distribution(probs, logits, fuzz_float(in), vocab));
            if ((fuzz_byte(in) & 15) == 0) FUZZ_REQUIRE_KNOWN_STATUS(attn_decoder_reset(decoder));
        }
        struct attn_kv_cache *cache = NULL;
        rc = attn_decoder_layer_cache(&cache, decoder, (int)(fuzz_byte(in) % (layers + 1)));
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        if (rc == ATTN_OK) {
            float *keys = fuzz_out((int64_t)context * d_model), *values = fuzz_out((int64_t)context * d_model);
            FUZZ_REQUIRE_KNOWN_STATUS(attn_kv_cache_read(keys, values, cache, (int)(fuzz_byte(in) % (heads + 1))));
            free(keys), free(values);
        }
        double work[2];
        FUZZ_REQUIRE_KNOWN_STATUS(attn_decoder_work(work, decoder));
        free(logits), free(weights), free(probs);
    }
    attn_decoder_free(decoder);
    /* Both samplers: the same characters whenever they succeed. */
    const int p = 1 + fuzz_byte(in) % 6, length = 1 + fuzz_byte(in) % 30;
    int prompt[6], a[30], b[30];
    for (int i = 0; i < p; i++) prompt[i] = (int)(fuzz_byte(in) % (vocab + 1));
    const float temperature = fuzz_float(in);
    const unsigned seed = fuzz_byte(in);
    const int ra = attn_model_sample(a, model, prompt, p, length, temperature, seed);
    const int rb = attn_model_sample_uncached(b, model, prompt, p, length, temperature, seed);
    FUZZ_REQUIRE_KNOWN_STATUS(ra);
    FUZZ_REQUIRE_KNOWN_STATUS(rb);
    if (ra != rb) abort();
    if (ra == ATTN_OK) {
        int first = 0;
        while (first < length && a[first] == b[first]) first++;
        if (first < length) same_logits_where_they_differ(model, prompt, p, a, first, vocab, context);
    }
    attn_model_free(model);
}

static void fuzz_kv_cache(struct fuzz_input *in) {
    int heads = fuzz_size(in), dk = fuzz_size(in), dv = fuzz_size(in), capacity = fuzz_size(in);
    if (heads > 8 || dk > 16 || dv > 16 || capacity > 16) return;
    struct attn_kv_cache *cache = NULL;
    int rc = attn_kv_cache_create(&cache, capacity, heads, dk, dv);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) return;
    float *k = fuzz_floats(in, (int64_t)heads * dk), *v = fuzz_floats(in, (int64_t)heads * dv);
    float *out = fuzz_out((int64_t)heads * dv), *w = fuzz_out((int64_t)heads * capacity);
    float *keys = fuzz_out((int64_t)capacity * dk), *values = fuzz_out((int64_t)capacity * dv);
    for (int s = fuzz_byte(in) % (capacity + 3); s > 0; s--) {
        FUZZ_REQUIRE_KNOWN_STATUS(attn_kv_cache_append(cache, k, v));
        FUZZ_REQUIRE_KNOWN_STATUS(attn_kv_cache_attend_weights(out, (fuzz_byte(in) & 1) ? w : NULL, cache, k));
        FUZZ_REQUIRE_KNOWN_STATUS(attn_kv_cache_read(keys, values, cache, (int)(fuzz_byte(in) % (heads + 2)) - 1));
        if ((fuzz_byte(in) & 7) == 0) FUZZ_REQUIRE_KNOWN_STATUS(attn_kv_cache_clear(cache));
    }
    free(k), free(v), free(out), free(w), free(keys), free(values);
    attn_kv_cache_free(cache);
}

static void fuzz_costs(struct fuzz_input *in) {
    struct attn_cost_variants variants;
    struct attn_decode_cost decode;
    const int n = fuzz_size(in), d = fuzz_size(in), h = fuzz_size(in), w = fuzz_size(in), cell = (int)fuzz_byte(in) % 5 - 1;
    int rc = attn_cost_variants(&variants, n, d, h, w, cell);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && (isnan(variants.window_total) || isnan(variants.recurrence) || variants.tiled_bytes <= 0)) abort();
    FUZZ_REQUIRE_KNOWN_STATUS(attn_decode_cost(&decode, fuzz_size(in), fuzz_size(in), fuzz_size(in), fuzz_size(in)));
}

static void fuzz_words(struct fuzz_input *in) {
    const int d = fuzz_size(in);
    const int64_t floats = fuzz_product(d, d);
    if (floats > FUZZ_MAX_ELEMENTS) {
        if (d <= 0 || floats > FUZZ_CORE_MAX_ELEMENTS) {
            float dummy[1];
            FUZZ_REQUIRE_REFUSAL(attn_random_rotation(dummy, 1, d));
        }
        return;
    }
    float *r = fuzz_out(floats), *e = fuzz_out(d);
    FUZZ_REQUIRE_KNOWN_STATUS(attn_random_rotation(r, fuzz_byte(in), d));
    unsigned char concept[8], word[8];
    const int cl = fuzz_byte(in) % 9, wl = fuzz_byte(in) % 9;
    for (int i = 0; i < 8; i++) concept[i] = fuzz_byte(in), word[i] = fuzz_byte(in);
    FUZZ_REQUIRE_KNOWN_STATUS(attn_concept_embedding(e, concept, cl, word, wl, fuzz_float(in), fuzz_byte(in), d));
    free(r), free(e);
}

static void fuzz_table(struct fuzz_input *in) {
    const int n = fuzz_size(in), m = fuzz_size(in), dk = fuzz_size(in), dv = fuzz_size(in);
    int floats = 0;
    const int rc = attn_attention_table_workspace(&floats, n, m, dk, dv);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    const int64_t sizes[5] = {fuzz_product(n, m), fuzz_product(n, dk), fuzz_product(m, dk), fuzz_product(m, dv),
                              fuzz_product(n, dv)};
    const enum fuzz_plan plan = fuzz_plan_for(n <= 0 || m <= 0 || dk <= 0 || dv <= 0, sizes, 5);
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float dummy[1];
        FUZZ_REQUIRE_REFUSAL(attn_attention_table(dummy, dummy, dummy, dummy, dummy, dummy, n, m, dk, dv));
        return;
    }
    if (plan == FUZZ_SKIP || rc != ATTN_OK || floats > 1 << 20) return;
    float *q = fuzz_floats(in, sizes[1]), *k = fuzz_floats(in, sizes[2]), *v = fuzz_floats(in, sizes[3]);
    float *out = fuzz_out(sizes[4]), *table = fuzz_out(sizes[0]), *work = fuzz_out(floats);
    FUZZ_REQUIRE_KNOWN_STATUS(attn_attention_table(out, table, work, q, k, v, n, m, dk, dv));
    free(q), free(k), free(v), free(out), free(table), free(work);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    switch (fuzz_byte(&in) % 5) {
    case 0: fuzz_decoder(&in); break;
    case 1: fuzz_kv_cache(&in); break;
    case 2: fuzz_costs(&in); break;
    case 3: fuzz_table(&in); break;
    default: fuzz_words(&in); break;
    }
    return 0;
}
