/*
 * flash.h — private: what other files need to know of the tiled kernel (flash.c) without
 * running it.
 */
#ifndef ATTN__FLASH_H
#define ATTN__FLASH_H

#include <stdint.h>

/* The floats of attn_flash_attention's workspace for M keys of DK and DV entries, the scratch
 * area of every thread together (ATTN__MAX_THREADS of them), counted with no allocation limit:
 * attn_cost_variants states it for sizes no memory could hold. 0 < M, DV ≤ INT32_MAX − 8;
 * 0 < DK. attn_flash_workspace is this count, refused past what one allocation may hold. */
int64_t attn__flash_workspace_floats(int m, int dk, int dv);

#endif /* ATTN__FLASH_H */
