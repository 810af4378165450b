/*
 * autograd_internal.h — the tape's private layout, shared by autograd.c and the op families
 * autograd_ops_*.c. Not part of the public API.
 *
 * Memory: one block per kind (params, param_grads, moments, act, act_grads, indices, nodes,
 * and the matrix products' packing scratch, sized for the largest product recorded).
 * A node records offsets, never pointers, so a block may grow (realloc) between ops.
 */
#ifndef ATTN__AUTOGRAD_INTERNAL_H
#define ATTN__AUTOGRAD_INTERNAL_H

#include <stdint.h>

#include "attn.h"

#define TAPE_MAX_INPUTS 4

struct attn_tape;
/* Adds this node's contribution to its inputs' gradients. */
typedef void (*tape_backward_fn)(struct attn_tape *t, int id);

struct tape_node {
    const char *op;            /* the op that made it, for debugging */
    tape_backward_fn backward; /* NULL for leaves (parameters, inputs) */
    int ndim;
    int dims[ATTN_TAPE_MAX_DIMS];
    int64_t size;    /* product of dims */
    int is_param;    /* value and gradient live in params / param_grads */
    int decay;       /* parameters only: AdamW decays it */
    int64_t offset;  /* into params or act (and the matching gradient block) */
    int64_t aux;     /* offset into act of floats the backward needs (-1: none) */
    int64_t index;   /* offset into indices of the op's integers (-1: none) */
    int in[TAPE_MAX_INPUTS];
    int iarg[4];
    float farg;
    int grad_written; /* during a backward sweep: 1 once an op has written this node's gradient */
};

struct attn_tape {
    struct tape_node *nodes;
    int node_count, node_capacity;
    int param_nodes; /* nodes [0, param_nodes) are parameters */

    float *params, *param_grads, *moments; /* moments: (2, param_capacity): first, then second */
    int64_t param_size, param_capacity;

    float *act, *act_grads;
    int64_t act_size, act_capacity;

    int *indices;
    int64_t index_size, index_capacity;

    float *scratch; /* packing scratch of the matrix products (attn_gemm_ex), reused by every one */
    int64_t scratch_capacity;

    double max_bytes; /* 0: no limit */
    int shares_params; /* 1: params belong to another tape (attn__tape_create_sharing); never freed here */
    int frozen;        /* 1: no block may grow (ATTN_ERR_MEMORY instead): a thread that must not allocate */
};

/*
 * A second tape over `owner`'s parameters: the same parameter nodes, their values read from
 * owner's params (never written, grown or freed through this tape), and gradients, activations,
 * indices and scratch of its own. One batch split in two records its halves on owner and on it
 * (model_train.c). attn__tape_share_params points it at owner's parameters again (call it before
 * each use: owner's block moves if owner grows).
 */
int attn__tape_create_sharing(struct attn_tape **out, struct attn_tape *owner);
void attn__tape_share_params(struct attn_tape *t, const struct attn_tape *owner);

/* Makes the packing scratch hold at least `floats` (its contents need not survive). */
int attn__tape_reserve_scratch(struct attn_tape *t, int64_t floats);

/* Appends a node of shape dims, with `aux` cached floats and `index_count` integers. */
int attn__tape_push(struct attn_tape *t, int *id, const char *op, tape_backward_fn backward, int ndim, const int *dims,
                    int64_t aux_floats, int64_t index_count);

static inline struct tape_node *tape_node(struct attn_tape *t, int id) { return &t->nodes[id]; }
static inline float *tape_val(struct attn_tape *t, int id) {
    struct tape_node *n = &t->nodes[id];
    return (n->is_param ? t->params : t->act) + n->offset;
}
static inline float *tape_grad(struct attn_tape *t, int id) {
    struct tape_node *n = &t->nodes[id];
    return (n->is_param ? t->param_grads : t->act_grads) + n->offset;
}
/*
 * The backward sweep does not zero the activations' gradients first (that streamed every one of
 * them through memory each step): the first op to reach an input's gradient writes 0 + its term,
 * the bits that adding to a zeroed gradient gives, and later ops add theirs. Whether input
 * `slot` of node `id` adds (1) or writes (0): a parameter's gradient always adds
 * (attn_tape_zero_grad zeroes those), and an input an op names twice adds the second time (an op
 * reaches its inputs' gradients in slot order; autograd.c marks them written after the op).
 */
static inline int tape_grad_adds(const struct attn_tape *t, int id, int slot) {
    const struct tape_node *n = &t->nodes[id];
    const struct tape_node *in = &t->nodes[n->in[slot]];
    if (in->is_param || in->grad_written) return 1;
    for (int s = 0; s < slot; s++)
        if (n->in[s] == n->in[slot]) return 1;
    return 0;
}

static inline float *tape_aux(struct attn_tape *t, int id) { return t->act + t->nodes[id].aux; }
static inline int *tape_idx(struct attn_tape *t, int id) { return t->indices + t->nodes[id].index; }
static inline int tape_valid(const struct attn_tape *t, int id) { return t && id >= 0 && id < t->node_count; }

/* Product of dims[from..to). */
static inline int64_t tape_span(const struct tape_node *n, int from, int to) {
    int64_t p = 1;
    for (int i = from; i < to; i++) p *= n->dims[i];
    return p;
}

#endif /* ATTN__AUTOGRAD_INTERNAL_H */
