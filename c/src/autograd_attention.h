/*
 * autograd_attention.h — private: the model's causal multi-head attention as two tape ops
 * (autograd_ops_attention.c), bit for bit the op-by-op path (split_heads, bmm, scale,
 * causal_mask, softmax, bmm, merge_heads) at a fraction of its work and memory. model.c records
 * them; a learner's attention in JS goes op by op. Not part of the public API.
 */
#ifndef ATTN__AUTOGRAD_ATTENTION_H
#define ATTN__AUTOGRAD_ATTENTION_H

#include "attn.h"

/* out: the attention weights (B, H, T, T) = softmax(causal_mask(Q·Kᵀ/√D)) of each head, from
 * q and k (B, T, C) holding `heads` heads side by side (D = C/heads). */
int attn__tape_causal_weights(int *out, struct attn_tape *t, int q, int k, int heads);

/* out (B, T, C): each head's weights (B, H, T, T) times its values in v (B, T, C), the heads
 * side by side again. */
int attn__tape_attend(int *out, struct attn_tape *t, int w, int v);

#endif /* ATTN__AUTOGRAD_ATTENTION_H */
