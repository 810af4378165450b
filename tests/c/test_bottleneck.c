/*
 * test_bottleneck.c — the bottleneck attention removed (c/src/bottleneck.c): at 40 tokens a
 * summary of width 64 recovers far fewer tokens than attention (by a margin of at least 0.5),
 * attention stays above 0.95 at every length from 5 to 40, a wider summary breaks later, the
 * numbers are the same for the same seed, the alignment is each step's softmax over the source
 * positions (diagonal for copying, anti-diagonal for reversing), the example agrees with the
 * inputs drawn, and bad inputs are refused.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

#define VOCAB 26
#define TRIALS 32

struct run {
    double accuracy[2];
    float *alignment;
    int *example;
    int rc;
};

/* attn_bottleneck at one length, with the alignment and the example. Free with release(). */
static struct run measure(uint32_t seed, int task, int length, int width, int trials) {
    struct run r;
    memset(&r, 0, sizeof r);
    int floats = 0;
    if (attn_bottleneck_workspace(&floats, length, width, VOCAB) != ATTN_OK) abort();
    float *work = malloc(sizeof(float) * (size_t)floats);
    r.alignment = malloc(sizeof(float) * (size_t)length * length);
    r.example = malloc(sizeof(int) * 3 * (size_t)length);
    r.rc = attn_bottleneck(r.accuracy, r.alignment, r.example, work, seed, task, length, width, VOCAB, trials);
    free(work);
    return r;
}

static void release(struct run *r) {
    free(r->alignment);
    free(r->example);
}

static void test_the_summary_falls_behind_attention(void) {
    for (int task = ATTN_BOTTLENECK_COPY; task <= ATTN_BOTTLENECK_REVERSE; task++) {
        double previous = 2.0;
        for (int length = 5; length <= 40; length += 5) {
            struct run r = measure(1, task, length, 64, TRIALS);
            EXPECT_EQ_INT(r.rc, ATTN_OK);
            EXPECT(r.accuracy[1] >= 0.95);                 /* attention's floor */
            EXPECT(r.accuracy[0] <= previous + 0.05);      /* the summary only falls (up to noise) */
            previous = r.accuracy[0];
            if (length == 40) EXPECT(r.accuracy[1] - r.accuracy[0] >= 0.5);
            if (length == 5) EXPECT(r.accuracy[0] >= 0.8);
            release(&r);
        }
    }
}

/* The first length (5, 10, …) at which the summary recovers less than 90% of the tokens. */
static int break_length(int width) {
    for (int length = 5; length <= 80; length += 5) {
        struct run r = measure(1, ATTN_BOTTLENECK_COPY, length, width, TRIALS);
        double summary = r.accuracy[0];
        release(&r);
        if (summary < 0.9) return length;
    }
    return 0;
}

static void test_a_wider_summary_breaks_later(void) {
    int at16 = break_length(16), at128 = break_length(128), at512 = break_length(512);
    printf("    the summary falls below 90%% at L = %d (d = 16), %d (d = 128), %d (d = 512)\n", at16, at128, at512);
    EXPECT(at16 == 5);
    EXPECT(at128 > at16 && at512 > at128);
    EXPECT(at512 >= 30);
}

static void test_the_same_seed_gives_the_same_numbers(void) {
    struct run a = measure(7, ATTN_BOTTLENECK_COPY, 12, 32, 8), b = measure(7, ATTN_BOTTLENECK_COPY, 12, 32, 8),
               c = measure(8, ATTN_BOTTLENECK_COPY, 12, 32, 8);
    EXPECT(memcmp(a.accuracy, b.accuracy, sizeof a.accuracy) == 0);
    EXPECT(memcmp(a.alignment, b.alignment, sizeof(float) * 144) == 0);
    EXPECT(memcmp(a.example, b.example, sizeof(int) * 36) == 0);
    EXPECT(memcmp(a.example, c.example, sizeof(int) * 12) != 0); /* another seed, another source */
    release(&a), release(&b), release(&c);
}

static void test_the_alignment_finds_the_position_each_step_needs(void) {
    for (int task = ATTN_BOTTLENECK_COPY; task <= ATTN_BOTTLENECK_REVERSE; task++) {
        int length = 16;
        struct run r = measure(3, task, length, 128, 4);
        EXPECT_EQ_INT(r.rc, ATTN_OK);
        for (int i = 0; i < length; i++) {
            double sum = 0;
            int argmax = 0;
            for (int j = 0; j < length; j++) {
                float w = r.alignment[i * length + j];
                EXPECT(w >= 0.0f);
                sum += w;
                if (w > r.alignment[i * length + argmax]) argmax = j;
            }
            EXPECT_NEAR(sum, 1.0, 1e-6);
            EXPECT_EQ_INT(argmax, task == ATTN_BOTTLENECK_COPY ? i : length - 1 - i);
            EXPECT(r.alignment[i * length + argmax] > 0.9f); /* √128 ≈ 11 above the others */
        }
        release(&r);
    }
}

static void test_the_example_is_the_first_source_and_its_answers(void) {
    int length = 10, width = 64, trials = 5;
    float *vectors = malloc(sizeof(float) * VOCAB * width), *codes = malloc(sizeof(float) * length * width);
    int *sources = malloc(sizeof(int) * trials * length);
    EXPECT_EQ_INT(attn_bottleneck_inputs(vectors, codes, sources, 11, length, width, VOCAB, trials), ATTN_OK);
    struct run r = measure(11, ATTN_BOTTLENECK_REVERSE, length, width, trials);
    for (int p = 0; p < length; p++) EXPECT_EQ_INT(r.example[p], sources[p]);
    for (int i = 0; i < length * width; i++) EXPECT(codes[i] == 1.0f || codes[i] == -1.0f);
    double mean_square = 0;
    for (int i = 0; i < VOCAB * width; i++) mean_square += (double)vectors[i] * vectors[i] / (VOCAB * width);
    EXPECT_NEAR(mean_square * width, 1.0, 0.15); /* entries N(0, 1/D) */
    for (int s = 0; s < trials * length; s++) EXPECT(sources[s] >= 0 && sources[s] < VOCAB);
    /* One trial: the accuracies count the example's right answers. */
    struct run one = measure(11, ATTN_BOTTLENECK_REVERSE, length, width, 1);
    int right[2] = {0, 0};
    for (int i = 0; i < length; i++) {
        right[0] += one.example[length + i] == one.example[length - 1 - i];
        right[1] += one.example[2 * length + i] == one.example[length - 1 - i];
    }
    EXPECT(one.accuracy[0] == right[0] / (double)length);
    EXPECT(one.accuracy[1] == right[1] / (double)length);
    EXPECT(memcmp(one.example, r.example, sizeof(int) * 3 * length) == 0); /* the first trial is the same */
    /* The codes of the first positions are the same at every length. */
    float *longer = malloc(sizeof(float) * 2 * length * width), *more_vectors = malloc(sizeof(float) * VOCAB * width);
    int *more_sources = malloc(sizeof(int) * 2 * length);
    EXPECT_EQ_INT(attn_bottleneck_inputs(more_vectors, longer, more_sources, 11, 2 * length, width, VOCAB, 1), ATTN_OK);
    EXPECT(memcmp(longer, codes, sizeof(float) * length * width) == 0);
    EXPECT(memcmp(more_vectors, vectors, sizeof(float) * VOCAB * width) == 0);
    free(vectors), free(codes), free(sources), free(longer), free(more_vectors), free(more_sources);
    release(&r), release(&one);
}

static void test_one_token_is_never_lost(void) {
    struct run r = measure(2, ATTN_BOTTLENECK_COPY, 1, 16, 50);
    EXPECT(r.accuracy[0] == 1.0 && r.accuracy[1] == 1.0);
    EXPECT(r.alignment[0] == 1.0f);
    release(&r);
}

static void test_bad_inputs(void) {
    int floats;
    EXPECT_EQ_INT(attn_bottleneck_workspace(&floats, 40, 64, 26), ATTN_OK);
    EXPECT_EQ_INT(floats, 26 * 64 + 4 * 40 * 64 + 40 * 40 + 2 * 64);
    EXPECT_EQ_INT(attn_bottleneck_workspace(&floats, ATTN_BOTTLENECK_MAX_LENGTH, ATTN_BOTTLENECK_MAX_WIDTH, ATTN_BOTTLENECK_MAX_VOCAB), ATTN_OK);
    EXPECT_EQ_INT(floats, 2164736);
    EXPECT_EQ_INT(attn_bottleneck_workspace(NULL, 40, 64, 26), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_bottleneck_workspace(&floats, 0, 64, 26), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_bottleneck_workspace(&floats, 40, -1, 26), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_bottleneck_workspace(&floats, ATTN_BOTTLENECK_MAX_LENGTH + 1, 64, 26), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_bottleneck_workspace(&floats, 40, ATTN_BOTTLENECK_MAX_WIDTH + 1, 26), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_bottleneck_workspace(&floats, 40, 64, 1), ATTN_ERR_ARGUMENT);

    float work[26 * 8 + 4 * 4 * 8 + 16 + 16];
    double accuracy[2];
    EXPECT_EQ_INT(attn_bottleneck(accuracy, NULL, NULL, work, 1, ATTN_BOTTLENECK_COPY, 4, 8, 26, 3), ATTN_OK);
    EXPECT_EQ_INT(attn_bottleneck(NULL, NULL, NULL, work, 1, ATTN_BOTTLENECK_COPY, 4, 8, 26, 3), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_bottleneck(accuracy, NULL, NULL, NULL, 1, ATTN_BOTTLENECK_COPY, 4, 8, 26, 3), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_bottleneck(accuracy, NULL, NULL, work, 1, 2, 4, 8, 26, 3), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_bottleneck(accuracy, NULL, NULL, work, 1, -1, 4, 8, 26, 3), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_bottleneck(accuracy, NULL, NULL, work, 1, ATTN_BOTTLENECK_COPY, 4, 8, 26, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_bottleneck(accuracy, NULL, NULL, work, 1, ATTN_BOTTLENECK_COPY, 4, 8, 26, ATTN_BOTTLENECK_MAX_TRIALS + 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_bottleneck(accuracy, NULL, NULL, work, 1, ATTN_BOTTLENECK_COPY, -4, 8, 26, 3), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_bottleneck(accuracy, NULL, NULL, work, 1, ATTN_BOTTLENECK_COPY, 4, 8, ATTN_BOTTLENECK_MAX_VOCAB + 1, 3), ATTN_ERR_ARGUMENT);
    float vectors[16], codes[16];
    int sources[16];
    EXPECT_EQ_INT(attn_bottleneck_inputs(vectors, codes, sources, 1, 2, 8, 2, 1), ATTN_OK);
    EXPECT_EQ_INT(attn_bottleneck_inputs(NULL, codes, sources, 1, 2, 8, 2, 1), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_bottleneck_inputs(vectors, codes, sources, 1, 2, 8, 0, 1), ATTN_ERR_SIZE);
}

static const struct test tests[] = {
    TEST(test_the_summary_falls_behind_attention),
    TEST(test_a_wider_summary_breaks_later),
    TEST(test_the_same_seed_gives_the_same_numbers),
    TEST(test_the_alignment_finds_the_position_each_step_needs),
    TEST(test_the_example_is_the_first_source_and_its_answers),
    TEST(test_one_token_is_never_lost),
    TEST(test_bad_inputs),
};

RUN_TESTS(tests)
