/*
 * kv_cache.c — a key/value cache for decoding one token at a time. Each new token appends its
 * key and value; its query then attends over every cached token (itself included), which is
 * exactly row t of causal attention over the whole sequence, without recomputing rows 0..t-1.
 *
 * The cache is the one long-lived object here, so it comes as a create/free pair. Keys and
 * values are stored head by head, (HEADS, CAPACITY, DK) and (HEADS, CAPACITY, DV), so one
 * head's keys are contiguous. Attending is two passes over the cached keys: scores and their
 * maximum, then the vectorised exponential and the weighted sum of values; the weights of that
 * one query row can be written too (attn_kv_cache_attend_weights), and the cached rows of a
 * head read back (attn_kv_cache_read), for a page that shows the cache growing.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "causal.h"
#include "check.h"
#include "simd.h"

struct attn_kv_cache {
    int capacity, heads, dk, dv, length;
    float *keys;   /* (HEADS, CAPACITY, DK) */
    float *values; /* (HEADS, CAPACITY, DV) */
    float *scores; /* (CAPACITY + 4), scratch for one head's scores */
};

int attn_kv_cache_create(struct attn_kv_cache **cache, int capacity, int heads, int dk, int dv) {
    ATTN__REFUSE_IF(!cache, ATTN_ERR_NULL);
    *cache = NULL;
    ATTN__REFUSE_IF(capacity <= 0 || heads <= 0 || dk <= 0 || dv <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(heads, dk));
    ATTN__TRY(attn__check_product(heads, dv));
    ATTN__TRY(attn__check_product(capacity, heads * dk));
    ATTN__TRY(attn__check_product(capacity, heads * dv));
    ATTN__REFUSE_IF(capacity > INT32_MAX - 4, ATTN_ERR_OVERFLOW);
    struct attn_kv_cache *c = calloc(1, sizeof *c);
    if (!c) return ATTN_ERR_MEMORY;
    c->capacity = capacity, c->heads = heads, c->dk = dk, c->dv = dv;
    c->keys = malloc(sizeof(float) * (size_t)capacity * heads * dk);
    c->values = malloc(sizeof(float) * (size_t)capacity * heads * dv);
    c->scores = malloc(sizeof(float) * ((size_t)capacity + 4));
    if (!c->keys || !c->values || !c->scores) {
        attn_kv_cache_free(c);
        return ATTN_ERR_MEMORY;
    }
    *cache = c;
    return ATTN_OK;
}

int attn_kv_cache_free(struct attn_kv_cache *cache) {
    if (!cache) return ATTN_OK;
    free(cache->keys);
    free(cache->values);
    free(cache->scores);
    free(cache);
    return ATTN_OK;
}

int attn_kv_cache_length(int *length, const struct attn_kv_cache *cache) {
    ATTN__REFUSE_IF(!length || !cache, ATTN_ERR_NULL);
    *length = cache->length;
    return ATTN_OK;
}

int attn_kv_cache_append(struct attn_kv_cache *cache,
                         const float *k, /* (HEADS·DK) */
                         const float *v  /* (HEADS·DV) */) {
    ATTN__REFUSE_IF(!cache || !k || !v, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(cache->length >= cache->capacity, ATTN_ERR_ARGUMENT);
    int t = cache->length;
    for (int h = 0; h < cache->heads; h++) {
        memcpy(cache->keys + ((size_t)h * cache->capacity + t) * cache->dk, k + (size_t)h * cache->dk,
               sizeof(float) * (size_t)cache->dk);
        memcpy(cache->values + ((size_t)h * cache->capacity + t) * cache->dv, v + (size_t)h * cache->dv,
               sizeof(float) * (size_t)cache->dv);
    }
    cache->length = t + 1;
    return ATTN_OK;
}

static float dot(const float *a, const float *b, int len) {
    vf4 acc0 = vf4_zero(), acc1 = vf4_zero();
    int p = 0;
    for (; p + 8 <= len; p += 8) {
        acc0 = vf4_madd(vf4_load(a + p), vf4_load(b + p), acc0);
        acc1 = vf4_madd(vf4_load(a + p + 4), vf4_load(b + p + 4), acc1);
    }
    float sum = vf4_hsum(vf4_add(acc0, acc1));
    for (; p < len; p++) sum += a[p] * b[p];
    return sum;
}

int attn_kv_cache_attend(float *out,                 /* (HEADS·DV) */
                         struct attn_kv_cache *cache, /* its scratch is written */
                         const float *q              /* (HEADS·DK) */) {
    return attn_kv_cache_attend_weights(out, NULL, cache, q);
}

int attn_kv_cache_attend_weights(float *out,                 /* (HEADS·DV) */
                                 float *weights,             /* (HEADS, LENGTH), or NULL */
                                 struct attn_kv_cache *cache, /* its scratch is written */
                                 const float *q              /* (HEADS·DK) */) {
    ATTN__REFUSE_IF(!out || !cache || !q, ATTN_ERR_NULL);
    const int dk = cache->dk, dv = cache->dv;
    if (cache->length == 0) { /* no key to attend to: the chapter's NaN row (and no weights) */
        for (int d = 0; d < cache->heads * dv; d++) out[d] = NAN;
        return ATTN_OK;
    }
    /* The query is the newest token's, at position length − 1: the causal rule lets it see
     * keys 0 .. length − 1, the whole cache. */
    const int len = attn__causal_first_blocked(cache->length - 1);
    const float scale = (float)(1.0 / sqrt((double)dk));
    float *s = cache->scores;
    for (int h = 0; h < cache->heads; h++) {
        const float *keys = cache->keys + (size_t)h * cache->capacity * dk;
        const float *values = cache->values + (size_t)h * cache->capacity * dv;
        const float *qh = q + (size_t)h * dk;
        float *oh = out + (size_t)h * dv;
        float max = -INFINITY;
        for (int j = 0; j < len; j++) {
            s[j] = dot(qh, keys + (size_t)j * dk, dk) * scale;
            if (s[j] > max) max = s[j];
        }
        for (int j = len; j < len + 4; j++) s[j] = -INFINITY; /* pad to whole vectors */
        double sum = vf4_exp_shifted_sum(s, max, (len + 3) & ~3);
        for (int d = 0; d < dv; d++) oh[d] = 0.0f;
        for (int j = 0; j < len; j++) {
            const vf4 w = vf4_splat(s[j]);
            const float *vr = values + (size_t)j * dv;
            int d = 0;
            for (; d + 4 <= dv; d += 4) vf4_store(oh + d, vf4_madd(w, vf4_load(vr + d), vf4_load(oh + d)));
            for (; d < dv; d++) oh[d] += s[j] * vr[d];
        }
        const float inv = (float)(1.0 / sum);
        for (int d = 0; d < dv; d++) oh[d] *= inv;
        if (weights)
            for (int j = 0; j < len; j++) weights[(size_t)h * len + j] = (float)(s[j] / sum);
    }
    return ATTN_OK;
}

int attn_kv_cache_read(float *keys,                       /* (LENGTH, DK) */
                       float *values,                     /* (LENGTH, DV) */
                       const struct attn_kv_cache *cache, int head) {
    ATTN__REFUSE_IF(!keys || !values || !cache, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(head < 0 || head >= cache->heads, ATTN_ERR_ARGUMENT);
    const size_t n = (size_t)cache->length;
    memcpy(keys, cache->keys + (size_t)head * cache->capacity * cache->dk, sizeof(float) * n * (size_t)cache->dk);
    memcpy(values, cache->values + (size_t)head * cache->capacity * cache->dv, sizeof(float) * n * (size_t)cache->dv);
    return ATTN_OK;
}

int attn_kv_cache_clear(struct attn_kv_cache *cache) {
    ATTN__REFUSE_IF(!cache, ATTN_ERR_NULL);
    cache->length = 0;
    return ATTN_OK;
}
