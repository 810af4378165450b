// import-cycles.test.mjs — the import graph of the page, the bench and the scripts: no module
// imports itself back through others, by a static `import … from` or a dynamic `import(…)` (a
// cycle makes the order in which modules run depend on which one a page loads first), and no
// module of the bench or the page imports from tests/ (what both need lives in reference/ or
// web/). Relative specifiers are resolved against the importing file; bare ones (packages) are
// outside the graph.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The relative modules `source` imports, statically or dynamically. */
export function importsOf(source) {
  const found = new Set();
  const patterns = [/\bimport\s[^'"`;]*?from\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g,
    /\bexport\s[^'"`;]*?from\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) if (match[1].startsWith('.')) found.add(match[1]);
  return [...found];
}

/** Every cycle of the graph { file: [files it imports] }, each as file → … → file. */
export function cycles(graph) {
  const found = [], state = new Map(), stack = [];
  const visit = (file) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph[file] ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of Object.keys(graph).sort()) if (!state.has(file)) visit(file);
  return found;
}

test('cycles() finds a cycle through a dynamic import and none in a chain', () => {
  assert.deepEqual(importsOf("import { a } from './a.js';\nconst b = () => import('./b.js');\nimport 'pkg';"), ['./a.js', './b.js']);
  assert.deepEqual(cycles({ 'a.js': ['b.js'], 'b.js': ['a.js'] }), ['a.js → b.js → a.js']);
  assert.deepEqual(cycles({ 'a.js': ['b.js'], 'b.js': ['c.js'], 'c.js': [] }), []);
});

/** { file: [the files it imports] } for every tracked module of web/, bench/ and scripts/. */
function importGraph() {
  const files = execFileSync('git', ['ls-files', 'web', 'bench', 'scripts'], { cwd: root, encoding: 'utf8' })
    .split('\n').filter((file) => /\.m?js$/.test(file));
  const graph = {};
  for (const file of files) {
    graph[file] = importsOf(readFileSync(join(root, file), 'utf8')).map((specifier) => normalize(join(dirname(file), specifier)));
  }
  return graph;
}

test('no module imports itself back (web/, bench/, scripts/)', () => {
  const graph = importGraph();
  assert.ok(Object.keys(graph).length > 100, `read ${Object.keys(graph).length} modules`);
  assert.deepEqual(cycles(graph), []);
});

test('nothing of the bench or the page imports from tests/', () => {
  const graph = importGraph();
  const intoTests = Object.entries(graph).filter(([file]) => /^(bench|web)\//.test(file))
    .flatMap(([file, imports]) => imports.filter((target) => target.startsWith('tests/')).map((target) => `${file} → ${target}`));
  assert.deepEqual(intoTests, []);
});
