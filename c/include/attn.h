/*
 * attn.h — the one public header of the Attention Lab's C core.
 *
 * The core is pure maths: no I/O, and the only state it keeps between calls is the helper
 * thread's hand-shake (c/src/parallel.c: whether a helper waits, the thread limit, the job being
 * shared; see "fast kernels: both cores"). Random numbers come from a generator the caller holds.
 * It is compiled natively (for tests) and to WebAssembly (for the page).
 *
 * Conventions
 *   - Every function returns an `int` holding an `enum attn_status`; 0 is success.
 *     `attn_status_string(code)` turns a code into a sentence a learner can read. The exceptions
 *     return their value instead: attn_status_string itself, the generator's draws
 *     (attn_rng_next_u32, _uniform, _below, _normal) and attn_rng_bytes.
 *   - Arguments come outputs first, then inputs, then sizes.
 *   - Tensors are float32, row-major; each pointer carries its shape in a comment. A function's
 *     definition repeats these comments word for word, or none (tests/wasm/c-signatures.test.mjs).
 *   - Buffers belong to the caller, and kernels never allocate. The long-lived objects (the
 *     autograd tape, the model, the KV cache) allocate their own memory and come as a
 *     create/free pair.
 *   - Masks are additive: 0 where attention is allowed, -INFINITY where it is blocked. The causal
 *     rule (query i sees keys 0..i) has one definition every kernel uses (c/src/causal.h).
 *
 * Names
 *   - Everything declared in this header starts with attn_ (functions, types) or ATTN_ (macros,
 *     enum values).
 *   - A name shared by several of the core's files but not declared here is private: it starts
 *     with attn__ or ATTN__ (two underscores) and lives in a private header in c/src/. Small
 *     inline helpers of one family keep that family's prefix instead (vf4_ and vi4_ in simd.h,
 *     tape_ in autograd_internal.h). A name one file uses alone is static.
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

#include <stdint.h>

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
    ATTN_ERR_NO_GAP = 10,     /* activation patching: the clean and corrupted runs give the same metric */
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

/* The largest score multiplier attn_attention_multiplied and attn_mask_then_multiply accept. */
#define ATTN_MAX_SCORE_MULTIPLIER 1e6f

/*
 * The wrong ways, on purpose (softmax_unstable.c; the lab text on numerical stability). Never use
 * these for attention: they exist so the lab can show, with the core's own numbers, why the
 * right ways are right.
 *
 * attn_softmax_rows_unstable: softmax WITHOUT subtracting the row maximum, y = exp(x) / Σ exp(x)
 * in float32. Scores near 1,000 overflow exp to +Infinity and the weights become NaN (∞/∞) or 0;
 * *overflowed_rows (may be NULL) counts rows where some exp overflowed. `exps` (may be NULL)
 * receives exp(x) before dividing. Compare attn_softmax_rows, which subtracts the maximum.
 */
int attn_softmax_rows_unstable(float *y,             /* (ROWS, COLS) */
                               float *exps,          /* (ROWS, COLS) or NULL */
                               int *overflowed_rows, /* or NULL */
                               const float *x,       /* (ROWS, COLS) */
                               int rows, int cols);

/*
 * attn_mask_then_multiply: out = (scores + mask) · factor, in float32: a multiplication that
 * comes AFTER the mask (a scale, a gate, a zero from dropout). With factor 0, a mask entry of
 * -INFINITY gives -∞ · 0 = NaN, where a large negative number (such as -1e9) gives 0. Any
 * mask values are accepted. factor must be finite (ATTN_ERR_VALUE) and at most
 * ATTN_MAX_SCORE_MULTIPLIER in size (ATTN_ERR_ARGUMENT). *nan_entries (may be NULL) counts
 * the NaN entries of out.
 */
int attn_mask_then_multiply(float *out,          /* (N, M) */
                            int *nan_entries,    /* or NULL */
                            const float *scores, /* (N, M) */
                            const float *mask,   /* (N, M) */
                            float factor, int n, int m);

/*
 * How far a square score table is from symmetric (asymmetry.c): *max_abs = the largest
 * |S_ij − S_ji| over i < j, in double (0 for N = 1), and at[0], at[1] (may be NULL) its (i, j).
 * With separate W^Q and W^K a pronoun's query can match a noun's key while the noun's query
 * ignores the pronoun; tying Q = K makes S symmetric and *max_abs exactly 0. Every score must be
 * finite (ATTN_ERR_VALUE).
 */
int attn_score_asymmetry(double *max_abs,     /* the largest |S_ij − S_ji| */
                         int *at,             /* (2) or NULL */
                         const float *scores, /* (N, N) */
                         int n);

/* ---------------------------------------------------------------- attention */

enum attn_mask_kind {
    ATTN_MASK_NONE = 0,   /* every query sees every key */
    ATTN_MASK_CAUSAL = 1, /* query i sees keys 0..i (for any N and M); key j > i is blocked */
    ATTN_MASK_CUSTOM = 2  /* an (N, M) additive mask given by the caller */
};

/*
 * Optional intermediates of one attention call. Any pointer may be NULL: that step is then
 * not written. Each is (N, M) and row-major. (`mask` comes last only because fields are added
 * at the end.)
 */
struct attn_steps {
    float *scores;  /* (N, M) Q·Kᵀ */
    float *scaled;  /* (N, M) scores / √DK when scaling, else a copy of scores */
    float *masked;  /* (N, M) scaled + mask */
    float *weights; /* (N, M) softmax of masked, row by row */
    float *mask;    /* (N, M) the mask that was added: all 0 (none), 0 / -INFINITY (causal), or
                       a copy of the caller's (custom) */
};

/*
 * Scaled dot-product attention:
 *     out = softmax(Q·Kᵀ · s + mask) · V,   s = 1/√DK when `scale` != 0, else 1.
 *
 * mask_kind selects the mask: ATTN_MASK_NONE, ATTN_MASK_CAUSAL (query i may see keys 0..i,
 * counted from the first key, for any N and M), or ATTN_MASK_CUSTOM with `mask` an (N, M)
 * additive mask. `mask` is read only for ATTN_MASK_CUSTOM (pass NULL with the other kinds).
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

/*
 * attn_attention with any score multiplier s in place of 1/√DK (§6.3's "too small" and "too
 * large" scaling): out = softmax(Q·Kᵀ · s + mask) · V, and steps->scaled holds Q·Kᵀ · s.
 * s = 0 gives uniform weights over the allowed keys. s must be finite (ATTN_ERR_VALUE) and in
 * [0, ATTN_MAX_SCORE_MULTIPLIER] (ATTN_ERR_ARGUMENT); everything else as attn_attention.
 */
int attn_attention_multiplied(float *out,               /* (N, DV) */
                              struct attn_steps *steps, /* optional intermediates, each (N, M) */
                              int *empty_rows,          /* optional: rows with no allowed key */
                              const float *q,           /* (N, DK) */
                              const float *k,           /* (M, DK) */
                              const float *v,           /* (M, DV) */
                              int mask_kind,
                              const float *mask,        /* (N, M), only for ATTN_MASK_CUSTOM */
                              float multiplier, int n, int m, int dk, int dv);

/* ---------------------------------------------------------------- attention as a lookup, and the bottleneck it removed */

/*
 * Attention read as a lookup that returns a blend (c/src/lookup.c): one query against a small
 * memory of M entries, each a key (DK wide) and a value (DV wide). Every key is scored, the
 * scores are multiplied by a sharpness s ≥ 0, and the softmax of those gives the weights:
 *     score_j = q·k_j,   weight_j = softmax(s·score)_j,   out = Σ_j weight_j v_j
 * s = 0 gives every entry 1/M (the output is the mean of the values); a large s hands almost
 * all the weight to the best-matching key (a hard lookup). The chapter's 1/√d_k is one choice
 * of s. The weights and the output come from attn_attention (one query, no mask, no 1/√d_k,
 * the query multiplied by s).
 *
 * The checks the chapter states, measured on each call (struct attn_lookup_stats): the weights
 * are ≥ 0 and sum to 1, the output is no longer than the longest value, and the shape of the
 * row (its entropy against ln M; the ratio of its two largest weights against e^gap).
 */
#define ATTN_LOOKUP_MAX_ENTRIES 1024      /* most entries in one memory */
#define ATTN_LOOKUP_MAX_WIDTH 256         /* widest key or value */
#define ATTN_LOOKUP_MAX_SHARPNESS 1e6     /* largest sharpness s */
#define ATTN_LOOKUP_MAX_COORDINATE 1e6    /* largest |entry| of a query, key or value */
#define ATTN_LOOKUP_TOLERANCE 1e-6        /* how far from 1 the weights' sum may be (float32 rounding) */

/* The checks of struct attn_lookup_stats' `checks`: a bit is set when its check holds. */
enum attn_lookup_check {
    ATTN_LOOKUP_NONNEGATIVE = 1, /* every weight ≥ 0 */
    ATTN_LOOKUP_SUMS_TO_ONE = 2, /* |Σ w − 1| ≤ ATTN_LOOKUP_TOLERANCE */
    ATTN_LOOKUP_NO_LONGER = 4    /* |out| ≤ max_j |v_j| · (1 + M · 2⁻²³): the output is a float32
                                    sum of M terms, each rounded by up to 2⁻²⁴ of the whole */
};

/* What one lookup's row of weights looks like, computed in double from the float32 weights. */
struct attn_lookup_stats {
    double weight_sum;     /* Σ_j w_j (1 up to float32 rounding) */
    double min_weight;     /* the smallest weight */
    double entropy;        /* −Σ_j w_j ln w_j in nats (0 · ln 0 counts as 0) */
    double max_entropy;    /* ln M: the entropy of M equal weights, the largest there is */
    double largest;        /* the largest weight */
    double second;         /* the second largest weight (0 when M = 1) */
    double ratio;          /* largest / second: +INFINITY when second is 0 in float32; NaN when M = 1 */
    double gap;            /* s · (score of `best` − score of `runner_up`); NaN when M = 1 */
    double exp_gap;        /* e^gap: what the ratio equals, since softmax depends only on differences */
    double out_norm;       /* |out| */
    double max_value_norm; /* max_j |v_j| */
    int best;              /* the entry with the largest weight (the first, on a tie) */
    int runner_up;         /* the entry with the second largest weight (−1 when M = 1) */
    int checks;            /* the enum attn_lookup_check bits of the checks that hold */
};

/*
 * One lookup. sharpness must be finite (ATTN_ERR_VALUE otherwise), 0 to ATTN_LOOKUP_MAX_SHARPNESS
 * (ATTN_ERR_ARGUMENT otherwise); every entry of q, keys and values finite (ATTN_ERR_VALUE) and
 * at most ATTN_LOOKUP_MAX_COORDINATE in size (ATTN_ERR_ARGUMENT); M, DK, DV ≥ 1 (ATTN_ERR_SIZE)
 * and within the limits above (ATTN_ERR_ARGUMENT). `scaled` may be NULL.
 */
int attn_lookup(float *scores,                   /* (M) q·k_j */
                float *scaled,                   /* (M) s·q·k_j, or NULL */
                float *weights,                  /* (M) */
                float *out,                      /* (DV) */
                struct attn_lookup_stats *stats,
                const float *q,                  /* (DK) */
                const float *keys,               /* (M, DK) */
                const float *values,             /* (M, DV) */
                float sharpness, int m, int dk, int dv);

/*
 * The convex hull of COUNT points in the plane (c/src/hull.c), and where a point stands in it.
 * corners[0 .. *corner_count) are the indices of the hull's corners, counter-clockwise from the
 * leftmost (lowest on a tie), points on an edge left out (Andrew's monotone chain, in double):
 * one corner when every point is the same, two when they all lie on a line.
 * When `point` is not NULL: *depth is its distance to the hull's boundary, positive inside and
 * negative (minus the distance to the hull) outside; *inside is 1 when
 * depth ≥ −ATTN_HULL_TOLERANCE · max(1, the largest |coordinate| of a corner), else 0.
 * Coordinates must be finite (ATTN_ERR_VALUE) and at most ATTN_LOOKUP_MAX_COORDINATE in size
 * (ATTN_ERR_ARGUMENT); 1 ≤ COUNT ≤ ATTN_HULL_MAX_POINTS.
 */
#define ATTN_HULL_MAX_POINTS 1024
#define ATTN_HULL_TOLERANCE 1e-5

int attn_hull_2d(int *corners,       /* (COUNT) */
                 int *corner_count,
                 double *depth,       /* or NULL when point is NULL */
                 int *inside,         /* or NULL when point is NULL */
                 const float *point,  /* (2) or NULL */
                 const float *points, /* (COUNT, 2) */
                 int count);

/*
 * The bottleneck attention removed (c/src/bottleneck.c): recover a source of L random tokens
 * (from a vocabulary of V) either from one summary vector of width D, or by attention over all
 * L stored states. Letters here: L source length, D width, V vocabulary, T trials.
 *
 * The inputs, drawn from `seed`: each token has a vector of D entries drawn N(0, 1/D); each
 * source position p a code c_p of D random signs (±1); each trial a source of L tokens.
 *   summary    z = Σ_p c_p ⊙ x_p (each token's vector multiplied, entry by entry, by its
 *              position's code, then all added up: one vector of D numbers, a linear encoder's
 *              final state). Step i reads position p back with c_p ⊙ z = x_p + crosstalk from
 *              the other L − 1 tokens, and answers the token whose vector is nearest.
 *   attention  keeps every (c_p, x_p): step i's query is the code of the position it needs,
 *              softmax(q·c_p/√D) weights the stored vectors (attn_attention), and the nearest
 *              token to the blend is the answer. The weights are the alignment map; they depend
 *              on the positions only, so every trial of a call has the same.
 * task ATTN_BOTTLENECK_COPY: step i needs position i; ATTN_BOTTLENECK_REVERSE: position L−1−i.
 * The same seed gives the same numbers everywhere. The sources of one call are drawn from a
 * generator seeded with the seed and L together, so calls at several lengths are independent.
 */
enum attn_bottleneck_task {
    ATTN_BOTTLENECK_COPY = 0,    /* output the source as it is */
    ATTN_BOTTLENECK_REVERSE = 1  /* output the source backwards */
};
#define ATTN_BOTTLENECK_MAX_LENGTH 256
#define ATTN_BOTTLENECK_MAX_WIDTH 1024
#define ATTN_BOTTLENECK_MAX_VOCAB 1024
#define ATTN_BOTTLENECK_MAX_TRIALS 10000

/* *floats = the scratch attn_bottleneck needs: V·D + 4·L·D + L·L + 2·D. Sizes ≥ 1 and within
 * the limits above (ATTN_ERR_SIZE, ATTN_ERR_ARGUMENT); vocab ≥ 2. */
int attn_bottleneck_workspace(int *floats, int length, int width, int vocab);

/*
 * The inputs attn_bottleneck draws for these sizes, for a reference to recompute it from:
 * the token vectors, the position codes and every trial's source.
 */
int attn_bottleneck_inputs(float *vectors, /* (V, D) */
                           float *codes,   /* (L, D) */
                           int *sources,   /* (T, L) */
                           uint32_t seed, int length, int width, int vocab, int trials);

/*
 * T trials at source length L: accuracy[0] = the fraction of the T·L output tokens the summary
 * gets right, accuracy[1] = attention's. When asked for: alignment = attention's weights (row
 * i: step i's weights over the source positions), and example = the first trial's source
 * (row 0), the summary's answers (row 1) and attention's (row 2).
 * vocab ≥ 2 (ATTN_ERR_ARGUMENT otherwise); an unknown task is ATTN_ERR_ARGUMENT.
 */
int attn_bottleneck(double *accuracy, /* (2) summary, attention */
                    float *alignment, /* (L, L), or NULL */
                    int *example,     /* (3, L), or NULL */
                    float *work,      /* (attn_bottleneck_workspace floats) */
                    uint32_t seed, int task, int length, int width, int vocab, int trials);

/* ---------------------------------------------------------------- random numbers and experiments (§6.3) */

/*
 * The core's one random generator: xoshiro128** (Blackman and Vigna, 2018), a 128-bit state of
 * four 32-bit words, seeded from a 32-bit seed through splitmix64. Every random draw anywhere in
 * the core comes from it, so the same seed gives the same numbers natively, in node and in the
 * browser. Normals come from the ziggurat method (Marsaglia and Tsang, 128 layers, one 32-bit
 * word per draw in 98.8% of draws), whose rare exp and log are written in plain IEEE arithmetic
 * (no libm), so they too are bit-identical on every platform.
 *
 *   struct attn_rng rng;
 *   attn_rng_seed(&rng, 42);
 *   uint32_t bits = attn_rng_next_u32(&rng);   // 32 random bits
 *   float u = attn_rng_uniform(&rng);          // uniform in [0, 1), 24-bit resolution
 *   float z = attn_rng_normal(&rng);           // standard normal N(0, 1)
 *
 * The struct is plain data: copy it to fork a stream, store it to resume one. From JS, its size
 * is attn_rng_bytes().
 */
struct attn_rng {
    uint32_t s[4]; /* xoshiro128** state; never all zero */
};

/* Seeds `rng` from `seed` (any 32-bit value). */
int attn_rng_seed(struct attn_rng *rng, uint32_t seed);

/* The next 32 random bits. (Returns bits, not a status: `rng` must not be NULL.) */
uint32_t attn_rng_next_u32(struct attn_rng *rng);

/* A uniform float in [0, 1): the top 24 bits of the next word, times 2^-24. */
float attn_rng_uniform(struct attn_rng *rng);

/* A uniform whole number in [0, n), n ≥ 1: the next word scaled by n (Lemire's multiply-shift;
 * its bias, below n / 2^32, is far under anything a test can see). */
uint32_t attn_rng_below(struct attn_rng *rng, uint32_t n);

/* A standard normal draw (mean 0, variance 1). */
float attn_rng_normal(struct attn_rng *rng);

/* Fills `out` with `count` standard normals: the same numbers as `count` calls of attn_rng_normal. */
int attn_rng_normals(float *out, /* (COUNT) */
                     struct attn_rng *rng, int count);

/* sizeof(struct attn_rng), for callers that allocate it from JS. */
int attn_rng_bytes(void);

/*
 * Experiment limits, mirrored by the JS face (web/lib/abi.js).
 */
#define ATTN_MAX_DK 4096          /* widest head an experiment accepts */
#define ATTN_MAX_DRAWS 10000000   /* most draws in one score-statistics call */
#define ATTN_MAX_KEYS 65536       /* most keys in one saturation trial */
#define ATTN_MAX_TRIALS 1000000   /* most trials in one saturation call */

/*
 * Score statistics (§6.3): why the scores are divided by √DK.
 *
 * One draw takes 2·DK normals from `rng`, alternating q_1, k_1, q_2, k_2, ..., and forms the score
 * s = q·k (accumulated in double), or s = q·k / √DK when `scaled`. With unit-normal entries
 * Var(q·k) = DK, and the scaled score has variance 1.
 *
 * attn_score_accumulate ADDS `draws` scores to running totals, so a long run can be split into
 * chunks (for a progress bar) and give exactly the numbers of one call:
 *   sums[0] += number of draws, sums[1] += Σ s, sums[2] += Σ s²
 *   counts[b] += number of scores with edges[b] <= s < edges[b+1]   (scores outside are not counted)
 * `edges` must be finite and strictly increasing. `counts` may be NULL when BINS is 0.
 *
 * attn_score_stats is the one-shot form: seeds a generator with `seed`, zeroes the totals, and
 * writes moments = {mean, variance (n − 1 in the denominator), variance / DK (raw) or variance
 * (scaled)}.
 */
int attn_score_accumulate(double *sums,        /* (3) count, Σs, Σs² — added to */
                          int *counts,         /* (BINS) — added to */
                          struct attn_rng *rng,
                          const float *edges,  /* (BINS + 1), or NULL when BINS is 0 */
                          int dk, int draws, int scaled, int bins);

int attn_score_stats(double *moments,      /* (3) mean, variance, ratio */
                     int *counts,          /* (BINS) */
                     const float *edges,   /* (BINS + 1) */
                     uint32_t seed, int dk, int draws, int scaled, int bins);

/* mean, variance (n − 1) and ratio (variance / DK raw, variance scaled) from running totals. */
int attn_score_moments(double *moments,    /* (3) mean, variance, ratio */
                       const double *sums, /* (3) count, Σs, Σs² */
                       int dk, int scaled);

/*
 * Softmax saturation trials (§6.3). One trial draws a query (DK normals), then KEYS keys
 * (DK normals each, key after key), scores each key by q·k (or q·k / √DK when `scaled`),
 * and records the largest softmax weight p_max = 1 / Σ_j exp(s_j − max s). The exponential is
 * computed in plain IEEE arithmetic, so p_max is bit-identical on every platform.
 * `work` is scratch space for the query and the scores.
 */
int attn_saturation_trials(float *pmax,         /* (TRIALS) */
                           float *work,         /* (DK + KEYS) scratch */
                           struct attn_rng *rng,
                           int dk, int keys, int trials, int scaled);

/*
 * summary[0] = fraction of trials with p_max > threshold;
 * summary[1] = mean of p_max·(1 − p_max) over those trials (NaN when there are none): the size of
 * the softmax's slope at a saturated key, which is what its gradient is multiplied by.
 * `threshold` must lie strictly between 0 and 1.
 */
int attn_saturation_summary(double *summary,    /* (2) fraction, mean p(1 − p) */
                            const float *pmax,  /* (TRIALS) */
                            int trials, float threshold);

/*
 * Score gaps (§6.3: "at d_k = 128, gaps of 20 are common"), over the very trials
 * attn_saturation_trials draws: the same generator, in the same order, so one seed gives both
 * functions the same scores. A gap of g between two scores makes one softmax weight e^g times
 * the other. Each trial ADDS to running totals, so a long run can be split into chunks (for a
 * progress bar) and give exactly the numbers of one call:
 *   totals[0] += KEYS·(KEYS − 1)/2   the pairs of keys compared within the trial
 *   totals[1] += the pairs whose scores differ by more than `gap` (|s_i − s_j| > gap)
 *   totals[2] += largest score − second-largest score
 * Counted by sorting the trial's scores and a two-pointer pass: O(KEYS log KEYS) per trial.
 * `gap` must be finite and above 0 (ATTN_ERR_ARGUMENT otherwise). The totals are doubles; every
 * count stays below 2^53, so they are exact. `work` is scratch space for the query and the scores.
 */
int attn_score_gaps(double *totals,       /* (3) pairs, pairs apart by more than GAP, Σ top gap — added to */
                    float *work,          /* (DK + KEYS) scratch */
                    struct attn_rng *rng,
                    int dk, int keys, int trials, int scaled, double gap);

/*
 * Saturation and score gaps from one pass: each trial is drawn once, its p_max written to
 * pmax[t] exactly as attn_saturation_trials writes it, and its gaps added to `totals` exactly
 * as attn_score_gaps adds them (the scores are sorted only after p_max is taken). For the same
 * generator state the outputs are bit-identical to the two separate calls, at the cost of one.
 * The checks of both: ATTN_ERR_NULL for any missing buffer, and the same size, limit and `gap`
 * rules.
 */
int attn_saturation_with_gaps(float *pmax,         /* (TRIALS) */
                              double *totals,      /* (3) pairs, pairs apart by more than GAP, Σ top gap — added to */
                              float *work,         /* (DK + KEYS) scratch */
                              struct attn_rng *rng,
                              int dk, int keys, int trials, int scaled, double gap);


/* ---------------------------------------------------------------- masks and row diagnostics (§6.4) */

/*
 * Mask builders. Each writes an additive mask into the caller's buffer: 0 where query i may look
 * at key j, -INFINITY where it may not. Rows and keys count from 0 here (the chapter counts from 1).
 *   none     every entry 0
 *   causal   key j is allowed when j <= i (for any N and M, counted from the first key)
 *   window   key j is allowed when i - window < j <= i: the last `window` tokens, itself included;
 *            window >= 1 (ATTN_ERR_ARGUMENT otherwise); window >= N gives the causal mask
 *   padding  one (N, M) mask per sequence of a batch: key column j is blocked when
 *            j >= lengths[b], so no token attends to padding; each length must be 1..M
 *            (ATTN_ERR_ARGUMENT otherwise). Padding rows themselves still see the real keys.
 */
int attn_mask_none(float *mask, /* (N, M) */
                   int n, int m);
int attn_mask_causal(float *mask, /* (N, M) */
                     int n, int m);
int attn_mask_window(float *mask, /* (N, M) */
                     int window, int n, int m);
int attn_mask_padding(float *mask,        /* (B, N, M) */
                      const int *lengths, /* (B) real lengths, each 1..M */
                      int batch, int n, int m);

/*
 * Masks combine by adding: sum = a + b entry by entry, so a pair blocked by either is blocked.
 * Entries must be finite or -INFINITY (ATTN_ERR_VALUE for NaN or +INFINITY). `sum` may equal
 * `a` or `b`.
 */
int attn_mask_add(float *sum,     /* (COUNT) */
                  const float *a, /* (COUNT) */
                  const float *b, /* (COUNT) */
                  int count);

/*
 * How many keys each row of a mask allows (entries that are not -INFINITY): allowed[i] = k, and
 * max_entropy[i] = ln k, the entropy of k equal weights (NaN when k = 0). *empty_rows counts rows
 * with k = 0: attention over them computes 0/0. max_entropy and empty_rows may be NULL.
 */
int attn_mask_allowed(int *allowed,        /* (N) */
                      double *max_entropy, /* (N) or NULL */
                      int *empty_rows,     /* or NULL */
                      const float *mask,   /* (N, M) */
                      int n, int m);

/*
 * The classic bug, on purpose: mask the weights AFTER the softmax. out = weights where the mask
 * allows the pair, 0 where it blocks it. Given the softmax of unmasked scores, the rows of `out`
 * no longer sum to 1. `out` may equal `weights`.
 */
int attn_zero_blocked(float *out,           /* (N, M) */
                      const float *weights, /* (N, M) */
                      const float *mask,    /* (N, M) */
                      int n, int m);

/*
 * Row diagnostics of a weight matrix, accumulated in double: sums[i] = Σ_j w_ij (1 after a correct
 * softmax) and entropy[i] = -Σ_j w_ij ln w_ij in nats (0 for a one-hot row, ln k for k equal
 * weights; 0 · ln 0 counts as 0). A row holding NaN gets NaN for both. Negative or infinite
 * weights are refused with ATTN_ERR_VALUE.
 */
int attn_row_stats(double *sums,         /* (N) */
                   double *entropy,      /* (N) */
                   const float *weights, /* (N, M) */
                   int n, int m);

/* ---------------------------------------------------------------- positions (§6.5) */

/*
 * Attention alone cannot see word order: with no mask, reordering the input rows reorders the
 * output rows and changes nothing else (permutation-equivariance). Two ways to give tokens
 * their positions:
 *   - sinusoidal vectors added to the embeddings before attention (Vaswani et al. 2017);
 *   - rotary embeddings: each pair of query and key features rotated by an angle proportional
 *     to the position, so a score q_m·k_n depends on the positions only through m − n
 *     (Su et al. 2021).
 * Dimension letters here: N tokens, D model width (queries, keys and values are D wide too).
 */

/*
 * Sinusoidal position vectors for positions 0..N-1:
 *     pe[pos, 2i]   = sin(pos / 10000^(2i/D))
 *     pe[pos, 2i+1] = cos(pos / 10000^(2i/D))
 * Any D ≥ 1 (an odd D ends with a lone sine column). Computed in double.
 */
int attn_positions_sinusoidal(float *pe, /* (N, D) */
                              int n, int d);

/*
 * Rotary position embedding: row r of x is taken to stand at position offset + r, and each
 * feature pair (2i, 2i+1) is rotated by the angle (offset + r) · 10000^(−2i/D):
 *     y[2i]   = x[2i] cos θ − x[2i+1] sin θ
 *     y[2i+1] = x[2i] sin θ + x[2i+1] cos θ
 * Rotation keeps every row's length. D must be even (ATTN_ERR_SHAPE otherwise); offset ≥ 0
 * (ATTN_ERR_ARGUMENT otherwise). `y` may equal `x` (in place).
 */
int attn_rope(float *y,       /* (N, D) */
              const float *x, /* (N, D) */
              int offset, int n, int d);

enum attn_position_kind {
    ATTN_POSITIONS_NONE = 0,       /* no position information at all */
    ATTN_POSITIONS_SINUSOIDAL = 1, /* sinusoidal vectors added to x before the projections */
    ATTN_POSITIONS_ROTARY = 2      /* rotary embedding applied to q and k after the projections */
};

/*
 * Self-attention of one sequence with fixed projections and a choice of positions:
 *     x' = x + PE (sinusoidal only);  q = x'·W^Q,  k = x'·W^K,  v = x'·W^V;
 *     q, k rotated (rotary only);     out = softmax(q·kᵀ/√D + mask) · v.
 * Positions count from `offset` (≥ 0). mask_kind is ATTN_MASK_NONE or ATTN_MASK_CAUSAL.
 * q, k, v are outputs the caller provides (they double as workspace) and hold the vectors the
 * attention used (after rotation). Rotary needs an even D (ATTN_ERR_SHAPE).
 */
int attn_self_attention_positioned(float *out,      /* (N, D) */
                                   float *q,        /* (N, D) */
                                   float *k,        /* (N, D) */
                                   float *v,        /* (N, D) */
                                   const float *x,  /* (N, D) */
                                   const float *wq, /* (D, D) */
                                   const float *wk, /* (D, D) */
                                   const float *wv, /* (D, D) */
                                   int position_kind, int mask_kind, int offset, int n, int d);

/*
 * A fixed embedding for a word, derived from the word alone: the FNV-1a hash of its bytes
 * (32-bit) seeds the core's generator (attn_rng), whose uniform draws give D numbers
 * in [−1, 1). The same bytes always give the same vector, natively, in node and in a browser.
 * Callers decide what counts as the same word (the lab lowercases and trims punctuation first).
 * len ≥ 1 (ATTN_ERR_SIZE otherwise).
 */
int attn_word_embedding(float *e,                  /* (D) */
                        const unsigned char *word, /* (LEN) bytes, e.g. UTF-8 */
                        int len, int d);

/*
 * Word vectors for a toy translation (cross-attention): a word that means `concept` gets
 *     e = c + noise · w
 * where c holds D standard normals seeded by the FNV-1a hash of the concept's bytes xor `seed`,
 * shared by every word of that meaning in every language, and w holds D normals seeded by the
 * hash of the word's own bytes (the caller makes them differ by language, e.g. "fr:noir") xor
 * `seed` xor 0x9e3779b9. Two translations share c and differ only by their noise, so
 * e_a·e_b ≈ D for a translation pair and ≈ 0 ± √D for unrelated words. noise ≥ 0 and finite
 * (ATTN_ERR_VALUE otherwise); both lengths ≥ 1.
 */
int attn_concept_embedding(float *e,                     /* (D) */
                           const unsigned char *concept, /* (CONCEPT_LEN) bytes */
                           int concept_len,
                           const unsigned char *word,    /* (WORD_LEN) bytes */
                           int word_len, float noise, uint32_t seed, int d);

/*
 * A random rotation: an orthogonal (D, D) matrix, from Gram–Schmidt (in double) on D×D standard
 * normals drawn with `seed`. Rotating two vectors by it keeps their dot product: (a·R)·(b·R) = a·b.
 */
int attn_random_rotation(float *r, /* (D, D) */
                         uint32_t seed, int d);


/* ---------------------------------------------------------------- multi-head attention and cost (§6.6) */

/*
 * Dimension letters of this section
 *   D   model width (d_model)
 *   H   number of heads; D must be a multiple of H
 *   DH  head width, D / H (d_k = d_v = DH)
 *
 * Multi-head attention:
 *     head_h = softmax(X·W^Q_h · (X·W^K_h)ᵀ / √DH + mask) · X·W^V_h,   h = 0 .. H-1
 *     out    = [head_0; head_1; …; head_(H-1)] · W^O
 * where W^Q_h is columns h·DH .. (h+1)·DH-1 of W^Q (likewise W^K, W^V): head h reads its own
 * contiguous slice of the projections. Every head shares the mask (kinds as in attn_attention;
 * N == M). D not divisible by H is refused with ATTN_ERR_SHAPE: the heads could not split the
 * width evenly.
 *
 * `work` is the caller's scratch space of ATTN_MULTIHEAD_WORK(N, D) floats (per-head Q, K, V
 * and head outputs). weights, head_out and concat may be NULL (then not written).
 * *empty_rows (may be NULL) counts rows with no allowed key, summed over the heads.
 */
#define ATTN_MULTIHEAD_WORK(n, d_model) (4 * (n) * (d_model))

int attn_multihead(float *out,       /* (N, D) */
                   float *weights,   /* (H, N, N) or NULL: each head's attention weights */
                   float *head_out,  /* (H, N, DH) or NULL: each head's output before W^O */
                   float *concat,    /* (N, D) or NULL: the heads joined along the features */
                   int *empty_rows,  /* optional */
                   float *work,      /* (4, N, D) scratch */
                   const float *x,   /* (N, D) */
                   const float *wq,  /* (D, D) */
                   const float *wk,  /* (D, D) */
                   const float *wv,  /* (D, D) */
                   const float *wo,  /* (D, D) */
                   int mask_kind,
                   const float *mask, /* (N, N), only for ATTN_MASK_CUSTOM */
                   int n, int d_model, int heads);

/*
 * The cost of one multi-head attention layer over N tokens, in multiply-adds (the softmax is
 * small and left out), with d_k = d_v = D / H:
 *     projections  3·N·D²     (Q, K and V for all heads)
 *     scores       N²·D       (H heads of N·DH·N)
 *     weighted     N²·D       (A·V, likewise)
 *     output       N·D²       (W^O)
 *     total        4·N·D² + 2·N²·D
 * The N² term overtakes the linear one past the crossover N = 2·D. The score table holds N²
 * entries per head per layer (N²·4 bytes in float32). Counts are doubles: they pass 2^31.
 */
struct attn_cost {
    double projections;
    double scores;
    double weighted;
    double output;
    double linear;         /* 4·N·D²: projections + output */
    double quadratic;      /* 2·N²·D: scores + weighted */
    double total;
    double crossover;      /* the N where linear == quadratic: 2·D */
    double score_entries;  /* N², per head per layer */
    double score_bytes;    /* 4·N², float32 */
    double layer_entries;  /* H·N², every head of one layer */
};

int attn_cost(struct attn_cost *cost, int n, int d_model, int heads);

/*
 * What the chapter's text on attention's origin sets beside that cost, for the same N, D and H:
 *   - a recurrent layer of width D reads the tokens one after another, each through `cell`'s
 *     (D, D) matrices (2 for a plain RNN, 6 for a GRU, 8 for an LSTM): c·N·D² multiply-adds,
 *     linear in N, but N steps that cannot run side by side. Attention's total
 *     4·N·D² + 2·N²·D passes c·N·D² at N = (c − 4)·D/2 (recurrence_crossover); for c ≤ 4 it is
 *     the larger at every N (recurrence_crossover 0), its projections alone costing 4·N·D².
 *   - a sliding window of W keys per query: the quadratic term becomes 2·N·min(W, N)·D, the
 *     full one again when W ≥ N.
 *   - memory: the naive kernel's N × N table for one head (N²·4 bytes, attn_attention_table) against the tiled
 *     kernel's whole working memory (attn_flash_workspace's floats · 4, counted here with no
 *     allocation limit: for each of the core's tiled_threads threads, the keys and values packed,
 *     about N·2·DH floats, and a few tiles; no table).
 * window ≥ 1 (ATTN_ERR_SIZE otherwise); an unknown cell is ATTN_ERR_ARGUMENT; the rest as attn_cost.
 */
enum attn_recurrence_cell {
    ATTN_CELL_ELMAN = 0, /* h = tanh(W·x + U·h): 2 matrices */
    ATTN_CELL_GRU = 1,   /* 3 gates: 6 matrices */
    ATTN_CELL_LSTM = 2   /* 4 gates: 8 matrices */
};

struct attn_cost_variants {
    double recurrence;           /* c·N·D² */
    double recurrence_per_token; /* c·D² */
    double recurrence_crossover; /* the N past which attention's total is the larger; 0: every N */
    double window_keys;          /* min(W, N) */
    double window_quadratic;     /* 2·N·min(W, N)·D */
    double window_total;         /* 4·N·D² + 2·N·min(W, N)·D */
    double naive_bytes;          /* N²·4: the score table of one head */
    double tiled_bytes;          /* the tiled kernel's working memory, in bytes: every thread's */
    double tiled_threads;        /* how many threads' scratch areas that is (one each) */
};

int attn_cost_variants(struct attn_cost_variants *variants, int n, int d_model, int heads, int window, int cell);

/*
 * Decoding one token at step T (T tokens in the sequence, the new one included) with the
 * character transformer (vocabulary V, L layers, width C), in multiply-adds of its products
 * (layer norms, GELU and the softmax are small and left out, as in attn_cost):
 *   cached     the new token's row only: L·(12·C² + 2·T·C) + C·V  — attention 2·T·C per layer
 *              (one query against T cached keys and T values)
 *   recompute  the whole prefix again: T·(L·12·C² + C·V) + L·2·T²·C — the T × T table
 * and the cache: 2·L·T·C floats (a key and a value per token per layer), 4 bytes each.
 * attn_decoder_work reports the cached counts the decoder actually did.
 */
struct attn_decode_cost {
    double cached_attention;    /* 2·L·T·C */
    double cached_total;        /* cached_attention + L·12·C² + C·V */
    double recompute_attention; /* 2·L·T²·C */
    double recompute_total;     /* recompute_attention + T·(L·12·C² + C·V) */
    double cache_entries;       /* 2·L·T·C */
    double cache_bytes;         /* 4 · cache_entries */
};

int attn_decode_cost(struct attn_decode_cost *cost, int vocab, int layers, int d_model, int t);


/* ---------------------------------------------------------------- fast kernels: tiled attention, KV cache */

/*
 * The fast kernels run on four-float SIMD vectors (WASM SIMD128 in the page, the SSE2 twin of
 * the same source natively). Each keeps a naive twin that tests hold it to: attn_gemm ↔
 * attn_matmul, attn_gemm_ex ↔ a sum in double (tests/c/test_gemm_ex.c), attn_flash_attention
 * and the KV cache ↔ attn_attention. They accumulate in
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

/*
 * The general form (the training tape's products): c = op(a) · op(b), or c += op(a) · op(b)
 * when accumulate. op(a) is (M, K): a is stored (M, K), or (K, M) when transpose_a; op(b) is
 * (K, N): b is stored (K, N), or (N, K) when transpose_b. lda, ldb, ldc are the row strides of
 * a, b, c as stored (at least their widths). Same `work` as attn_gemm. Every entry is summed in
 * the same order whatever rows a call covers: a call on rows [i0, i1) of c (c + i0·ldc,
 * a + i0·lda, or a + i0 when transpose_a, m = i1 − i0) gives bitwise those rows of the whole call.
 */
int attn_gemm_ex(float *c,       /* (M, ldc) */
                 float *work,    /* (attn_gemm_workspace floats) */
                 const float *a, /* (M, lda), or (K, lda) when transpose_a */
                 const float *b, /* (K, ldb), or (N, ldb) when transpose_b */
                 int transpose_a, int transpose_b, int accumulate, int m, int k, int n, int lda, int ldb,
                 int ldc);

/*
 * Attention as three textbook steps with the whole table in memory: S = Q·Kᵀ/√DK on the fast
 * product, a softmax of each row in place, out = S·V (no mask). Fast, but the caller's `table`
 * holds N·M floats: the "naive" kernel of the chapter's memory comparison, beside the tiled kernel
 * below that never stores it. `work` holds attn_attention_table_workspace floats.
 */
int attn_attention_table_workspace(int *floats, int n, int m, int dk, int dv);
int attn_attention_table(float *out,     /* (N, DV) */
                         float *table,   /* (N, M) scratch: the scores, then the weights */
                         float *work,    /* (attn_attention_table_workspace floats) */
                         const float *q, /* (N, DK) */
                         const float *k, /* (M, DK) */
                         const float *v, /* (M, DV) */
                         int n, int m, int dk, int dv);

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
/* The same, also writing the new query's weights over the cache: weights[h·LENGTH + j] is head
 * h's weight on cached token j (each head's row sums to 1). LENGTH is the cache's length. An
 * empty cache writes no weights (and NaN outputs). `weights` may be NULL. */
int attn_kv_cache_attend_weights(float *out,                 /* (HEADS·DV) */
                                 float *weights,             /* (HEADS, LENGTH), or NULL */
                                 struct attn_kv_cache *cache, /* its scratch is written */
                                 const float *q              /* (HEADS·DK) */);
/* Copies head `head`'s cached keys and values, one row per cached token, oldest first
 * (0 ≤ head < HEADS, else ATTN_ERR_ARGUMENT). */
int attn_kv_cache_read(float *keys,                       /* (LENGTH, DK) */
                       float *values,                     /* (LENGTH, DV) */
                       const struct attn_kv_cache *cache, int head);
/* Empties the cache (its length becomes 0); its memory is kept for the next sequence. */
int attn_kv_cache_clear(struct attn_kv_cache *cache);

/* ---------------------------------------------------------------- fast kernels: both cores */

/*
 * attn_gemm and attn_flash_attention cut their output into blocks (rows of C; heads and
 * blocks of query rows) and share them between the calling thread and at most one helper
 * thread on the same memory (c/src/parallel.c). A block's arithmetic does not depend on which
 * thread runs it, so the results are bit for bit those of one thread. Their workspaces have
 * room for both threads (in the single-thread WebAssembly build, for one).
 *
 * A helper is a thread that calls attn_worker_loop(): in the page, a Web Worker running a
 * second instance of the threaded WebAssembly build (web/generated/attn-mt.wasm) on the same
 * shared memory; natively, a thread the host starts. It never allocates. Without a helper
 * (always in the single-thread build) the caller runs every block itself. Only one thread, the
 * one that owns the helper, may call the kernels at a time.
 */

/* *count = the threads the kernels use now: 2 while a helper waits and the limit allows, else 1. */
int attn_threads(int *count);
/* 1: the caller works alone (to compare); 2 (the default): a waiting helper joins. Else ATTN_ERR_ARGUMENT. */
int attn_threads_set_limit(int limit);
/* The helper's body: waits for work until attn_worker_stop(), then returns ATTN_OK.
 * ATTN_ERR_ARGUMENT when a helper already runs, or in a build without threads. */
int attn_worker_loop(void);
/* Asks the helper to return from attn_worker_loop and waits until it has (no helper: nothing to do). */
int attn_worker_stop(void);

/* ---------------------------------------------------------------- training lab: autograd, optimiser, model, corpus */

/*
 * A reverse-mode tape over float32 tensors (c/src/autograd*.c).
 *
 * Tensors are named by integer ids. Parameters are created first (ids 0..P-1) and live until the
 * tape is freed; every op appends an activation node. `attn_tape_reset` drops the activations
 * and keeps the parameters, so one training step is: reset, ops, backward, optimiser step.
 * Memory: one allocation per kind (parameters, parameter gradients, optimiser moments,
 * activations, activation gradients, integer indices, the node table, the matrix products'
 * packing scratch); each grows when needed and `attn_tape_free` releases them all.
 * Pointers returned by attn_tape_data / attn_tape_grad are valid until the next op (an op may
 * grow an arena).
 *
 * Shapes have 1 to ATTN_TAPE_MAX_DIMS dimensions. Letters below: B batch, T positions,
 * C model width, H heads, D = C/H head width, V vocabulary.
 */
#define ATTN_TAPE_MAX_DIMS 4

struct attn_tape;

int attn_tape_create(struct attn_tape **out);
int attn_tape_free(struct attn_tape *tape);
/* Drops every activation node; parameters and optimiser state stay. */
int attn_tape_reset(struct attn_tape *tape);
/* Refuses (ATTN_ERR_MEMORY) to grow its arenas past `max_bytes` in total (0: no limit). */
int attn_tape_set_limit(struct attn_tape *tape, double max_bytes);

/* A parameter of shape dims[0..ndim). `decay` != 0: AdamW applies weight decay to it. Values
 * start at zero. Only before the first activation (or right after a reset). */
int attn_tape_param(int *id, struct attn_tape *tape, int ndim, const int *dims, int decay);
/* A constant activation holding a copy of `x` (no gradient flows anywhere from it). */
int attn_tape_input(int *id, struct attn_tape *tape, const float *x, int ndim, const int *dims);

int attn_tape_data(float **data, struct attn_tape *tape, int id);
int attn_tape_grad(float **grad, struct attn_tape *tape, int id);
/* Shape of a tensor: *ndim and dims[0..*ndim); *size = product. */
int attn_tape_shape(int *ndim, int *dims /* (ATTN_TAPE_MAX_DIMS) */, int *size,
                    struct attn_tape *tape, int id);
int attn_tape_counts(int *nodes, int *params, double *param_floats, double *activation_floats,
                     struct attn_tape *tape);

/* Backpropagates from `root`: gradients of activations are zeroed first; parameter gradients
 * accumulate (zero them with attn_tape_zero_grad). `seed` (root's size, may be NULL for all
 * ones) is d(loss)/d(root). */
int attn_tape_backward(struct attn_tape *tape, int root, const float *seed);
int attn_tape_zero_grad(struct attn_tape *tape);

/* ----- ops: each returns the new node's id in *out ----- */

/* table (V, C), tokens (B*T) in [0, V) → (B, T, C). */
int attn_tape_embedding(int *out, struct attn_tape *tape, int table, const int *tokens /* (B*T) */,
                        int b, int t);
/* a (..., K) · w → (..., N); w is (K, N), or (N, K) when transpose_w. */
int attn_tape_matmul(int *out, struct attn_tape *tape, int a, int w, int transpose_w);
/* a (..., K) · w (K, N) + bias (N) → (..., N): matmul and the bias add as one op (the product
 * accumulates onto the bias; one tensor fewer on the tape). */
int attn_tape_linear(int *out, struct attn_tape *tape, int a, int w, int bias);
/* Batched: a (..., M, K) [or (..., K, M) when transpose_a] · b (..., K, N) [or (..., N, K) when
 * transpose_b] → (..., M, N). The leading dimensions of a and b must be equal. */
int attn_tape_bmm(int *out, struct attn_tape *tape, int a, int b, int transpose_a, int transpose_b);
/* a + b. b has a's shape, or a's trailing shape (a bias (N) or a position table (T, C)), and is
 * then added to every leading index of a (its gradient sums over them). Residuals use this. */
int attn_tape_add(int *out, struct attn_tape *tape, int a, int b);
int attn_tape_scale(int *out, struct attn_tape *tape, int a, float s);
/* a (..., T, S): entries with key j > query i become `fill` (use -INFINITY); no gradient there. */
int attn_tape_causal_mask(int *out, struct attn_tape *tape, int a, float fill);
/* Softmax along `axis` (negative counts from the end). Backward is O(n) per slice:
 * dx = y ∘ (dy − Σ dy∘y). A slice whose entries are all -INFINITY gives NaN. */
int attn_tape_softmax(int *out, struct attn_tape *tape, int a, int axis);
/* (B, T, C) → (B, H, T, C/H); C must be divisible by H. */
int attn_tape_split_heads(int *out, struct attn_tape *tape, int a, int heads);
/* (B, H, T, D) → (B, T, H*D). */
int attn_tape_merge_heads(int *out, struct attn_tape *tape, int a);
/* Layer norm over the last dimension C: (x − mean) / √(var + 1e-5) · gamma + beta. */
int attn_tape_layernorm(int *out, struct attn_tape *tape, int x, int gamma /* (C) */, int beta /* (C) */);
/* GELU, tanh approximation. */
int attn_tape_gelu(int *out, struct attn_tape *tape, int a);
/* Mean cross-entropy (nats) of logits (..., V) against targets in [0, V) → shape (1). */
int attn_tape_cross_entropy(int *out, struct attn_tape *tape, int logits, const int *targets /* (rows) */);

/* A gated recurrent unit over a sequence (c/src/autograd_ops_recurrent.c): gx (B, T, 3H) the
 * input's share of the gates r, z, n for every step (x · W_x + b_x, from attn_tape_linear),
 * h0 (B, H) the first state, w_h (H, 3H) and b_h (3H) the recurrent weights → the states
 * (B, T, H). Per step, with gh = h_{t−1} · w_h + b_h: r = σ(gx_r + gh_r), z = σ(gx_z + gh_z),
 * n = tanh(gx_n + r ∘ gh_n), h_t = (1 − z) ∘ n + z ∘ h_{t−1}. */
int attn_tape_gru(int *out, struct attn_tape *tape, int gx, int h0, int w_h, int b_h);
/* a (B, T, C) → its step `step` (0 ≤ step < T): (B, C). */
int attn_tape_select_step(int *out, struct attn_tape *tape, int a, int step);

/* ----- optimiser (c/src/optim.c) ----- */

/* Scales every parameter gradient by min(1, max_norm / ‖g‖); *norm gets ‖g‖ before clipping. */
int attn_clip_grad_norm(double *norm, struct attn_tape *tape, float max_norm);
/* One AdamW step over every parameter (bias-corrected moments; decoupled weight decay on the
 * parameters created with decay != 0). `step` counts from 1. */
int attn_adamw_step(struct attn_tape *tape, float lr, float beta1, float beta2, float eps,
                    float weight_decay, int step);
/* Linear warm-up over `warmup` steps to max_lr, then cosine decay to min_lr at `total`
 * (step counts from 0; past `total`: min_lr). Rates must be finite and ≥ 0 (ATTN_ERR_VALUE for ±∞). */
int attn_lr_schedule(float *lr, int step, int warmup, int total, float max_lr, float min_lr);

/*
 * A decoder-only character transformer (c/src/model.c): token and learned position
 * embeddings, L pre-LN blocks (causal multi-head attention, then a 4C GELU MLP, each with a
 * residual), a final layer norm and an output head. Deterministic for a seed.
 */
struct attn_model;

/*
 * The model's limits: attn_model_create refuses a configuration past any of them with
 * ATTN_ERR_MEMORY. The JS face refuses the same configurations first, naming the size that is too
 * large (web/lib/abi.js mirrors these numbers; tests/wasm/abi.test.mjs holds the two together).
 */
#define ATTN_MODEL_MAX_LAYERS 64
#define ATTN_MODEL_MAX_HEADS 64
#define ATTN_MODEL_MAX_D_MODEL 4096
#define ATTN_MODEL_MAX_CONTEXT 4096
#define ATTN_MODEL_MAX_BATCH 1024
#define ATTN_MODEL_MAX_VOCAB 65536
#define ATTN_MODEL_MAX_BYTES 1.5e9 /* memory a model may need to train (wasm32 addresses 2 GiB) */
#define ATTN_MODEL_MAX_LR 1.0f     /* attn_model_set_learning_rate takes 0 < lr < this */

/* The status attn_model_create gives for this configuration, found without building anything:
 * ATTN_ERR_ARGUMENT (vocab < 2), ATTN_ERR_SIZE, ATTN_ERR_SHAPE (heads does not divide d_model),
 * ATTN_ERR_MEMORY (past a limit above, or needing more than ATTN_MODEL_MAX_BYTES), or ATTN_OK. */
int attn_model_check(int vocab, int layers, int heads, int d_model, int context, int batch);
/* Bytes such a model needs to train: its parameters, their gradients and AdamW's two moments,
 * one pass's activations and their gradients over a whole batch, and training's second half
 * (attn_model_train: its own parameter gradients, and the activations of floor(batch/2) windows
 * and their gradients). All sizes must be positive. */
int attn_model_estimate_bytes(double *bytes, int vocab, int layers, int heads, int d_model,
                              int context, int batch);
/* Floats in such a model's parameter block (attn_model_params' count), without building it:
 * what a weights file of that model must hold. */
int attn_model_param_count(double *count, int vocab, int layers, int d_model, int context);

int attn_model_create(struct attn_model **out, int vocab, int layers, int heads, int d_model,
                      int context, int batch, unsigned seed);
int attn_model_free(struct attn_model *model);
/* Training settings (defaults: lr 1e-3, min_lr 1e-4, warmup 20, total 2000, decay 0.1,
 * clip 1.0). */
int attn_model_set_training(struct attn_model *model, float lr, float min_lr, int warmup,
                            int total, float weight_decay, float clip);
/* The peak learning rate, 0 < lr < ATTN_MODEL_MAX_LR (ATTN_ERR_ARGUMENT otherwise); the cosine
 * decay ends at a tenth of it, and the other settings keep their values (the defaults above). */
int attn_model_set_learning_rate(struct attn_model *model, float lr);
int attn_model_tape(struct attn_tape **tape, struct attn_model *model);
/* The entries of attn_model_info's config, in order. */
enum attn_model_info_entry {
    ATTN_MODEL_INFO_VOCAB = 0,
    ATTN_MODEL_INFO_LAYERS = 1,
    ATTN_MODEL_INFO_HEADS = 2,
    ATTN_MODEL_INFO_D_MODEL = 3,
    ATTN_MODEL_INFO_CONTEXT = 4,
    ATTN_MODEL_INFO_BATCH = 5,
    ATTN_MODEL_INFO_STEPS = 6,       /* optimiser steps done */
    ATTN_MODEL_INFO_PARAM_COUNT = 7, /* floats in the parameter block */
    ATTN_MODEL_INFO_COUNT            /* not an entry: how many there are */
};
/* config (ATTN_MODEL_INFO_COUNT): vocab, layers, heads, d_model, context, batch, steps done,
 * parameter count. */
int attn_model_info(int *config /* (ATTN_MODEL_INFO_COUNT) */, struct attn_model *model);
/* Every parameter, one contiguous block (save/load copy it). */
int attn_model_params(float **params, int *count, struct attn_model *model);
/* Sets the count of optimiser steps done (a loaded model resumes its schedule there). */
int attn_model_set_step(struct attn_model *model, int steps);
/* The optimiser's state, to save and restore so training resumes exactly: AdamW's first and
 * second moments (*count floats each, laid out like attn_model_params) and the batch sampler's
 * generator (4 words). Pointers into the model: read or overwrite them in place. */
int attn_model_optimizer(float **first, float **second, uint32_t **rng /* (4) */, int *count,
                         struct attn_model *model);

/* The model's pieces, for a caller that supplies its own attention between them. */
int attn_model_embed(int *x, struct attn_model *model, const int *tokens /* (B*T) */, int b, int t);
/* ln1 then the q, k, v projections of block `layer`: each (B, T, C). */
int attn_model_qkv(int *q, int *k, int *v, struct attn_model *model, int layer, int x);
/* The built-in attention on the tape: y (B, T, C) and its weights (B, H, T, T). */
int attn_model_attention(int *y, int *weights, struct attn_model *model, int q, int k, int v);
/* x + proj(y), then + MLP(ln2(·)). */
int attn_model_block_out(int *x_out, struct attn_model *model, int layer, int x, int y);
/* Final layer norm and head → logits (B, T, V). */
int attn_model_head(int *logits, struct attn_model *model, int x);
/* The whole forward pass in C. targets may be NULL (then *loss = -1). weights_ids (may be
 * NULL) receives each layer's attention-weights node. */
int attn_model_forward(int *loss, int *logits, int *weights_ids /* (L) */, struct attn_model *model,
                       const int *tokens /* (B*T) */, const int *targets /* (B*T) */, int b, int t);
/* Clip, schedule and AdamW after a backward pass; counts the step. */
int attn_model_update(float *lr, double *grad_norm, struct attn_model *model);
/* Data parallelism: the gradient becomes own_weight · itself + other_weight · other (another
 * worker's gradient of its part of the batch, laid out like attn_model_params), each entry
 * computed in double and rounded once to float. ATTN_ERR_ARGUMENT for a weight that is not finite. */
int attn_model_blend_grads(struct attn_model *model, const float *other /* (count of attn_model_params) */,
                           double own_weight, double other_weight);
/* A batch of `batch` windows of `context`+1 characters from data, drawn by the model's own
 * generator: tokens and targets (targets are tokens shifted by one). */
int attn_model_sample_batch(int *tokens /* (B*T) */, int *targets /* (B*T) */,
                            struct attn_model *model, const int *data /* (n) */, int n);
/* `steps` training steps on `data` in C: losses[i] = training loss of step i. Each step draws a
 * batch, takes the gradients of its first ceil(batch/2) windows and of the rest (on both cores,
 * one half on each), blends them weighted by windows as attn_model_blend_grads does, and updates:
 * the bits of the two workers' data-parallel step, on one thread or two. */
int attn_model_train(float *losses /* (steps) */, struct attn_model *model, const int *data /* (n) */,
                     int n, int steps);
/* Mean cross-entropy (nats per character) over up to max_windows non-overlapping windows. */
int attn_model_evaluate(double *loss, struct attn_model *model, const int *data /* (n) */, int n,
                        int max_windows);
/* Attention weights of every layer and head on a text of t ≤ context tokens. */
/* The validation loss by position: loss[p] = mean cross-entropy (nats) of the prediction made at
 * position p of the windows attn_model_evaluate reads (the same windows, the weights untouched).
 * Late positions minus early ones is the in-context learning score. */
int attn_model_position_loss(double *loss /* (context) */, struct attn_model *model,
                             const int *data /* (n) */, int n, int max_windows);
int attn_model_attention_maps(float *weights /* (L, H, t, t) */, struct attn_model *model,
                              const int *tokens /* (t) */, int t);
/* Continues `prompt` by `length` characters, sampling softmax(logits / temperature) with its
 * own generator seeded by `seed` (temperature 0: the most likely character). */
/* Both samplers see the last ≤ context characters of prompt + output. attn_model_sample decodes
 * with a KV cache (one model row per character); past the context the window slides, every
 * learned position changes, and its cache is rebuilt from the new window each step.
 * attn_model_sample_uncached, its plain twin, runs the whole window through the forward pass
 * for every character. For the same arguments both give the same characters. */
int attn_model_sample(int *out /* (length) */, struct attn_model *model, const int *prompt /* (p) */,
                      int p, int length, float temperature, unsigned seed);
int attn_model_sample_uncached(int *out /* (length) */, struct attn_model *model, const int *prompt /* (p) */,
                               int p, int length, float temperature, unsigned seed);
/* The distribution the samplers draw from: probs = softmax(logits / temperature), computed in
 * double; temperature 0 puts all the mass on the likeliest entry (the first of equals).
 * Logits must be finite (ATTN_ERR_VALUE), 0 ≤ temperature ≤ 100 (ATTN_ERR_ARGUMENT). */
int attn_sample_distribution(float *probs,        /* (V) */
                             const float *logits, /* (V) */
                             float temperature, int v);

/*
 * A decoder: the model run one token at a time with a KV cache per layer (c/src/model_decode.c).
 * attn_decoder_step feeds `token` at position T (the tokens decoded so far), appends its key
 * and value to every layer's cache, and writes the logits for the token after it: the last row
 * of attn_model_forward over the T + 1 tokens. `weights` (may be NULL) receives the new query's
 * weights over the cache, layer by layer and head by head. Past the model's context, or with a
 * token outside the vocabulary, it refuses (ATTN_ERR_ARGUMENT) and changes nothing. The
 * decoder reads the model's weights at each step (reset it after they change) and must be
 * freed before the model.
 */
struct attn_decoder;
int attn_decoder_create(struct attn_decoder **decoder, struct attn_model *model);
int attn_decoder_free(struct attn_decoder *decoder); /* NULL is fine */
/* Forgets every token: length 0, the caches empty (their memory kept). */
int attn_decoder_reset(struct attn_decoder *decoder);
int attn_decoder_step(float *logits,  /* (V) */
                      float *weights, /* (L, H, T + 1), or NULL */
                      struct attn_decoder *decoder, int token);
int attn_decoder_length(int *length, const struct attn_decoder *decoder);
/* Layer `layer`'s cache (owned by the decoder): heads H, DK = DV = C / H; read it with
 * attn_kv_cache_read. */
int attn_decoder_layer_cache(struct attn_kv_cache **cache, struct attn_decoder *decoder, int layer);
/* The multiply-adds the last step did: attention over the caches, and every product. */
int attn_decoder_work(double *multiply_adds /* (2) attention, total */, const struct attn_decoder *decoder);

/* ---------------------------------------------------------------- reading a trained model: head scores, knock-outs */

/*
 * What each head of a model does, measured over many windows of text rather than one probe
 * (c/src/head_stats.c), and what it does to the prediction (c/src/knockout.c).
 *
 * Scores of one head's causal attention map W (T, T) on one window. Every score reads rows
 * i ≥ 1 only: row 0 has a single allowed key, so its weight 1 on itself says nothing.
 *   offset o (0 … ATTN_HEAD_MAX_OFFSET)  mean over rows i ≥ max(o, 1) of W[i][i − o]: o = 0 is
 *                          the weight on the character itself, o = 1 on the previous one
 *   sink                   mean of W[i][0], the weight on the first position
 *   stripe                 the share of all the rows' weight that the ⌈T / ATTN_HEAD_STRIPE_KEYS⌉
 *                          most-attended keys receive (column sums; vertical stripes)
 *   entropy, ln k          the rows' mean entropy in nats, and the mean ln k of the same rows
 *                          (k = i + 1 allowed keys): equal for uniform rows
 *   flat                   the share of rows within ATTN_HEAD_FLAT_NATS of uniform
 *                          (ln k − entropy ≤ ATTN_HEAD_FLAT_NATS)
 *   induction              on a random sequence of R tokens repeated once (2R tokens): mean over
 *                          the second copy's positions R + p (p = 0 … R − 1) of W[R + p][p + 1],
 *                          the weight on the token after the same token's earlier occurrence.
 *                          NaN when R < 2.
 * Offsets past max(1, ⌊T/2⌋) are NaN: every offset averages at least half the rows (a far offset
 * read from a few rows would mostly measure the first position). Statistics accumulate in double.
 *
 * Letters: L layers, H heads, D = C/H head width, T window length, W windows, R = ⌊T/2⌋,
 * G = L·H heads in all (head h of layer l is number l·H + h), S = ATTN_HEAD_SCORE_COUNT.
 */
#define ATTN_HEAD_MAX_OFFSET 8       /* offsets 0 … 8 are scored */
#define ATTN_HEAD_STRIPE_KEYS 16     /* stripes: the most-attended 1/16 of the keys (at least one) */
#define ATTN_HEAD_FLAT_NATS 0.1      /* a row within this many nats of ln k is near-uniform */
#define ATTN_HEAD_MAX_WINDOWS 4096   /* windows one measurement may read */

/* The scores of one head, in order (S = ATTN_HEAD_SCORE_COUNT per head). Offset o is entry o. */
enum attn_head_score {
    ATTN_HEAD_SELF = 0,                         /* offset 0 */
    ATTN_HEAD_PREVIOUS = 1,                     /* offset 1; offsets 2 … 8 follow */
    ATTN_HEAD_SINK = ATTN_HEAD_MAX_OFFSET + 1,
    ATTN_HEAD_STRIPE,
    ATTN_HEAD_ENTROPY,
    ATTN_HEAD_LN_K,
    ATTN_HEAD_FLAT,
    ATTN_HEAD_INDUCTION,
    ATTN_HEAD_SCORE_COUNT                       /* not a score: how many there are */
};

/* Every score but induction (left as it is) of H maps of one window, T ≥ 2 (ATTN_ERR_ARGUMENT
 * for T = 1). Weights must be finite and ≥ 0 (ATTN_ERR_VALUE). `work` is scratch. */
int attn_head_scores(float *scores,        /* (H, ATTN_HEAD_SCORE_COUNT) */
                     double *work,         /* (T) */
                     const float *weights, /* (H, T, T) */
                     int heads, int t);
/* The induction score of H maps of a repeated sequence (2R tokens, R ≥ 1; NaN when R < 2):
 * writes entry ATTN_HEAD_INDUCTION of each head's scores and nothing else. */
int attn_head_induction(float *scores,        /* (H, ATTN_HEAD_SCORE_COUNT) */
                        const float *weights, /* (H, 2R, 2R) */
                        int heads, int r);
/*
 * Chance levels: every score of a head that spreads its weight uniformly over the allowed keys
 * (causal: row i puts 1/(i + 1) on each of keys 0 … i), computed by the same kernels on that
 * head's maps: attn_head_scores on the uniform map of T tokens (the windows), attn_head_induction
 * on the uniform map of 2R tokens (the repeated sequences). A role is worth naming only where a
 * head's score stands well above its chance level. A uniform head's scores depend on the length
 * and the mask alone, not on the tokens, so every window of a measurement (T tokens, causal) has
 * these chance levels: their spread over the windows is 0. A uniform head's entropy is its ln k
 * and its flat share 1: for those two, chance is the top, not the floor. Offsets past
 * max(1, ⌊T/2⌋) are NaN, and induction when R < 2, as for any head.
 * `map` is scratch of (T, T) floats, `work` of T doubles. T ≥ 2 (else ATTN_ERR_ARGUMENT).
 */
int attn_head_chance(float *chance,  /* (ATTN_HEAD_SCORE_COUNT): every score's chance level */
                     float *map,     /* (T, T) scratch: the uniform maps */
                     double *work,   /* (T) scratch */
                     int t);
/* The inputs of a measurement, drawn by the core's generator seeded with `seed`: W windows of T
 * consecutive ids of data, each starting anywhere in it (n ≥ T), and W random halves of R = ⌊T/2⌋
 * ids from [0, vocab), which the measurement repeats for the induction score. Ids of data must
 * lie in [0, vocab) (ATTN_ERR_ARGUMENT); 1 ≤ W ≤ ATTN_HEAD_MAX_WINDOWS; T ≥ 2. */
int attn_head_windows(int *windows,   /* (W, T) */
                      int *repeats,   /* (W, R) */
                      const int *data /* (n) */,
                      int n, int vocab, int w, int t, unsigned seed);
/* Runs the model (weights unchanged) on each window and on each repeated half, and scores every
 * head of every layer: scores (W, L, H, S). `gram` (may be NULL) accumulates, for every pair of
 * heads a and b (indices l·H + h), the dot product of their maps' rows 1 … T − 1 summed over
 * the windows: attn_head_similarity turns it into cosines. 2 ≤ T ≤ the model's context. */
int attn_model_head_scores(float *scores,       /* (W, L, H, ATTN_HEAD_SCORE_COUNT) */
                           double *gram,        /* (L*H, L*H) */
                           struct attn_model *model,
                           const int *windows,  /* (W, T) */
                           const int *repeats,  /* (W, R) */
                           int w, int t);
/* Mean and spread (sample standard deviation; 0 for one window) of each score of G heads over
 * W windows, and each head's strongest offset beyond the previous token: the o in 2 … 8 with the
 * largest mean (NaN offsets skipped), or 0 when there is none. */
int attn_head_summary(float *summary,       /* (G, ATTN_HEAD_SCORE_COUNT, 2) */
                      int *best_offset,     /* (G) */
                      const float *scores,  /* (W, G, ATTN_HEAD_SCORE_COUNT) */
                      int w, int groups);
/* Cosine similarity of every two heads' maps from an accumulated gram: 1 for identical maps. */
int attn_head_similarity(float *similarity, /* (G, G) */
                         const double *gram,  /* (G, G) */
                         int groups);
/* How many of the W windows put score `score` of head `group` in each of `bins` equal bins over
 * [lo, hi] (hi falls in the last bin; NaN and values outside are not counted). */
int attn_head_histogram(int *counts,         /* (BINS) */
                        const float *scores, /* (W, G, ATTN_HEAD_SCORE_COUNT) */
                        int w, int groups, int group, int score, float lo, float hi, int bins);

/*
 * Knock-outs (ablation): the validation loss with one head's output replaced, the model's
 * weights untouched (the replacement happens in the forward pass, after the head's attention and
 * before W^O). Both read the windows attn_model_evaluate reads.
 */
/* The mean output of every head over those windows and all their positions. */
int attn_model_head_means(float *means,  /* (L, H, D) */
                          struct attn_model *model, const int *data /* (n) */, int n, int max_windows);
/* The loss with head `head` of layer `layer` replaced by `replacement` (its mean output, say;
 * NULL: zeros), and delta = that loss − the loss of the intact model on the same batches. */
int attn_model_knockout(double *loss, double *delta, struct attn_model *model,
                        const int *data /* (n) */, int n, int max_windows, int layer, int head,
                        const float *replacement /* (D) */);

/*
 * Activation patching (c/src/patch.c): run the model on a clean prompt and on a corrupted one of
 * the same length T, and measure metric = logit(good) − logit(bad) at the last position of each.
 * Then, for each component in turn, run the corrupted prompt again with that component's
 * activation replaced by the clean run's (through the forward hook, the weights untouched), and
 * report the share of the gap it restores:
 *   restored = (metric_patched − metric_corrupted) / (metric_clean − metric_corrupted)
 * 0: the patch changed nothing; 1: it brought the clean metric back.
 * Components, numbered in order:
 *   ATTN_PATCH_HEADS       l·H + h: head h's output in layer l (its columns of the heads' joined
 *                          output, after attention and before W^O), at every position
 *   ATTN_PATCH_POSITIONS   l·T + p: the residual stream leaving block l (after its attention and
 *                          its MLP are added) at position p alone. Leaving the last block at the
 *                          last position, it is all the logits there read: the share is 1.
 * `first` and `count` choose components first … first + count − 1 (a caller reports progress
 * between calls). metrics = {clean, corrupted}, written even when the gap is zero, which is
 * ATTN_ERR_NO_GAP (there is nothing to restore). Ids in [0, vocab), good ≠ bad
 * (ATTN_ERR_ARGUMENT), 1 ≤ T ≤ the context.
 */
enum attn_patch_over { ATTN_PATCH_HEADS = 0, ATTN_PATCH_POSITIONS = 1 };
int attn_model_patch(float *restored,      /* (count) */
                     double *metrics,      /* (2) */
                     struct attn_model *model,
                     const int *clean,     /* (T) */
                     const int *corrupted, /* (T) */
                     int t, int good, int bad, int over, int first, int count);

/* Entropy (nats) of the characters' frequencies in ids: the loss of the best model that ignores
 * context, the unigram baseline. */
int attn_unigram_entropy(double *nats, const int *ids /* (n) */, int n, int vocab);

/* A seeded default corpus of English-like sentences with long-range structure (c/src/corpus.c):
 * subjects and the pronouns that refer back to them, quotes and brackets that close. Writes
 * `length` characters (plus a terminating 0: text holds length + 1) and *entropy_nats, the
 * entropy of the generator's choices per character: the text's own entropy rate, because
 * every choice can be read back from the text. */
int attn_corpus_generate(char *text /* (length + 1) */, double *entropy_nats, int length, unsigned seed);
/* Text with repeats, for induction heads (c/src/corpus.c): segments of h random characters, h
 * uniform in shortest … longest, each character uniform over the first `letters` lowercase
 * letters (2 … 26), each segment followed at once by its own copy; from `seed`. Writes `length`
 * characters plus a terminating 0, and *entropy_nats, the generator's choices per character (the
 * copies add none). ATTN_ERR_ARGUMENT for letters outside 2 … 26 or not 1 ≤ shortest ≤ longest ≤ length. */
int attn_corpus_repeats(char *text /* (length + 1) */, double *entropy_nats, int length, int shortest,
                        int longest, int letters, int step, unsigned seed);

/* ---------------------------------------------------------------- alignment that emerges from training */

/*
 * A synthetic translation with a known alignment (c/src/translation.c): a tiny English of noun
 * phrases, verbs and prepositions, translated word for word into a language that spells every
 * word backwards (under another token number) and puts each adjective after its noun. Target
 * and source have the same length; alignment[j] is the source position of target word j (the
 * diagonal with each adjective–noun pair crossed). Tokens are in [0, ATTN_TRANSLATION_VOCAB) in
 * both languages.
 */
#define ATTN_TRANSLATION_VOCAB 34
#define ATTN_TRANSLATION_MIN_LENGTH 3
#define ATTN_TRANSLATION_MAX_LENGTH 40
#define ATTN_TRANSLATION_WORD_BYTES 16
enum attn_translation_split { ATTN_TRANSLATION_TRAIN = 0, ATTN_TRANSLATION_HELD_OUT = 1 };
enum attn_translation_language { ATTN_TRANSLATION_SOURCE = 0, ATTN_TRANSLATION_TARGET = 1 };

/* Sentence `index` (≥ 0) of a split for this seed: *length in [min_length, max_length], drawn
 * uniformly; entries from *length to max_length are −1. No held-out sentence is ever a training sentence (the split
 * is a hash class of the source). ATTN_TRANSLATION_MIN_LENGTH ≤ min_length ≤ max_length ≤
 * ATTN_TRANSLATION_MAX_LENGTH, else ATTN_ERR_SIZE (below the minimum) or ATTN_ERR_ARGUMENT. */
int attn_translation_sentence(int *source,    /* (ATTN_TRANSLATION_MAX_LENGTH) */
                              int *target,    /* (ATTN_TRANSLATION_MAX_LENGTH) */
                              int *alignment, /* (ATTN_TRANSLATION_MAX_LENGTH) */
                              int *length, unsigned seed, int split, int index, int min_length, int max_length);
/* The spelling of a token in one language, 0-terminated. */
int attn_translation_word(char *word, /* (ATTN_TRANSLATION_WORD_BYTES) */
                          int language, int token);

/*
 * The two encoder–decoders of attention's origin story (c/src/seq2seq*.c), trained on the task
 * above. Both read the source with a GRU encoder and write the target with a GRU decoder that
 * starts from the encoder's final state and is fed the previous target word (teacher forcing;
 * ATTN_SEQ2SEQ_START first). Dimension letters: B batch, S source length, T target length
 * (T = S in this task), E embedding width, H state width, V = ATTN_TRANSLATION_VOCAB.
 *   ATTN_SEQ2SEQ_BOTTLENECK  the decoder sees the source only through the encoder's final state;
 *   ATTN_SEQ2SEQ_ATTENTION   the same, plus at every decoder step a dot-product attention
 *                            (Luong's "general" score, scaled) over all S encoder states.
 * Both made with the same arguments hold the same values in every parameter they share, train
 * on the same sentences in the same order, and are evaluated on the same held-out sentences.
 */
enum attn_seq2seq_kind { ATTN_SEQ2SEQ_BOTTLENECK = 0, ATTN_SEQ2SEQ_ATTENTION = 1 };
#define ATTN_SEQ2SEQ_START ATTN_TRANSLATION_VOCAB /* the decoder's first input: a token of its own */
#define ATTN_SEQ2SEQ_MAX_WIDTH 512
#define ATTN_SEQ2SEQ_MAX_BATCH 256
enum attn_seq2seq_info {
    ATTN_SEQ2SEQ_INFO_KIND, ATTN_SEQ2SEQ_INFO_EMBED, ATTN_SEQ2SEQ_INFO_HIDDEN, ATTN_SEQ2SEQ_INFO_BATCH,
    ATTN_SEQ2SEQ_INFO_MIN_LENGTH, ATTN_SEQ2SEQ_INFO_MAX_LENGTH, ATTN_SEQ2SEQ_INFO_STEPS,
    ATTN_SEQ2SEQ_INFO_PARAM_COUNT, ATTN_SEQ2SEQ_INFO_COUNT
};

struct attn_seq2seq;

/* A model of `kind`, widths E = embed and H = hidden (1 … ATTN_SEQ2SEQ_MAX_WIDTH), training on
 * batches of `batch` sentences (1 … ATTN_SEQ2SEQ_MAX_BATCH) of one length each, drawn uniformly
 * in [min_length, max_length] (the task's limits); `seed` fixes the initial weights and the
 * data. An unknown kind or a length range the task refuses: ATTN_ERR_ARGUMENT (ATTN_ERR_SIZE for
 * a length below its minimum); a width or batch of 0 or less: ATTN_ERR_SIZE; above its limit:
 * ATTN_ERR_ARGUMENT. Defaults: learning rate 3e-3, no schedule (attn_seq2seq_set_training). */
int attn_seq2seq_create(struct attn_seq2seq **out, int kind, int embed, int hidden, int batch, int min_length,
                        int max_length, unsigned seed);
int attn_seq2seq_free(struct attn_seq2seq *model);
/* Adam's rate: warm-up over `warmup` steps to `lr`, then a cosine to lr/10 at step `total`
 * (total ≤ warmup: constant after the warm-up). Gradients are clipped to norm 1. 0 < lr < 1,
 * warmup ≥ 0, total ≥ 1, else ATTN_ERR_ARGUMENT. */
int attn_seq2seq_set_training(struct attn_seq2seq *model, float lr, int warmup, int total);
/* One forward pass on B sentences of length T (1 ≤ B ≤ the model's batch, 1 ≤ T ≤
 * ATTN_TRANSLATION_MAX_LENGTH, else ATTN_ERR_SIZE or ATTN_ERR_ARGUMENT): *loss the mean
 * cross-entropy (nats) of the target words, predicted the most likely word at each target step
 * (may be NULL), weights the cross-attention (B, T target steps, S = T source positions), each
 * row summing to 1 (NULL; a bottleneck model has none: ATTN_ERR_ARGUMENT). A token outside
 * [0, V): ATTN_ERR_ARGUMENT. */
int attn_seq2seq_forward(float *loss, int *predicted /* (B*T) */, float *weights /* (B, T, T) */,
                         struct attn_seq2seq *model, const int *source /* (B*T) */,
                         const int *target /* (B*T) */, int b, int t);
/* `steps` (≥ 1) training steps, each on the next batch of training sentences; losses[i] the
 * batch's mean loss before step i's update. */
int attn_seq2seq_train(float *losses /* (steps) */, struct attn_seq2seq *model, int steps);
/* Held-out sentences in `bins` (1 … the number of lengths) equal ranges of length over
 * [min_length, max_length], `sentences_per_bin` (≥ 1) in each, spread evenly over its lengths:
 * accuracy[k] the share of target words predicted right (teacher forcing), and for an attention
 * model alignment[k] the mean cross-attention weight on each target word's true source word,
 * beside chance[k] the same mean for uniform weights (the mean of 1/S). alignment and chance may
 * be NULL; a bottleneck model with alignment: ATTN_ERR_ARGUMENT. The sentences are the same
 * for every model of the same seed and length range, whatever it has trained. */
int attn_seq2seq_evaluate(double *accuracy /* (bins) */, double *alignment /* (bins) */, double *chance /* (bins) */,
                          struct attn_seq2seq *model, int bins, int sentences_per_bin);
/* The model's configuration and state, indexed by enum attn_seq2seq_info. */
int attn_seq2seq_info(int *info /* (ATTN_SEQ2SEQ_INFO_COUNT) */, struct attn_seq2seq *model);

/* ---------------------------------------------------------------- the ABI table, for the JS mirror */

/*
 * Every constant the JS face relies on, as this build compiled it: enum values, struct sizes and
 * field offsets, and limits (c/src/abi.c lists them). Entry `index` (0 .. *count − 1) has a name,
 * spelled as in C (e.g. "ATTN_MASK_CAUSAL", "offsetof(struct attn_cost, total)"), and a value.
 * web/lib/abi.js mirrors them, and tests/wasm/abi.test.mjs compares the two entry by entry.
 * ATTN_ERR_ARGUMENT for an index out of range.
 */
int attn_abi_count(int *count);
int attn_abi_entry(const char **name, double *value, int index);

/* ---------------------------------------------------------------- heap statistics */

/* Bytes of the heap in use by malloc right now (allocated blocks, their headers included), for
 * leak tests: *bytes is 0 where the allocator cannot tell. ATTN_ERR_NULL when bytes is NULL. */
int attn_heap_in_use(double *bytes);

#ifdef __cplusplus
}
#endif

#endif /* ATTN_H */
