// heap-owner.test.mjs — web/lib/attn.js is the only module that touches the WebAssembly heap:
// no other file under web/ may call malloc or free, or read memory.buffer. A
// long-lived object asks attn.js for a heap handle instead (core.handle), and a single call
// uses core.run's scope. A file that does so anyway is named with its line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const OWNER = 'web/lib/attn.js';
const SKIP = new Set(['generated', 'node_modules']);

/** What counts as touching the heap: the allocator's functions and the memory's buffer. */
const HEAP_USE = [
  { what: 'reads memory.buffer', pattern: /\bmemory\s*\.\s*buffer\b/ },
  { what: 'calls malloc', pattern: /\bmalloc\s*\(|exports\s*\.\s*malloc\b/ },
  { what: 'calls free', pattern: /\bexports\s*\.\s*free\b/ },
];

/** Every .js file under `dir`, as paths relative to the repository. */
function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : jsFiles(path);
    return /\.m?js$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

/** "file:line: what (the line)" for every line of `source` that touches the heap. */
export function heapUses(file, source) {
  const found = [];
  source.split('\n').forEach((line, i) => {
    for (const { what, pattern } of HEAP_USE) {
      if (pattern.test(line)) found.push(`${file}:${i + 1}: ${what}: ${line.trim()}`);
    }
  });
  return found;
}

test(`only ${OWNER} touches the WASM heap`, () => {
  const files = jsFiles(join(root, 'web'));
  assert.ok(files.includes(OWNER) && files.length > 50, `expected the site's scripts under web/, found ${files.length}`);
  const found = files.filter((file) => file !== OWNER).flatMap((file) => heapUses(file, readFileSync(join(root, file), 'utf8')));
  assert.deepEqual(found, [], `outside ${OWNER}, these lines touch the heap (use core.run's scope or core.handle):\n${found.join('\n')}`);
  assert.ok(heapUses(OWNER, readFileSync(join(root, OWNER), 'utf8')).length > 0, `${OWNER} itself should own the heap`);
});

test('the scan sees each way of touching the heap, and names the file and line', () => {
  const source = [
    'const ok = 1;',
    'new Float32Array(core.memory.buffer, p, n);',
    'const p = x.malloc(16);',
    'core.exports.free(p);',
    'const { memory } = core; memory .buffer;',
    'heap.free("tokens"); ours.free(); // a handle\'s and a benchmark\'s own free',
  ].join('\n');
  assert.deepEqual(heapUses('web/x.js', source).map((line) => line.split(': ').slice(0, 2).join(': ')), [
    'web/x.js:2: reads memory.buffer',
    'web/x.js:3: calls malloc',
    'web/x.js:4: calls free',
    'web/x.js:5: reads memory.buffer',
  ]);
});
