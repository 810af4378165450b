/*
 * fuzz_translation.c — libFuzzer target for the synthetic translation with a known alignment:
 * any seed, split, index and length range, and any language and token for a word's spelling.
 * A sentence the core accepts must have its length in range, a permutation as its alignment,
 * and −1 past its end.
 */
#include "fuzz_input.h"

static void fuzz_sentence(struct fuzz_input *in) {
    int source[ATTN_TRANSLATION_MAX_LENGTH], target[ATTN_TRANSLATION_MAX_LENGTH], alignment[ATTN_TRANSLATION_MAX_LENGTH];
    int length = -7;
    const unsigned seed = (unsigned)fuzz_byte(in) << 8 | fuzz_byte(in);
    const int split = (int)(fuzz_byte(in) % 4) - 1, index = fuzz_size(in);
    const int lo = (int)(fuzz_byte(in) % 48) - 2, hi = (int)(fuzz_byte(in) % 48) - 2;
    const int rc = attn_translation_sentence(source, target, alignment, &length, seed, split, index, lo, hi);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) return;
    if (length < lo || length > hi) abort();
    int seen[ATTN_TRANSLATION_MAX_LENGTH] = {0};
    for (int j = 0; j < length; j++) {
        if (alignment[j] < 0 || alignment[j] >= length || seen[alignment[j]]++) abort();
        if (source[j] < 0 || source[j] >= ATTN_TRANSLATION_VOCAB || target[j] < 0 || target[j] >= ATTN_TRANSLATION_VOCAB) abort();
    }
    for (int j = length; j < hi; j++)
        if (source[j] != -1 || target[j] != -1 || alignment[j] != -1) abort();
}

static void fuzz_word(struct fuzz_input *in) {
    char word[ATTN_TRANSLATION_WORD_BYTES];
    const int language = (int)(fuzz_byte(in) % 4) - 1, token = (int)(fuzz_byte(in) % 40) - 3;
    const int rc = attn_translation_word(word, language, token);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && (word[0] == 0 || strlen(word) >= ATTN_TRANSLATION_WORD_BYTES)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    if (fuzz_byte(&in) & 1) fuzz_word(&in);
    else fuzz_sentence(&in);
    return 0;
}
