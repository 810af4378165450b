/*
 * flash.c — fused, tiled attention with an online softmax (the FlashAttention idea): the N × M
 * table of scores is never stored. Queries are taken FLASH_BR rows at a time and keys
 * FLASH_BC at a time; each row keeps a running maximum and a running sum, and its output
 * accumulator is rescaled whenever a new key tile raises the maximum:
 *
 *     m' = max(m, max_j s_j)      l' = l·e^(m − m') + Σ_j e^(s_j − m')
 *     o' = o·e^(m − m') + Σ_j e^(s_j − m') v_j            out = o / l,  lse = m + log l
 *
 * Extra memory: K of one head packed into panels of 8 keys, V of one head made contiguous
 * (when there are several heads), one tile of scores and one of outputs — O(M·(DK + DV)),
 * never O(N·M). attn_attention (attention.c) is the naive twin.
 *
 * Layout: heads sit side by side in a row, as a projection X·W produces them: row i of q is
 * (q_i of head 0, q_i of head 1, ...), each DK wide; likewise k, v and out.
 */
#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#include "attn.h"
#include "causal.h"
#include "check.h"
#include "parallel.h"
#include "simd.h"

#ifndef FLASH_MR
#define FLASH_MR 4  /* query rows per micro-kernel (2·FLASH_MR vector accumulators) */
#endif
#define FLASH_NR 8  /* keys (or value columns) per micro-kernel */
#define FLASH_BR 24 /* query rows per block: a multiple of FLASH_MR */
#define FLASH_BC 64 /* keys per tile: a multiple of FLASH_NR */

static int round_up(int x, int to) { return (x + to - 1) / to * to; }
static int min_int(int a, int b) { return a < b ? a : b; }
static int max_int(int a, int b) { return a > b ? a : b; }

int attn_flash_workspace(int *floats, int m, int dk, int dv) {
    ATTN__REFUSE_IF(!floats, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(m <= 0 || dk <= 0 || dv <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(m > INT32_MAX - FLASH_NR, ATTN_ERR_OVERFLOW);
    ATTN__TRY(attn__check_product(round_up(m, FLASH_NR), dk));
    ATTN__TRY(attn__check_product(FLASH_BR, dv));
    ATTN__TRY(attn__check_product(m, dv));
    int64_t total = (int64_t)round_up(m, FLASH_NR) * dk + FLASH_BR * FLASH_BC + (int64_t)FLASH_BR * dv +
                    (int64_t)m * dv;
    total *= ATTN__MAX_THREADS; /* one scratch area per thread (parallel.c) */
    ATTN__REFUSE_IF(total > ATTN__MAX_ELEMENTS, ATTN_ERR_OVERFLOW);
    *floats = (int)total;
    return ATTN_OK;
}

/* Packs the DK columns of one head of K, times `scale` (1/√DK, so the tile's scores come out
 * scaled), into panels of 8 keys: panel g holds, for each p, keys 8g..8g+7's entry p side by
 * side. Keys past M are zero. */
static void pack_keys(float *packed, const float *k, int ldk, int m, int dk, float scale) {
    for (int j0 = 0; j0 < m; j0 += FLASH_NR) {
        float *panel = packed + (size_t)j0 * dk;
        for (int j = 0; j < FLASH_NR; j++) {
            if (j0 + j < m) {
                const float *src = k + (size_t)(j0 + j) * ldk;
                for (int p = 0; p < dk; p++) panel[(size_t)p * FLASH_NR + j] = src[p] * scale;
            } else {
                for (int p = 0; p < dk; p++) panel[(size_t)p * FLASH_NR + j] = 0.0f;
            }
        }
    }
}

/* s (MR × 8, leading dimension lds) = the MR query rows qr · the 8 packed keys kp. The row
 * loops have constant bounds: unrolled, with the 2·MR accumulators in vector registers. */
static void scores_tile(float *s, int lds, const float *const *qr, const float *kp, int dk) {
    vf4 acc[FLASH_MR][2];
    for (int r = 0; r < FLASH_MR; r++) acc[r][0] = acc[r][1] = vf4_zero();
    for (int p = 0; p < dk; p++) {
        vf4 b0 = vf4_load(kp), b1 = vf4_load(kp + 4);
        for (int r = 0; r < FLASH_MR; r++) {
            vf4 a = vf4_load_splat(qr[r] + p);
            acc[r][0] = vf4_madd(a, b0, acc[r][0]);
            acc[r][1] = vf4_madd(a, b1, acc[r][1]);
        }
        kp += FLASH_NR;
    }
    for (int r = 0; r < FLASH_MR; r++) {
        vf4_store(s + (size_t)r * lds, acc[r][0]);
        vf4_store(s + (size_t)r * lds + 4, acc[r][1]);
    }
}

/* o (MR × 8, leading dimension ldo) += w (MR × bc, leading dimension ldw) · v (bc × 8, ldv). */
static void weighted_values_tile(float *o, int ldo, const float *w, int ldw, const float *v, int ldv, int bc) {
    vf4 acc[FLASH_MR][2];
    for (int r = 0; r < FLASH_MR; r++) acc[r][0] = acc[r][1] = vf4_zero();
    for (int j = 0; j < bc; j++) {
        vf4 b0 = vf4_load(v), b1 = vf4_load(v + 4);
        for (int r = 0; r < FLASH_MR; r++) {
            vf4 a = vf4_load_splat(w + (size_t)r * ldw + j);
            acc[r][0] = vf4_madd(a, b0, acc[r][0]);
            acc[r][1] = vf4_madd(a, b1, acc[r][1]);
        }
        v += ldv;
    }
    for (int r = 0; r < FLASH_MR; r++) {
        float *row = o + (size_t)r * ldo;
        vf4_store(row, vf4_add(vf4_load(row), acc[r][0]));
        vf4_store(row + 4, vf4_add(vf4_load(row + 4), acc[r][1]));
    }
}

/* Everything one head's pass needs. */
struct flash_problem {
    const float *q, *k, *v; /* this head's first column in each */
    float *out;             /* this head's first column */
    float *lse;             /* (N) for this head, or NULL */
    float *packed_k, *s, *o;
    int ldq, ldk, ldv, ldo;
    int causal, window;
    int n, m, dk, dv;
    float scale;
};

/* Online-softmax update of one row of the tile (scores already scaled): masks outside
 * [lo, hi), turns scores into unnormalised weights, and rescales the row's accumulator. */
static void softmax_tile_row(float *row, float *o_row, float *row_max, double *row_sum,
                             int lo, int hi, int bc8, int dv) {
    if (lo >= hi) { /* nothing allowed in this tile for this row */
        memset(row, 0, sizeof(float) * (size_t)bc8);
        return;
    }
    vf4 vmax = vf4_splat(-INFINITY);
    for (int c = 0; c < lo; c++) row[c] = -INFINITY;
    for (int c = hi; c < bc8; c++) row[c] = -INFINITY;
    for (int c = 0; c < bc8; c += 4) vmax = vf4_max(vmax, vf4_load(row + c));
    float tile_max = vf4_hmax(vmax);
    float new_max = tile_max > *row_max ? tile_max : *row_max;
    const float tile_sum = vf4_exp_shifted_sum(row, new_max, bc8);
    if (new_max != *row_max) {
        float alpha = *row_max == -INFINITY ? 0.0f : expf(*row_max - new_max);
        *row_sum *= alpha;
        const vf4 valpha = vf4_splat(alpha);
        int d = 0;
        for (; d + 4 <= dv; d += 4) vf4_store(o_row + d, vf4_mul(vf4_load(o_row + d), valpha));
        for (; d < dv; d++) o_row[d] *= alpha;
        *row_max = new_max;
    }
    *row_sum += tile_sum;
}

/* One block of up to FLASH_BR query rows starting at i0, over every key tile it can see.
 * Returns how many of its rows had no allowed key. */
static int flash_block(const struct flash_problem *p, int i0) {
    int rows = min_int(FLASH_BR, p->n - i0);
    float row_max[FLASH_BR];
    double row_sum[FLASH_BR];
    for (int r = 0; r < rows; r++) row_max[r] = -INFINITY, row_sum[r] = 0.0;
    memset(p->o, 0, sizeof(float) * (size_t)FLASH_BR * p->dv);

    /* Keys any row of the block may see: [j_lo, j_hi), j_lo rounded down to a panel. */
    int j_hi = p->causal ? min_int(p->m, attn__causal_first_blocked(i0 + rows - 1)) : p->m;
    int j_lo = p->window ? max_int(0, attn__window_first_allowed(i0, p->window)) / FLASH_NR * FLASH_NR : 0;
    int dv8 = p->dv / FLASH_NR * FLASH_NR;

    for (int j0 = j_lo; j0 < j_hi; j0 += FLASH_BC) {
        int bc = min_int(FLASH_BC, j_hi - j0), bc8 = round_up(bc, FLASH_NR);
        /* Scores of the tile, FLASH_MR query rows at a time (missing rows repeat the last one). */
        for (int r0 = 0; r0 < rows; r0 += FLASH_MR) {
            const float *qr[FLASH_MR];
            for (int r = 0; r < FLASH_MR; r++)
                qr[r] = p->q + (size_t)(i0 + min_int(r0 + r, rows - 1)) * p->ldq;
            for (int g = 0; g < bc8; g += FLASH_NR)
                scores_tile(p->s + (size_t)r0 * FLASH_BC + g, FLASH_BC, qr,
                           p->packed_k + (size_t)(j0 + g) * p->dk, p->dk);
        }
        /* Online softmax, row by row; each row's allowed keys are [lo, hi) within the tile. */
        for (int r = 0; r < rows; r++) {
            int i = i0 + r;
            int lo = p->window ? max_int(0, attn__window_first_allowed(i, p->window) - j0) : 0;
            int hi = p->causal ? min_int(bc, attn__causal_first_blocked(i) - j0) : bc;
            softmax_tile_row(p->s + (size_t)r * FLASH_BC, p->o + (size_t)r * p->dv, &row_max[r],
                             &row_sum[r], lo, max_int(hi, 0), bc8, p->dv);
        }
        /* o += weights · V for the tile. */
        const float *v_tile = p->v + (size_t)j0 * p->ldv;
        for (int r0 = 0; r0 < rows; r0 += FLASH_MR) {
            const float *w = p->s + (size_t)r0 * FLASH_BC;
            float *o = p->o + (size_t)r0 * p->dv;
            for (int c = 0; c < dv8; c += FLASH_NR) weighted_values_tile(o + c, p->dv, w, FLASH_BC, v_tile + c, p->ldv, bc);
            for (int r = r0; r < min_int(r0 + FLASH_MR, rows); r++)
                for (int c = dv8; c < p->dv; c++) {
                    float sum = 0.0f;
                    for (int j = 0; j < bc; j++) sum += p->s[(size_t)r * FLASH_BC + j] * v_tile[(size_t)j * p->ldv + c];
                    p->o[(size_t)r * p->dv + c] += sum;
                }
        }
    }

    /* out = o / l; lse = m + log l. A row that saw no key is NaN, its lse -∞. */
    int empty = 0;
    for (int r = 0; r < rows; r++) {
        float *out_row = p->out + (size_t)(i0 + r) * p->ldo;
        const float *o_row = p->o + (size_t)r * p->dv;
        if (row_sum[r] == 0.0) {
            empty++;
            for (int d = 0; d < p->dv; d++) out_row[d] = NAN;
            if (p->lse) p->lse[i0 + r] = -INFINITY;
            continue;
        }
        float inv = (float)(1.0 / row_sum[r]);
        for (int d = 0; d < p->dv; d++) out_row[d] = o_row[d] * inv;
        if (p->lse) p->lse[i0 + r] = (float)(row_max[r] + log(row_sum[r]));
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
    size_t work_per_thread;
    int heads, slices, blocks_per_slice, latest_first;
    int packed_head[ATTN__MAX_THREADS]; /* the head each thread's scratch holds, or -1 */
    _Atomic int empty;
};

/* Thread `thread`'s problem for head h, its scratch packed with that head's keys (and values). */
static void flash_prepare_head(struct flash_job *job, struct flash_problem *p, int h, int thread) {
    const int m = p->m, dk = p->dk, dv = p->dv, heads = job->heads;
    float *work = job->work + job->work_per_thread * (size_t)thread;
    float *packed_v = work + (size_t)round_up(m, FLASH_NR) * dk + FLASH_BR * FLASH_BC + (size_t)FLASH_BR * dv;
    p->packed_k = work;
    p->s = work + (size_t)round_up(m, FLASH_NR) * dk;
    p->o = work + (size_t)round_up(m, FLASH_NR) * dk + FLASH_BR * FLASH_BC;
    p->q = job->q + (size_t)h * dk;
    p->k = job->k + (size_t)h * dk;
    p->v = heads > 1 ? packed_v : job->v;
    p->out = job->out + (size_t)h * dv;
    p->lse = job->lse ? job->lse + (size_t)h * p->n : NULL;
    if (job->packed_head[thread] == h) return;
    if (heads > 1) {
        /* One head's values, copied contiguous: rows HEADS·DV apart alias in L1 (a 2 KiB
         * stride at 8 heads of 64 maps a tile's rows onto a few cache sets). */
        for (int j = 0; j < m; j++)
            memcpy(packed_v + (size_t)j * dv, job->v + (size_t)j * heads * dv + (size_t)h * dv, sizeof(float) * (size_t)dv);
    }
    pack_keys(p->packed_k, p->k, p->ldk, m, dk, p->scale);
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
            .ldq = heads * dk, .ldk = heads * dk, .ldv = heads > 1 ? dv : heads * dv, .ldo = heads * dv,
            .causal = mask_kind == ATTN_MASK_CAUSAL, .window = window,
            .n = n, .m = m, .dk = dk, .dv = dv,
            .scale = (float)(1.0 / sqrt((double)dk)),
        },
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
