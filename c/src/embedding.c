/*
 * embedding.c — §6.5: a fixed vector for each word, derived from the word alone.
 * FNV-1a (32-bit) hashes the word's bytes; the hash seeds the core's one generator (attn_rng,
 * random.c), whose uniform draws become numbers in [−1, 1). Nothing depends on where the word
 * stands, which is the point of the demo.
 *
 * Cross-attention's toy translation gives words of one meaning one shared vector instead
 * (attn_concept_embedding): the meaning's normals, plus a little noise of the word's own, so a
 * translation pair points the same way wherever the two words stand in their sentences.
 */
#include <stddef.h>
#include <stdint.h>

#include "attn.h"
#include "check.h"

/* FNV-1a, 32-bit: offset basis 2166136261, prime 16777619. */
static uint32_t fnv1a(const unsigned char *bytes, int len) {
    uint32_t hash = 2166136261u;
    for (int i = 0; i < len; i++) {
        hash ^= bytes[i];
        hash *= 16777619u;
    }
    return hash;
}

int attn_word_embedding(float *e,                  /* (D) */
                        const unsigned char *word, /* (LEN) bytes, e.g. UTF-8 */
                        int len, int d) {
    ATTN__REFUSE_IF(!e || !word, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(len <= 0 || d <= 0, ATTN_ERR_SIZE);
    struct attn_rng rng;
    attn_rng_seed(&rng, fnv1a(word, len));
    /* attn_rng_uniform is exact in [0, 1) with 24 bits; 2u − 1 is exact too, in [−1, 1). */
    for (int i = 0; i < d; i++) e[i] = 2.0f * attn_rng_uniform(&rng) - 1.0f;
    return ATTN_OK;
}

/* D standard normals from the generator seeded by `seed`, added to e times `scale`. */
static void add_normals(float *e, uint32_t seed, float scale, int d) {
    struct attn_rng rng;
    attn_rng_seed(&rng, seed);
    for (int i = 0; i < d; i++) e[i] += scale * attn_rng_normal(&rng);
}

int attn_concept_embedding(float *e,                     /* (D) */
                           const unsigned char *concept, /* (CONCEPT_LEN) bytes */
                           int concept_len,
                           const unsigned char *word,    /* (WORD_LEN) bytes */
                           int word_len, float noise, uint32_t seed, int d) {
    ATTN__REFUSE_IF(!e || !concept || !word, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(concept_len <= 0 || word_len <= 0 || d <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(!(noise >= 0 && noise <= 3.4e38f), ATTN_ERR_VALUE);
    for (int i = 0; i < d; i++) e[i] = 0.0f;
    add_normals(e, fnv1a(concept, concept_len) ^ seed, 1.0f, d);              /* the meaning, shared */
    add_normals(e, fnv1a(word, word_len) ^ seed ^ 0x9e3779b9u, noise, d);      /* the word's own noise */
    return ATTN_OK;
}
