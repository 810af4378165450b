/*
 * fuzz_input.h — turns a libFuzzer byte string into the arguments of a core function: sizes that
 * are mostly small but sometimes zero, negative or huge; floats that are mostly ordinary but
 * sometimes NaN, ±infinity, the largest finite values or denormals.
 *
 * Buffers are allocated at their exact size, so AddressSanitizer reports any read or write past
 * the shape a function was given. When the sizes make a tensor too large to allocate here, the
 * target calls with small dummy buffers and requires the function to refuse (FUZZ_REQUIRE_REFUSAL):
 * a function that accepted such sizes would read past them, which ASan would also catch.
 */
#ifndef ATTN_FUZZ_INPUT_H
#define ATTN_FUZZ_INPUT_H

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attn.h"

/* The largest tensor a target allocates, in elements. */
#define FUZZ_MAX_ELEMENTS 4096
/* The core's own bound: byte sizes must fit in a signed 32-bit int. */
#define FUZZ_CORE_MAX_ELEMENTS ((int64_t)INT32_MAX / 4)

struct fuzz_input {
    const uint8_t *data;
    size_t size, at;
};

static inline uint8_t fuzz_byte(struct fuzz_input *in) {
    return in->at < in->size ? in->data[in->at++] : 0;
}

/* A size: usually 1..12, sometimes a boundary value. */
static inline int fuzz_size(struct fuzz_input *in) {
    static const int special[] = {0, -1, -7, 13, 16, 33, 64, 65536, 46341, 1 << 20, INT_MAX, INT_MIN};
    uint8_t b = fuzz_byte(in);
    if (b < 208) return 1 + b % 12;
    return special[b % (sizeof special / sizeof special[0])];
}

/* A float: usually in [-8, 8], sometimes special. */
static inline float fuzz_float(struct fuzz_input *in) {
    static const float special[] = {0.0f, -0.0f, NAN, INFINITY, -INFINITY, FLT_MAX, -FLT_MAX,
                                    FLT_MIN / 4, 1e30f, -1e30f, 88.7f, -103.0f};
    uint8_t b = fuzz_byte(in);
    if (b < 224) return ((float)fuzz_byte(in) - 128.0f) / 16.0f + (float)(b % 7) * 0.125f;
    return special[b % (sizeof special / sizeof special[0])];
}

/* A mask entry: 0, -INFINITY, or sometimes anything. */
static inline float fuzz_mask_entry(struct fuzz_input *in) {
    uint8_t b = fuzz_byte(in);
    if (b < 120) return 0.0f;
    if (b < 240) return -INFINITY;
    return fuzz_float(in);
}

/* `count` floats from the input, in a buffer of exactly that size (at least 1). */
static inline float *fuzz_floats(struct fuzz_input *in, int64_t count) {
    float *x = malloc((size_t)(count > 0 ? count : 1) * sizeof(float));
    if (!x) abort();
    for (int64_t i = 0; i < count; i++) x[i] = fuzz_float(in);
    return x;
}

/* An output buffer of exactly `count` floats (at least 1), filled with a poison value. */
static inline float *fuzz_out(int64_t count) {
    float *x = malloc((size_t)(count > 0 ? count : 1) * sizeof(float));
    if (!x) abort();
    for (int64_t i = 0; i < count; i++) x[i] = -12345.0f;
    return x;
}

/* a·b (and ·c) for sizes, saturating instead of overflowing int64. */
static inline int64_t fuzz_product(int64_t a, int64_t b) {
    if (a <= 0 || b <= 0) return a * (b > 0) * (a > 0); /* any non-positive size: 0 */
    return a > INT64_MAX / b ? INT64_MAX : a * b;
}

/* How a target should treat a set of sizes. */
enum fuzz_plan {
    FUZZ_CALL,            /* every tensor is small: allocate exactly and call */
    FUZZ_EXPECT_REFUSAL,  /* a size ≤ 0 or a product past the core's bound: must be refused */
    FUZZ_SKIP             /* valid but too big to allocate here */
};

/* Plans a call whose tensors have the element counts in `products` (computed in int64 from
 * sizes that are all checked for ≤ 0 first by the caller via `any_nonpositive`). */
static inline enum fuzz_plan fuzz_plan_for(int any_nonpositive, const int64_t *products, int count) {
    if (any_nonpositive) return FUZZ_EXPECT_REFUSAL;
    int too_big = 0;
    for (int i = 0; i < count; i++) {
        if (products[i] > FUZZ_CORE_MAX_ELEMENTS) return FUZZ_EXPECT_REFUSAL;
        if (products[i] > FUZZ_MAX_ELEMENTS) too_big = 1;
    }
    return too_big ? FUZZ_SKIP : FUZZ_CALL;
}

/* A node id on tape t: mostly an existing node, sometimes an impossible one. */
static inline int fuzz_id(struct fuzz_input *in, struct attn_tape *t) {
    int nodes = 0;
    attn_tape_counts(&nodes, NULL, NULL, NULL, t);
    uint8_t b = fuzz_byte(in);
    if (b < 232 && nodes > 0) return (int)(fuzz_byte(in) % nodes);
    static const int special[] = {-1, INT_MIN, INT_MAX, 0};
    return b % 4 == 3 ? nodes : special[b % 4];
}

/* A function given impossible sizes must return an error, never ATTN_OK. */
#define FUZZ_REQUIRE_REFUSAL(call)                                                   \
    do {                                                                             \
        int fuzz_rc_ = (call);                                                       \
        if (fuzz_rc_ == ATTN_OK) {                                                   \
            fprintf(stderr, "accepted impossible sizes: %s\n", #call);               \
            abort();                                                                 \
        }                                                                            \
    } while (0)

/* Every status a function returns must be a known code with a sentence. `rc` is evaluated once
 * (it is often the call itself: evaluating it twice ran the call twice). */
#define FUZZ_REQUIRE_KNOWN_STATUS(rc)                                                \
    do {                                                                             \
        int fuzz_status_ = (rc);                                                     \
        if (fuzz_status_ < 0 || fuzz_status_ >= ATTN_STATUS_COUNT) {                 \
            fprintf(stderr, "unknown status %d\n", fuzz_status_);                    \
            abort();                                                                 \
        }                                                                            \
    } while (0)

#endif /* ATTN_FUZZ_INPUT_H */
