/*
 * experiment.c — the §6.3 measurements: the variance of random dot products (raw and divided by
 * √DK), how often a softmax over random scores saturates, and how far apart the scores of one
 * trial lie (each alone, or both from one pass over the trials). Every draw comes from the
 * core's one generator (random.c), so a seed fixes every number.
 */
#include <math.h>
#include <stdlib.h>

#include "attn.h"
#include "check.h"
#include "portable_math.h"

/* Normals are taken from the generator in batches (the same order as one at a time). */
#define PAIRS_PER_BATCH 256

/* Index b with edges[b] <= s < edges[b + 1], or −1 when s is outside [edges[0], edges[bins]). */
static int find_bin(const float *edges, int bins, double s) {
    if (!(s >= edges[0]) || !(s < edges[bins])) return -1;
    int lo = 0, hi = bins; /* invariant: edges[lo] <= s < edges[hi] */
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        if (s >= edges[mid]) lo = mid;
        else hi = mid;
    }
    return lo;
}

static int check_score_args(int dk, int draws, int bins, const float *edges, const int *counts) {
    ATTN__REFUSE_IF(dk <= 0 || draws <= 0 || bins < 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(dk > ATTN_MAX_DK || draws > ATTN_MAX_DRAWS, ATTN_ERR_ARGUMENT);
    if (bins > 0) {
        ATTN__REFUSE_IF(!edges || !counts, ATTN_ERR_NULL);
        ATTN__TRY(attn__check_product(bins, 1));
        for (int b = 0; b <= bins; b++) ATTN__REFUSE_IF(!isfinite(edges[b]), ATTN_ERR_VALUE);
        for (int b = 0; b < bins; b++) ATTN__REFUSE_IF(!(edges[b] < edges[b + 1]), ATTN_ERR_ARGUMENT);
    }
    return ATTN_OK;
}

int attn_score_accumulate(double *sums,        /* (3) count, Σs, Σs² — added to */
                          int *counts,         /* (BINS) — added to */
                          struct attn_rng *rng,
                          const float *edges,  /* (BINS + 1), or NULL when BINS is 0 */
                          int dk, int draws, int scaled, int bins) {
    ATTN__REFUSE_IF(!sums || !rng, ATTN_ERR_NULL);
    ATTN__TRY(check_score_args(dk, draws, bins, edges, counts));

    const double factor = scaled ? 1.0 / sqrt((double)dk) : 1.0;
    double sum = sums[1], sum_sq = sums[2]; /* continue the running sums: chunks == one call */
    float pairs[2 * PAIRS_PER_BATCH]; /* q_i, k_i alternating, a batch at a time */
    for (int d = 0; d < draws; d++) {
        double dot = 0.0;
        for (int i0 = 0; i0 < dk; i0 += PAIRS_PER_BATCH) {
            int n = dk - i0 < PAIRS_PER_BATCH ? dk - i0 : PAIRS_PER_BATCH;
            attn_rng_normals(pairs, rng, 2 * n);
            for (int i = 0; i < n; i++)
                dot += (double)pairs[2 * i] * (double)pairs[2 * i + 1]; /* exact product, summed in double */
        }
        double s = dot * factor;
        sum += s;
        sum_sq += s * s;
        if (bins > 0) {
            int b = find_bin(edges, bins, s);
            if (b >= 0) counts[b] += 1;
        }
    }
    sums[0] += draws;
    sums[1] = sum;
    sums[2] = sum_sq;
    return ATTN_OK;
}

int attn_score_moments(double *moments,    /* (3) mean, variance, ratio */
                       const double *sums, /* (3) count, Σs, Σs² */
                       int dk, int scaled) {
    ATTN__REFUSE_IF(!moments || !sums, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(dk <= 0 || !(sums[0] >= 1.0), ATTN_ERR_SIZE);
    double n = sums[0], mean = sums[1] / n;
    /* Σ(s − mean)² = Σs² − n·mean²; scores have mean ≈ 0, so there is no cancellation to fear. */
    double variance = n > 1.0 ? (sums[2] - n * mean * mean) / (n - 1.0) : 0.0;
    if (variance < 0.0) variance = 0.0;
    moments[0] = mean;
    moments[1] = variance;
    moments[2] = scaled ? variance : variance / dk;
    return ATTN_OK;
}

int attn_score_stats(double *moments,      /* (3) mean, variance, ratio */
                     int *counts,          /* (BINS) */
                     const float *edges,   /* (BINS + 1) */
                     uint32_t seed, int dk, int draws, int scaled, int bins) {
    ATTN__REFUSE_IF(!moments, ATTN_ERR_NULL);
    ATTN__TRY(check_score_args(dk, draws, bins, edges, counts));
    struct attn_rng rng;
    attn_rng_seed(&rng, seed);
    for (int b = 0; b < bins; b++) counts[b] = 0;
    double sums[3] = {0.0, 0.0, 0.0};
    ATTN__TRY(attn_score_accumulate(sums, counts, &rng, edges, dk, draws, scaled, bins));
    return attn_score_moments(moments, sums, dk, scaled);
}

/* The shared checks of the trial functions (saturation and gaps draw the same trials). */
static int check_trial_args(int dk, int keys, int trials) {
    ATTN__REFUSE_IF(dk <= 0 || keys <= 0 || trials <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(dk > ATTN_MAX_DK || keys < 2 || keys > ATTN_MAX_KEYS || trials > ATTN_MAX_TRIALS,
                    ATTN_ERR_ARGUMENT);
    return ATTN_OK;
}

/* A gap between two scores to count past: finite and above 0. */
static int check_gap(double gap) {
    ATTN__REFUSE_IF(!(gap > 0.0) || !isfinite(gap), ATTN_ERR_ARGUMENT);
    return ATTN_OK;
}

/* One trial's scores: a query (DK normals from `rng`) into q, then KEYS keys, key after key,
 * each scored q·k (summed in double) times `factor`, into scores (KEYS). */
static void draw_trial_scores(float *scores, float *q, struct attn_rng *rng, int dk, int keys, double factor) {
    float batch[2 * PAIRS_PER_BATCH]; /* one key's entries, a batch at a time */
    attn_rng_normals(q, rng, dk);
    for (int j = 0; j < keys; j++) {
        double dot = 0.0;
        for (int i0 = 0; i0 < dk; i0 += 2 * PAIRS_PER_BATCH) {
            int n = dk - i0 < 2 * PAIRS_PER_BATCH ? dk - i0 : 2 * PAIRS_PER_BATCH;
            attn_rng_normals(batch, rng, n);
            for (int i = 0; i < n; i++) dot += (double)q[i0 + i] * (double)batch[i];
        }
        scores[j] = (float)(dot * factor);
    }
}

/* p_max of one trial's softmax row: e^0 / Σ e^(s_j − max), its largest weight. */
static float trial_pmax(const float *scores, int keys) {
    double max = -INFINITY;
    for (int j = 0; j < keys; j++) if (scores[j] > max) max = scores[j];
    double sum = 0.0;
    for (int j = 0; j < keys; j++) sum += attn__portable_exp_nonpositive((double)scores[j] - max);
    return (float)(1.0 / sum);
}

static int compare_ascending(const void *a, const void *b) {
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Pairs i < j of sorted (ascending) scores with s_j − s_i > gap: for each i, the first j whose
 * difference passes the gap only moves right as s_i grows, so one pass of two pointers counts
 * them all. Differences are taken in double, as a brute-force count would. */
static double count_pairs_apart(const float *sorted, int keys, double gap) {
    double over = 0.0;
    int j = 0;
    for (int i = 0; i < keys; i++) {
        if (j <= i) j = i + 1;
        while (j < keys && !((double)sorted[j] - (double)sorted[i] > gap)) j++;
        over += keys - j;
    }
    return over;
}

/* Draws TRIALS trials and measures each one as asked: its p_max into pmax[t] when pmax is not
 * NULL, its gaps added to totals (pairs, pairs apart by more than gap, top gap) when totals is
 * not NULL. p_max is taken before the scores are sorted for the gaps, so either measurement is
 * the same whether the other is taken or not. Arguments already checked. */
static void run_trials(float *pmax, double *totals, float *work, struct attn_rng *rng,
                       int dk, int keys, int trials, int scaled, double gap) {
    const double factor = scaled ? 1.0 / sqrt((double)dk) : 1.0;
    const double pairs_per_trial = (double)keys * (keys - 1) / 2.0;
    float *q = work, *scores = work + dk;
    double pairs = 0.0, over = 0.0, top_gaps = 0.0;
    if (totals) pairs = totals[0], over = totals[1], top_gaps = totals[2]; /* continue the running totals */
    for (int t = 0; t < trials; t++) {
        draw_trial_scores(scores, q, rng, dk, keys, factor);
        if (pmax) pmax[t] = trial_pmax(scores, keys);
        if (totals) {
            qsort(scores, (size_t)keys, sizeof *scores, compare_ascending);
            pairs += pairs_per_trial;
            over += count_pairs_apart(scores, keys, gap);
            top_gaps += (double)scores[keys - 1] - (double)scores[keys - 2];
        }
    }
    if (totals) totals[0] = pairs, totals[1] = over, totals[2] = top_gaps;
}

int attn_saturation_trials(float *pmax,         /* (TRIALS) */
                           float *work,         /* (DK + KEYS) scratch */
                           struct attn_rng *rng,
                           int dk, int keys, int trials, int scaled) {
    ATTN__REFUSE_IF(!pmax || !work || !rng, ATTN_ERR_NULL);
    ATTN__TRY(check_trial_args(dk, keys, trials));
    run_trials(pmax, NULL, work, rng, dk, keys, trials, scaled, 0.0);
    return ATTN_OK;
}

int attn_score_gaps(double *totals,       /* (3) pairs, pairs apart by more than GAP, Σ top gap — added to */
                    float *work,          /* (DK + KEYS) scratch */
                    struct attn_rng *rng,
                    int dk, int keys, int trials, int scaled, double gap) {
    ATTN__REFUSE_IF(!totals || !work || !rng, ATTN_ERR_NULL);
    ATTN__TRY(check_trial_args(dk, keys, trials));
    ATTN__TRY(check_gap(gap));
    run_trials(NULL, totals, work, rng, dk, keys, trials, scaled, gap);
    return ATTN_OK;
}

int attn_saturation_with_gaps(float *pmax,         /* (TRIALS) */
                              double *totals,      /* (3) pairs, pairs apart by more than GAP, Σ top gap — added to */
                              float *work,         /* (DK + KEYS) scratch */
                              struct attn_rng *rng,
                              int dk, int keys, int trials, int scaled, double gap) {
    ATTN__REFUSE_IF(!pmax || !totals || !work || !rng, ATTN_ERR_NULL);
    ATTN__TRY(check_trial_args(dk, keys, trials));
    ATTN__TRY(check_gap(gap));
    run_trials(pmax, totals, work, rng, dk, keys, trials, scaled, gap);
    return ATTN_OK;
}

int attn_saturation_summary(double *summary,    /* (2) fraction, mean p(1 − p) */
                            const float *pmax,  /* (TRIALS) */
                            int trials, float threshold) {
    ATTN__REFUSE_IF(!summary || !pmax, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(trials <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(!(threshold > 0.0f && threshold < 1.0f), ATTN_ERR_ARGUMENT);
    int saturated = 0;
    double grad = 0.0;
    for (int t = 0; t < trials; t++) {
        ATTN__REFUSE_IF(!isfinite(pmax[t]), ATTN_ERR_VALUE);
        if (pmax[t] > threshold) {
            saturated += 1;
            grad += (double)pmax[t] * (1.0 - (double)pmax[t]);
        }
    }
    summary[0] = (double)saturated / trials;
    summary[1] = saturated ? grad / saturated : NAN;
    return ATTN_OK;
}
