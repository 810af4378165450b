/*
 * fuzz_model_steps.c — libFuzzer target for the model's pieces, called one by one as the JS layer
 * calls them (web/lib/api/model.js): set_training, tape and optimizer after create; then steps of
 *   - "your own attention": sample_batch, tape reset, embed, per layer qkv → attention →
 *     block_out, head, cross-entropy, zero_grad, backward, update (Model#stepWith);
 *   - data parallelism: forward on b ≤ batch windows, backward, update (computeGradients);
 * in the right order, and also out of order with any node ids (stale after a reset, out of range,
 * of the wrong shape), any layer, any b and t, tokens out of the vocabulary, any text length, any
 * training settings and step counts; and the unigram entropy of any ids, and attn_heap_in_use.
 *
 * Checks: every status is a known code; the pieces, given what the JS layer gives them, succeed
 * and give the shapes the header promises; a piece that accepts an impossible argument (a layer
 * that does not exist, t past the context, an id out of the vocabulary) aborts; every buffer is
 * exactly as large as its shape, so ASan sees any overrun. The model's tape is limited to a few
 * megabytes (through attn_model_tape), so a valid-but-huge batch is refused, not allocated.
 */
#include "fuzz_input.h"

struct run {
    struct attn_model *model;
    struct attn_tape *tape;
    int vocab, layers, heads, d_model, context, batch;
    int *data, n;           /* the training text's ids, all in the vocabulary */
    int *tokens, *targets;  /* (batch·context) each, as Model keeps them */
};

static int shape_is(struct attn_tape *t, int id, int ndim, int d0, int d1, int d2) {
    int nd = 0, dims[ATTN_TAPE_MAX_DIMS], size = 0;
    if (attn_tape_shape(&nd, dims, &size, t, id) != ATTN_OK) return 0;
    const int want[3] = {d0, d1, d2};
    if (nd != ndim) return 0;
    for (int i = 0; i < nd; i++)
        if (dims[i] != want[i]) return 0;
    return 1;
}

static void fail(const char *what) {
    fprintf(stderr, "model steps: %s\n", what);
    abort();
}

/* A layer: usually a real one, sometimes −1, L or INT_MIN (refused). */
static int fuzz_layer(struct fuzz_input *in, int layers) {
    uint8_t b = fuzz_byte(in);
    if (b < 224) return b % layers;
    static const int special[] = {-1, INT_MIN, INT_MAX};
    return b % 4 == 3 ? layers : special[b % 3];
}

/* Model#stepWith: one training step whose attention is supplied between the C pieces. Returns the loss. */
static float own_attention_step(struct fuzz_input *in, struct run *r) {
    if (attn_model_sample_batch(r->tokens, r->targets, r->model, r->data, r->n) != ATTN_OK) fail("sample_batch refused valid data");
    for (int i = 0; i < r->batch * r->context; i++)
        if (r->tokens[i] < 0 || r->tokens[i] >= r->vocab || r->targets[i] < 0 || r->targets[i] >= r->vocab) fail("sample_batch ids");
    if (attn_tape_reset(r->tape) != ATTN_OK) abort();
    int x = -1;
    if (attn_model_embed(&x, r->model, r->tokens, r->batch, r->context) != ATTN_OK) fail("embed refused a batch");
    if (!shape_is(r->tape, x, 3, r->batch, r->context, r->d_model)) fail("embed shape");
    for (int layer = 0; layer < r->layers; layer++) {
        int q = -1, k = -1, v = -1, y = -1, w = -1;
        if (attn_model_qkv(&q, &k, &v, r->model, layer, x) != ATTN_OK) fail("qkv refused");
        if (!shape_is(r->tape, q, 3, r->batch, r->context, r->d_model) || !shape_is(r->tape, k, 3, r->batch, r->context, r->d_model) ||
            !shape_is(r->tape, v, 3, r->batch, r->context, r->d_model))
            fail("qkv shape");
        if (fuzz_byte(in) & 1) {
            if (attn_model_attention(&y, &w, r->model, q, k, v) != ATTN_OK) fail("attention refused");
            int nd = 0, dims[ATTN_TAPE_MAX_DIMS], size = 0;
            if (attn_tape_shape(&nd, dims, &size, r->tape, w) != ATTN_OK || nd != 4 || dims[1] != r->heads) fail("attention weights");
        } else {
            /* a "JS" attention: softmax(q·kᵀ) · v over the whole width, causal (one head) */
            int s, m, p;
            if (attn_tape_bmm(&s, r->tape, q, k, 0, 1) != ATTN_OK || attn_tape_causal_mask(&m, r->tape, s, -INFINITY) != ATTN_OK ||
                attn_tape_softmax(&p, r->tape, m, -1) != ATTN_OK || attn_tape_bmm(&y, r->tape, p, v, 0, 0) != ATTN_OK)
                fail("own attention refused");
        }
        if (!shape_is(r->tape, y, 3, r->batch, r->context, r->d_model)) fail("attention shape");
        if (attn_model_block_out(&x, r->model, layer, x, y) != ATTN_OK) fail("block_out refused");
        if (!shape_is(r->tape, x, 3, r->batch, r->context, r->d_model)) fail("block_out shape");
    }
    int logits = -1, loss = -1;
    if (attn_model_head(&logits, r->model, x) != ATTN_OK) fail("head refused");
    if (!shape_is(r->tape, logits, 3, r->batch, r->context, r->vocab)) fail("head shape");
    if (attn_tape_cross_entropy(&loss, r->tape, logits, r->targets) != ATTN_OK) fail("cross-entropy refused");
    if (attn_tape_zero_grad(r->tape) != ATTN_OK || attn_tape_backward(r->tape, loss, NULL) != ATTN_OK) fail("backward refused");
    float *value = NULL;
    attn_tape_data(&value, r->tape, loss);
    float lr = -1;
    double norm = -1;
    int rc = attn_model_update(&lr, &norm, r->model);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && (!(lr >= 0) || !isfinite(lr) || !(norm >= 0))) fail("update's lr or norm");
    return value[0];
}

/* Model#computeGradients then applyGradients: forward on b ≤ batch windows, backward, update. */
static void forward_step(struct fuzz_input *in, struct run *r) {
    if (attn_model_sample_batch(r->tokens, r->targets, r->model, r->data, r->n) != ATTN_OK) fail("sample_batch refused valid data");
    int b = 1 + fuzz_byte(in) % r->batch, t = 1 + fuzz_byte(in) % r->context;
    int loss = -2, logits = -2, *weights = malloc((size_t)r->layers * sizeof(int));
    const int *targets = fuzz_byte(in) & 1 ? r->targets : NULL;
    int rc = attn_model_forward(&loss, &logits, fuzz_byte(in) & 1 ? weights : NULL, r->model, r->tokens, targets, b, t);
    if (rc != ATTN_OK) fail("forward refused a valid batch");
    if (!shape_is(r->tape, logits, 3, b, t, r->vocab)) fail("forward logits shape");
    if (!targets) {
        if (loss != -1) fail("forward without targets gave a loss");
    } else {
        if (attn_tape_zero_grad(r->tape) != ATTN_OK || attn_tape_backward(r->tape, loss, NULL) != ATTN_OK) fail("backward refused");
        if (fuzz_byte(in) & 1) { /* the data-parallel end: another worker's gradients blended in */
            float *block = NULL;
            int count = 0;
            if (attn_model_params(&block, &count, r->model) != ATTN_OK) fail("params refused");
            float *other = fuzz_floats(in, count);
            const double own_weight = fuzz_float(in), other_weight = fuzz_float(in);
            rc = attn_model_blend_grads(r->model, other, own_weight, other_weight);
            FUZZ_REQUIRE_KNOWN_STATUS(rc);
            if ((rc == ATTN_OK) != (isfinite(own_weight) && isfinite(other_weight))) fail("blend_grads accepted a weight that is not finite, or refused finite ones");
            free(other);
        }
        FUZZ_REQUIRE_KNOWN_STATUS(attn_model_update(NULL, NULL, r->model));
    }
    free(weights);
}

/* A piece called out of order, with any ids, layers and sizes. */
static void stray_call(struct fuzz_input *in, struct run *r) {
    int out = -1, q = -1, k = -1, v = -1, w = -1;
    int a = fuzz_id(in, r->tape), b = fuzz_id(in, r->tape), c = fuzz_id(in, r->tape), layer = fuzz_layer(in, r->layers);
    int rc;
    switch (fuzz_byte(in) % 6) {
    case 0:
        rc = attn_model_qkv(&q, &k, &v, r->model, layer, a);
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        if (rc == ATTN_OK && (layer < 0 || layer >= r->layers)) fail("qkv accepted a missing layer");
        FUZZ_REQUIRE_REFUSAL(attn_model_qkv(NULL, &k, &v, r->model, 0, a));
        break;
    case 1:
        rc = attn_model_attention(&out, fuzz_byte(in) & 1 ? &w : NULL, r->model, a, b, c);
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        if (rc == ATTN_OK) {
            int nd = 0, dims[ATTN_TAPE_MAX_DIMS], size;
            if (attn_tape_shape(&nd, dims, &size, r->tape, a) != ATTN_OK || nd != 3 || dims[2] % r->heads != 0)
                fail("attention accepted q that does not split into heads");
        }
        FUZZ_REQUIRE_REFUSAL(attn_model_attention(NULL, &w, r->model, a, b, c));
        break;
    case 2:
        rc = attn_model_block_out(&out, r->model, layer, a, b);
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        if (rc == ATTN_OK && (layer < 0 || layer >= r->layers)) fail("block_out accepted a missing layer");
        break;
    case 3: {
        rc = attn_model_head(&out, r->model, a);
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        int nd = 0, dims[ATTN_TAPE_MAX_DIMS], size;
        if (rc == ATTN_OK && (attn_tape_shape(&nd, dims, &size, r->tape, out) != ATTN_OK || dims[nd - 1] != r->vocab)) fail("head width");
        FUZZ_REQUIRE_REFUSAL(attn_model_head(NULL, r->model, a));
        break;
    }
    case 4: {
        /* embed / forward with any b and t, tokens (exactly b·t) with ids out of the vocabulary */
        int bb = fuzz_byte(in) < 200 ? 1 + fuzz_byte(in) % (r->batch + 1) : fuzz_size(in);
        int tt = fuzz_byte(in) < 200 ? 1 + fuzz_byte(in) % (r->context + 1) : fuzz_size(in);
        int64_t count = fuzz_product(bb, tt);
        if (count > FUZZ_MAX_ELEMENTS) {
            if (bb > 0 && tt > 0 && tt <= r->context) return; /* valid but big: the tape limit refuses it (slowly) */
            int one[1] = {0};
            FUZZ_REQUIRE_REFUSAL(attn_model_embed(&out, r->model, one, bb, tt));
            return;
        }
        int *tokens = malloc((size_t)(count > 0 ? count : 1) * sizeof(int)), *targets = malloc((size_t)(count > 0 ? count : 1) * sizeof(int));
        int bad = 0;
        for (int64_t i = 0; i < count; i++) {
            uint8_t x = fuzz_byte(in);
            tokens[i] = x < 240 ? x % r->vocab : (x & 1 ? r->vocab : -1);
            targets[i] = fuzz_byte(in) % r->vocab;
            bad |= x >= 240;
        }
        int impossible = bb <= 0 || tt <= 0 || tt > r->context || bad;
        if (fuzz_byte(in) & 1) {
            rc = attn_model_embed(&out, r->model, tokens, bb, tt);
            FUZZ_REQUIRE_KNOWN_STATUS(rc);
            if (rc == ATTN_OK && impossible) fail("embed accepted impossible sizes or ids");
            if (rc == ATTN_OK && !shape_is(r->tape, out, 3, bb, tt, r->d_model)) fail("embed shape");
        } else {
            int loss = -2, logits = -2;
            rc = attn_model_forward(&loss, &logits, NULL, r->model, tokens, targets, bb, tt);
            FUZZ_REQUIRE_KNOWN_STATUS(rc);
            if (rc == ATTN_OK && impossible) fail("forward accepted impossible sizes or ids");
            if (rc == ATTN_OK && !shape_is(r->tape, logits, 3, bb, tt, r->vocab)) fail("forward shape");
        }
        free(tokens), free(targets);
        break;
    }
    default: {
        /* sample_batch on a text of any length (exactly n ids), ids out of the vocabulary included */
        int n = fuzz_byte(in) < 200 ? fuzz_byte(in) % (3 * r->context + 3) : fuzz_size(in);
        if (n > FUZZ_MAX_ELEMENTS) return;
        int *data = malloc((size_t)(n > 0 ? n : 1) * sizeof(int)), bad = 0;
        for (int i = 0; i < n; i++) {
            uint8_t x = fuzz_byte(in);
            data[i] = x < 248 ? x % r->vocab : (x & 1 ? r->vocab : INT_MIN);
            bad |= x >= 248;
        }
        rc = attn_model_sample_batch(r->tokens, r->targets, r->model, data, n);
        FUZZ_REQUIRE_KNOWN_STATUS(rc);
        if (rc == ATTN_OK && (n < r->context + 1)) fail("sample_batch accepted a text shorter than a window");
        if (rc != ATTN_OK && n >= r->context + 1 && !bad) fail("sample_batch refused a valid text");
        if (rc == ATTN_OK)
            for (int i = 0; i < r->batch * r->context; i++)
                if (r->tokens[i] < 0 || r->tokens[i] >= r->vocab || r->targets[i] < 0 || r->targets[i] >= r->vocab) fail("sample_batch gave an id out of the vocabulary");
        free(data);
    }
    }
}

/* Model's constructor and setOptimizerState: settings, the tape, the optimiser's state in place. */
static void settings(struct fuzz_input *in, struct run *r) {
    float lr = fuzz_byte(in) < 160 ? 1e-3f * (1 + fuzz_byte(in) % 100) : fuzz_float(in);
    float min_lr = fuzz_byte(in) < 160 ? lr / 10 : fuzz_float(in), decay = fuzz_byte(in) < 160 ? 0.1f : fuzz_float(in);
    float clip = fuzz_byte(in) < 160 ? 1.0f : fuzz_float(in);
    int warmup = fuzz_byte(in) < 160 ? 20 : fuzz_size(in), total = fuzz_byte(in) < 160 ? 2000 : fuzz_size(in);
    int rc = attn_model_set_training(r->model, lr, min_lr, warmup, total, decay, clip);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && (!(lr > 0 && lr < 10) || !(min_lr >= 0 && min_lr <= lr) || warmup < 0 || total < 1 ||
                          !(decay >= 0 && decay < 10) || !(clip > 0)))
        fail("set_training accepted a setting out of range");
    FUZZ_REQUIRE_REFUSAL(attn_model_set_training(NULL, 1e-3f, 1e-4f, 20, 2000, 0.1f, 1.0f));

    float *first = NULL, *second = NULL, *params = NULL;
    uint32_t *rng = NULL;
    int count = -1, pcount = -2;
    if (attn_model_optimizer(&first, &second, &rng, &count, r->model) != ATTN_OK) fail("optimizer refused");
    if (attn_model_params(&params, &pcount, r->model) != ATTN_OK || count != pcount || count <= 0) fail("optimizer count");
    if ((rng[0] | rng[1] | rng[2] | rng[3]) == 0) fail("optimizer rng all zero");
    FUZZ_REQUIRE_REFUSAL(attn_model_optimizer(NULL, &second, &rng, &count, r->model));
    FUZZ_REQUIRE_REFUSAL(attn_model_optimizer(&first, &second, &rng, &count, NULL));
    /* setOptimizerState: finite moments, second ≥ 0, a generator not all zero (ASan: all in range) */
    for (int i = 0; i < count; i++) {
        first[i] = fuzz_float(in) / 64;
        second[i] = fabsf(fuzz_float(in)) / 64;
        if (!isfinite(first[i])) first[i] = 0;
        if (!isfinite(second[i])) second[i] = 0;
    }
    rng[fuzz_byte(in) % 4] ^= (uint32_t)fuzz_byte(in) << 8 | 1;
    if ((rng[0] | rng[1] | rng[2] | rng[3]) == 0) rng[0] = 1;

    /* setParams with a step count: at INT_MAX the count cannot grow, so update refuses */
    int steps = fuzz_byte(in) < 200 ? fuzz_byte(in) : fuzz_size(in);
    rc = attn_model_set_step(r->model, steps);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && steps < 0) fail("set_step accepted a negative count");
    if (steps == INT_MAX && rc == ATTN_OK) FUZZ_REQUIRE_REFUSAL(attn_model_update(NULL, NULL, r->model));
    if (rc == ATTN_OK && steps == INT_MAX) attn_model_set_step(r->model, 0);
}

static void unigram(struct fuzz_input *in) {
    int n = fuzz_byte(in) < 200 ? fuzz_byte(in) : fuzz_size(in), vocab = fuzz_byte(in) < 200 ? 1 + fuzz_byte(in) : fuzz_size(in);
    if (n > FUZZ_MAX_ELEMENTS) return;
    int *ids = malloc((size_t)(n > 0 ? n : 1) * sizeof(int)), bad = 0;
    for (int i = 0; i < n; i++) {
        uint8_t x = fuzz_byte(in);
        ids[i] = x < 248 ? (vocab > 0 ? x % vocab : x) : (x & 1 ? vocab : -1);
        bad |= ids[i] < 0 || ids[i] >= vocab;
    }
    double nats = -1;
    int rc = attn_unigram_entropy(&nats, ids, n, vocab);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK) {
        if (n <= 0 || vocab <= 0 || bad) fail("unigram accepted impossible ids or sizes");
        double most = log(n < vocab ? n : vocab);
        if (!(nats >= 0 && nats <= most + 1e-9)) fail("unigram entropy out of [0, log min(n, vocab)]");
    } else if (n > 0 && vocab > 0 && vocab <= 65536 && !bad) {
        fail("unigram refused valid ids");
    }
    FUZZ_REQUIRE_REFUSAL(attn_unigram_entropy(NULL, ids, n, vocab));
    free(ids);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    unigram(&in);
    struct run r = {0};
    r.vocab = 2 + fuzz_byte(&in) % 11, r.layers = 1 + fuzz_byte(&in) % 2, r.heads = 1 + fuzz_byte(&in) % 2;
    r.d_model = r.heads * (1 + fuzz_byte(&in) % 4), r.context = 2 + fuzz_byte(&in) % 5, r.batch = 1 + fuzz_byte(&in) % 3;
    if (attn_model_create(&r.model, r.vocab, r.layers, r.heads, r.d_model, r.context, r.batch, fuzz_byte(&in)) != ATTN_OK) fail("create refused a small model");
    if (attn_model_tape(&r.tape, r.model) != ATTN_OK || !r.tape) fail("tape");
    FUZZ_REQUIRE_REFUSAL(attn_model_tape(NULL, r.model));
    FUZZ_REQUIRE_REFUSAL(attn_model_tape(&r.tape, NULL));
    double params = 0;
    attn_tape_counts(NULL, NULL, &params, NULL, r.tape);
    if (attn_tape_set_limit(r.tape, 4 * params * 4 + 4.0 * 1048576) != ATTN_OK) abort(); /* a few MB of activations */
    settings(&in, &r);

    r.n = r.context + 1 + fuzz_byte(&in) % 40;
    r.data = malloc((size_t)r.n * sizeof(int));
    for (int i = 0; i < r.n; i++) r.data[i] = fuzz_byte(&in) % r.vocab;
    r.tokens = malloc((size_t)r.batch * r.context * sizeof(int));
    r.targets = malloc((size_t)r.batch * r.context * sizeof(int));
    double nats = -1;
    if (attn_unigram_entropy(&nats, r.data, r.n, r.vocab) != ATTN_OK || !(nats >= 0)) fail("unigram of the text");

    int steps = fuzz_byte(&in) % 12;
    for (int s = 0; s < steps && in.at < in.size; s++) {
        switch (fuzz_byte(&in) % 5) {
        case 0: case 1: {
            float loss = own_attention_step(&in, &r);
            (void)loss; /* NaN is possible: the fuzzer's moments may be huge */
            break;
        }
        case 2: forward_step(&in, &r); break;
        case 3: settings(&in, &r); break;
        default: stray_call(&in, &r); break;
        }
    }
    double bytes = -1;
    if (attn_heap_in_use(&bytes) != ATTN_OK || !(bytes >= 0)) fail("heap_in_use");
    FUZZ_REQUIRE_REFUSAL(attn_heap_in_use(NULL));
    FUZZ_REQUIRE_KNOWN_STATUS(attn_model_free(r.model));
    free(r.data), free(r.tokens), free(r.targets);
    return 0;
}
