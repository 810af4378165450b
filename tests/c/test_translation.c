/*
 * test_translation.c — the synthetic translation with a known alignment (c/src/translation.c):
 * a fixed seed's first sentences word for word, every target word the backwards spelling of the
 * source word it aligns to, adjective–noun pairs crossed and nothing else moved, lengths over
 * the whole range, no held-out sentence among the training ones, the same seed the same
 * sentences, and bad inputs refused.
 */
#include <string.h>

#include "attn.h"
#include "harness.h"

#define MAX ATTN_TRANSLATION_MAX_LENGTH

struct sentence {
    int source[MAX], target[MAX], alignment[MAX], length, rc;
};

static struct sentence draw(unsigned seed, int split, int index, int lo, int hi) {
    struct sentence s;
    s.rc = attn_translation_sentence(s.source, s.target, s.alignment, &s.length, seed, split, index, lo, hi);
    return s;
}

/* The word classes, read from their spellings (the source vocabulary is a fixed table). */
static int spelled_as(int token, const char *const *words) {
    char w[ATTN_TRANSLATION_WORD_BYTES];
    if (attn_translation_word(w, ATTN_TRANSLATION_SOURCE, token) != ATTN_OK) return 0;
    for (int i = 0; words[i]; i++)
        if (strcmp(w, words[i]) == 0) return 1;
    return 0;
}
static int is_determiner(int token) { return spelled_as(token, (const char *const[]){"the", "a", NULL}); }
static int is_adjective(int token) {
    return spelled_as(token, (const char *const[]){"small", "big", "red", "old", "quiet", "happy", "green", "cold", NULL});
}
static int is_noun(int token) {
    return spelled_as(token, (const char *const[]){"dog", "cat", "bird", "king", "river", "house", "tree", "boat",
                                                   "horse", "child", "stone", "lamp", NULL});
}

static void spell(char *out, int language, int token) {
    if (attn_translation_word(out, language, token) != ATTN_OK) strcpy(out, "?");
}

static void test_a_fixed_seed_gives_known_sentences(void) {
    struct sentence s = draw(1, ATTN_TRANSLATION_TRAIN, 0, 3, 40);
    EXPECT_EQ_INT(s.rc, ATTN_OK);
    EXPECT_EQ_INT(s.length, 25);
    const int source[8] = {0, 2, 16, 29, 1, 9, 13, 22};   /* the small tree helps a cold king sees */
    const int target[8] = {5, 15, 19, 4, 12, 28, 0, 23};  /* eht eert llams spleh a gnik dloc sees */
    const int alignment[8] = {0, 2, 1, 3, 4, 6, 5, 7};
    for (int i = 0; i < 8; i++) {
        EXPECT_EQ_INT(s.source[i], source[i]);
        EXPECT_EQ_INT(s.target[i], target[i]);
        EXPECT_EQ_INT(s.alignment[i], alignment[i]);
    }
    char word[ATTN_TRANSLATION_WORD_BYTES];
    spell(word, ATTN_TRANSLATION_SOURCE, s.source[2]);
    EXPECT(strcmp(word, "tree") == 0);
    spell(word, ATTN_TRANSLATION_TARGET, s.target[1]);
    EXPECT(strcmp(word, "eert") == 0);
    struct sentence h = draw(1, ATTN_TRANSLATION_HELD_OUT, 0, 3, 40);
    EXPECT_EQ_INT(h.rc, ATTN_OK);
    EXPECT_EQ_INT(h.length, 34);
    EXPECT_EQ_INT(h.source[0], 1);  /* a */
    EXPECT_EQ_INT(h.source[1], 11); /* cat */
    EXPECT_EQ_INT(h.alignment[4], 5);
    EXPECT_EQ_INT(h.alignment[5], 4);
    EXPECT_EQ_INT(h.source[34], -1);
}

/* Every target word is its aligned source word spelled backwards; only adjective–noun pairs cross. */
static void test_the_alignment_is_the_crossed_diagonal(void) {
    int crossed = 0, words = 0;
    for (int index = 0; index < 300; index++) {
        struct sentence s = draw(7, index % 2, index, 3, 40);
        EXPECT_EQ_INT(s.rc, ATTN_OK);
        int seen[MAX] = {0};
        for (int j = 0; j < s.length; j++) {
            const int i = s.alignment[j];
            EXPECT(i >= 0 && i < s.length);
            if (i < 0 || i >= s.length) continue;
            seen[i]++;
            char src[ATTN_TRANSLATION_WORD_BYTES], tgt[ATTN_TRANSLATION_WORD_BYTES];
            spell(src, ATTN_TRANSLATION_SOURCE, s.source[i]);
            spell(tgt, ATTN_TRANSLATION_TARGET, s.target[j]);
            const int n = (int)strlen(src);
            EXPECT_EQ_INT((int)strlen(tgt), n);
            for (int c = 0; c < n && c < (int)strlen(tgt); c++) EXPECT(src[c] == tgt[n - 1 - c]);
            if (i != j) {
                crossed++;
                EXPECT(i == j + 1 || i == j - 1);
                EXPECT(s.alignment[i] == j); /* a swap: each points at the other */
                /* the pair is an adjective and the noun after it, behind a determiner */
                const int adj = i < j ? i : j;
                EXPECT(is_adjective(s.source[adj]));
                EXPECT(is_noun(s.source[adj + 1]));
                EXPECT(adj >= 1 && is_determiner(s.source[adj - 1]));
            } else {
                /* nothing else moves: an adjective is always crossed with its noun */
                EXPECT(!is_adjective(s.source[i]));
            }
            words++;
        }
        for (int i = 0; i < s.length; i++) EXPECT_EQ_INT(seen[i], 1);
    }
    EXPECT(crossed > words / 10); /* not the identity */
}

static void test_lengths_cover_the_range(void) {
    int count[MAX + 1] = {0};
    for (int index = 0; index < 2000; index++) {
        struct sentence s = draw(3, ATTN_TRANSLATION_TRAIN, index, 3, 40);
        EXPECT(s.length >= 3 && s.length <= 40);
        if (s.length >= 3 && s.length <= 40) count[s.length]++;
    }
    for (int n = 3; n <= 40; n++) EXPECT(count[n] > 20); /* about 53 each */
    struct sentence fixed = draw(3, ATTN_TRANSLATION_HELD_OUT, 5, 12, 12);
    EXPECT_EQ_INT(fixed.length, 12);
}

static void test_no_held_out_sentence_is_trained_on(void) {
    /* Short sentences repeat often, so a leak would show among them. */
    static struct sentence train[3000];
    for (int i = 0; i < 3000; i++) train[i] = draw(5, ATTN_TRANSLATION_TRAIN, i, 3, 4);
    for (int h = 0; h < 200; h++) {
        struct sentence s = draw(5, ATTN_TRANSLATION_HELD_OUT, h, 3, 4);
        EXPECT_EQ_INT(s.rc, ATTN_OK);
        for (int i = 0; i < 3000; i++)
            EXPECT(s.length != train[i].length || memcmp(s.source, train[i].source, sizeof(int) * (size_t)s.length) != 0);
    }
}

static void test_the_same_seed_gives_the_same_sentences(void) {
    struct sentence a = draw(11, ATTN_TRANSLATION_TRAIN, 42, 3, 40), b = draw(11, ATTN_TRANSLATION_TRAIN, 42, 3, 40);
    struct sentence c = draw(12, ATTN_TRANSLATION_TRAIN, 42, 3, 40);
    EXPECT(memcmp(&a, &b, sizeof a) == 0);
    EXPECT(a.length != c.length || memcmp(a.source, c.source, sizeof a.source) != 0);
}

/* The stream of a large index is mixed in unsigned arithmetic (2 · index would overflow an int). */
static void test_the_largest_index_draws_a_sentence(void) {
    struct sentence a = draw(9, ATTN_TRANSLATION_HELD_OUT, 2147483647, 3, 40);
    struct sentence b = draw(9, ATTN_TRANSLATION_TRAIN, 2147483647, 3, 40);
    EXPECT_EQ_INT(a.rc, ATTN_OK);
    EXPECT_EQ_INT(b.rc, ATTN_OK);
    EXPECT(a.length >= 3 && a.length <= 40);
    EXPECT(a.length != b.length || memcmp(a.source, b.source, sizeof a.source) != 0);
}

static void test_bad_inputs(void) {
    int s[MAX], t[MAX], al[MAX], n;
    char w[ATTN_TRANSLATION_WORD_BYTES];
    EXPECT_EQ_INT(attn_translation_sentence(NULL, t, al, &n, 1, 0, 0, 3, 40), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_translation_sentence(s, t, al, NULL, 1, 0, 0, 3, 40), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_translation_sentence(s, t, al, &n, 1, 0, 0, 2, 40), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_translation_sentence(s, t, al, &n, 1, 0, 0, 3, 41), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_translation_sentence(s, t, al, &n, 1, 0, 0, 9, 8), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_translation_sentence(s, t, al, &n, 1, 2, 0, 3, 40), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_translation_sentence(s, t, al, &n, 1, 0, -1, 3, 40), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_translation_word(NULL, 0, 0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_translation_word(w, 2, 0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_translation_word(w, 0, ATTN_TRANSLATION_VOCAB), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_translation_word(w, 1, -1), ATTN_ERR_ARGUMENT);
}

static const struct test tests[] = {
    TEST(test_a_fixed_seed_gives_known_sentences),
    TEST(test_the_alignment_is_the_crossed_diagonal),
    TEST(test_lengths_cover_the_range),
    TEST(test_no_held_out_sentence_is_trained_on),
    TEST(test_the_same_seed_gives_the_same_sentences),
    TEST(test_the_largest_index_draws_a_sentence),
    TEST(test_bad_inputs),
};

RUN_TESTS(tests)
