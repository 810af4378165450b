/* peak.c — the machine's measured peak for the benchmark (bench only, never shipped): a pure
 * SIMD128 multiply-add loop. WebAssembly has no fused multiply-add, so one multiply-add is an
 * f32x4.mul and an f32x4.add: 8 FLOPs on 4 lanes. Twelve independent accumulators hide the
 * latency of each mul → add chain (x86 has 16 vector registers: 12 accumulators, the factor and
 * the term fit). Each accumulator runs a ← a·0.9 + 0.1, which settles at 1: no overflow, no
 * subnormal numbers. Built by build.sh --bench into bench/page/generated/peak.wasm with the core's
 * Emscripten flags; timed by bench/page/peak.js in one Worker and in two at once. */
#include <wasm_simd128.h>

#define ACCUMULATORS 12

/* FLOPs of one iteration: ACCUMULATORS × 4 lanes × (1 multiply + 1 add). */
int attn_peak_flops_per_iteration(void) { return ACCUMULATORS * 4 * 2; }

/* Runs `iterations` iterations of a ← a·factor + term (call with 0.9 and 0.1); returns the sum
 * of the lanes (so nothing is optimised away). The factor and term are arguments, not literal
 * constants: V8 rebuilds a constant vector at every use inside a loop, which would add work. */
float attn_peak_madd(int iterations, float factor_value, float term_value) {
  const v128_t factor = wasm_f32x4_splat(factor_value), term = wasm_f32x4_splat(term_value);
  v128_t a0 = wasm_f32x4_splat(0.0f), a1 = wasm_f32x4_splat(0.1f), a2 = wasm_f32x4_splat(0.2f),
         a3 = wasm_f32x4_splat(0.3f), a4 = wasm_f32x4_splat(0.4f), a5 = wasm_f32x4_splat(0.5f),
         a6 = wasm_f32x4_splat(0.6f), a7 = wasm_f32x4_splat(0.7f), a8 = wasm_f32x4_splat(0.8f),
         a9 = wasm_f32x4_splat(0.9f), a10 = wasm_f32x4_splat(1.1f), a11 = wasm_f32x4_splat(1.2f);
  for (int i = 0; i < iterations; i++) {
#define MADD(a) a = wasm_f32x4_add(wasm_f32x4_mul(a, factor), term)
    MADD(a0); MADD(a1); MADD(a2); MADD(a3); MADD(a4); MADD(a5);
    MADD(a6); MADD(a7); MADD(a8); MADD(a9); MADD(a10); MADD(a11);
#undef MADD
  }
  v128_t s = wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_add(a0, a1), wasm_f32x4_add(a2, a3)),
                            wasm_f32x4_add(wasm_f32x4_add(a4, a5), wasm_f32x4_add(a6, a7)));
  s = wasm_f32x4_add(s, wasm_f32x4_add(wasm_f32x4_add(a8, a9), wasm_f32x4_add(a10, a11)));
  return wasm_f32x4_extract_lane(s, 0) + wasm_f32x4_extract_lane(s, 1) +
         wasm_f32x4_extract_lane(s, 2) + wasm_f32x4_extract_lane(s, 3);
}
