// errors.js — AttnError, the one error type the lab throws, and the status codes it carries:
// the core's own (enum attn_status, mirrored in abi.js) and three only the JS layer raises.

import { CoreStatus } from './abi.js';

export const Status = Object.freeze({
  ...CoreStatus,
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
