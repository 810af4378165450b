/*
 * head_stats.c — what each head of a trained model does, measured over many windows of text:
 * the weight it puts on fixed offsets (itself, the previous token, …), on the first position (a
 * sink), on a few keys every query shares (stripes), how flat its rows are, whether it finds the
 * earlier occurrence of a repeated sequence (induction), and how alike any two heads' maps are.
 * attn.h defines every score; this file computes them.
 *
 * Letters: L layers, H heads, T window length, W windows, R = ⌊T/2⌋, G = L·H heads in all,
 * S = ATTN_HEAD_SCORE_COUNT scores per head.
 *
 *   attn_head_windows        the windows and the random halves a measurement reads (seeded)
 *   attn_model_head_scores   the model on each of them → scores (W, L, H, S) and the maps' gram
 *   attn_head_scores         the kernel: every score but induction, from one window's maps
 *   attn_head_induction      the kernel: the induction score, from a repeated sequence's maps
 *   attn_head_chance         every score's chance level: the same kernels on a uniform head's maps
 *   attn_head_summary        mean and spread over the windows; the strongest offset
 *   attn_head_similarity     cosine similarity of every two heads' maps
 *   attn_head_histogram      one head's score, window by window, as counts in bins
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "autograd_internal.h"
#include "check.h"
#include "model_internal.h"

enum { S = ATTN_HEAD_SCORE_COUNT };

/* ---------------------------------------------------------------- the kernels */

static int compare_descending(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

/* The scores of one head's map w (T, T), rows 1 … T − 1. `columns` is scratch (T). */
static void score_map(float *out /* (S) */, const float *w /* (T, T) */, int t, double *columns) {
    const int rows = t - 1;
    const int farthest = t / 2 > 1 ? t / 2 : 1; /* every offset averages at least half the rows */
    for (int o = 0; o <= ATTN_HEAD_MAX_OFFSET; o++) {
        if (o > farthest) {
            out[o] = NAN;
            continue;
        }
        const int first = o > 1 ? o : 1;
        double sum = 0;
        for (int i = first; i < t; i++) sum += w[(size_t)i * t + i - o];
        out[o] = (float)(sum / (t - first));
    }
    double sink = 0, entropy = 0, ln_k = 0, total = 0;
    int flat = 0;
    memset(columns, 0, (size_t)t * sizeof *columns);
    for (int i = 1; i < t; i++) {
        const float *row = w + (size_t)i * t;
        double h = 0;
        for (int j = 0; j <= i; j++) {
            const double p = row[j];
            columns[j] += p;
            total += p;
            if (p > 0) h -= p * log(p); /* 0 · ln 0 counts as 0 */
        }
        const double lk = log((double)(i + 1));
        sink += row[0];
        entropy += h;
        ln_k += lk;
        if (lk - h <= ATTN_HEAD_FLAT_NATS) flat++;
    }
    const int keys = (t + ATTN_HEAD_STRIPE_KEYS - 1) / ATTN_HEAD_STRIPE_KEYS;
    qsort(columns, (size_t)t, sizeof *columns, compare_descending);
    double top = 0;
    for (int j = 0; j < keys; j++) top += columns[j];
    out[ATTN_HEAD_SINK] = (float)(sink / rows);
    out[ATTN_HEAD_STRIPE] = (float)(total > 0 ? top / total : 0);
    out[ATTN_HEAD_ENTROPY] = (float)(entropy / rows);
    out[ATTN_HEAD_LN_K] = (float)(ln_k / rows);
    out[ATTN_HEAD_FLAT] = (float)((double)flat / rows);
}

static int check_weights(const float *w, size_t count) {
    for (size_t i = 0; i < count; i++) ATTN__REFUSE_IF(!(w[i] >= 0) || isinf(w[i]), ATTN_ERR_VALUE);
    return ATTN_OK;
}

int attn_head_scores(float *scores, double *work, const float *weights, int heads, int t) {
    ATTN__REFUSE_IF(!scores || !work || !weights, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(heads <= 0 || t <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(t < 2, ATTN_ERR_ARGUMENT); /* one position: no row says anything */
    ATTN__TRY(attn__check_product(t, t));
    ATTN__TRY(attn__check_product(heads, (int64_t)t * t));
    ATTN__TRY(attn__check_product(heads, S));
    ATTN__TRY(check_weights(weights, (size_t)heads * t * t));
    for (int h = 0; h < heads; h++) score_map(scores + (size_t)h * S, weights + (size_t)h * t * t, t, work);
    return ATTN_OK;
}

int attn_head_induction(float *scores, const float *weights, int heads, int r) {
    ATTN__REFUSE_IF(!scores || !weights, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(heads <= 0 || r <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(r > ATTN__MAX_ELEMENTS / 2, ATTN_ERR_OVERFLOW);
    const int t = 2 * r;
    ATTN__TRY(attn__check_product(t, t));
    ATTN__TRY(attn__check_product(heads, (int64_t)t * t));
    ATTN__TRY(attn__check_product(heads, S));
    ATTN__TRY(check_weights(weights, (size_t)heads * t * t));
    for (int h = 0; h < heads; h++) {
        const float *w = weights + (size_t)h * t * t;
        double sum = 0;
        for (int p = 0; p < r; p++) sum += w[(size_t)(r + p) * t + p + 1];
        scores[(size_t)h * S + ATTN_HEAD_INDUCTION] = r < 2 ? NAN : (float)(sum / r);
    }
    return ATTN_OK;
}

/* ---------------------------------------------------------------- chance levels */

/* The map (T, T) of a head that spreads each row uniformly over its allowed keys (causal: row i
 * over keys 0 … i, weight 1/(i + 1), rounded once as a softmax of equal scores rounds it). */
static void uniform_causal_map(float *map, int t) {
    for (int i = 0; i < t; i++) {
        const float share = (float)(1.0 / (i + 1));
        for (int j = 0; j < t; j++) map[(size_t)i * t + j] = j <= i ? share : 0.0f;
    }
}

int attn_head_chance(float *chance, float *map, double *work, int t) {
    ATTN__REFUSE_IF(!chance || !map || !work, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(t <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(t < 2, ATTN_ERR_ARGUMENT); /* as attn_head_scores: one position says nothing */
    ATTN__TRY(attn__check_product(t, t));
    const int r = t / 2;
    uniform_causal_map(map, t);                 /* the windows: T tokens, causal */
    ATTN__TRY(attn_head_scores(chance, work, map, 1, t));
    uniform_causal_map(map, 2 * r);             /* the repeated sequences: 2R tokens, causal */
    return attn_head_induction(chance, map, 1, r);
}

/* ---------------------------------------------------------------- the measurement's inputs */

int attn_head_windows(int *windows, int *repeats, const int *data, int n, int vocab, int w, int t, unsigned seed) {
    ATTN__REFUSE_IF(!windows || !repeats || !data, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || vocab <= 0 || w <= 0 || t <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(w > ATTN_HEAD_MAX_WINDOWS || t < 2 || n < t, ATTN_ERR_ARGUMENT);
    ATTN__TRY(attn__check_product(w, t));
    for (int i = 0; i < n; i++) ATTN__REFUSE_IF(data[i] < 0 || data[i] >= vocab, ATTN_ERR_ARGUMENT);
    struct attn_rng rng;
    attn_rng_seed(&rng, (uint32_t)seed);
    const int r = t / 2;
    for (int k = 0; k < w; k++) {
        const int start = (int)attn_rng_below(&rng, (uint32_t)(n - t + 1));
        memcpy(windows + (size_t)k * t, data + start, (size_t)t * sizeof *windows);
        for (int p = 0; p < r; p++) repeats[(size_t)k * r + p] = (int)attn_rng_below(&rng, (uint32_t)vocab);
    }
    return ATTN_OK;
}

/* ---------------------------------------------------------------- the model on the windows */

/* gram[a][b] += Σ over rows 1 … T − 1 of the maps of heads a and b, for every pair of heads of
 * one window (weights_ids: each layer's weights node (B, H, T, T); window `k` of the batch). */
static int add_gram(double *gram, float *product /* (H, H) */, float *work, struct attn_model *m,
                    const int *weights_ids, int k, int t) {
    const int hh = m->heads, g = m->layers * hh, tt = t * t;
    for (int l1 = 0; l1 < m->layers; l1++) {
        const float *a = tape_val(m->tape, weights_ids[l1]) + (size_t)k * hh * tt + t; /* row 1 of head 0 */
        for (int l2 = l1; l2 < m->layers; l2++) {
            const float *b = tape_val(m->tape, weights_ids[l2]) + (size_t)k * hh * tt + t;
            ATTN__TRY(attn_gemm_ex(product, work, a, b, 0, 1, 0, hh, tt - t, hh, tt, tt, hh));
            for (int h1 = 0; h1 < hh; h1++)
                for (int h2 = 0; h2 < hh; h2++) {
                    const int x = l1 * hh + h1, y = l2 * hh + h2;
                    gram[(size_t)x * g + y] += product[h1 * hh + h2];
                    if (l2 != l1) gram[(size_t)y * g + x] += product[h1 * hh + h2];
                }
        }
    }
    return ATTN_OK;
}

/* Scores (and the gram) of windows w0 … w0 + b − 1, run through the model as one batch. */
static int score_batch(float *scores, double *gram, double *columns, float *product, float *work,
                       struct attn_model *m, const int *windows, const int *repeats, int w0, int b, int t) {
    const int r = t / 2, hh = m->heads, lh = m->layers * hh;
    int ids[ATTN_MODEL_MAX_LAYERS];
    int *tokens = m->scratch + m->context; /* the batch tokens: B·context ids */
    /* The repeated halves first: only their induction scores are kept. */
    for (int k = 0; k < b; k++)
        for (int i = 0; i < 2 * r; i++) tokens[k * 2 * r + i] = repeats[(size_t)(w0 + k) * r + i % r];
    ATTN__TRY(attn_model_forward(NULL, NULL, ids, m, tokens, NULL, b, 2 * r));
    for (int k = 0; k < b; k++)
        for (int l = 0; l < m->layers; l++)
            ATTN__TRY(attn_head_induction(scores + ((size_t)(w0 + k) * lh + (size_t)l * hh) * S,
                                          tape_val(m->tape, ids[l]) + (size_t)k * hh * 4 * r * r, hh, r));
    memcpy(tokens, windows + (size_t)w0 * t, (size_t)b * t * sizeof *tokens);
    ATTN__TRY(attn_model_forward(NULL, NULL, ids, m, tokens, NULL, b, t));
    for (int k = 0; k < b; k++) {
        for (int l = 0; l < m->layers; l++)
            ATTN__TRY(attn_head_scores(scores + ((size_t)(w0 + k) * lh + (size_t)l * hh) * S, columns,
                                       tape_val(m->tape, ids[l]) + (size_t)k * hh * t * t, hh, t));
        if (gram) ATTN__TRY(add_gram(gram, product, work, m, ids, k, t));
    }
    return ATTN_OK;
}

int attn_model_head_scores(float *scores, double *gram, struct attn_model *m, const int *windows, const int *repeats,
                           int w, int t) {
    ATTN__REFUSE_IF(!scores || !m || !windows || !repeats, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(w <= 0 || t <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(w > ATTN_HEAD_MAX_WINDOWS || t < 2 || t > m->context, ATTN_ERR_ARGUMENT);
    const int r = t / 2;
    for (size_t i = 0; i < (size_t)w * t; i++) ATTN__REFUSE_IF(windows[i] < 0 || windows[i] >= m->vocab, ATTN_ERR_ARGUMENT);
    for (size_t i = 0; i < (size_t)w * r; i++) ATTN__REFUSE_IF(repeats[i] < 0 || repeats[i] >= m->vocab, ATTN_ERR_ARGUMENT);
    int floats = 1;
    if (gram) ATTN__TRY(attn_gemm_workspace(&floats, m->heads, t * t - t, m->heads));
    double *columns = malloc((size_t)t * sizeof *columns);
    float *product = malloc((size_t)m->heads * m->heads * sizeof *product);
    float *work = malloc((size_t)floats * sizeof *work);
    int rc = columns && product && work ? ATTN_OK : ATTN_ERR_MEMORY;
    for (int w0 = 0; w0 < w && rc == ATTN_OK; w0 += m->batch) {
        const int b = w - w0 < m->batch ? w - w0 : m->batch;
        rc = score_batch(scores, gram, columns, product, work, m, windows, repeats, w0, b, t);
    }
    free(columns), free(product), free(work);
    return rc;
}

/* ---------------------------------------------------------------- summaries */

int attn_head_summary(float *summary, int *best_offset, const float *scores, int w, int groups) {
    ATTN__REFUSE_IF(!summary || !best_offset || !scores, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(w <= 0 || groups <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(w, (int64_t)groups * S));
    for (int g = 0; g < groups; g++) {
        float *out = summary + (size_t)g * S * 2;
        for (int s = 0; s < S; s++) {
            double sum = 0, squares = 0;
            for (int k = 0; k < w; k++) sum += scores[((size_t)k * groups + g) * S + s];
            const double mean = sum / w;
            for (int k = 0; k < w; k++) {
                const double d = scores[((size_t)k * groups + g) * S + s] - mean;
                squares += d * d;
            }
            out[2 * s] = (float)mean;
            out[2 * s + 1] = (float)(w > 1 ? sqrt(squares / (w - 1)) : 0.0 * mean); /* NaN stays NaN */
        }
        best_offset[g] = 0;
        for (int o = 2; o <= ATTN_HEAD_MAX_OFFSET; o++) {
            if (isnan(out[2 * o])) continue;
            if (best_offset[g] == 0 || out[2 * o] > out[2 * best_offset[g]]) best_offset[g] = o;
        }
    }
    return ATTN_OK;
}

int attn_head_similarity(float *similarity, const double *gram, int groups) {
    ATTN__REFUSE_IF(!similarity || !gram, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(groups <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(groups, groups));
    /* A gram's entries are finite sums of products, and its diagonal sums of squares. */
    for (size_t i = 0; i < (size_t)groups * groups; i++) ATTN__REFUSE_IF(!isfinite(gram[i]), ATTN_ERR_VALUE);
    for (int a = 0; a < groups; a++) ATTN__REFUSE_IF(gram[(size_t)a * groups + a] < 0, ATTN_ERR_VALUE);
    for (int a = 0; a < groups; a++)
        for (int b = 0; b < groups; b++) {
            const double norms = sqrt(gram[(size_t)a * groups + a]) * sqrt(gram[(size_t)b * groups + b]);
            similarity[(size_t)a * groups + b] = norms > 0 ? (float)(gram[(size_t)a * groups + b] / norms) : 0.0f;
        }
    return ATTN_OK;
}

int attn_head_histogram(int *counts, const float *scores, int w, int groups, int group, int score, float lo, float hi,
                        int bins) {
    ATTN__REFUSE_IF(!counts || !scores, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(w <= 0 || groups <= 0 || bins <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(w, (int64_t)groups * S));
    ATTN__REFUSE_IF(group < 0 || group >= groups || score < 0 || score >= S, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(!isfinite(lo) || !isfinite(hi), ATTN_ERR_VALUE);
    ATTN__REFUSE_IF(!(lo < hi) || bins > ATTN__MAX_ELEMENTS, ATTN_ERR_ARGUMENT);
    memset(counts, 0, (size_t)bins * sizeof *counts);
    const double width = ((double)hi - lo) / bins;
    for (int k = 0; k < w; k++) {
        const double x = scores[((size_t)k * groups + group) * S + score];
        if (!(x >= lo && x <= hi)) continue;
        int bin = (int)((x - lo) / width);
        counts[bin < bins ? bin : bins - 1]++;
    }
    return ATTN_OK;
}
