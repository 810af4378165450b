/*
 * autograd_ops_recurrent.c — the tape's recurrent op: a gated recurrent unit (GRU; Cho et al.,
 * 2014) run over a whole sequence, forward and backward through time, as one node.
 *
 * The input's share of every gate is computed beforehand for all steps at once by one product
 * (attn_tape_linear: gx = x · W_x + b_x, (B, T, 3H)); this op adds the recurrent share and the
 * gates, step after step. With gh = h_{t−1} · W_h + b_h (B, 3H), gates in the order r, z, n:
 *   r = σ(gx_r + gh_r)          the reset gate
 *   z = σ(gx_z + gh_z)          the update gate
 *   n = tanh(gx_n + r ∘ gh_n)   the candidate
 *   h_t = (1 − z) ∘ n + z ∘ h_{t−1}
 * (PyTorch's form: the reset gate scales the recurrent share of n, bias included.)
 * The steps are sequential: T products of (B, H) · (H, 3H), O(T · H²) per sentence.
 *
 * The aux block keeps, per step and row, r, z, n and gh_n (4H floats) for the backward, and
 * room for its two carries (B · 3H and B · H). Plain loops: no optimised twin.
 */
#include <math.h>
#include <string.h>

#include "autograd_internal.h"
#include "check.h"

static float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

/* gh = h · w + bias, for one row. */
static void recurrent_share(float *gh,         /* (3H) */
                            const float *h,    /* (H) */
                            const float *w,    /* (H, 3H) */
                            const float *bias, /* (3H) */
                            int hw) {
    const int g = 3 * hw;
    memcpy(gh, bias, (size_t)g * sizeof(float));
    for (int k = 0; k < hw; k++) {
        const float hk = h[k];
        const float *wk = w + (size_t)k * g;
        for (int j = 0; j < g; j++) gh[j] += hk * wk[j];
    }
}

/* The forward, step after step: the states h (B, T, H) and, per step and row, r, z, n, gh_n. */
static void gru_forward(float *h,            /* (B, T, H) */
                        float *saved,        /* (T, B, 4H) */
                        float *gh,           /* (3H) scratch */
                        const float *x,      /* (B, T, 3H) the input's share gx */
                        const float *h_init, /* (B, H) */
                        const float *w,      /* (H, 3H) */
                        const float *bias,   /* (3H) */
                        int b, int tt, int hw) {
    const int g = 3 * hw;
    for (int step = 0; step < tt; step++) {
        for (int bi = 0; bi < b; bi++) {
            const float *prev = step ? h + ((size_t)bi * tt + step - 1) * hw : h_init + (size_t)bi * hw;
            recurrent_share(gh, prev, w, bias, hw);
            const float *xr = x + ((size_t)bi * tt + step) * g;
            float *gate = saved + ((size_t)step * b + bi) * 4 * hw;
            float *hr = h + ((size_t)bi * tt + step) * hw;
            for (int k = 0; k < hw; k++) {
                const float r = sigmoid(xr[k] + gh[k]);
                const float z = sigmoid(xr[hw + k] + gh[hw + k]);
                const float cand = tanhf(xr[2 * hw + k] + r * gh[2 * hw + k]);
                gate[k] = r;
                gate[hw + k] = z;
                gate[2 * hw + k] = cand;
                gate[3 * hw + k] = gh[2 * hw + k];
                hr[k] = (1.0f - z) * cand + z * prev[k];
            }
        }
    }
}

/*
 * One step's gates, backwards, for every row: from dL/dh_t (dout's step plus the carry from
 * later steps) to dL/d(gx) of the step (written or added) and dL/d(gh) (B, 3H); the carry
 * becomes the direct share of dL/dh_{t−1}, h_{t−1} · z.
 */
static void gates_backward(float *dgx,         /* (B, T, 3H) */
                           float *dgh,         /* (B, 3H) */
                           float *carry,       /* (B, H): in dL/dh_t from later steps, out z ∘ that */
                           const float *saved, /* (T, B, 4H): r, z, n, gh_n */
                           const float *prev_states, /* (B, T, H) the states, or h0 (B, H) at step 0 */
                           const float *dout,  /* (B, T, H) */
                           int gx_adds, int b, int tt, int hw, int step) {
    const int g = 3 * hw;
    for (int bi = 0; bi < b; bi++) {
        const float *gate = saved + ((size_t)step * b + bi) * 4 * hw;
        const float *prev = step ? prev_states + ((size_t)bi * tt + step - 1) * hw : prev_states + (size_t)bi * hw;
        const float *dh_out = dout + ((size_t)bi * tt + step) * hw;
        float *dgx_row = dgx + ((size_t)bi * tt + step) * g, *dgh_row = dgh + (size_t)bi * g;
        float *carry_row = carry + (size_t)bi * hw;
        for (int k = 0; k < hw; k++) {
            const float r = gate[k], z = gate[hw + k], cand = gate[2 * hw + k], ghn = gate[3 * hw + k];
            const float dh = dh_out[k] + carry_row[k];
            const float dn = dh * (1.0f - z), dz = dh * (prev[k] - cand); /* h = (1 − z) n + z h_prev */
            carry_row[k] = dh * z;
            const float dan = dn * (1.0f - cand * cand);                   /* n = tanh(gx_n + r gh_n) */
            const float dar = dan * ghn * r * (1.0f - r), daz = dz * z * (1.0f - z);
            const float d[3] = {dar, daz, dan};
            for (int q = 0; q < 3; q++) {
                float *slot = dgx_row + q * hw + k;
                *slot = gx_adds ? *slot + d[q] : 0.0f + d[q];
            }
            dgh_row[k] = dar;
            dgh_row[hw + k] = daz;
            dgh_row[2 * hw + k] = dan * r;
        }
    }
}

/* gh = h_prev · W_h + b_h, backwards: dW_h += h_prevᵀ dgh, db_h += Σ dgh, carry += dgh W_hᵀ. */
static void recurrent_share_backward(float *dw,    /* (H, 3H) */
                                     float *dbias, /* (3H) */
                                     float *carry, /* (B, H) */
                                     const float *dgh, /* (B, 3H) */
                                     const float *prev_states, /* (B, T, H) the states, or h0 (B, H) */
                                     const float *w,   /* (H, 3H) */
                                     int b, int tt, int hw, int step) {
    const int g = 3 * hw;
    for (int bi = 0; bi < b; bi++) {
        const float *prev = step ? prev_states + ((size_t)bi * tt + step - 1) * hw : prev_states + (size_t)bi * hw;
        const float *dgh_row = dgh + (size_t)bi * g;
        float *carry_row = carry + (size_t)bi * hw;
        for (int j = 0; j < g; j++) dbias[j] += dgh_row[j];
        for (int k = 0; k < hw; k++) {
            const float *wk = w + (size_t)k * g;
            float *dwk = dw + (size_t)k * g;
            float sum = 0.0f;
            for (int j = 0; j < g; j++) {
                dwk[j] += prev[k] * dgh_row[j];
                sum += dgh_row[j] * wk[j];
            }
            carry_row[k] += sum;
        }
    }
}

/* in: gx, h0, w_h, b_h. iarg: B, T, H. aux: (T, B, 4H) saved gates, then dgh (B, 3H) and the
 * carry (B, H): dL/dh_{t−1} from the steps after it. */
static void gru_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const int b = n->iarg[0], tt = n->iarg[1], hw = n->iarg[2];
    const int gx_id = n->in[0], h0_id = n->in[1], w_id = n->in[2], bias_id = n->in[3];
    const float *out = tape_val(t, id), *dout = tape_grad(t, id);
    const float *h0 = tape_val(t, h0_id), *w = tape_val(t, w_id);
    float *dgx = tape_grad(t, gx_id), *dh0 = tape_grad(t, h0_id);
    float *dw = tape_grad(t, w_id), *dbias = tape_grad(t, bias_id);
    const int gx_adds = tape_grad_adds(t, id, 0), h0_adds = tape_grad_adds(t, id, 1);
    float *saved = tape_aux(t, id);
    float *dgh = saved + (size_t)tt * b * 4 * hw;
    float *carry = dgh + (size_t)b * 3 * hw;
    memset(carry, 0, (size_t)b * hw * sizeof(float));
    if (!tape_grad_adds(t, id, 2)) memset(dw, 0, (size_t)hw * 3 * hw * sizeof(float));
    if (!tape_grad_adds(t, id, 3)) memset(dbias, 0, (size_t)3 * hw * sizeof(float));
    for (int step = tt - 1; step >= 0; step--) {
        const float *prev_states = step ? out : h0;
        gates_backward(dgx, dgh, carry, saved, prev_states, dout, gx_adds, b, tt, hw, step);
        recurrent_share_backward(dw, dbias, carry, dgh, prev_states, w, b, tt, hw, step);
    }
    for (int64_t i = 0; i < (int64_t)b * hw; i++) dh0[i] = h0_adds ? dh0[i] + carry[i] : 0.0f + carry[i];
}

int attn_tape_gru(int *out, struct attn_tape *t, int gx, int h0, int w_h, int b_h) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, gx) || !tape_valid(t, h0) || !tape_valid(t, w_h) || !tape_valid(t, b_h),
                    ATTN_ERR_ARGUMENT);
    const struct tape_node *xn = tape_node(t, gx), *hn = tape_node(t, h0);
    const struct tape_node *wn = tape_node(t, w_h), *bn = tape_node(t, b_h);
    ATTN__REFUSE_IF(xn->ndim != 3 || hn->ndim != 2 || wn->ndim != 2 || bn->ndim != 1, ATTN_ERR_SHAPE);
    const int b = xn->dims[0], tt = xn->dims[1], hw = hn->dims[1];
    ATTN__REFUSE_IF(hn->dims[0] != b || xn->dims[2] != 3 * (int64_t)hw, ATTN_ERR_SHAPE);
    ATTN__REFUSE_IF(wn->dims[0] != hw || wn->dims[1] != 3 * (int64_t)hw || bn->dims[0] != 3 * (int64_t)hw, ATTN_ERR_SHAPE);
    const int64_t aux = (int64_t)tt * b * 4 * hw + (int64_t)b * 4 * hw;
    int dims[3] = {b, tt, hw};
    ATTN__TRY(attn__tape_push(t, out, "gru", gru_backward, 3, dims, aux, 0));
    struct tape_node *n = tape_node(t, *out);
    n->in[0] = gx;
    n->in[1] = h0;
    n->in[2] = w_h;
    n->in[3] = b_h;
    n->iarg[0] = b;
    n->iarg[1] = tt;
    n->iarg[2] = hw;
    const float *x = tape_val(t, gx), *h_init = tape_val(t, h0), *w = tape_val(t, w_h), *bias = tape_val(t, b_h);
    float *saved = tape_aux(t, *out);
    /* the backward's dgh space (B, 3H) serves as the forward's scratch */
    gru_forward(tape_val(t, *out), saved, saved + (size_t)tt * b * 4 * hw, x, h_init, w, bias, b, tt, hw);
    return ATTN_OK;
}

static void select_step_backward(struct attn_tape *t, int id) {
    const struct tape_node *n = tape_node(t, id);
    const struct tape_node *an = tape_node(t, n->in[0]);
    const int b = an->dims[0], tt = an->dims[1], c = an->dims[2], step = n->iarg[0];
    const float *dout = tape_grad(t, id);
    float *da = tape_grad(t, n->in[0]);
    /* out[b, :] = a[b, step, :]  →  da[b, step, :] += dout[b, :]; the other steps get nothing */
    if (!tape_grad_adds(t, id, 0)) memset(da, 0, (size_t)an->size * sizeof(float));
    for (int bi = 0; bi < b; bi++)
        for (int k = 0; k < c; k++) da[((size_t)bi * tt + step) * c + k] += dout[(size_t)bi * c + k];
}

int attn_tape_select_step(int *out, struct attn_tape *t, int a, int step) {
    ATTN__REFUSE_IF(!out || !t, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(!tape_valid(t, a), ATTN_ERR_ARGUMENT);
    const struct tape_node *an = tape_node(t, a);
    ATTN__REFUSE_IF(an->ndim != 3, ATTN_ERR_SHAPE);
    ATTN__REFUSE_IF(step < 0 || step >= an->dims[1], ATTN_ERR_ARGUMENT);
    const int b = an->dims[0], tt = an->dims[1], c = an->dims[2];
    int dims[2] = {b, c};
    ATTN__TRY(attn__tape_push(t, out, "select_step", select_step_backward, 2, dims, 0, 0));
    tape_node(t, *out)->in[0] = a;
    tape_node(t, *out)->iarg[0] = step;
    const float *x = tape_val(t, a);
    float *y = tape_val(t, *out);
    for (int bi = 0; bi < b; bi++) memcpy(y + (size_t)bi * c, x + ((size_t)bi * tt + step) * c, (size_t)c * sizeof(float));
    return ATTN_OK;
}
