/*
 * tensor_ops.h — the private matrix kernels the autograd tape calls. One small interface so a
 * faster GEMM can replace the plain loops without touching any op.
 */
#ifndef ATTN_TENSOR_OPS_H
#define ATTN_TENSOR_OPS_H

/*
 * c (+)= op(a) · op(b), all float32, row-major.
 *   op(a) is (M, K): a is stored (M, K), or (K, M) when trans_a
 *   op(b) is (K, N): b is stored (K, N), or (N, K) when trans_b
 * accumulate == 0 overwrites c.
 */
void attn_ops_gemm(float *c,       /* (M, N) */
                   const float *a, /* (M, K) or (K, M) */
                   const float *b, /* (K, N) or (N, K) */
                   int m, int k, int n, int trans_a, int trans_b, int accumulate);

/*
 * The gradients of c = op(a) · op(b) for one matrix: da (+)= ∂/∂a, db (+)= ∂/∂b, each stored
 * like its input. Either output may be NULL (not wanted). Always accumulates.
 */
void attn_ops_gemm_backward(float *da, float *db, const float *a, const float *b, const float *dc,
                            int m, int k, int n, int trans_a, int trans_b);

#endif /* ATTN_TENSOR_OPS_H */
