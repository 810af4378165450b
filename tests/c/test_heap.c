/*
 * test_heap.c — attn_heap_in_use: a status for a NULL output, and a finite, non-negative count
 * (the allocator under the sanitizers may report 0; the WASM leak tests check real growth).
 */
#include <math.h>

#include "attn.h"
#include "harness.h"

static void test_null_output_is_refused(void) {
    EXPECT_EQ_INT(attn_heap_in_use(NULL), ATTN_ERR_NULL);
}

static void test_count_is_finite_and_not_negative(void) {
    double bytes = -1;
    EXPECT_EQ_INT(attn_heap_in_use(&bytes), ATTN_OK);
    EXPECT(isfinite(bytes) && bytes >= 0);
}

static const struct test tests[] = {
    TEST(test_null_output_is_refused),
    TEST(test_count_is_finite_and_not_negative),
};

RUN_TESTS(tests)
