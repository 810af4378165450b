/*
 * causal.h — private: the causal rule (and its sliding window), written once. A query at position i may look at the keys
 * at positions 0..i (itself and everything before it); a key j > i is blocked (its score gets
 * -INFINITY). Positions count from the first key, for any number of queries N and keys M.
 *
 * Every kernel with a causal mask asks these functions instead of writing `j > i` itself:
 * the mask builders (mask.c), the step-by-step kernel (attention.c), the tiled kernel (flash.c),
 * the tape's mask op (autograd_ops_elementwise.c, so the model too) and the KV cache, whose
 * newest query sits at position length − 1 and so sees the whole cache.
 * tests/c/test_causal.c holds every one of them to attn_mask_causal.
 */
#ifndef ATTN__CAUSAL_H
#define ATTN__CAUSAL_H

/* The first key position the query at position `query` (≥ 0) may not see: it sees keys
 * 0 .. attn__causal_first_blocked(query) − 1. */
static inline int attn__causal_first_blocked(int query) { return query + 1; }

/* 1 when the causal rule blocks key `key` for the query at `query`, else 0. */
static inline int attn__causal_blocked(int query, int key) { return key >= attn__causal_first_blocked(query); }

/* The sliding window narrows the causal rule to the last `window` (≥ 1) positions, the query's
 * own included: it sees keys attn__window_first_allowed(query, window) .. query. The result may
 * be negative (a window reaching before the first key). */
static inline int attn__window_first_allowed(int query, int window) { return query - window + 1; }

#endif /* ATTN__CAUSAL_H */
