/*
 * test_patch.c — activation patching against the answers it must give whatever the weights:
 * the residual stream leaving the last block at the last position restores the clean metric
 * exactly (share 1); a position before the prompts differ, or a position other than the last
 * after the last block, restores exactly 0; a head whose output projection is zero restores
 * exactly 0; the weights are bit for bit as they were; the components in chunks give the same
 * shares as all at once. Bad input gets its status, and a zero gap is ATTN_ERR_NO_GAP.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "harness.h"
#include "../../c/src/autograd_internal.h"
#include "../../c/src/model_internal.h"

enum { V = 5, L = 2, H = 2, C = 8, D = C / H, T = 8, BATCH = 2, CHANGED = 2, GOOD = 1, BAD = 2 };

/* The prompts differ at position CHANGED only. */
static const int CLEAN[T] = {0, 1, 2, 3, 4, 1, 2, 3};
static const int CORRUPTED[T] = {0, 1, 4, 3, 4, 1, 2, 3};

/* A model with its seeded random weights, scaled up (×3) so that the metric moves well away from 0. */
static struct attn_model *random_model(void) {
    struct attn_model *m = NULL;
    EXPECT_EQ_INT(attn_model_create(&m, V, L, H, C, T, BATCH, 7), ATTN_OK);
    float *params;
    int count;
    attn_model_params(&params, &count, m);
    for (int i = 0; i < count; i++) params[i] *= 3;
    return m;
}

/* FNV-1a over the weights' bytes. */
static uint64_t weights_hash(struct attn_model *m) {
    float *params;
    int count;
    attn_model_params(&params, &count, m);
    const unsigned char *bytes = (const unsigned char *)params;
    uint64_t hash = 1469598103934665603u;
    for (size_t i = 0; i < (size_t)count * sizeof(float); i++) hash = (hash ^ bytes[i]) * 1099511628211u;
    return hash;
}

static void test_the_last_position_after_the_last_block_restores_everything(void) {
    struct attn_model *m = random_model();
    float restored[L * T];
    double metrics[2];
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, CORRUPTED, T, GOOD, BAD, ATTN_PATCH_POSITIONS, 0, L * T), ATTN_OK);
    printf("     metric clean %.6f, corrupted %.6f\n", metrics[0], metrics[1]);
    EXPECT(metrics[0] != metrics[1]);
    EXPECT(restored[(L - 1) * T + T - 1] == 1.0f);
    for (int p = 0; p < T - 1; p++) EXPECT(restored[(L - 1) * T + p] == 0.0f); /* nothing after the last block reads them */
    for (int l = 0; l < L; l++)
        for (int p = 0; p < CHANGED; p++) EXPECT(restored[l * T + p] == 0.0f); /* the same in both runs: causal */
    EXPECT(restored[0 * T + CHANGED] != 0.0f);
    printf("     leaving block 1 at positions 0 … %d: %.4f %.4f %.4f %.4f\n", T - 1, restored[0], restored[1], restored[2], restored[T - 1]);
    attn_model_free(m);
}

static void test_a_head_with_a_zero_output_projection_restores_nothing(void) {
    struct attn_model *m = random_model();
    float *wo = tape_val(m->tape, m->layer[0].wo); /* (C, C), stored (in, out): head 1 is rows D … 2D − 1 */
    memset(wo + 1 * D * C, 0, sizeof(float) * D * C);
    float restored[L * H];
    double metrics[2];
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, CORRUPTED, T, GOOD, BAD, ATTN_PATCH_HEADS, 0, L * H), ATTN_OK);
    printf("     shares restored: %.4f %.4f | %.4f %.4f\n", restored[0], restored[1], restored[2], restored[3]);
    EXPECT(restored[1] == 0.0f);
    EXPECT(restored[0] != 0.0f);
    attn_model_free(m);
}

static void test_patching_leaves_the_weights_and_chunks_agree(void) {
    struct attn_model *m = random_model();
    const uint64_t before = weights_hash(m);
    float all[L * T], part[L * T];
    double metrics[2], again[2];
    EXPECT_EQ_INT(attn_model_patch(all, metrics, m, CLEAN, CORRUPTED, T, GOOD, BAD, ATTN_PATCH_POSITIONS, 0, L * T), ATTN_OK);
    for (int first = 0; first < L * T; first += 3) {
        const int count = first + 3 <= L * T ? 3 : L * T - first;
        EXPECT_EQ_INT(attn_model_patch(part + first, again, m, CLEAN, CORRUPTED, T, GOOD, BAD, ATTN_PATCH_POSITIONS, first, count), ATTN_OK);
        EXPECT(again[0] == metrics[0] && again[1] == metrics[1]);
    }
    EXPECT(memcmp(all, part, sizeof all) == 0);
    float heads[L * H];
    EXPECT_EQ_INT(attn_model_patch(heads, metrics, m, CLEAN, CORRUPTED, T, GOOD, BAD, ATTN_PATCH_HEADS, 0, L * H), ATTN_OK);
    EXPECT(weights_hash(m) == before);
    attn_model_free(m);
}

static void test_bad_input_is_refused(void) {
    struct attn_model *m = random_model();
    float restored[L * T];
    double metrics[2] = {-1, -1};
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, CLEAN, T, GOOD, BAD, ATTN_PATCH_HEADS, 0, L * H), ATTN_ERR_NO_GAP);
    EXPECT(metrics[0] == metrics[1]); /* both written */
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, CORRUPTED, T, GOOD, GOOD, ATTN_PATCH_HEADS, 0, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, CORRUPTED, T, V, BAD, ATTN_PATCH_HEADS, 0, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, CORRUPTED, T, GOOD, -1, ATTN_PATCH_HEADS, 0, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, CORRUPTED, T, GOOD, BAD, 2, 0, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, CORRUPTED, T, GOOD, BAD, ATTN_PATCH_HEADS, L * H - 1, 2), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, CORRUPTED, T, GOOD, BAD, ATTN_PATCH_HEADS, -1, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, CORRUPTED, T, GOOD, BAD, ATTN_PATCH_HEADS, 0, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, CORRUPTED, 0, GOOD, BAD, ATTN_PATCH_HEADS, 0, 1), ATTN_ERR_SIZE);
    int long_prompt[T + 1] = {0};
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, long_prompt, long_prompt, T + 1, GOOD, BAD, ATTN_PATCH_HEADS, 0, 1), ATTN_ERR_ARGUMENT);
    int unseen[T];
    memcpy(unseen, CORRUPTED, sizeof unseen);
    unseen[3] = V;
    EXPECT_EQ_INT(attn_model_patch(restored, metrics, m, CLEAN, unseen, T, GOOD, BAD, ATTN_PATCH_HEADS, 0, 1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_model_patch(NULL, metrics, m, CLEAN, CORRUPTED, T, GOOD, BAD, ATTN_PATCH_HEADS, 0, 1), ATTN_ERR_NULL);
    EXPECT(strlen(attn_status_string(ATTN_ERR_NO_GAP)) > 20);
    attn_model_free(m);
}

static const struct test tests[] = {
    TEST(test_the_last_position_after_the_last_block_restores_everything),
    TEST(test_a_head_with_a_zero_output_projection_restores_nothing),
    TEST(test_patching_leaves_the_weights_and_chunks_agree),
    TEST(test_bad_input_is_refused),
};
RUN_TESTS(tests)
