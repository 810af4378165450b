/*
 * rotation.c — a random rotation: an orthogonal matrix drawn from the core's generator. The
 * cross-attention demo projects queries and keys with the same rotation R, so a query's score
 * against a key is the dot product of the two word vectors themselves:
 * (a·R)·(b·R) = a·R·Rᵀ·bᵀ = a·b, because R·Rᵀ = I.
 *
 * Modified Gram–Schmidt on the rows of a matrix of standard normals (dot products in double):
 * each row loses its components along the rows before it, then is scaled to length 1.
 */
#include <math.h>

#include "attn.h"
#include "check.h"

int attn_random_rotation(float *r, /* (D, D) */
                         uint32_t seed, int d) {
    ATTN__REFUSE_IF(!r, ATTN_ERR_NULL);
    ATTN__REFUSE_IF(d <= 0, ATTN_ERR_SIZE);
    ATTN__TRY(attn__check_product(d, d));
    struct attn_rng rng;
    attn_rng_seed(&rng, seed);
    ATTN__TRY(attn_rng_normals(r, &rng, d * d));
    for (int i = 0; i < d; i++) {
        float *row = r + (size_t)i * d;
        for (int j = 0; j < i; j++) {
            const float *prev = r + (size_t)j * d;
            double dot = 0;
            for (int p = 0; p < d; p++) dot += (double)row[p] * prev[p];
            for (int p = 0; p < d; p++) row[p] = (float)(row[p] - dot * prev[p]);
        }
        double norm = 0;
        for (int p = 0; p < d; p++) norm += (double)row[p] * row[p];
        norm = sqrt(norm);
        ATTN__REFUSE_IF(!(norm > 1e-6), ATTN_ERR_VALUE); /* rows in one plane: probability 0 */
        for (int p = 0; p < d; p++) row[p] = (float)(row[p] / norm);
    }
    return ATTN_OK;
}
