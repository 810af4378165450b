/*
 * fuzz_tape.c — libFuzzer target for the autograd tape, op by op: random small graphs over
 * parameters and inputs of random shapes (sometimes zero, negative, huge or too many
 * dimensions), every attn_tape_* op applied to random node ids (valid, stale after a reset, or
 * out of range) with random arguments, backward from random roots with random seeds, gradient
 * clipping, AdamW and the learning-rate schedule with any hyper-parameters, and the read-back
 * functions.
 *
 * Checks: every status is a known code; an op that returns ATTN_OK has inputs whose shapes fit
 * the op's rule and gives the shape the header promises (an accepted impossible shape aborts);
 * every tensor handed back is read end to end, so ASan sees any node pointing past its arena.
 * The tape's memory limit is kept at a few megabytes so valid-but-big shapes are refused with
 * ATTN_ERR_MEMORY instead of exhausting the fuzzer.
 */
#include "fuzz_input.h"

#define MAX_OPS 40

struct shape {
    int ok, ndim, dims[ATTN_TAPE_MAX_DIMS];
    int64_t size;
};

static struct shape shape_of(struct attn_tape *t, int id) {
    struct shape s = {0};
    int size = 0;
    if (attn_tape_shape(&s.ndim, s.dims, &size, t, id) != ATTN_OK) return s;
    s.ok = 1;
    s.size = 1;
    for (int i = 0; i < s.ndim; i++) s.size *= s.dims[i];
    if (s.ndim < 1 || s.ndim > ATTN_TAPE_MAX_DIMS || s.size != size) {
        fprintf(stderr, "shape of node %d is inconsistent\n", id);
        abort();
    }
    return s;
}

/* Reads a node's values and gradient end to end (ASan checks the range). */
static void touch(struct attn_tape *t, int id) {
    struct shape s = shape_of(t, id);
    if (!s.ok) return;
    float *data = NULL, *grad = NULL;
    volatile float sink = 0;
    if (attn_tape_data(&data, t, id) != ATTN_OK || attn_tape_grad(&grad, t, id) != ATTN_OK) abort();
    for (int64_t i = 0; i < s.size; i++) sink += data[i] + grad[i];
    (void)sink;
}

static void fail(const char *what) {
    fprintf(stderr, "accepted an impossible shape: %s\n", what);
    abort();
}

static int same_dims(const struct shape *a, const struct shape *b) {
    if (a->ndim != b->ndim) return 0;
    for (int i = 0; i < a->ndim; i++)
        if (a->dims[i] != b->dims[i]) return 0;
    return 1;
}

/* A dimension: usually 1..4, sometimes what fuzz_size gives (zero, negative, huge). */
static int fuzz_dim(struct fuzz_input *in) {
    uint8_t b = fuzz_byte(in);
    return b < 200 ? 1 + b % 4 : fuzz_size(in);
}

/* A shape for a new leaf: ndim may be 0 or 5 (refused). */
static int fuzz_shape(struct fuzz_input *in, int *dims, int64_t *product) {
    uint8_t b = fuzz_byte(in);
    int ndim = b < 240 ? 1 + b % ATTN_TAPE_MAX_DIMS : (b & 1 ? 0 : ATTN_TAPE_MAX_DIMS + 1);
    int64_t p = 1;
    int bad = ndim < 1 || ndim > ATTN_TAPE_MAX_DIMS;
    for (int i = 0; i < ATTN_TAPE_MAX_DIMS + 1 && i < ndim; i++) {
        if (i < ATTN_TAPE_MAX_DIMS) dims[i] = fuzz_dim(in);
        int d = i < ATTN_TAPE_MAX_DIMS ? dims[i] : 1;
        if (d <= 0) bad = 1;
        p = fuzz_product(p, d > 0 ? d : 1);
    }
    *product = bad ? -1 : p;
    return ndim;
}

static void op_input(struct fuzz_input *in, struct attn_tape *t) {
    int dims[ATTN_TAPE_MAX_DIMS + 1] = {1, 1, 1, 1, 1};
    int64_t p;
    int ndim = fuzz_shape(in, dims, &p);
    int id = -1;
    if (p < 0 || p > FUZZ_CORE_MAX_ELEMENTS) {
        float one[1] = {0};
        FUZZ_REQUIRE_REFUSAL(attn_tape_input(&id, t, one, ndim, dims));
        return;
    }
    if (p > FUZZ_MAX_ELEMENTS) return;
    float *x = fuzz_floats(in, p);
    int rc = attn_tape_input(&id, t, x, ndim, dims);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK) {
        float *data = NULL;
        attn_tape_data(&data, t, id);
        for (int64_t i = 0; i < p; i++)
            if (memcmp(&data[i], &x[i], sizeof(float)) != 0) abort(); /* an input is a copy */
        touch(t, id);
    }
    free(x);
}

static void op_embedding(struct fuzz_input *in, struct attn_tape *t) {
    int table = fuzz_id(in, t), b = fuzz_dim(in), tt = fuzz_dim(in), out = -1;
    struct shape ts = shape_of(t, table);
    int vocab = ts.ok && ts.ndim == 2 ? ts.dims[0] : 4;
    int64_t rows = fuzz_product(b, tt);
    if (b <= 0 || tt <= 0 || rows > FUZZ_CORE_MAX_ELEMENTS) {
        int one[1] = {0};
        FUZZ_REQUIRE_REFUSAL(attn_tape_embedding(&out, t, table, one, b, tt));
        return;
    }
    if (rows > FUZZ_MAX_ELEMENTS) return;
    int *tokens = malloc((size_t)rows * sizeof(int));
    int in_range = 1;
    for (int64_t r = 0; r < rows; r++) {
        tokens[r] = (int)(fuzz_byte(in) % (vocab + 2)) - (fuzz_byte(in) > 250 ? 1 : 0);
        if (tokens[r] < 0 || tokens[r] >= vocab) in_range = 0;
    }
    int rc = attn_tape_embedding(&out, t, table, tokens, b, tt);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK) {
        if (!ts.ok || ts.ndim != 2 || !in_range) fail("embedding");
        struct shape os = shape_of(t, out);
        if (os.ndim != 3 || os.dims[0] != b || os.dims[1] != tt || os.dims[2] != ts.dims[1]) fail("embedding shape");
        touch(t, out);
    }
    free(tokens);
}

static void op_binary(struct fuzz_input *in, struct attn_tape *t, int which) {
    int a = fuzz_id(in, t), b = fuzz_id(in, t), fa = fuzz_byte(in) & 1, fb = fuzz_byte(in) & 1, out = -1, rc;
    struct shape as = shape_of(t, a), bs = shape_of(t, b);
    if (which == 0) {
        rc = attn_tape_matmul(&out, t, a, b, fb);
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        if (rc != ATTN_OK) return;
        if (!as.ok || !bs.ok || bs.ndim != 2 || as.dims[as.ndim - 1] != bs.dims[fb ? 1 : 0]) fail("matmul");
        struct shape os = shape_of(t, out);
        if (os.ndim != as.ndim || os.dims[os.ndim - 1] != bs.dims[fb ? 0 : 1]) fail("matmul shape");
    } else if (which == 1) {
        rc = attn_tape_bmm(&out, t, a, b, fa, fb);
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        if (rc != ATTN_OK) return;
        if (!as.ok || !bs.ok || as.ndim < 2 || as.ndim != bs.ndim) fail("bmm rank");
        int nd = as.ndim;
        for (int i = 0; i < nd - 2; i++)
            if (as.dims[i] != bs.dims[i]) fail("bmm batch");
        int k = fa ? as.dims[nd - 2] : as.dims[nd - 1], bk = fb ? bs.dims[nd - 1] : bs.dims[nd - 2];
        if (k != bk) fail("bmm inner");
        struct shape os = shape_of(t, out);
        if (os.dims[nd - 2] != (fa ? as.dims[nd - 1] : as.dims[nd - 2]) ||
            os.dims[nd - 1] != (fb ? bs.dims[nd - 2] : bs.dims[nd - 1]))
            fail("bmm shape");
    } else if (which == 3) {
        /* linear: a (..., K) · w (K, N) + bias (N); the third id is the bias */
        int bias = fuzz_id(in, t);
        struct shape cs = shape_of(t, bias);
        rc = attn_tape_linear(&out, t, a, b, bias);
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        if (rc != ATTN_OK) return;
        if (!as.ok || !bs.ok || !cs.ok || bs.ndim != 2 || as.dims[as.ndim - 1] != bs.dims[0]) fail("linear");
        if (cs.size != bs.dims[1]) fail("linear bias");
        struct shape os = shape_of(t, out);
        if (os.ndim != as.ndim || os.dims[os.ndim - 1] != bs.dims[1]) fail("linear shape");
        for (int i = 0; i < as.ndim - 1; i++)
            if (os.dims[i] != as.dims[i]) fail("linear leading shape");
    } else {
        rc = attn_tape_add(&out, t, a, b);
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        if (rc != ATTN_OK) return;
        if (!as.ok || !bs.ok || bs.size > as.size) fail("add");
        /* b's shape, leading ones dropped, must be a's trailing shape. */
        int first = 0;
        while (first < bs.ndim - 1 && bs.dims[first] == 1) first++;
        int tail = bs.ndim - first;
        if (tail > as.ndim) fail("add rank");
        for (int i = 0; i < tail; i++)
            if (bs.dims[first + i] != as.dims[as.ndim - tail + i]) fail("add trailing shape");
        struct shape os = shape_of(t, out);
        if (!same_dims(&os, &as)) fail("add shape");
    }
    touch(t, out);
}

static void op_unary(struct fuzz_input *in, struct attn_tape *t, int which) {
    int a = fuzz_id(in, t), out = -1, rc, arg = 0;
    float f = 0;
    struct shape as = shape_of(t, a);
    switch (which) {
    case 0: f = fuzz_float(in); rc = attn_tape_scale(&out, t, a, f); break;
    case 1: f = fuzz_byte(in) < 200 ? -INFINITY : fuzz_float(in); rc = attn_tape_causal_mask(&out, t, a, f); break;
    case 2: arg = (int)(fuzz_byte(in) % 11) - 5; if (fuzz_byte(in) > 250) arg = INT_MIN; rc = attn_tape_softmax(&out, t, a, arg); break;
    case 3: arg = fuzz_byte(in) < 200 ? 1 + fuzz_byte(in) % 4 : fuzz_size(in); rc = attn_tape_split_heads(&out, t, a, arg); break;
    case 4: rc = attn_tape_merge_heads(&out, t, a); break;
    default: rc = attn_tape_gelu(&out, t, a); break;
    }
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) return;
    if (!as.ok) fail("unary op on a missing node");
    struct shape os = shape_of(t, out);
    switch (which) {
    case 0: if (!isfinite(f) || !same_dims(&os, &as)) fail("scale"); break;
    case 1: if (isnan(f) || as.ndim < 2 || !same_dims(&os, &as)) fail("causal_mask"); break;
    case 2: if (arg < -as.ndim || arg >= as.ndim || !same_dims(&os, &as)) fail("softmax axis"); break;
    case 3:
        if (arg <= 0 || as.ndim != 3 || as.dims[2] % arg != 0) fail("split_heads");
        if (os.ndim != 4 || os.dims[0] != as.dims[0] || os.dims[1] != arg || os.dims[2] != as.dims[1] ||
            os.dims[3] != as.dims[2] / arg)
            fail("split_heads shape");
        break;
    case 4:
        if (as.ndim != 4 || os.ndim != 3 || os.dims[0] != as.dims[0] || os.dims[1] != as.dims[2] ||
            os.dims[2] != as.dims[1] * as.dims[3])
            fail("merge_heads");
        break;
    default: if (!same_dims(&os, &as)) fail("gelu"); break;
    }
    touch(t, out);
}

static void op_layernorm(struct fuzz_input *in, struct attn_tape *t) {
    int x = fuzz_id(in, t), g = fuzz_id(in, t), b = fuzz_id(in, t), out = -1;
    struct shape xs = shape_of(t, x), gs = shape_of(t, g), bs = shape_of(t, b);
    int rc = attn_tape_layernorm(&out, t, x, g, b);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) return;
    if (!xs.ok || !gs.ok || !bs.ok || gs.size != xs.dims[xs.ndim - 1] || bs.size != xs.dims[xs.ndim - 1]) fail("layernorm");
    struct shape os = shape_of(t, out);
    if (!same_dims(&os, &xs)) fail("layernorm shape");
    touch(t, out);
}

static void op_cross_entropy(struct fuzz_input *in, struct attn_tape *t) {
    int logits = fuzz_id(in, t), out = -1;
    struct shape ls = shape_of(t, logits);
    int64_t rows = ls.ok ? ls.size / ls.dims[ls.ndim - 1] : 1;
    int v = ls.ok ? ls.dims[ls.ndim - 1] : 1;
    int *targets = malloc((size_t)rows * sizeof(int));
    int in_range = 1;
    for (int64_t r = 0; r < rows; r++) {
        uint8_t b = fuzz_byte(in);
        targets[r] = b < 250 ? (int)(b % v) : (b & 1 ? v : -1);
        if (targets[r] < 0 || targets[r] >= v) in_range = 0;
    }
    int rc = attn_tape_cross_entropy(&out, t, logits, targets);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK) {
        if (!ls.ok || !in_range) fail("cross_entropy");
        struct shape os = shape_of(t, out);
        if (os.ndim != 1 || os.size != 1) fail("cross_entropy shape");
        touch(t, out);
    }
    free(targets);
}

static void op_backward(struct fuzz_input *in, struct attn_tape *t) {
    int root = fuzz_id(in, t), params = 0;
    attn_tape_counts(NULL, &params, NULL, NULL, t);
    struct shape rs = shape_of(t, root);
    float *seed = NULL;
    if (rs.ok && (fuzz_byte(in) & 1)) seed = fuzz_floats(in, rs.size);
    int rc = attn_tape_backward(t, root, seed);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK) {
        if (!rs.ok || root < params) fail("backward from a parameter or a missing node");
        int nodes = 0;
        attn_tape_counts(&nodes, NULL, NULL, NULL, t);
        for (int id = 0; id < nodes; id++) touch(t, id);
    }
    free(seed);
}

/* Warm-up then cosine decay: any step and any rates; a finite rate between 0 and the larger one. */
static void op_schedule(struct fuzz_input *in) {
    int step = fuzz_byte(in) < 200 ? fuzz_byte(in) : fuzz_size(in);
    int warmup = fuzz_byte(in) < 200 ? fuzz_byte(in) % 40 : fuzz_size(in);
    int total = fuzz_byte(in) < 200 ? fuzz_byte(in) : fuzz_size(in);
    float max_lr = fuzz_byte(in) < 160 ? 1e-3f * (1 + fuzz_byte(in)) : fuzz_float(in);
    float min_lr = fuzz_byte(in) < 160 ? max_lr / (1 + fuzz_byte(in) % 20) : fuzz_float(in);
    float lr = -1;
    int rc = attn_lr_schedule(&lr, step, warmup, total, max_lr, min_lr);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    FUZZ_REQUIRE_REFUSAL(attn_lr_schedule(NULL, step, warmup, total, max_lr, min_lr));
    if (rc != ATTN_OK) {
        if (lr != -1) fail("lr_schedule wrote on refusal");
        return;
    }
    if (step < 0 || warmup < 0 || total < 1 || !(max_lr >= 0) || !(min_lr >= 0)) fail("lr_schedule arguments");
    float top = max_lr > min_lr ? max_lr : min_lr;
    if (!isfinite(lr) || !(lr >= 0) || lr > top * (1 + 1e-6f)) {
        fprintf(stderr, "lr_schedule(step %d, warmup %d, total %d, max %g, min %g) = %g\n", step, warmup, total,
                max_lr, min_lr, lr);
        abort();
    }
    if (step >= warmup && step >= total && lr != min_lr) fail("lr_schedule past total");
}

static void op_optimiser(struct fuzz_input *in, struct attn_tape *t) {
    uint8_t b = fuzz_byte(in);
    if (b % 4 == 3) {
        op_schedule(in);
    } else if (b % 3 == 0) {
        FUZZ_REQUIRE_KNOWN_STATUS(attn_tape_zero_grad(t));
    } else if (b % 3 == 1) {
        double norm = -1;
        float max_norm = fuzz_float(in);
        int rc = attn_clip_grad_norm(&norm, t, max_norm);
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        if (rc == ATTN_OK && (!(max_norm > 0) || !(norm >= 0))) fail("clip_grad_norm");
    } else {
        float lr = fuzz_byte(in) < 200 ? 1e-3f : fuzz_float(in);
        float b1 = fuzz_byte(in) < 200 ? 0.9f : fuzz_float(in), b2 = fuzz_byte(in) < 200 ? 0.999f : fuzz_float(in);
        float eps = fuzz_byte(in) < 200 ? 1e-8f : fuzz_float(in), wd = fuzz_float(in);
        int step = fuzz_byte(in) < 200 ? 1 + fuzz_byte(in) : fuzz_size(in);
        FUZZ_REQUIRE_KNOWN_STATUS(attn_adamw_step(t, lr, b1, b2, eps, wd, step));
    }
}

static void op_read(struct fuzz_input *in, struct attn_tape *t) {
    int id = fuzz_id(in, t), nodes = 0;
    attn_tape_counts(&nodes, NULL, NULL, NULL, t);
    float *p = NULL;
    int rc1 = attn_tape_data(&p, t, id), rc2 = attn_tape_grad(&p, t, id);
    FUZZ_REQUIRE_KNOWN_STATUS(rc1);
    FUZZ_REQUIRE_KNOWN_STATUS(rc2);
    if ((rc1 == ATTN_OK || rc2 == ATTN_OK) && (id < 0 || id >= nodes)) fail("read of a missing node");
    touch(t, id);
    /* NULL outputs are refused, never dereferenced. */
    int nd, dims[ATTN_TAPE_MAX_DIMS], size;
    FUZZ_REQUIRE_REFUSAL(attn_tape_data(NULL, t, id));
    FUZZ_REQUIRE_REFUSAL(attn_tape_shape(NULL, dims, &size, t, id));
    FUZZ_REQUIRE_REFUSAL(attn_tape_shape(&nd, dims, &size, NULL, id));
    int out;
    FUZZ_REQUIRE_REFUSAL(attn_tape_gelu(NULL, t, id));
    FUZZ_REQUIRE_REFUSAL(attn_tape_add(&out, NULL, id, id));
    FUZZ_REQUIRE_REFUSAL(attn_tape_embedding(&out, t, id, NULL, 1, 1));
    FUZZ_REQUIRE_REFUSAL(attn_tape_cross_entropy(&out, t, id, NULL));
    FUZZ_REQUIRE_REFUSAL(attn_tape_backward(NULL, id, NULL));
    FUZZ_REQUIRE_REFUSAL(attn_tape_create(NULL));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    struct attn_tape *t = NULL;
    if (attn_tape_create(&t) != ATTN_OK || !t) abort();
    /* A few megabytes at most; sometimes a tiny limit, so growth is refused early. */
    uint8_t lim = fuzz_byte(&in);
    double limit = lim < 240 ? (1 + lim % 8) * 1048576.0 : 64.0 * (lim % 16 + 1);
    FUZZ_REQUIRE_KNOWN_STATUS(attn_tape_set_limit(t, limit));
    FUZZ_REQUIRE_REFUSAL(attn_tape_set_limit(NULL, limit));

    /* Parameters, filled with fuzzed values. */
    int params = 1 + fuzz_byte(&in) % 5;
    for (int i = 0; i < params; i++) {
        int dims[ATTN_TAPE_MAX_DIMS + 1] = {1, 1, 1, 1, 1}, id = -1;
        int64_t p;
        int ndim = fuzz_shape(&in, dims, &p);
        int rc = attn_tape_param(&id, t, ndim, dims, fuzz_byte(&in) & 1);
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        if (rc == ATTN_OK) {
            if (p < 0 || p > FUZZ_CORE_MAX_ELEMENTS) fail("param");
            float *values = NULL;
            attn_tape_data(&values, t, id);
            struct shape s = shape_of(t, id);
            for (int64_t j = 0; j < s.size && j < FUZZ_MAX_ELEMENTS; j++) values[j] = fuzz_float(&in);
            touch(t, id);
        } else if (p > 0 && p <= FUZZ_MAX_ELEMENTS && rc != ATTN_ERR_MEMORY) {
            fprintf(stderr, "refused a small valid parameter (status %d)\n", rc);
            abort();
        }
    }

    int ops = fuzz_byte(&in) % MAX_OPS;
    for (int i = 0; i < ops && in.at < in.size; i++) {
        uint8_t op = fuzz_byte(&in) % 19;
        switch (op) {
        case 0: case 1: op_input(&in, t); break;
        case 2: op_embedding(&in, t); break;
        case 3: op_binary(&in, t, 0); break;
        case 4: op_binary(&in, t, 1); break;
        case 5: op_binary(&in, t, 2); break;
        case 6: case 7: case 8: case 9: case 10: case 11: op_unary(&in, t, op - 6); break;
        case 12: op_layernorm(&in, t); break;
        case 13: op_cross_entropy(&in, t); break;
        case 14: op_backward(&in, t); break;
        case 15: op_optimiser(&in, t); break;
        case 16: op_read(&in, t); break;
        case 17: op_binary(&in, t, 3); break;
        default: {
            /* A reset drops the activations: their ids become stale and must be refused. A
             * parameter after activations exist must be refused too. */
            if (fuzz_byte(&in) & 1) {
                FUZZ_REQUIRE_KNOWN_STATUS(attn_tape_reset(t));
            } else {
                int nodes = 0, np = 0, dims[1] = {2}, id;
                attn_tape_counts(&nodes, &np, NULL, NULL, t);
                int rc = attn_tape_param(&id, t, 1, dims, 0);
                FUZZ_REQUIRE_KNOWN_STATUS(rc);
                if (rc == ATTN_OK && nodes != np) fail("param after activations");
            }
        }
        }
    }
    int freed = attn_tape_free(t); /* (the macro evaluates its argument twice) */
    FUZZ_REQUIRE_KNOWN_STATUS(freed);
    return 0;
}
