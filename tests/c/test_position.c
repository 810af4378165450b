/*
 * test_position.c — §6.5: attention is blind to word order, and positions fix it.
 * Known outputs: PE(0) = [0, 1, 0, 1, …], PE(1, 0) = sin 1, PE(1, 1) = cos 1; rotary keeps
 * norms and makes q_m·k_n depend only on m − n; Attention(PX) = P·Attention(X) for random X and
 * random permutations up to N = 64, bit for bit (attention sums in double, so the order of the
 * keys cannot change a float32 result), and not with a causal mask; "dog" in "the dog bit the
 * man" and "the man bit the dog" gets the very same output without positions, different ones with.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

/* xorshift32 for test inputs (independent of the core's generators). */
static uint32_t rng_state = 12345u;
static float uniform(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return (float)((rng_state >> 8) / 16777216.0 * 2.0 - 1.0);
}
static void fill(float *x, size_t count, float scale) {
    for (size_t i = 0; i < count; i++) x[i] = uniform() * scale;
}
/* A uniformly random permutation of 0..n-1 (Fisher–Yates). */
static void shuffle(int *perm, int n) {
    for (int i = 0; i < n; i++) perm[i] = i;
    for (int i = n - 1; i > 0; i--) {
        rng_state ^= rng_state << 13, rng_state ^= rng_state >> 17, rng_state ^= rng_state << 5;
        int j = (int)(rng_state % (uint32_t)(i + 1));
        int t = perm[i]; perm[i] = perm[j]; perm[j] = t;
    }
}
/* dst row r = src row perm[r]: the permuted sequence P·X. */
static void permute_rows(float *dst, const float *src, const int *perm, int n, int d) {
    for (int r = 0; r < n; r++) memcpy(dst + (size_t)r * d, src + (size_t)perm[r] * d, sizeof(float) * d);
}
static double dot(const float *a, const float *b, int d) {
    double s = 0;
    for (int i = 0; i < d; i++) s += (double)a[i] * b[i];
    return s;
}

/* ---------------------------------------------------------------- sinusoidal */

static void test_sinusoidal_known_values(void) {
    float pe[3 * 8];
    EXPECT_EQ_INT(attn_positions_sinusoidal(pe, 3, 8), ATTN_OK);
    for (int c = 0; c < 8; c++) EXPECT_NEAR(pe[c], c % 2 == 0 ? 0.0 : 1.0, 0); /* PE(0) = [0, 1, 0, 1, …] */
    EXPECT_NEAR(pe[8 + 0], sin(1.0), 1e-7);
    EXPECT_NEAR(pe[8 + 1], cos(1.0), 1e-7);
    EXPECT_NEAR(pe[8 + 0], 0.8415, 5e-5); /* as the chapter rounds them */
    EXPECT_NEAR(pe[8 + 1], 0.5403, 5e-5);
    /* PE(2, 2i) = sin(2 / 10000^(2i/8)), PE(2, 2i+1) = cos(…). */
    for (int i = 0; i < 4; i++) {
        double angle = 2.0 / pow(10000.0, 2.0 * i / 8.0);
        EXPECT_NEAR(pe[16 + 2 * i], sin(angle), 1e-7);
        EXPECT_NEAR(pe[16 + 2 * i + 1], cos(angle), 1e-7);
    }
}

static void test_sinusoidal_odd_width_ends_with_a_sine(void) {
    float pe[2 * 5];
    EXPECT_EQ_INT(attn_positions_sinusoidal(pe, 2, 5), ATTN_OK);
    EXPECT_NEAR(pe[5 + 4], sin(1.0 / pow(10000.0, 4.0 / 5.0)), 1e-7);
    EXPECT_NEAR(pe[4], 0, 0);
}

static void test_sinusoidal_rows_have_norm_sqrt_half_width(void) {
    /* sin² + cos² = 1 per pair, so every row has squared norm d/2 (even d). */
    enum { N = 50, D = 16 };
    float pe[N * D];
    EXPECT_EQ_INT(attn_positions_sinusoidal(pe, N, D), ATTN_OK);
    for (int r = 0; r < N; r++) EXPECT_NEAR(dot(pe + r * D, pe + r * D, D), D / 2.0, 1e-5);
}

/* ---------------------------------------------------------------- rotary */

static void test_rope_position_zero_is_identity_and_position_one_rotates_by_one_radian(void) {
    float x[2 * 2] = {1, 0, 1, 0}, y[4];
    EXPECT_EQ_INT(attn_rope(y, x, 0, 2, 2), ATTN_OK);
    EXPECT_NEAR(y[0], 1, 0);
    EXPECT_NEAR(y[1], 0, 0);
    EXPECT_NEAR(y[2], cos(1.0), 1e-7); /* pair 0 turns at 1 radian per position */
    EXPECT_NEAR(y[3], sin(1.0), 1e-7);
}

static void test_rope_keeps_every_norm(void) {
    enum { N = 40, D = 64 };
    static float x[N * D], y[N * D];
    fill(x, N * D, 3);
    for (int offset = 0; offset <= 1000; offset += 333) {
        EXPECT_EQ_INT(attn_rope(y, x, offset, N, D), ATTN_OK);
        for (int r = 0; r < N; r++) {
            double before = sqrt(dot(x + r * D, x + r * D, D)), after = sqrt(dot(y + r * D, y + r * D, D));
            EXPECT_NEAR(after, before, 1e-5 * before);
        }
    }
}

static void test_rope_score_depends_only_on_distance(void) {
    /* q at position m and k at position n: q_m·k_n equals q_{m+s}·k_{n+s} for every shift s. */
    const int widths[] = {2, 8, 64};
    const int pairs[][2] = {{0, 0}, {3, 1}, {1, 3}, {7, 2}, {0, 9}};
    const int shifts[] = {1, 2, 5, 17, 100, 1000};
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        int d = widths[w];
        float q[64], k[64], qm[64], kn[64];
        fill(q, (size_t)d, 1);
        fill(k, (size_t)d, 1);
        for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
            int m = pairs[p][0], n = pairs[p][1];
            EXPECT_EQ_INT(attn_rope(qm, q, m, 1, d), ATTN_OK);
            EXPECT_EQ_INT(attn_rope(kn, k, n, 1, d), ATTN_OK);
            double base = dot(qm, kn, d);
            for (size_t s = 0; s < sizeof shifts / sizeof shifts[0]; s++) {
                EXPECT_EQ_INT(attn_rope(qm, q, m + shifts[s], 1, d), ATTN_OK);
                EXPECT_EQ_INT(attn_rope(kn, k, n + shifts[s], 1, d), ATTN_OK);
                EXPECT_NEAR(dot(qm, kn, d), base, 1e-4);
            }
        }
        /* And it does depend on the distance: q_0·k_0 differs from q_3·k_0. */
        EXPECT_EQ_INT(attn_rope(qm, q, 0, 1, d), ATTN_OK);
        EXPECT_EQ_INT(attn_rope(kn, k, 0, 1, d), ATTN_OK);
        double same = dot(qm, kn, d);
        EXPECT_EQ_INT(attn_rope(qm, q, 3, 1, d), ATTN_OK);
        EXPECT(fabs(dot(qm, kn, d) - same) > 1e-3);
    }
}

static void test_rope_in_place_matches_out_of_place(void) {
    enum { N = 7, D = 6 };
    float x[N * D], y[N * D];
    fill(x, N * D, 2);
    EXPECT_EQ_INT(attn_rope(y, x, 4, N, D), ATTN_OK);
    EXPECT_EQ_INT(attn_rope(x, x, 4, N, D), ATTN_OK);
    for (int i = 0; i < N * D; i++) EXPECT_NEAR(x[i], y[i], 0);
}

/* ---------------------------------------------------------------- permutation-equivariance */

enum { MAX_N = 64, MAX_D = 16 };

static double largest_permuted_difference(int mask_kind, int position_kind, int n, int d, int trials) {
    static float x[MAX_N * MAX_D], px[MAX_N * MAX_D], w[3][MAX_D * MAX_D];
    static float out[MAX_N * MAX_D], pout[MAX_N * MAX_D], q[MAX_N * MAX_D], k[MAX_N * MAX_D], v[MAX_N * MAX_D];
    int perm[MAX_N];
    double worst = 0;
    for (int t = 0; t < trials; t++) {
        fill(x, (size_t)n * d, 1.5f);
        for (int i = 0; i < 3; i++) fill(w[i], (size_t)d * d, 1);
        shuffle(perm, n);
        permute_rows(px, x, perm, n, d);
        EXPECT_EQ_INT(attn_self_attention_positioned(out, q, k, v, x, w[0], w[1], w[2], position_kind, mask_kind, 0, n, d), ATTN_OK);
        EXPECT_EQ_INT(attn_self_attention_positioned(pout, q, k, v, px, w[0], w[1], w[2], position_kind, mask_kind, 0, n, d), ATTN_OK);
        for (int r = 0; r < n; r++)
            for (int c = 0; c < d; c++) {
                double diff = fabs((double)pout[r * d + c] - out[perm[r] * d + c]);
                if (diff > worst) worst = diff;
            }
    }
    return worst;
}

static void test_attention_of_permuted_input_is_permuted_output(void) {
    /* Attention(PX, PX, PX) = P·Attention(X, X, X), straight through attn_attention. */
    const int sizes[] = {1, 2, 3, 5, 16, 33, 64};
    static float x[MAX_N * MAX_D], px[MAX_N * MAX_D], out[MAX_N * MAX_D], pout[MAX_N * MAX_D];
    int perm[MAX_N];
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s], d = 8;
        for (int trial = 0; trial < 5; trial++) {
            fill(x, (size_t)n * d, 2);
            shuffle(perm, n);
            permute_rows(px, x, perm, n, d);
            EXPECT_EQ_INT(attn_attention(out, NULL, NULL, x, x, x, ATTN_MASK_NONE, NULL, 1, n, n, d, d), ATTN_OK);
            EXPECT_EQ_INT(attn_attention(pout, NULL, NULL, px, px, px, ATTN_MASK_NONE, NULL, 1, n, n, d, d), ATTN_OK);
            for (int r = 0; r < n; r++)
                for (int c = 0; c < d; c++) EXPECT_NEAR(pout[r * d + c], out[perm[r] * d + c], 0);
        }
    }
}

static void test_self_attention_without_positions_is_permutation_equivariant(void) {
    const int sizes[] = {1, 2, 4, 9, 16, 31, 64};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        /* Bit for bit: the same float32 numbers, not merely close ones. */
        EXPECT(largest_permuted_difference(ATTN_MASK_NONE, ATTN_POSITIONS_NONE, sizes[s], 8, 4) == 0);
        EXPECT(largest_permuted_difference(ATTN_MASK_NONE, ATTN_POSITIONS_NONE, sizes[s], 16, 2) == 0);
    }
}

static void test_causal_mask_and_positions_break_equivariance(void) {
    /* The causal mask lets token i see only tokens before it: the mask knows the order. */
    EXPECT(largest_permuted_difference(ATTN_MASK_CAUSAL, ATTN_POSITIONS_NONE, 16, 8, 3) > 1e-2);
    EXPECT(largest_permuted_difference(ATTN_MASK_NONE, ATTN_POSITIONS_SINUSOIDAL, 16, 8, 3) > 1e-2);
    EXPECT(largest_permuted_difference(ATTN_MASK_NONE, ATTN_POSITIONS_ROTARY, 16, 8, 3) > 1e-2);
}

/* ---------------------------------------------------------------- the dog and the man */

enum { WORDS = 5, WIDTH = 8 };

static void embed_sentence(float *x, const char *const *words, int n, int d) {
    for (int i = 0; i < n; i++)
        EXPECT_EQ_INT(attn_word_embedding(x + (size_t)i * d, (const unsigned char *)words[i], (int)strlen(words[i]), d), ATTN_OK);
}

/* The widget's projections: the embeddings of the names "W^Q", "W^K", "W^V", D·D numbers each. */
static void projections(float w[3][WIDTH * WIDTH]) {
    const char *names[3] = {"W^Q", "W^K", "W^V"};
    for (int i = 0; i < 3; i++) EXPECT_EQ_INT(attn_word_embedding(w[i], (const unsigned char *)names[i], 3, WIDTH * WIDTH), ATTN_OK);
}

/* Output rows of both sentences under one position scheme. */
static void dog_and_man(float *a, float *b, int position_kind) {
    const char *first[WORDS] = {"the", "dog", "bit", "the", "man"};
    const char *second[WORDS] = {"the", "man", "bit", "the", "dog"};
    float xa[WORDS * WIDTH], xb[WORDS * WIDTH], w[3][WIDTH * WIDTH], q[WORDS * WIDTH], k[WORDS * WIDTH], v[WORDS * WIDTH];
    embed_sentence(xa, first, WORDS, WIDTH);
    embed_sentence(xb, second, WORDS, WIDTH);
    projections(w);
    EXPECT_EQ_INT(attn_self_attention_positioned(a, q, k, v, xa, w[0], w[1], w[2], position_kind, ATTN_MASK_NONE, 0, WORDS, WIDTH), ATTN_OK);
    EXPECT_EQ_INT(attn_self_attention_positioned(b, q, k, v, xb, w[0], w[1], w[2], position_kind, ATTN_MASK_NONE, 0, WORDS, WIDTH), ATTN_OK);
}

static double row_difference(const float *a, int ra, const float *b, int rb) {
    double worst = 0;
    for (int c = 0; c < WIDTH; c++) worst = fmax(worst, fabs((double)a[ra * WIDTH + c] - b[rb * WIDTH + c]));
    return worst;
}

static void test_dog_gets_the_same_output_without_positions(void) {
    float a[WORDS * WIDTH], b[WORDS * WIDTH];
    dog_and_man(a, b, ATTN_POSITIONS_NONE);
    EXPECT(row_difference(a, 1, b, 4) == 0); /* dog: position 1 → 4 */
    EXPECT(row_difference(a, 4, b, 1) == 0); /* man: position 4 → 1 */
    EXPECT(row_difference(a, 2, b, 2) == 0); /* bit stays */
    EXPECT(row_difference(a, 0, b, 3) == 0); /* the two "the"s share one embedding */
    EXPECT(row_difference(a, 1, b, 1) > 1e-2);  /* and dog's output is not man's */
}

static void test_dog_output_changes_with_positions(void) {
    float a[WORDS * WIDTH], b[WORDS * WIDTH];
    dog_and_man(a, b, ATTN_POSITIONS_SINUSOIDAL);
    EXPECT(row_difference(a, 1, b, 4) > 1e-2);
    dog_and_man(a, b, ATTN_POSITIONS_ROTARY);
    EXPECT(row_difference(a, 1, b, 4) > 1e-2);
}

static void test_rotary_attention_ignores_where_counting_starts(void) {
    /* Scores depend only on distances, so shifting every position leaves the outputs alone;
     * sinusoidal vectors are absolute, so the same shift changes them. */
    enum { N = 12, D = 8 };
    float x[N * D], w[3][D * D], base[N * D], shifted[N * D], q[N * D], k[N * D], v[N * D];
    fill(x, N * D, 1);
    for (int i = 0; i < 3; i++) fill(w[i], D * D, 1);
    EXPECT_EQ_INT(attn_self_attention_positioned(base, q, k, v, x, w[0], w[1], w[2], ATTN_POSITIONS_ROTARY, ATTN_MASK_NONE, 0, N, D), ATTN_OK);
    for (int offset = 1; offset <= 50; offset += 7) {
        EXPECT_EQ_INT(attn_self_attention_positioned(shifted, q, k, v, x, w[0], w[1], w[2], ATTN_POSITIONS_ROTARY, ATTN_MASK_NONE, offset, N, D), ATTN_OK);
        for (int i = 0; i < N * D; i++) EXPECT_NEAR(shifted[i], base[i], 1e-5);
    }
    EXPECT_EQ_INT(attn_self_attention_positioned(base, q, k, v, x, w[0], w[1], w[2], ATTN_POSITIONS_SINUSOIDAL, ATTN_MASK_NONE, 0, N, D), ATTN_OK);
    EXPECT_EQ_INT(attn_self_attention_positioned(shifted, q, k, v, x, w[0], w[1], w[2], ATTN_POSITIONS_SINUSOIDAL, ATTN_MASK_NONE, 5, N, D), ATTN_OK);
    double worst = 0;
    for (int i = 0; i < N * D; i++) worst = fmax(worst, fabs((double)shifted[i] - base[i]));
    EXPECT(worst > 1e-2);
}

static void test_positioned_matches_the_steps_done_by_hand(void) {
    /* Sinusoidal: x + PE, then project and attend; rotary: project, rotate q and k, attend. */
    enum { N = 6, D = 4 };
    float x[N * D], w[3][D * D], pe[N * D], xp[N * D], q[N * D], k[N * D], v[N * D];
    float want[N * D], got[N * D], qq[N * D], kk[N * D], vv[N * D];
    fill(x, N * D, 1);
    for (int i = 0; i < 3; i++) fill(w[i], D * D, 1);
    EXPECT_EQ_INT(attn_positions_sinusoidal(pe, N, D), ATTN_OK);
    for (int i = 0; i < N * D; i++) xp[i] = x[i] + pe[i];
    attn_matmul(q, xp, w[0], 0, N, D, D), attn_matmul(k, xp, w[1], 0, N, D, D), attn_matmul(v, xp, w[2], 0, N, D, D);
    EXPECT_EQ_INT(attn_attention(want, NULL, NULL, q, k, v, ATTN_MASK_CAUSAL, NULL, 1, N, N, D, D), ATTN_OK);
    EXPECT_EQ_INT(attn_self_attention_positioned(got, qq, kk, vv, x, w[0], w[1], w[2], ATTN_POSITIONS_SINUSOIDAL, ATTN_MASK_CAUSAL, 0, N, D), ATTN_OK);
    for (int i = 0; i < N * D; i++) EXPECT_NEAR(got[i], want[i], 1e-6);

    attn_matmul(q, x, w[0], 0, N, D, D), attn_matmul(k, x, w[1], 0, N, D, D), attn_matmul(v, x, w[2], 0, N, D, D);
    EXPECT_EQ_INT(attn_rope(q, q, 3, N, D), ATTN_OK);
    EXPECT_EQ_INT(attn_rope(k, k, 3, N, D), ATTN_OK);
    EXPECT_EQ_INT(attn_attention(want, NULL, NULL, q, k, v, ATTN_MASK_NONE, NULL, 1, N, N, D, D), ATTN_OK);
    EXPECT_EQ_INT(attn_self_attention_positioned(got, qq, kk, vv, x, w[0], w[1], w[2], ATTN_POSITIONS_ROTARY, ATTN_MASK_NONE, 3, N, D), ATTN_OK);
    for (int i = 0; i < N * D; i++) {
        EXPECT_NEAR(got[i], want[i], 1e-6);
        EXPECT_NEAR(qq[i], q[i], 0); /* q and k come back rotated */
        EXPECT_NEAR(kk[i], k[i], 0);
    }
}

/* ---------------------------------------------------------------- word embeddings */

static void test_word_embedding_depends_on_the_word_alone(void) {
    float a[16], b[16], c[16];
    EXPECT_EQ_INT(attn_word_embedding(a, (const unsigned char *)"dog", 3, 16), ATTN_OK);
    EXPECT_EQ_INT(attn_word_embedding(b, (const unsigned char *)"dog", 3, 16), ATTN_OK);
    EXPECT_EQ_INT(attn_word_embedding(c, (const unsigned char *)"man", 3, 16), ATTN_OK);
    double differs = 0;
    for (int i = 0; i < 16; i++) {
        EXPECT_NEAR(a[i], b[i], 0);
        EXPECT(a[i] >= -1 && a[i] < 1);
        differs = fmax(differs, fabs((double)a[i] - c[i]));
    }
    EXPECT(differs > 0.1);
    /* A shorter vector is the start of a longer one (one stream of draws per word). */
    float shorter[5];
    EXPECT_EQ_INT(attn_word_embedding(shorter, (const unsigned char *)"dog", 3, 5), ATTN_OK);
    for (int i = 0; i < 5; i++) EXPECT_NEAR(shorter[i], a[i], 0);
    /* Bytes beyond len are not read. */
    EXPECT_EQ_INT(attn_word_embedding(b, (const unsigned char *)"dogs", 3, 16), ATTN_OK);
    for (int i = 0; i < 16; i++) EXPECT_NEAR(a[i], b[i], 0);
}

static void test_word_embedding_draws_look_uniform(void) {
    enum { D = 20000 };
    static float e[D];
    EXPECT_EQ_INT(attn_word_embedding(e, (const unsigned char *)"uniform", 7, D), ATTN_OK);
    double mean = 0, square = 0;
    for (int i = 0; i < D; i++) mean += e[i], square += (double)e[i] * e[i];
    mean /= D, square /= D;
    EXPECT_NEAR(mean, 0, 0.02);
    EXPECT_NEAR(square, 1.0 / 3.0, 0.02); /* variance of U(−1, 1) */
}

/* ---------------------------------------------------------------- bad input */

static void test_bad_input_is_refused(void) {
    float buf[64], w[64];
    unsigned char word[] = "x";
    EXPECT_EQ_INT(attn_positions_sinusoidal(NULL, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_positions_sinusoidal(buf, 0, 2), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_positions_sinusoidal(buf, 2, -1), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_positions_sinusoidal(buf, 1 << 20, 1 << 20), ATTN_ERR_OVERFLOW);

    EXPECT_EQ_INT(attn_rope(buf, NULL, 0, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_rope(NULL, buf, 0, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_rope(buf, buf, 0, 0, 2), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_rope(buf, buf, 0, 2, 3), ATTN_ERR_SHAPE); /* odd width: a feature without a partner */
    EXPECT_EQ_INT(attn_rope(buf, buf, -1, 2, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_rope(buf, buf, 0, 1 << 20, 1 << 20), ATTN_ERR_OVERFLOW);

    float *o = buf;
    EXPECT_EQ_INT(attn_self_attention_positioned(o, o, o, o, NULL, w, w, w, 0, 0, 0, 2, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_self_attention_positioned(o, o, o, o, w, w, w, w, 0, 0, 0, 0, 2), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_self_attention_positioned(o, o, o, o, w, w, w, w, 3, 0, 0, 2, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_self_attention_positioned(o, o, o, o, w, w, w, w, -1, 0, 0, 2, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_self_attention_positioned(o, o, o, o, w, w, w, w, 0, ATTN_MASK_CUSTOM, 0, 2, 2), ATTN_ERR_MASK_KIND);
    EXPECT_EQ_INT(attn_self_attention_positioned(o, o, o, o, w, w, w, w, 0, 0, -3, 2, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_self_attention_positioned(o, o, o, o, w, w, w, w, ATTN_POSITIONS_ROTARY, 0, 0, 2, 3), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn_self_attention_positioned(o, o, o, o, w, w, w, w, 0, 0, 0, 2, 1 << 17), ATTN_ERR_OVERFLOW);

    EXPECT_EQ_INT(attn_word_embedding(buf, word, 0, 4), ATTN_ERR_SIZE); /* an empty word */
    EXPECT_EQ_INT(attn_word_embedding(buf, word, 1, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_word_embedding(buf, NULL, 1, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_word_embedding(NULL, word, 1, 4), ATTN_ERR_NULL);
}

static const struct test tests[] = {
    TEST(test_sinusoidal_known_values),
    TEST(test_sinusoidal_odd_width_ends_with_a_sine),
    TEST(test_sinusoidal_rows_have_norm_sqrt_half_width),
    TEST(test_rope_position_zero_is_identity_and_position_one_rotates_by_one_radian),
    TEST(test_rope_keeps_every_norm),
    TEST(test_rope_score_depends_only_on_distance),
    TEST(test_rope_in_place_matches_out_of_place),
    TEST(test_attention_of_permuted_input_is_permuted_output),
    TEST(test_self_attention_without_positions_is_permutation_equivariant),
    TEST(test_causal_mask_and_positions_break_equivariance),
    TEST(test_dog_gets_the_same_output_without_positions),
    TEST(test_dog_output_changes_with_positions),
    TEST(test_rotary_attention_ignores_where_counting_starts),
    TEST(test_positioned_matches_the_steps_done_by_hand),
    TEST(test_word_embedding_depends_on_the_word_alone),
    TEST(test_word_embedding_draws_look_uniform),
    TEST(test_bad_input_is_refused),
};

RUN_TESTS(tests)
