/*
 * fuzz_fast.c — libFuzzer target for the fast kernels: the vectorised exp, the packed GEMM (and
 * its general form: every transpose and accumulate, any row strides, too-small strides and sizes
 * included; the padding past each row of c untouched; a call on some rows of c bitwise those rows
 * of the whole call), the tiled attention (any sizes, heads, masks, windows and values, their workspaces exactly as
 * large as asked), and the KV cache (any capacity, appends past it, attends on an empty cache).
 */
#include "fuzz_input.h"

static void fuzz_exp(struct fuzz_input *in) {
    int count = fuzz_size(in);
    if (count > FUZZ_MAX_ELEMENTS) return;
    if (count <= 0) {
        float one[1] = {0}, y[1];
        FUZZ_REQUIRE_REFUSAL(attn_exp(y, one, count));
        return;
    }
    float *x = fuzz_floats(in, count), *y = fuzz_out(count);
    if (attn_exp(y, x, count) != ATTN_OK) abort();
    for (int i = 0; i < count; i++) if (y[i] < 0.0f) abort(); /* e^x is never negative (NaN passes) */
    free(x), free(y);
}

static void fuzz_gemm(struct fuzz_input *in) {
    int m = fuzz_size(in), k = fuzz_size(in), n = fuzz_size(in), transpose = fuzz_byte(in) & 1;
    int64_t products[] = {fuzz_product(m, k), fuzz_product(k, n), fuzz_product(m, n)};
    enum fuzz_plan plan = fuzz_plan_for(m <= 0 || k <= 0 || n <= 0, products, 3);
    int floats = -1;
    int rc = attn_gemm_workspace(&floats, m, k, n);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float one[1] = {0}, c[1], work[1];
        FUZZ_REQUIRE_REFUSAL(attn_gemm(c, work, one, one, transpose, m, k, n));
        return;
    }
    if (rc != ATTN_OK || floats < 0 || floats > (1 << 24)) abort();
    float *a = fuzz_floats(in, products[0]), *b = fuzz_floats(in, products[1]), *c = fuzz_out(products[2]);
    float *work = fuzz_out(floats);
    if (attn_gemm(c, work, a, b, transpose, m, k, n) != ATTN_OK) abort();
    free(a), free(b), free(c), free(work);
}

/* A row stride: usually the width, sometimes a little more, sometimes less (refused) or special. */
static int fuzz_stride(struct fuzz_input *in, int width) {
    uint8_t b = fuzz_byte(in);
    int64_t stride = b < 128 ? width : b < 224 ? (int64_t)width + b % 5 : b < 240 ? (int64_t)width - 1 - b % 3 : fuzz_size(in);
    return stride > INT_MAX ? INT_MAX : stride < INT_MIN ? INT_MIN : (int)stride;
}

static void fuzz_gemm_ex(struct fuzz_input *in) {
    int m = fuzz_size(in), k = fuzz_size(in), n = fuzz_size(in);
    uint8_t flags = fuzz_byte(in);
    int ta = flags & 1, tb = (flags >> 1) & 1, accumulate = (flags >> 2) & 1;
    int a_rows = ta ? k : m, a_width = ta ? m : k, b_rows = tb ? n : k, b_width = tb ? k : n;
    int lda = fuzz_stride(in, a_width), ldb = fuzz_stride(in, b_width), ldc = fuzz_stride(in, n);
    float one[1] = {0}, c1[1], w1[1];
    if (m <= 0 || k <= 0 || n <= 0 || lda < a_width || ldb < b_width || ldc < n || lda <= 0 || ldb <= 0 || ldc <= 0) {
        FUZZ_REQUIRE_REFUSAL(attn_gemm_ex(c1, w1, one, one, ta, tb, accumulate, m, k, n, lda, ldb, ldc));
        return;
    }
    int64_t products[] = {fuzz_product(a_rows, lda), fuzz_product(b_rows, ldb), fuzz_product(m, ldc),
                          fuzz_product(m, k), fuzz_product(k, n), fuzz_product(m, n)};
    enum fuzz_plan plan = fuzz_plan_for(0, products, 6);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        FUZZ_REQUIRE_REFUSAL(attn_gemm_ex(c1, w1, one, one, ta, tb, accumulate, m, k, n, lda, ldb, ldc));
        return;
    }
    int floats = -1;
    if (attn_gemm_workspace(&floats, m, k, n) != ATTN_OK || floats < 0 || floats > (1 << 24)) abort();
    FUZZ_REQUIRE_REFUSAL(attn_gemm_ex(NULL, w1, one, one, ta, tb, accumulate, m, k, n, lda, ldb, ldc));
    float *a = fuzz_floats(in, products[0]), *b = fuzz_floats(in, products[1]);
    float *c = fuzz_floats(in, products[2]), *work = fuzz_out(floats);
    float *rows = malloc((size_t)products[2] * sizeof(float));
    memcpy(rows, c, (size_t)products[2] * sizeof(float));
    if (attn_gemm_ex(c, work, a, b, ta, tb, accumulate, m, k, n, lda, ldb, ldc) != ATTN_OK) abort();
    /* The padding past n in each row of c is never written. */
    for (int i = 0; i < m; i++)
        if (memcmp(c + (size_t)i * ldc + n, rows + (size_t)i * ldc + n, (size_t)(ldc - n) * sizeof(float)) != 0) abort();
    /* Rows [i0, i1) on their own give bitwise those rows of the whole call. */
    int i0 = fuzz_byte(in) % m, i1 = i0 + 1 + fuzz_byte(in) % (m - i0);
    const float *a_part = ta ? a + i0 : a + (size_t)i0 * lda;
    float *c_part = rows + (size_t)i0 * ldc;
    size_t a_left = (size_t)products[0] - (size_t)(a_part - a), c_left = (size_t)(i1 - i0) * ldc;
    /* exact-size copies of the part, so ASan sees a read past the rows asked for */
    float *a_copy = malloc(a_left * sizeof(float)), *c_copy = malloc(c_left * sizeof(float));
    memcpy(a_copy, a_part, a_left * sizeof(float));
    memcpy(c_copy, c_part, c_left * sizeof(float));
    if (attn_gemm_ex(c_copy, work, a_copy, b, ta, tb, accumulate, i1 - i0, k, n, lda, ldb, ldc) != ATTN_OK) abort();
    for (int i = 0; i < i1 - i0; i++)
        if (memcmp(c_copy + (size_t)i * ldc, c + (size_t)(i0 + i) * ldc, (size_t)n * sizeof(float)) != 0) {
            fprintf(stderr, "gemm_ex on rows [%d, %d) differs from the whole call\n", i0, i1);
            abort();
        }
    free(a), free(b), free(c), free(work), free(rows), free(a_copy), free(c_copy);
}

static void fuzz_flash(struct fuzz_input *in) {
    int heads = fuzz_size(in) % 5, n = fuzz_size(in), m = fuzz_size(in), dk = fuzz_size(in), dv = fuzz_size(in);
    int kind = (int)(fuzz_byte(in) % 5) - 1, window = fuzz_size(in);
    int64_t hdk = fuzz_product(heads, dk), hdv = fuzz_product(heads, dv);
    int64_t products[] = {fuzz_product(n, hdk), fuzz_product(m, hdk), fuzz_product(m, hdv), fuzz_product(n, hdv)};
    enum fuzz_plan plan = fuzz_plan_for(heads <= 0 || n <= 0 || m <= 0 || dk <= 0 || dv <= 0, products, 4);
    if (plan == FUZZ_SKIP) return;
    if (plan == FUZZ_EXPECT_REFUSAL) {
        float one[1] = {0}, out[1], lse[1], work[1];
        FUZZ_REQUIRE_REFUSAL(attn_flash_attention(out, lse, NULL, work, one, one, one, ATTN_MASK_NONE, 1, heads, n, m, dk, dv));
        return;
    }
    int floats = -1;
    if (attn_flash_workspace(&floats, m, dk, dv) != ATTN_OK || floats < 0 || floats > (1 << 24)) abort();
    float *q = fuzz_floats(in, products[0]), *k = fuzz_floats(in, products[1]), *v = fuzz_floats(in, products[2]);
    float *out = fuzz_out(products[3]), *lse = fuzz_out(fuzz_product(heads, n)), *work = fuzz_out(floats);
    int empty = -1;
    int rc = attn_flash_attention(out, lse, &empty, work, q, k, v, kind, window, heads, n, m, dk, dv);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc == ATTN_OK && (empty < 0 || empty > heads * n)) abort();
    free(q), free(k), free(v), free(out), free(lse), free(work);
}

static void fuzz_cache(struct fuzz_input *in) {
    int capacity = fuzz_size(in), heads = fuzz_size(in) % 4, dk = fuzz_size(in), dv = fuzz_size(in);
    struct attn_kv_cache *cache = NULL;
    int64_t work = fuzz_product(fuzz_product(capacity, heads), (int64_t)dk + dv);
    if (capacity > 0 && heads > 0 && dk > 0 && dv > 0 && work > (1 << 20)) return; /* valid but large */
    int rc = attn_kv_cache_create(&cache, capacity, heads, dk, dv);
    FUZZ_REQUIRE_KNOWN_STATUS(rc);
    if (rc != ATTN_OK) {
        if (cache) abort();
        return;
    }
    int hdk = heads * dk, hdv = heads * dv;
    float *k = fuzz_floats(in, hdk), *v = fuzz_floats(in, hdv), *q = fuzz_floats(in, hdk), *out = fuzz_out(hdv);
    int steps = fuzz_byte(in) % 24;
    for (int s = 0; s < steps; s++) {
        if (fuzz_byte(in) & 1) FUZZ_REQUIRE_KNOWN_STATUS(attn_kv_cache_append(cache, k, v));
        else FUZZ_REQUIRE_KNOWN_STATUS(attn_kv_cache_attend(out, cache, q));
        int length = -1;
        if (attn_kv_cache_length(&length, cache) != ATTN_OK || length < 0 || length > capacity) abort();
    }
    attn_kv_cache_free(cache);
    free(k), free(v), free(q), free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct fuzz_input in = {data, size, 0};
    switch (fuzz_byte(&in) % 5) {
    case 0: fuzz_exp(&in); break;
    case 1: fuzz_gemm(&in); break;
    case 2: fuzz_flash(&in); break;
    case 3: fuzz_gemm_ex(&in); break;
    default: fuzz_cache(&in); break;
    }
    return 0;
}
