/*
 * heap.c — how many bytes malloc has handed out and not taken back, for the leak tests (the
 * WASM build reports dlmalloc's count; glibc's natively; 0 where the allocator cannot tell).
 */
#include <malloc.h>

#include "attn.h"

int attn_heap_in_use(double *bytes) {
    if (!bytes) return ATTN_ERR_NULL;
#if defined(__EMSCRIPTEN__)
    struct mallinfo info = mallinfo();
    *bytes = (double)(unsigned)info.uordblks;
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    *bytes = (double)info.uordblks;
#else
    *bytes = 0;
#endif
    return ATTN_OK;
}
