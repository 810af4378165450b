/*
 * embedding.c — §6.5: a fixed vector for each word, derived from the word alone.
 * FNV-1a (32-bit) hashes the word's bytes; the hash seeds the core's one generator (attn_rng,
 * random.c), whose uniform draws become numbers in [−1, 1). Nothing depends on where the word
 * stands, which is the point of the demo.
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
