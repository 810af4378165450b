/*
 * test_cost.c — the §6.6 cost model: the chapter's formula at N = 1,024, d_model = 512, the
 * crossover N = 2·d_model, score-table sizes (262,144 entries at N = 512; 1,073,741,824 entries
 * and 4 GiB at N = 32,768), heads not changing the count, and bad inputs.
 */
#include <math.h>

#include "attn.h"
#include "harness.h"
#include "../../c/src/parallel.h" /* ATTN__MAX_THREADS: the scratch areas the tiled kernel keeps */

static void test_the_formula_at_1024_and_512(void) {
    struct attn_cost c;
    EXPECT_EQ_INT(attn_cost(&c, 1024, 512, 8), ATTN_OK);
    EXPECT(c.projections == 805306368.0);   /* 3 · 1024 · 512² */
    EXPECT(c.scores == 536870912.0);        /* 1024² · 512 */
    EXPECT(c.weighted == 536870912.0);
    EXPECT(c.output == 268435456.0);        /* 1024 · 512² */
    EXPECT(c.linear == 1073741824.0);       /* 4 · N · d² */
    EXPECT(c.quadratic == 1073741824.0);    /* 2 · N² · d: equal at the crossover */
    EXPECT(c.total == 2147483648.0);
    EXPECT(c.crossover == 1024.0);
    EXPECT(c.score_entries == 1048576.0);
    EXPECT(c.layer_entries == 8.0 * 1048576.0);
}

static void test_crossover_is_twice_d_model(void) {
    int widths[] = {64, 128, 512, 768, 4096};
    for (int w = 0; w < 5; w++) {
        int d = widths[w];
        struct attn_cost below, above, c;
        EXPECT_EQ_INT(attn_cost(&c, 16, d, 1), ATTN_OK);
        EXPECT(c.crossover == 2.0 * d);
        EXPECT_EQ_INT(attn_cost(&below, 2 * d - 1, d, 1), ATTN_OK);
        EXPECT_EQ_INT(attn_cost(&above, 2 * d + 1, d, 1), ATTN_OK);
        EXPECT(below.linear > below.quadratic);
        EXPECT(above.quadratic > above.linear);
    }
}

static void test_score_table_sizes(void) {
    struct attn_cost c;
    EXPECT_EQ_INT(attn_cost(&c, 512, 512, 8), ATTN_OK);
    EXPECT(c.score_entries == 262144.0);
    EXPECT(c.score_bytes == 1048576.0);
    EXPECT_EQ_INT(attn_cost(&c, 32768, 512, 8), ATTN_OK);
    EXPECT(c.score_entries == 1073741824.0);
    EXPECT(c.score_bytes == 4294967296.0);  /* 4 GiB in float32 */
    EXPECT_EQ_INT(attn_cost(&c, 65536, 8192, 64), ATTN_OK);
    EXPECT(c.total == 4.0 * 65536 * 8192.0 * 8192 + 2.0 * 65536.0 * 65536 * 8192);
}

static void test_heads_do_not_change_the_count(void) {
    struct attn_cost one, eight, many;
    EXPECT_EQ_INT(attn_cost(&one, 300, 512, 1), ATTN_OK);
    EXPECT_EQ_INT(attn_cost(&eight, 300, 512, 8), ATTN_OK);
    EXPECT_EQ_INT(attn_cost(&many, 300, 512, 512), ATTN_OK);
    EXPECT(one.total == eight.total && eight.total == many.total);
    EXPECT(one.scores == eight.scores);
    EXPECT(eight.layer_entries == 8 * one.layer_entries);
}

static void test_bad_inputs(void) {
    struct attn_cost c;
    EXPECT_EQ_INT(attn_cost(&c, 1024, 510, 8), ATTN_ERR_SHAPE);
    EXPECT_EQ_INT(attn_cost(NULL, 1024, 512, 8), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_cost(&c, 0, 512, 8), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_cost(&c, 16, 0, 8), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_cost(&c, 16, 512, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_cost(&c, 16, 512, -8), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_cost(&c, 16, 8, 16), ATTN_ERR_SHAPE);
}

/* Beside attention: a recurrent layer costs c·N·D²; attention's total 4·N·D² + 2·N²·D passes it at
 * N = (c − 4)·D/2. At D = 512: 1,024 for an LSTM (8 matrices), 512 for a GRU (6), and never for
 * a plain RNN (2): its whole step costs less than attention's projections. The literal equation
 * N·D² = 2·N²·D + 4·N·D² (one matrix per step) has no positive root, N = −3·D/2. */
static void test_the_recurrence_line_and_where_attention_overtakes_it(void) {
    struct attn_cost_variants v;
    struct attn_cost c;
    EXPECT_EQ_INT(attn_cost_variants(&v, 1024, 512, 8, 256, ATTN_CELL_LSTM), ATTN_OK);
    EXPECT(v.recurrence == 8.0 * 1024 * 512 * 512);
    EXPECT(v.recurrence_per_token == 8.0 * 512 * 512);
    EXPECT(v.recurrence_crossover == 1024.0);
    EXPECT_EQ_INT(attn_cost(&c, 1024, 512, 8), ATTN_OK);
    EXPECT(c.total == v.recurrence); /* they meet exactly there */
    const int cells[3] = {ATTN_CELL_ELMAN, ATTN_CELL_GRU, ATTN_CELL_LSTM};
    const double crossings[3] = {0.0, 512.0, 1024.0}, matrices[3] = {2, 6, 8};
    for (int i = 0; i < 3; i++) {
        EXPECT_EQ_INT(attn_cost_variants(&v, 16, 512, 8, 1, cells[i]), ATTN_OK);
        EXPECT(v.recurrence_crossover == crossings[i]);
        for (int n = 16; n <= 65536; n *= 2) {
            EXPECT_EQ_INT(attn_cost_variants(&v, n, 512, 8, 1, cells[i]), ATTN_OK);
            EXPECT_EQ_INT(attn_cost(&c, n, 512, 8), ATTN_OK);
            EXPECT(v.recurrence == matrices[i] * n * 512.0 * 512.0);
            /* attention's total is the larger exactly past the crossing */
            EXPECT((c.total > v.recurrence) == (n > crossings[i]) || c.total == v.recurrence);
            EXPECT(c.total > (double)n * 512 * 512); /* the literal N·D²: below attention at every N */
        }
    }
    EXPECT_EQ_INT(attn_cost_variants(&v, 16, 512, 8, 1, 3), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_cost_variants(&v, 16, 512, 8, 1, -1), ATTN_ERR_ARGUMENT);
}

static void test_the_sliding_window_and_memory(void) {
    struct attn_cost_variants v;
    struct attn_cost c;
    EXPECT_EQ_INT(attn_cost(&c, 4096, 512, 8), ATTN_OK);
    EXPECT_EQ_INT(attn_cost_variants(&v, 4096, 512, 8, 256, ATTN_CELL_GRU), ATTN_OK);
    EXPECT(v.window_keys == 256.0);
    EXPECT(v.window_quadratic == 2.0 * 4096 * 256 * 512);
    EXPECT(v.window_total == c.linear + 2.0 * 4096 * 256 * 512);
    for (int w = 4096; w <= 1 << 20; w *= 4) { /* at w ≥ N: the full cost */
        EXPECT_EQ_INT(attn_cost_variants(&v, 4096, 512, 8, w, ATTN_CELL_GRU), ATTN_OK);
        EXPECT(v.window_total == c.total);
        EXPECT(v.window_quadratic == c.quadratic);
    }
    EXPECT_EQ_INT(attn_cost_variants(&v, 4096, 512, 8, 0, ATTN_CELL_GRU), ATTN_ERR_SIZE);
    /* Memory: the table of one head against the tiled kernel's scratch. */
    EXPECT_EQ_INT(attn_cost_variants(&v, 32768, 512, 8, 1, ATTN_CELL_GRU), ATTN_OK);
    EXPECT(v.naive_bytes == 4294967296.0);
    int floats = 0;
    EXPECT_EQ_INT(attn_flash_workspace(&floats, 32768, 64, 64), ATTN_OK);
    EXPECT(v.tiled_bytes == 4.0 * floats);
    EXPECT(v.tiled_bytes < 64.0 * 1024 * 1024); /* tens of MiB, where the table needs 4 GiB */
    EXPECT(v.tiled_threads == ATTN__MAX_THREADS);
    /* Counted, not allocated: one head of 16,384 at N = 65,536 (the cost widget's chart at its
     * widest) needs more than any allocation may hold, and still has its figure: for each thread,
     * the keys and values packed (2·N·D_H floats) and a few tiles. */
    EXPECT_EQ_INT(attn_flash_workspace(&floats, 65536, 16384, 16384), ATTN_ERR_OVERFLOW);
    EXPECT_EQ_INT(attn_cost_variants(&v, 65536, 16384, 1, 256, ATTN_CELL_LSTM), ATTN_OK);
    const double packed = 4.0 * v.tiled_threads * 2.0 * 65536 * 16384;
    EXPECT(v.tiled_bytes >= packed && v.tiled_bytes < 1.01 * packed);
    EXPECT_EQ_INT(attn_cost_variants(NULL, 16, 512, 8, 1, ATTN_CELL_GRU), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_cost_variants(&v, 16, 510, 8, 1, ATTN_CELL_GRU), ATTN_ERR_SHAPE);
}

/* Decoding: with the cache 2·L·T·C attention multiply-adds, recomputing 2·L·T²·C; the cache
 * 2·L·T·C·4 bytes. The shipped model (V 29 here, L 2, C 64) at T = 64. */
static void test_decoding_work_and_cache_bytes(void) {
    struct attn_decode_cost d;
    EXPECT_EQ_INT(attn_decode_cost(&d, 29, 2, 64, 64), ATTN_OK);
    EXPECT(d.cached_attention == 2.0 * 2 * 64 * 64);
    EXPECT(d.recompute_attention == 2.0 * 2 * 64 * 64 * 64);
    EXPECT(d.cached_total == d.cached_attention + 2 * 12.0 * 64 * 64 + 64.0 * 29);
    EXPECT(d.recompute_total == d.recompute_attention + 64 * (2 * 12.0 * 64 * 64 + 64.0 * 29));
    EXPECT(d.cache_entries == 2.0 * 2 * 64 * 64);
    EXPECT(d.cache_bytes == 65536.0);
    EXPECT_EQ_INT(attn_decode_cost(&d, 29, 2, 64, 1), ATTN_OK);
    EXPECT(d.cached_total == d.recompute_total); /* one token: nothing to reuse */
    EXPECT_EQ_INT(attn_decode_cost(&d, 29, 2, 64, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_decode_cost(NULL, 29, 2, 64, 1), ATTN_ERR_NULL);
}

static const struct test tests[] = {
    TEST(test_the_recurrence_line_and_where_attention_overtakes_it),
    TEST(test_the_sliding_window_and_memory),
    TEST(test_decoding_work_and_cache_bytes),
    TEST(test_the_formula_at_1024_and_512),
    TEST(test_crossover_is_twice_d_model),
    TEST(test_score_table_sizes),
    TEST(test_heads_do_not_change_the_count),
    TEST(test_bad_inputs),
};

RUN_TESTS(tests)
