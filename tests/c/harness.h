/*
 * harness.h — a tiny unit-test harness for the C core.
 *
 * A test file defines `static void test_name(void)` functions that use the EXPECT_* macros,
 * lists them in a `static const struct test tests[]` table, and ends with RUN_TESTS(tests).
 * Each test prints one line ("ok" or "FAIL"); the binary ends with "N passed, N failed" and
 * exits nonzero when any test failed.
 */
#ifndef ATTN_TEST_HARNESS_H
#define ATTN_TEST_HARNESS_H

#include <math.h>
#include <stdio.h>

struct test {
    const char *name;
    void (*run)(void);
};

static int harness_failures_in_test;

#define EXPECT(cond)                                                                     \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            harness_failures_in_test++;                                                  \
            fprintf(stderr, "    %s:%d: expected %s\n", __FILE__, __LINE__, #cond);    \
        }                                                                                \
    } while (0)

#define EXPECT_EQ_INT(actual, expected)                                                  \
    do {                                                                                 \
        long long a_ = (long long)(actual), e_ = (long long)(expected);                  \
        if (a_ != e_) {                                                                  \
            harness_failures_in_test++;                                                  \
            fprintf(stderr, "    %s:%d: %s is %lld, expected %lld\n", __FILE__, __LINE__, \
                    #actual, a_, e_);                                                    \
        }                                                                                \
    } while (0)

#define EXPECT_NEAR(actual, expected, tol)                                                 \
    do {                                                                                   \
        double a_ = (double)(actual), e_ = (double)(expected);                             \
        if (!(fabs(a_ - e_) <= (tol))) {                                                   \
            harness_failures_in_test++;                                                    \
            fprintf(stderr, "    %s:%d: %s is %.9g, expected %.9g (tolerance %g)\n",      \
                    __FILE__, __LINE__, #actual, a_, e_, (double)(tol));                   \
        }                                                                                  \
    } while (0)

static inline int harness_run(const struct test *tests, int count, const char *suite) {
    int passed = 0, failed = 0;
    for (int t = 0; t < count; t++) {
        harness_failures_in_test = 0;
        tests[t].run();
        if (harness_failures_in_test == 0) {
            passed++;
            printf("ok   %s: %s\n", suite, tests[t].name);
        } else {
            failed++;
            printf("FAIL %s: %s\n", suite, tests[t].name);
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

#define TEST(fn) { #fn, fn }
#define RUN_TESTS(table)                                                                  \
    int main(void) {                                                                      \
        return harness_run(table, (int)(sizeof(table) / sizeof(table[0])), __FILE__);     \
    }

#endif /* ATTN_TEST_HARNESS_H */
