/*
 * fuzz_seq2seq.c — libFuzzer target for the two translation encoder–decoders: any kind, widths,
 * batch and length range (small, so a run is quick), then a forward pass on fuzzed tokens of a
 * fuzzed shape, a training step or two, and an evaluation with fuzzed bins. Whatever the input,
 * every call returns a known status; an accepted forward gives a finite, non-negative loss,
 * predictions in the vocabulary and cross-attention rows that sum to 1; an accepted evaluation
 * gives shares in [0, 1], and alignment and chance scores in [0, 1].
 */
#include <math.h>

#include "fuzz_input.h"

#define MAX_ROWS (4 * ATTN_TRANSLATION_MAX_LENGTH)

static void check_forward(struct attn_seq2seq *m, struct fuzz_input *in, int kind) {
    const int b = (int)(fuzz_byte(in) % 6) - 1, t = (int)(fuzz_byte(in) % 44) - 2;
    static int source[MAX_ROWS * 2], target[MAX_ROWS * 2], predicted[MAX_ROWS * 2];
    static float weights[4 * ATTN_TRANSLATION_MAX_LENGTH * ATTN_TRANSLATION_MAX_LENGTH];
    for (int i = 0; i < MAX_ROWS * 2; i++) {
        source[i] = (int)(fuzz_byte(in) % 36) - 1;
        target[i] = (int)(fuzz_byte(in) % 36) - 1;
    }
    float loss = -1;
    const int fits = b >= 1 && b <= 4 && t >= 1 && t <= ATTN_TRANSLATION_MAX_LENGTH;
    const int rc = attn_seq2seq_forward(&loss, predicted, kind && fits ? weights : NULL, m, source, target, b, t);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) return;
    if (!(loss >= 0) || !isfinite(loss)) abort();
    for (int i = 0; i < b * t; i++)
        if (predicted[i] < 0 || predicted[i] >= ATTN_TRANSLATION_VOCAB) abort();
    for (int row = 0; kind && row < b * t; row++) {
        double sum = 0;
        for (int s = 0; s < t; s++) sum += weights[row * t + s];
        if (fabs(sum - 1) > 1e-4) abort();
    }
}

static void check_evaluate(struct attn_seq2seq *m, struct fuzz_input *in, int kind) {
    const int bins = (int)(fuzz_byte(in) % 10) - 1, per_bin = (int)(fuzz_byte(in) % 5) - 1;
    double accuracy[8], alignment[8], chance[8];
    const int rc = attn_seq2seq_evaluate(accuracy, kind ? alignment : NULL, chance, m, bins > 8 ? 8 : bins, per_bin);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) return;
    for (int k = 0; k < (bins > 8 ? 8 : bins); k++) {
        if (!(accuracy[k] >= 0 && accuracy[k] <= 1) || !(chance[k] > 0 && chance[k] <= 1)) abort();
        if (kind && !(alignment[k] >= 0 && alignment[k] <= 1 + 1e-6)) abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    const int kind = (int)(fuzz_byte(&in) % 4) - 1;
    const int embed = (int)(fuzz_byte(&in) % 10) - 1, hidden = (int)(fuzz_byte(&in) % 10) - 1;
    const int batch = (int)(fuzz_byte(&in) % 6) - 1;
    const int lo = (int)(fuzz_byte(&in) % 14) - 1, hi = (int)(fuzz_byte(&in) % 14) - 1;
    struct attn_seq2seq *m = NULL;
    int rc = attn_seq2seq_create(&m, kind, embed, hidden, batch, lo, hi, fuzz_byte(&in));
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) {
        if (m) abort();
        return 0;
    }
    const float lr = (float)((int)fuzz_byte(&in) - 16) / 64.0f;
    FUZZ_REQUIRE_KNOWN_STATUS(attn_seq2seq_set_training(m, lr, (int)fuzz_byte(&in) % 8 - 1, (int)fuzz_byte(&in) % 8 - 1));
    check_forward(m, &in, kind);
    float losses[2];
    rc = attn_seq2seq_train(losses, m, (int)(fuzz_byte(&in) % 4) - 1);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    check_evaluate(m, &in, kind);
    int info[ATTN_SEQ2SEQ_INFO_COUNT];
    if (attn_seq2seq_info(info, m) != ATTN_OK || info[ATTN_SEQ2SEQ_INFO_KIND] != kind) abort();
    attn_seq2seq_free(m);
    return 0;
}
