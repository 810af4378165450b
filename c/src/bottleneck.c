/*
 * bottleneck.c — the compression bottleneck attention removed, measured. A source of L random
 * tokens must come back out (as it is, or reversed), read either from one summary vector of
 * width D or by attention over all L stored states, with the same token vectors and position
 * codes in both:
 *   summary    z = Σ_p c_p ⊙ x_p;   step i reads c_p ⊙ z = x_p + Σ_{q≠p} c_p ⊙ c_q ⊙ x_q
 *   attention  step i's query is c_p; softmax(q·c_j/√D) blends the stored x_j
 * and each answers the token whose vector is nearest to what it read. Every other token adds
 * crosstalk of about 1/D per entry to the summary's read-out, so it fails once L is a fair
 * fraction of D; attention's weights pick position p out of L codes, whose scores differ by
 * about √D, so it keeps working far longer.
 */
#include <math.h>
#include <stddef.h>

#include "attn.h"
#include "check.h"

/* Where each part of the caller's scratch lies. */
struct bottleneck_work {
    float *vectors;  /* (V, D) each token's vector */
    float *codes;    /* (L, D) each position's code of ±1 */
    float *queries;  /* (L, D) the code each step asks for */
    float *values;   /* (L, D) the source's token vectors, in source order */
    float *out;      /* (L, D) attention's blend at each step */
    float *weights;  /* (L, L) attention's weights: step i's over the source positions */
    float *summary;  /* (D) */
    float *readout;  /* (D) */
};

static struct bottleneck_work split_work(float *work, int length, int width, int vocab) {
    size_t ld = (size_t)length * width;
    struct bottleneck_work w;
    w.vectors = work;
    w.codes = w.vectors + (size_t)vocab * width;
    w.queries = w.codes + ld;
    w.values = w.queries + ld;
    w.out = w.values + ld;
    w.weights = w.out + ld;
    w.summary = w.weights + (size_t)length * length;
    w.readout = w.summary + width;
    return w;
}

static int check_sizes(int length, int width, int vocab, int trials) {
    ATTN__REFUSE_IF(length <= 0 || width <= 0 || vocab <= 0 || trials <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(length > ATTN_BOTTLENECK_MAX_LENGTH || width > ATTN_BOTTLENECK_MAX_WIDTH
                    || vocab > ATTN_BOTTLENECK_MAX_VOCAB || trials > ATTN_BOTTLENECK_MAX_TRIALS || vocab < 2,
                    ATTN_ERR_ARGUMENT);
    return ATTN_OK;
}

/* The token vectors (entries N(0, 1/D)) and the position codes (±1), from a generator seeded
 * with `seed`: the codes of positions 0..L−1 are the same at every L. */
static int draw_setup(float *vectors, float *codes, uint32_t seed, int length, int width, int vocab) {
    struct attn_rng rng;
    ATTN__TRY(attn_rng_seed(&rng, seed));
    ATTN__TRY(attn_rng_normals(vectors, &rng, vocab * width));
    const float scale = (float)(1.0 / sqrt((double)width));
    for (int i = 0; i < vocab * width; i++) vectors[i] *= scale;
    for (int p = 0; p < length; p++) {
        uint32_t bits = 0;
        for (int i = 0; i < width; i++) {
            if (i % 32 == 0) bits = attn_rng_next_u32(&rng);
            codes[(size_t)p * width + i] = (bits >> (i % 32)) & 1u ? 1.0f : -1.0f;
        }
    }
    return ATTN_OK;
}

/* The generator of the sources at length L: the seed and L together. */
static int seed_sources(struct attn_rng *rng, uint32_t seed, int length) {
    return attn_rng_seed(rng, seed ^ (0x9e3779b9u * (uint32_t)length));
}

static void draw_source(int *tokens, struct attn_rng *rng, int length, int vocab) {
    for (int p = 0; p < length; p++) tokens[p] = (int)attn_rng_below(rng, (uint32_t)vocab);
}

/* The token whose vector is nearest to y (the first, on a tie). */
static int nearest(const float *y, const float *vectors, int width, int vocab) {
    int best = 0;
    double best_distance = INFINITY;
    for (int v = 0; v < vocab; v++) {
        double distance = 0.0;
        for (int i = 0; i < width; i++) {
            double d = (double)y[i] - vectors[(size_t)v * width + i];
            distance += d * d;
        }
        if (distance < best_distance) best_distance = distance, best = v;
    }
    return best;
}

/* The source position step i needs. */
static int wanted(int task, int step, int length) {
    return task == ATTN_BOTTLENECK_REVERSE ? length - 1 - step : step;
}

/* Where to look: step i's query is the code of the position it needs, and its weights over
 * the L stored codes (the alignment) depend on the positions alone, not on the tokens, so they
 * are worked out once per call. attn_attention blends the codes themselves here (any (L, D)
 * values would do); only its weights are kept. */
static int align(const struct bottleneck_work *w, int task, int length, int width) {
    for (int step = 0; step < length; step++) {
        const float *c = w->codes + (size_t)wanted(task, step, length) * width;
        for (int i = 0; i < width; i++) w->queries[(size_t)step * width + i] = c[i];
    }
    struct attn_steps steps = { .weights = w->weights };
    return attn_attention(w->out, &steps, NULL, w->queries, w->codes, w->codes, ATTN_MASK_NONE, NULL, 1,
                          length, length, width, width);
}

/* One trial: adds the number of right answers of the summary and of attention to `right`;
 * `example`, when not NULL, receives the source and both sets of answers. */
static int run_trial(int *right, /* (2) */
                     int *example, const struct bottleneck_work *w, const int *tokens,
                     int task, int length, int width, int vocab) {
    for (int i = 0; i < width; i++) w->summary[i] = 0.0f;
    for (int p = 0; p < length; p++) {
        const float *x = w->vectors + (size_t)tokens[p] * width, *c = w->codes + (size_t)p * width;
        for (int i = 0; i < width; i++) {
            w->values[(size_t)p * width + i] = x[i];
            w->summary[i] += c[i] * x[i];
        }
    }
    /* attention's blends: out = weights · values, (L, L)·(L, D) */
    ATTN__TRY(attn_matmul(w->out, w->weights, w->values, 0, length, length, width));
    for (int step = 0; step < length; step++) {
        const int p = wanted(task, step, length);
        const float *c = w->codes + (size_t)p * width;
        for (int i = 0; i < width; i++) w->readout[i] = c[i] * w->summary[i];
        int from_summary = nearest(w->readout, w->vectors, width, vocab);
        int from_attention = nearest(w->out + (size_t)step * width, w->vectors, width, vocab);
        right[0] += from_summary == tokens[p];
        right[1] += from_attention == tokens[p];
        if (example) example[length + step] = from_summary, example[2 * length + step] = from_attention;
    }
    if (example)
        for (int p = 0; p < length; p++) example[p] = tokens[p];
    return ATTN_OK;
}

int attn_bottleneck_workspace(int *floats, int length, int width, int vocab) {
    ATTN__REFUSE_IF(!floats, ATTN_ERR_NULL);
    ATTN__TRY(check_sizes(length, width, vocab, 1));
    *floats = vocab * width + 4 * length * width + length * length + 2 * width; /* at most 2,164,736 within the limits */
    return ATTN_OK;
}

int attn_bottleneck_inputs(float *vectors, /* (V, D) */
                           float *codes,   /* (L, D) */
                           int *sources,   /* (T, L) */
                           uint32_t seed, int length, int width, int vocab, int trials) {
    ATTN__REFUSE_IF(!vectors || !codes || !sources, ATTN_ERR_NULL);
    ATTN__TRY(check_sizes(length, width, vocab, trials));
    ATTN__TRY(draw_setup(vectors, codes, seed, length, width, vocab));
    struct attn_rng rng;
    ATTN__TRY(seed_sources(&rng, seed, length));
    for (int t = 0; t < trials; t++) draw_source(sources + (size_t)t * length, &rng, length, vocab);
    return ATTN_OK;
}

int attn_bottleneck(double *accuracy, /* (2) summary, attention */
                    float *alignment, /* (L, L), or NULL */
                    int *example,     /* (3, L), or NULL */
                    float *work,      /* (attn_bottleneck_workspace floats) */
                    uint32_t seed, int task, int length, int width, int vocab, int trials) {
    ATTN__REFUSE_IF(!accuracy || !work, ATTN_ERR_NULL);
    ATTN__TRY(check_sizes(length, width, vocab, trials));
    ATTN__REFUSE_IF(task != ATTN_BOTTLENECK_COPY && task != ATTN_BOTTLENECK_REVERSE, ATTN_ERR_ARGUMENT);

    struct bottleneck_work w = split_work(work, length, width, vocab);
    ATTN__TRY(draw_setup(w.vectors, w.codes, seed, length, width, vocab));
    struct attn_rng rng;
    ATTN__TRY(seed_sources(&rng, seed, length));
    ATTN__TRY(align(&w, task, length, width));
    if (alignment)
        for (size_t i = 0; i < (size_t)length * length; i++) alignment[i] = w.weights[i];
    int tokens[ATTN_BOTTLENECK_MAX_LENGTH];
    int right[2] = {0, 0};
    for (int t = 0; t < trials; t++) {
        draw_source(tokens, &rng, length, vocab);
        ATTN__TRY(run_trial(right, t == 0 ? example : NULL, &w, tokens, task, length, width, vocab));
    }
    double total = (double)trials * length;
    accuracy[0] = right[0] / total;
    accuracy[1] = right[1] / total;
    return ATTN_OK;
}
