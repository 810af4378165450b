/*
 * gemm.c — the fast matrix product: packed panels and a register-blocked 4×8 micro-kernel on
 * four-float vectors (simd.h). attn_matmul (matmul.c) is its naive twin, and tests hold the two
 * together.
 *
 * The classic blocking: all of op(B) is packed once per call, each block of GEMM_KC steps of the
 * shared dimension as panels of 8 columns (one panel is GEMM_KC·8 floats, read by the
 * micro-kernel from L1); for each block of GEMM_MC rows, A is packed into panels of 4 rows (the
 * block stays in L2). Transposed operands are absorbed by the packing (A stored transposed is
 * copied a 64-byte line of each stored row at a time, four panels per step), and accumulation
 * (C += A·B) by the micro-kernel's store. Every entry of C is summed in the same order whatever
 * rows a call covers, so a call on a block of C's rows gives bitwise that block of the whole
 * call. On both cores, the panels of B are shared out first, then blocks of rows (parallel.c).
 *
 * A triangular A (the causal attention's shapes, gemm.h) is not packed: a second micro-kernel
 * reads its 4 rows where they are stored (one pointer stepping by lda when A is stored
 * transposed, four row offsets stepping by one float when not), the same sums in the same order.
 * Half of a packed triangular block would be zeros never read, and a head's block is small; there
 * reading in place is 6–23% faster. A full A stays packed: read in place, its panels' strided
 * rows made the training step ~5% slower than the packing they save (README: "Packing A or
 * reading it in place").
 *
 * The micro-kernel keeps a 4×8 tile of C in eight vector registers: per step it loads two
 * vectors of B, broadcasts four entries of A and does eight multiply-adds. (A 6×8 tile, twelve
 * accumulators, is the usual choice natively; V8 reserves one vector register as scratch and
 * needs a temporary per multiply-add, so 6×8 spills and ran at two thirds the speed here.)
 * gemm.h offers the product on one thread, with the triangular shapes of a causal attention,
 * and the packing of its panels (flash.c packs its queries, keys and values with it).
 */
#include <stddef.h>
#include <string.h>

#include "attn.h"
#include "check.h"
#include "gemm.h"
#include "parallel.h"
#include "simd.h"

#ifndef GEMM_MR
#define GEMM_MR 4 /* 4×8: eight accumulators; 6×8 spills in V8 (it keeps a scratch vector register) */
#endif
#define GEMM_NR 8
#ifndef GEMM_KC
#define GEMM_KC 256
#endif
#ifndef GEMM_MC
#define GEMM_MC (GEMM_MR * 20)
#endif

static int round_up(int x, int to) { return (x + to - 1) / to * to; }
static int min_int(int a, int b) { return a < b ? a : b; }
static int max_int(int a, int b) { return a > b ? a : b; }

/* All of op(B), packed: each block of KC steps holds its panels of 8 columns side by side, so
 * block p0 starts at p0 · round_up(N, 8) and its panel j0 at j0 · kc within it. */
static int64_t packed_b_floats(int k, int n) { return (int64_t)round_up(n, GEMM_NR) * k; }
/* One thread's packed block of A: MC rows of one block of KC steps, in panels of MR rows. */
static int64_t packed_a_floats(int m, int k) { return (int64_t)round_up(min_int(m, GEMM_MC), GEMM_MR) * min_int(k, GEMM_KC); }

/* The scratch of a product whose B is packed once and whose A blocks are packed by `threads`. */
static int workspace(int64_t *floats, int m, int k, int n, int threads) {
    ATTN__REFUSE_IF(m <= 0 || k <= 0 || n <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(n > INT32_MAX - GEMM_NR, ATTN_ERR_OVERFLOW);
    ATTN__TRY(attn__check_product(round_up(n, GEMM_NR), k));
    const int64_t total = packed_b_floats(k, n) + threads * packed_a_floats(m, k);
    ATTN__REFUSE_IF(total > ATTN__MAX_ELEMENTS, ATTN_ERR_OVERFLOW);
    *floats = total;
    return ATTN_OK;
}

int attn_gemm_workspace(int *floats, int m, int k, int n) {
    ATTN__REFUSE_IF(!floats, ATTN_ERR_NULL);
    int64_t total;
    ATTN__TRY(workspace(&total, m, k, n, ATTN__MAX_THREADS)); /* one A block per thread (parallel.c) */
    *floats = (int)total;
    return ATTN_OK;
}

int attn__gemm_serial_workspace(int64_t *floats, int m, int k, int n) { return workspace(floats, m, k, n, 1); }

/* Packs panel j0 (columns j0..j0+7, zero past N) of rows p0..p0+kc-1 of op(B) (the (K, N)
 * operand; b is stored (K, N), or (N, K) when transpose_b, with leading dimension ldb): for each
 * step p, the panel's 8 entries side by side. */
static void pack_b_panel(float *panel, const float *b, int transpose_b, int p0, int kc, int j0, int n, int ldb) {
    const int cols = min_int(GEMM_NR, n - j0);
    if (!transpose_b) {
        for (int p = 0; p < kc; p++) {
            const float *src = b + (size_t)(p0 + p) * ldb + j0;
            float *dst = panel + (size_t)p * GEMM_NR;
            if (cols == GEMM_NR) {
                vf4_store(dst, vf4_load(src));
                vf4_store(dst + 4, vf4_load(src + 4));
            } else {
                for (int j = 0; j < GEMM_NR; j++) dst[j] = j < cols ? src[j] : 0.0f;
            }
        }
        return;
    }
    int p = 0;
    if (cols == GEMM_NR) {
        /* Two 4×4 transposes per four steps: columns j0..j0+3, then j0+4..j0+7. */
        for (; p + 4 <= kc; p += 4)
            for (int half = 0; half < 2; half++) {
                const float *src = b + (size_t)(j0 + 4 * half) * ldb + p0 + p;
                vf4 r0 = vf4_load(src), r1 = vf4_load(src + ldb);
                vf4 r2 = vf4_load(src + 2 * (size_t)ldb), r3 = vf4_load(src + 3 * (size_t)ldb);
                vf4_transpose4(&r0, &r1, &r2, &r3);
                float *dst = panel + (size_t)p * GEMM_NR + 4 * half;
                vf4_store(dst, r0);
                vf4_store(dst + GEMM_NR, r1);
                vf4_store(dst + 2 * GEMM_NR, r2);
                vf4_store(dst + 3 * GEMM_NR, r3);
            }
    }
    for (int j = 0; j < GEMM_NR; j++) {
        const float *src = b + (size_t)(j0 + j) * ldb + p0;
        for (int q = p; q < kc; q++) panel[(size_t)q * GEMM_NR + j] = j < cols ? src[q] : 0.0f;
    }
}

void attn__gemm_pack_columns(float *panel, const float *b, int transpose_b, int p0, int kc, int j0, int n, int ldb) {
    pack_b_panel(panel, b, transpose_b, p0, kc, j0, n, ldb);
}

/* Panels of op(B): `panel` counts them through every block of KC steps. */
static int b_panels(int n) { return round_up(n, GEMM_NR) / GEMM_NR; }
static int all_b_panels(int k, int n) { return (k + GEMM_KC - 1) / GEMM_KC * b_panels(n); }
static void pack_b_numbered(float *packed, const float *b, int transpose_b, int k, int n, int ldb, int panel) {
    const int p0 = panel / b_panels(n) * GEMM_KC, j0 = panel % b_panels(n) * GEMM_NR;
    const int kc = min_int(GEMM_KC, k - p0);
    pack_b_panel(packed + (size_t)p0 * round_up(n, GEMM_NR) + (size_t)j0 * kc, b, transpose_b, p0, kc, j0, n, ldb);
}

/* On both cores the panels are packed PACK_PANELS to a block of work: one panel (8 KiB at most)
 * takes well under a microsecond, about what claiming a block from the range both threads take
 * from costs (parallel.c), and a step's products pack some 2,700 panels. */
#define PACK_PANELS 4
static int pack_units(int k, int n) { return (all_b_panels(k, n) + PACK_PANELS - 1) / PACK_PANELS; }
static void pack_b_unit(float *packed, const float *b, int transpose_b, int k, int n, int ldb, int unit) {
    const int last = min_int((unit + 1) * PACK_PANELS, all_b_panels(k, n));
    for (int panel = unit * PACK_PANELS; panel < last; panel++) pack_b_numbered(packed, b, transpose_b, k, n, ldb, panel);
}

/* One step of a full panel of A stored transposed: its MR contiguous floats. */
static inline void copy_step(float *dst, const float *src) {
#if GEMM_MR == 4
    vf4_store(dst, vf4_load(src));
#else
    for (int r = 0; r < GEMM_MR; r++) dst[r] = src[r];
#endif
}

/* pack_a's panels when A is stored transposed ((K, lda)): step p of a panel is MR contiguous
 * floats of stored row p0+p. Up to four full panels (16 floats: a 64-byte line) are copied per
 * step, so each line of A is read once, whole, and not again for the next panel. */
static void pack_a_transposed(float *packed, const float *a, int i0, int mc, int p0, int kc, int lda) {
    const int full = mc / GEMM_MR * GEMM_MR;
    const size_t panel_floats = (size_t)GEMM_MR * kc;
    for (int r0 = 0; r0 < full; r0 += 4 * GEMM_MR) {
        const int panels = min_int(4, (full - r0) / GEMM_MR);
        const float *src = a + (size_t)p0 * lda + i0 + r0;
        float *dst = packed + (size_t)r0 * kc;
        for (int p = 0; p < kc; p++, src += lda, dst += GEMM_MR)
            for (int j = 0; j < panels; j++) copy_step(dst + j * panel_floats, src + j * GEMM_MR);
    }
    if (full == mc) return;
    const int rows = mc - full; /* the last panel's rows; zero past them */
    float *dst = packed + (size_t)full * kc;
    for (int p = 0; p < kc; p++) {
        const float *src = a + (size_t)(p0 + p) * lda + i0 + full;
        for (int r = 0; r < GEMM_MR; r++) dst[(size_t)p * GEMM_MR + r] = r < rows ? src[r] : 0.0f;
    }
}

/* Packs rows i0..i0+mc-1, columns p0..p0+kc-1 of op(A) (a is stored (M, K), or (K, M) when
 * transpose_a, with leading dimension lda) into panels of MR rows, zero-padded. */
static void pack_a(float *packed, const float *a, int transpose_a, int i0, int mc, int p0, int kc, int lda) {
    if (transpose_a) {
        pack_a_transposed(packed, a, i0, mc, p0, kc, lda);
        return;
    }
    for (int r0 = 0; r0 < mc; r0 += GEMM_MR) {
        float *panel = packed + (size_t)r0 * kc;
        const int rows = min_int(GEMM_MR, mc - r0);
        int p = 0;
#if GEMM_MR == 4
        if (rows == GEMM_MR) {
            /* A 4×4 transpose per four steps. */
            const float *src = a + (size_t)(i0 + r0) * lda + p0;
            for (; p + 4 <= kc; p += 4) {
                vf4 x0 = vf4_load(src + p), x1 = vf4_load(src + lda + p);
                vf4 x2 = vf4_load(src + 2 * (size_t)lda + p), x3 = vf4_load(src + 3 * (size_t)lda + p);
                vf4_transpose4(&x0, &x1, &x2, &x3);
                float *dst = panel + (size_t)p * GEMM_MR;
                vf4_store(dst, x0);
                vf4_store(dst + 4, x1);
                vf4_store(dst + 8, x2);
                vf4_store(dst + 12, x3);
            }
        }
#endif
        for (int r = 0; r < GEMM_MR; r++) {
            if (r < rows) {
                const float *src = a + (size_t)(i0 + r0 + r) * lda + p0;
                for (int q = p; q < kc; q++) panel[(size_t)q * GEMM_MR + r] = src[q];
            } else {
                for (int q = p; q < kc; q++) panel[(size_t)q * GEMM_MR + r] = 0.0f;
            }
        }
    }
}

void attn__gemm_pack_rows(float *packed, const float *a, int transpose_a, int i0, int mc, int p0, int kc, int lda) {
    pack_a(packed, a, transpose_a, i0, mc, p0, kc, lda);
}

/* C tile (rows × cols ≤ MR × 8, leading dimension ldc) = (accumulate ? C : 0) + acc. */
static void store_tile(float *c, int ldc, vf4 acc[GEMM_MR][2], int rows, int cols, int accumulate) {
    if (rows == GEMM_MR && cols == GEMM_NR) {
        for (int r = 0; r < GEMM_MR; r++) {
            float *row = c + (size_t)r * ldc;
            if (accumulate) {
                vf4_store(row, vf4_add(vf4_load(row), acc[r][0]));
                vf4_store(row + 4, vf4_add(vf4_load(row + 4), acc[r][1]));
            } else {
                vf4_store(row, acc[r][0]);
                vf4_store(row + 4, acc[r][1]);
            }
        }
        return;
    }
    float tile[GEMM_MR * GEMM_NR];
    for (int r = 0; r < GEMM_MR; r++) {
        vf4_store(tile + r * GEMM_NR, acc[r][0]);
        vf4_store(tile + r * GEMM_NR + 4, acc[r][1]);
    }
    for (int r = 0; r < rows; r++)
        for (int j = 0; j < cols; j++) {
            float *at = c + (size_t)r * ldc + j;
            *at = (accumulate ? *at : 0.0f) + tile[r * GEMM_NR + j];
        }
}

/* acc (MR rows × 8 columns) += A · Bpanel over kc steps: row r of step p at a + row_at(r) + p·a_step,
 * where row_at(r) is r when side_by_side (a constant at every call: the compiler drops the other
 * case), else row_at[r]. The loops over the MR rows have constant bounds: the compiler unrolls
 * them and keeps the 2·MR accumulators in vector registers. */
static inline void multiply_add_steps(vf4 acc[GEMM_MR][2], const float *a, int side_by_side, const size_t *row_at,
                                      size_t a_step, const float *bp, int kc) {
    for (int p = 0; p < kc; p++) {
        vf4 b0 = vf4_load(bp), b1 = vf4_load(bp + 4);
        for (int r = 0; r < GEMM_MR; r++) {
            vf4 x = vf4_load_splat(a + (side_by_side ? (size_t)r : row_at[r]));
            acc[r][0] = vf4_madd(x, b0, acc[r][0]);
            acc[r][1] = vf4_madd(x, b1, acc[r][1]);
        }
        a += a_step;
        bp += GEMM_NR;
    }
}

/* C tile (rows × cols, leading dimension ldc) (+)= Apanel · Bpanel over kc steps, A packed (step
 * p's MR rows side by side). */
static void micro_kernel(float *c, int ldc, const float *ap, const float *bp, int kc, int rows, int cols,
                         int accumulate) {
    vf4 acc[GEMM_MR][2];
    for (int r = 0; r < GEMM_MR; r++) acc[r][0] = acc[r][1] = vf4_zero();
    multiply_add_steps(acc, ap, 1, NULL, GEMM_MR, bp, kc);
    store_tile(c, ldc, acc, rows, cols, accumulate);
}

/* The same tile with A read where it is stored: row r of step p at a + r·a_row + p·a_step (a_row 1
 * and a_step lda when A is stored transposed; a_row lda and a_step 1 when not). A row past `rows`
 * reads row 0 instead (in bounds; its sums are never stored). Each entry is the same sum in the
 * same order as from a packed panel. */
static void micro_kernel_in_place(float *c, int ldc, const float *a, size_t a_row, size_t a_step, const float *bp,
                                  int kc, int rows, int cols, int accumulate) {
    vf4 acc[GEMM_MR][2];
    for (int r = 0; r < GEMM_MR; r++) acc[r][0] = acc[r][1] = vf4_zero();
    if (a_row == 1 && rows == GEMM_MR) {
        multiply_add_steps(acc, a, 1, NULL, a_step, bp, kc); /* stored transposed: one pointer, as a packed panel */
    } else {
        size_t row_at[GEMM_MR];
        for (int r = 0; r < GEMM_MR; r++) row_at[r] = (r < rows ? (size_t)r : 0) * a_row;
        multiply_add_steps(acc, a, 0, row_at, a_step, bp, kc);
    }
    store_tile(c, ldc, acc, rows, cols, accumulate);
}

/* The terms [lo, hi) of block [p0, p0 + kc) that rows first..last of op(A) need under `shape`. */
static void term_range(int *lo, int *hi, enum attn__gemm_shape shape, int p0, int kc, int first, int last) {
    *lo = p0, *hi = p0 + kc;
    if (shape == ATTN__GEMM_A_LOWER) *hi = min_int(*hi, last + 1);
    if (shape == ATTN__GEMM_A_UPPER) *lo = max_int(*lo, first);
}

/* Whether op(A) is read where it is stored rather than packed: only when it is triangular (the
 * tape's causal attention), where a packed block would be half zeros never read and a head's
 * block is small. Every other product packs A: read in place, a full A's strided panels cost the
 * micro-kernel more than the packing saves (README: "Packing A or reading it in place"). */
static int reads_a_in_place(enum attn__gemm_shape shape) {
    return shape == ATTN__GEMM_A_LOWER || shape == ATTN__GEMM_A_UPPER;
}

/* The full tiles of a block of a plain (ATTN__GEMM_FULL) product in one panel of B, down the
 * block's rows, with A packed: between two tiles only pointers move. Returns the rows done (the
 * last panel of A, when short, is left to the general loop). Through the general loop each tile
 * also paid for its shape and range logic, ~3 ns, a twentieth of a k = 64 tile (V8 keeps that
 * loop's many values on the stack and reloads them around each tile): the 1024×64·64×1024
 * product ran 1% faster this way in Chromium and 2–3% in node, k = 16 5–8% (README: "The tiles
 * of a plain product"). */
static int full_tiles(float *tile, int ldc, const float *ap, const float *bp, int kc, int mc, int add) {
    const int rows = mc / GEMM_MR * GEMM_MR;
    for (int r0 = 0; r0 < rows; r0 += GEMM_MR, tile += (size_t)GEMM_MR * ldc, ap += (size_t)GEMM_MR * kc)
        micro_kernel(tile, ldc, ap, bp, kc, GEMM_MR, GEMM_NR, add);
    return rows;
}

/*
 * Rows row0..row0+m-1 of the product (their own a, c), on one thread, B already packed
 * (packed_b) and A packed block by block into packed_a (or read in place, reads_a_in_place). A
 * row panel's first block with terms stores its sum (unless accumulate) and later blocks add
 * theirs, as when no block is skipped: a skipped block's sum is +0.
 */
static inline __attribute__((always_inline)) void
gemm_rows_with(float *c, const float *packed_b, float *packed_a, const float *a, int transpose_a, int accumulate, int m,
               int k, int n, int lda, int ldc, enum attn__gemm_shape shape, int row0, int in_place) {
    const size_t npad = (size_t)round_up(n, GEMM_NR);
    for (int p0 = 0; p0 < k; p0 += GEMM_KC) {
        const int kc = min_int(GEMM_KC, k - p0);
        for (int i0 = 0; i0 < m; i0 += GEMM_MC) {
            const int mc = min_int(GEMM_MC, m - i0);
            if (!in_place) pack_a(packed_a, a, transpose_a, i0, mc, p0, kc, lda);
            for (int j0 = 0; j0 < n; j0 += GEMM_NR) {
                const float *bp = packed_b + (size_t)p0 * npad + (size_t)j0 * kc;
                int r0 = 0;
                if (shape == ATTN__GEMM_FULL && !in_place && j0 + GEMM_NR <= n) /* !in_place: not compiled in that copy */
                    r0 = full_tiles(c + (size_t)i0 * ldc + j0, ldc, packed_a, bp, kc, mc, accumulate || p0 > 0);
                for (; r0 < mc; r0 += GEMM_MR) {
                    const int rows = min_int(GEMM_MR, mc - r0), first = row0 + i0 + r0, last = first + rows - 1;
                    if (shape == ATTN__GEMM_LOWER_OUT && j0 > last) continue; /* the tile is above the diagonal */
                    int lo, hi;
                    term_range(&lo, &hi, shape, p0, kc, first, last);
                    /* the panel's first block with terms: block 0, unless A_UPPER skips those before `first` */
                    const int first_block = shape == ATTN__GEMM_A_UPPER ? min_int(first, k - 1) / GEMM_KC * GEMM_KC : 0;
                    if (lo >= hi && !(p0 == first_block && !accumulate)) continue; /* no terms: adds +0 */
                    const int from = lo < hi ? lo : p0; /* no terms: nothing is read, any address in A will do */
                    float *tile = c + (size_t)(i0 + r0) * ldc + j0;
                    const float *bfrom = bp + (size_t)(from - p0) * GEMM_NR;
                    const int terms = max_int(hi - lo, 0), cols = min_int(GEMM_NR, n - j0), add = accumulate || p0 > first_block;
                    if (!in_place)
                        micro_kernel(tile, ldc, packed_a + (size_t)r0 * kc + (size_t)(from - p0) * GEMM_MR, bfrom, terms, rows,
                                     cols, add);
                    else if (transpose_a) /* row i, step p at a + p·lda + i */
                        micro_kernel_in_place(tile, ldc, a + (size_t)from * lda + i0 + r0, 1, (size_t)lda, bfrom, terms,
                                              rows, cols, add);
                    else /* row i, step p at a + i·lda + p */
                        micro_kernel_in_place(tile, ldc, a + (size_t)(i0 + r0) * lda + from, (size_t)lda, 1, bfrom, terms,
                                              rows, cols, add);
                }
            }
        }
    }
}

/* gemm_rows_with, compiled once per way of reading A (always_inline: `in_place` is a constant in
 * each copy), so the packed products' loops carry nothing of the other way (in one copy, the
 * attention's small packed products ran 2–3% slower). */
static void gemm_rows(float *c, const float *packed_b, float *packed_a, const float *a, int transpose_a, int accumulate,
                      int m, int k, int n, int lda, int ldc, enum attn__gemm_shape shape, int row0) {
    if (reads_a_in_place(shape))
        gemm_rows_with(c, packed_b, packed_a, a, transpose_a, accumulate, m, k, n, lda, ldc, shape, row0, 1);
    else
        gemm_rows_with(c, packed_b, packed_a, a, transpose_a, accumulate, m, k, n, lda, ldc, shape, row0, 0);
}

void attn__gemm_serial(float *c, float *work, const float *a, const float *b, int transpose_a, int transpose_b,
                       int accumulate, int m, int k, int n, int lda, int ldb, int ldc, enum attn__gemm_shape shape) {
    const int panels = all_b_panels(k, n);
    for (int panel = 0; panel < panels; panel++) pack_b_numbered(work, b, transpose_b, k, n, ldb, panel);
    gemm_rows(c, work, work + packed_b_floats(k, n), a, transpose_a, accumulate, m, k, n, lda, ldc, shape, 0);
}

/* Both cores (parallel.c): two fork-joins, one that packs the panels of op(B), PACK_PANELS a block,
 * and one over blocks of whole rows of C, each packing its own blocks of A. The caller takes blocks
 * from the front and the helper from the back, in both, so each thread keeps to the same end of
 * the rows from one product to the next (and from a product to the element-wise op after it):
 * rows it wrote are still in its own core's cache. A block's rows see the same arithmetic as in
 * one call over all rows, so the result does not depend on the split. (One fork-join whose first
 * blocks packed B, claimed in order by both threads, ran as fast in node and 1% slower natively.)
 *
 * The blocks shrink toward the middle row, where the two threads meet: each is a quarter of the
 * rows still left on its half (a multiple of 4, at least MIN_BLOCK_ROWS). The first blocks are
 * long, because each streams all of packed B once, and B may not fit in a core's L2 (1.5 MB for
 * the weight gradients of a (768, 512) output); the last are short, so a thread that finishes early
 * waits at most one short block for the other. 128 rows make 12 blocks (16, 12, 12, 8, 8, 8 from
 * each end), 768 rows 24 (96 rows first, 8 last). The split is fixed by m alone. */
#define MIN_BLOCK_ROWS 8
#define MAX_ROW_BLOCKS 64 /* at most 32 on each half; the last of a half takes the rest */

/* The sizes of the blocks of `rows` rows, the first from the outer end of a half: returns how many. */
static int shrinking_blocks(int sizes[MAX_ROW_BLOCKS / 2], int rows) {
    int blocks = 0;
    for (int left = rows; left > 0; left -= sizes[blocks++]) {
        const int size = blocks == MAX_ROW_BLOCKS / 2 - 1 ? left : max_int(MIN_BLOCK_ROWS, round_up(left / 4, GEMM_MR));
        sizes[blocks] = min_int(size, left);
    }
    return blocks;
}

/* Block r covers rows row_start[r] .. row_start[r + 1] - 1: the top half's blocks in order, then
 * the bottom half's mirrored (its longest block last). Returns the blocks. */
static int row_blocks(int row_start[MAX_ROW_BLOCKS + 1], int m) {
    const int middle = round_up(m / 2, GEMM_MR);
    int top[MAX_ROW_BLOCKS / 2], bottom[MAX_ROW_BLOCKS / 2];
    const int top_blocks = shrinking_blocks(top, middle), bottom_blocks = shrinking_blocks(bottom, m - middle);
    int blocks = 0, start = 0;
    for (int i = 0; i < top_blocks; i++) row_start[blocks++] = start, start += top[i];
    for (int i = bottom_blocks - 1; i >= 0; i--) row_start[blocks++] = start, start += bottom[i];
    row_start[blocks] = m;
    return blocks;
}

struct gemm_job {
    float *c, *work;
    const float *a, *b;
    size_t a_floats; /* one thread's A area, after the packed B */
    int transpose_a, transpose_b, accumulate, m, k, n, lda, ldb, ldc;
    int row_start[MAX_ROW_BLOCKS + 1]; /* row_blocks */
};

static void pack_block(void *ctx, int unit, int thread) {
    const struct gemm_job *job = ctx;
    (void)thread;
    pack_b_unit(job->work, job->b, job->transpose_b, job->k, job->n, job->ldb, unit);
}

static void rows_block(void *ctx, int block, int thread) {
    const struct gemm_job *job = ctx;
    const int i0 = job->row_start[block], rows = job->row_start[block + 1] - i0;
    /* Row i of op(A) starts at a + i·lda, or at column i (a + i) when A is stored transposed. */
    const float *a = job->a + (job->transpose_a ? (size_t)i0 : (size_t)i0 * job->lda);
    float *packed_a = job->work + packed_b_floats(job->k, job->n) + job->a_floats * (size_t)thread;
    gemm_rows(job->c + (size_t)i0 * job->ldc, job->work, packed_a, a, job->transpose_a, job->accumulate, rows, job->k,
              job->n, job->lda, job->ldc, ATTN__GEMM_FULL, i0);
}

int attn_gemm_ex(float *c, float *work, const float *a, const float *b, int transpose_a, int transpose_b,
                int accumulate, int m, int k, int n, int lda, int ldb, int ldc) {
    ATTN__REFUSE_IF(!c || !work || !a || !b, ATTN_ERR_NULL);
    int floats;
    ATTN__TRY(attn_gemm_workspace(&floats, m, k, n));
    ATTN__TRY(attn__check_product(m, k));
    ATTN__TRY(attn__check_product(k, n));
    ATTN__TRY(attn__check_product(m, n));
    ATTN__REFUSE_IF(lda < (transpose_a ? m : k) || ldb < (transpose_b ? k : n) || ldc < n, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(transpose_a ? k : m, lda));
    ATTN__TRY(attn__check_product(transpose_b ? n : k, ldb));
    ATTN__TRY(attn__check_product(m, ldc));

    /* Below ~2^18 multiply-adds the product runs whole on the calling thread; above, on both
     * cores in blocks of rows that shrink toward the middle (row_blocks). Blocks of a fixed 8–24
     * rows, claimed in order by both threads, scaled worse: each streamed all of packed B, and each
     * thread's rows of one product were not the rows it wrote in the last (README "Two threads
     * that keep to their own rows"). */
    if ((int64_t)m * k * n < (1 << 18)) {
        attn__gemm_serial(c, work, a, b, transpose_a, transpose_b, accumulate, m, k, n, lda, ldb, ldc, ATTN__GEMM_FULL);
        return ATTN_OK;
    }
    struct gemm_job job = {c, work, a, b, (size_t)packed_a_floats(m, k), transpose_a, transpose_b,
                           accumulate, m, k, n, lda, ldb, ldc, {0}};
    const int blocks = row_blocks(job.row_start, m);
    attn__parallel_run(pack_block, &job, pack_units(k, n));
    attn__parallel_run(rows_block, &job, blocks);
    return ATTN_OK;
}

int attn_gemm(float *c,       /* (M, N) */
              float *work,    /* (attn_gemm_workspace floats) */
              const float *a, /* (M, K) */
              const float *b, /* (K, N), or (N, K) when transpose_b */
              int transpose_b, int m, int k, int n) {
    return attn_gemm_ex(c, work, a, b, 0, transpose_b != 0, 0, m, k, n, k, transpose_b ? k : n, n);
}
