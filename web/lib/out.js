// out.js — out-parameters by name. A C function writes its results through pointers (outputs
// first); a call from JS names each one instead, and gets them back by name:
//
//   const { params, count } = heap.call('params', 'attn_model_params', Out.ptr('params'), Out.i32('count'), heap.pointer);
//
// These are descriptions only: attn.js (core.call, scope.call, handle.call) gives each a zeroed
// slot in the heap, passes its address, and reads it after the call.

/** One out-parameter: `count` entries of `Type` that the C function writes, named `name`. */
export class OutParam {
  constructor(name, Type, count) {
    this.name = name;
    this.Type = Type;
    this.count = count;
    this.bytes = Math.ceil((Type.BYTES_PER_ELEMENT * count) / 8) * 8; // every slot 8-byte aligned
    Object.freeze(this);
  }
}
Object.freeze(OutParam.prototype);

/** The kinds of out-parameter; a call returns a number, or a copy when count > 1. */
export const Out = Object.freeze({
  /** int32 values (`int *`). */
  i32: (name, count = 1) => new OutParam(name, Int32Array, count),
  /** float64 values (`double *`). */
  f64: (name, count = 1) => new OutParam(name, Float64Array, count),
  /** A pointer the function writes (a `T **` argument): an address in the core's memory. */
  ptr: (name) => new OutParam(name, Uint32Array, 1),
});
