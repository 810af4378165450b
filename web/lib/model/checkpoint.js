// checkpoint.js — the weights file: "ATTNLAB1", a little-endian uint32 header length, a JSON
// header (config, vocabulary, steps, corpus, parameter count), zero padding to 4 bytes, the
// parameters as float32, and an FNV-1a checksum (uint32) of everything before it.

import { AttnError, Status } from '../errors.js';

const MAGIC = 'ATTNLAB1';

function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h >>> 0;
}

export function encodeCheckpoint(header, params) {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = Math.ceil((12 + json.length) / 4) * 4;
  const bytes = new Uint8Array(start + params.length * 4 + 4);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, json.length, true);
  bytes.set(json, 12);
  for (let i = 0; i < params.length; i++) view.setFloat32(start + 4 * i, params[i], true);
  view.setUint32(bytes.length - 4, fnv1a(bytes.subarray(0, bytes.length - 4)), true);
  return bytes;
}

const corrupt = (why) => new AttnError(Status.FORMAT, `This weights file cannot be used: ${why}`);

/** { header, params: Float32Array } or an AttnError (FORMAT) saying what is wrong. */
export function decodeCheckpoint(bytes) {
  if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
  if (!(bytes instanceof Uint8Array)) throw new AttnError(Status.TYPE, 'The weights must be a Uint8Array (the bytes of a saved model).');
  if (bytes.length < 16 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) throw corrupt('it is not a model saved by this lab.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(8, true);
  if (12 + length > bytes.length - 4) throw corrupt('it is cut short.');
  if (fnv1a(bytes.subarray(0, bytes.length - 4)) !== view.getUint32(bytes.length - 4, true)) throw corrupt('it is damaged (its checksum does not match).');
  let header;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + length)));
  } catch {
    throw corrupt('its header is not readable.');
  }
  const start = Math.ceil((12 + length) / 4) * 4;
  const count = (bytes.length - 4 - start) / 4;
  if (!header || typeof header !== 'object' || !header.config || !Array.isArray(header.vocab) || header.paramCount !== count) {
    throw corrupt('its header does not describe its weights.');
  }
  const params = new Float32Array(count);
  for (let i = 0; i < count; i++) params[i] = view.getFloat32(start + 4 * i, true);
  return { header, params };
}
