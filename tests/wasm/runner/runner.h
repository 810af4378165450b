/*
 * runner.h — attn-runner, a native build of the core that the WASM tests compare against.
 *
 * It reads one request on stdin: a text line naming the command and its sizes, then the inputs
 * as raw little-endian float32. Writes the outputs to stdout the same way: an int32 status,
 * then the command's results. One command per process;
 * tests/wasm/helpers.mjs (runNative) drives it. Commands live in run_<concept>.c, one file per
 * concept of the core, and are listed in main.c.
 *
 *   attention N M DK DV MASK_KIND SCALE \n  q(N*DK) k(M*DK) v(M*DV) [mask(N*M)]
 *     → status, empty_rows (int32), scores, scaled, masked, weights (N*M each), out (N*DV)
 *   matmul M K N TRANSPOSE_B \n  a(M*K) b(K*N)
 *     → status, c (M*N)
 *   normals COUNT SEED \n
 *     → status, normals (COUNT)
 *   score_stats DK DRAWS SEED SCALED BINS \n  edges(BINS+1)
 *     → status, moments (3 float64), counts (BINS int32)
 *   saturation DK KEYS TRIALS SEED SCALED THRESHOLD \n
 *     → status, summary (2 float64), pmax (TRIALS)
 *   score_gaps DK KEYS TRIALS SEED SCALED GAP \n
 *     → status, totals (3 float64: pairs, pairs apart by more than GAP, Σ top gap)
 *   saturation_gaps DK KEYS TRIALS SEED SCALED THRESHOLD GAP \n   (both from one pass)
 *     → status, summary (2 float64), totals (3 float64), pmax (TRIALS)
 *   mask none|causal N M \n              → status, mask (N*M)
 *   mask window N M W \n                 → status, mask (N*M)
 *   mask padding N M B L1 .. LB \n       → status, mask (B*N*M)
 *   mask_add COUNT \n  a(COUNT) b(COUNT) → status, sum (COUNT)
 *   mask_allowed N M \n  mask(N*M)       → status, empty_rows, allowed (N int32), ln k (N float64)
 *   zero_blocked N M \n  w(N*M) mask(N*M) → status, out (N*M)
 *   row_stats N M \n  w(N*M)             → status, sums (N float64), entropy (N float64)
 *   positions N D \n
 *     → status, pe (N*D)
 *   rope OFFSET N D \n  x(N*D)
 *     → status, y (N*D)
 *   positioned POSITION_KIND MASK_KIND OFFSET N D \n  x(N*D) wq(D*D) wk(D*D) wv(D*D)
 *     → status, out, q, k, v (N*D each)
 *   embedding D WORD \n
 *     → status, e (D)
 *   multihead N D H MASK_KIND \n  x(N*D) wq wk wv wo (D*D each) [mask(N*N)]
 *     → status, empty_rows (int32), out (N*D), weights (H*N*N), head_out (N*D), concat (N*D)
 *   cost N D H \n
 *     → status, the eleven doubles of struct attn_cost in order (float64)
 *   train LAYERS HEADS D_MODEL CONTEXT BATCH STEPS SEED \n
 *     → status, losses (STEPS float32), validation loss (float32): the model trained on the
 *       default corpus (20,000 characters, seed 1; characters numbered in byte order,
 *       90/10 split), as tests/wasm/model.test.mjs does through the JS face
 *   gemm M K N TRANSPOSE_B \n  a(M*K) b(K*N)          (the fast kernel)
 *     → status, c (M*N)
 *   gemm_ex M K N TRANSPOSE_A TRANSPOSE_B ACCUMULATE \n  a(M*K) b(K*N) c(M*N)   (attn_gemm_ex)
 *     → status, c (M*N)
 *   flash HEADS N M DK DV MASK_KIND WINDOW \n  q(N*HEADS*DK) k(M*HEADS*DK) v(M*HEADS*DV)
 *     → status, empty_rows (int32), out (N*HEADS*DV), lse (HEADS*N)
 *   corpus LENGTH SEED \n
 *     → status, entropy (float32, nats per character), text (LENGTH bytes)
 *   lookup M DK DV SHARPNESS \n  q(DK) keys(M*DK) values(M*DV)
 *     → status, scores, scaled, weights (M each), out (DV), the eleven doubles of struct
 *       attn_lookup_stats in order (float64), best, runner_up, checks (int32)
 *   hull COUNT \n  points(COUNT*2) point(2)
 *     → status, corner count (int32), the corners (int32 each), depth (float64), inside (int32)
 *   bottleneck SEED TASK L D V TRIALS \n
 *     → status, accuracy (2 float64), alignment (L*L), example (3*L int32)
 */
#ifndef ATTN_RUNNER_H
#define ATTN_RUNNER_H

#include <stddef.h>
#include <stdint.h>

/* `count` floats from stdin into a new buffer; exits with status 2 when stdin runs short. */
float *read_floats(size_t count);

void write_int(int32_t value);
void write_floats(const float *x, size_t count);
void write_doubles(const double *x, size_t count);

/* The commands: each reads the rest of its request and writes its answer; 0 when it ran. */
int run_attention(void);
int run_matmul(void);
int run_normals(void);
int run_score_stats(void);
int run_saturation(void);
int run_score_gaps(void);
int run_saturation_gaps(void);
int run_mask(void);
int run_mask_add(void);
int run_mask_allowed(void);
int run_zero_blocked(void);
int run_row_stats(void);
int run_positions(void);
int run_rope(void);
int run_positioned(void);
int run_embedding(void);
int run_multihead(void);
int run_cost(void);
int run_corpus(void);
int run_train(void);
int run_gemm(void);
int run_gemm_ex(void);
int run_flash(void);
int run_lookup(void);
int run_hull(void);
int run_bottleneck(void);

#endif /* ATTN_RUNNER_H */
