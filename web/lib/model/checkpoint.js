// checkpoint.js — the weights file: "ATTNLAB1", a little-endian uint32 header length, a JSON
// header (version, config, vocabulary, steps, corpus, parameter count), zero padding to 4 bytes,
// the parameters as float32, and an FNV-1a checksum (uint32) of everything before it.
// From version 2 the header may carry `optimizer: { rng: [4 words] }`; the parameters are then
// followed by AdamW's first and second moments (parameter count floats each), so training
// resumes exactly where it stopped.

import { AttnError, Status } from '../errors.js';

const MAGIC = 'ATTNLAB1';

function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h >>> 0;
}

/** The file for `header` and `params`; with `moments` ({ first, second }), those follow the parameters. */
export function encodeCheckpoint(header, params, moments = null) {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = Math.ceil((12 + json.length) / 4) * 4;
  const blocks = moments ? [params, moments.first, moments.second] : [params];
  const bytes = new Uint8Array(start + blocks.length * params.length * 4 + 4);
  bytes.set(new TextEncoder().encode(MAGIC), 0);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, json.length, true);
  bytes.set(json, 12);
  let at = start;
  for (const block of blocks) {
    for (let i = 0; i < block.length; i++, at += 4) view.setFloat32(at, block[i], true);
  }
  view.setUint32(bytes.length - 4, fnv1a(bytes.subarray(0, bytes.length - 4)), true);
  return bytes;
}

const corrupt = (why) => new AttnError(Status.FORMAT, `This weights file cannot be used: ${why}`);

/**
 * { header, params: Float32Array, moments: { first, second } | null } or an AttnError (FORMAT)
 * saying what is wrong. Moments are read when the header says the file holds them (version 2).
 */
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
  const floats = (bytes.length - 4 - start) / 4;
  if (!header || typeof header !== 'object' || !header.config || !Array.isArray(header.vocab)) {
    throw corrupt('its header does not describe its weights.');
  }
  const withMoments = header.version >= 2 && header.optimizer != null;
  if (withMoments) {
    const rng = header.optimizer.rng;
    if (!Array.isArray(rng) || rng.length !== 4 || !rng.every((w) => Number.isInteger(w) && w >= 0 && w < 2 ** 32) || rng.every((w) => w === 0)) {
      throw corrupt('its optimizer state is not readable.');
    }
  }
  const count = header.paramCount;
  if (!Number.isInteger(count) || count * (withMoments ? 3 : 1) !== floats) throw corrupt('its header does not describe its weights.');
  const read = (block) => {
    const out = new Float32Array(count);
    for (let i = 0, at = start + block * count * 4; i < count; i++, at += 4) out[i] = view.getFloat32(at, true);
    return out;
  };
  return { header, params: read(0), moments: withMoments ? { first: read(1), second: read(2) } : null };
}
