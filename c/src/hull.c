/*
 * hull.c — the convex hull of points in the plane, and how deep a point lies in it: the lookup
 * widget draws the hull of the values and checks that attention's output (a blend of the
 * values with weights ≥ 0 that sum to 1) lands inside it. Andrew's monotone chain, in double:
 * sort the points left to right, then build the lower and the upper chain, dropping every turn
 * that is not to the left.
 */
#include <math.h>
#include <stddef.h>

#include "attn.h"
#include "check.h"

/* A point of the caller's (COUNT, 2) array, in double. */
struct xy {
    double x, y;
};

static struct xy at(const float *points, int i) {
    return (struct xy){points[2 * i], points[2 * i + 1]};
}

/* (b − a) × (c − a): > 0 when a → b → c turns left, 0 when they are on a line. */
static double cross(struct xy a, struct xy b, struct xy c) {
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

static int same(struct xy a, struct xy b) {
    return a.x == b.x && a.y == b.y;
}

static int before(struct xy a, struct xy b) {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
}

/* order[0 .. count) = 0 .. count − 1 sorted left to right (then bottom to top); insertion sort. */
static void sort_points(int *order, const float *points, int count) {
    for (int i = 0; i < count; i++) {
        int j = i;
        for (; j > 0 && before(at(points, i), at(points, order[j - 1])); j--) order[j] = order[j - 1];
        order[j] = i;
    }
}

/* Appends the points of order[from], order[from + step], … (`steps` of them) to the chain
 * hull[0 .. *size), dropping corners that do not turn left; the chain keeps its first `floor`. */
static void extend_chain(int *hull, int *size, const int *order, const float *points, int from, int step, int steps, int floor) {
    for (int s = 0, i = from; s < steps; s++, i += step) {
        struct xy p = at(points, order[i]);
        while (*size >= floor + 2 && cross(at(points, hull[*size - 2]), at(points, hull[*size - 1]), p) <= 0) (*size)--;
        if (*size > 0 && same(at(points, hull[*size - 1]), p)) continue; /* a repeated point */
        hull[(*size)++] = order[i];
    }
}

/* The distance from p to the segment a–b. */
static double segment_distance(struct xy p, struct xy a, struct xy b) {
    double dx = b.x - a.x, dy = b.y - a.y, length2 = dx * dx + dy * dy;
    double t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0.0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/* Signed distance from p to the boundary of the hull corners[0 .. n): + inside, − outside. */
static double depth_in(struct xy p, const float *points, const int *corners, int n) {
    double nearest = INFINITY, deepest = INFINITY;
    int outside = n < 3;
    for (int e = 0; e < n; e++) {
        struct xy a = at(points, corners[e]), b = at(points, corners[(e + 1) % n]);
        nearest = fmin(nearest, segment_distance(p, a, b));
        double length = hypot(b.x - a.x, b.y - a.y);
        double inward = length > 0 ? cross(a, b, p) / length : 0.0; /* counter-clockwise: inside is left */
        if (inward < 0) outside = 1;
        deepest = fmin(deepest, inward);
    }
    return outside ? -nearest : deepest;
}

int attn_hull_2d(int *corners,       /* (COUNT) */
                 int *corner_count,
                 double *depth,       /* or NULL when point is NULL */
                 int *inside,         /* or NULL when point is NULL */
                 const float *point,  /* (2) or NULL */
                 const float *points, /* (COUNT, 2) */
                 int count) {
    ATTN__REFUSE_IF(!corners || !corner_count || !points || (point && (!depth || !inside)), ATTN_ERR_NULL);
    ATTN__REFUSE_IF(count <= 0, ATTN_ERR_SIZE);
    ATTN__REFUSE_IF(count > ATTN_HULL_MAX_POINTS, ATTN_ERR_ARGUMENT);
    for (int i = 0; i < 2 * count + (point ? 2 : 0); i++) {
        float v = i < 2 * count ? points[i] : point[i - 2 * count];
        ATTN__REFUSE_IF(!isfinite(v), ATTN_ERR_VALUE);
        ATTN__REFUSE_IF(fabsf(v) > ATTN_LOOKUP_MAX_COORDINATE, ATTN_ERR_ARGUMENT);
    }

    /* The lower chain left to right, then the upper one right to left, back to the start: at
     * most count + 1 corners, the last a repeat of the first, which is dropped. */
    int order[ATTN_HULL_MAX_POINTS], chain[ATTN_HULL_MAX_POINTS + 1];
    sort_points(order, points, count);
    int size = 0;
    extend_chain(chain, &size, order, points, 0, 1, count, 0);
    int lower = size;
    extend_chain(chain, &size, order, points, count - 2, -1, count - 1, lower - 1);
    if (size > 1 && same(at(points, chain[size - 1]), at(points, chain[0]))) size--;
    for (int i = 0; i < size; i++) corners[i] = chain[i];
    *corner_count = size;

    if (point) {
        double extent = 1.0;
        for (int i = 0; i < size; i++)
            extent = fmax(extent, fmax(fabs(at(points, corners[i]).x), fabs(at(points, corners[i]).y)));
        *depth = depth_in((struct xy){point[0], point[1]}, points, corners, size);
        *inside = *depth >= -ATTN_HULL_TOLERANCE * extent;
    }
    return ATTN_OK;
}
