// errors.js — AttnError, the one error type the lab throws, and the status codes it carries.
// The codes mirror `enum attn_status` in c/include/attn.h (tests/wasm checks they agree).

export const Status = Object.freeze({
  OK: 0,
  NULL: 1,
  SIZE: 2,
  OVERFLOW: 3,
  MASK_KIND: 4,
  ARGUMENT: 5,
  SHAPE: 6,
  VALUE: 7,
  MEMORY: 8,
  FORMAT: 9,
  // Codes only the JS layer raises (never returned by C).
  TYPE: 100,
  LENGTH: 101,
  UNAVAILABLE: 102,
});

/** An error a learner can read: `code` is a Status, `message` is one plain sentence. */
export class AttnError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'AttnError';
    this.code = code;
  }

  /** The same Status as `code` (either name reads it). */
  get status() {
    return this.code;
  }
}
