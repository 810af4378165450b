/*
 * test_hull.c — the convex hull of points in the plane (c/src/hull.c): known hulls (a square
 * with points inside and on its edges, a triangle, points on a line, one repeated point), the
 * corners counter-clockwise from the leftmost, the depth of a point (inside, on an edge,
 * outside), random clouds whose every point and every blend lies inside, and bad inputs.
 */
#include <math.h>
#include <string.h>

#include "attn.h"
#include "harness.h"

#define MAX 64

struct hull {
    int corners[MAX], count, inside, rc;
    double depth;
};

static struct hull hull_of(const float *points, int count, const float *point) {
    struct hull h;
    memset(&h, 0, sizeof h);
    h.rc = attn_hull_2d(h.corners, &h.count, point ? &h.depth : NULL, point ? &h.inside : NULL, point, points, count);
    return h;
}

static void expect_corners(const struct hull *h, const int *expected, int count) {
    EXPECT_EQ_INT(h->count, count);
    for (int i = 0; i < count && i < h->count; i++) EXPECT_EQ_INT(h->corners[i], expected[i]);
}

static void test_a_square_with_points_inside_and_on_its_edges(void) {
    /* Corners 1 (0,0), 3 (2,0), 4 (2,2), 0 (0,2); 2 is inside, 5 lies on the bottom edge. */
    const float points[] = {0, 2, 0, 0, 1, 1, 2, 0, 2, 2, 1, 0};
    const float centre[2] = {1, 1}, edge[2] = {2, 1}, outside[2] = {5, 6}, near[2] = {1, 1.5f};
    struct hull h = hull_of(points, 6, centre);
    EXPECT_EQ_INT(h.rc, ATTN_OK);
    expect_corners(&h, (const int[]){1, 3, 4, 0}, 4);
    EXPECT_NEAR(h.depth, 1.0, 1e-12);
    EXPECT_EQ_INT(h.inside, 1);
    h = hull_of(points, 6, edge);
    EXPECT_NEAR(h.depth, 0.0, 1e-12);
    EXPECT_EQ_INT(h.inside, 1);
    h = hull_of(points, 6, outside);
    EXPECT_NEAR(h.depth, -5.0, 1e-12); /* from (2, 2): (3, 4) away */
    EXPECT_EQ_INT(h.inside, 0);
    h = hull_of(points, 6, near);
    EXPECT_NEAR(h.depth, 0.5, 1e-12);
    /* Just outside, within the tolerance: inside; a little further: outside. */
    const float touching[2] = {2.0f + 1e-6f, 1}, beyond[2] = {2.001f, 1};
    EXPECT_EQ_INT(hull_of(points, 6, touching).inside, 1);
    EXPECT_EQ_INT(hull_of(points, 6, beyond).inside, 0);
}

static void test_degenerate_hulls(void) {
    const float same[] = {3, -1, 3, -1, 3, -1};
    const float at[2] = {3, -1}, off[2] = {6, 3};
    struct hull h = hull_of(same, 3, at);
    EXPECT_EQ_INT(h.rc, ATTN_OK);
    EXPECT_EQ_INT(h.count, 1);
    EXPECT_NEAR(h.depth, 0.0, 1e-12);
    EXPECT_EQ_INT(h.inside, 1);
    EXPECT_NEAR(hull_of(same, 3, off).depth, -5.0, 1e-12);

    /* On a line: the two ends; the point between them is inside, one beside the line is not. */
    const float line[] = {1, 1, 3, 3, 2, 2, 0, 0};
    const float middle[2] = {1.5f, 1.5f}, beside[2] = {1, 0};
    h = hull_of(line, 4, middle);
    expect_corners(&h, (const int[]){3, 1}, 2);
    EXPECT_NEAR(h.depth, 0.0, 1e-7);
    EXPECT_EQ_INT(h.inside, 1);
    h = hull_of(line, 4, beside);
    EXPECT_NEAR(h.depth, -sqrt(0.5), 1e-7);
    EXPECT_EQ_INT(h.inside, 0);

    const float one[] = {-2, 5};
    h = hull_of(one, 1, NULL);
    EXPECT_EQ_INT(h.rc, ATTN_OK);
    expect_corners(&h, (const int[]){0}, 1);

    /* A repeated leftmost corner counts once. */
    const float repeated[] = {0, 0, 4, 0, 0, 0, 0, 4};
    h = hull_of(repeated, 4, NULL);
    EXPECT_EQ_INT(h.count, 3);
}

static void test_random_clouds_hold_their_points_and_blends(void) {
    struct attn_rng rng;
    attn_rng_seed(&rng, 5);
    for (int t = 0; t < 300; t++) {
        int count = 3 + (int)attn_rng_below(&rng, MAX - 3);
        float points[2 * MAX];
        for (int i = 0; i < 2 * count; i++) points[i] = 10.0f * (2.0f * attn_rng_uniform(&rng) - 1.0f);
        struct hull h = hull_of(points, count, NULL);
        EXPECT_EQ_INT(h.rc, ATTN_OK);
        EXPECT(h.count >= 3 && h.count <= count);
        /* Counter-clockwise and convex: every turn is to the left. */
        for (int i = 0; i < h.count; i++) {
            const float *a = points + 2 * h.corners[i], *b = points + 2 * h.corners[(i + 1) % h.count],
                        *c = points + 2 * h.corners[(i + 2) % h.count];
            EXPECT((b[0] - a[0]) * (double)(c[1] - a[1]) - (b[1] - a[1]) * (double)(c[0] - a[0]) > 0);
        }
        /* Every point, and a random blend of them, lies inside. */
        float blend[2] = {0, 0};
        double total = 0, w[MAX];
        for (int i = 0; i < count; i++) total += w[i] = attn_rng_uniform(&rng);
        for (int i = 0; i < count; i++) blend[0] += (float)(w[i] / total) * points[2 * i], blend[1] += (float)(w[i] / total) * points[2 * i + 1];
        EXPECT_EQ_INT(hull_of(points, count, blend).inside, 1);
        for (int i = 0; i < count; i++) {
            struct hull p = hull_of(points, count, points + 2 * i);
            EXPECT_EQ_INT(p.inside, 1);
            EXPECT(p.depth >= -1e-9);
        }
        /* A point well beyond the cloud is outside. */
        const float far[2] = {25, 0};
        EXPECT_EQ_INT(hull_of(points, count, far).inside, 0);
    }
}

static void test_bad_inputs(void) {
    float points[6] = {0, 0, 1, 0, 0, 1}, point[2] = {0.2f, 0.2f};
    int corners[ATTN_HULL_MAX_POINTS + 1], count, inside;
    double depth;
    EXPECT_EQ_INT(attn_hull_2d(corners, &count, &depth, &inside, point, points, 3), ATTN_OK);
    EXPECT_EQ_INT(attn_hull_2d(NULL, &count, &depth, &inside, point, points, 3), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_hull_2d(corners, NULL, &depth, &inside, point, points, 3), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_hull_2d(corners, &count, NULL, &inside, point, points, 3), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_hull_2d(corners, &count, &depth, &inside, point, NULL, 3), ATTN_ERR_NULL);
    EXPECT_EQ_INT(attn_hull_2d(corners, &count, &depth, &inside, point, points, 0), ATTN_ERR_SIZE);
    EXPECT_EQ_INT(attn_hull_2d(corners, &count, &depth, &inside, point, points, ATTN_HULL_MAX_POINTS + 1), ATTN_ERR_ARGUMENT);
    points[3] = NAN;
    EXPECT_EQ_INT(attn_hull_2d(corners, &count, NULL, NULL, NULL, points, 3), ATTN_ERR_VALUE);
    points[3] = -INFINITY;
    EXPECT_EQ_INT(attn_hull_2d(corners, &count, NULL, NULL, NULL, points, 3), ATTN_ERR_VALUE);
    points[3] = 0;
    point[1] = INFINITY;
    EXPECT_EQ_INT(attn_hull_2d(corners, &count, &depth, &inside, point, points, 3), ATTN_ERR_VALUE);
    point[1] = 3e6f;
    EXPECT_EQ_INT(attn_hull_2d(corners, &count, &depth, &inside, point, points, 3), ATTN_ERR_ARGUMENT);
}

static const struct test tests[] = {
    TEST(test_a_square_with_points_inside_and_on_its_edges),
    TEST(test_degenerate_hulls),
    TEST(test_random_clouds_hold_their_points_and_blends),
    TEST(test_bad_inputs),
};

RUN_TESTS(tests)
