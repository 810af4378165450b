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

/* ---------------------------------------------------------------- training lab: autograd, optimiser, model, corpus */

/*
 * A reverse-mode tape over float32 tensors (c/src/autograd*.c).
 *
 * Tensors are named by integer ids. Parameters are created first (ids 0..P-1) and live until the
 * tape is freed; every op appends an activation node. `attn_tape_reset` drops the activations
 * and keeps the parameters, so one training step is: reset, ops, backward, optimiser step.
 * Memory: one allocation per kind (parameters, parameter gradients, optimiser moments,
 * activations, activation gradients, integer indices, the node table); each grows by doubling
 * when needed and `attn_tape_free` releases them all.
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

/* ----- optimiser (c/src/optim.c) ----- */

/* Scales every parameter gradient by min(1, max_norm / ‖g‖); *norm gets ‖g‖ before clipping. */
int attn_clip_grad_norm(double *norm, struct attn_tape *tape, float max_norm);
/* One AdamW step over every parameter (bias-corrected moments; decoupled weight decay on the
 * parameters created with decay != 0). `step` counts from 1. */
int attn_adamw_step(struct attn_tape *tape, float lr, float beta1, float beta2, float eps,
                    float weight_decay, int step);
/* Linear warm-up over `warmup` steps to max_lr, then cosine decay to min_lr at `total`
 * (step counts from 0; past `total`: min_lr). */
int attn_lr_schedule(float *lr, int step, int warmup, int total, float max_lr, float min_lr);

/*
 * A decoder-only character transformer (c/src/model.c): token and learned position
 * embeddings, L pre-LN blocks (causal multi-head attention, then a 4C GELU MLP, each with a
 * residual), a final layer norm and an output head. Deterministic for a seed.
 */
struct attn_model;

int attn_model_create(struct attn_model **out, int vocab, int layers, int heads, int d_model,
                      int context, int batch, unsigned seed);
int attn_model_free(struct attn_model *model);
/* Training settings (defaults: lr 1e-3, min_lr 1e-4, warmup 20, total 2000, decay 0.1,
 * clip 1.0). */
int attn_model_set_training(struct attn_model *model, float lr, float min_lr, int warmup,
                            int total, float weight_decay, float clip);
int attn_model_tape(struct attn_tape **tape, struct attn_model *model);
/* config (8): vocab, layers, heads, d_model, context, batch, steps done, parameter count. */
int attn_model_info(int *config /* (8) */, struct attn_model *model);
/* Every parameter, one contiguous block (save/load copy it). */
int attn_model_params(float **params, int *count, struct attn_model *model);
/* Sets the count of optimiser steps done (a loaded model resumes its schedule there). */
int attn_model_set_step(struct attn_model *model, int steps);

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
/* A batch of `batch` windows of `context`+1 characters from data, drawn by the model's own
 * generator: tokens and targets (targets are tokens shifted by one). */
int attn_model_sample_batch(int *tokens /* (B*T) */, int *targets /* (B*T) */,
                            struct attn_model *model, const int *data /* (n) */, int n);
/* `steps` training steps on `data` in C: losses[i] = training loss of step i. */
int attn_model_train(float *losses /* (steps) */, struct attn_model *model, const int *data /* (n) */,
                     int n, int steps);
/* Mean cross-entropy (nats per character) over up to max_windows non-overlapping windows. */
int attn_model_evaluate(double *loss, struct attn_model *model, const int *data /* (n) */, int n,
                        int max_windows);
/* Attention weights of every layer and head on a text of t ≤ context tokens. */
int attn_model_attention_maps(float *weights /* (L, H, t, t) */, struct attn_model *model,
                              const int *tokens /* (t) */, int t);
/* Continues `prompt` by `length` characters, sampling softmax(logits / temperature) with its
 * own generator seeded by `seed` (temperature 0: the most likely character). */
int attn_model_sample(int *out /* (length) */, struct attn_model *model, const int *prompt /* (p) */,
                      int p, int length, float temperature, unsigned seed);

/* A seeded default corpus of English-like sentences with long-range structure (c/src/corpus.c):
 * subjects and the pronouns that refer back to them, quotes and brackets that close. Writes
 * `length` characters (plus a terminating 0: text holds length + 1) and *entropy_nats, the
 * entropy of the generator's choices per character: the text's own entropy rate, because
 * every choice can be read back from the text. */
/* Entropy (nats) of the characters' frequencies in ids: the loss of the best model that ignores
 * context, the unigram baseline. */
int attn_unigram_entropy(double *nats, const int *ids /* (n) */, int n, int vocab);

int attn_corpus_generate(char *text /* (length + 1) */, double *entropy_nats, int length, unsigned seed);

#ifdef __cplusplus
}
#endif

#endif /* ATTN_H */
