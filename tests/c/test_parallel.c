/*
 * test_parallel.c — both cores (c/src/parallel.c): a helper thread (a pthread here, a Web
 * Worker in the page) joins the kernels through attn_worker_loop, and two threads give the
 * bits one thread gives: attn_gemm and attn_flash_attention with a helper against the same
 * calls with the limit at 1, compared bit for bit (every mask, 1–9 heads, odd sizes, N = 1).
 * Also the dispatcher itself: every block runs exactly once, on thread 0 or 1, the helper does
 * take blocks when it is there, the caller's blocks are the front of the job and the helper's
 * the back, and a job run from inside a block is shared with the other thread once that one has
 * run out of blocks.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "attn.h"
#include "../../c/src/parallel.h"
#include "fast_common.h"
#include "harness.h"

static pthread_t helper;
static int helper_status = -1;

static void *helper_main(void *unused) {
    (void)unused;
    helper_status = attn_worker_loop();
    return NULL;
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* Starts the helper and waits (up to 30 s: a liveness bound, not a timing) until it is ready. */
static int start_helper(void) {
    if (pthread_create(&helper, NULL, helper_main, NULL) != 0) return 0;
    double start = now_seconds();
    int count = 1;
    while (attn_threads(&count) == ATTN_OK && count != 2 && now_seconds() - start < 30) sched_yield();
    return count == 2;
}

static void stop_helper(void) {
    attn_worker_stop();
    pthread_join(helper, NULL);
}

/* ---- the dispatcher */

enum { UNITS = 64 };
struct count_job {
    _Atomic int runs[UNITS];
    _Atomic int thread_of[UNITS];
    _Atomic int by_helper;
    _Atomic int bad_thread;
    int wait_for_helper;
};

static void count_block(void *ctx, int unit, int thread) {
    struct count_job *job = ctx;
    atomic_fetch_add(&job->runs[unit], 1);
    atomic_store(&job->thread_of[unit], thread);
    if (thread == 1) atomic_fetch_add(&job->by_helper, 1);
    if (thread != 0 && thread != 1) atomic_fetch_add(&job->bad_thread, 1);
    /* Block 0 (the caller's first) waits a little for the helper to take a block, so the
     * helper's path is exercised; bounded, so a helper that never comes fails, not hangs. */
    if (unit == 0 && job->wait_for_helper) {
        double start = now_seconds();
        while (atomic_load(&job->by_helper) == 0 && now_seconds() - start < 10) sched_yield();
    }
}

static void run_count_job(struct count_job *job, int wait_for_helper) {
    memset(job, 0, sizeof *job);
    job->wait_for_helper = wait_for_helper;
    attn__parallel_run(count_block, job, UNITS);
}

/* The caller's blocks come first and the helper's last: once a block ran on the helper, every
 * later one did too. */
static void expect_caller_front_helper_back(struct count_job *job) {
    int helper_seen = 0;
    for (int u = 0; u < UNITS; u++) {
        const int thread = atomic_load(&job->thread_of[u]);
        if (helper_seen) EXPECT_EQ_INT(thread, 1);
        helper_seen = thread == 1;
    }
}

static void expect_each_once(struct count_job *job) {
    for (int u = 0; u < UNITS; u++) EXPECT_EQ_INT(atomic_load(&job->runs[u]), 1);
    EXPECT_EQ_INT(atomic_load(&job->bad_thread), 0);
}

static void test_every_block_runs_once_on_one_thread_without_a_helper(void) {
    int count = 0;
    EXPECT_EQ_INT(attn_threads(&count), ATTN_OK);
    EXPECT_EQ_INT(count, 1);
    static struct count_job job;
    run_count_job(&job, 0);
    expect_each_once(&job);
    EXPECT_EQ_INT(atomic_load(&job.by_helper), 0);
}

static void test_helper_joins_and_every_block_runs_once(void) {
    EXPECT(start_helper());
    int count = 0;
    EXPECT_EQ_INT(attn_threads(&count), ATTN_OK);
    EXPECT_EQ_INT(count, 2);
    EXPECT_EQ_INT(attn_worker_loop(), ATTN_ERR_ARGUMENT); /* one helper only */
    static struct count_job job;
    for (int round = 0; round < 20; round++) {
        run_count_job(&job, 1);
        expect_each_once(&job);
        EXPECT(atomic_load(&job.by_helper) > 0);
        EXPECT_EQ_INT(atomic_load(&job.thread_of[UNITS - 1]), 1); /* the helper starts from the back */
        expect_caller_front_helper_back(&job);
        run_count_job(&job, 0); /* the helper may or may not come: each block still runs once */
        expect_each_once(&job);
        expect_caller_front_helper_back(&job);
    }
    /* The limit at 1: the caller runs every block, the helper none. */
    EXPECT_EQ_INT(attn_threads_set_limit(1), ATTN_OK);
    EXPECT_EQ_INT(attn_threads(&count), ATTN_OK);
    EXPECT_EQ_INT(count, 1);
    run_count_job(&job, 0);
    expect_each_once(&job);
    EXPECT_EQ_INT(atomic_load(&job.by_helper), 0);
    EXPECT_EQ_INT(attn_threads_set_limit(2), ATTN_OK);
    stop_helper();
    EXPECT_EQ_INT(helper_status, ATTN_OK);
    EXPECT_EQ_INT(attn_threads(&count), ATTN_OK);
    EXPECT_EQ_INT(count, 1);
}

/* Nesting: an outer job of two blocks, each running a job of its own (as each half of a
 * training batch does, model_train.c). Both outer blocks start together, one on each thread;
 * the block `busy_outer` (0: the caller's, 1: the helper's) runs its inner job after the other
 * outer block has ended, until the other thread, out of outer blocks, takes some of its inner
 * blocks (from the back, as thread 1 of the inner job; bounded: a helper that never helps fails). */
struct nested_job {
    int busy_outer;
    _Atomic int started[2], ended[2], outer_thread[2];
    struct count_job inner[2];
};

static void wait_for(_Atomic int *flag) {
    double start = now_seconds();
    while (!atomic_load(flag) && now_seconds() - start < 10) sched_yield();
}

static void nested_outer_block(void *ctx, int unit, int thread) {
    struct nested_job *job = ctx;
    atomic_store(&job->outer_thread[unit], thread);
    atomic_store(&job->started[unit], 1);
    wait_for(&job->started[1 - unit]);
    if (unit == job->busy_outer) {
        wait_for(&job->ended[1 - unit]);
        double start = now_seconds();
        /* Block 0 of the inner job waits (with sched_yield, bounded) for the other thread to
         * take a block: under valgrind, which runs one thread at a time, a job of 64 short
         * blocks is otherwise over before the other thread is scheduled. */
        do run_count_job(&job->inner[unit], 1);
        while (atomic_load(&job->inner[unit].by_helper) == 0 && now_seconds() - start < 10);
    } else {
        run_count_job(&job->inner[unit], 0);
    }
    atomic_store(&job->ended[unit], 1);
}

static void test_a_block_that_runs_a_job_gets_help_from_the_thread_that_finished(void) {
    EXPECT(start_helper());
    static struct nested_job job;
    for (int round = 0; round < 20; round++) {
        const int busy = round % 2;
        memset(&job, 0, sizeof job);
        job.busy_outer = busy;
        attn__parallel_run(nested_outer_block, &job, 2);
        /* One outer block on each thread, the helper's from the back. */
        EXPECT_EQ_INT(atomic_load(&job.outer_thread[0]), 0);
        EXPECT_EQ_INT(atomic_load(&job.outer_thread[1]), 1);
        for (int u = 0; u < 2; u++) {
            expect_each_once(&job.inner[u]);
            expect_caller_front_helper_back(&job.inner[u]);
        }
        EXPECT(atomic_load(&job.inner[busy].by_helper) > 0); /* the other thread helped */
        EXPECT_EQ_INT(atomic_load(&job.inner[1 - busy].by_helper), 0); /* no one was free to */
    }
    stop_helper();
}

static void test_limit_and_count_refuse_bad_arguments(void) {
    EXPECT_EQ_INT(attn_threads(NULL), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_threads_set_limit(0), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_threads_set_limit(3), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_worker_stop(), ATTN_OK); /* no helper: nothing to do */
}

/* ---- the kernels: two threads give one thread's bits */

static int gemm_same_bits(int m, int k, int n, int transpose_b, uint32_t seed) {
    float *a = malloc(sizeof(float) * (size_t)m * k), *b = malloc(sizeof(float) * (size_t)k * n);
    float *one = malloc(sizeof(float) * (size_t)m * n), *two = malloc(sizeof(float) * (size_t)m * n);
    fill_random(a, (size_t)m * k, seed, 1.0f);
    fill_random(b, (size_t)k * n, seed + 1, 1.0f);
    int floats = 0;
    EXPECT_EQ_INT(attn_gemm_workspace(&floats, m, k, n), ATTN_OK);
    float *work = malloc(sizeof(float) * (size_t)floats);
    EXPECT_EQ_INT(attn_threads_set_limit(1), ATTN_OK);
    EXPECT_EQ_INT(attn_gemm(one, work, a, b, transpose_b, m, k, n), ATTN_OK);
    EXPECT_EQ_INT(attn_threads_set_limit(2), ATTN_OK);
    EXPECT_EQ_INT(attn_gemm(two, work, a, b, transpose_b, m, k, n), ATTN_OK);
    int same = memcmp(one, two, sizeof(float) * (size_t)m * n) == 0;
    if (!same) fprintf(stderr, "    gemm m=%d k=%d n=%d t=%d differs\n", m, k, n, transpose_b);
    free(a), free(b), free(one), free(two), free(work);
    return same;
}

static int flash_same_bits(int heads, int n, int m, int dk, int dv, int mask, int window, uint32_t seed) {
    size_t qn = (size_t)n * heads * dk, kn = (size_t)m * heads * dk, vn = (size_t)m * heads * dv, on = (size_t)n * heads * dv;
    float *q = malloc(sizeof(float) * qn), *k = malloc(sizeof(float) * kn), *v = malloc(sizeof(float) * vn);
    float *out1 = malloc(sizeof(float) * on), *out2 = malloc(sizeof(float) * on);
    float *lse1 = malloc(sizeof(float) * (size_t)heads * n), *lse2 = malloc(sizeof(float) * (size_t)heads * n);
    fill_random(q, qn, seed, 2.0f);
    fill_random(k, kn, seed + 1, 2.0f);
    fill_random(v, vn, seed + 2, 1.0f);
    int floats = 0, empty1 = -1, empty2 = -2;
    EXPECT_EQ_INT(attn_flash_workspace(&floats, m, dk, dv), ATTN_OK);
    float *work = malloc(sizeof(float) * (size_t)floats);
    EXPECT_EQ_INT(attn_threads_set_limit(1), ATTN_OK);
    EXPECT_EQ_INT(attn_flash_attention(out1, lse1, &empty1, work, q, k, v, mask, window, heads, n, m, dk, dv), ATTN_OK);
    EXPECT_EQ_INT(attn_threads_set_limit(2), ATTN_OK);
    EXPECT_EQ_INT(attn_flash_attention(out2, lse2, &empty2, work, q, k, v, mask, window, heads, n, m, dk, dv), ATTN_OK);
    int same = memcmp(out1, out2, sizeof(float) * on) == 0 && memcmp(lse1, lse2, sizeof(float) * (size_t)heads * n) == 0 &&
               empty1 == empty2;
    if (!same) fprintf(stderr, "    flash heads=%d n=%d m=%d dk=%d dv=%d mask=%d window=%d differs\n", heads, n, m, dk, dv, mask, window);
    free(q), free(k), free(v), free(out1), free(out2), free(lse1), free(lse2), free(work);
    return same;
}

static void test_gemm_two_threads_same_bits(void) {
    EXPECT(start_helper());
    const int sizes[][3] = {{1, 1, 1}, {1, 64, 1000}, {1000, 64, 1}, {127, 513, 33}, {200, 64, 200},
                            {513, 70, 129}, {256, 256, 256}, {1024, 64, 100}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int t = 0; t <= 1; t++) EXPECT(gemm_same_bits(sizes[s][0], sizes[s][1], sizes[s][2], t, 50 + (uint32_t)s));
    stop_helper();
}

static void test_flash_two_threads_same_bits(void) {
    EXPECT(start_helper());
    const int shapes[][5] = {/* heads, n, m, dk, dv */
                             {1, 1, 1, 8, 8},   {1, 1, 300, 16, 16}, {1, 300, 1, 16, 16}, {1, 257, 257, 64, 64},
                             {3, 131, 77, 12, 20}, {8, 200, 200, 16, 16}, {9, 97, 150, 8, 24}, {2, 600, 600, 32, 32}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        const int *x = shapes[s];
        EXPECT(flash_same_bits(x[0], x[1], x[2], x[3], x[4], ATTN_MASK_NONE, 0, 70 + (uint32_t)s));
        EXPECT(flash_same_bits(x[0], x[1], x[2], x[3], x[4], ATTN_MASK_CAUSAL, 0, 80 + (uint32_t)s));
        EXPECT(flash_same_bits(x[0], x[1], x[2], x[3], x[4], ATTN_MASK_CAUSAL, 5, 90 + (uint32_t)s));
        EXPECT(flash_same_bits(x[0], x[1], x[2], x[3], x[4], ATTN_MASK_CAUSAL, 100, 95 + (uint32_t)s));
    }
    stop_helper();
}

static const struct test tests[] = {
    {"every block runs once, on the caller, without a helper", test_every_block_runs_once_on_one_thread_without_a_helper},
    {"a helper joins; every block runs once; the limit keeps it out", test_helper_joins_and_every_block_runs_once},
    {"a block that runs a job of its own gets help from the thread that finished its blocks",
     test_a_block_that_runs_a_job_gets_help_from_the_thread_that_finished},
    {"thread count and limit refuse bad arguments", test_limit_and_count_refuse_bad_arguments},
    {"attn_gemm: two threads give one thread's bits", test_gemm_two_threads_same_bits},
    {"attn_flash_attention: two threads give one thread's bits (every mask, heads, N = 1)", test_flash_two_threads_same_bits},
};

RUN_TESTS(tests)
