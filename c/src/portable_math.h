/*
 * portable_math.h — log and exp written in plain IEEE-754 double arithmetic (+, −, ×, ÷, frexp,
 * ldexp, floor), private to the core. libm's log and exp may differ in the last bit between
 * glibc (native tests) and musl (Emscripten), which would make "the same seed gives the same
 * numbers" false; these give identical bits everywhere. Accurate to a few ulp, which is plenty
 * for sampling and for softmax statistics.
 */
#ifndef ATTN__PORTABLE_MATH_H
#define ATTN__PORTABLE_MATH_H

#include <math.h>

static const double attn__ln2_hi = 6.93147180369123816490e-01; /* ln 2, top 32 bits */
static const double attn__ln2_lo = 1.90821492927058770002e-10; /* ln 2 − attn__ln2_hi */

/* ln x for finite x > 0: x = m·2^e with m in [√½, √2), ln m = 2·atanh(t), t = (m − 1)/(m + 1),
 * |t| <= 0.1716, by its series to t^23 (error below 1e-17). */
static inline double attn__portable_log(double x) {
    int e;
    double m = frexp(x, &e); /* x = m·2^e, m in [0.5, 1) — exact */
    if (m < 0.70710678118654752440) {
        m *= 2.0;
        e -= 1;
    }
    double t = (m - 1.0) / (m + 1.0), t2 = t * t;
    /* 1 + t²/3 + t⁴/5 + ... + t²²/23, by Horner's rule (the divisions fold to constants). */
    double series = 1.0 / 23;
    series = series * t2 + 1.0 / 21;
    series = series * t2 + 1.0 / 19;
    series = series * t2 + 1.0 / 17;
    series = series * t2 + 1.0 / 15;
    series = series * t2 + 1.0 / 13;
    series = series * t2 + 1.0 / 11;
    series = series * t2 + 1.0 / 9;
    series = series * t2 + 1.0 / 7;
    series = series * t2 + 1.0 / 5;
    series = series * t2 + 1.0 / 3;
    series = series * t2 + 1.0;
    return e * attn__ln2_hi + (e * attn__ln2_lo + 2.0 * t * series);
}

/* e^x for x <= 0 (softmax only ever needs these): x = k·ln 2 + r, |r| <= ln2/2, e^r by its
 * Taylor series to r^14 (error below 1e-17), then scaled by 2^k (exact). */
static inline double attn__portable_exp_nonpositive(double x) {
    if (x < -745.2) return 0.0; /* below the smallest subnormal */
    double k = floor(x * 1.44269504088896340736 + 0.5);
    double r = (x - k * attn__ln2_hi) - k * attn__ln2_lo;
    double p = 1.0;
    for (int n = 14; n >= 1; n--) p = 1.0 + p * r / n;
    return ldexp(p, (int)k);
}

#endif /* ATTN__PORTABLE_MATH_H */
