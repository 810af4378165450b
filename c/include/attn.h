/*
 * attn.h — the one public header of the Attention Lab's C core.
 *
 * The core is pure maths: no I/O, no globals, no allocation inside kernels.
 * It is compiled natively (for tests) and to WebAssembly (for the page).
 *
 * Conventions
 *   - Every function returns an `int` holding an `enum attn_status`; 0 is success.
 *     `attn_status_string(code)` turns a code into a sentence a learner can read.
 *   - Arguments come outputs first, then inputs, then sizes.
 *   - Tensors are float32, row-major; each pointer carries its shape in a comment.
 *   - Buffers belong to the caller.
 *   - Masks are additive: 0 where attention is allowed, -INFINITY where it is blocked.
 *
 * Dimension letters
 *   N   number of queries (rows of Q)
 *   M   number of keys and values (rows of K and V)
 *   DK  query/key width (d_k)
 *   DV  value width (d_v)
 *
 * Worked example: two queries attend causally over two keys.
 *
 *   float q[2*2] = {3, 3, 1, -1}, k[2*2] = {-3, -3, 1, -1}, v[2*2] = {0, -1, 1, 2};
 *   float w[2*2], out[2*2];
 *   struct attn_steps steps = { .weights = w };   // every other step: NULL, not written
 *   int empty_rows;
 *   int rc = attn_attention(out, &steps, &empty_rows, q, k, v,
 *                           ATTN_MASK_CAUSAL, NULL, 1, 2, 2, 2, 2);
 *   // rc == ATTN_OK; w == {1, 0, 0.196, 0.804}; out == {0, -1, 0.804, 1.413}
 */
#ifndef ATTN_H
#define ATTN_H

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- status */

/* Status codes. New codes are only ever added at the end. */
enum attn_status {
    ATTN_OK = 0,
    ATTN_ERR_NULL = 1,        /* a required buffer pointer was NULL */
    ATTN_ERR_SIZE = 2,        /* a size was zero or negative */
    ATTN_ERR_OVERFLOW = 3,    /* sizes whose product does not fit in memory */
    ATTN_ERR_MASK_KIND = 4,   /* an unknown mask kind */
    ATTN_ERR_ARGUMENT = 5,    /* another argument out of its allowed range */
    ATTN_ERR_SHAPE = 6,       /* shapes that do not fit together (e.g. d_model not divisible by heads) */
    ATTN_ERR_VALUE = 7,       /* NaN or infinity where a finite number is needed */
    ATTN_ERR_MEMORY = 8,      /* an object the core creates could not be allocated */
    ATTN_ERR_FORMAT = 9,      /* a file or buffer is not in the expected format, or is corrupt */
    ATTN_STATUS_COUNT         /* not a status: the number of codes */
};

/* A sentence describing `code`, for a learner. Never NULL; unknown codes get a generic sentence. */
const char *attn_status_string(int code);

/* ---------------------------------------------------------------- matmul */

/*
 * c = a · b            when transpose_b == 0, b is (K, N)
 * c = a · bᵀ           when transpose_b != 0, b is (N, K)
 * Accumulates each entry in double, then rounds to float.
 */
int attn_matmul(float *c,       /* (M, N) */
                const float *a, /* (M, K) */
                const float *b, /* (K, N), or (N, K) when transpose_b */
                int transpose_b, int m, int k, int n);

/* ---------------------------------------------------------------- softmax */

/*
 * Row-wise, numerically stable softmax: each row has its maximum subtracted before exp.
 * A row whose entries are all -INFINITY has no allowed entry: its output is NaN (0/0, as the
 * chapter teaches). *empty_rows (may be NULL) receives how many such rows there were.
 * `y` may equal `x` (in place).
 */
int attn_softmax_rows(float *y,       /* (ROWS, COLS) */
                      int *empty_rows,
                      const float *x, /* (ROWS, COLS) */
                      int rows, int cols);

/* ---------------------------------------------------------------- attention */

enum attn_mask_kind {
    ATTN_MASK_NONE = 0,   /* every query sees every key */
    ATTN_MASK_CAUSAL = 1, /* query i sees keys 0..i (with N == M); key j > i is blocked */
    ATTN_MASK_CUSTOM = 2  /* an (N, M) additive mask given by the caller */
};

/*
 * Optional intermediates of one attention call. Any pointer may be NULL: that step is then
 * not written. Each is (N, M) and row-major.
 */
struct attn_steps {
    float *scores;  /* (N, M) Q·Kᵀ */
    float *scaled;  /* (N, M) scores / √DK when scaling, else a copy of scores */
    float *masked;  /* (N, M) scaled + mask */
    float *weights; /* (N, M) softmax of masked, row by row */
};

/*
 * Scaled dot-product attention:
 *     out = softmax(Q·Kᵀ · s + mask) · V,   s = 1/√DK when `scale` != 0, else 1.
 *
 * mask_kind selects the mask: ATTN_MASK_NONE, ATTN_MASK_CAUSAL (query i may see keys 0..i,
 * counted from the first key, for any N and M), or ATTN_MASK_CUSTOM with `mask` an (N, M)
 * additive mask. `mask` must be NULL for the other kinds' purposes (it is ignored).
 * A row with no allowed key gets NaN weights and a NaN output; *empty_rows (may be NULL)
 * counts such rows. `steps` may be NULL.
 */
int attn_attention(float *out,               /* (N, DV) */
                   struct attn_steps *steps, /* optional intermediates, each (N, M) */
                   int *empty_rows,          /* optional: rows with no allowed key */
                   const float *q,           /* (N, DK) */
                   const float *k,           /* (M, DK) */
                   const float *v,           /* (M, DV) */
                   int mask_kind,
                   const float *mask,        /* (N, M), only for ATTN_MASK_CUSTOM */
                   int scale, int n, int m, int dk, int dv);

/* ---------------------------------------------------------------- random numbers and experiments (§6.3) */

/* ---------------------------------------------------------------- masks and row diagnostics (§6.4) */

/* ---------------------------------------------------------------- positions (§6.5) */

/* ---------------------------------------------------------------- multi-head attention and cost (§6.6) */

/* ---------------------------------------------------------------- fast kernels: tiled attention, KV cache */

/*
 * The fast kernels run on four-float SIMD vectors (WASM SIMD128 in the page, the SSE2 twin of
 * the same source natively). Each keeps a naive twin that tests hold it to: attn_gemm ↔
 * attn_matmul, attn_flash_attention and the KV cache ↔ attn_attention. They accumulate in
 * float (vectors), so they agree with the twins to about 1e-6, not bit for bit. Kernels that
 * need scratch memory take it from the caller: ask the *_workspace function how many floats.
 */

/* e^x for each entry, vectorised (relative error below 2e-7 on [-87, 88]; below -87, 0). */
int attn_exp(float *y,       /* (COUNT) */
             const float *x, /* (COUNT) */
             int count);

/* *floats = the scratch attn_gemm needs for these sizes. */
int attn_gemm_workspace(int *floats, int m, int k, int n);

/*
 * The fast matrix product: c = a · b, or a · bᵀ when transpose_b (b is then (N, K)).
 * Packed panels and a register-blocked 4×8 micro-kernel. `work` holds attn_gemm_workspace floats.
 */
int attn_gemm(float *c,       /* (M, N) */
              float *work,    /* (attn_gemm_workspace floats) */
              const float *a, /* (M, K) */
              const float *b, /* (K, N), or (N, K) when transpose_b */
              int transpose_b, int m, int k, int n);

/* *floats = the scratch attn_flash_attention needs: about M·(DK + DV), never N·M. */
int attn_flash_workspace(int *floats, int m, int dk, int dv);

/*
 * Fused, tiled attention with an online softmax (FlashAttention's idea): the (N, M) table of
 * scores is never stored. For every head h:
 *     out_h = softmax(Q_h·K_hᵀ / √DK + mask) · V_h,   lse_h[i] = log Σ_j e^(scaled, masked score ij)
 * Heads sit side by side in a row (as X·W gives them): row i of q is q_i of head 0, then
 * head 1, ..., each DK wide; likewise k (DK), v and out (DV). N and M may differ
 * (cross-attention). mask_kind is ATTN_MASK_NONE or ATTN_MASK_CAUSAL (query i sees keys 0..i,
 * as in attn_attention); window > 0 (causal only) narrows it to keys i-window+1..i, the sliding
 * window. A row with no allowed key gets NaN output and lse -INFINITY, and is counted in
 * *empty_rows (may be NULL). lse may be NULL.
 */
int attn_flash_attention(float *out,      /* (N, HEADS·DV) */
                         float *lse,      /* (HEADS, N), or NULL */
                         int *empty_rows, /* optional: rows, over all heads, with no allowed key */
                         float *work,     /* (attn_flash_workspace floats) */
                         const float *q,  /* (N, HEADS·DK) */
                         const float *k,  /* (M, HEADS·DK) */
                         const float *v,  /* (M, HEADS·DV) */
                         int mask_kind, int window, int heads, int n, int m, int dk, int dv);

/*
 * A key/value cache for decoding one token at a time (a long-lived object: create/free).
 * Append each token's key and value, then attend with its query: the output equals row t of
 * causal attention over the whole sequence. Appending past `capacity` is ATTN_ERR_ARGUMENT.
 * Attending to an empty cache gives NaN (no key to attend to). Layout as attn_flash_attention:
 * heads side by side in each vector.
 */
struct attn_kv_cache;
int attn_kv_cache_create(struct attn_kv_cache **cache, int capacity, int heads, int dk, int dv);
int attn_kv_cache_free(struct attn_kv_cache *cache); /* NULL is fine */
int attn_kv_cache_length(int *length, const struct attn_kv_cache *cache);
int attn_kv_cache_append(struct attn_kv_cache *cache,
                         const float *k, /* (HEADS·DK) */
                         const float *v  /* (HEADS·DV) */);
int attn_kv_cache_attend(float *out,                 /* (HEADS·DV) */
                         struct attn_kv_cache *cache, /* its scratch is written */
                         const float *q              /* (HEADS·DK) */);

#ifdef __cplusplus
}
#endif

#endif /* ATTN_H */
