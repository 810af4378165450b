// pack.test.mjs — the package an author installs: `npm pack` holds the built lab (the embed
// bundle, both WebAssembly cores, the workers, the shipped model, the manifest, the types, the
// service worker) with its README, its guides and element reference (docs/), changelog and licence, and nothing of the benchmark or the
// sources; installed into an empty project with the network off, it imports in node and its
// API computes the chapter's §6.2 numbers; its version is package.json's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { packAndInstall, root } from './packed.mjs';

const ownPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
let packed;

before(() => { packed = packAndInstall(); });
after(() => { if (packed) rmSync(packed.folder, { recursive: true, force: true }); });

test('the tarball holds the built lab, its tools\' files, README, docs, changelog and licence', () => {
  const files = new Set(packed.files);
  for (const file of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'docs/authors.md', 'docs/api.md',
    'docs/elements/README.md', 'docs/elements/attn-stepper.md', 'docs/images/lab.png', 'dist/attention-lab.js', 'dist/index.html',
    'dist/embed.html', 'dist/embed-resize.js', 'dist/attention-lab-sw.js', 'dist/custom-elements.json',
    'dist/html-custom-data.json', 'dist/types/attention-lab.d.ts', 'dist/types/api.d.ts', 'dist/THIRD-PARTY-LICENSES.txt',
    'dist/examples/course.html']) {
    assert.ok(files.has(file), `the tarball has ${file}`);
  }
  const has = (pattern, what) => assert.ok(packed.files.some((file) => pattern.test(file)), `the tarball has ${what}`);
  has(/^dist\/assets\/attn-[\w-]+\.wasm$/, 'the single-thread core');
  has(/^dist\/assets\/attn-mt-[\w-]+\.wasm$/, 'the threaded core');
  has(/^dist\/assets\/train-worker-[\w-]+\.js$/, 'the training worker');
  has(/^dist\/assets\/learner-worker-[\w-]+\.js$/, 'the learner\'s worker');
  has(/^dist\/assets\/default-small-[\w-]+\.attnlab$/, 'the shipped model');
  const unwanted = packed.files.filter((file) => /ort-wasm|onnx|tfjs|bench|\.build-stamp|^web\/|^c\/|^tests\/|^scripts\/|^node_modules\//.test(file));
  assert.deepEqual(unwanted, [], 'nothing of the benchmark or the sources');
  assert.ok(packed.size < 4_000_000, `the tarball is ${packed.size} bytes (under 4 MB)`);
});

test('the installed package has no dependencies and says what it is', () => {
  const installed = JSON.parse(readFileSync(join(packed.installed, 'package.json'), 'utf8'));
  assert.equal(installed.version, ownPackage.version);
  assert.equal(installed.license, 'MIT');
  assert.deepEqual(installed.dependencies ?? {}, {});
  assert.equal(installed.customElements, './dist/custom-elements.json');
  assert.ok(existsSync(join(packed.installed, installed.customElements)));
  assert.ok(existsSync(join(packed.installed, installed.types)));
  assert.match(readFileSync(join(packed.installed, 'LICENSE'), 'utf8'), /^MIT License/);
  assert.match(readFileSync(join(packed.installed, 'CHANGELOG.md'), 'utf8'), new RegExp(`^## ${ownPackage.version.replace(/\./g, '\\.')}$`, 'm'));
});

test('imported by name in node, the package computes the chapter’s §6.2 numbers', () => {
  // The author's own script, in the new project: the import goes through the package's exports.
  writeFileSync(join(packed.project, 'check.mjs'), `
    import { loadAttn, version, WIDGETS, AttnError } from 'attention-lab';
    import manifest from 'attention-lab/custom-elements.json' with { type: 'json' };
    const attn = await loadAttn();
    // §6.2: q1 = [3, 3], q2 = [1, −1], k1 = [−3, −3], k2 = [1, −1], v1 = [0, −1], v2 = [1, 2].
    const r = attn.attention({ q: [3, 3, 1, -1], k: [-3, -3, 1, -1], v: [0, -1, 1, 2], n: 2, m: 2, dk: 2, dv: 2, mask: 'causal' });
    let refused = null;
    try { attn.attention({ q: [1], k: [1], v: [1], n: 2, m: 1, dk: 1, dv: 1 }); } catch (error) { refused = error instanceof AttnError ? error.message : 'not an AttnError'; }
    console.log(JSON.stringify({ version, widgets: WIDGETS.map((w) => w.name), scores: [...r.scores], weights: [...r.weights], out: [...r.out], refused,
      elements: manifest.modules[0].declarations.map((d) => d.tagName) }));
  `);
  const result = JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: packed.project, encoding: 'utf8' }));
  assert.equal(result.version, ownPackage.version);
  assert.deepEqual(result.elements, result.widgets.map((name) => `attn-${name}`));
  assert.deepEqual(result.scores, [-18, 0, 0, 2]);
  // Row 2: softmax(0, 2/√2): weights 1/(1 + e^√2) and e^√2/(1 + e^√2) — the chapter's 0.196 and 0.804.
  const w = 1 / (1 + Math.exp(Math.SQRT2));
  const expected = [1, 0, w, 1 - w];
  result.weights.forEach((x, i) => assert.ok(Math.abs(x - expected[i]) < 1e-6, `weight ${i}: ${x} against ${expected[i]}`));
  const out = [0, -1, 1 - w, -w + 2 * (1 - w)];
  result.out.forEach((x, i) => assert.ok(Math.abs(x - out[i]) < 1e-6, `output ${i}: ${x} against ${out[i]}`));
  assert.equal(result.refused, 'q must hold n·dk = 2 numbers, but it holds 1.');
});

test('TypeScript in the author’s project finds the types through the package’s exports', () => {
  for (const file of ['use-every-function.ts', 'mistakes.ts']) copyFileSync(join(root, 'types/example', file), join(packed.project, file));
  writeFileSync(join(packed.project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom', 'dom.iterable'], types: [] },
    files: ['use-every-function.ts', 'mistakes.ts'],
  }));
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: packed.project, encoding: 'utf8' });
  } catch (error) {
    assert.fail(`tsc in the author's project found errors:\n${error.stdout}${error.stderr}`);
  }
});

/** Bytes of every file under `folder`. */
function folderBytes(folder) {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile()).reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

test('the authors’ guide’s size of the folder an author self-hosts is the installed dist/’s, within 10%', () => {
  const guide = readFileSync(join(root, 'docs/authors.md'), 'utf8');
  const stated = /that folder is the whole\s+lab, about ([\d.]+) MB\./.exec(guide);
  assert.ok(stated, 'docs/authors.md says how large the folder is ("that folder is the whole lab, about N MB.")');
  const megabytes = folderBytes(join(packed.installed, 'dist')) / 1e6;
  assert.ok(Math.abs(megabytes - Number(stated[1])) <= 0.1 * megabytes, `docs/authors.md says about ${stated[1]} MB; the folder is ${megabytes.toFixed(2)} MB`);
});

test('the shipped scripts name the package’s own files only where an author’s bundler rewrites them', () => {
  // A course author's bundler (Vite, Rollup, webpack) renames every chunk of the package, and
  // rewrites the names in imports and in new URL(…, import.meta.url), but not in a plain string.
  // Vite's preload helper kept such strings (__vite__mapDeps: the chunks a dynamic import needs),
  // so a bundled page asked for assets/attn-check-*.js, widget-base-*.js, … that did not exist.
  const dist = join(packed.installed, 'dist');
  const scripts = packed.files.filter((file) => /^dist\/.*\.js$/.test(file) && file !== 'dist/attention-lab-sw.js'); // the service worker lists the folder's files to cache, served as is
  const assets = readdirSync(join(dist, 'assets'));
  assert.ok(scripts.length > 20 && assets.length > 20, `${scripts.length} scripts, ${assets.length} assets`);
  const rewritten = /(?:from\s*|import\s*\(?\s*|new URL\(\s*)["'`](?:\.\/|\.\.\/)*(?:assets\/)?$/;
  for (const file of scripts) {
    const text = readFileSync(join(packed.installed, file), 'utf8');
    assert.ok(!text.includes('__vite__mapDeps'), `${file} holds Vite's list of chunk names (__vite__mapDeps)`);
    for (const asset of assets) {
      for (let at = text.indexOf(asset); at >= 0; at = text.indexOf(asset, at + 1)) {
        const before = text.slice(Math.max(0, at - 40), at);
        assert.match(before, rewritten, `${file} names ${asset} outside an import or new URL(): …${before}${asset}…`);
      }
    }
  }
});
