/*
 * translation.c — a synthetic translation task whose true alignment is known by construction:
 * the lab's trained encoder–decoders (the bottleneck and cross-attention) learn it.
 *
 * The source language is a tiny English: noun phrases ("the small dog", "a cat"), verbs and
 * prepositions, strung together as  NP VERB NP PREP NP VERB NP …  until the sentence has its
 * drawn length (a last phrase is cut short to fit: "the dog" or a lone noun). The target language
 * translates word for word, with two changes:
 *   - every word has another spelling (the source word spelled backwards: "dog" → "god") and
 *     another token number (target token = (7 · source token + 5) mod V, a permutation), so
 *     nothing can be copied through;
 *   - an adjective and its noun swap places ("the small dog" → "eht god llams"), as French does.
 * The alignment (target position j → source position) is therefore the diagonal with every
 * adjective–noun pair crossed, like the English–French maps of Bahdanau, Cho and Bengio (2014).
 * Source and target have the same length.
 *
 * The split: a sentence is held out when a hash of its source tokens falls in one class in ten,
 * so no held-out sentence ever appears in training. Sentence `index` of a split is drawn from
 * its own stream (seed, split, index), redrawn until its hash class matches the split.
 */
#include <string.h>

#include "attn.h"
#include "check.h"

enum word_class { DETERMINER, ADJECTIVE, NOUN, VERB, PREPOSITION };

static const struct {
    const char *spelling;
    enum word_class cls;
} WORDS[ATTN_TRANSLATION_VOCAB] = {
    {"the", DETERMINER}, {"a", DETERMINER},
    {"small", ADJECTIVE}, {"big", ADJECTIVE}, {"red", ADJECTIVE}, {"old", ADJECTIVE},
    {"quiet", ADJECTIVE}, {"happy", ADJECTIVE}, {"green", ADJECTIVE}, {"cold", ADJECTIVE},
    {"dog", NOUN}, {"cat", NOUN}, {"bird", NOUN}, {"king", NOUN}, {"river", NOUN}, {"house", NOUN},
    {"tree", NOUN}, {"boat", NOUN}, {"horse", NOUN}, {"child", NOUN}, {"stone", NOUN}, {"lamp", NOUN},
    {"sees", VERB}, {"finds", VERB}, {"likes", VERB}, {"follows", VERB}, {"paints", VERB},
    {"calls", VERB}, {"pushes", VERB}, {"helps", VERB},
    {"near", PREPOSITION}, {"under", PREPOSITION}, {"behind", PREPOSITION}, {"beside", PREPOSITION},
};

/* The first word of each class and how many it has (the table above is grouped by class). */
static const int CLASS_FIRST[] = {0, 2, 10, 22, 30};
static const int CLASS_COUNT[] = {2, 8, 12, 8, 4};

/* A held-out sentence's hash class: one in HOLDOUT_CLASSES. */
#define HOLDOUT_CLASSES 10

static int draw_word(struct attn_rng *rng, enum word_class cls) {
    return CLASS_FIRST[cls] + (int)attn_rng_below(rng, (uint32_t)CLASS_COUNT[cls]);
}

/* The target token of source token w: a permutation of [0, V) (7 is prime to 34). */
static int target_token(int w) { return (7 * w + 5) % ATTN_TRANSLATION_VOCAB; }

/*
 * Fills source[0..length) and order[0..length): order[j] is the source position whose word the
 * target writes at position j. A noun phrase takes three words when three remain (a determiner,
 * an adjective, a noun; crossed in order), two when two remain, a lone noun when one does.
 */
static void draw_sentence(int *source, int *order, struct attn_rng *rng, int length) {
    int at = 0, phrase = 0;
    while (at < length) {
        const int left = length - at;
        if (phrase % 2 == 1) { /* between noun phrases: a verb or a preposition */
            source[at] = draw_word(rng, attn_rng_below(rng, 4) == 0 ? PREPOSITION : VERB);
            order[at] = at;
            at++;
        } else if (left >= 3 && attn_rng_below(rng, 3) != 0) { /* the ADJ NOUN → the NOUN ADJ */
            source[at] = draw_word(rng, DETERMINER);
            source[at + 1] = draw_word(rng, ADJECTIVE);
            source[at + 2] = draw_word(rng, NOUN);
            order[at] = at;
            order[at + 1] = at + 2;
            order[at + 2] = at + 1;
            at += 3;
        } else if (left >= 2) { /* the NOUN */
            source[at] = draw_word(rng, DETERMINER);
            source[at + 1] = draw_word(rng, NOUN);
            order[at] = at;
            order[at + 1] = at + 1;
            at += 2;
        } else {
            source[at] = draw_word(rng, NOUN);
            order[at] = at;
            at++;
        }
        phrase++;
    }
}

/* FNV-1a over the source tokens: which split the sentence belongs to. */
static int holdout_class(const int *source, int length) {
    uint32_t h = 2166136261u;
    for (int i = 0; i < length; i++) {
        h ^= (uint32_t)source[i];
        h *= 16777619u;
    }
    return (int)(h % HOLDOUT_CLASSES);
}

int attn_translation_sentence(int *source,    /* (ATTN_TRANSLATION_MAX_LENGTH) */
                              int *target,    /* (ATTN_TRANSLATION_MAX_LENGTH) */
                              int *alignment, /* (ATTN_TRANSLATION_MAX_LENGTH) */
                              int *length, unsigned seed, int split, int index, int min_length, int max_length) {
    ATTN__REFUSE_IF(!source || !target || !alignment || !length, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(min_length < ATTN_TRANSLATION_MIN_LENGTH || max_length < ATTN_TRANSLATION_MIN_LENGTH, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(max_length > ATTN_TRANSLATION_MAX_LENGTH || min_length > max_length, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(split != ATTN_TRANSLATION_TRAIN && split != ATTN_TRANSLATION_HELD_OUT, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(index < 0, ATTN_ERR_ARGUMENT);
    struct attn_rng rng;
    /* Each (seed, split, index) its own stream: seed, then split and index mixed in (in
     * unsigned arithmetic, which wraps: 2 · index overflows an int for index ≥ 2^30). */
    const uint32_t stream = 2u * (uint32_t)index + (uint32_t)split + 1u;
    attn_rng_seed(&rng, seed ^ (0x9e3779b9u * stream));
    const int n = min_length + (int)attn_rng_below(&rng, (uint32_t)(max_length - min_length + 1));
    int order[ATTN_TRANSLATION_MAX_LENGTH];
    /* A split holds 9 classes in 10 (training) or 1 (held out): the expected number of draws is
     * 10/9 or 10. Very short sentences may all fall in one class; 1000 draws bound the search. */
    for (int tries = 0;; tries++) {
        ATTN__REFUSE_IF(tries == 1000, ATTN_ERR_ARGUMENT);
        draw_sentence(source, order, &rng, n);
        const int held_out = holdout_class(source, n) == 0;
        if (held_out == (split == ATTN_TRANSLATION_HELD_OUT)) break;
    }
    for (int j = 0; j < n; j++) {
        target[j] = target_token(source[order[j]]);
        alignment[j] = order[j];
    }
    for (int j = n; j < max_length; j++) source[j] = target[j] = alignment[j] = -1;
    *length = n;
    return ATTN_OK;
}

int attn_translation_word(char *word, /* (ATTN_TRANSLATION_WORD_BYTES) */
                          int language, int token) {
    ATTN__REFUSE_IF(!word, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(token < 0 || token >= ATTN_TRANSLATION_VOCAB, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(language != ATTN_TRANSLATION_SOURCE && language != ATTN_TRANSLATION_TARGET, ATTN_ERR_ARGUMENT);
    if (language == ATTN_TRANSLATION_SOURCE) {
        strcpy(word, WORDS[token].spelling);
        return ATTN_OK;
    }
    /* The target token t spells source word w backwards, where t = (7w + 5) mod V. */
    int w = 0;
    while (target_token(w) != token) w++;
    const char *s = WORDS[w].spelling;
    const int n = (int)strlen(s);
    for (int i = 0; i < n; i++) word[i] = s[n - 1 - i];
    word[n] = 0;
    return ATTN_OK;
}
