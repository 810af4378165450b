/*
 * test_head_stats.c — head scores and knock-outs against known outputs: maps written by hand
 * (a previous-token head scores 1 on the previous token and 0 on itself, a uniform head has
 * entropy ln k and flat share 1, a head on position 0 is a sink at 1, an offset-3 head and an
 * induction pattern score 1), and a tiny model whose weights are set so that its heads are
 * exactly those (two identical heads have similarity 1; knocking out a head whose output
 * projection is zero changes the loss by exactly 0; a knock-out leaves every weight bit for bit
 * as it was). Chance levels: a uniform head's scores, written out in closed form (harmonic sums), and
 * the head of the set model that is uniform scores exactly its chance level on every score.
 * Bad input gets its status.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "harness.h"
#include "../../c/src/autograd_internal.h"
#include "../../c/src/model_internal.h"

enum { S = ATTN_HEAD_SCORE_COUNT };

/* ---------------------------------------------------------------- maps written by hand */

/* A causal map (T, T) whose row i puts all its weight on key pick(i) (row 0 on key 0). */
static void one_hot_map(float *w, int t, int (*pick)(int)) {
    memset(w, 0, sizeof(float) * t * t);
    for (int i = 0; i < t; i++) w[i * t + (i == 0 ? 0 : pick(i))] = 1.0f;
}
static int previous(int i) { return i - 1; }
static int first(int i) { (void)i; return 0; }
static int back_three(int i) { return i >= 3 ? i - 3 : 0; }

static void uniform_map(float *w, int t) {
    memset(w, 0, sizeof(float) * t * t);
    for (int i = 0; i < t; i++)
        for (int j = 0; j <= i; j++) w[i * t + j] = 1.0f / (float)(i + 1);
}

static double mean_ln_k(int t) {
    double s = 0;
    for (int i = 1; i < t; i++) s += log(i + 1.0);
    return s / (t - 1);
}

static void test_a_previous_token_head_scores_one_there_and_zero_on_itself(void) {
    enum { T = 6 };
    float w[T * T], s[S];
    double work[T];
    one_hot_map(w, T, previous);
    EXPECT_EQ_INT(attn_head_scores(s, work, w, 1, T), ATTN_OK);
    EXPECT_NEAR(s[ATTN_HEAD_PREVIOUS], 1, 0);
    EXPECT_NEAR(s[ATTN_HEAD_SELF], 0, 0);
    EXPECT_NEAR(s[ATTN_HEAD_SINK], 1.0 / 5, 1e-7);    /* row 1's previous token is position 0 */
    for (int o = 2; o <= T / 2; o++) EXPECT_NEAR(s[o], 0, 0);
    for (int o = T / 2 + 1; o <= ATTN_HEAD_MAX_OFFSET; o++) EXPECT(isnan(s[o])); /* fewer than half the rows reach back so far */
    EXPECT_NEAR(s[ATTN_HEAD_STRIPE], 1.0 / 5, 1e-7);  /* ⌈6/16⌉ = 1 key: each takes one row's weight */
    EXPECT_NEAR(s[ATTN_HEAD_ENTROPY], 0, 0);
    EXPECT_NEAR(s[ATTN_HEAD_LN_K], mean_ln_k(T), 1e-6);
    EXPECT_NEAR(s[ATTN_HEAD_FLAT], 0, 0);
}

static void test_a_uniform_head_has_entropy_ln_k_and_flat_share_one(void) {
    enum { T = 7 };
    float w[T * T], s[S];
    double work[T];
    uniform_map(w, T);
    EXPECT_EQ_INT(attn_head_scores(s, work, w, 1, T), ATTN_OK);
    EXPECT_NEAR(s[ATTN_HEAD_ENTROPY], mean_ln_k(T), 1e-6);
    EXPECT_NEAR(s[ATTN_HEAD_LN_K], mean_ln_k(T), 1e-6);
    EXPECT_NEAR(s[ATTN_HEAD_FLAT], 1, 0);
    double self = 0;
    for (int i = 1; i < T; i++) self += 1.0 / (i + 1);
    EXPECT_NEAR(s[ATTN_HEAD_SELF], self / (T - 1), 1e-6);
}

static void test_a_head_on_position_zero_is_a_sink_at_one(void) {
    enum { T = 40 };
    float *w = malloc(sizeof(float) * T * T), s[S];
    double work[T];
    one_hot_map(w, T, first);
    EXPECT_EQ_INT(attn_head_scores(s, work, w, 1, T), ATTN_OK);
    EXPECT_NEAR(s[ATTN_HEAD_SINK], 1, 0);
    EXPECT_NEAR(s[ATTN_HEAD_STRIPE], 1, 0); /* one column takes every row's weight */
    EXPECT_NEAR(s[ATTN_HEAD_SELF], 0, 0);
    EXPECT_NEAR(s[ATTN_HEAD_PREVIOUS], 1.0 / 39, 1e-7);
    free(w);
}

static void test_an_offset_three_head_and_the_strongest_offset(void) {
    enum { T = 12 };
    float w[T * T], s[2 * S], summary[2 * S * 2];
    double work[T];
    int best[2];
    one_hot_map(w, T, back_three);
    EXPECT_EQ_INT(attn_head_scores(s, work, w, 1, T), ATTN_OK);
    EXPECT_NEAR(s[3], 1, 0);
    EXPECT_NEAR(s[ATTN_HEAD_PREVIOUS], 1.0 / 11, 1e-7); /* rows 1 and 2 look at key 0: row 1's previous */
    EXPECT_NEAR(s[2], 1.0 / 10, 1e-7);                  /* and row 2's offset 2 */
    uniform_map(w, T);
    EXPECT_EQ_INT(attn_head_scores(s + S, work, w, 1, T), ATTN_OK);
    s[ATTN_HEAD_INDUCTION] = s[S + ATTN_HEAD_INDUCTION] = 0;
    EXPECT_EQ_INT(attn_head_summary(summary, best, s, 1, 2), ATTN_OK);
    EXPECT_EQ_INT(best[0], 3);
    EXPECT_EQ_INT(best[1], 2); /* a uniform row weighs nearer keys no less: offset 2 averages the most rows' 1/(i+1) */
    EXPECT_NEAR(summary[2 * 3], 1, 0);
    EXPECT_NEAR(summary[2 * 3 + 1], 0, 0); /* one window: no spread */
}

static void test_an_induction_pattern_scores_one(void) {
    enum { R = 5, T = 2 * R };
    float w[T * T], s[S] = {0};
    for (int i = 0; i < T * T; i++) w[i] = 0;
    for (int i = 0; i < T; i++) w[i * T] = 1.0f;       /* the first half parks on position 0 */
    for (int p = 0; p < R; p++) {
        w[(R + p) * T] = 0.0f;
        w[(R + p) * T + p + 1] = 1.0f;                 /* the token after the earlier occurrence */
    }
    EXPECT_EQ_INT(attn_head_induction(s, w, 1, R), ATTN_OK);
    EXPECT_NEAR(s[ATTN_HEAD_INDUCTION], 1, 0);
    EXPECT_NEAR(s[ATTN_HEAD_SELF], 0, 0);                /* nothing else written */
    float tiny[4] = {1, 0, 0.5f, 0.5f};
    EXPECT_EQ_INT(attn_head_induction(s, tiny, 1, 1), ATTN_OK);
    EXPECT(isnan(s[ATTN_HEAD_INDUCTION]));              /* R = 1: nothing to repeat */
}

/* 1 + 1/2 + … + 1/n */
static double harmonic(int n) {
    double s = 0;
    for (int k = 1; k <= n; k++) s += 1.0 / k;
    return s;
}

static void test_the_chance_levels_are_a_uniform_heads_scores_in_closed_form(void) {
    enum { T = 64, R = T / 2 };
    float *map = malloc(sizeof(float) * T * T), chance[S];
    double work[T];
    EXPECT_EQ_INT(attn_head_chance(chance, map, work, T), ATTN_OK);
    /* Row i spreads over i + 1 keys: 1/(i + 1) on itself, on the previous key, on key 0, on i − o. */
    const double diagonal = (harmonic(T) - 1) / (T - 1);
    EXPECT_NEAR(chance[ATTN_HEAD_SELF], diagonal, 1e-6);
    EXPECT_NEAR(chance[ATTN_HEAD_PREVIOUS], diagonal, 1e-6);
    EXPECT_NEAR(chance[ATTN_HEAD_SINK], diagonal, 1e-6);
    for (int o = 2; o <= ATTN_HEAD_MAX_OFFSET; o++) EXPECT_NEAR(chance[o], (harmonic(T) - harmonic(o)) / (T - o), 1e-6);
    /* Stripes: the ⌈64/16⌉ = 4 largest column sums; column j ≥ 1 gets Σ_{i ≥ j} 1/(i + 1), column 0 as column 1. */
    const double column1 = harmonic(T) - 1, column2 = column1 - 0.5, column3 = column2 - 1.0 / 3;
    EXPECT_NEAR(chance[ATTN_HEAD_STRIPE], (2 * column1 + column2 + column3) / (T - 1), 1e-6);
    EXPECT_NEAR(chance[ATTN_HEAD_ENTROPY], mean_ln_k(T), 1e-5); /* a uniform row's entropy is ln k */
    EXPECT_NEAR(chance[ATTN_HEAD_LN_K], mean_ln_k(T), 1e-6);
    EXPECT_NEAR(chance[ATTN_HEAD_FLAT], 1, 0);
    /* Induction: row R + p spreads over R + p + 1 keys. */
    EXPECT_NEAR(chance[ATTN_HEAD_INDUCTION], (harmonic(2 * R) - harmonic(R)) / R, 1e-6);
    printf("     chance at T = 64: previous %.4f, stripes %.4f, induction %.4f\n", chance[ATTN_HEAD_PREVIOUS],
           chance[ATTN_HEAD_STRIPE], chance[ATTN_HEAD_INDUCTION]);
    /* Short windows: offsets past ⌊T/2⌋ and induction with R < 2 are NaN, as for any head. */
    EXPECT_EQ_INT(attn_head_chance(chance, map, work, 3), ATTN_OK);
    EXPECT(isnan(chance[2]));
    EXPECT(isnan(chance[ATTN_HEAD_INDUCTION]));
    EXPECT_NEAR(chance[ATTN_HEAD_PREVIOUS], (1.0 / 2 + 1.0 / 3) / 2, 1e-7);
    /* Bad input. */
    EXPECT_EQ_INT(attn_head_chance(chance, map, work, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_head_chance(chance, map, work, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_head_chance(NULL, map, work, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_head_chance(chance, NULL, work, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_head_chance(chance, map, work, 1 << 30), ATTN_ERR_OVERFLOW);
    free(map);
}

static void test_summary_spread_similarity_and_histogram(void) {
    /* Two windows of one head: previous-token scores 1 and 0, so mean 0.5, spread √0.5. */
    float scores[2 * S] = {0}, summary[S * 2];
    int best;
    scores[ATTN_HEAD_PREVIOUS] = 1;
    scores[S + ATTN_HEAD_PREVIOUS] = 0;
    EXPECT_EQ_INT(attn_head_summary(summary, &best, scores, 2, 1), ATTN_OK);
    EXPECT_NEAR(summary[2 * ATTN_HEAD_PREVIOUS], 0.5, 0);
    EXPECT_NEAR(summary[2 * ATTN_HEAD_PREVIOUS + 1], sqrt(0.5), 1e-7);
    double gram[4] = {4, 2, 2, 1}, orthogonal[4] = {4, 0, 0, 9};
    float sim[4];
    EXPECT_EQ_INT(attn_head_similarity(sim, gram, 2), ATTN_OK);
    EXPECT_NEAR(sim[0], 1, 0);
    EXPECT_NEAR(sim[1], 1, 0);
    EXPECT_EQ_INT(attn_head_similarity(sim, orthogonal, 2), ATTN_OK);
    EXPECT_NEAR(sim[1], 0, 0);
    EXPECT_NEAR(sim[3], 1, 0);
    /* 5 windows of one head's sink score: 0, 0.1, 0.5, 1 and NaN in 4 bins over [0, 1]. */
    float sinks[5 * S] = {0};
    const float values[5] = {0, 0.1f, 0.5f, 1, NAN};
    for (int k = 0; k < 5; k++) sinks[k * S + ATTN_HEAD_SINK] = values[k];
    int counts[4];
    EXPECT_EQ_INT(attn_head_histogram(counts, sinks, 5, 1, 0, ATTN_HEAD_SINK, 0, 1, 4), ATTN_OK);
    EXPECT_EQ_INT(counts[0], 2);
    EXPECT_EQ_INT(counts[1], 0);
    EXPECT_EQ_INT(counts[2], 1);
    EXPECT_EQ_INT(counts[3], 1);
}

static void test_bad_input_to_the_kernels_is_refused(void) {
    float w[4] = {1, 0, 0.5f, 0.5f}, s[S], summary[2 * S];
    double work[2], gram[1] = {-1};
    int counts[2], best;
    EXPECT_EQ_INT(attn_head_scores(s, work, w, 1, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_head_scores(s, NULL, w, 1, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_head_scores(s, work, w, 0, 2), ATTN_ERR_SIZE);
    w[1] = NAN;
    EXPECT_EQ_INT(attn_head_scores(s, work, w, 1, 2), ATTN_ERR_VALUE);
    w[1] = -0.5f;
    EXPECT_EQ_INT(attn_head_scores(s, work, w, 1, 2), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_head_induction(s, w, 1, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_head_summary(summary, &best, s, 0, 1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_head_similarity(s, gram, 1), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_head_histogram(counts, s, 1, 1, 1, 0, 0, 1, 2), ATTN_ERR_ARGUMENT);  /* no head 1 */
    EXPECT_EQ_INT(attn_head_histogram(counts, s, 1, 1, 0, S, 0, 1, 2), ATTN_ERR_ARGUMENT);  /* no such score */
    EXPECT_EQ_INT(attn_head_histogram(counts, s, 1, 1, 0, 0, 1, 1, 2), ATTN_ERR_ARGUMENT);  /* empty range */
    EXPECT_EQ_INT(attn_head_histogram(counts, s, 1, 1, 0, 0, 0, NAN, 2), ATTN_ERR_VALUE);
    int data[6] = {0, 1, 2, 0, 1, 2}, windows[8], repeats[4];
    EXPECT_EQ_INT(attn_head_windows(windows, repeats, data, 6, 3, 2, 4, 1), ATTN_OK);
    EXPECT_EQ_INT(attn_head_windows(windows, repeats, data, 6, 3, 2, 7, 1), ATTN_ERR_ARGUMENT); /* longer than the text */
    EXPECT_EQ_INT(attn_head_windows(windows, repeats, data, 6, 3, ATTN_HEAD_MAX_WINDOWS + 1, 4, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_head_windows(windows, repeats, data, 6, 2, 2, 4, 1), ATTN_ERR_ARGUMENT); /* id 2 ≥ vocab */
}

/* ---------------------------------------------------------------- a model whose weights are set */

enum { V = 4, L = 2, H = 2, C = 16, T = 8, D = C / H, BATCH = 2 };
static const float SHARP = 100.0f; /* scores far apart: every weight is exactly 0 or 1 */

static float *param(struct attn_model *m, int id) { return tape_val(m->tape, id); }

/* Head `head` of `p` attends to the previous position (q from the next position's code). */
static void set_previous_head(struct attn_model *m, const struct layer_params *p, int head) {
    float *wq = param(m, p->wq), *wk = param(m, p->wk);
    for (int c = 0; c < D; c++) {
        wk[c * C + head * D + c] = 1;                      /* k_j = position j's code */
        if (c + 1 < T) wq[(c + 1) * C + head * D + c] = SHARP; /* q_i = position i − 1's code */
    }
}

/* Head `head` attends to position 0 whatever the query (q is the bias alone). */
static void set_sink_head(struct attn_model *m, const struct layer_params *p, int head) {
    float *wk = param(m, p->wk), *bq = param(m, p->bq);
    for (int c = 0; c < D; c++) wk[c * C + head * D + c] = 1;
    bq[head * D + 0] = SHARP;
}

/*
 * Token embeddings 0 and position i's embedding the unit vector e_i, so every head sees positions
 * only. Layer 0: head 0 previous token, head 1 sink; layer 1: head 0 uniform (q = 0), head 1
 * previous token like layer 0's head 0. W^O, the MLPs and every other bias are zero, so the
 * residual stream keeps the position codes through both layers (`wo` scales a fixed pattern in W^O).
 */
static struct attn_model *known_model(float wo) {
    struct attn_model *m = NULL;
    EXPECT_EQ_INT(attn_model_create(&m, V, L, H, C, T, BATCH, 1), ATTN_OK);
    float *params;
    int count;
    attn_model_params(&params, &count, m);
    memset(params, 0, sizeof(float) * count);
    for (int i = 0; i < T; i++) param(m, m->pos_emb)[i * C + i] = 1;
    for (int l = 0; l < L; l++) {
        const struct layer_params *p = &m->layer[l];
        for (int c = 0; c < C; c++) param(m, p->ln1_g)[c] = param(m, p->ln2_g)[c] = 1;
        for (int i = 0; i < C * C; i++) param(m, p->wo)[i] = wo * (float)((i * 13) % 7 - 3);
        for (int c = 0; c < C; c++) param(m, p->wv)[c * C + c] = 1;
    }
    for (int c = 0; c < C; c++) param(m, m->lnf_g)[c] = 1;
    for (int i = 0; i < C * V; i++) param(m, m->head_w)[i] = (float)((i * 7) % 5) * 0.25f - 0.5f;
    set_previous_head(m, &m->layer[0], 0);
    set_sink_head(m, &m->layer[0], 1);
    set_previous_head(m, &m->layer[1], 1);
    return m;
}

static const int DATA[] = {0, 1, 2, 3, 2, 1, 0, 1, 3, 3, 2, 0, 1, 2, 3, 0, 2, 2, 1, 0, 3, 1, 0, 2, 1, 3, 0, 0, 1, 2,
                           3, 3, 1, 2, 0, 1, 2, 3, 1, 1};
enum { N = sizeof DATA / sizeof DATA[0], W = 5 };

static void test_a_model_with_set_weights_has_the_known_scores(void) {
    struct attn_model *m = known_model(0);
    int windows[W * T], repeats[W * (T / 2)];
    float scores[W * L * H * S], summary[L * H * S * 2], sim[L * H * L * H];
    double gram[L * H * L * H] = {0};
    int best[L * H];
    EXPECT_EQ_INT(attn_head_windows(windows, repeats, DATA, N, V, W, T, 9), ATTN_OK);
    EXPECT_EQ_INT(attn_model_head_scores(scores, gram, m, windows, repeats, W, T), ATTN_OK);
    EXPECT_EQ_INT(attn_head_summary(summary, best, scores, W, L * H), ATTN_OK);
    EXPECT_EQ_INT(attn_head_similarity(sim, gram, L * H), ATTN_OK);
    const float *prev = summary, *sink = summary + S * 2, *flat = summary + 2 * S * 2, *twin = summary + 3 * S * 2;
    EXPECT_NEAR(prev[2 * ATTN_HEAD_PREVIOUS], 1, 0);
    EXPECT_NEAR(prev[2 * ATTN_HEAD_PREVIOUS + 1], 0, 0); /* every window alike */
    EXPECT_NEAR(prev[2 * ATTN_HEAD_SELF], 0, 0);
    EXPECT_NEAR(prev[2 * ATTN_HEAD_INDUCTION], 0, 0);
    EXPECT_NEAR(sink[2 * ATTN_HEAD_SINK], 1, 0);
    EXPECT_NEAR(sink[2 * ATTN_HEAD_STRIPE], 1, 0);
    EXPECT_NEAR(flat[2 * ATTN_HEAD_ENTROPY], mean_ln_k(T), 1e-6);
    EXPECT_NEAR(flat[2 * ATTN_HEAD_FLAT], 1, 0);
    const double induction = (1.0 / 5 + 1.0 / 6 + 1.0 / 7 + 1.0 / 8) / 4; /* rows 4…7 spread over 5…8 keys */
    EXPECT_NEAR(flat[2 * ATTN_HEAD_INDUCTION], induction, 1e-6);
    EXPECT_NEAR(twin[2 * ATTN_HEAD_PREVIOUS], 1, 0);
    /* The uniform head (q = 0) scores its chance level exactly, on every score, on every window. */
    float chance[S], map[T * T];
    double work[T];
    EXPECT_EQ_INT(attn_head_chance(chance, map, work, T), ATTN_OK);
    for (int s = 0; s < S; s++) {
        if (isnan(chance[s])) {
            EXPECT(isnan(flat[2 * s]));
            continue;
        }
        EXPECT_NEAR(flat[2 * s], chance[s], 0);
        EXPECT_NEAR(flat[2 * s + 1], 0, 0);
    }
    EXPECT_NEAR(sim[0 * L * H + 3], 1, 1e-6);   /* layer 1 head 1 and layer 2 head 2: identical maps */
    EXPECT_NEAR(sim[3 * L * H + 0], 1, 1e-6);
    EXPECT(sim[0 * L * H + 1] < 0.3);            /* previous token and sink share one cell */
    printf("     similarity of identical heads %.9f; previous vs sink %.4f\n", sim[3], sim[1]);
    /* The same windows give the same bits; another seed other windows. */
    float again[W * L * H * S];
    EXPECT_EQ_INT(attn_model_head_scores(again, NULL, m, windows, repeats, W, T), ATTN_OK);
    EXPECT(memcmp(scores, again, sizeof scores) == 0);
    int other[W * T];
    EXPECT_EQ_INT(attn_head_windows(other, repeats, DATA, N, V, W, T, 10), ATTN_OK);
    EXPECT(memcmp(windows, other, sizeof other) != 0);
    attn_model_free(m);
}

static void test_knocking_out_a_head_with_zero_output_projection_changes_nothing(void) {
    struct attn_model *m = known_model(0);
    double loss, delta, intact;
    EXPECT_EQ_INT(attn_model_evaluate(&intact, m, DATA, N, 8), ATTN_OK);
    for (int l = 0; l < L; l++)
        for (int h = 0; h < H; h++) {
            EXPECT_EQ_INT(attn_model_knockout(&loss, &delta, m, DATA, N, 8, l, h, NULL), ATTN_OK);
            EXPECT(delta == 0.0);
            EXPECT(loss == intact);
        }
    attn_model_free(m);
}

static void test_a_knockout_changes_the_loss_and_leaves_every_weight_as_it_was(void) {
    struct attn_model *m = known_model(0.05f);
    float *params;
    int count;
    attn_model_params(&params, &count, m);
    float *before = malloc(sizeof(float) * count);
    memcpy(before, params, sizeof(float) * count);
    double loss, delta, intact;
    EXPECT_EQ_INT(attn_model_evaluate(&intact, m, DATA, N, 8), ATTN_OK);
    EXPECT_EQ_INT(attn_model_knockout(&loss, &delta, m, DATA, N, 8, 0, 0, NULL), ATTN_OK);
    EXPECT(delta != 0.0);
    EXPECT_NEAR(loss - delta, intact, 1e-12);
    EXPECT(memcmp(before, params, sizeof(float) * count) == 0);
    /* The mean output of a head that always gives the same vector is that vector, and putting it
     * back in the head's place changes nothing: the previous-token head copies v = its input's code
     * through W^V, so give W^V no weights and the bias alone (0.5) instead. */
    for (int c = 0; c < C; c++) param(m, m->layer[0].wv)[c * C + c] = 0, param(m, m->layer[0].bv)[c] = 0.5f;
    float means[L * H * D];
    EXPECT_EQ_INT(attn_model_head_means(means, m, DATA, N, 8), ATTN_OK);
    for (int j = 0; j < D; j++) EXPECT_NEAR(means[j], 0.5, 0);
    EXPECT_EQ_INT(attn_model_knockout(&loss, &delta, m, DATA, N, 8, 0, 0, means), ATTN_OK);
    EXPECT(delta == 0.0);
    EXPECT_EQ_INT(attn_model_knockout(&loss, &delta, m, DATA, N, 8, 0, 0, NULL), ATTN_OK);
    EXPECT(delta != 0.0); /* zeros are not the mean */
    free(before);
    attn_model_free(m);
}

static void test_bad_input_to_the_model_is_refused(void) {
    struct attn_model *m = known_model(0);
    double loss, delta;
    float nan[D] = {NAN};
    EXPECT_EQ_INT(attn_model_knockout(&loss, &delta, m, DATA, N, 8, L, 0, NULL), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_knockout(&loss, &delta, m, DATA, N, 8, 0, H, NULL), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_knockout(&loss, &delta, m, DATA, N, 8, -1, 0, NULL), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_knockout(&loss, &delta, m, DATA, N, 8, 0, 0, nan), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_model_knockout(&loss, &delta, m, DATA, T, 8, 0, 0, NULL), ATTN_ERR_ARGUMENT); /* no whole window */
    int windows[T + 1] = {0}, repeats[T] = {0};
    float scores[L * H * S];
    EXPECT_EQ_INT(attn_model_head_scores(scores, NULL, m, windows, repeats, 1, T + 1), ATTN_ERR_ARGUMENT); /* past the context */
    EXPECT_EQ_INT(attn_model_head_scores(scores, NULL, m, windows, repeats, 0, T), ATTN_ERR_SIZE);
    windows[3] = V;
    EXPECT_EQ_INT(attn_model_head_scores(scores, NULL, m, windows, repeats, 1, T), ATTN_ERR_ARGUMENT);
    attn_model_free(m);
}

static const struct test tests[] = {
    TEST(test_a_previous_token_head_scores_one_there_and_zero_on_itself),
    TEST(test_a_uniform_head_has_entropy_ln_k_and_flat_share_one),
    TEST(test_a_head_on_position_zero_is_a_sink_at_one),
    TEST(test_an_offset_three_head_and_the_strongest_offset),
    TEST(test_an_induction_pattern_scores_one),
    TEST(test_the_chance_levels_are_a_uniform_heads_scores_in_closed_form),
    TEST(test_summary_spread_similarity_and_histogram),
    TEST(test_bad_input_to_the_kernels_is_refused),
    TEST(test_a_model_with_set_weights_has_the_known_scores),
    TEST(test_knocking_out_a_head_with_zero_output_projection_changes_nothing),
    TEST(test_a_knockout_changes_the_loss_and_leaves_every_weight_as_it_was),
    TEST(test_bad_input_to_the_model_is_refused),
};
RUN_TESTS(tests)
