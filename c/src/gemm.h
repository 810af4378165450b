/*
 * gemm.h — private: the fast matrix product (gemm.c) on ONE thread, for kernels that split
 * their own work across threads (the tape's batched products and its causal attention, one
 * head per block) and call a product per block in that thread's scratch. Not part of the
 * public API; attn.h declares attn_gemm / attn_gemm_ex, which split one product across both
 * cores themselves.
 *
 * A causal attention multiplies triangular matrices. A shape tells the product which terms are
 * structurally zero or not wanted, so it can skip them (row i, column j, shared index p; rows
 * and columns counted from the start of the call):
 *   ATTN__GEMM_FULL       every entry, every term
 *   ATTN__GEMM_LOWER_OUT  only entries with j ≤ i are wanted (whole 4×8 tiles above the
 *                         diagonal are skipped and left as they were; tiles it crosses are
 *                         computed whole)
 *   ATTN__GEMM_A_LOWER    op(A)[i][p] = 0 for p > i: row i sums terms p ≤ i only
 *   ATTN__GEMM_A_UPPER    op(A)[i][p] = 0 for p < i: row i sums terms p ≥ i only
 * Skipping a term that is exactly zero leaves every sum bitwise unchanged: each entry is summed
 * in order from +0, and adding ±0 to a float that is not −0 returns it (a sum started at +0 is
 * never −0). So a shaped product gives the bits of the full one wherever the shape's zeros are
 * true zeros and the other operand is finite.
 */
#ifndef ATTN__GEMM_H
#define ATTN__GEMM_H

#include <stdint.h>

enum attn__gemm_shape { ATTN__GEMM_FULL, ATTN__GEMM_LOWER_OUT, ATTN__GEMM_A_LOWER, ATTN__GEMM_A_UPPER };

/* Floats of scratch attn__gemm_serial needs for these sizes (ATTN_ERR_OVERFLOW past the limit). */
int attn__gemm_serial_workspace(int64_t *floats, int m, int k, int n);

/*
 * c (+)= op(a) · op(b) on the calling thread, with attn_gemm_ex's arguments (not validated
 * again: the caller checked them) and a shape; the same bits as attn_gemm_ex for FULL.
 */
void attn__gemm_serial(float *c,       /* (M, ldc) */
                       float *work,    /* (attn__gemm_serial_workspace floats) */
                       const float *a, /* (M, lda), or (K, lda) when transpose_a */
                       const float *b, /* (K, ldb), or (N, ldb) when transpose_b */
                       int transpose_a, int transpose_b, int accumulate, int m, int k, int n, int lda, int ldb,
                       int ldc, enum attn__gemm_shape shape);

/*
 * The packing of the product's operands, for a kernel that runs its own micro-kernels on the
 * same panels (flash.c). Rows i0..i0+mc-1, steps p0..p0+kc-1 of op(a) (stored (M, lda), or
 * (K, lda) when transpose_a) into panels of 4 rows: panel r0 starts at r0·kc and holds, for each
 * step, its 4 rows side by side (zero past mc).
 */
void attn__gemm_pack_rows(float *packed, /* (round_up(mc, 4)·kc) */
                          const float *a, int transpose_a, int i0, int mc, int p0, int kc, int lda);
/*
 * Columns j0..j0+7 (zero past n) of steps p0..p0+kc-1 of op(b) (stored (K, ldb), or (N, ldb)
 * when transpose_b) as one panel: for each step, its 8 columns side by side.
 */
void attn__gemm_pack_columns(float *panel, /* (kc·8) */
                             const float *b, int transpose_b, int p0, int kc, int j0, int n, int ldb);

#endif /* ATTN__GEMM_H */
