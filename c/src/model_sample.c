/*
 * model_sample.c — continuing a prompt with the character transformer, one character at a time.
 *
 * Two ways that give the same characters for the same seed and temperature:
 *   attn_model_sample           the KV cache (model_decode.c): each new character runs the model
 *                               once, its keys and values join the cache, and only its query
 *                               attends: O(t·C) attention work per layer at step t;
 *   attn_model_sample_uncached  the plain twin: the whole window through the tape's forward pass
 *                               (model.c) for every character, O(t²·C) per layer at step t.
 * Both see the same window: the last ≤ context characters of prompt + output so far. Past the
 * context the window slides by one character per step, and every token's learned position
 * changes with it, so keys and values cached at the old positions are wrong: the cached sampler
 * then rebuilds its cache from the new window (a prefill of `context` steps), and costs what
 * recomputing costs. The characters stay identical.
 *
 * Drawing: softmax(logits / temperature) in double, one uniform draw from the sampler's own
 * generator (seeded by `seed`) per character; temperature 0 takes the likeliest character and
 * draws nothing.
 */
#include <math.h>
#include <stdlib.h>

#include "attn.h"
#include "autograd_internal.h"
#include "check.h"
#include "model_internal.h"

/* probs[j] = e^((logits[j] − max) / T), unnormalised, for T > 0; returns their sum. *best gets
 * the likeliest id (the first of equals). With T = 0 nothing is written and the sum is 0. */
static double distribution(double *probs, int *best, const float *logits, float temperature, int v) {
    int top = 0;
    for (int j = 1; j < v; j++)
        if (logits[j] > logits[top]) top = j;
    *best = top;
    if (temperature == 0) return 0;
    double sum = 0;
    for (int j = 0; j < v; j++) sum += probs[j] = exp(((double)logits[j] - logits[top]) / temperature);
    return sum;
}

/* The next character: the likeliest at temperature 0, else one draw from the distribution. */
static int pick(double *probs, const float *logits, float temperature, int v, struct attn_rng *rng) {
    int best;
    const double sum = distribution(probs, &best, logits, temperature, v);
    if (temperature == 0) return best;
    double u = (double)attn_rng_uniform(rng) * sum;
    for (int j = 0; j < v; j++) {
        u -= probs[j];
        if (u < 0) return j;
    }
    return v - 1;
}

int attn_sample_distribution(float *probs,        /* (V) */
                             const float *logits, /* (V) */
                             float temperature, int v) {
    ATTN__REFUSE_IF(!probs || !logits, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(v <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(!(temperature >= 0 && temperature <= 100), ATTN_ERR_ARGUMENT);
    for (int j = 0; j < v; j++) ATTN__REFUSE_IF(!isfinite(logits[j]), ATTN_ERR_VALUE);
    double *p = malloc(sizeof(double) * (size_t)v);
    ATTN__REFUSE_IF(!p, ATTN_ERR_MEMORY);
    int best;
    const double sum = distribution(p, &best, logits, temperature, v);
    for (int j = 0; j < v; j++) probs[j] = temperature == 0 ? (j == best ? 1.0f : 0.0f) : (float)(p[j] / sum);
    free(p);
    return ATTN_OK;
}

/* The arguments both samplers take. */
static int check_sample(const int *out, const struct attn_model *m, const int *prompt, int p, int length,
                        float temperature) {
    ATTN__REFUSE_IF(!out || !m || !prompt, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(p <= 0 || length <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(!(temperature >= 0 && temperature <= 100), ATTN_ERR_ARGUMENT);
    for (int i = 0; i < p; i++) ATTN__REFUSE_IF(prompt[i] < 0 || prompt[i] >= m->vocab, ATTN_ERR_ARGUMENT);
    return ATTN_OK;
}

/* Character `at` of prompt + out. */
static int token_at(const int *prompt, int p, const int *out, int at) { return at < p ? prompt[at] : out[at - p]; }

/* Empties the decoder and runs it over characters [from, to) of prompt + out; logits of the last. */
static int prefill(float *logits, struct attn_decoder *d, const int *prompt, int p, const int *out, int from, int to) {
    ATTN__TRY(attn_decoder_reset(d));
    for (int i = from; i < to; i++) ATTN__TRY(attn_decoder_step(logits, NULL, d, token_at(prompt, p, out, i)));
    return ATTN_OK;
}

int attn_model_sample(int *out /* (length) */, struct attn_model *m, const int *prompt /* (p) */, int p, int length,
                      float temperature, unsigned seed) {
    ATTN__TRY(check_sample(out, m, prompt, p, length, temperature));
    struct attn_rng rng;
    attn_rng_seed(&rng, (uint32_t)seed * 2u + 3u);
    const int ctx = m->context, v = m->vocab;
    struct attn_decoder *d = NULL;
    ATTN__TRY(attn_decoder_create(&d, m));
    float *logits = malloc(sizeof(float) * (size_t)v);
    double *probs = malloc(sizeof(double) * (size_t)v);
    int rc = logits && probs ? ATTN_OK : ATTN_ERR_MEMORY;
    if (rc == ATTN_OK) rc = prefill(logits, d, prompt, p, out, p > ctx ? p - ctx : 0, p);
    for (int s = 0; s < length && rc == ATTN_OK; s++) {
        out[s] = pick(probs, logits, temperature, v, &rng);
        if (s == length - 1) break;
        const int have = p + s + 1; /* characters of prompt + out now */
        int cached = 0;
        attn_decoder_length(&cached, d);
        if (cached < ctx) rc = attn_decoder_step(logits, NULL, d, out[s]);
        else rc = prefill(logits, d, prompt, p, out, have - ctx, have); /* the window slid: rebuild */
    }
    free(logits);
    free(probs);
    attn_decoder_free(d);
    return rc;
}

int attn_model_sample_uncached(int *out /* (length) */, struct attn_model *m, const int *prompt /* (p) */, int p,
                               int length, float temperature, unsigned seed) {
    ATTN__TRY(check_sample(out, m, prompt, p, length, temperature));
    struct attn_rng rng;
    attn_rng_seed(&rng, (uint32_t)seed * 2u + 3u);
    const int ctx = m->context, v = m->vocab;
    int *window = m->scratch + ctx; /* (context) */
    double *probs = malloc((size_t)v * sizeof(double));
    ATTN__REFUSE_IF(!probs, ATTN_ERR_MEMORY);
    int rc = ATTN_OK;
    for (int s = 0; s < length && rc == ATTN_OK; s++) {
        /* The last ≤ context characters of prompt + out[0..s). */
        const int have = p + s, t = have < ctx ? have : ctx;
        for (int i = 0; i < t; i++) window[i] = token_at(prompt, p, out, have - t + i);
        int logits;
        rc = attn_model_forward(NULL, &logits, NULL, m, window, NULL, 1, t);
        if (rc != ATTN_OK) break;
        out[s] = pick(probs, tape_val(m->tape, logits) + (size_t)(t - 1) * v, temperature, v, &rng);
    }
    free(probs);
    return rc;
}
