/*
 * test_random.c — the core's one generator: xoshiro128** against an independent reference,
 * determinism, the moments and tails of its normals, the portable log and exp it relies on,
 * and its bad inputs.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "attn.h"
#include "harness.h"
#include "../../c/src/portable_math.h"

/* An independent transcription of splitmix64 + xoshiro128** (Vigna's reference code). */
static uint64_t ref_splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static uint32_t ref_rotl(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }
static uint32_t ref_next(uint32_t s[4]) {
    uint32_t result = ref_rotl(s[1] * 5, 7) * 9, t = s[1] << 9;
    s[2] ^= s[0], s[3] ^= s[1], s[1] ^= s[2], s[0] ^= s[3], s[2] ^= t, s[3] = ref_rotl(s[3], 11);
    return result;
}

static void test_matches_reference_xoshiro128starstar(void) {
    for (uint32_t seed = 0; seed < 5; seed++) {
        uint64_t x = seed;
        uint64_t a = ref_splitmix64(&x), b = ref_splitmix64(&x);
        uint32_t s[4] = {(uint32_t)a, (uint32_t)(a >> 32), (uint32_t)b, (uint32_t)(b >> 32)};
        struct attn_rng rng;
        EXPECT_EQ_INT(attn_rng_seed(&rng, seed), ATTN_OK);
        int mismatches = 0;
        for (int i = 0; i < 1000; i++) mismatches += attn_rng_next_u32(&rng) != ref_next(s);
        EXPECT_EQ_INT(mismatches, 0);
    }
}

static void test_same_seed_same_draws_other_seed_other_draws(void) {
    struct attn_rng a, b, c;
    attn_rng_seed(&a, 2024);
    attn_rng_seed(&b, 2024);
    attn_rng_seed(&c, 2025);
    int same = 0, equal_to_other = 0;
    for (int i = 0; i < 10000; i++) {
        float x = attn_rng_normal(&a), y = attn_rng_normal(&b), z = attn_rng_normal(&c);
        same += memcmp(&x, &y, sizeof x) == 0;
        equal_to_other += x == z;
    }
    EXPECT_EQ_INT(same, 10000);
    EXPECT(equal_to_other < 10);
}

static void test_batch_equals_one_at_a_time(void) {
    struct attn_rng a, b;
    attn_rng_seed(&a, 7);
    attn_rng_seed(&b, 7);
    float batch[1001];
    EXPECT_EQ_INT(attn_rng_normals(batch, &a, 1001), ATTN_OK);
    int mismatches = 0;
    for (int i = 0; i < 1001; i++) mismatches += batch[i] != attn_rng_normal(&b);
    EXPECT_EQ_INT(mismatches, 0);
    EXPECT(attn_rng_next_u32(&a) == attn_rng_next_u32(&b)); /* the states moved in step */
}

static void test_uniform_is_in_unit_interval_with_mean_half(void) {
    struct attn_rng rng;
    attn_rng_seed(&rng, 3);
    double sum = 0;
    int outside = 0;
    const int n = 200000;
    for (int i = 0; i < n; i++) {
        float u = attn_rng_uniform(&rng);
        outside += !(u >= 0.0f && u < 1.0f);
        sum += u;
    }
    EXPECT_EQ_INT(outside, 0);
    EXPECT_NEAR(sum / n, 0.5, 0.003); /* standard error 0.00065 */
}

/* Φ(x), for the tail checks. */
static double phi_cdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

static void test_below_is_in_range_and_even(void) {
    struct attn_rng rng;
    attn_rng_seed(&rng, 11);
    enum { N = 7, DRAWS = 700000 };
    int counts[N] = {0};
    for (int i = 0; i < DRAWS; i++) {
        uint32_t x = attn_rng_below(&rng, N);
        EXPECT(x < N);
        if (x < N) counts[x]++;
    }
    /* Each count is binomial(700000, 1/7): mean 100000, standard deviation about 293. */
    for (int i = 0; i < N; i++) EXPECT_NEAR(counts[i], DRAWS / N, 1500);
    EXPECT_EQ_INT(attn_rng_below(&rng, 1), 0);
}

static void test_normal_moments_and_tails(void) {
    struct attn_rng rng;
    attn_rng_seed(&rng, 12345);
    const int n = 2000000;
    double s1 = 0, s2 = 0, s4 = 0;
    int below_one = 0, beyond_three = 0, beyond_tail = 0, nonfinite = 0;
    for (int i = 0; i < n; i++) {
        double z = attn_rng_normal(&rng);
        nonfinite += !isfinite(z);
        s1 += z, s2 += z * z, s4 += z * z * z * z;
        below_one += z < 1.0;
        beyond_three += fabs(z) > 3.0;
        beyond_tail += fabs(z) > 3.442619855899; /* drawn by the ziggurat's tail branch */
    }
    EXPECT_EQ_INT(nonfinite, 0);
    EXPECT_NEAR(s1 / n, 0.0, 0.004);        /* standard error 0.0007 */
    EXPECT_NEAR(s2 / n, 1.0, 0.005);        /* standard error 0.001 */
    EXPECT_NEAR(s4 / n, 3.0, 0.04);         /* kurtosis 3; standard error about 0.007 */
    EXPECT_NEAR((double)below_one / n, phi_cdf(1.0), 0.002);
    EXPECT_NEAR((double)beyond_three / n, 2 * phi_cdf(-3.0), 0.0004);
    EXPECT_NEAR((double)beyond_tail / n, 2 * phi_cdf(-3.442619855899), 0.00015);
}

static void test_portable_log_and_exp_match_libm(void) {
    double worst_log = 0, worst_exp = 0;
    for (int i = 1; i <= 100000; i++) {
        double x = i / 100001.0;                /* (0, 1) */
        double y = x * 1e-300 * (i % 7 + 1);    /* tiny values */
        worst_log = fmax(worst_log, fabs(attn__portable_log(x) - log(x)) / fabs(log(x)));
        worst_log = fmax(worst_log, fabs(attn__portable_log(y) - log(y)) / fabs(log(y)));
        double e = -i / 150.0;                  /* down to −666 */
        worst_exp = fmax(worst_exp, fabs(attn__portable_exp_nonpositive(e) - exp(e)) / exp(e));
    }
    EXPECT(worst_log < 1e-14);
    EXPECT(worst_exp < 1e-14);
    EXPECT_NEAR(attn__portable_exp_nonpositive(0.0), 1.0, 0);
    EXPECT_NEAR(attn__portable_exp_nonpositive(-1000.0), 0.0, 0);
    EXPECT_NEAR(attn__portable_log(1.0), 0.0, 0);
}

static void test_bad_input(void) {
    struct attn_rng rng;
    float out[4];
    EXPECT_EQ_INT(attn_rng_seed(NULL, 1), ATTN_ERR_NULL);
    attn_rng_seed(&rng, 1);
    EXPECT_EQ_INT(attn_rng_normals(NULL, &rng, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_rng_normals(out, NULL, 4), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_rng_normals(out, &rng, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_rng_normals(out, &rng, -3), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_rng_bytes(), (int)sizeof(struct attn_rng));
}

static const struct test tests[] = {
    TEST(test_matches_reference_xoshiro128starstar),
    TEST(test_same_seed_same_draws_other_seed_other_draws),
    TEST(test_batch_equals_one_at_a_time),
    TEST(test_uniform_is_in_unit_interval_with_mean_half),
    TEST(test_below_is_in_range_and_even),
    TEST(test_normal_moments_and_tails),
    TEST(test_portable_log_and_exp_match_libm),
    TEST(test_bad_input),
};
RUN_TESTS(tests)
