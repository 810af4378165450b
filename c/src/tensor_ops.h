/*
 * tensor_ops.h — the private kernels the autograd tape calls: matrix products on the packed
 * SIMD GEMM (attn_gemm_ex, gemm.c) in a packing scratch (`work`) the tape sized for its largest
 * product when it recorded the op, and the softmax of one row, which the softmax op and the
 * causal attention share (so the two give the same bits).
 */
#ifndef ATTN__TENSOR_OPS_H
#define ATTN__TENSOR_OPS_H

/* Where a product runs: split across both cores (attn_gemm_ex), or whole on the calling
 * thread (gemm.h; for a caller that shares out a batch of products itself). Same bits. */
enum attn__ops_threads { ATTN__OPS_BOTH_CORES, ATTN__OPS_ONE_THREAD };

/*
 * c (+)= op(a) · op(b), all float32, row-major.
 *   op(a) is (M, K): a is stored (M, K), or (K, M) when trans_a
 *   op(b) is (K, N): b is stored (K, N), or (N, K) when trans_b
 * accumulate == 0 overwrites c.
 */
void attn__ops_gemm(float *c,       /* (M, N) */
                    float *work,    /* (attn__ops_gemm_workspace floats) */
                    const float *a, /* (M, K) or (K, M) */
                    const float *b, /* (K, N) or (N, K) */
                    int m, int k, int n, int trans_a, int trans_b, int accumulate, enum attn__ops_threads threads);

/*
 * The gradients of c = op(a) · op(b) for one matrix: da (+)= ∂/∂a, db (+)= ∂/∂b, each stored
 * like its input: added to what is there when add_a (add_b), else written. Either output may be
 * NULL (not wanted). da is done before db.
 */
void attn__ops_gemm_backward(float *da, float *db, float *work, const float *a, const float *b, const float *dc,
                             int m, int k, int n, int trans_a, int trans_b, int add_a, int add_b,
                             enum attn__ops_threads threads);

/* Floats of `work` that a product of these sizes and both its gradients need (0: bad sizes), on
 * both cores, or on one thread (one thread's share: a batch needs one per thread). */
long long attn__ops_gemm_workspace(int m, int k, int n, enum attn__ops_threads threads);

/*
 * y = softmax(x) over a row of `len` entries of which only the first `valid` (≥ 1) are read:
 * the rest count as −∞ (blocked) and get y = 0, exactly as if the whole row were taken with −∞
 * there. When `len` is a multiple of 4 (the four-lane path) x[valid .. round_up(valid, 4))
 * must hold −∞ too. In place (y == x) is allowed. A row whose allowed entries are all −∞ is
 * NaN throughout, as the chapter teaches.
 */
void attn__ops_softmax_row(float *y,       /* (LEN) */
                           const float *x, /* (LEN) */
                           int len, int valid);

#endif /* ATTN__TENSOR_OPS_H */
