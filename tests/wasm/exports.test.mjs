// exports.test.mjs — the page's core exports what the page uses, and nothing only tests need.
// c/exports.txt lists the functions web/ calls; c/exports-test.txt the public functions only
// tests call through WebAssembly, exported by the test build alone (build/wasm/attn-test.wasm).
// Checked here against the sources (web/ and tests/) and against the three built cores.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exportedNames } from './helpers.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pageNames = exportedNames(readFileSync(`${root}c/exports.txt`, 'utf8'));
const testNames = exportedNames(readFileSync(`${root}c/exports-test.txt`, 'utf8'));

/** Every file under `dir` whose name ends with one of `extensions`, recursively, skipping `skip`. */
function files(dir, extensions, skip = []) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (skip.includes(entry.name)) return [];
    if (entry.isDirectory()) return files(path, extensions, skip);
    return extensions.some((ext) => entry.name.endsWith(ext)) ? [path] : [];
  });
}

/** Names of `names` that appear as a whole word nowhere in `sources`. */
export function unused(names, sources) {
  const text = sources.join('\n');
  return names.filter((name) => !new RegExp(`\\b${name}\\b`).test(text));
}

const read = (paths) => paths.map((path) => readFileSync(path, 'utf8'));
const webSources = read(files(`${root}web`, ['.js', '.mjs', '.html'], ['generated']));
const testSources = read([
  ...files(`${root}tests/c`, ['.c', '.h']),
  ...files(`${root}tests/fuzz`, ['.c', '.h'], ['regressions', 'seeds']),
  ...files(`${root}tests/wasm`, ['.mjs', '.c', '.h']).filter((path) => !path.endsWith('/exports.test.mjs')),
]);

/** The functions a compiled core exports. */
function wasmExports(path) {
  return new Set(WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(`${root}${path}`)))
    .filter((e) => e.kind === 'function').map((e) => e.name));
}

test('every export of the page\'s core is used by the page (web/)', () => {
  assert.ok(pageNames.length > 50, `expected the export list, found ${pageNames.length} names`);
  const notUsed = unused(pageNames, webSources);
  assert.deepEqual(notUsed, [], `exported to the page but used nowhere in web/ (move them to c/exports-test.txt): ${notUsed.join(', ')}`);
});

test('every test-only export is used by a test and by no page, and is in one list only', () => {
  assert.ok(testNames.length > 0);
  assert.deepEqual(unused(testNames, testSources), [], 'test-only exports no test calls');
  const inWeb = testNames.filter((name) => !unused([name], webSources).length);
  assert.deepEqual(inWeb, [], `the page uses these: move them to c/exports.txt: ${inWeb.join(', ')}`);
  assert.deepEqual(testNames.filter((name) => pageNames.includes(name)), [], 'in both lists');
  assert.equal(new Set([...pageNames, ...testNames]).size, pageNames.length + testNames.length, 'a name listed twice');
});

test('the page\'s cores export exactly the page\'s list; the test build adds the test-only list', () => {
  for (const path of ['web/generated/attn.wasm', 'web/generated/attn-mt.wasm']) {
    const exported = wasmExports(path);
    assert.deepEqual(pageNames.filter((name) => !exported.has(name)), [], `${path} lacks these`);
    const extra = [...exported].filter((name) => name.startsWith('attn_') && !pageNames.includes(name));
    assert.deepEqual(extra, [], `${path} exports functions the page does not use`);
  }
  const testBuild = wasmExports('build/wasm/attn-test.wasm');
  assert.deepEqual([...pageNames, ...testNames].filter((name) => !testBuild.has(name)), [], 'the test build lacks these');
});

test('the check sees whole names only', () => {
  assert.deepEqual(unused(['attn_a', 'attn_ab', 'attn_c'], ['x.attn_a(1); attn_abc(); // attn_c']), ['attn_ab']);
});
