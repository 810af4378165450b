/*
 * run_gemm_ex.c — attn-runner command for the general fast product the training tape uses
 * (attn_gemm_ex: transposes and accumulation), built natively.
 */
#include <stdio.h>
#include <stdlib.h>

#include "attn.h"
#include "runner.h"

int run_gemm_ex(void) {
    int m, k, n, transpose_a, transpose_b, accumulate, floats = 1;
    if (scanf("%d %d %d %d %d %d", &m, &k, &n, &transpose_a, &transpose_b, &accumulate) != 6) return 2;
    getchar();
    float *a = read_floats((size_t)m * k), *b = read_floats((size_t)k * n), *c = read_floats((size_t)m * n);
    int rc = attn_gemm_workspace(&floats, m, k, n);
    float *work = malloc(sizeof(float) * (size_t)floats);
    if (rc == ATTN_OK)
        rc = attn_gemm_ex(c, work, a, b, transpose_a, transpose_b, accumulate, m, k, n, transpose_a ? m : k,
                          transpose_b ? k : n, n);
    write_int(rc);
    write_floats(c, (size_t)m * n);
    free(a), free(b), free(c), free(work);
    return 0;
}
