/*
 * kernels.c — native timing of the fast kernels, the same C the page runs as WASM.
 * Built twice by `make -C c bench` (-O3 -march=native and -O3 -msse4.2); bench/native/native.mjs
 * runs both and puts their GFLOP/s beside the WASM figures.
 *
 *   kernels gemm M K N | flash HEADS N CAUSAL   → one line of JSON: {"gflops": ..., "seconds": ...}
 * Each figure: warm-up calls, then calls repeated for at least 0.5 s.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "attn.h"

/* CPU seconds of this (single-threaded) process: the machine may be shared, and the page's
 * figures are taken in main-thread CPU time too. */
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static float *random_floats(size_t count, unsigned seed) {
    float *x = malloc(sizeof(float) * count);
    for (size_t i = 0; i < count; i++) {
        seed = seed * 1664525u + 1013904223u;
        x[i] = (float)(seed >> 8) / 16777216.0f * 2.0f - 1.0f;
    }
    return x;
}

/* Seconds per call of run(ctx): 2 warm-up calls, then at least `min_seconds`. */
static double time_calls(int (*run)(void *), void *ctx, double min_seconds) {
    for (int i = 0; i < 2; i++)
        if (run(ctx)) return -1;
    int calls = 0;
    double start = now(), elapsed = 0;
    while (elapsed < min_seconds) {
        if (run(ctx)) return -1;
        calls++;
        elapsed = now() - start;
    }
    return elapsed / calls;
}

struct gemm_ctx { float *c, *w, *a, *b; int m, k, n; };
static int run_gemm(void *p) {
    struct gemm_ctx *g = p;
    return attn_gemm(g->c, g->w, g->a, g->b, 0, g->m, g->k, g->n);
}

struct flash_ctx { float *out, *lse, *w, *q, *k, *v; int heads, n, causal; };
static int run_flash(void *p) {
    struct flash_ctx *f = p;
    return attn_flash_attention(f->out, f->lse, NULL, f->w, f->q, f->k, f->v,
                                f->causal ? ATTN_MASK_CAUSAL : ATTN_MASK_NONE, 0, f->heads, f->n, f->n, 64, 64);
}

int main(int argc, char **argv) {
    double min_seconds = getenv("BENCH_SECONDS") ? atof(getenv("BENCH_SECONDS")) : 0.5;
    if (argc == 5 && strcmp(argv[1], "gemm") == 0) {
        struct gemm_ctx g = {.m = atoi(argv[2]), .k = atoi(argv[3]), .n = atoi(argv[4])};
        int floats;
        if (attn_gemm_workspace(&floats, g.m, g.k, g.n)) return 1;
        g.a = random_floats((size_t)g.m * g.k, 1), g.b = random_floats((size_t)g.k * g.n, 2);
        g.c = malloc(sizeof(float) * (size_t)g.m * g.n), g.w = malloc(sizeof(float) * (size_t)floats);
        double s = time_calls(run_gemm, &g, min_seconds);
        printf("{\"gflops\": %.4f, \"seconds\": %.6g}\n", 2.0 * g.m * g.k * g.n / s / 1e9, s);
        return s < 0;
    }
    if (argc == 5 && strcmp(argv[1], "flash") == 0) {
        struct flash_ctx f = {.heads = atoi(argv[2]), .n = atoi(argv[3]), .causal = atoi(argv[4])};
        size_t count = (size_t)f.n * f.heads * 64;
        int floats;
        if (attn_flash_workspace(&floats, f.n, 64, 64)) return 1;
        f.q = random_floats(count, 1), f.k = random_floats(count, 2), f.v = random_floats(count, 3);
        f.out = malloc(sizeof(float) * count), f.lse = malloc(sizeof(float) * (size_t)f.n * f.heads);
        f.w = malloc(sizeof(float) * (size_t)floats);
        double s = time_calls(run_flash, &f, min_seconds);
        /* Q·Kᵀ and weights·V: 4·N²·d per head, halved when causal (only the allowed half). */
        double flops = 4.0 * f.n * (double)f.n * 64 * f.heads * (f.causal ? 0.5 : 1.0);
        printf("{\"gflops\": %.4f, \"seconds\": %.6g}\n", flops / s / 1e9, s);
        return s < 0;
    }
    fprintf(stderr, "usage: kernels gemm M K N | flash HEADS N CAUSAL\n");
    return 2;
}
