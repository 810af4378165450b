// size-report.mjs — after `vite build`, prints the gzipped size of what a course page downloads
// for `<script type="module" src="…/attention-lab.js">`: the entry, every chunk it imports
// statically, and the WebAssembly core. Chunks loaded only on demand (Chart.js, workers, a
// widget's optional parts such as the editor) are listed apart and not counted. Exits 1 when the
// counted total is over the budget (300 KB gzipped; BUDGET_KB overrides). A page fetches one
// WebAssembly core: attn.wasm, or attn-mt.wasm on a cross-origin-isolated page (lib/attn.js), so
// the larger of the two is counted and the other listed beside it.
//   node scripts/size-report.mjs [dist]

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url)));
const budget = Number(process.env.BUDGET_KB ?? 300) * 1000;
const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1).padStart(7)} KB`;

/** Relative module specifiers a chunk imports statically (import … from "./x.js", import "./x.js"). */
function staticImports(file) {
  const code = readFileSync(file, 'utf8');
  const found = new Set();
  for (const match of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*$,{}\s]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    found.add(resolve(dirname(file), match[1]));
  }
  return [...found];
}

/** Assets a chunk refers to by file name (the .wasm the core fetches relative to its module). */
function wasmReferences(file) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/([\w.-]+\.wasm)/g)].map((m) => join(dist, 'assets', m[1])).filter((path) => existsSync(path));
}

const entry = join(dist, 'attention-lab.js');
const counted = new Set();
const queue = [entry];
while (queue.length) {
  const file = queue.pop();
  if (counted.has(file)) continue;
  counted.add(file);
  queue.push(...staticImports(file));
}
const cores = new Set();
for (const file of counted) for (const wasm of wasmReferences(file)) cores.add(wasm);
const [fetchedCore, ...otherCores] = [...cores].sort((a, b) => gz(b) - gz(a));
if (fetchedCore) counted.add(fetchedCore);

const allFiles = readdirSync(join(dist, 'assets')).map((name) => join(dist, 'assets', name))
  .filter((file) => /\.(js|wasm)$/.test(file) && statSync(file).isFile());
const onDemand = allFiles.filter((file) => !counted.has(file) && !otherCores.includes(file));

let total = 0;
console.log(`Size report (gzip -9) for ${relative(process.cwd(), dist) || '.'}/attention-lab.js`);
console.log('  counted: the entry, its static imports and the larger WebAssembly core (a page fetches one)');
for (const file of [...counted].sort()) {
  const size = gz(file);
  total += size;
  console.log(`  ${kb(size)}  ${relative(dist, file)}`);
}
console.log(`  ${kb(total)}  total (budget ${kb(budget).trim()})`);
for (const file of otherCores) console.log(`  ${kb(gz(file))}  ${relative(dist, file)}  (the other core: fetched instead of the one counted, never with it)`);
console.log('  not counted: loaded only when needed (Chart.js, workers, optional parts) or pages\' own scripts:');
for (const file of onDemand.sort()) console.log(`  ${kb(gz(file))}  ${relative(dist, file)}`);

if (total > budget) {
  console.error(`The embed bundle and WebAssembly core are ${kb(total).trim()} gzipped, over the ${kb(budget).trim()} budget.`);
  process.exit(1);
}
