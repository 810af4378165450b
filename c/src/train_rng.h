/*
 * train_rng.h — a small private seeded generator (SplitMix64) for the training lab:
 * parameter initialisation, batch sampling, text sampling and the default corpus.
 * TODO(lead): switch to attn_rng from random.c when issue 3 lands
 */
#ifndef ATTN_TRAIN_RNG_H
#define ATTN_TRAIN_RNG_H

#include <math.h>
#include <stdint.h>

struct train_rng {
    uint64_t state;
};

static inline void train_rng_seed(struct train_rng *r, uint64_t seed) { r->state = seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull; }

static inline uint64_t train_rng_next(struct train_rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1) with 53 bits. */
static inline double train_rng_uniform(struct train_rng *r) { return (double)(train_rng_next(r) >> 11) * 0x1.0p-53; }

/* Uniform integer in [0, n), n > 0 (the bias of the modulo is below 2^-32 for n < 2^32). */
static inline int train_rng_below(struct train_rng *r, int n) { return (int)(train_rng_next(r) % (uint64_t)n); }

/* Standard normal by Box–Muller (one draw per call; the second is dropped for simplicity). */
static inline double train_rng_normal(struct train_rng *r) {
    double u1 = train_rng_uniform(r), u2 = train_rng_uniform(r);
    if (u1 < 1e-300) u1 = 1e-300;
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

#endif /* ATTN_TRAIN_RNG_H */
