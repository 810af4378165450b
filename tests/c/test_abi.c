/*
 * test_abi.c — the ABI table (c/src/abi.c) the JS mirror is checked against: every entry has a
 * distinct name and a finite value, the enums and layouts it reports are the header's own, and
 * out-of-range indices and NULL outputs are refused.
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

/* The value of the entry called `name`, or NAN when there is none. */
static double entry(const char *name) {
    int count = 0;
    attn_abi_count(&count);
    for (int i = 0; i < count; i++) {
        const char *n = NULL;
        double v = 0;
        if (attn_abi_entry(&n, &v, i) == ATTN_OK && strcmp(n, name) == 0) return v;
    }
    return NAN;
}

static void test_every_entry_is_named_once_with_a_finite_value(void) {
    int count = 0;
    EXPECT_EQ_INT(attn_abi_count(&count), ATTN_OK);
    EXPECT(count > 40);
    for (int i = 0; i < count; i++) {
        const char *name = NULL;
        double value = NAN;
        EXPECT_EQ_INT(attn_abi_entry(&name, &value, i), ATTN_OK);
        EXPECT(name != NULL && name[0] != '\0');
        EXPECT(isfinite(value));
        for (int j = 0; j < i; j++) {
            const char *other = NULL;
            double ignored;
            attn_abi_entry(&other, &ignored, j);
            EXPECT(strcmp(name, other) != 0);
        }
    }
}

static void test_entries_are_the_headers_values(void) {
    EXPECT(entry("ATTN_ERR_FORMAT") == ATTN_ERR_FORMAT);
    EXPECT(entry("ATTN_STATUS_COUNT") == ATTN_STATUS_COUNT);
    EXPECT(entry("ATTN_MASK_CUSTOM") == ATTN_MASK_CUSTOM);
    EXPECT(entry("ATTN_POSITIONS_ROTARY") == ATTN_POSITIONS_ROTARY);
    EXPECT(entry("sizeof(struct attn_cost)") == sizeof(struct attn_cost));
    EXPECT(entry("offsetof(struct attn_cost, layer_entries)") == offsetof(struct attn_cost, layer_entries));
    EXPECT(entry("offsetof(struct attn_steps, weights)") == offsetof(struct attn_steps, weights));
    EXPECT(entry("ATTN_MODEL_INFO_STEPS") == ATTN_MODEL_INFO_STEPS);
    EXPECT(entry("ATTN_MODEL_MAX_BYTES") == ATTN_MODEL_MAX_BYTES);
    EXPECT(entry("ATTN_MODEL_MAX_LR") == ATTN_MODEL_MAX_LR);
    EXPECT(entry("ATTN_MULTIHEAD_WORK(1, 1)") == ATTN_MULTIHEAD_WORK(1, 1));
    EXPECT(isnan(entry("ATTN_NO_SUCH_THING")));
}

static void test_bad_indices_and_null_outputs_are_refused(void) {
    int count = 0;
    attn_abi_count(&count);
    const char *name = NULL;
    double value = 0;
    EXPECT_EQ_INT(attn_abi_entry(&name, &value, -1), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_abi_entry(&name, &value, count), ATTN_ERR_ARGUMENT);
    EXPECT_EQ_INT(attn_abi_entry(NULL, &value, 0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_abi_entry(&name, NULL, 0), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_abi_count(NULL), ATTN_ERR_NULL);
}

static const struct test tests[] = {
    TEST(test_every_entry_is_named_once_with_a_finite_value),
    TEST(test_entries_are_the_headers_values),
    TEST(test_bad_indices_and_null_outputs_are_refused),
};
RUN_TESTS(tests)
