// weights-file.fuzz.test.mjs — attn.loadModel on thousands of corrupt weights files.
//
// Each case starts from the shipped web/models/default-small.attnlab and damages it with a
// seeded generator: truncation, bit flips (with the checksum left stale or recomputed, so damage
// reaches past the checksum), header lengths changed (0, small shifts, huge), the JSON header
// edited field by field (config sizes negative, zero, fractional, huge, strings; vocabularies
// empty, duplicated, multi-character; step counts negative, huge, fractional, strings; corpus
// lengths huge; parameter counts wrong), the header replaced by junk, weights set to NaN or
// infinity, and bytes that are not a weights file at all.
//
// Every case must end in either a model or an AttnError whose message is a sentence (never
// another exception, never a crash or hang), and the same instance must keep working afterwards
// (a tiny model trains, and the WASM heap has not grown past a small bound).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadWasmAttn } from './helpers.mjs';
import { AttnError } from '../../web/lib/errors.js';

const attn = await loadWasmAttn();
const shipped = new Uint8Array(readFileSync(new URL('../../web/models/default-small.attnlab', import.meta.url)));
const CASES = Number(process.env.WEIGHTS_FUZZ_CASES ?? 3000);
const SEED = Number(process.env.WEIGHTS_FUZZ_SEED ?? 20261130); // another seed explores other damage

// ---- the file format, written out again here from its description (checkpoint.js's comment) ----

function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h >>> 0;
}
function layout(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(8, true);
  return { length, start: Math.ceil((12 + length) / 4) * 4 };
}
function reseal(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 4) view.setUint32(bytes.length - 4, fnv1a(bytes.subarray(0, bytes.length - 4)), true);
  return bytes;
}
/** A file with this header object and the shipped weights (or `params`). */
function withHeader(header, params = null, headerText = JSON.stringify(header)) {
  const json = new TextEncoder().encode(headerText);
  const { start } = layout(shipped);
  const weights = params ?? shipped.subarray(start, shipped.length - 4);
  const at = Math.ceil((12 + json.length) / 4) * 4;
  const bytes = new Uint8Array(at + weights.length + 4);
  bytes.set(shipped.subarray(0, 8), 0);
  new DataView(bytes.buffer).setUint32(8, json.length, true);
  bytes.set(json, 12);
  bytes.set(weights, at);
  return reseal(bytes);
}
const shippedHeader = JSON.parse(new TextDecoder().decode(shipped.subarray(12, 12 + layout(shipped).length)));

// ---- a seeded generator (mulberry32) ----

function generator(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (list) => list[int(list.length)] };
}

const ODD_VALUES = [-1, 0, 0.5, 1, 2, 3, 7, 63, 65, 4096, 4097, 1e9, 2 ** 31 - 1, 2 ** 31, 2 ** 32, -(2 ** 31), 1e300, -0, null, true, 'x', '64', [], {}, [64], Number.MAX_SAFE_INTEGER];

/** One damaged file, and a short name for the damage (printed when a case fails). */
function mutate(rng) {
  const kind = rng.int(12);
  const copy = () => shipped.slice();
  switch (kind) {
    case 0: { // truncated anywhere
      const at = rng.int(shipped.length);
      return { name: `truncated at ${at}`, bytes: shipped.slice(0, at) };
    }
    case 1: { // bit flips, checksum left stale
      const bytes = copy();
      for (let i = 1 + rng.int(8); i > 0; i--) bytes[rng.int(bytes.length)] ^= 1 << rng.int(8);
      return { name: 'bit flips', bytes };
    }
    case 2: { // bit flips anywhere before the checksum, checksum recomputed
      const bytes = copy();
      const flips = [];
      for (let i = 1 + rng.int(8); i > 0; i--) {
        const at = rng.int(bytes.length - 4);
        bytes[at] ^= 1 << rng.int(8);
        flips.push(at);
      }
      return { name: `resealed bit flips at ${flips.join(',')}`, bytes: reseal(bytes) };
    }
    case 3: { // bit flips inside the JSON header, resealed
      const bytes = copy();
      const { length } = layout(bytes);
      for (let i = 1 + rng.int(4); i > 0; i--) bytes[12 + rng.int(length)] ^= 1 << rng.int(8);
      return { name: 'header bit flips', bytes: reseal(bytes) };
    }
    case 4: { // the header length changed
      const bytes = copy();
      const { length } = layout(bytes);
      const value = rng.pick([0, 1, length - 1, length + 1, length + 4, length - 4, 0xffffffff, 0x7fffffff, 0x80000000, bytes.length, bytes.length - 16, rng.int(2 ** 32)]) >>> 0;
      new DataView(bytes.buffer).setUint32(8, value, true);
      return { name: `header length ${value}`, bytes: rng.int(2) ? reseal(bytes) : bytes };
    }
    case 5: { // one config field changed
      const field = rng.pick(['layers', 'heads', 'dModel', 'context', 'batch', 'lr', 'seed', 'preset', 'junk']);
      const value = rng.pick(ODD_VALUES);
      const header = structuredClone(shippedHeader);
      header.config[field] = value;
      return { name: `config.${field} = ${JSON.stringify(value)}`, bytes: withHeader(header) };
    }
    case 6: { // another header field changed
      const field = rng.pick(['version', 'steps', 'paramCount', 'config', 'vocab', 'corpus']);
      const value = rng.pick(ODD_VALUES);
      const header = structuredClone(shippedHeader);
      header[field] = value;
      return { name: `${field} = ${JSON.stringify(value)}`, bytes: withHeader(header) };
    }
    case 7: { // the vocabulary damaged
      const header = structuredClone(shippedHeader);
      const vocab = header.vocab;
      const how = rng.int(6);
      if (how === 0) vocab.pop();
      else if (how === 1) vocab.push(vocab[0]);
      else if (how === 2) vocab[rng.int(vocab.length)] = 'ab';
      else if (how === 3) vocab[rng.int(vocab.length)] = '';
      else if (how === 4) vocab[rng.int(vocab.length)] = rng.pick([1, null, '\u{1F600}', '<', '\u0000']);
      else header.vocab = vocab.slice(0, rng.int(3));
      return { name: `vocab damage ${how}`, bytes: withHeader(header) };
    }
    case 8: { // the corpus description damaged (the default corpus is regenerated on load)
      const header = structuredClone(shippedHeader);
      header.corpus = rng.int(3) ? { ...header.corpus, [rng.pick(['length', 'seed', 'kind'])]: rng.pick(ODD_VALUES) } : rng.pick(ODD_VALUES);
      return { name: `corpus = ${JSON.stringify(header.corpus)}`, bytes: withHeader(header) };
    }
    case 9: { // a weight made NaN, infinite or huge
      const bytes = copy();
      const { start } = layout(bytes);
      const count = (bytes.length - 4 - start) / 4;
      const value = rng.pick([NaN, Infinity, -Infinity, 3.4e38, -3.4e38, 1e-45]);
      new DataView(bytes.buffer).setFloat32(start + 4 * rng.int(count), value, true);
      return { name: `a weight = ${value}`, bytes: reseal(bytes) };
    }
    case 10: { // the header replaced by junk text
      const junk = rng.pick(['', '{', 'null', '[]', '"text"', '{"config":{}}', '{"version":1}', 'ÿþ', '{"__proto__":{"config":1}}', '1e999', '{"version":1,"config":{},"vocab":[],"paramCount":0}']);
      return { name: `header ${JSON.stringify(junk)}`, bytes: withHeader(null, null, junk) };
    }
    default: { // not a weights file: random bytes, sometimes behind the magic
      const bytes = new Uint8Array(rng.int(64));
      for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
      if (rng.int(2) && bytes.length >= 8) bytes.set(shipped.subarray(0, 8), 0);
      return { name: `random ${bytes.length} bytes`, bytes: rng.int(2) ? reseal(bytes) : bytes };
    }
  }
}

/** Loads and, when a model comes back, uses it a little (as the train widget would). */
function tryLoad(bytes, rng) {
  const options = rng.int(3) === 0 ? {} : { text: 'the cat sat on the mat. '.repeat(30) };
  let model;
  try {
    model = attn.loadModel(bytes, options);
  } catch (error) {
    return { error };
  }
  try {
    model.attentionMaps('the cat');
    // Sometimes a training step too (a loaded step count must leave room to count it).
    if (options.text && rng.int(20) === 0) model.train(1);
  } catch (error) {
    model.dispose();
    return { error, after: true };
  }
  model.dispose();
  return { model: true };
}

function heapBytes() {
  return attn.core.memory.buffer.byteLength;
}

test(`${CASES} damaged weights files (seed ${SEED}) each give a model or a readable AttnError`, { timeout: 600_000 }, () => {
  const rng = generator(SEED);
  const outcomes = new Map();
  const heapBefore = heapBytes();
  for (let i = 0; i < CASES; i++) {
    const { name, bytes } = mutate(rng);
    const result = tryLoad(bytes, rng);
    if (result.error) {
      const { error } = result;
      assert.ok(error instanceof AttnError, `case ${i} (${name}): ${error?.constructor?.name}: ${error?.message}\n${error?.stack}`);
      assert.match(error.message, /^[\w"'].{10,}[.!?)]$/s, `case ${i} (${name}): unreadable message ${JSON.stringify(error.message)}`);
      assert.doesNotMatch(error.message, /undefined|\[object|null pointer|status \d|^params:|a object/, `case ${i} (${name}): ${error.message}`);
      const key = error.message.replace(/\d[\d,.e+-]*/g, '#').slice(0, 90);
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    } else {
      outcomes.set('(a model)', (outcomes.get('(a model)') ?? 0) + 1);
    }
  }
  console.log(`    outcomes of ${CASES} cases:`);
  for (const [key, count] of [...outcomes].sort((a, b) => b[1] - a[1])) console.log(`    ${String(count).padStart(5)}  ${key}`);
  // The instance still works: the shipped file loads and gives its maps; a tiny model trains.
  const model = attn.loadModel(shipped);
  assert.equal(model.attentionMaps('the cat').t, 7);
  model.dispose();
  const tiny = attn.createModel({ text: 'abcab'.repeat(100), layers: 1, heads: 1, dModel: 8, context: 8, batch: 2 });
  assert.ok(Number.isFinite(tiny.train(2).loss[1]));
  tiny.dispose();
  // Memory can grow (the allocator keeps what the biggest model needed) but not without bound.
  assert.ok(heapBytes() - heapBefore < 64 * 2 ** 20, `heap grew by ${(heapBytes() - heapBefore) / 2 ** 20} MiB`);
});
