/*
 * autograd.c — the reverse-mode tape: its memory, parameters, inputs and the backward sweep.
 * The differentiable ops live in autograd_ops_*.c, each backward beside its forward.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"
#include "autograd_internal.h"
#include "check.h"
#include "parallel.h"

/* Zeroes x[0..count) on both cores, in blocks of 64k floats. */
static void zero_range(void *ctx, int64_t begin, int64_t end, int thread) {
    (void)thread;
    memset((float *)ctx + begin, 0, (size_t)(end - begin) * sizeof(float));
}
static void zero_floats(float *x, int64_t count) { attn__parallel_ranges(zero_range, x, count, 1 << 16); }

int attn_tape_create(struct attn_tape **out) {
    ATTN__REFUSE_IF(!out, ATTN_ERR_NULL);
    *out = NULL;
    struct attn_tape *t = calloc(1, sizeof *t);
    ATTN__REFUSE_IF(!t, ATTN_ERR_MEMORY);
    *out = t;
    return ATTN_OK;
}

int attn_tape_free(struct attn_tape *t) {
    if (!t) return ATTN_OK;
    free(t->nodes);
    if (!t->shares_params) free(t->params);
    free(t->param_grads);
    free(t->moments);
    free(t->act);
    free(t->act_grads);
    free(t->indices);
    free(t->scratch);
    free(t);
    return ATTN_OK;
}

int attn__tape_create_sharing(struct attn_tape **out, struct attn_tape *owner) {
    ATTN__TRY(attn_tape_create(out));
    struct attn_tape *t = *out;
    t->shares_params = 1;
    t->max_bytes = owner->max_bytes;
    t->nodes = malloc((size_t)(owner->param_nodes > 0 ? owner->param_nodes : 1) * sizeof *t->nodes);
    t->param_grads = calloc((size_t)(owner->param_capacity > 0 ? owner->param_capacity : 1), sizeof(float));
    if (!t->nodes || !t->param_grads) {
        attn_tape_free(t);
        *out = NULL;
        return ATTN_ERR_MEMORY;
    }
    memcpy(t->nodes, owner->nodes, (size_t)owner->param_nodes * sizeof *t->nodes);
    t->node_capacity = t->node_count = t->param_nodes = owner->param_nodes;
    t->param_capacity = owner->param_capacity;
    attn__tape_share_params(t, owner);
    return ATTN_OK;
}

void attn__tape_share_params(struct attn_tape *t, const struct attn_tape *owner) {
    t->params = owner->params;
    t->param_size = owner->param_size;
}

int attn_tape_set_limit(struct attn_tape *t, double max_bytes) {
    ATTN__REFUSE_IF(!t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!(max_bytes >= 0), ATTN_ERR_ARGUMENT);
    t->max_bytes = max_bytes;
    return ATTN_OK;
}

int attn_tape_reset(struct attn_tape *t) {
    ATTN__REFUSE_IF(!t, ATTN_ERR_NULL);
    t->node_count = t->param_nodes;
    t->act_size = 0;
    t->index_size = 0;
    return ATTN_OK;
}

/* Bytes the tape would hold with these capacities. */
static double tape_bytes(const struct attn_tape *t, int64_t param_cap, int64_t act_cap, int64_t index_cap) {
    return 4.0 * (4.0 * (double)param_cap + 2.0 * (double)act_cap + (double)index_cap + (double)t->scratch_capacity);
}

/* Grows one block (and its twins) to hold `need` entries; capacities double. */
static int grow_floats(float **blocks[], int count, int64_t *capacity, int64_t need) {
    if (need <= *capacity) return ATTN_OK;
    int64_t cap = *capacity ? *capacity : 1024;
    while (cap < need) cap *= 2;
    for (int i = 0; i < count; i++) {
        float *grown = realloc(*blocks[i], (size_t)cap * sizeof(float));
        if (!grown) return ATTN_ERR_MEMORY;
        memset(grown + *capacity, 0, (size_t)(cap - *capacity) * sizeof(float));
        *blocks[i] = grown;
    }
    *capacity = cap;
    return ATTN_OK;
}

static int next_capacity(int64_t have, int64_t need) {
    (void)have;
    return need > ATTN__MAX_ELEMENTS ? ATTN_ERR_OVERFLOW : ATTN_OK;
}

/* Moments are (2, capacity): growing them keeps both halves in place. */
static int grow_params(struct attn_tape *t, int64_t need) {
    if (need <= t->param_capacity) return ATTN_OK;
    ATTN__REFUSE_IF(t->frozen, ATTN_ERR_MEMORY);
    int64_t old = t->param_capacity;
    int64_t cap = old ? old : 1024;
    while (cap < need) cap *= 2;
    ATTN__TRY(next_capacity(old, 2 * cap));
    if (t->max_bytes > 0 && tape_bytes(t, cap, t->act_capacity, t->index_capacity) > t->max_bytes) return ATTN_ERR_MEMORY;
    float **blocks[] = {&t->params, &t->param_grads};
    int64_t c = old;
    ATTN__TRY(grow_floats(blocks, 2, &c, cap));
    float *moments = calloc((size_t)(2 * cap), sizeof(float));
    ATTN__REFUSE_IF(!moments, ATTN_ERR_MEMORY);
    if (t->moments) {
        memcpy(moments, t->moments, (size_t)old * sizeof(float));
        memcpy(moments + cap, t->moments + old, (size_t)old * sizeof(float));
        free(t->moments);
    }
    t->moments = moments;
    t->param_capacity = cap;
    return ATTN_OK;
}

static int grow_act(struct attn_tape *t, int64_t need) {
    if (need <= t->act_capacity) return ATTN_OK;
    ATTN__REFUSE_IF(t->frozen, ATTN_ERR_MEMORY);
    int64_t cap = t->act_capacity ? t->act_capacity : 4096;
    while (cap < need) cap *= 2;
    ATTN__TRY(next_capacity(t->act_capacity, cap));
    if (t->max_bytes > 0 && tape_bytes(t, t->param_capacity, cap, t->index_capacity) > t->max_bytes) return ATTN_ERR_MEMORY;
    float **blocks[] = {&t->act, &t->act_grads};
    return grow_floats(blocks, 2, &t->act_capacity, cap);
}

static int grow_indices(struct attn_tape *t, int64_t need) {
    if (need <= t->index_capacity) return ATTN_OK;
    ATTN__REFUSE_IF(t->frozen, ATTN_ERR_MEMORY);
    int64_t cap = t->index_capacity ? t->index_capacity : 1024;
    while (cap < need) cap *= 2;
    ATTN__TRY(next_capacity(t->index_capacity, cap));
    int *grown = realloc(t->indices, (size_t)cap * sizeof(int));
    ATTN__REFUSE_IF(!grown, ATTN_ERR_MEMORY);
    t->indices = grown;
    t->index_capacity = cap;
    return ATTN_OK;
}

int attn__tape_reserve_scratch(struct attn_tape *t, int64_t floats) {
    if (floats <= t->scratch_capacity) return ATTN_OK;
    ATTN__REFUSE_IF(t->frozen, ATTN_ERR_MEMORY);
    ATTN__TRY(next_capacity(t->scratch_capacity, floats));
    const int64_t old = t->scratch_capacity;
    t->scratch_capacity = floats;
    if (t->max_bytes > 0 && tape_bytes(t, t->param_capacity, t->act_capacity, t->index_capacity) > t->max_bytes) {
        t->scratch_capacity = old;
        return ATTN_ERR_MEMORY;
    }
    free(t->scratch);
    t->scratch = malloc((size_t)floats * sizeof(float));
    if (!t->scratch) {
        t->scratch_capacity = 0;
        return ATTN_ERR_MEMORY;
    }
    return ATTN_OK;
}

static int grow_nodes(struct attn_tape *t) {
    if (t->node_count < t->node_capacity) return ATTN_OK;
    ATTN__REFUSE_IF(t->frozen, ATTN_ERR_MEMORY);
    int cap = t->node_capacity ? 2 * t->node_capacity : 256;
    struct tape_node *grown = realloc(t->nodes, (size_t)cap * sizeof *grown);
    ATTN__REFUSE_IF(!grown, ATTN_ERR_MEMORY);
    t->nodes = grown;
    t->node_capacity = cap;
    return ATTN_OK;
}

static int check_dims(int ndim, const int *dims, int64_t *size) {
    ATTN__REFUSE_IF(!dims, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(ndim < 1 || ndim > ATTN_TAPE_MAX_DIMS, ATTN_ERR_SHAPE);
    int64_t s = 1;
    for (int i = 0; i < ndim; i++) {
        ATTN__REFUSE_IF(dims[i] <= 0, ATTN_ERR_SIZE);
        ATTN__TRY(attn__check_product(s, dims[i]));
        s *= dims[i];
    }
    *size = s;
    return ATTN_OK;
}

static struct tape_node new_node(const char *op, tape_backward_fn backward, int ndim, const int *dims, int64_t size) {
    struct tape_node n;
    memset(&n, 0, sizeof n);
    n.op = op;
    n.backward = backward;
    n.ndim = ndim;
    for (int i = 0; i < ndim; i++) n.dims[i] = dims[i];
    n.size = size;
    n.aux = -1;
    n.index = -1;
    for (int i = 0; i < TAPE_MAX_INPUTS; i++) n.in[i] = -1;
    return n;
}

int attn__tape_push(struct attn_tape *t, int *id, const char *op, tape_backward_fn backward, int ndim, const int *dims,
                    int64_t aux_floats, int64_t index_count) {
    int64_t size;
    ATTN__TRY(check_dims(ndim, dims, &size));
    ATTN__TRY(grow_nodes(t));
    /* Keep every tensor 16-byte aligned (SIMD loads) by rounding sizes up to 4 floats. */
    int64_t padded = (size + 3) & ~(int64_t)3, aux_padded = (aux_floats + 3) & ~(int64_t)3;
    ATTN__TRY(grow_act(t, t->act_size + padded + aux_padded));
    ATTN__TRY(grow_indices(t, t->index_size + index_count));
    struct tape_node n = new_node(op, backward, ndim, dims, size);
    n.offset = t->act_size;
    t->act_size += padded;
    if (aux_floats > 0) {
        n.aux = t->act_size;
        t->act_size += aux_padded;
    }
    if (index_count > 0) {
        n.index = t->index_size;
        t->index_size += index_count;
    }
    t->nodes[t->node_count] = n;
    *id = t->node_count++;
    return ATTN_OK;
}

int attn_tape_param(int *id, struct attn_tape *t, int ndim, const int *dims, int decay) {
    ATTN__REFUSE_IF(!id || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(t->node_count != t->param_nodes, ATTN_ERR_ARGUMENT); /* activations exist */
    ATTN__REFUSE_IF(t->shares_params, ATTN_ERR_ARGUMENT);
    int64_t size;
    ATTN__TRY(check_dims(ndim, dims, &size));
    ATTN__TRY(grow_nodes(t));
    int64_t padded = (size + 3) & ~(int64_t)3;
    ATTN__TRY(grow_params(t, t->param_size + padded));
    struct tape_node n = new_node("param", NULL, ndim, dims, size);
    n.is_param = 1;
    n.decay = decay != 0;
    n.offset = t->param_size;
    t->param_size += padded;
    memset(t->params + n.offset, 0, (size_t)padded * sizeof(float));
    t->nodes[t->node_count] = n;
    *id = t->node_count++;
    t->param_nodes = t->node_count;
    return ATTN_OK;
}

int attn_tape_input(int *id, struct attn_tape *t, const float *x, int ndim, const int *dims) {
    ATTN__REFUSE_IF(!id || !t || !x, ATTN_ERR_NULL);
    ATTN__TRY(attn__tape_push(t, id, "input", NULL, ndim, dims, 0, 0));
    memcpy(tape_val(t, *id), x, (size_t)t->nodes[*id].size * sizeof(float));
    return ATTN_OK;
}

int attn_tape_data(float **data, struct attn_tape *t, int id) {
    ATTN__REFUSE_IF(!data || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, id), ATTN_ERR_ARGUMENT);
    *data = tape_val(t, id);
    return ATTN_OK;
}

int attn_tape_grad(float **grad, struct attn_tape *t, int id) {
    ATTN__REFUSE_IF(!grad || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, id), ATTN_ERR_ARGUMENT);
    *grad = tape_grad(t, id);
    return ATTN_OK;
}

int attn_tape_shape(int *ndim, int *dims, int *size, struct attn_tape *t, int id) {
    ATTN__REFUSE_IF(!ndim || !dims || !size || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, id), ATTN_ERR_ARGUMENT);
    const struct tape_node *n = &t->nodes[id];
    *ndim = n->ndim;
    for (int i = 0; i < ATTN_TAPE_MAX_DIMS; i++) dims[i] = i < n->ndim ? n->dims[i] : 1;
    *size = (int)n->size;
    return ATTN_OK;
}

int attn_tape_counts(int *nodes, int *params, double *param_floats, double *activation_floats, struct attn_tape *t) {
    ATTN__REFUSE_IF(!t, ATTN_ERR_NULL);
    if (nodes) *nodes = t->node_count;
    if (params) *params = t->param_nodes;
    if (param_floats) *param_floats = (double)t->param_size;
    if (activation_floats) *activation_floats = (double)t->act_size;
    return ATTN_OK;
}

int attn_tape_zero_grad(struct attn_tape *t) {
    ATTN__REFUSE_IF(!t, ATTN_ERR_NULL);
    if (t->param_size) zero_floats(t->param_grads, t->param_size);
    return ATTN_OK;
}

int attn_tape_backward(struct attn_tape *t, int root, const float *seed) {
    ATTN__REFUSE_IF(!t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, root) || root < t->param_nodes, ATTN_ERR_ARGUMENT);
    for (int id = t->param_nodes; id < t->node_count; id++) t->nodes[id].grad_written = 0;
    float *g = tape_grad(t, root);
    const int64_t size = t->nodes[root].size;
    for (int64_t i = 0; i < size; i++) g[i] = seed ? seed[i] : 1.0f;
    t->nodes[root].grad_written = 1;
    /* Each op writes or adds its inputs' gradients (tape_grad_adds); a node no op reached has
     * a zero gradient, as do the nodes after the root. */
    for (int id = root; id >= t->param_nodes; id--) {
        struct tape_node *n = &t->nodes[id];
        if (!n->grad_written) zero_floats(tape_grad(t, id), n->size);
        n->grad_written = 1;
        if (!n->backward) continue;
        n->backward(t, id);
        for (int slot = 0; slot < TAPE_MAX_INPUTS; slot++)
            if (n->in[slot] >= 0) t->nodes[n->in[slot]].grad_written = 1;
    }
    for (int id = root + 1; id < t->node_count; id++) zero_floats(tape_grad(t, id), t->nodes[id].size);
    return ATTN_OK;
}
