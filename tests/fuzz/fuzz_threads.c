/*
 * fuzz_threads.c — libFuzzer target for both cores (c/src/parallel.c): attn_threads,
 * attn_threads_set_limit, attn_worker_loop and attn_worker_stop, and the kernels that share
 * their work with a helper (attn_gemm_ex, attn_flash_attention).
 *
 * A helper pthread runs attn_worker_loop (in the page it is a Web Worker). Each input may stop
 * and restart it, sets the limit to any int (1 and 2 accepted, everything else refused and the
 * limit unchanged), asks for a second helper (refused while one runs), and runs a product and a
 * tiled attention of fuzzed sizes and values twice, with the limit at 1 and at 2: the outputs
 * must be the same bits (blocks of rows do the same arithmetic on either thread).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sched.h>

#include "fuzz_input.h"

static pthread_t helper;
static int helper_running = 0;

static void *helper_main(void *unused) {
    (void)unused;
    FUZZ_REQUIRE_KNOWN_STATUS(attn_worker_loop());
    return NULL;
}

static int current_threads(void) {
    int count = 0;
    if (attn_threads(&count) != ATTN_OK || (count != 1 && count != 2)) abort();
    return count;
}

/* Starts the helper and waits until it has joined (a liveness loop, not a timing). */
static void start_helper(void) {
    if (helper_running) return;
    if (pthread_create(&helper, NULL, helper_main, NULL) != 0) return;
    helper_running = 1;
    attn_threads_set_limit(2);
    while (current_threads() != 2) sched_yield();
}

static void stop_helper(void) {
    if (!helper_running) return;
    if (attn_worker_stop() != ATTN_OK) abort();
    pthread_join(helper, NULL);
    helper_running = 0;
    if (current_threads() != 1) abort(); /* no helper: one thread, whatever the limit */
}

static void require_same_bits(const float *a, const float *b, int64_t count, const char *what) {
    if (memcmp(a, b, sizeof(float) * (size_t)count) != 0) {
        fprintf(stderr, "%s: two threads differ from one\n", what);
        abort();
    }
}

/* A small size that makes a product big enough to be split between the threads. */
static int block_size(struct fuzz_input *in, int most) { return 1 + fuzz_byte(in) % most; }

static void fuzz_gemm_both_ways(struct fuzz_input *in) {
    const int m = block_size(in, 200), k = block_size(in, 64), n = block_size(in, 96);
    const int ta = fuzz_byte(in) & 1, tb = fuzz_byte(in) & 1, accumulate = fuzz_byte(in) & 1;
    int floats;
    if (attn_gemm_workspace(&floats, m, k, n) != ATTN_OK) abort();
    float *a = fuzz_floats(in, (int64_t)m * k), *b = fuzz_floats(in, (int64_t)k * n);
    float *start = fuzz_floats(in, (int64_t)m * n);
    float *one = fuzz_out((int64_t)m * n), *two = fuzz_out((int64_t)m * n), *work = fuzz_out(floats);
    memcpy(one, start, sizeof(float) * (size_t)m * n);
    memcpy(two, start, sizeof(float) * (size_t)m * n);
    const int lda = ta ? m : k, ldb = tb ? k : n;
    attn_threads_set_limit(1);
    int rc1 = attn_gemm_ex(one, work, a, b, ta, tb, accumulate, m, k, n, lda, ldb, n);
    attn_threads_set_limit(2);
    int rc2 = attn_gemm_ex(two, work, a, b, ta, tb, accumulate, m, k, n, lda, ldb, n);
    if (rc1 != ATTN_OK || rc2 != ATTN_OK) abort();
    require_same_bits(one, two, (int64_t)m * n, "attn_gemm_ex");
    free(a), free(b), free(start), free(one), free(two), free(work);
}

static void fuzz_flash_both_ways(struct fuzz_input *in) {
    const int heads = block_size(in, 6), n = block_size(in, 120), dk = block_size(in, 24), dv = block_size(in, 24);
    const int kind = fuzz_byte(in) % 3; /* none, causal, causal sliding window */
    const int m = kind == 0 ? block_size(in, 120) : n;
    const int window = kind == 2 ? block_size(in, 40) : 0;
    int floats;
    if (attn_flash_workspace(&floats, m, dk, dv) != ATTN_OK) abort();
    float *q = fuzz_floats(in, (int64_t)n * heads * dk), *k = fuzz_floats(in, (int64_t)m * heads * dk);
    float *v = fuzz_floats(in, (int64_t)m * heads * dv);
    float *out1 = fuzz_out((int64_t)n * heads * dv), *out2 = fuzz_out((int64_t)n * heads * dv);
    float *lse1 = fuzz_out((int64_t)heads * n), *lse2 = fuzz_out((int64_t)heads * n), *work = fuzz_out(floats);
    int empty1 = -1, empty2 = -2;
    const int mask_kind = kind == 0 ? ATTN_MASK_NONE : ATTN_MASK_CAUSAL;
    attn_threads_set_limit(1);
    int rc1 = attn_flash_attention(out1, lse1, &empty1, work, q, k, v, mask_kind, window, heads, n, m, dk, dv);
    attn_threads_set_limit(2);
    int rc2 = attn_flash_attention(out2, lse2, &empty2, work, q, k, v, mask_kind, window, heads, n, m, dk, dv);
    FUZZ_REQUIRE_KNOWN_STATUS(rc1);
    if (rc1 != rc2) abort();
    if (rc1 == ATTN_OK) {
        require_same_bits(out1, out2, (int64_t)n * heads * dv, "attn_flash_attention out");
        require_same_bits(lse1, lse2, (int64_t)heads * n, "attn_flash_attention lse");
        if (empty1 != empty2) abort();
    }
    free(q), free(k), free(v), free(out1), free(out2), free(lse1), free(lse2), free(work);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    const uint8_t plan = fuzz_byte(&in);
    if (plan & 1) start_helper();
    if (plan & 2) stop_helper();
    if (plan & 4) start_helper();

    /* Any limit: 1 and 2 are accepted, anything else is refused and changes nothing. */
    int limit = fuzz_size(&in);
    int before = current_threads();
    int rc = attn_threads_set_limit(limit);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if ((limit == 1 || limit == 2) != (rc == ATTN_OK)) abort();
    if (rc != ATTN_OK && current_threads() != before) abort();
    if (rc == ATTN_OK && current_threads() != (limit == 2 && helper_running ? 2 : 1)) abort();
    if (attn_threads(NULL) != ATTN_ERR_NULL) abort();
    /* One helper at a time: a second attn_worker_loop is refused at once, never a hang. */
    if (helper_running && attn_worker_loop() != ATTN_ERR_ARGUMENT) abort();

    if (plan & 8) fuzz_flash_both_ways(&in);
    else fuzz_gemm_both_ways(&in);
    attn_threads_set_limit(2);
    if (plan & 16) stop_helper();
    return 0;
}
