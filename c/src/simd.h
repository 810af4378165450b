/*
 * simd.h — private: four-float vectors for the fast kernels, one source for every target.
 *
 * WebAssembly builds (-msimd128) use wasm_simd128.h; native x86-64 builds use the SSE2 twin of
 * each operation. The fast kernels (gemm.c, flash.c, kv_cache.c) are written only in terms of
 * these functions, so the native build times and tests exactly the code the page runs.
 * WASM SIMD128 has no fused multiply-add, so neither does this layer: vf4_madd is mul then add
 * on every target.
 */
#ifndef ATTN__SIMD_H
#define ATTN__SIMD_H

#include <stdint.h>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

typedef v128_t vf4;
typedef v128_t vi4;

static inline vf4 vf4_load(const float *p) { return wasm_v128_load(p); }
static inline void vf4_store(float *p, vf4 x) { wasm_v128_store(p, x); }
static inline vf4 vf4_splat(float x) { return wasm_f32x4_splat(x); }
static inline vf4 vf4_load_splat(const float *p) { return wasm_v128_load32_splat(p); }
static inline vf4 vf4_zero(void) { return wasm_f32x4_const(0, 0, 0, 0); }
static inline vf4 vf4_add(vf4 a, vf4 b) { return wasm_f32x4_add(a, b); }
static inline vf4 vf4_sub(vf4 a, vf4 b) { return wasm_f32x4_sub(a, b); }
static inline vf4 vf4_mul(vf4 a, vf4 b) { return wasm_f32x4_mul(a, b); }
static inline vf4 vf4_div(vf4 a, vf4 b) { return wasm_f32x4_div(a, b); }
static inline vf4 vf4_sqrt(vf4 x) { return wasm_f32x4_sqrt(x); }
/* max/min of non-NaN lanes (pmax/pmin are one instruction in WASM). */
static inline vf4 vf4_max(vf4 a, vf4 b) { return wasm_f32x4_pmax(a, b); }
static inline vf4 vf4_min(vf4 a, vf4 b) { return wasm_f32x4_pmin(a, b); }
/* lanes of `a` where a < b, else 0 bits (a compare mask and). */
static inline vf4 vf4_and_ge(vf4 x, vf4 a, vf4 b) { return wasm_v128_and(x, wasm_f32x4_ge(a, b)); }
static inline float vf4_lane0(vf4 x) { return wasm_f32x4_extract_lane(x, 0); }
static inline vf4 vf4_swap_pairs(vf4 x) { return wasm_i32x4_shuffle(x, x, 2, 3, 0, 1); }
static inline vf4 vf4_swap_lanes(vf4 x) { return wasm_i32x4_shuffle(x, x, 1, 0, 3, 2); }
/* Bit-level: reinterpret, integer add and shift, for 2^n in the exponential. */
static inline vi4 vf4_as_int(vf4 x) { return x; }
static inline vf4 vi4_as_float(vi4 x) { return x; }
static inline vi4 vi4_add(vi4 a, vi4 b) { return wasm_i32x4_add(a, b); }
static inline vi4 vi4_splat(int32_t x) { return wasm_i32x4_splat(x); }
static inline vi4 vi4_shl23(vi4 x) { return wasm_i32x4_shl(x, 23); }
/* Rows r0..r3 of a 4×4 block become its columns. */
static inline void vf4_transpose4(vf4 *r0, vf4 *r1, vf4 *r2, vf4 *r3) {
    const vf4 t0 = wasm_i32x4_shuffle(*r0, *r1, 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(*r0, *r1, 2, 6, 3, 7);
    const vf4 t2 = wasm_i32x4_shuffle(*r2, *r3, 0, 4, 1, 5), t3 = wasm_i32x4_shuffle(*r2, *r3, 2, 6, 3, 7);
    *r0 = wasm_i32x4_shuffle(t0, t2, 0, 1, 4, 5);
    *r1 = wasm_i32x4_shuffle(t0, t2, 2, 3, 6, 7);
    *r2 = wasm_i32x4_shuffle(t1, t3, 0, 1, 4, 5);
    *r3 = wasm_i32x4_shuffle(t1, t3, 2, 3, 6, 7);
}

#elif defined(__SSE2__)
#include <emmintrin.h>

typedef __m128 vf4;
typedef __m128i vi4;

static inline vf4 vf4_load(const float *p) { return _mm_loadu_ps(p); }
static inline void vf4_store(float *p, vf4 x) { _mm_storeu_ps(p, x); }
static inline vf4 vf4_splat(float x) { return _mm_set1_ps(x); }
static inline vf4 vf4_load_splat(const float *p) { return _mm_set1_ps(*p); }
static inline vf4 vf4_zero(void) { return _mm_setzero_ps(); }
static inline vf4 vf4_add(vf4 a, vf4 b) { return _mm_add_ps(a, b); }
static inline vf4 vf4_sub(vf4 a, vf4 b) { return _mm_sub_ps(a, b); }
static inline vf4 vf4_mul(vf4 a, vf4 b) { return _mm_mul_ps(a, b); }
static inline vf4 vf4_div(vf4 a, vf4 b) { return _mm_div_ps(a, b); }
static inline vf4 vf4_sqrt(vf4 x) { return _mm_sqrt_ps(x); }
static inline vf4 vf4_max(vf4 a, vf4 b) { return _mm_max_ps(a, b); }
static inline vf4 vf4_min(vf4 a, vf4 b) { return _mm_min_ps(a, b); }
static inline vf4 vf4_and_ge(vf4 x, vf4 a, vf4 b) { return _mm_and_ps(x, _mm_cmpge_ps(a, b)); }
static inline float vf4_lane0(vf4 x) { return _mm_cvtss_f32(x); }
static inline vf4 vf4_swap_pairs(vf4 x) { return _mm_shuffle_ps(x, x, _MM_SHUFFLE(1, 0, 3, 2)); }
static inline vf4 vf4_swap_lanes(vf4 x) { return _mm_shuffle_ps(x, x, _MM_SHUFFLE(2, 3, 0, 1)); }
static inline vi4 vf4_as_int(vf4 x) { return _mm_castps_si128(x); }
static inline vf4 vi4_as_float(vi4 x) { return _mm_castsi128_ps(x); }
static inline vi4 vi4_add(vi4 a, vi4 b) { return _mm_add_epi32(a, b); }
static inline vi4 vi4_splat(int32_t x) { return _mm_set1_epi32(x); }
static inline vi4 vi4_shl23(vi4 x) { return _mm_slli_epi32(x, 23); }
static inline void vf4_transpose4(vf4 *r0, vf4 *r1, vf4 *r2, vf4 *r3) { _MM_TRANSPOSE4_PS(*r0, *r1, *r2, *r3); }

#else
#error "the fast kernels need WebAssembly SIMD128 (-msimd128) or x86-64 SSE2"
#endif

/* a·b + c, as a multiply then an add (no fused multiply-add in WASM SIMD128). */
static inline vf4 vf4_madd(vf4 a, vf4 b, vf4 c) { return vf4_add(vf4_mul(a, b), c); }

/* Horizontal sum and maximum of the four lanes. */
static inline float vf4_hsum(vf4 x) {
    x = vf4_add(x, vf4_swap_pairs(x));
    return vf4_lane0(vf4_add(x, vf4_swap_lanes(x)));
}
static inline float vf4_hmax(vf4 x) {
    x = vf4_max(x, vf4_swap_pairs(x));
    return vf4_lane0(vf4_max(x, vf4_swap_lanes(x)));
}

/*
 * The exponential's constants, each splat across four lanes (vexp.c defines them). They are
 * read from memory, not written as literals, on purpose: with a dozen literal splats live in
 * its loop, V8 ran out of vector registers and rebuilt every constant on every pass (three
 * instructions each); loaded from memory, the exponential runs about 1.6 times as fast in
 * Chromium and gives the same bits.
 */
enum {
    ATTN__EXP_LO, ATTN__EXP_HI, ATTN__EXP_MAGIC, ATTN__EXP_LOG2E, ATTN__EXP_LN2_HI, ATTN__EXP_LN2_LO,
    ATTN__EXP_P0, ATTN__EXP_P1, ATTN__EXP_P2, ATTN__EXP_P3, ATTN__EXP_P4, ATTN__EXP_P5, ATTN__EXP_ONE,
    ATTN__EXP_BIAS, /* an integer: 127 − the magic number's exponent bits */
    ATTN__EXP2_LO, /* vf4_exp2_nonpositive: its bound, then its polynomial from the highest term */
    ATTN__EXP2_C5, ATTN__EXP2_C4, ATTN__EXP2_C3, ATTN__EXP2_C2, ATTN__EXP2_C1, ATTN__EXP2_C0,
    ATTN__EXP_COUNT
};
union attn__lanes {
    float f[4];
    int32_t i[4];
};
extern union attn__lanes attn__exp_constants[ATTN__EXP_COUNT];
static inline vf4 vf4_exp_constant(int which) { return vf4_load(attn__exp_constants[which].f); }

/* c0·x^5 + c1·x^4 + … + c5 by Horner's rule, c0..c5 the six constants from `first` on. */
static inline vf4 vf4_horner5(vf4 x, int first) {
    vf4 p = vf4_exp_constant(first);
    for (int i = 1; i <= 5; i++) p = vf4_madd(p, x, vf4_exp_constant(first + i));
    return p;
}

/*
 * e^x on four lanes (Cephes-style): x = n·ln2 + r with |r| ≤ ln2/2, e^r by a degree-6
 * polynomial, 2^n by building the float exponent. Relative error below 2e-7 for x in
 * [-87, 88]. Lanes below -87 (including -INFINITY, a masked score) give exactly 0.
 * Defined here so every kernel inlines it.
 */
static inline vf4 vf4_exp(vf4 x) {
    const vf4 lo = vf4_exp_constant(ATTN__EXP_LO);
    const vf4 keep = x; /* for the "below -87 is 0" test */
    x = vf4_min(vf4_max(x, lo), vf4_exp_constant(ATTN__EXP_HI));
    /* n = round(x / ln2) by the 1.5·2^23 trick: the float sum's low mantissa bits hold n. */
    const vf4 magic = vf4_exp_constant(ATTN__EXP_MAGIC);
    vf4 t = vf4_add(vf4_mul(x, vf4_exp_constant(ATTN__EXP_LOG2E)), magic);
    vf4 n = vf4_sub(t, magic);
    vf4 r = vf4_sub(x, vf4_mul(n, vf4_exp_constant(ATTN__EXP_LN2_HI)));
    r = vf4_sub(r, vf4_mul(n, vf4_exp_constant(ATTN__EXP_LN2_LO)));
    /* e^r ≈ 1 + r + r²·P(r) (Cephes expf coefficients). */
    vf4 p = vf4_horner5(r, ATTN__EXP_P0);
    vf4 r2 = vf4_mul(r, r);
    vf4 er = vf4_add(vf4_madd(p, r2, r), vf4_exp_constant(ATTN__EXP_ONE));
    /* 2^n: (n + 127) << 23, with n read from t's low bits (t's bits are 0x4B400000 + n). */
    vi4 bits = vi4_add(vf4_as_int(t), vf4_as_int(vf4_exp_constant(ATTN__EXP_BIAS)));
    vf4 scale = vi4_as_float(vi4_shl23(bits));
    return vf4_and_ge(vf4_mul(er, scale), keep, lo);
}

/*
 * 2^x on four lanes for x ≤ 0 (a score minus its row's maximum, in base-2 units): x = n + f with
 * n = round(x) and |f| ≤ 1/2, 2^f by a degree-5 polynomial whose constant term is exactly 1 (so
 * 2^0 is exactly 1), 2^n by adding n to its exponent. Relative error below 2e-7. Lanes below
 * -125 (including -INFINITY, a masked score) give exactly 0. It needs no range reduction by ln 2
 * and two terms fewer than vf4_exp: the tiled attention (flash.c) folds log2(e) into its keys
 * so that its softmax can use it.
 */
static inline vf4 vf4_exp2_nonpositive(vf4 x) {
    const vf4 lo = vf4_exp_constant(ATTN__EXP2_LO);
    const vf4 keep = x; /* for the "below -125 is 0" test */
    x = vf4_max(x, lo);
    /* n = round(x) by the 1.5·2^23 trick: the float sum's low mantissa bits hold n. */
    const vf4 magic = vf4_exp_constant(ATTN__EXP_MAGIC);
    const vf4 t = vf4_add(x, magic);
    const vf4 f = vf4_sub(x, vf4_sub(t, magic));
    const vf4 p = vf4_horner5(f, ATTN__EXP2_C5); /* 2^f, in [2^-1/2, 2^1/2] */
    /* 2^f·2^n: n added to p's exponent bits (t's bits are 0x4B400000 + n; shifted left by 23,
     * only n << 23 is left). p's exponent is 126 or 127 and n ≥ -125: the result is normal. */
    const vf4 scaled = vi4_as_float(vi4_add(vf4_as_int(p), vi4_shl23(vf4_as_int(t))));
    return vf4_and_ge(scaled, keep, lo);
}

/*
 * The numerators of a softmax, in place: x[i] = e^(x[i] − max) for i < count (a multiple of 4),
 * and their sum. The KV cache uses it (the tiled attention works on 4 rows per vector instead).
 */
static inline float vf4_exp_shifted_sum(float *x, /* (COUNT) */
                                        float max, int count) {
    const vf4 vmax = vf4_splat(max);
    vf4 vsum = vf4_zero();
    for (int i = 0; i < count; i += 4) {
        vf4 e = vf4_exp(vf4_sub(vf4_load(x + i), vmax));
        vf4_store(x + i, e);
        vsum = vf4_add(vsum, e);
    }
    return vf4_hsum(vsum);
}

#endif /* ATTN__SIMD_H */
