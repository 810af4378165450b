// fuzz-coverage.test.mjs — every function the core exports to WebAssembly (c/exports.txt, the
// page's, and c/exports-test.txt, the test build's) is called by at least one libFuzzer target
// (tests/fuzz/fuzz_*.c), so a new export cannot ship unfuzzed.
// malloc and free are the allocator's, not the core's; they are fuzzed through everything else.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exportedNames } from './helpers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const NOT_THE_CORES = new Set(['malloc', 'free']);

/** C source without its comments and string literals, so a name in prose does not count as a call. */
function codeOnly(source) {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
}

/** Exported names that no target calls (a name followed by '(' in code). */
export function unfuzzed(names, sources) {
  const code = sources.map(codeOnly).join('\n');
  return names.filter((name) => !NOT_THE_CORES.has(name) && !new RegExp(`\\b${name}\\s*\\(`).test(code));
}

const fuzzDir = `${root}tests/fuzz`;
const targets = readdirSync(fuzzDir).filter((name) => /^fuzz_\w+\.c$/.test(name));
const names = ['exports.txt', 'exports-test.txt'].flatMap((list) => exportedNames(readFileSync(`${root}c/${list}`, 'utf8')));

test('every exported C function is called by some fuzz target', () => {
  assert.ok(targets.length >= 5, `expected the fuzz targets in tests/fuzz, found ${targets.length}`);
  assert.ok(names.length > 50, `expected the export list, found ${names.length} names`);
  const missing = unfuzzed(names, targets.map((name) => readFileSync(`${fuzzDir}/${name}`, 'utf8')));
  assert.deepEqual(missing, [], `exported but called by no fuzz target (tests/fuzz/fuzz_*.c): ${missing.join(', ')}`);
  assert.ok(names.includes('attn_gemm_ex'), 'the test-only list is covered too');
});

test('the check sees a name only where it is called, not in a comment or a string', () => {
  const sources = ['/* attn_a( */ // attn_b(\n const char *s = "attn_c(";\n attn_d (x);\n attn_e_more(x);'];
  assert.deepEqual(unfuzzed(['attn_a', 'attn_b', 'attn_c', 'attn_d', 'attn_e', 'malloc'], sources), ['attn_a', 'attn_b', 'attn_c', 'attn_e']);
});
