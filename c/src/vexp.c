/*
 * vexp.c — the vectorised exponential over an array. The softmax inside the fast kernels calls
 * vf4_exp (simd.h) inline; this entry point lets the tests hold it to libm's expf.
 */
#include <math.h>

#include "attn.h"
#include "check.h"
#include "simd.h"

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
