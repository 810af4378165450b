/*
 * vexp.c — the vectorised exponential over an array, and the constants of vf4_exp and
 * vf4_exp2_nonpositive (simd.h), which the softmax inside the fast kernels calls inline; this
 * entry point lets the tests hold vf4_exp to libm's expf (tests/c/test_flash.c holds the other).
 */
#include <math.h>

#include "attn.h"
#include "check.h"
#include "simd.h"

/* Four copies of each constant of vf4_exp and vf4_exp2_nonpositive, in the order of their enum
 * (simd.h). Not const: a const table would be folded back into literals by the compiler (see
 * simd.h). */
#define SPLAT4(x) {.f = {x, x, x, x}}
union attn__lanes attn__exp_constants[ATTN__EXP_COUNT] = {
    [ATTN__EXP_LO] = SPLAT4(-87.0f),
    [ATTN__EXP_HI] = SPLAT4(88.0f),
    [ATTN__EXP_MAGIC] = SPLAT4(12582912.0f),
    [ATTN__EXP_LOG2E] = SPLAT4(1.44269504088896341f),
    [ATTN__EXP_LN2_HI] = SPLAT4(0.693359375f),
    [ATTN__EXP_LN2_LO] = SPLAT4(-2.12194440e-4f),
    [ATTN__EXP_P0] = SPLAT4(1.9875691500e-4f),
    [ATTN__EXP_P1] = SPLAT4(1.3981999507e-3f),
    [ATTN__EXP_P2] = SPLAT4(8.3334519073e-3f),
    [ATTN__EXP_P3] = SPLAT4(4.1665795894e-2f),
    [ATTN__EXP_P4] = SPLAT4(1.6666665459e-1f),
    [ATTN__EXP_P5] = SPLAT4(5.0000001201e-1f),
    [ATTN__EXP_ONE] = SPLAT4(1.0f),
    [ATTN__EXP_BIAS] = {.i = {127 - 0x4B400000, 127 - 0x4B400000, 127 - 0x4B400000, 127 - 0x4B400000}},
    /* 2^f ≈ 1 + C1·f + … + C5·f^5 on [-1/2, 1/2]: a least-squares fit of the relative error,
     * reweighted towards its largest values (near minimax); 1.9e-7 at most, evaluated in float. */
    [ATTN__EXP2_LO] = SPLAT4(-125.0f),
    [ATTN__EXP2_C5] = SPLAT4(0.0013264722656458616f),
    [ATTN__EXP2_C4] = SPLAT4(0.009671512991189957f),
    [ATTN__EXP2_C3] = SPLAT4(0.05550733581185341f),
    [ATTN__EXP2_C2] = SPLAT4(0.24022242426872253f),
    [ATTN__EXP2_C1] = SPLAT4(0.6931470036506653f),
    [ATTN__EXP2_C0] = SPLAT4(1.0f),
};

int attn_exp(float *y,       /* (COUNT) */
             const float *x, /* (COUNT) */
             int count) {
    ATTN__REFUSE_IF(!y || !x, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(count <= 0, ATTN_ERR_SIZE);
    int i = 0;
    for (; i + 4 <= count; i += 4) vf4_store(y + i, vf4_exp(vf4_load(x + i)));
    if (i < count) {
        float in[4] = {0, 0, 0, 0}, out[4];
        for (int j = i; j < count; j++) in[j - i] = x[j];
        vf4_store(out, vf4_exp(vf4_load(in)));
        for (int j = i; j < count; j++) y[j] = out[j - i];
    }
    return ATTN_OK;
}
