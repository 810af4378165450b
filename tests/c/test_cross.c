/*
 * test_cross.c — the word vectors and the fixed rotation of the cross-attention demo
 * (attn_concept_embedding in embedding.c, attn_random_rotation in rotation.c): the same bytes
 * give the same vector; a translation pair shares its meaning's vector and so points the same
 * way (dot ≈ D) where unrelated words do not (≈ 0); noise 0 makes the pair identical; the
 * rotation is orthogonal, so it keeps dot products; bad input is refused.
 */
#include <math.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

#define D 16

static void vec(float *e, const char *concept, const char *word, float noise, uint32_t seed) {
    EXPECT_EQ_INT(attn_concept_embedding(e, (const unsigned char *)concept, (int)strlen(concept),
                                         (const unsigned char *)word, (int)strlen(word), noise, seed, D), ATTN_OK);
}

static double dot(const float *a, const float *b, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += (double)a[i] * b[i];
    return s;
}

static void test_translation_pairs_point_the_same_way(void) {
    float black[D], noir[D], again[D], cat[D], chat[D];
    vec(black, "black", "en:black", 0.3f, 1);
    vec(noir, "black", "fr:noir", 0.3f, 1);
    vec(again, "black", "fr:noir", 0.3f, 1);
    vec(cat, "cat", "en:cat", 0.3f, 1);
    vec(chat, "cat", "fr:chat", 0.3f, 1);
    EXPECT(memcmp(noir, again, sizeof noir) == 0);
    const double pair = dot(black, noir, D), other = dot(noir, cat, D), pair2 = dot(cat, chat, D);
    printf("    black·noir %.2f, cat·chat %.2f, noir·cat %.2f\n", pair, pair2, other);
    EXPECT(pair > 8 && pair2 > 8);
    EXPECT(fabs(other) < pair / 2);
    /* No noise: the pair is one vector. */
    vec(black, "black", "en:black", 0.0f, 1);
    vec(noir, "black", "fr:noir", 0.0f, 1);
    EXPECT(memcmp(black, noir, sizeof noir) == 0);
    /* Another seed: another vector. */
    vec(again, "black", "fr:noir", 0.0f, 2);
    EXPECT(memcmp(noir, again, sizeof noir) != 0);
}

static void test_the_rotation_is_orthogonal_and_keeps_dot_products(void) {
    float r[D * D], a[D], b[D], ar[D], br[D];
    EXPECT_EQ_INT(attn_random_rotation(r, 7, D), ATTN_OK);
    double worst = 0;
    for (int i = 0; i < D; i++)
        for (int j = 0; j < D; j++) {
            const double e = dot(r + i * D, r + j * D, D) - (i == j ? 1.0 : 0.0);
            if (fabs(e) > worst) worst = fabs(e);
        }
    EXPECT(worst < 1e-5);
    vec(a, "sleeps", "en:sleeps", 0.5f, 3);
    vec(b, "dog", "en:dog", 0.5f, 3);
    EXPECT_EQ_INT(attn_matmul(ar, a, r, 0, 1, D, D), ATTN_OK);
    EXPECT_EQ_INT(attn_matmul(br, b, r, 0, 1, D, D), ATTN_OK);
    EXPECT_NEAR(dot(ar, br, D), dot(a, b, D), 1e-4);
    EXPECT_EQ_INT(attn_random_rotation(r, 7, 1), ATTN_OK);
    EXPECT(fabsf(r[0]) == 1.0f);
}

static void test_bad_input(void) {
    float e[D];
    const unsigned char w[] = "x";
    EXPECT_EQ_INT(attn_concept_embedding(NULL, w, 1, w, 1, 0.1f, 0, D), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_concept_embedding(e, NULL, 1, w, 1, 0.1f, 0, D), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_concept_embedding(e, w, 0, w, 1, 0.1f, 0, D), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_concept_embedding(e, w, 1, w, 0, 0.1f, 0, D), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_concept_embedding(e, w, 1, w, 1, 0.1f, 0, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_concept_embedding(e, w, 1, w, 1, -0.1f, 0, D), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_concept_embedding(e, w, 1, w, 1, NAN, 0, D), ATTN_ERR_VALUE);
    EXPECT_EQ_INT(attn_concept_embedding(e, w, 1, w, 1, INFINITY, 0, D), ATTN_ERR_VALUE);
    float r[4];
    EXPECT_EQ_INT(attn_random_rotation(NULL, 1, 2), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_random_rotation(r, 1, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_random_rotation(r, 1, 1 << 16), ATTN_ERR_OVERFLOW);
}

static const struct test tests[] = {
    TEST(test_translation_pairs_point_the_same_way),
    TEST(test_the_rotation_is_orthogonal_and_keeps_dot_products),
    TEST(test_bad_input),
};

RUN_TESTS(tests)
