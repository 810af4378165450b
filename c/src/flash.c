/*
 * flash.c — fused, tiled attention with an online softmax (the FlashAttention idea): the N × M
 * table of scores is never stored. Queries are taken FLASH_BR rows at a time and keys
 * FLASH_BC at a time; each row keeps a running maximum and a running sum, and its output
 * accumulator is rescaled whenever a new key tile raises the maximum:
 *
 *     m' = max(m, max_j s_j)      l' = l·2^(m − m') + Σ_j 2^(s_j − m')
 *     o' = o·2^(m − m') + Σ_j 2^(s_j − m') v_j            out = o / l,  lse = (m + log2 l)·ln 2
 *
 * The scores are kept in base 2 (log2(e)/√DK is folded into the packed keys, so 2^s is the
 * e^(q·k/√DK) of the chapter), which makes the exponential vf4_exp2_nonpositive (simd.h) cheap.
 *
 * Both products run on packed panels through a 4×8 micro-kernel, as gemm.c's: per head, K is
 * packed once into panels of 8 keys ([p][8]) and V into panels of 8 columns ([j][8]); per block,
 * the queries into panels of 4 rows ([p][4]). For each panel of 4 rows and each key tile:
 *   1. scores_panel: the 4 × 8 scores of 8 keys, stored transposed ([j][4]: one key's 4 rows in
 *      one vector), their running maximum taken on the way;
 *   2. mask_panel, only on a tile the causal diagonal, the window's edge or the last key crosses;
 *   3. softmax_panel: the 4 rows at once, one per lane (no horizontal reductions);
 *   4. weighted_values_panel: o·alpha + weights · V, the weights read as a packed A panel.
 * Extra memory: the packed K and V of one head, one block of packed queries and outputs, one
 * panel of weights — O(M·(DK + DV)), never O(N·M). attn_attention (attention.c) is the naive twin.
 *
 * Layout: heads sit side by side in a row, as a projection X·W produces them: row i of q is
 * (q_i of head 0, q_i of head 1, ...), each DK wide; likewise k, v and out.
 */
#include <float.h>
#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#include "attn.h"
#include "flash.h"
#include "causal.h"
#include "check.h"
#include "gemm.h"
#include "parallel.h"
#include "simd.h"

#define FLASH_MR 4  /* query rows per panel: the lanes of a vector of scores */
#define FLASH_NR 8  /* keys (or value columns) per micro-kernel: two vectors */
#ifndef FLASH_BR
#define FLASH_BR 24 /* query rows per block: a multiple of FLASH_MR */
#endif
#ifndef FLASH_BC
#define FLASH_BC 128 /* keys per tile: a multiple of FLASH_NR */
#endif

#define LOG2_E 1.4426950408889634 /* the scores are kept in base 2: e^s = 2^(s·log2 e) */
#define LN2 0.6931471805599453

static int round_up(int x, int to) { return (x + to - 1) / to * to; }
static int min_int(int a, int b) { return a < b ? a : b; }
static int max_int(int a, int b) { return a > b ? a : b; }

/* One thread's scratch, in floats, and where each part starts. */
struct flash_scratch {
    int64_t packed_k, packed_v, packed_q, s, o, total;
};
static struct flash_scratch flash_scratch_layout(int m, int dk, int dv) {
    struct flash_scratch at = {0};
    at.packed_v = at.packed_k + (int64_t)round_up(m, FLASH_NR) * dk;
    at.packed_q = at.packed_v + (int64_t)m * round_up(dv, FLASH_NR);
    at.s = at.packed_q + (int64_t)FLASH_BR * dk;
    at.o = at.s + (int64_t)FLASH_BC * FLASH_MR;
    at.total = at.o + (int64_t)FLASH_BR * round_up(dv, FLASH_NR);
    return at;
}

int64_t attn__flash_workspace_floats(int m, int dk, int dv) {
    return flash_scratch_layout(m, dk, dv).total * ATTN__MAX_THREADS; /* one scratch area per thread (parallel.c) */
}

int attn_flash_workspace(int *floats, int m, int dk, int dv) {
    ATTN__REFUSE_IF(!floats, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(m <= 0 || dk <= 0 || dv <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(m > INT32_MAX - FLASH_NR || dv > INT32_MAX - FLASH_NR, ATTN_ERR_OVERFLOW);
    ATTN__TRY(attn__check_product(round_up(m, FLASH_NR), dk));
    ATTN__TRY(attn__check_product(m, round_up(dv, FLASH_NR)));
    ATTN__TRY(attn__check_product(FLASH_BR, dk));
    ATTN__TRY(attn__check_product(FLASH_BR, round_up(dv, FLASH_NR)));
    const int64_t total = attn__flash_workspace_floats(m, dk, dv);
    ATTN__REFUSE_IF(total > ATTN__MAX_ELEMENTS, ATTN_ERR_OVERFLOW);
    *floats = (int)total;
    return ATTN_OK;
}

/* The packing is gemm.c's (gemm.h): its panels are 4 rows by 8 columns, as this file's. */
_Static_assert(FLASH_MR == 4 && FLASH_NR == 8, "flash.c packs with gemm.c's 4 × 8 panels");

/* One head's keys and values, packed for the two products: K (M, DK; rows ldk apart) into
 * panels of 8 keys (panel j0 at j0·DK: for each p, the 8 keys' entry p), times `scale`
 * (log2(e)/√DK, so the scores come out scaled and in base 2); V (M, DV; rows ldv apart) into
 * panels of 8 columns (panel c at c·M: for each key, its 8 entries). Zero past M and DV. */
static void pack_head(float *packed_k, /* (round_up(M, 8)·DK) */
                      float *packed_v, /* (M·round_up(DV, 8)) */
                      const float *k, int ldk, const float *v, int ldv, int m, int dk, int dv, float scale) {
    for (int j0 = 0; j0 < m; j0 += FLASH_NR) attn__gemm_pack_columns(packed_k + (size_t)j0 * dk, k, 1, 0, dk, j0, m, ldk);
    const size_t k_floats = (size_t)round_up(m, FLASH_NR) * dk;
    for (size_t i = 0; i < k_floats; i++) packed_k[i] *= scale;
    for (int c0 = 0; c0 < dv; c0 += FLASH_NR) attn__gemm_pack_columns(packed_v + (size_t)c0 * m, v, 0, 0, m, c0, dv, ldv);
}

/* s = the packed query panel qp · the packed key panel kp, for 4 rows × 8 keys, stored
 * transposed (s[j·4 + r] for key j, row r): the layout of the next product's packed panel, with
 * a key's four rows in one vector. The row loops have constant bounds: unrolled, with the eight
 * accumulators in vector registers. */
static vf4 scores_panel(float *s,        /* (8, 4) */
                        const float *qp, /* (DK, 4) */
                        const float *kp, /* (DK, 8) */
                        int dk, vf4 row_max) {
    vf4 acc[FLASH_MR][2];
    for (int r = 0; r < FLASH_MR; r++) acc[r][0] = acc[r][1] = vf4_zero();
    for (int p = 0; p < dk; p++) {
        vf4 b0 = vf4_load(kp), b1 = vf4_load(kp + 4);
        for (int r = 0; r < FLASH_MR; r++) {
            vf4 a = vf4_load_splat(qp + r);
            acc[r][0] = vf4_madd(a, b0, acc[r][0]);
            acc[r][1] = vf4_madd(a, b1, acc[r][1]);
        }
        qp += FLASH_MR;
        kp += FLASH_NR;
    }
    for (int half = 0; half < 2; half++) {
        vf4_transpose4(&acc[0][half], &acc[1][half], &acc[2][half], &acc[3][half]);
        for (int j = 0; j < 4; j++) {
            vf4_store(s + (size_t)(4 * half + j) * FLASH_MR, acc[j][half]);
            row_max = vf4_max(row_max, acc[j][half]);
        }
    }
    return row_max;
}

/* o (4 rows × 8 columns, rows ldo apart) = o · alpha (row r by alpha[r]) + w · vp, the weights
 * of 4 rows (packed as scores_panel leaves them) times a packed panel of 8 value columns. */
static void weighted_values_panel(float *o,          /* (4, ldo) */
                                  int ldo, const float *w, /* (BC, 4) */
                                  const float *vp,   /* (BC, 8) */
                                  int bc, const float *alpha /* (4) */) {
    vf4 acc[FLASH_MR][2];
    for (int r = 0; r < FLASH_MR; r++) acc[r][0] = acc[r][1] = vf4_zero();
    for (int j = 0; j < bc; j++) {
        vf4 b0 = vf4_load(vp), b1 = vf4_load(vp + 4);
        for (int r = 0; r < FLASH_MR; r++) {
            vf4 a = vf4_load_splat(w + r);
            acc[r][0] = vf4_madd(a, b0, acc[r][0]);
            acc[r][1] = vf4_madd(a, b1, acc[r][1]);
        }
        w += FLASH_MR;
        vp += FLASH_NR;
    }
    for (int r = 0; r < FLASH_MR; r++) {
        float *row = o + (size_t)r * ldo;
        const vf4 a = vf4_load_splat(alpha + r);
        vf4_store(row, vf4_madd(vf4_load(row), a, acc[r][0]));
        vf4_store(row + 4, vf4_madd(vf4_load(row + 4), a, acc[r][1]));
    }
}

/* Everything one head's pass needs. */
struct flash_problem {
    const float *q;               /* this head's first column, rows ldq apart */
    float *out;                   /* this head's first column, rows ldo apart */
    float *lse;                   /* (N) for this head, or NULL */
    const float *packed_k;        /* (round_up(M, 8)·DK): pack_head */
    const float *packed_v;        /* (M·DV8): pack_head */
    float *packed_q, *s, *o;      /* (FLASH_BR·DK), (FLASH_BC·4), (FLASH_BR·DV8) */
    int ldq, ldo;
    int causal, window;
    int n, m, dk, dv, dv8;        /* dv8 = DV rounded up to 8 */
};

/* Blocks the scores of 4 rows (first row i, packed as scores_panel leaves them) outside each
 * row's allowed keys in the tile of bc8 keys from j0: [window start, causal end) ∩ [0, bc).
 * Returns 0, doing nothing, when every key of the tile is allowed for every row. */
static int mask_panel(float *s, const struct flash_problem *p, int i, int j0, int bc, int bc8) {
    int lo[FLASH_MR], hi[FLASH_MR], full = bc == bc8;
    for (int r = 0; r < FLASH_MR; r++) {
        lo[r] = p->window ? attn__window_first_allowed(i + r, p->window) - j0 : 0;
        hi[r] = p->causal ? min_int(bc, attn__causal_first_blocked(i + r) - j0) : bc;
        full = full && lo[r] <= 0 && hi[r] >= bc8;
    }
    if (full) return 0;
    for (int j = 0; j < bc8; j++)
        for (int r = 0; r < FLASH_MR; r++)
            if (j < lo[r] || j >= hi[r]) s[(size_t)j * FLASH_MR + r] = -INFINITY;
    return 1;
}

/* Online-softmax update of 4 rows at once, one per lane, from their scores s (in base-2 units:
 * scaled by log2(e)/√DK, and masked) and their maximum new_max (with the old one): s becomes the
 * weights 2^(s − m'), row_max m the new maximum m', row_sum l the new
 * l' = l·2^(m − m') + Σ_j 2^(s_j − m'), and alpha the 2^(m − m') that rescales the rows'
 * outputs. A row with nothing allowed yet keeps m = −∞, l = 0 (its shift is 0, not −∞ − −∞). */
static void softmax_panel(float *s,        /* (bc8, 4) */
                          float *row_max,  /* (4) */
                          double *row_sum, /* (4) */
                          float *alpha,    /* (4), written */
                          vf4 new_max, int bc8) {
    const vf4 shift = vf4_and_ge(new_max, new_max, vf4_splat(-FLT_MAX));
    vf4 sum = vf4_zero();
    for (int j = 0; j < bc8; j++) {
        float *at = s + (size_t)j * FLASH_MR;
        const vf4 e = vf4_exp2_nonpositive(vf4_sub(vf4_load(at), shift));
        vf4_store(at, e);
        sum = vf4_add(sum, e);
    }
    float tile_sum[FLASH_MR];
    vf4_store(alpha, vf4_exp2_nonpositive(vf4_sub(vf4_load(row_max), shift)));
    vf4_store(tile_sum, sum);
    vf4_store(row_max, new_max);
    for (int r = 0; r < FLASH_MR; r++) row_sum[r] = row_sum[r] * alpha[r] + tile_sum[r];
}

/* The maximum, lane by lane, of `start` and the bc8 score vectors of s (4 rows each). */
static vf4 panel_max(const float *s, /* (bc8, 4) */
                     vf4 start, int bc8) {
    for (int j = 0; j < bc8; j++) start = vf4_max(start, vf4_load(s + (size_t)j * FLASH_MR));
    return start;
}

/* One block of up to FLASH_BR query rows starting at i0, over every key tile it can see.
 * Returns how many of its rows had no allowed key. */
static int flash_block(const struct flash_problem *p, int i0) {
    const int rows = min_int(FLASH_BR, p->n - i0), dk = p->dk, dv8 = p->dv8;
    float row_max[FLASH_BR], alpha[FLASH_MR];
    double row_sum[FLASH_BR];
    for (int r = 0; r < FLASH_BR; r++) row_max[r] = -INFINITY, row_sum[r] = 0.0;
    memset(p->o, 0, sizeof(float) * (size_t)FLASH_BR * dv8);
    attn__gemm_pack_rows(p->packed_q, p->q, 0, i0, rows, 0, dk, p->ldq);

    /* Keys any row of the block may see: [j_lo, j_hi), j_lo rounded down to a panel. */
    int j_hi = p->causal ? min_int(p->m, attn__causal_first_blocked(i0 + rows - 1)) : p->m;
    int j_lo = p->window ? max_int(0, attn__window_first_allowed(i0, p->window)) / FLASH_NR * FLASH_NR : 0;

    for (int j0 = j_lo; j0 < j_hi; j0 += FLASH_BC) {
        const int bc = min_int(FLASH_BC, j_hi - j0), bc8 = round_up(bc, FLASH_NR);
        const float *packed_k = p->packed_k + (size_t)j0 * dk;
        /* Each panel of 4 rows: its scores over the tile, their online softmax, then o += weights · V. */
        for (int r0 = 0; r0 < rows; r0 += FLASH_MR) {
            const float *qp = p->packed_q + (size_t)r0 * dk;
            vf4 new_max = vf4_load(row_max + r0);
            for (int g = 0; g < bc8; g += FLASH_NR)
                new_max = scores_panel(p->s + (size_t)g * FLASH_MR, qp, packed_k + (size_t)g * dk, dk, new_max);
            if (mask_panel(p->s, p, i0 + r0, j0, bc, bc8)) new_max = panel_max(p->s, vf4_load(row_max + r0), bc8);
            softmax_panel(p->s, row_max + r0, row_sum + r0, alpha, new_max, bc8);
            float *o = p->o + (size_t)r0 * dv8;
            for (int c = 0; c < dv8; c += FLASH_NR)
                weighted_values_panel(o + c, dv8, p->s, p->packed_v + (size_t)c * p->m + (size_t)j0 * FLASH_NR, bc, alpha);
        }
    }

    /* out = o / l; lse = m + log l. A row that saw no key is NaN, its lse -∞. */
    int empty = 0;
    for (int r = 0; r < rows; r++) {
        float *out_row = p->out + (size_t)(i0 + r) * p->ldo;
        const float *o_row = p->o + (size_t)r * dv8;
        if (row_sum[r] == 0.0) {
            empty++;
            for (int d = 0; d < p->dv; d++) out_row[d] = NAN;
            if (p->lse) p->lse[i0 + r] = -INFINITY;
            continue;
        }
        float inv = (float)(1.0 / row_sum[r]);
        for (int d = 0; d < p->dv; d++) out_row[d] = o_row[d] * inv;
        if (p->lse) p->lse[i0 + r] = (float)(row_max[r] * LN2 + log(row_sum[r])); /* m is in base 2 */
    }
    return empty;
}

/* Both cores (parallel.c): the work is cut into (head, slice) blocks, a slice being whole
 * FLASH_BR-row blocks of queries, so every row is computed exactly as in one thread's pass
 * (same tiles, same order). Each thread packs the head it works on into its own scratch, once
 * per head it meets. Causal rows late in the sequence see more keys: those slices go first,
 * so the last blocks handed out are the short ones and the two threads end together. */
struct flash_job {
    struct flash_problem base; /* sizes, strides, mask; per-head pointers filled per block */
    const float *q, *k, *v;
    float *out, *lse, *work;
    float scale; /* log2(e)/√DK, folded into the packed keys */
    size_t work_per_thread;
    int heads, slices, blocks_per_slice, latest_first;
    int packed_head[ATTN__MAX_THREADS]; /* the head each thread's scratch holds, or -1 */
    _Atomic int empty;
};

/* Thread `thread`'s problem for head h, its scratch packed with that head's keys and values. */
static void flash_prepare_head(struct flash_job *job, struct flash_problem *p, int h, int thread) {
    const int m = p->m, dk = p->dk, dv = p->dv;
    const struct flash_scratch at = flash_scratch_layout(m, dk, dv);
    float *work = job->work + job->work_per_thread * (size_t)thread;
    p->packed_k = work + at.packed_k;
    p->packed_v = work + at.packed_v;
    p->packed_q = work + at.packed_q;
    p->s = work + at.s;
    p->o = work + at.o;
    p->q = job->q + (size_t)h * dk;
    p->out = job->out + (size_t)h * dv;
    p->lse = job->lse ? job->lse + (size_t)h * p->n : NULL;
    if (job->packed_head[thread] == h) return;
    const int ld = job->heads * dk, ldv = job->heads * dv;
    pack_head(work + at.packed_k, work + at.packed_v, job->k + (size_t)h * dk, ld, job->v + (size_t)h * dv, ldv, m, dk,
              dv, job->scale);
    job->packed_head[thread] = h;
}

static void flash_slice(void *ctx, int unit, int thread) {
    struct flash_job *job = ctx;
    int h = unit / job->slices, slice = unit % job->slices;
    if (job->latest_first) slice = job->slices - 1 - slice;
    struct flash_problem p = job->base;
    flash_prepare_head(job, &p, h, thread);
    int empty = 0;
    int first = slice * job->blocks_per_slice * FLASH_BR;
    int last = min_int(p.n, first + job->blocks_per_slice * FLASH_BR);
    for (int i0 = first; i0 < last; i0 += FLASH_BR) empty += flash_block(&p, i0);
    if (empty) atomic_fetch_add(&job->empty, empty);
}

/* The parameters and their shapes are documented once, in attn.h. */
int attn_flash_attention(float *out, float *lse, int *empty_rows, float *work, const float *q, const float *k,
                         const float *v, int mask_kind, int window, int heads, int n, int m, int dk, int dv) {
    ATTN__REFUSE_IF(!out || !work || !q || !k || !v, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || m <= 0 || dk <= 0 || dv <= 0 || heads <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(mask_kind != ATTN_MASK_NONE && mask_kind != ATTN_MASK_CAUSAL, ATTN_ERR_MASK_KIND);
    ATTN__REFUSE_IF(window < 0 || (window > 0 && mask_kind != ATTN_MASK_CAUSAL), ATTN_ERR_ARGUMENT);
    int floats;
    ATTN__TRY(attn_flash_workspace(&floats, m, dk, dv));
    ATTN__TRY(attn__check_product(heads, dk));
    ATTN__TRY(attn__check_product(heads, dv));
    ATTN__TRY(attn__check_product(n, heads * dk));
    ATTN__TRY(attn__check_product(m, heads * dk));
    ATTN__TRY(attn__check_product(n, heads * dv));
    ATTN__TRY(attn__check_product(m, heads * dv));
    ATTN__TRY(attn__check_product(n, heads));

    struct flash_job job = {
        .base = {
            .ldq = heads * dk, .ldo = heads * dv,
            .causal = mask_kind == ATTN_MASK_CAUSAL, .window = window,
            .n = n, .m = m, .dk = dk, .dv = dv, .dv8 = round_up(dv, FLASH_NR),
        },
        .scale = (float)(LOG2_E / sqrt((double)dk)),
        .q = q, .k = k, .v = v, .out = out, .lse = lse, .work = work,
        .work_per_thread = (size_t)floats / ATTN__MAX_THREADS,
        .heads = heads,
        .latest_first = mask_kind == ATTN_MASK_CAUSAL && window == 0,
    };
    for (int t = 0; t < ATTN__MAX_THREADS; t++) job.packed_head[t] = -1;
    atomic_init(&job.empty, 0);
    /* About 16 blocks in all (at least one slice per head). A small call (below ~2^18
     * multiply-adds) runs whole on the calling thread: handing work over would cost more. */
    const int small = (int64_t)n * m * heads * (dk + dv) < (1 << 18);
    const int row_blocks = (n + FLASH_BR - 1) / FLASH_BR;
    int slices = small || heads >= 16 ? 1 : (16 + heads - 1) / heads;
    if (slices > row_blocks) slices = row_blocks;
    job.blocks_per_slice = (row_blocks + slices - 1) / slices;
    job.slices = (row_blocks + job.blocks_per_slice - 1) / job.blocks_per_slice;
    if (small) {
        for (int h = 0; h < heads; h++) flash_slice(&job, h, 0);
    } else {
        attn__parallel_run(flash_slice, &job, heads * job.slices);
    }
    if (empty_rows) *empty_rows = atomic_load(&job.empty);
    return ATTN_OK;
}
