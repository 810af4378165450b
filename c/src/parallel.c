/*
 * parallel.c — both cores: a fork-join for the calling thread and ONE helper thread, on memory
 * they share. The heavy kernels (attn_gemm, attn_flash_attention) cut their output into blocks
 * (rows of C; heads and query rows of the attention) and hand them to attn__parallel_run. Each
 * block's arithmetic is the same whichever thread runs it, so two threads give the bits one
 * thread gives.
 *
 * The helper is a second thread on the same memory that calls attn_worker_loop (in the page: a
 * Web Worker running a second instance of the threaded WebAssembly build on the page's shared
 * memory; natively: a pthread the host starts). It sleeps on `state` until a job is posted.
 *
 * One job at a time, in five states (only the caller posts; only the helper takes):
 *
 *     IDLE --caller posts--> POSTED --helper takes--> TAKEN --both have finished--> DONE --caller--> IDLE
 *                              \--caller withdraws (the helper never came)--> IDLE
 *
 * Both threads claim blocks from one shared range of the blocks left, the caller from its front and
 * the helper from its back, so a helper that wakes late (a busy machine) just finds fewer blocks
 * left, and one that never wakes costs nothing: the caller runs every block and withdraws the job.
 * Taking from opposite ends keeps each thread on the same part of the data from one job to the next
 * (the first rows to the caller, the last to the helper, whatever the op), so what a thread reads
 * is mostly what it wrote, still in its own core's cache. With one counter both threads took blocks
 * in turn and read the other core's rows half the time: with gemm.c's fixed row blocks, a training
 * step on two threads ran 7–9% slower natively and 15% slower in node. The caller waits
 * only for a helper that took the job, by spinning (the browser's main thread may not block on
 * memory.atomic.wait), for at most one block. Between jobs the helper spins for a while (a training
 * step posts a job every few hundred microseconds, and waking a sleeping Worker costs tens of
 * them), then blocks in memory.atomic.wait (natively: yields the processor).
 *
 * A block may itself call attn__parallel_run (a training step is one job of two blocks, a half of
 * the batch each, and every op inside a half is a job: model_train.c). Such a nested job goes to a
 * second slot, `nested`, if the other thread has run out of blocks of the posted job and waits
 * (`assisting`: the caller until DONE, the helper until the caller has finished its blocks); the
 * thread that posted it claims from the front as thread 0, the waiting one from the back as
 * thread 1. Otherwise the nested job runs whole on its thread. Either way the same blocks run, so
 * the same bits. A thread slowed by a busy machine then leaves the other helping, not idle.
 *
 * In the single-thread WebAssembly build (no atomics) there is never a helper, atomics compile
 * to plain loads and stores, and attn__parallel_run is a loop.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>

#include "attn.h"
#include "parallel.h"

#if !defined(__wasm__)
#include <sched.h>
#endif

enum { IDLE, POSTED, TAKEN, DONE, STOP, FILLING };

/* How many times the helper checks for a new job before it sleeps. */
#define SPIN_CHECKS 200000

static struct {
    _Atomic int state; /* one of the five above */
    _Atomic int ready; /* 1 while a helper is in attn_worker_loop */
    _Atomic int limit; /* 1: the caller alone; 2: a helper may join */
    /* The posted job: written by the caller before POSTED, read by the helper after TAKEN. */
    attn__task_fn fn;
    void *ctx;
    /* The blocks not yet claimed, [front, back): front in the low 32 bits, back in the high 32.
     * Alone on its cache line: both threads change it once per block (a step claims about 4,600
     * blocks), and on a line of its own that does not also evict the job's fields and state from
     * the other core's cache each time. */
    _Alignas(64) _Atomic uint64_t left;
    /* Nesting: a block of the posted job that runs a job of its own (a half of a training batch,
     * model_train.c) shares it, in this slot, with the other thread once that one has run out of
     * blocks of the posted job and waits (`assisting`). Its poster claims from the front as thread
     * 0, the waiting thread from the back as thread 1. */
    _Alignas(64) _Atomic int caller_finished; /* the caller has run out of blocks of the posted job */
    _Atomic int assisting;                   /* a thread that ran out of blocks waits, and takes nested jobs */
    struct {
        _Atomic int state; /* IDLE, FILLING (being posted), POSTED, TAKEN, DONE */
        attn__task_fn fn;
        void *ctx;
        _Alignas(64) _Atomic uint64_t left;
    } nested;
} pool = {.limit = 2};

/* Sleeps while *word == value (or until woken). */
static void wait_while(_Atomic int *word, int value) {
#if defined(__wasm__) && defined(__wasm_atomics__)
    __builtin_wasm_memory_atomic_wait32((int *)word, value, -1);
#elif defined(__wasm__)
    (void)word, (void)value; /* unreachable: no helper without atomics */
#else
    while (atomic_load(word) == value) sched_yield();
#endif
}

static void wake(_Atomic int *word) {
#if defined(__wasm__) && defined(__wasm_atomics__)
    __builtin_wasm_memory_atomic_notify((int *)word, 1);
#else
    (void)word;
#endif
}

/* The next block for `thread`, or -1 when none is left: the caller takes blocks from the front,
 * the helper from the back. */
static int claim(_Atomic uint64_t *blocks_left, int thread) {
    uint64_t left = atomic_load(blocks_left);
    for (;;) {
        const uint32_t front = (uint32_t)left, back = (uint32_t)(left >> 32);
        if (front >= back) return -1;
        const uint64_t rest = thread == 0 ? left + 1 : ((uint64_t)(back - 1) << 32 | front);
        if (atomic_compare_exchange_weak(blocks_left, &left, rest)) return (int)(thread == 0 ? front : back - 1);
    }
}

static void claim_blocks(_Atomic uint64_t *blocks_left, attn__task_fn fn, void *ctx, int thread) {
    for (int unit; (unit = claim(blocks_left, thread)) >= 0;) fn(ctx, unit, thread);
}

/* The waiting thread: runs blocks of a nested job if one is posted. */
static void assist(void) {
    int posted = POSTED;
    if (atomic_load(&pool.nested.state) != POSTED ||
        !atomic_compare_exchange_strong(&pool.nested.state, &posted, TAKEN))
        return;
    claim_blocks(&pool.nested.left, pool.nested.fn, pool.nested.ctx, 1);
    atomic_store(&pool.nested.state, DONE);
}

/* A job posted from inside a block: shared with the other thread if it waits (returns 1 once
 * every block has run), else 0 (the caller runs the blocks itself). */
static int run_nested(attn__task_fn fn, void *ctx, int units) {
    int idle = IDLE;
    if (!atomic_load(&pool.assisting) || !atomic_compare_exchange_strong(&pool.nested.state, &idle, FILLING)) return 0;
    pool.nested.fn = fn, pool.nested.ctx = ctx;
    atomic_store(&pool.nested.left, (uint64_t)units << 32);
    atomic_store(&pool.nested.state, POSTED);
    claim_blocks(&pool.nested.left, fn, ctx, 0);
    int expected = POSTED;
    if (!atomic_compare_exchange_strong(&pool.nested.state, &expected, IDLE)) {
        while (atomic_load(&pool.nested.state) != DONE) {
            /* the other thread finishes its last block */
        }
        atomic_store(&pool.nested.state, IDLE);
    }
    return 1;
}

void attn__parallel_run(attn__task_fn fn, void *ctx, int units) {
    const int shared = units >= 2 && atomic_load(&pool.limit) >= 2 && atomic_load(&pool.ready);
    const int nested = atomic_load(&pool.state) != IDLE; /* called from a block of the posted job */
    if (shared && nested && run_nested(fn, ctx, units)) return;
    if (!shared || nested) {
        for (int unit = 0; unit < units; unit++) fn(ctx, unit, 0);
        return;
    }
    pool.fn = fn, pool.ctx = ctx;
    atomic_store(&pool.left, (uint64_t)units << 32);
    atomic_store(&pool.caller_finished, 0);
    atomic_store(&pool.state, POSTED);
    wake(&pool.state);
    claim_blocks(&pool.left, fn, ctx, 0);
    int expected = POSTED;
    if (atomic_compare_exchange_strong(&pool.state, &expected, IDLE)) return; /* the helper never came */
    atomic_store(&pool.caller_finished, 1);
    atomic_store(&pool.assisting, 1);
    while (atomic_load(&pool.state) != DONE) assist(); /* the helper finishes its last block */
    atomic_store(&pool.assisting, 0);
    atomic_store(&pool.state, IDLE);
}

struct ranges_job {
    attn__range_fn fn;
    void *ctx;
    int64_t count, block;
};

static void range_block(void *ctx, int unit, int thread) {
    const struct ranges_job *job = ctx;
    const int64_t begin = (int64_t)unit * job->block;
    const int64_t end = begin + job->block < job->count ? begin + job->block : job->count;
    job->fn(job->ctx, begin, end, thread);
}

void attn__parallel_ranges(attn__range_fn fn, void *ctx, int64_t count, int64_t block) {
    if (count <= 0) return;
    if (count <= block) {
        fn(ctx, 0, count, 0);
        return;
    }
    struct ranges_job job = {fn, ctx, count, block};
    attn__parallel_run(range_block, &job, (int)((count + block - 1) / block));
}

int attn_threads(int *count) {
    if (!count) return ATTN_ERR_NULL;
    *count = atomic_load(&pool.ready) && atomic_load(&pool.limit) >= 2 ? 2 : 1;
    return ATTN_OK;
}

int attn_threads_set_limit(int limit) {
    if (limit != 1 && limit != 2) return ATTN_ERR_ARGUMENT;
    atomic_store(&pool.limit, limit);
    return ATTN_OK;
}

int attn_worker_loop(void) {
    if (ATTN__MAX_THREADS < 2) return ATTN_ERR_ARGUMENT; /* this build has no atomics */
    int expected = 0;
    if (!atomic_compare_exchange_strong(&pool.ready, &expected, 1)) return ATTN_ERR_ARGUMENT; /* one helper only */
    for (;;) {
        int state = atomic_load(&pool.state);
        if (state == STOP) break;
        if (state == POSTED) {
            int posted = POSTED;
            if (atomic_compare_exchange_strong(&pool.state, &posted, TAKEN)) {
                claim_blocks(&pool.left, pool.fn, pool.ctx, 1);
                atomic_store(&pool.assisting, 1);
                while (!atomic_load(&pool.caller_finished)) assist(); /* the caller finishes its last block */
                atomic_store(&pool.assisting, 0);
                atomic_store(&pool.state, DONE);
            }
            continue;
        }
        /* Spin a while for the next job before sleeping (SPIN_CHECKS loads: tens of µs). */
        int spins = 0;
        while (spins < SPIN_CHECKS && atomic_load(&pool.state) == state) spins++;
        if (spins == SPIN_CHECKS) wait_while(&pool.state, state);
    }
    atomic_store(&pool.ready, 0);
    return ATTN_OK;
}

int attn_worker_stop(void) {
    if (!atomic_load(&pool.ready)) return ATTN_OK;
    atomic_store(&pool.state, STOP);
    wake(&pool.state);
    while (atomic_load(&pool.ready)) {
        /* the helper leaves its loop */
    }
    atomic_store(&pool.state, IDLE);
    return ATTN_OK;
}
