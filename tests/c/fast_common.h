/*
 * fast_common.h — shared by the fast-kernel tests: seeded random inputs and the relative
 * difference the fast kernels are held to (|a − b| / max(1, |b|), NaN equal to NaN).
 */
#ifndef ATTN_TEST_FAST_COMMON_H
#define ATTN_TEST_FAST_COMMON_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* xorshift32, scaled to [-scale, scale). */
static inline void fill_random(float *x, size_t count, uint32_t seed, float scale) {
    uint32_t s = seed ? seed : 1;
    for (size_t i = 0; i < count; i++) {
        s ^= s << 13, s ^= s >> 17, s ^= s << 5;
        x[i] = ((float)(s >> 8) / 16777216.0f * 2.0f - 1.0f) * scale;
    }
}

static inline double max_relative_difference(const float *a, const float *b, size_t count) {
    double worst = 0;
    for (size_t i = 0; i < count; i++) {
        if (isnan(a[i]) && isnan(b[i])) continue;
        if (a[i] == b[i]) continue;
        double d = fabs((double)a[i] - b[i]) / fmax(1.0, fabs((double)b[i]));
        if (isnan(d)) return INFINITY;
        if (d > worst) worst = d;
    }
    return worst;
}

#endif
