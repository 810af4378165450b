/*
 * check.h — private helpers every source file uses to validate sizes before touching memory.
 * Not part of the public API: like every name shared between the core's files but not declared
 * in attn.h, they carry the private prefix attn__ / ATTN__ (attn.h, "Names").
 */
#ifndef ATTN__CHECK_H
#define ATTN__CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "attn.h"

/* The largest element count any one tensor may have: its byte size must fit in a signed
 * 32-bit int, the address space of wasm32 (and a sane bound natively). */
#define ATTN__MAX_ELEMENTS ((int64_t)INT32_MAX / (int64_t)sizeof(float))

/* ATTN_OK when a·b elements fit in ATTN__MAX_ELEMENTS, else ATTN_ERR_OVERFLOW. Sizes must already
 * be positive. */
static inline int attn__check_product(int64_t a, int64_t b) {
    if (a > ATTN__MAX_ELEMENTS / b) return ATTN_ERR_OVERFLOW;
    return ATTN_OK;
}

/* Return early from the calling function with `code` when `cond` holds. */
#define ATTN__REFUSE_IF(cond, code) \
    do {                            \
        if (cond) return (code);    \
    } while (0)

/* Return early with the status of `expr` when it is not ATTN_OK. */
#define ATTN__TRY(expr)                \
    do {                               \
        int attn__try_rc = (expr);     \
        if (attn__try_rc != ATTN_OK)   \
            return attn__try_rc;       \
    } while (0)

#endif /* ATTN__CHECK_H */
