/*
 * random.c — the core's one random generator, xoshiro128** seeded through splitmix64, and its
 * standard normal sampler (the ziggurat method). Every experiment and every random
 * initialisation in the core draws from here; nothing else in the core makes random numbers.
 */
#include <math.h>

#include "attn.h"
#include "check.h"
#include "portable_math.h"
#include "ziggurat_tables.h"

static inline uint32_t rotl32(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

/* splitmix64 (Steele, Lea and Flood): spreads one 64-bit counter into well-mixed words. */
static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int attn_rng_seed(struct attn_rng *rng, uint32_t seed) {
    ATTN__REFUSE_IF(!rng, ATTN_ERR_NULL);
    uint64_t x = seed;
    uint64_t a = splitmix64(&x), b = splitmix64(&x);
    rng->s[0] = (uint32_t)a;
    rng->s[1] = (uint32_t)(a >> 32);
    rng->s[2] = (uint32_t)b;
    rng->s[3] = (uint32_t)(b >> 32);
    if ((rng->s[0] | rng->s[1] | rng->s[2] | rng->s[3]) == 0) rng->s[0] = 1; /* all-zero is a fixed point */
    return ATTN_OK;
}

/* xoshiro128** 1.1: the output is a scrambled s[1]; the state advances by xor-shifts. */
uint32_t attn_rng_next_u32(struct attn_rng *rng) {
    uint32_t *s = rng->s;
    const uint32_t result = rotl32(s[1] * 5u, 7) * 9u;
    const uint32_t t = s[1] << 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl32(s[3], 11);
    return result;
}

float attn_rng_uniform(struct attn_rng *rng) {
    return (float)(attn_rng_next_u32(rng) >> 8) * 0x1p-24f;
}

uint32_t attn_rng_below(struct attn_rng *rng, uint32_t n) {
    return (uint32_t)(((uint64_t)attn_rng_next_u32(rng) * n) >> 32);
}

/* A uniform double in the open interval (0, 1). */
static inline double uniform_open(struct attn_rng *rng) {
    return ((double)attn_rng_next_u32(rng) + 0.5) * 0x1p-32;
}

static inline double gauss(double x) { return attn__portable_exp_nonpositive(-0.5 * x * x); }

/*
 * The ziggurat method (Marsaglia and Tsang, 2000), with 128 layers of equal area stacked under
 * the bell curve. One 32-bit word gives the layer (7 bits), the sign (1 bit) and a uniform
 * position in the layer (24 bits): when the point lands inside the layer's rectangle that lies
 * wholly under the curve (about 98.8% of the time) it is the answer, for one multiply and one
 * compare. Otherwise the wedge between the rectangle and the curve is tested against exp(−x²/2),
 * or, in the base layer, a draw is made from the tail beyond r (Marsaglia's 1964 method).
 * exp and log are the portable ones, so the results are bit-identical everywhere.
 */
float attn_rng_normal(struct attn_rng *rng) {
    for (;;) {
        const uint32_t bits = attn_rng_next_u32(rng);
        const int layer = (int)(bits & (ZIG_LAYERS - 1));
        const double sign = (bits & ZIG_LAYERS) ? -1.0 : 1.0;
        const double x = (double)(bits >> 8) * 0x1p-24 * zig_x[layer];
        if (x < zig_x[layer + 1]) return (float)(sign * x); /* inside the rectangle */
        if (layer == 0) {
            double a, b;
            do {
                a = -attn__portable_log(uniform_open(rng)) / zig_r;
                b = -attn__portable_log(uniform_open(rng));
            } while (b + b < a * a);
            return (float)(sign * (zig_r + a));
        }
        const double height = zig_f[layer] + uniform_open(rng) * (zig_f[layer + 1] - zig_f[layer]);
        if (height < gauss(x)) return (float)(sign * x); /* inside the wedge, under the curve */
    }
}

int attn_rng_normals(float *out, /* (COUNT) */
                     struct attn_rng *rng, int count) {
    ATTN__REFUSE_IF(!out || !rng, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(count <= 0, ATTN_ERR_SIZE);
    for (int i = 0; i < count; i++) out[i] = attn_rng_normal(rng);
    return ATTN_OK;
}

int attn_rng_bytes(void) { return (int)sizeof(struct attn_rng); }
