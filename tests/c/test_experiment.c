/*
 * test_experiment.c — the §6.3 measurements: Var(q·k) = d_k and the scaled variance 1,
 * histograms, chunked runs equal to one call, determinism, the chapter's saturation figures,
 * the gaps between one trial's scores (against a pair-by-pair count, and the chapter's "gaps of
 * 20 are common at d_k = 128"), both from one pass equal to the two calls, and every bad input.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

/* Fewer draws than the chapter's 200,000 (the sanitizers are slow): the standard error of
 * variance/d_k is about √(2/n) ≈ 0.0063 at 50,000 draws, so ±0.03 is about five of them. */
static void test_variance_grows_with_dk_and_scaling_removes_it(void) {
    const int widths[] = {1, 32, 64, 128};
    for (int w = 0; w < 4; w++) {
        int dk = widths[w], draws = dk == 128 ? 20000 : 50000;
        double tol = dk == 128 ? 0.05 : 0.03;
        double raw[3], scaled[3];
        EXPECT_EQ_INT(attn_score_stats(raw, NULL, NULL, 11u + dk, dk, draws, 0, 0), ATTN_OK);
        EXPECT_EQ_INT(attn_score_stats(scaled, NULL, NULL, 99u + dk, dk, draws, 1, 0), ATTN_OK);
        EXPECT_NEAR(raw[2], 1.0, tol);
        EXPECT_NEAR(raw[1] / dk, raw[2], 1e-12);
        EXPECT_NEAR(raw[0], 0.0, 0.03 * sqrt(dk));
        EXPECT_NEAR(scaled[1], 1.0, tol);
        EXPECT_NEAR(scaled[2], scaled[1], 0);
        EXPECT_NEAR(scaled[0], 0.0, 0.03);
    }
}

static void test_same_seed_scaled_is_raw_over_root_dk(void) {
    double raw[3], scaled[3];
    attn_score_stats(raw, NULL, NULL, 5, 64, 5000, 0, 0);
    attn_score_stats(scaled, NULL, NULL, 5, 64, 5000, 1, 0);
    EXPECT_NEAR(scaled[1], raw[1] / 64, 1e-9);
    EXPECT_NEAR(scaled[0], raw[0] / 8, 1e-9);
}

static void test_histogram_counts_every_score_in_range(void) {
    enum { BINS = 8 };
    float edges[BINS + 1];
    for (int b = 0; b <= BINS; b++) edges[b] = -4.0f + b; /* [−4, 4) in steps of 1 */
    int counts[BINS];
    double m[3];
    EXPECT_EQ_INT(attn_score_stats(m, counts, edges, 1, 256, 20000, 1, BINS), ATTN_OK);
    long total = 0;
    for (int b = 0; b < BINS; b++) total += counts[b];
    /* At d_k = 256 the scaled score is nearly normal (kurtosis 3 + 6/256), and |z| >= 4 has
     * probability 6e-5 for a normal: nearly every score lands in a bin. */
    EXPECT(total <= 20000 && total >= 19990);
    /* Symmetric, and the central bins hold about 34.1% each. */
    EXPECT_NEAR(counts[3] / 20000.0, 0.3413, 0.015);
    EXPECT_NEAR(counts[4] / 20000.0, 0.3413, 0.015);
    EXPECT_NEAR(counts[0] / 20000.0, 0.0013, 0.0012);
    /* Uneven edges work too (binary search). */
    const float uneven[4] = {-100, -1, 0.5f, 100};
    int c3[3];
    EXPECT_EQ_INT(attn_score_stats(m, c3, uneven, 1, 16, 20000, 1, 3), ATTN_OK);
    EXPECT_EQ_INT(c3[0] + c3[1] + c3[2], 20000);
    EXPECT_NEAR(c3[0] / 20000.0, 0.1587, 0.015);
    EXPECT_NEAR(c3[2] / 20000.0, 0.3085, 0.015);
}

static void test_chunks_give_exactly_one_calls_numbers(void) {
    enum { BINS = 20 };
    float edges[BINS + 1];
    for (int b = 0; b <= BINS; b++) edges[b] = -20.0f + 2.0f * b;
    int one[BINS], chunked[BINS] = {0};
    double m_one[3], m_chunked[3], sums[3] = {0, 0, 0};
    attn_score_stats(m_one, one, edges, 77, 33, 3001, 0, BINS);
    struct attn_rng rng;
    attn_rng_seed(&rng, 77);
    for (int done = 0; done < 3001; done += 500) {
        int n = 3001 - done < 500 ? 3001 - done : 500;
        EXPECT_EQ_INT(attn_score_accumulate(sums, chunked, &rng, edges, 33, n, 0, BINS), ATTN_OK);
    }
    EXPECT_EQ_INT(attn_score_moments(m_chunked, sums, 33, 0), ATTN_OK);
    EXPECT(m_one[0] == m_chunked[0] && m_one[1] == m_chunked[1] && m_one[2] == m_chunked[2]);
    int differ = 0;
    for (int b = 0; b < BINS; b++) differ += one[b] != chunked[b];
    EXPECT_EQ_INT(differ, 0);
}

static void test_same_seed_same_numbers(void) {
    double a[3], b[3], c[3];
    attn_score_stats(a, NULL, NULL, 42, 128, 2000, 0, 0);
    attn_score_stats(b, NULL, NULL, 42, 128, 2000, 0, 0);
    attn_score_stats(c, NULL, NULL, 43, 128, 2000, 0, 0);
    EXPECT(a[0] == b[0] && a[1] == b[1]);
    EXPECT(a[1] != c[1]);
}

static int compare_floats(const void *a, const void *b) {
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static void run_saturation(double summary[2], float *pmax, int scaled, uint32_t seed) {
    float work[128 + 64];
    struct attn_rng rng;
    attn_rng_seed(&rng, seed);
    EXPECT_EQ_INT(attn_saturation_trials(pmax, work, &rng, 128, 64, 500, scaled), ATTN_OK);
    EXPECT_EQ_INT(attn_saturation_summary(summary, pmax, 500, 0.99f), ATTN_OK);
}

/* The chapter: 500 trials at d_k = 128 with 64 keys; 35% of raw trials saturate, none scaled,
 * and p(1 − p) in the saturated ones is about 0.0020. */
static void test_saturation_reproduces_the_chapter(void) {
    static float pmax[500];
    double raw[2], scaled[2];
    for (uint32_t seed = 1; seed <= 3; seed++) {
        run_saturation(raw, pmax, 0, seed);
        EXPECT(raw[0] >= 0.28 && raw[0] <= 0.42);
        EXPECT(raw[1] > 0 && raw[1] < 0.005);
        int valid = 1;
        for (int t = 0; t < 500; t++) valid &= pmax[t] >= 1.0f / 64 && pmax[t] <= 1.0f;
        EXPECT(valid);
        run_saturation(scaled, pmax, 1, seed);
        EXPECT_NEAR(scaled[0], 0.0, 0);
        EXPECT(isnan(scaled[1]));
    }
}

static void test_saturation_is_deterministic(void) {
    static float a[500], b[500];
    double sa[2], sb[2];
    run_saturation(sa, a, 0, 9);
    run_saturation(sb, b, 0, 9);
    int differ = 0;
    for (int t = 0; t < 500; t++) differ += a[t] != b[t];
    EXPECT_EQ_INT(differ, 0);
}

static void test_saturation_summary_by_hand(void) {
    const float pmax[4] = {0.5f, 0.995f, 0.999f, 0.99f};
    double s[2];
    EXPECT_EQ_INT(attn_saturation_summary(s, pmax, 4, 0.99f), ATTN_OK);
    EXPECT_NEAR(s[0], 0.5, 0); /* 0.99 itself is not above 0.99 */
    double g = ((double)0.995f * (1 - (double)0.995f) + (double)0.999f * (1 - (double)0.999f)) / 2;
    EXPECT_NEAR(s[1], g, 1e-15);
}

/* One trial's scores drawn by hand, as attn.h describes them: the query's DK normals, then each
 * key's, from one generator; q·k summed in double, times the factor, rounded to float. */
static void draw_scores_by_hand(float *scores, struct attn_rng *rng, int dk, int keys, int scaled) {
    float q[64], k[64];
    attn_rng_normals(q, rng, dk);
    for (int j = 0; j < keys; j++) {
        attn_rng_normals(k, rng, dk);
        double dot = 0.0;
        for (int i = 0; i < dk; i++) dot += (double)q[i] * (double)k[i];
        scores[j] = (float)(dot * (scaled ? 1.0 / sqrt((double)dk) : 1.0));
    }
}

/* The gaps of the trials drawn by hand, counted pair by pair (O(KEYS²)), against the core's
 * sort-and-two-pointer count: every total exactly equal. */
static void test_score_gaps_match_a_brute_count(void) {
    const struct { int dk, keys, trials, scaled; double gap; } cases[] = {
        {1, 2, 5, 0, 0.5}, {3, 7, 20, 0, 1.0}, {8, 40, 10, 0, 2.5}, {64, 33, 6, 0, 20.0}, {64, 50, 6, 1, 0.75},
    };
    for (int c = 0; c < 5; c++) {
        int dk = cases[c].dk, keys = cases[c].keys, trials = cases[c].trials, scaled = cases[c].scaled;
        double gap = cases[c].gap;
        struct attn_rng core_rng, hand_rng;
        attn_rng_seed(&core_rng, 31u + c), attn_rng_seed(&hand_rng, 31u + c);
        float work[64 + 50], scores[50];
        double totals[3] = {0, 0, 0}, pairs = 0, over = 0, top = 0;
        EXPECT_EQ_INT(attn_score_gaps(totals, work, &core_rng, dk, keys, trials, scaled, gap), ATTN_OK);
        for (int t = 0; t < trials; t++) {
            draw_scores_by_hand(scores, &hand_rng, dk, keys, scaled);
            float first = -INFINITY, second = -INFINITY;
            for (int i = 0; i < keys; i++) {
                for (int j = i + 1; j < keys; j++) {
                    pairs += 1;
                    over += fabs((double)scores[i] - (double)scores[j]) > gap;
                }
                if (scores[i] > first) second = first, first = scores[i];
                else if (scores[i] > second) second = scores[i];
            }
            top += (double)first - (double)second;
        }
        EXPECT_NEAR(totals[0], pairs, 0);
        EXPECT_NEAR(totals[0], trials * keys * (keys - 1) / 2.0, 0);
        EXPECT_NEAR(totals[1], over, 0);
        EXPECT_NEAR(totals[2], top, 0);
        EXPECT(memcmp(&core_rng, &hand_rng, sizeof core_rng) == 0); /* and drew exactly as many normals */
    }
}

/* The same seed gives saturation and gaps the same scores: after one trial each, their scratch
 * holds the same query and (sorted) the same scores, and the generators stand at the same place. */
static void test_score_gaps_draw_the_saturation_trials(void) {
    enum { DK = 600, KEYS = 300 }; /* wider than one batch of normals */
    static float sat_work[DK + KEYS], gap_work[DK + KEYS];
    float pmax[3];
    double totals[3] = {0, 0, 0};
    struct attn_rng a, b;
    attn_rng_seed(&a, 8), attn_rng_seed(&b, 8);
    for (int t = 0; t < 3; t++) {
        EXPECT_EQ_INT(attn_saturation_trials(pmax + t, sat_work, &a, DK, KEYS, 1, 0), ATTN_OK);
        EXPECT_EQ_INT(attn_score_gaps(totals, gap_work, &b, DK, KEYS, 1, 0, 20.0), ATTN_OK);
        EXPECT(memcmp(sat_work, gap_work, DK * sizeof(float)) == 0);
        qsort(sat_work + DK, KEYS, sizeof(float), compare_floats);
        EXPECT(memcmp(sat_work + DK, gap_work + DK, KEYS * sizeof(float)) == 0);
        EXPECT(memcmp(&a, &b, sizeof a) == 0);
    }
}

static void test_score_gaps_in_chunks_equal_one_call(void) {
    static float work[96 + 500];
    double one[3] = {0, 0, 0}, chunked[3] = {0, 0, 0};
    struct attn_rng a, b;
    attn_rng_seed(&a, 5), attn_rng_seed(&b, 5);
    EXPECT_EQ_INT(attn_score_gaps(one, work, &a, 96, 500, 23, 0, 7.5), ATTN_OK);
    for (int done = 0; done < 23; done += 5) {
        int n = 23 - done < 5 ? 23 - done : 5;
        EXPECT_EQ_INT(attn_score_gaps(chunked, work, &b, 96, 500, n, 0, 7.5), ATTN_OK);
    }
    EXPECT(memcmp(one, chunked, sizeof one) == 0);
}

/* The chapter's "at d_k = 128, gaps of 20 are common". Within a trial the scores share the query,
 * so s_j ~ N(0, |q|²), |q|² ≈ 128, and a gap s_i − s_j ~ N(0, 2·128): P(|gap| > 20) =
 * 2(1 − Φ(20/16)) = 0.2113 at |q|² = 128 exactly, and 0.2100 averaged over |q|² ~ χ²(128). Pairs
 * in one trial are not independent (they share the query and keys), so the noise is that of the
 * trials: the fraction of one trial varies by about 0.04 (|q|² alone has a standard deviation of
 * 16), and over 1,000 trials the mean by about 0.0013. ±0.008 is six of those, and still tells
 * 0.21 from 0.19 (|q|² = 115) or 0.23 (|q|² = 141); 30 seeds gave 0.2101 ± 0.0013. The largest
 * score leads the second by about 0.381·|q| ≈ 4.3 (the top spacing of 64 standard normals is
 * 0.3807 on average); that spacing is roughly exponential, so one trial's varies by about its
 * mean and the mean of 1,000 by 4.3/√1000 ≈ 0.14: ±0.6 (0.05 scaled) is four of those. Scaled, a
 * gap is N(0, 2) and one of 20 is 14 standard deviations: none in 2 million pairs. */
static void test_score_gaps_reproduce_the_chapter(void) {
    static float work[128 + 64];
    for (uint32_t seed = 1; seed <= 3; seed++) {
        double raw[3] = {0, 0, 0}, scaled[3] = {0, 0, 0};
        struct attn_rng rng;
        attn_rng_seed(&rng, seed);
        EXPECT_EQ_INT(attn_score_gaps(raw, work, &rng, 128, 64, 1000, 0, 20.0), ATTN_OK);
        attn_rng_seed(&rng, seed);
        EXPECT_EQ_INT(attn_score_gaps(scaled, work, &rng, 128, 64, 1000, 1, 20.0), ATTN_OK);
        EXPECT_NEAR(raw[0], 1000 * 64 * 63 / 2.0, 0);
        EXPECT_NEAR(raw[1] / raw[0], 0.2100, 0.008);
        EXPECT_NEAR(raw[2] / 1000, 4.30, 0.6);
        EXPECT_NEAR(scaled[1], 0, 0);
        EXPECT_NEAR(scaled[2] / 1000, 0.380, 0.05);
        EXPECT_NEAR(scaled[2], raw[2] / sqrt(128.0), 1e-3 * raw[2]); /* the same draws, divided by √128 */
    }
}

/* One pass gives exactly what the two separate calls give from the same seed: every p_max and
 * every total bit for bit, added to totals that already hold something, and the generator left
 * where each of them leaves it. The cases cross a batch of normals (DK > 512), sort many keys,
 * and scale; the last runs in chunks, as the page does for its progress bar. */
static void test_saturation_with_gaps_equals_the_two_calls(void) {
    const struct { int dk, keys, trials, scaled; double gap; } cases[] = {
        {1, 2, 9, 0, 0.5}, {128, 64, 40, 0, 20.0}, {128, 64, 40, 1, 20.0}, {600, 300, 3, 0, 20.0}, {96, 500, 7, 1, 0.25},
    };
    static float work[600 + 500], pmax_one[40], pmax_sat[40];
    for (int c = 0; c < 5; c++) {
        int dk = cases[c].dk, keys = cases[c].keys, trials = cases[c].trials, scaled = cases[c].scaled;
        double gap = cases[c].gap;
        struct attn_rng one, sat, gaps;
        attn_rng_seed(&one, 70u + c), attn_rng_seed(&sat, 70u + c), attn_rng_seed(&gaps, 70u + c);
        double totals_one[3] = {3, 2, 1.5}, totals_gaps[3] = {3, 2, 1.5};
        EXPECT_EQ_INT(attn_saturation_with_gaps(pmax_one, totals_one, work, &one, dk, keys, trials, scaled, gap), ATTN_OK);
        EXPECT_EQ_INT(attn_saturation_trials(pmax_sat, work, &sat, dk, keys, trials, scaled), ATTN_OK);
        EXPECT_EQ_INT(attn_score_gaps(totals_gaps, work, &gaps, dk, keys, trials, scaled, gap), ATTN_OK);
        EXPECT(memcmp(pmax_one, pmax_sat, (size_t)trials * sizeof(float)) == 0);
        EXPECT(memcmp(totals_one, totals_gaps, sizeof totals_one) == 0);
        EXPECT(totals_one[0] > 3 && totals_one[2] > 1.5); /* added to, not overwritten */
        EXPECT(memcmp(&one, &sat, sizeof one) == 0 && memcmp(&one, &gaps, sizeof one) == 0);
    }
    /* In chunks of 6, 6, 6, 6, 6, 6, 4 trials: the numbers of one call. */
    struct attn_rng a, b;
    attn_rng_seed(&a, 12), attn_rng_seed(&b, 12);
    double whole[3] = {0, 0, 0}, chunked[3] = {0, 0, 0};
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax_one, whole, work, &a, 128, 64, 40, 0, 20.0), ATTN_OK);
    for (int done = 0; done < 40; done += 6) {
        int n = 40 - done < 6 ? 40 - done : 6;
        EXPECT_EQ_INT(attn_saturation_with_gaps(pmax_sat + done, chunked, work, &b, 128, 64, n, 0, 20.0), ATTN_OK);
    }
    EXPECT(memcmp(pmax_one, pmax_sat, sizeof pmax_one) == 0);
    EXPECT(memcmp(whole, chunked, sizeof whole) == 0);
}

static void test_bad_input(void) {
    double m[3], sums[3] = {0, 0, 0};
    int counts[2];
    float edges[3] = {0, 1, 2}, bad_edges[3] = {0, 1, 1}, nan_edges[3] = {0, NAN, 2};
    float pmax[4] = {0.5f, 0.5f, 0.5f, 0.5f}, work[16];
    struct attn_rng rng;
    attn_rng_seed(&rng, 1);
    EXPECT_EQ_INT(attn_score_stats(m, NULL, NULL, 1, 0, 10, 0, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_score_stats(m, NULL, NULL, 1, -5, 10, 0, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_score_stats(m, NULL, NULL, 1, ATTN_MAX_DK + 1, 10, 0, 0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_score_stats(m, NULL, NULL, 1, 8, 0, 0, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_score_stats(m, NULL, NULL, 1, 8, ATTN_MAX_DRAWS + 1, 0, 0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_score_stats(m, counts, NULL, 1, 8, 10, 0, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_score_stats(m, counts, bad_edges, 1, 8, 10, 0, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_score_stats(m, counts, nan_edges, 1, 8, 10, 0, 2), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_score_stats(NULL, counts, edges, 1, 8, 10, 0, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_score_accumulate(sums, NULL, NULL, NULL, 8, 10, 0, 0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_score_moments(m, sums, 8, 0), ATTN_ERR_SIZE); /* no draws yet */
    EXPECT_EQ_INT(attn_saturation_trials(pmax, work, &rng, 8, 1, 4, 0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_saturation_trials(pmax, work, &rng, 8, 0, 4, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_saturation_trials(pmax, work, &rng, 0, 8, 4, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_saturation_trials(pmax, work, &rng, 8, 8, 0, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_saturation_trials(pmax, NULL, &rng, 8, 8, 4, 0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_saturation_summary(m, pmax, 4, 0.0f), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_saturation_summary(m, pmax, 4, 1.0f), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_saturation_summary(m, pmax, 4, NAN), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_saturation_summary(m, pmax, 0, 0.5f), ATTN_ERR_SIZE);
    pmax[2] = NAN;
    EXPECT_EQ_INT(attn_saturation_summary(m, pmax, 4, 0.5f), ATTN_ERR_VALUE);
    double totals[3] = {0, 0, 0};
    EXPECT_EQ_INT(attn_score_gaps(NULL, work, &rng, 8, 4, 2, 0, 20.0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_score_gaps(totals, NULL, &rng, 8, 4, 2, 0, 20.0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, NULL, 8, 4, 2, 0, 20.0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, &rng, 0, 4, 2, 0, 20.0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, &rng, 8, 0, 2, 0, 20.0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, &rng, 8, 4, 0, 0, 20.0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, &rng, 8, 1, 2, 0, 20.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, &rng, ATTN_MAX_DK + 1, 4, 2, 0, 20.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, &rng, 8, ATTN_MAX_KEYS + 1, 2, 0, 20.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, &rng, 8, 4, ATTN_MAX_TRIALS + 1, 0, 20.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, &rng, 8, 4, 2, 0, 0.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, &rng, 8, 4, 2, 0, -1.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, &rng, 8, 4, 2, 0, NAN), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_score_gaps(totals, work, &rng, 8, 4, 2, 0, INFINITY), ATTN_ERR_ARGUMENT);
    /* One pass: the checks of both calls, and a refused call writes nothing. */
    float untouched = pmax[0];
    EXPECT_EQ_INT(attn_saturation_with_gaps(NULL, totals, work, &rng, 8, 4, 2, 0, 20.0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, NULL, work, &rng, 8, 4, 2, 0, 20.0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, NULL, &rng, 8, 4, 2, 0, 20.0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, NULL, 8, 4, 2, 0, 20.0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, &rng, 0, 4, 2, 0, 20.0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, &rng, 8, 0, 2, 0, 20.0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, &rng, 8, 4, 0, 0, 20.0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, &rng, 8, 1, 2, 0, 20.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, &rng, ATTN_MAX_DK + 1, 4, 2, 0, 20.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, &rng, 8, ATTN_MAX_KEYS + 1, 2, 0, 20.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, &rng, 8, 4, ATTN_MAX_TRIALS + 1, 0, 20.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, &rng, 8, 4, 2, 0, 0.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, &rng, 8, 4, 2, 0, -1.0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, &rng, 8, 4, 2, 0, NAN), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_saturation_with_gaps(pmax, totals, work, &rng, 8, 4, 2, 0, INFINITY), ATTN_ERR_ARGUMENT);
    EXPECT(totals[0] == 0 && totals[1] == 0 && totals[2] == 0); /* a refused call adds nothing */
    EXPECT(pmax[0] == untouched);
}

static const struct test tests[] = {
    TEST(test_variance_grows_with_dk_and_scaling_removes_it),
    TEST(test_same_seed_scaled_is_raw_over_root_dk),
    TEST(test_histogram_counts_every_score_in_range),
    TEST(test_chunks_give_exactly_one_calls_numbers),
    TEST(test_same_seed_same_numbers),
    TEST(test_saturation_reproduces_the_chapter),
    TEST(test_saturation_is_deterministic),
    TEST(test_saturation_summary_by_hand),
    TEST(test_score_gaps_match_a_brute_count),
    TEST(test_score_gaps_draw_the_saturation_trials),
    TEST(test_score_gaps_in_chunks_equal_one_call),
    TEST(test_score_gaps_reproduce_the_chapter),
    TEST(test_saturation_with_gaps_equals_the_two_calls),
    TEST(test_bad_input),
};
RUN_TESTS(tests)
