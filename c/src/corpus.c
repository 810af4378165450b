/*
 * corpus.c — the lab's default training text: English-like paragraphs with long-range
 * structure, made by a seeded generator that counts its own entropy.
 *
 * A paragraph picks a subject ("the queen"); its later sentences refer back to it by pronoun
 * ("she ... she was tired"), verbs agree with it ("was" / "were"), quotes and brackets always
 * close. Sentence forms:
 *   A  SUBJ VERB the NOUN CONJ PRON WAS ADJ.      the trophy pushed the kettle because it was large.
 *   B  SUBJ said "I AM ADJ."                      the children said "we are tired."
 *   C  SUBJ (who VERB the NOUN) WAS ADJ.          she (who helped the dog) was brave.
 *   D  SUBJ VERB the NOUN and the NOUN.           they followed the king and the geese.
 *
 * Entropy: every random choice is uniform over k options and adds ln k nats. Every choice can
 * be read back from the text (the word lists are disjoint and each form is recognisable from
 * its words), so the text's entropy equals the choices' entropy; per character it is the best
 * loss any model can reach on this corpus (one that sees far enough back).
 */
#include <math.h>
#include <string.h>

#include "attn.h"
#include "check.h"

enum person { HE, SHE, IT, THEY };

static const struct {
    const char *word;
    enum person person;
} NOUNS[] = {
    {"farmer", HE}, {"baker", HE},  {"king", HE},     {"boy", HE},       {"queen", SHE},    {"nurse", SHE},
    {"girl", SHE},  {"aunt", SHE},  {"robot", IT},    {"dog", IT},       {"trophy", IT},    {"kettle", IT},
    {"children", THEY}, {"pilots", THEY}, {"sisters", THEY}, {"geese", THEY},
};
static const char *const VERBS[] = {"thanked", "followed", "helped", "watched", "painted", "called", "pushed", "found"};
static const char *const ADJECTIVES[] = {"tired", "happy", "large", "small", "late", "early", "brave", "quiet"};
static const char *const CONJUNCTIONS[] = {"because", "although"};
static const char *const PRONOUN[] = {"he", "she", "it", "they"};
static const char *const WAS[] = {"was", "was", "was", "were"};
static const char *const I_AM[] = {"i am", "i am", "i am", "we are"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

struct writer {
    char *text;
    int length, at; /* writes stop at length; `at` keeps counting */
    struct attn_rng rng;
    double nats;
};

static void put(struct writer *w, const char *s) {
    for (; *s; s++, w->at++)
        if (w->at < w->length) w->text[w->at] = *s;
}

/* A uniform choice among k options, counted. */
static int choose(struct writer *w, int k) {
    w->nats += log((double)k);
    return (int)attn_rng_below(&w->rng, (uint32_t)(k));
}

static void the_noun(struct writer *w) {
    put(w, "the ");
    put(w, NOUNS[choose(w, COUNT(NOUNS))].word);
}

static void sentence(struct writer *w, int first, int subject) {
    const enum person person = NOUNS[subject].person;
    if (first) {
        put(w, "the ");
        put(w, NOUNS[subject].word);
    } else {
        put(w, PRONOUN[person]);
    }
    switch (choose(w, 4)) {
    case 0: /* A */
        put(w, " ");
        put(w, VERBS[choose(w, COUNT(VERBS))]);
        put(w, " ");
        the_noun(w);
        put(w, " ");
        put(w, CONJUNCTIONS[choose(w, COUNT(CONJUNCTIONS))]);
        put(w, " ");
        put(w, PRONOUN[person]);
        put(w, " ");
        put(w, WAS[person]);
        put(w, " ");
        put(w, ADJECTIVES[choose(w, COUNT(ADJECTIVES))]);
        put(w, ".");
        break;
    case 1: /* B */
        put(w, " said \"");
        put(w, I_AM[person]);
        put(w, " ");
        put(w, ADJECTIVES[choose(w, COUNT(ADJECTIVES))]);
        put(w, ".\"");
        break;
    case 2: /* C */
        put(w, " (who ");
        put(w, VERBS[choose(w, COUNT(VERBS))]);
        put(w, " ");
        the_noun(w);
        put(w, ") ");
        put(w, WAS[person]);
        put(w, " ");
        put(w, ADJECTIVES[choose(w, COUNT(ADJECTIVES))]);
        put(w, ".");
        break;
    default: /* D */
        put(w, " ");
        put(w, VERBS[choose(w, COUNT(VERBS))]);
        put(w, " ");
        the_noun(w);
        put(w, " and ");
        the_noun(w);
        put(w, ".");
        break;
    }
}

int attn_corpus_generate(char *text, double *entropy_nats, int length, unsigned seed) {
    ATTN__REFUSE_IF(!text || !entropy_nats, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(length <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(length == INT32_MAX, ATTN_ERR_OVERFLOW);
    struct writer w = {text, length, 0, {{0}}, 0.0};
    attn_rng_seed(&w.rng, (uint32_t)seed * 2u + 5u);
    while (w.at < length) {
        /* A paragraph: a subject, then 2 to 5 sentences about it, then a newline. */
        const int subject = choose(&w, COUNT(NOUNS));
        const int sentences = 2 + choose(&w, 4);
        for (int s = 0; s < sentences; s++) {
            if (s > 0) put(&w, " ");
            sentence(&w, s == 0, subject);
        }
        put(&w, "\n");
    }
    text[length] = 0;
    *entropy_nats = w.nats / w.at; /* the rate over every character generated */
    return ATTN_OK;
}

/* Text with repeats, for induction heads: segments of h random characters (h uniform in
 * shortest … longest, each character uniform over the first `letters` lowercase letters), each
 * followed at once by its own copy. The copy lies h characters back, a distance that changes from
 * segment to segment: a head can only find it by its content (the character after the earlier
 * occurrence of the current one), not by a fixed offset. Entropy: the generator's choices, ln k
 * for h and h·ln(letters) for the characters, per character written (2h a segment). */
int attn_corpus_repeats(char *text, double *entropy_nats, int length, int shortest, int longest, int letters,
                        int step, unsigned seed) {
    ATTN__REFUSE_IF(!text || !entropy_nats, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(length <= 0 || shortest <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(length == INT32_MAX, ATTN_ERR_OVERFLOW);
    ATTN__REFUSE_IF(longest < shortest || longest > length, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(letters < 2 || letters > 26, ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(step < 1 || step > letters, ATTN_ERR_ARGUMENT);
    struct writer w = {text, length, 0, {{0}}, 0.0};
    attn_rng_seed(&w.rng, (uint32_t)seed * 2u + 7u);
    while (w.at < length) {
        const int h = shortest + choose(&w, longest - shortest + 1), start = w.at;
        int two_back = 0, one_back = 0; /* letter indices of the last two characters */
        for (int i = 0; i < h; i++, w.at++) {
            const int c = i < 2 ? choose(&w, letters) : (two_back + choose(&w, step)) % letters;
            two_back = one_back, one_back = c;
            if (w.at < length) text[w.at] = (char)('a' + c);
        }
        for (int i = 0; i < h; i++, w.at++)
            if (w.at < length) text[w.at] = text[start + i];
    }
    text[length] = 0;
    *entropy_nats = w.nats / w.at; /* the rate over every character generated */
    return ATTN_OK;
}

int attn_unigram_entropy(double *nats, const int *ids, int n, int vocab) {
    ATTN__REFUSE_IF(!nats || !ids, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(n <= 0 || vocab <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(vocab > 65536, ATTN_ERR_ARGUMENT);
    double counts[65536 / 64]; /* small vocabularies on the stack; large ones counted in passes */
    double h = 0;
    for (int base = 0; base < vocab; base += 65536 / 64) {
        const int width = vocab - base < 65536 / 64 ? vocab - base : 65536 / 64;
        memset(counts, 0, sizeof counts);
        for (int i = 0; i < n; i++) {
            ATTN__REFUSE_IF(ids[i] < 0 || ids[i] >= vocab, ATTN_ERR_ARGUMENT);
            if (ids[i] >= base && ids[i] < base + width) counts[ids[i] - base] += 1;
        }
        for (int j = 0; j < width; j++)
            if (counts[j] > 0) h -= counts[j] / n * log(counts[j] / n);
    }
    *nats = h;
    return ATTN_OK;
}
