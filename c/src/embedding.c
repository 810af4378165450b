/*
 * embedding.c — §6.5: a fixed vector for each word, derived from the word alone.
 * FNV-1a (32-bit) hashes the word's bytes; the hash seeds SplitMix32, a tiny generator private
 * to this file (the core's general random numbers live elsewhere), whose draws become numbers
 * uniform in [−1, 1). Nothing depends on where the word stands, which is the point of the demo.
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

/* SplitMix32 (the 32-bit variant of Steele, Lea and Flood's SplitMix): one draw per call. */
static uint32_t splitmix32(uint32_t *state) {
    uint32_t z = (*state += 0x9e3779b9u);
    z = (z ^ (z >> 16)) * 0x85ebca6bu;
    z = (z ^ (z >> 13)) * 0xc2b2ae35u;
    return z ^ (z >> 16);
}

int attn_word_embedding(float *e,                  /* (D) */
                        const unsigned char *word, /* (LEN) bytes */
                        int len, int d) {
    ATTN_REFUSE_IF(!e || !word, ATTN_ERR_NULL);
    ATTN_REFUSE_IF(len <= 0 || d <= 0, ATTN_ERR_SIZE);
    uint32_t state = fnv1a(word, len);
    for (int i = 0; i < d; i++) {
        /* The top 24 bits give a float in [0, 1) exactly; map it to [−1, 1). */
        double unit = (double)(splitmix32(&state) >> 8) / 16777216.0;
        e[i] = (float)(2.0 * unit - 1.0);
    }
    return ATTN_OK;
}
