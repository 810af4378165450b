/*
 * parallel.h — private: the fork-join the heavy kernels share their work through (parallel.c).
 * Not part of the public API; attn.h declares what a host calls (attn_threads, the helper's loop).
 */
#ifndef ATTN__PARALLEL_H
#define ATTN__PARALLEL_H

#include <stdint.h>

/* How many threads a kernel's scratch must have room for: 1 in the single-thread WebAssembly
 * build (no atomics: no helper can exist), 2 everywhere else. */
#if defined(__wasm__) && !defined(__wasm_atomics__)
#define ATTN__MAX_THREADS 1
#else
#define ATTN__MAX_THREADS 2
#endif

/* One block of a kernel's work: block `unit` of the job, run by thread `thread` (0 is the
 * caller, 1 the helper; each thread may own scratch indexed by it). */
typedef void (*attn__task_fn)(void *ctx, int unit, int thread);

/*
 * Runs fn(ctx, u, t) once for every u in [0, units), and returns when all have run. With a
 * helper waiting (and the limit at 2) the caller claims blocks one at a time from the front of
 * those left and the helper from the back; otherwise the caller runs them all, in order. A thread
 * runs its own blocks one after another, so state indexed by `thread` needs no locking. Blocks
 * must write disjoint outputs and not depend on each other's order.
 */
void attn__parallel_run(attn__task_fn fn, void *ctx, int units);

/* A range [begin, end) of a job's items, run by thread `thread`. */
typedef void (*attn__range_fn)(void *ctx, int64_t begin, int64_t end, int thread);

/*
 * Runs fn over [0, count) in blocks of `block` items (the last one shorter), as
 * attn__parallel_run runs blocks: for element-wise and row-wise work, where each item's
 * arithmetic does not depend on the others, so the split changes no bit. A count of at most
 * one block runs whole on the calling thread.
 */
void attn__parallel_ranges(attn__range_fn fn, void *ctx, int64_t count, int64_t block);

#endif /* ATTN__PARALLEL_H */
