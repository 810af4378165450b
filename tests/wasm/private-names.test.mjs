// private-names.test.mjs — the core's names say what is public (c/include/attn.h, "Names"):
// every symbol the core's objects define for the linker is declared in attn.h (attn_…) or
// carries the private prefix attn__; a private header in c/src/ declares nothing with the public
// prefix. Reads the native memcheck library (build/obj/memcheck/libattn.a, no sanitizers).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** C source without comments, so a name in prose does not count. */
const codeOnly = (source) => source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');

const header = codeOnly(readFileSync(`${root}c/include/attn.h`, 'utf8'));
const publicNames = new Set(header.match(/\battn_\w+(?=\s*\()/g));

/** The names a private header introduces: functions, macros, types and constants. */
export function declaredNames(source) {
  const code = codeOnly(source);
  const names = [
    ...code.matchAll(/#define\s+(\w+)/g),
    ...code.matchAll(/\b(\w+)\s*\([^;{)]*\)\s*[;{]/g),
    ...code.matchAll(/\btypedef\b[^;]*?\b(\w+)\s*(?:\)\s*\([^;]*)?;/g),
    ...code.matchAll(/\bstatic\s+const\s+\w+\s+(\w+)\s*=/g),
  ].map((match) => match[1]);
  return [...new Set(names)];
}

/** Names that claim the public prefix without being in attn.h. */
export function misnamed(names, isPublic) {
  return names.filter((name) => /^(attn|ATTN)_(?!_)/.test(name) && !isPublic(name));
}

test('every symbol the core defines for the linker is public (in attn.h) or starts with attn__', () => {
  const nm = spawnSync('nm', ['-g', '--defined-only', `${root}build/obj/memcheck/libattn.a`], { encoding: 'utf8' });
  assert.equal(nm.status, 0, `nm failed (run bash build.sh --test first): ${nm.stderr}`);
  const symbols = nm.stdout.split('\n').map((line) => line.trim().split(/\s+/)).filter((f) => f.length === 3).map((f) => f[2]);
  assert.ok(symbols.length > 80, `expected the core's symbols, found ${symbols.length}`);
  const wrong = symbols.filter((name) => !publicNames.has(name) && !name.startsWith('attn__'));
  assert.deepEqual(wrong, [], `defined but neither declared in attn.h nor named attn__…: ${wrong.join(', ')}`);
});

test('no private header in c/src/ declares a name with the public prefix', () => {
  const isPublic = (name) => publicNames.has(name) || new RegExp(`\\b${name}\\b`).test(header);
  const found = readdirSync(`${root}c/src`).filter((file) => file.endsWith('.h')).flatMap((file) =>
    misnamed(declaredNames(readFileSync(`${root}c/src/${file}`, 'utf8')), isPublic).map((name) => `${file}: ${name}`));
  assert.deepEqual(found, []);
});

test('the check finds public-looking names, and only those', () => {
  const source = '#define ATTN_X 1\n#define ATTN__Y 2\nstatic inline int attn_f(int a) { return a; }\n'
    + 'int attn__g(void);\ntypedef void (*attn_h)(int);\nstatic const double attn_k = 1;\n/* attn_z( */';
  assert.deepEqual(misnamed(declaredNames(source), (name) => name === 'attn_f').sort(), ['ATTN_X', 'attn_h', 'attn_k']);
});
