/*
 * fuzz_recurrent.c — libFuzzer target for the tape's recurrent cell: a gated recurrent unit
 * over inputs of fuzzed sizes (mostly consistent, sometimes one tensor swapped for any node or
 * an impossible id) and fuzzed values, the step selector at any step, then backward from the
 * states or the selected step with a fuzzed seed.
 *
 * Checks: every status is a known code; an accepted cell had shapes that fit its rule and gives
 * (B, T, H); every state lies within max(1, max |h0|) of zero when the inputs are moderate (in [−100, 100]) (each
 * state is a convex mix of a tanh and the state before it); a selected step is that step's
 * states bit for bit; every tensor handed back is read end to end (ASan checks the range).
 */
#include "fuzz_input.h"

/* Reads a node's values and gradient end to end; returns its size (0 when it has none). */
static int64_t touch(struct attn_tape *t, int id) {
    int nd, dims[ATTN_TAPE_MAX_DIMS], size;
    float *data = NULL, *grad = NULL;
    if (attn_tape_shape(&nd, dims, &size, t, id) != ATTN_OK) return 0;
    if (attn_tape_data(&data, t, id) != ATTN_OK || attn_tape_grad(&grad, t, id) != ATTN_OK) abort();
    volatile float sink = 0;
    for (int i = 0; i < size; i++) sink += data[i] + grad[i];
    (void)sink;
    return size;
}

static void fail(const char *what) {
    fprintf(stderr, "recurrent cell: %s\n", what);
    abort();
}

/* An input node of the given shape, filled with fuzzed values: any floats when `wild`, else
 * finite ones in [−100, 100] (so no product overflows). −1 if refused. */
static int input(struct fuzz_input *in, struct attn_tape *t, int ndim, const int *dims, int wild, int *all_finite) {
    int64_t n = 1;
    for (int i = 0; i < ndim; i++) n *= dims[i];
    float *x = fuzz_floats(in, n);
    for (int64_t i = 0; i < n; i++) {
        if (!wild) x[i] = isnan(x[i]) ? 0.5f : fmaxf(-100.0f, fminf(100.0f, x[i]));
        if (!isfinite(x[i]) || fabsf(x[i]) > 100.0f) *all_finite = 0;
    }
    int node = -1;
    const int rc = attn_tape_input(&node, t, x, ndim, dims);
    free(x);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    return rc == ATTN_OK ? node : -1;
}

/* The states (B, T, H) of an accepted cell: each within bound of zero, when the inputs are moderate. */
static void check_states(struct attn_tape *t, int out, int b, int tt, int hw, float bound, int all_finite) {
    int nd, dims[ATTN_TAPE_MAX_DIMS], size;
    float *h;
    if (attn_tape_shape(&nd, dims, &size, t, out) != ATTN_OK) fail("no shape");
    if (nd != 3 || dims[0] != b || dims[1] != tt || dims[2] != hw) fail("states shape");
    attn_tape_data(&h, t, out);
    for (int i = 0; all_finite && i < size; i++)
        if (!(fabsf(h[i]) <= bound * (1 + 1e-5f))) fail("a state outside the convex bound");
    touch(t, out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    struct attn_tape *t = NULL;
    if (attn_tape_create(&t) != ATTN_OK || !t) abort();
    FUZZ_REQUIRE_KNOWN_STATUS(attn_tape_set_limit(t, 4 * 1048576.0));
    const int b = 1 + fuzz_byte(&in) % 3, tt = 1 + fuzz_byte(&in) % 6, hw = 1 + fuzz_byte(&in) % 4;
    const int wild = fuzz_byte(&in) > 200, swap = fuzz_byte(&in) % 8; /* swap < 4: replace that tensor */
    int all_finite = 1;
    const int dx[3] = {b, tt, 3 * hw}, dh[2] = {b, hw}, dw[2] = {hw, 3 * hw}, db[1] = {3 * hw};
    int ids[4] = {input(&in, t, 3, dx, wild, &all_finite), input(&in, t, 2, dh, wild, &all_finite),
                  input(&in, t, 2, dw, wild, &all_finite), input(&in, t, 1, db, wild, &all_finite)};
    if (swap < 4) ids[swap] = fuzz_id(&in, t);
    float bound = 1;
    float *h0 = NULL;
    if (ids[1] >= 0 && attn_tape_data(&h0, t, ids[1]) == ATTN_OK && swap != 1)
        for (int i = 0; i < b * hw; i++) bound = fmaxf(bound, fabsf(h0[i]));
    int out = -1;
    const int rc = attn_tape_gru(&out, t, ids[0], ids[1], ids[2], ids[3]);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    FUZZ_REQUIRE_REFUSAL(attn_tape_gru(NULL, t, ids[0], ids[1], ids[2], ids[3]));
    if (rc != ATTN_OK) {
        if (swap >= 4) fail("refused consistent shapes");
        FUZZ_REQUIRE_KNOWN_STATUS(attn_tape_free(t));
        return 0;
    }
    check_states(t, out, b, tt, hw, bound, all_finite && swap >= 4);
    int root = out, step = (int)(fuzz_byte(&in) % 9) - 1, last = -1;
    const int src = attn_tape_select_step(&last, t, out, step);
    FUZZ_REQUIRE_KNOWN_STATUS(src);
    FUZZ_REQUIRE_REFUSAL(attn_tape_select_step(NULL, t, out, step));
    if (src == ATTN_OK) {
        if (step < 0 || step >= tt) fail("selected a step out of range");
        float *states, *picked;
        attn_tape_data(&states, t, out);
        attn_tape_data(&picked, t, last);
        for (int bi = 0; bi < b; bi++)
            if (memcmp(picked + bi * hw, states + ((size_t)bi * tt + step) * hw, sizeof(float) * hw)) fail("select");
        touch(t, last);
        root = last;
    } else if (step >= 0 && step < tt) fail("refused a step in range");
    const int64_t root_size = touch(t, root);
    float *seed = fuzz_byte(&in) & 1 ? fuzz_floats(&in, root_size) : NULL;
    FUZZ_REQUIRE_KNOWN_STATUS(attn_tape_backward(t, root, seed));
    free(seed);
    for (int i = 0; i < 4; i++) touch(t, ids[i]);
    touch(t, out);
    FUZZ_REQUIRE_KNOWN_STATUS(attn_tape_free(t));
    return 0;
}
