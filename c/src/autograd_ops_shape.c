/*
 * autograd_ops_shape.c — the tape's shape ops: split a (B, T, C) tensor into H heads of width
 * D = C/H laid out (B, H, T, D), and merge them back. Each backward is the other's forward.
 */
#include <string.h>

#include "autograd_internal.h"
#include "check.h"

/* How permute_heads puts an entry: copied (a forward), added to what is there, or written as
 * 0 + the entry (a gradient no op has written yet: tape_grad_adds). */
enum put { COPY, ADD, WRITE };

/* Moves entries between (B, T, H, D) order (`merged`) and (B, H, T, D) order (`split`), either way. */
static void permute_heads(float *split, float *merged, int b, int tt, int h, int d, int to_split, enum put put) {
    for (int bi = 0; bi < b; bi++)
        for (int hi = 0; hi < h; hi++)
            for (int ti = 0; ti < tt; ti++) {
                float *s = split + (((size_t)bi * h + hi) * tt + ti) * d;
                float *m = merged + (((size_t)bi * tt + ti) * h + hi) * d;
                float *dst = to_split ? s : m;
                const float *src = to_split ? m : s;
                if (put == ADD)
                    for (int j = 0; j < d; j++) dst[j] += src[j];
                else if (put == WRITE)
                    for (int j = 0; j < d; j++) dst[j] = 0.0f + src[j];
                else
                    memcpy(dst, src, (size_t)d * sizeof(float));
            }
}

static void split_heads_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    /* out[b, h, t, :] = a[b, t, h·D : (h+1)·D]  →  da[b, t, h·D…] += dout[b, h, t, :] */
    permute_heads(tape_grad(t, id), tape_grad(t, n->in[0]), n->dims[0], n->dims[2], n->dims[1], n->dims[3], 0,
                  tape_grad_adds(t, id, 0) ? ADD : WRITE);
}

int attn_tape_split_heads(int *out, struct attn_tape *t, int a, int heads) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, a), ATTN_ERR_ARGUMENT);
    ATTN__REFUSE_IF(heads <= 0, ATTN_ERR_SIZE);
    const struct tape_node *an = tape_node(t, a);
    ATTN__REFUSE_IF(an->ndim != 3 || an->dims[2] % heads != 0, ATTN_ERR_SHAPE);
    const int b = an->dims[0], tt = an->dims[1], d = an->dims[2] / heads;
    int dims[4] = {b, heads, tt, d};
    ATTN__TRY(attn__tape_push(t, out, "split_heads", split_heads_backward, 4, dims, 0, 0));
    tape_node(t, *out)->in[0] = a;
    permute_heads(tape_val(t, *out), tape_val(t, a), b, tt, heads, d, 1, COPY);
    return ATTN_OK;
}

static void merge_heads_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const struct tape_node *an = tape_node(t, n->in[0]);
    /* out[b, t, h·D…] = a[b, h, t, :]  →  da[b, h, t, :] += dout[b, t, h·D…] */
    permute_heads(tape_grad(t, n->in[0]), tape_grad(t, id), an->dims[0], an->dims[2], an->dims[1], an->dims[3], 1,
                  tape_grad_adds(t, id, 0) ? ADD : WRITE);
}

int attn_tape_merge_heads(int *out, struct attn_tape *t, int a) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, a), ATTN_ERR_ARGUMENT);
    const struct tape_node *an = tape_node(t, a);
    ATTN__REFUSE_IF(an->ndim != 4, ATTN_ERR_SHAPE);
    const int b = an->dims[0], h = an->dims[1], tt = an->dims[2], d = an->dims[3];
    ATTN__TRY(attn__check_product((int64_t)h, d));
    int dims[3] = {b, tt, h * d};
    ATTN__TRY(attn__tape_push(t, out, "merge_heads", merge_heads_backward, 3, dims, 0, 0));
    tape_node(t, *out)->in[0] = a;
    permute_heads(tape_val(t, a), tape_val(t, *out), b, tt, h, d, 0, COPY);
    return ATTN_OK;
}
